import RedactCore
import XCTest

@testable import Detect

/// Context detection on the text the page model writes: words one space
/// apart, cells joined by a tab, every line ending in a newline, a blank line
/// between blocks, a form feed between pages; and the same documents in the
/// corpus's pipe-table form.
final class LayoutContextTests: XCTestCase {
    func names(_ text: String) -> [String] { texts(text, .name) }
    func births(_ text: String) -> [String] { texts(text, .dateOfBirth) }
    func addresses(_ text: String) -> [String] { texts(text, .address) }

    func cells(_ text: String) -> [[Int16]] {
        let s = scalars(text)
        return s.withUnsafeBufferPointer { b in
            let ts = TokenStream(b)
            return (0..<ts.lineCount).map { l in ts.line(l).map { ts.tokens[$0].cell } }
        }
    }

    // MARK: tokenizer

    func testEveryTabAndBarIsACellBreak() {
        XCTAssertEqual(cells("a\tb\t\tc\n\td\n| e | | f |\n|  | g |\nh  i"), [[0, 1, 3], [1], [0, 2], [1], [0, 1]])
    }

    func testFormFeedMarksThePage() {
        let s = scalars("a\n\u{0C}b\nc")
        s.withUnsafeBufferPointer { b in
            let ts = TokenStream(b)
            XCTAssertEqual(ts.tokens.map { $0.has(.pageBefore) }, [false, true, false])
        }
    }

    func testLabelsDoNotRunAcrossCells() {
        // `Name⇥Vorname` are two headers, not the label `Name Vorname`.
        XCTAssertEqual(names("Name\tVorname\tGeburtsdatum\nQUAST\tTOBIAS\t12.08.1983\n"), ["QUAST", "TOBIAS"])
    }

    // MARK: names in prose

    func testGivenNameAndSurnameInProse() {
        XCTAssertEqual(names("the account belonging to Jane Roe was used\n"), ["Jane Roe"])
        XCTAssertEqual(names("the tenant, John Q. Public, agrees to pay the rent\n"), ["John Q. Public"])
        XCTAssertEqual(names("I met John Q. Public yesterday.\n"), ["John Q. Public"])
        XCTAssertEqual(names("das Konto von Jana Vogt wurde belastet\n"), ["Jana Vogt"])
        XCTAssertEqual(names("signed by Priya Raman on 3 May 2024\n"), ["Priya Raman"])
        XCTAssertEqual(names("This agreement is made between Mary K. Whitfield and the landlord.\n"), ["Mary K. Whitfield"])
    }

    func testProseWithoutPeopleStaysPlain() {
        let text = """
            We use Microsoft Teams and Google Maps daily. Victoria Station is closed and Jordan Street is long.
            Meet at the Florence Nightingale Hospital or the Charlotte Street Hotel; Georgia Tech alumni welcome.
            heute hat Peter Geburtstag.
            Paul J. Bank and Partners
            """
        XCTAssertEqual(names(text), [])
    }

    func testPairsStayInTheirCell() {
        XCTAssertEqual(names("Mit freundlichen Grüßen\tMit freundlichen Grüßen\n\nJana Vogt\tKarl Ostermeier\n"),
                       ["Jana Vogt", "Karl Ostermeier"])
    }

    func testHeaderWithAQualifier() {
        let text = "Legal last name\tLegal first name\tPreferred name\nSandoval Ibarra\tMateo\tTeo\n"
        XCTAssertEqual(names(text), ["Sandoval Ibarra", "Mateo", "Teo"])
    }

    // MARK: capitals below a label (ID cards)

    func testCapitalsBelowALabel() {
        XCTAssertEqual(names("SURNAME\nPUBLIC\nGIVEN NAMES\nJOHN QUINCY\n"), ["PUBLIC", "JOHN QUINCY"])
        XCTAssertEqual(names("Name\nMUSTERMANN\nVornamen\nERIKA\n"), ["MUSTERMANN", "ERIKA"])
        XCTAssertEqual(names("SURNAME\tGIVEN NAMES\nPUBLIC\tJOHN QUINCY\n"), ["PUBLIC", "JOHN QUINCY"])
        XCTAssertEqual(names("Nachname\nOELTJEN\nVornamen\nKASIMIR\n"), ["OELTJEN", "KASIMIR"])
        // Capitals that fill a field without naming anyone, and lower case, stay plain.
        XCTAssertEqual(names("Surname\nNONE\n"), [])
        XCTAssertEqual(names("Name\nBüromaterial\n"), [])
    }

