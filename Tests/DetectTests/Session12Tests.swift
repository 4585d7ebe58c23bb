import RedactCore
import XCTest

@testable import Detect

/// Session 12: the last digits a US form leaves of a number, a form's value
/// below its label written surname first, the showing of an ID document
/// (`Vorlage seines Reisepasses Nr. …`), and Polish and Czech addresses.
final class Session12Tests: XCTestCase {
    func testLastDigitsAfterTheirLabelAndUnderTheirHeader() {
        XCTAssertEqual(texts("Debtor 1 – last 4 digits of SSN: 3318        Debtor 2 – last 4 digits of SSN: 0462\n", .reference, region: "US"),
                       ["3318", "0462"])
        let table = """
            | No. | Creditor | Last 4 of acct | Incurred | Type |
            |---|---|---|---|---|
            | 4.1 | Capital One Bank (USA), N.A. | 5512 | 2019–2025 | Credit card |
            | 4.2 | Discover Bank | 7719 | 2018–2025 | Credit card |

            """
        XCTAssertEqual(texts(table, .reference, region: "US"), ["5512", "7719"])
        // A period is not a tail.
        XCTAssertEqual(texts("Over the last 4 years 2021 was the best.\n", .reference, region: "US"), [])
        XCTAssertEqual(texts("In den letzten 3 Jahren 2022 bis 2024 stieg die Miete.\n", .reference), [])
    }

    func testASurnameFirstValueFillingItsLineUnderItsLabel() {
        let form = "3. Name of Policyholder/Subscriber (Last, First, Middle Initial, Suffix)\nHynes, Declan P.\n6. Date of Birth\n"
        XCTAssertEqual(texts(form, .name, region: "US"), ["Hynes, Declan P."])
        XCTAssertEqual(texts("Versicherte Person:    Milosavljević, Dragan\n", .name), ["Milosavljević, Dragan"])
        // A greeting is not a surname; a value going on past the given name is no entry.
        XCTAssertEqual(texts("Thanks, Emma\n", .name, region: "UK").filter { $0.hasPrefix("Thanks") }, [])
        XCTAssertEqual(texts("Hamburg, Paul sagt ab und kommt morgen.\n", .name).filter { $0.hasPrefix("Hamburg") }, [])
    }

    func testTheNumberOfAnIDDocumentShownToANotary() {
        let text = "dessen Identität mir durch Vorlage seines tschechischen Reisepasses Nr. 42187756, ausgestellt am 03.02.2021, nachgewiesen wurde\n"
        XCTAssertEqual(texts(text, .reference), ["42187756"])
        // A template's number is no one's.
        XCTAssertEqual(texts("Bitte verwenden Sie die Vorlage Nr. 4471203 des Ministeriums.\n", .reference), [])
    }

    func testPolishAndCzechAddresses() {
        XCTAssertEqual(texts("beide wohnhaft in Údolní 48, 602 00 Brno, Tschechische Republik,\n", .address),
                       ["Údolní 48, 602 00 Brno, Tschechische Republik"])
        XCTAssertEqual(texts("Anschrift: ul. Ogrodowa 22/5\nPLZ: 65-462 Zielona Góra\nLand: PL\n", .address),
                       ["ul. Ogrodowa 22/5", "65-462 Zielona Góra"])
        // A range of counts is no postcode.
        XCTAssertEqual(texts("Es kamen 20-100 Besucher am Tag.\n", .address), [])
        XCTAssertEqual(texts("Bestellt wurden 250 12 Paletten.\n", .address), [])
    }
}

/// Roles and verbs that introduce a person in running text.
final class Session12RoleTests: XCTestCase {
    func testRolesAndVerbsBeforeAName() {
        XCTAssertEqual(texts("(Auskunftsperson Markus Zbinden, HR)\n", .name, region: "CH"), ["Markus Zbinden"])
        XCTAssertEqual(texts("Please forward the file to Lakeside Brokers, FAO Marcus Yeo\n", .name, region: "UK"), ["Marcus Yeo"])
        XCTAssertEqual(texts("The owners authorize Katerina Novakova, born April 3, 1994, to sign.\n", .name, region: "US"),
                       ["Katerina Novakova"])
        // A role before a thing is no one.
        XCTAssertEqual(texts("Die Kontaktperson Liste liegt bei.\n", .name), [])
        XCTAssertEqual(texts("We authorize Direct Debit payments.\n", .name, region: "UK"), [])
    }
}

