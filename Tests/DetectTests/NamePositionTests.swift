import RedactCore
import XCTest

@testable import Detect

/// Names introduced by their position in prose or on a form (session 9):
/// role compounds, degrees in lower case, `by` and initials, estates,
/// short name fields, greetings without `Dear`, numbered lists.
final class NamePositionTests: XCTestCase {
    func names(_ text: String, region: String = "DE") -> [String] { texts(text, .name, region: region) }

    func testGermanRoleCompoundBeforeAName() {
        XCTAssertEqual(names("Meldung durch Objektverwalterin Annegret Kössler\n"), ["Annegret Kössler"])
        XCTAssertEqual(names("Zur Kenntnis: Fahrzeughalter Gottfried Wimmerer\n"), ["Gottfried Wimmerer"])
        XCTAssertEqual(names("vertreten durch die Bereichsleiterin, Ingeborg Stallinger, Linz\n"), ["Ingeborg Stallinger"])
        // A role compound before an organisation or a plain noun is no one.
        XCTAssertEqual(names("Die Hausverwalterin Immobilien Gruber GmbH teilt mit\n"), [])
        XCTAssertEqual(names("Der Fahrzeughalter Nachweis liegt bei.\n"), [])
    }

    func testRoleThenCopula() {
        XCTAssertEqual(names("Your account representative is Marisol Wentworth, direct line below.\n", region: "US"),
                       ["Marisol Wentworth"])
        XCTAssertEqual(names("Ihre Sachbearbeiterin ist Hedwig Brandauer.\n"), ["Hedwig Brandauer"])
        XCTAssertEqual(names("The manager is responsible for the rota.\n", region: "US"), [])
        // A form puts the value in its own field; running text wraps.
        XCTAssertEqual(names("Your account representative is     Marisol Wentworth, direct line below.\n", region: "US"),
                       ["Marisol Wentworth"])
        XCTAssertEqual(names("Your account representative is\nMarisol Wentworth, direct line below.\n", region: "US"),
                       ["Marisol Wentworth"])
        XCTAssertEqual(names("Your account representative is Hannah\nQuillfeather, direct line below.\n", region: "US"),
                       ["Hannah", "Quillfeather"])
        XCTAssertEqual(names("although the log was signed by the driver,\nHannah Quillfeather. I was not told.\n", region: "UK"),
                       ["Hannah Quillfeather"])
    }

    func testLowerCaseDegreesBeforeAName() {
        XCTAssertEqual(names("Praxis Sonnhalde · med. vet. Gian-Reto Tschudin\n"), ["Gian-Reto Tschudin"])
        XCTAssertEqual(names("Überwiesen von: Kleintierpraxis, lic. iur. Urs Gadmer\n"), ["Urs Gadmer"])
        XCTAssertEqual(names("Die med. Versorgung ist gesichert.\n"), [])
        // Wrapped running text.
        XCTAssertEqual(names("Dr. med. vet. Ilaria Gadient · med. vet. Gian\nTschudin\nHauptgasse 3\n"),
                       ["Ilaria Gadient", "Gian", "Tschudin"])
        XCTAssertEqual(names("Überwiesen von: Kleintierpraxis Muttenz, med.\nvet. Reto Casutt\n"), ["Reto Casutt"])
    }

    func testInitialsAfterBy() {
        XCTAssertEqual(names("Call logged by T. Wexford - hold placed.\n", region: "US"), ["T. Wexford"])
        XCTAssertEqual(names("Received: 02/14/2025 by M. J. Corrigan      Notice sent\n", region: "US"), ["M. J. Corrigan"])
        XCTAssertEqual(names("Sent by U.S. Mail on 3 May.\n", region: "US"), [])
    }