    // MARK: dates of birth

    func testBirthDateFormatsAfterEveryLabel() {
        let dates = ["July 1, 1978", "1 July 1978", "07/03/1998", "03.07.1998", "1998-07-03", "03 JUL 1998",
                     "12. August 1983", "12.8.83"]
        let labels = ["DOB", "Date of birth", "born", "geb.", "Geburtsdatum", "Geb.-Datum"]
        for label in labels {
            for date in dates {
                XCTAssertEqual(births("\(label) \(date)\n"), [date], "\(label) \(date)")
                XCTAssertEqual(births("\(label):\t\(date)\n"), [date], "\(label) cell \(date)")
                XCTAssertEqual(births("\(label)\n\(date)\n"), [date], "\(label) below \(date)")
            }
        }
        XCTAssertEqual(births("Name\tJohn Public\tDate of birth\t07/03/1998\tPlace of birth\tLONDON\n"), ["07/03/1998"])
    }

    func testOtherDatesStayPlain() {
        XCTAssertEqual(births("Datum\t03.07.1998\nFällig am 12. August 1983\nIssued 1 July 1978\n"), [])
        XCTAssertEqual(births("Date\tAmount\n03.07.1998\t12,00\n1998-07-04\t3,00\n"), [])
    }

    func testBirthDateColumn() {
        let tabs = "Name\tDate of birth\tCity\nAnna Berg\t03.07.1998\tKiel\nTom Lang\t12.08.1983\tBonn\nOle Sand\t1 July 1978\tUlm\n"
        XCTAssertEqual(births(tabs), ["03.07.1998", "12.08.1983", "1 July 1978"])
        let pipes = """
            | Name      | Geb.-Datum | Eintritt   |
            |-----------|------------|------------|
            | Anna Berg | 03.07.1998 | 01.02.2020 |
            | Tom Lang  | 12.8.83    | 01.03.2021 |
            """
        XCTAssertEqual(births(pipes), ["03.07.1998", "12.8.83"])
        let dob = "Pos\tName\tDOB\tSeit\n1\tAnna Berg\t1998-07-03\t2020-01-01\n2\tTom Lang\t07/03/1998\t2021-03-01\n"
        XCTAssertEqual(births(dob), ["1998-07-03", "07/03/1998"])
        let german = "Mitglied\tGeburtsdatum\tEintritt\nAnna Berg\t12. August 1983\t01.02.2020\nTom Lang\t03 JUL 1998\t01.03.2021\n"
        XCTAssertEqual(births(german), ["12. August 1983", "03 JUL 1998"])
        // The other date columns stay plain.
        XCTAssertEqual(births("Name\tEintritt\nAnna Berg\t03.07.1998\n"), [])
        // A photographed rule under the header: its bars read as `H`, `1`, `11`.
        for rule in ["H--H---11\u{2014}1", "1:11: 1:11:12]", "|--|--|"] {
            XCTAssertEqual(births("Nr.\tGeb.-Datum\tEintritt\n\(rule)\n000218\t07.03.1991\t15.02.2019\n"), ["07.03.1991"], rule)
        }
        // A line of words under the header still ends the table.
        XCTAssertEqual(births("Nr.\tGeb.-Datum\tEintritt\nHinweise zur Abrechnung\n000218\t07.03.1991\t15.02.2019\n"), [])
    }

    func testBirthDateColumnOverAPageBreak() {
        let text = """
            Pos\tName\tDOB
            1\tAnna Berg\t03.07.1998
            2\tTom Lang\t07/03/1998

            Seite 1 von 2
            \u{0C}Mitgliederliste (Fortsetzung)

            3\tOle Sand\t1998-07-03
            4\tJana Vogt\t03 JUL 1998

            Stand: 01.06.2024

            """
        XCTAssertEqual(births(text), ["03.07.1998", "07/03/1998", "1998-07-03", "03 JUL 1998"])
        // A new page with a table of its own is not the old table's.
        let other = """
            Pos\tName\tDOB
            1\tAnna Berg\t03.07.1998

            \u{0C}Pos\tVorgang\tDatum
            3\tUmzug\t01.06.2024

            """
        XCTAssertEqual(births(other), ["03.07.1998"])
    }

    // MARK: name columns