/// A claim form's parties: capitals, numbered, a role in brackets, a house
/// with a name and no number.
final class Session12ClaimFormTests: XCTestCase {
    let form = """
        Claimant(s) name(s) and address(es) including postcode
        HELEN MARGARET ALDOUS
        THE OLD FORGE, CHURCH STREET
        LONG MELFORD
        SUDBURY
        CO10 9EH

        Defendant(s) name and address(es) including postcode
        1. OLUWADAMILARE AKINWANDE
           14 GAINSBOROUGH ROAD
           IPSWICH
           IP4 2UY
        2. CHLOE MAE FERRIS-QUINN
           FLAT 3, 88 NORWICH ROAD
           IPSWICH
           IP1 2NL
        3. DESMOND ANTHONY FERRIS (guarantor)
           5 WHITEHALL CLOSE
           IPSWICH
           IP4 1AB

        """

    func testNumberedPartiesAboveTheirAddresses() {
        XCTAssertEqual(texts(form, .name, region: "UK"),
                       ["HELEN MARGARET ALDOUS", "OLUWADAMILARE AKINWANDE", "CHLOE MAE FERRIS-QUINN", "DESMOND ANTHONY FERRIS"])
    }

    func testAHouseNameBeforeItsStreetAboveTwoTownLines() {
        let a = texts(form, .address, region: "UK")
        for line in ["THE OLD FORGE, CHURCH STREET", "LONG MELFORD", "SUDBURY", "CO10 9EH"] {
            XCTAssertTrue(a.contains(line), "\(line) not in \(a)")
        }
        // A heading and a list item are no house and street.
        XCTAssertEqual(texts("NOTES, PARK STREET\nThe meeting is on Monday.\n", .address, region: "UK"), [])
    }
}

/// Five digits after a number word, as one number.
final class Session12NumberWordTests: XCTestCase {
    func testFiveDigitsAfterANumberWord() {
        XCTAssertEqual(texts("Cook County Attorney No. 61884 · ARDC No. 6318472\n", .reference, region: "US"), ["61884", "6318472"])
        // A statement or report of the year, and a ZIP code after Idaho's code.
        XCTAssertEqual(texts("Kontoauszug Nr. 6/2024\n", .reference), [])
        XCTAssertEqual(texts("Gutachten Nr. 25/077 liegt bei.\n", .reference), [])
        XCTAssertEqual(texts("400 MAIN ST STE 200, BOISE ID 83702\n", .reference, region: "US"), [])
    }
}

/// Parties by their role, and surname-first names in capitals.
final class Session12PartyTests: XCTestCase {
    func testAPartyAfterItsRole() {
        XCTAssertEqual(texts("jointly, and the Second Defendant, Chloe Mae Ferris-Quinn (born 27 April 1999), jointly\n", .name, region: "UK"),
                       ["Chloe Mae Ferris-Quinn"])
        XCTAssertEqual(texts("| Obligee Adeyemi-Kowalczyk, Folasade T. | 593-53-5304 |\n| Child Kowalczyk, Ireoluwa Zofia | 228-02-4416 |\n",
                             .name, region: "US"),
                       ["Adeyemi-Kowalczyk, Folasade T.", "Kowalczyk, Ireoluwa Zofia"])
        XCTAssertEqual(texts("The Defendant Company Limited replied.\n", .name, region: "UK"), [])
    }

    func testASurnameFirstNameInCapitals() {
        XCTAssertEqual(texts("Name (last, first, middle)\nHYNES, TIAGO D.\n", .name, region: "US"), ["HYNES, TIAGO D."])
        XCTAssertEqual(texts("legal name (last, first, middle, suffix)\nOYELARAN-FITCH, ABIMBOLA MORENIKE\n", .name, region: "US"),
                       ["OYELARAN-FITCH, ABIMBOLA MORENIKE"])
        XCTAssertEqual(texts("NOTICE, PLEASE READ\n", .name, region: "US"), [])
    }
}

/// A birth date in brackets after its label, a two-word country after the
/// town, earlier plates.
final class Session12MoreTests: XCTestCase {
    func testABirthDateInBracketsAfterItsLabel() {
        XCTAssertEqual(texts("She will be added as an attainer with her date of birth (22.06.2008) shown on the register.\n", .dateOfBirth, region: "UK"),
                       ["22.06.2008"])
        XCTAssertEqual(texts("Date of birth (for the portal's check): 04/17/1979\n", .dateOfBirth, region: "US"), ["04/17/1979"])
    }

    func testATwoWordCountryAfterTheTown() {
        XCTAssertEqual(texts("beide wohnhaft in Údolní 48, 602 00 Brno, Tschechische Republik, erteilen\n", .address),
                       ["Údolní 48, 602 00 Brno, Tschechische Republik"])
    }

    func testPreviousPlates() {
        XCTAssertEqual(texts("Previous plates: UKR-4471 (retained by seller)\n", .licencePlate, region: "US"), ["UKR-4471"])
    }
}
