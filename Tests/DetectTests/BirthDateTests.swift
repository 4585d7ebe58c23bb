import RedactCore
import XCTest

@testable import Detect

final class BirthDateTests: XCTestCase {
    func births(_ text: String) -> [String] { texts(text, .dateOfBirth) }

    func testLabelsAndFormats() {
        XCTAssertEqual(births("Geburtsdatum: 12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("geb. 3.7.81"), ["3.7.81"])
        XCTAssertEqual(births("geboren am 12. März 1980 in Köln"), ["12. März 1980"])
        XCTAssertEqual(births("Date of birth: 03/12/1980"), ["03/12/1980"])
        XCTAssertEqual(births("DOB 1980-03-12"), ["1980-03-12"])
        XCTAssertEqual(births("born March 12, 1980"), ["March 12, 1980"])
        XCTAssertEqual(births("born on 12 March 1980"), ["12 March 1980"])
        XCTAssertEqual(births("born on the 12th of March 1980"), ["12th of March 1980"])
        XCTAssertEqual(births("Geb.-Datum 01.02.1975"), ["01.02.1975"])
        XCTAssertEqual(births("Geburtsdatum (TT.MM.JJJJ): 24.12.1999"), ["24.12.1999"])
        XCTAssertEqual(births("* 12.03.1980 in Hamburg"), ["12.03.1980"])
        XCTAssertEqual(births("Geburtsdatum: 12. 03. 1980"), ["12. 03. 1980"])
    }

    func testOCRDamage() {
        XCTAssertEqual(births("Geburtsdatum:12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("Geburts-datum 12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("Geburtsdatum: l2.O3.198O"), ["l2.O3.198O"])
        XCTAssertEqual(births("Geburtsdatum: 12.OB.1980"), [])
        XCTAssertEqual(births("Geburtsdatum\n12.03.1980"), ["12.03.1980"])
        let table = """
            Name            Geburtsdatum    Ort
            Lea Brandt      05.11.2001      Kiel
            """
        XCTAssertEqual(births(table), ["05.11.2001"])
    }

    func testTagDerGeburt() {
        XCTAssertEqual(births("Tag der Geburt:   21.06.1979"), ["21.06.1979"])
    }

    func testOtherDatesAreNot() {
        XCTAssertEqual(births("Rechnung vom 12.03.2024, fällig am 30.04.2024"), [])
        XCTAssertEqual(births("Datum: 14.05.2024"), [])
        XCTAssertEqual(births("Geburtsdatum:      Ausstellungsdatum: 12.03.2020"), [])
        XCTAssertEqual(births("Geburtsdatum: 31.13.1980"), [])  // no 13th month
        XCTAssertEqual(births("Geburtsdatum: 12.03.1980.5"), [])
        XCTAssertEqual(births("geb. Müller"), [])
        XCTAssertEqual(births("Summe* 12.03"), [])
    }

    func testKind() {
        XCTAssertEqual(detections("Geburtsdatum: 12.03.1980", .dateOfBirth).map(\.kind), ["label Geburtsdatum"])
        XCTAssertEqual(detections("Geburtsdatum: 12.03.1980", .dateOfBirth).map(\.reason), [.context])
    }

    func testNumberedFieldQuestionAndList() {
        XCTAssertEqual(births("2. Given names\nJANE\n3. Date and place of birth\n02.05.1990 UNITED KINGDOM"), ["02.05.1990"])
        XCTAssertEqual(births("Dependent: Sam Example, ITIN 900-70-0000, date of birth\n04/18/2015"), ["04/18/2015"])
        XCTAssertEqual(births("Agent: can you confirm your full name and date of birth?\nCustomer: Jane Example, 02/05/1990"),
                       ["02/05/1990"])
        XCTAssertEqual(births("Our dates\nof birth are 2 May 1990 (mine) and 9 June 1988 (his)."), ["2 May 1990", "9 June 1988"])
        XCTAssertEqual(births("Kinder: Lea (02.05.2014), Tim (09.06.2016)"), ["02.05.2014", "09.06.2016"])
        XCTAssertEqual(births("Geschlecht Staatsangehörigkeit Geburtsdatum\nW   DEU   02.05.1990"), ["02.05.1990"])
    }

    func testNoDateBelowASentence() {
        // A label ending a sentence is no column header.
        XCTAssertEqual(births("One hit dismissed: different name and date of birth.\n\nReviewed by J. Example, 11/06/2024 14:31"), [])
        XCTAssertEqual(births("Rechnung vom 01.02.2024 (fällig 15.02.2024) und 01.03.2024"), [])
    }

    func testMachineReadableZone() {
        // ID card (TD1): the second line opens with the birth date and its check digit.
        XCTAssertEqual(births("IDD<<T220001293<<<<<<<<<<<<<<<\n6408125<2010315D<<<<<<<<<<<<<4\nMUSTERMANN<<ERIKA<<<<<<<<<<<<<"), ["640812"])
        // A wrong check digit: no date.
        XCTAssertEqual(births("6408126<2010315D<<<<<<<<<<<<<4"), [])
    }

    func testMonthByNameBetweenSeparators() {
        XCTAssertEqual(births("Date of birth:    14-Mar-1962"), ["14-Mar-1962"])
        XCTAssertEqual(births("DOB 07/Jun/88"), ["07/Jun/88"])
        XCTAssertEqual(births("Seen on 14-Mar-2024"), [])
        XCTAssertEqual(births("Date of birth: 31-Foo-1962"), [])
    }

    func testMonthFirstDateWrapped() {
        XCTAssertEqual(births("Dependent: Sam Example, date of birth March\n3, 2011"), ["March\n3, 2011"])
        XCTAssertEqual(births("Dependent: Sam Example, date of birth March\n\n3, 2011"), [])
    }

    func testChildrenBelowTheirLabelAndWrapped() {
        XCTAssertEqual(births("Kinder:\nLea (02.05.2014), Tim (09.06.2016)"), ["02.05.2014", "09.06.2016"])
        XCTAssertEqual(births("Kinder: Lea (02.05.2014), Tim\n(09.06.2016)"), ["02.05.2014", "09.06.2016"])
        // A later line that is not the list's end is not read.
        XCTAssertEqual(births("Kinder: Lea (02.05.2014)\nTermin (09.06.2016)"), ["02.05.2014"])
    }
}

final class MonthFirstWithDashesTests: XCTestCase {
    func testAUSDateOfBirthWrittenWithDashes() {
        XCTAssertEqual(texts("Date of birth\n11-19-1982", .dateOfBirth, region: "US"), ["11-19-1982"])
        XCTAssertEqual(texts("DOB: 04-27-1979", .dateOfBirth, region: "US"), ["04-27-1979"])
        XCTAssertEqual(texts("DOB: 13-13-1979", .dateOfBirth, region: "US"), [])
    }
}

final class BirthDateSession8Tests: XCTestCase {
    func dates(_ text: String) -> [String] { texts(text, .dateOfBirth) }

    func testAChildNamedAfterItsRelationWordWithTheDateInBrackets() {
        XCTAssertEqual(dates("Liebe Frau Beispiel, Ihr Sohn Jonas (03.02.2021) ist ab Mai berücksichtigt."), ["03.02.2021"])
        XCTAssertEqual(texts("We have added your daughter Maisie (14/09/2019) to the policy.", .dateOfBirth, region: "GB"),
                       ["14/09/2019"])
        // A bracket that is no date stays a bracket.
        XCTAssertEqual(dates("Ihre Tochter Lena (Klasse 4) ist krank."), [])
    }

    func testADateRightAfterANameInARecordYearsBeforeThePagesDates() {
        let text = "The export held student name, date of birth and candidate number.\n"
            + "One row read: candidate 1234, Oliver Example,\n2009-05-17. The school wrote to parents on 3 March 2025;\n"
            + "the letter was signed by the head, Dr Amelia Example, 3 March 2025."
        XCTAssertEqual(texts(text, .dateOfBirth, region: "GB"), ["2009-05-17"])
        // A date of the page's own time after a name is a meeting's, a letter's.
        XCTAssertEqual(texts("Minutes taken by Oliver Example, 2019-05-17. Next meeting on 2019-06-20.", .dateOfBirth, region: "GB"), [])
    }
}

final class RowLabelTests: XCTestCase {
    func testATableOnItsSideGivesEveryCellOfARowItsLabel() {
        let table = "| | Person 1 | Person 2 |\n|---|---|---|\n| Name | Beispiel | Beispiel Muster |\n"
            + "| Vorname | Jonas | Marlene |\n| Geburtsdatum | 03.07.1979 | 9.12.1981 |\n| Beruf | Schreiner | Lehrerin |\n"
        XCTAssertEqual(texts(table, .dateOfBirth), ["03.07.1979", "9.12.1981"])
        XCTAssertTrue(texts(table, .name).contains("Marlene"))
        XCTAssertFalse(texts(table, .name).contains("Lehrerin"))
    }

    func testAHeaderRowOrARowOfPairsIsNoTableOnItsSide() {
        // A header row over ordinary rows: the label heads its column only.
        let header = "| Name | Geburtsdatum | Ort |\n| Jonas Beispiel | 03.07.1979 | Kassel |\n"
        XCTAssertEqual(texts(header, .dateOfBirth), ["03.07.1979"])
        // Label/value pairs in one row: the value after the next label is that label's.
        let pairs = "Vorname\tJonas\tGeburtsdatum\t03.07.1979\nName\tBeispiel\tTelefon\t0561 000000\n"
        XCTAssertEqual(texts(pairs, .dateOfBirth), ["03.07.1979"])
    }
}

final class RuleScrapsTests: XCTestCase {
    func testAPipeRuleReadByOCRUnderAHeaderDoesNotEndTheColumn() {
        let table = "| Kind | Geburtsdatum | Versicherungsnummer |\nI-11\n| Jonas Beispiel | 03.07.2012 | 1234 030712 |\n"
        XCTAssertEqual(texts(table, .dateOfBirth), ["03.07.2012"])
    }

    func testADateInBracketsAfterAName() {
        // Dependants listed with their dates of birth; a signature's date is the letter's own year.
        let text = "Date: 14 October 2025\nChildren: Anna Berg (03.03.2017), Tom Lang (2020-11-19)\nSigned: Anna Berg (14.10.2025)\n"
        XCTAssertEqual(found(text, region: "GB").filter { $0.category == .dateOfBirth }.map(\.text), ["03.03.2017", "2020-11-19"])
    }

    func testASidewaysRowWhoseLabelIsQualified() {
        // One column per person; the label says more in its own cell.
        let text = "Name on ID\tTimo van der Bergh\tNgoc Lan Tran\nDocument\tPassport C4417028\tPassport C5520917\n"
            + "Date of birth on ID\t08/19/1986\t02.03.1990\nSSN entered\t395-09-4176\t421-55-0913\n"
        XCTAssertEqual(texts(text, .dateOfBirth, region: "US"), ["08/19/1986", "02.03.1990"])
    }
}

/// What a form takes after a birth label; dates in brackets after a name; dates wrapped apart.
final class BirthDateFormTests: XCTestCase {
    func births(_ text: String) -> [String] { texts(text, .dateOfBirth) }

    func testDatesAFormTakesAfterABirthLabel() {
        XCTAssertEqual(births("Date of birth      19  06  1951   (DD MM YYYY)\nGender   F"), ["19  06  1951"])
        XCTAssertEqual(births("Defendant's date of birth, if known: 09/1981 (month and year only)"), ["09/1981"])
        XCTAssertEqual(births("Geburtsdatum: 03.1981"), ["03.1981"])
        XCTAssertEqual(births("Date of birth: March 1981"), ["March 1981"])
        XCTAssertEqual(births("Date of birth\nMarch 1981"), ["March 1981"])
        XCTAssertEqual(births("Letter of March 1981"), [])
        // A bare `geb.` dates a pet on a vet's bill as often: a month and year there are not taken.
        XCTAssertEqual(births("Patient: \"Pepe\", Kater, EKH, getigert, kastriert, geb. 04/2016"), [])
        // Without a birth label, numbers in boxes and a month with its year are no date of birth.
        XCTAssertEqual(births("Invoice date 19 06 2025, valid until 09/2027"), [])
        XCTAssertEqual(births("Date of birth: 19 13 1951"), [])
        XCTAssertEqual(births("Date of birth: 09/1981/2"), [])
    }

    func testDateInBracketsAfterNameShapedWords() {
        XCTAssertEqual(births("Nicht zu berücksichtigen: Luca Lo Presti (2005-01-20), seit 01.08.2025 in Ausbildung."),
                       ["2005-01-20"])
        XCTAssertEqual(births("Heirat am 12.09.2025 mit\nSónia Patrícia Faria (1984-03-08, erwerbstätig bei Spital Grabs)"),
                       ["1984-03-08"])
        // The page's own dates: a signature's, a contract's start.
        XCTAssertEqual(births("Signed 14.10.2025: Anna Maria Beispiel (14.10.2025)"), [])
        XCTAssertEqual(births("Vertrag vom 01.10.2025 mit Anna Maria Beispiel (2022-03-01, Beginn der Laufzeit)"), [])
        XCTAssertEqual(births("Stand 2025: Stadtwerke Musterstadt GmbH (1998-01-01)"), [])
    }

    func testMonthAndYearWrappedApart() {
        XCTAssertEqual(births("Purchasers: Callum Example (d.o.b. 14/02/1989) and Ayesha Example (d.o.b. 2 October\n1990)"),
                       ["14/02/1989", "2 October\n1990"])
        XCTAssertEqual(births("Purchasers: Ayesha Example (d.o.b. 2\nOctober 1990)"), ["2\nOctober 1990"])
        XCTAssertEqual(births("Defendant's date of birth, if known:\n09/1981 (month and year only)"), ["09/1981"])
        XCTAssertEqual(births("Nicht zu berücksichtigen: Luca Lo Presti\n(2005-01-20), seit 01.08.2025 in Ausbildung."), ["2005-01-20"])
    }
}