    func testNameColumnsInTabForm() {
        let employees = "Mitarbeiter\tAbteilung\tEintritt\nKasimir Oeltjen\tEinkauf\t01.02.2020\nMarisol Quiroga\tVertrieb\t01.03.2021\n"
        XCTAssertEqual(names(employees), ["Kasimir Oeltjen", "Marisol Quiroga"])
        let tickets = "Ticket\tAssigned to\tStatus\n4711\tKasimir Oeltjen\topen\n4712\tMarisol Quiroga\tclosed\n"
        XCTAssertEqual(names(tickets), ["Kasimir Oeltjen", "Marisol Quiroga"])
        let patients = "Termin\tPatient\tRaum\n09:00\tKasimir Oeltjen\t2\n09:30\tMarisol Quiroga\t3\n"
        XCTAssertEqual(names(patients), ["Kasimir Oeltjen", "Marisol Quiroga"])
        // Payers and payees are companies too: a column of them needs listed names.
        let pipes = """
            | Datum  | Auftraggeber/Empfänger | Betrag |
            |--------|------------------------|--------|
            | 01.03. | Jana Vogt              | -12,00 |
            | 02.03. | Marisol Quiroga        |  40,00 |
            | 03.03. | Vietnam Airlines       |  -9,00 |
            | 04.03. | Tobias Quast           |  -9,00 |
            """
        XCTAssertEqual(names(pipes), ["Jana Vogt", "Marisol Quiroga", "Tobias Quast"])
    }

    func testNameColumnOverAPageBreak() {
        let text = """
            Datum\tAuftraggeber/Empfänger\tBetrag
            01.03.\tJana Vogt\t-12,00
            02.03.\tTobias Quast\t40,00

            Seite 1 von 2
            \u{0C}Kontoauszug 3/2024, Seite 2

            03.03.\tMarisol Quiroga\t-5,00
            04.03.\tAnna Lindqvist\t7,00

            Summe\t30,00

            """
        XCTAssertEqual(names(text), ["Jana Vogt", "Tobias Quast", "Marisol Quiroga", "Anna Lindqvist"])
        let pipes = """
            | Datum  | Mitarbeiter       | Betrag |
            |--------|-------------------|--------|
            | 01.03. | Kasimir Oeltjen   | -12,00 |
            \u{0C}| 03.03. | Ragnhild Oeltjen | -5,00 |
            | 04.03. | Balthasar Quiroga | 7,00 |
            """
        XCTAssertEqual(names(pipes), ["Kasimir Oeltjen", "Ragnhild Oeltjen", "Balthasar Quiroga"])
        // A new table on the next page has columns of its own.
        let other = """
            Datum\tMitarbeiter\tBetrag
            01.03.\tKasimir Oeltjen\t-12,00

            \u{0C}Datum\tArtikel\tBetrag
            03.03.\tGarten Schere\t-5,00

            """
        XCTAssertEqual(names(other), ["Kasimir Oeltjen"])
    }

    // MARK: upper-case letters

    func testUpperCaseRecipientBlocks() {
        let us = "JOHN Q PUBLIC\n1234 ELM STREET APT 5\nSPRINGFIELD, IL 62701\n"
        XCTAssertEqual(found(us, [.name, .address]).map(\.description),
                       ["name:JOHN Q PUBLIC", "address:1234 ELM STREET APT 5", "address:SPRINGFIELD, IL 62701"])
        let uk = "MRS ANITA DESAI\nFLAT 3, 27 CROMWELL ROAD\nLONDON SW7 2HR\n"
        XCTAssertEqual(found(uk, [.name, .address]).map(\.description),
                       ["name:ANITA DESAI", "address:FLAT 3, 27 CROMWELL ROAD", "address:LONDON SW7 2HR"])
        // Beside the sender's block.
        let beside = "ACME Corp\t\tJOHN Q PUBLIC\nPO Box 100\t\t1234 ELM STREET APT 5\nChicago, IL 60601\t\tSPRINGFIELD, IL 62701\n"
        XCTAssertEqual(found(beside, [.name, .address]).map(\.description),
                       ["name:JOHN Q PUBLIC", "address:1234 ELM STREET APT 5", "address:SPRINGFIELD, IL 62701"])
    }

    // MARK: blocks in columns