    func testEstateOfADeceasedPerson() {
        XCTAssertEqual(names("The Estate of Edwin Lisle Parfitt deceased\n", region: "UK"), ["Edwin Lisle Parfitt"])
        XCTAssertEqual(names("re the estate of the late Nora Quillfeather, who died\n", region: "UK"), ["Nora Quillfeather"])
        XCTAssertEqual(names("Verlassenschaft nach Hermine Zöchbauer, verstorben am 3.4.2025\n"), ["Hermine Zöchbauer"])
        XCTAssertEqual(names("The real estate of Grand Harbour Holdings was sold.\n", region: "UK"), [])
        XCTAssertEqual(names("Re: The Estate of Edwin Lisle Parfitt Deceased\n", region: "UK"), ["Edwin Lisle Parfitt"])
        XCTAssertEqual(names("THE ESTATE OF EDWIN LISLE PARFITT DECEASED\n", region: "UK"), ["EDWIN LISLE PARFITT"])
        XCTAssertEqual(names("Deceased: Edwin Lisle Parfitt, born 9 May 1931\n", region: "UK"), ["Edwin Lisle Parfitt"])
    }

    func testShortNameFieldsOnALine() {
        XCTAssertEqual(names("Last name: Quennell-Abara     First: Ottilie     M.I.: R.\n", region: "US"),
                       ["Quennell-Abara", "Ottilie"])
        XCTAssertEqual(names("First: Class\n", region: "US"), [])
        // The values below their fields, or the line wrapped after the field.
        XCTAssertEqual(names("Last name:     First:     M.I.:\nQuennell-Abara     Ottilie     R.\n", region: "US"),
                       ["Quennell-Abara", "Ottilie"])
        XCTAssertEqual(names("Last name: Quennell-Abara     First:\nOttilie     M.I.: R.\n", region: "US"),
                       ["Quennell-Abara", "Ottilie"])
    }

    func testMaidenAndCompanyNameLabels() {
        XCTAssertEqual(names("Ledigname: Moreira dos Anjos       Geburtsort: Porto\n"), ["Moreira dos Anjos"])
        XCTAssertEqual(names("(C.1.1) Name oder Firmenname        Brandstätter-Öz\n"), ["Brandstätter-Öz"])
        XCTAssertEqual(names("(C.1.1) Name oder Firmenname        Autohaus Kranich GmbH\n"), [])
    }

    func testGreetingByGivenNameAlone() {
        let letter = "Attn: Accounts\n\nRe: Forms 1099\n\nMarguerite,\n\nWe filed the following forms.\n"
        XCTAssertEqual(names(letter, region: "US"), ["Marguerite"])
        XCTAssertEqual(names("Notes\n\nFrankly,\n\nWe disagree.\n", region: "US"), [])
    }

    func testNumberedListItemIntroducesAName() {
        XCTAssertEqual(names("References\n2. Leopold Fairweather, Manager, Bramble Lane Day Nursery - received 04/07/2025\n", region: "UK"),
                       ["Leopold Fairweather"])
        XCTAssertEqual(names("b) Ottilie Marchbanks, Kundenberaterin\n"), ["Ottilie Marchbanks"])
    }

    // Over-redaction seen on the development set, with invented words.

    func testRoleBeforeANameSaysNothingOfTheWordsBeforeTheComma() {
        XCTAssertEqual(names("Referral: physical therapy, Riverside Motion Physio, therapist Hannah Quillfeather, DPT\n", region: "US"),
                       ["Hannah Quillfeather"])
    }

    func testEmployerAfterARoleAndAComma() {
        XCTAssertEqual(names("Referee: Ottilie Marchbanks, Manager, Little Meadow Day Nursery, Leeds\n", region: "UK"),
                       ["Ottilie Marchbanks"])
    }

    func testMixedCaseAcronymInBracketsIsNoBirthName() {
        XCTAssertEqual(names("Line manager: Hannah Quillfeather (SENCo)\n", region: "UK"), ["Hannah Quillfeather"])
    }

    func testCountyOfficeIsNoPayee() {
        let table = """
            | Payee | Parcel | Due | Amount |
            |---|---|---|---|
            | Mercer County Tax Claim Bureau | 11-20-0001 | 03/2026 | $900.00 |
            | Hannah Quillfeather | 11-20-0002 | 04/2026 | $120.00 |

            """
        XCTAssertEqual(names(table, region: "US"), ["Hannah Quillfeather"])
    }

    func testLicenceFieldHoldsAFewWordsNotASentence() {
        let text = """
            Documents seen: passport, driving licence
            References
            1. Dr Hannah Quillfeather, Programme Leader, BA Media Studies, Northgate University -
               received 02/07/2025

            """
        XCTAssertEqual(names(text, region: "UK"), ["Hannah Quillfeather"])
    }
}