    func testAddressBlockInTheRightColumn() {
        let text = "Finanzamt Musterstadt\tErika Mustermann\nPostfach 12 34\tHauptstraße 5\n12345 Musterstadt\t12345 Musterstadt\n"
        XCTAssertEqual(found(text, [.name, .address]).map(\.description),
                       ["name:Erika Mustermann", "address:Hauptstraße 5", "address:12345 Musterstadt"])
        let s = scalars(text)
        let address = Detector(config: DetectorConfig(enabled: [.address])).detect(s).map(\.range)
        // The right column's postcode line, not the tax office's.
        XCTAssertEqual(address.last?.lowerBound, text.unicodeScalars.count - 18)
    }

    func testAddressBlockInTheLeftColumn() {
        let text = "Erika Mustermann\tFinanzamt Musterstadt\nHauptstraße 5\tPostfach 12 34\n12345 Musterstadt\t12345 Musterstadt\n"
        XCTAssertEqual(found(text, [.name, .address]).map(\.description),
                       ["name:Erika Mustermann", "address:Hauptstraße 5", "address:12345 Musterstadt"])
    }

    func testSalutationAndBlockInALaterColumn() {
        let text = "Musterbank AG\tHerrn\nBankweg 1\tMax Quandt\n10115 Berlin\tLindenallee 4\n\t04109 Leipzig\n"
        XCTAssertEqual(found(text, [.name, .address]).map(\.description),
                       ["name:Max Quandt", "address:Lindenallee 4", "address:04109 Leipzig"])
    }

    func testSignaturesSideBySide() {
        let text = "Mit freundlichen Grüßen\tMit freundlichen Grüßen aus Köln\n\nKasimir Oeltjen\tMarisol Quiroga\n"
        XCTAssertEqual(names(text), ["Kasimir Oeltjen", "Marisol Quiroga"])
        XCTAssertEqual(names("Kind regards\t\tYours sincerely\n\n\t\tMarisol Quiroga\n"), ["Marisol Quiroga"])
    }

    func testTableRowIsNoStreet() {
        // `09:30 Ole Quandtmeyer Dr.` across cells is no "30 … Drive".
        let text = "Termin\tPatient\tArzt\n09:00\tKasimir Oeltjen\tDr. Weber\n09:30\tMarisol Quiroga\tDr. Weber\n"
        XCTAssertEqual(addresses(text), [])
        XCTAssertEqual(names(text), ["Kasimir Oeltjen", "Weber", "Marisol Quiroga", "Weber"])
    }

    func testALabelInsideAHeaderCellThatItsColonEnds() {
        // A letter's reference block: captions in one row, values under them.
        let text = "Bei Antwort bitte Aktenzeichen angeben:\tBearbeiterin:\tDatum:\nKLN3-S-24 55120/1\tIngrid Wallner\t04.11.2025\n"
        XCTAssertEqual(texts(text, .reference), ["KLN3-S-24 55120/1"])
        XCTAssertEqual(names(text), ["Ingrid Wallner"])
        // Not a sentence that asks for a number and goes on below.
        XCTAssertEqual(texts("Bitte geben Sie Ihre Kundennummer an:\nWir danken Ihnen.\n", .reference), [])
    }

    func testALabelledValueInACellDoesNotEndItsColumn() {
        // A cell that opens with a label and goes on with its value is a row's
        // entry, not the next table's header: the rows below it stay in the column.
        let text = """
            Gläubiger\tArt\tVertragsnummer\tDatum
            Nordbank AG\tGirokonto\t3391 207 114\t02.05.2016
            Funknetz GmbH\tMobilfunk\tKundenkonto 5512 0937 448\t11.03.2022
            Versandhaus KG\tRahmenkredit\tVK 6620 1893 07\t21.09.2023

            """
        XCTAssertEqual(texts(text, .reference), ["3391 207 114", "5512 0937 448", "VK 6620 1893 07"])
        // A cell of label words only is still the next table's header.
        let next = "Gläubiger\tVertragsnummer\nNordbank AG\t3391 207 114\nBetreff\tDatum\nUmzug\t4711\n"
        XCTAssertEqual(texts(next, .reference), ["3391 207 114"])
    }

    func testARowOfWordsEndsAColumnOfNumbers() {
        // A form's next row of captions under a column of numbers heads what follows.
        let text = "Nachname\tVorname\tVersicherungsnummer\nKaragöz\tElif\t3318 120885\nWohnanschrift\t\tTelefon\nLindengasse 4, 6850 Dornbirn\t\t0650 / 41 27 903\n"
        XCTAssertFalse(texts(text, .reference, region: "AT").contains { $0.contains("0650") })
    }
}
