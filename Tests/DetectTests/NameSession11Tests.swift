import RedactCore
import XCTest

@testable import Detect

/// Names found by position in session 11: particles opening a surname or
/// before an initial, a surname with initials, role acronyms and staff
/// compounds before a name, `bei` in an address block, a person with a date
/// in brackets, initials signing a note, a table of people whose rows open
/// with a title, and a partner wrapped onto the next line.
final class NameSession11Tests: XCTestCase {
    func names(_ text: String, region: String = "DE") -> [String] { texts(text, .name, region: region) }

    func testParticlesOpenASurnameAndStandBeforeAnInitial() {
        XCTAssertEqual(names("Surname            DA SILVA PEREIRA\n", region: "UK"), ["DA SILVA PEREIRA"])
        XCTAssertEqual(names("Surname: de la Fuente Ortega\n", region: "UK"), ["de la Fuente Ortega"])
        XCTAssertEqual(names("Signed: M. de F. da Silva Pereira      Date: 04/10/2025\n", region: "UK"), ["M. de F. da Silva Pereira"])
        // A particle is a word of its own elsewhere.
        XCTAssertEqual(names("Die Unterlagen sind da. Bitte melden Sie sich.\n"), [])
        XCTAssertEqual(names("Surname            DA\n", region: "UK"), [])
    }

    func testACapitalsSurnameWithInitials() {
        XCTAssertEqual(names("Applicant ID A219447805 — NGUYEN, T.M.H. — DOB 1990-11-04\n", region: "US"), ["NGUYEN, T.M.H."])
        XCTAssertEqual(names("Payee: OKAFOR, J. A.\n", region: "US"), ["OKAFOR, J. A."])
        // A place, and a word no list holds as a surname.
        XCTAssertEqual(names("WASHINGTON, D.C. 20529\n", region: "US"), [])
        XCTAssertEqual(names("Office: WASHINGTON, D.C.\n", region: "US"), [])
        XCTAssertEqual(names("See: APPENDIX, A.B.\n", region: "US"), [])
    }

    func testARoleAcronymOrAStaffCompoundBeforeAName() {
        XCTAssertEqual(names("New patient health check booked with HCA Ravinder Kaur Bhamra on 26/11/2025, 10:20\n", region: "UK"),
                       ["Ravinder Kaur Bhamra"])
        XCTAssertEqual(names("| 13.11.2025 | Stapler ohne Sichtprüfung übernommen | Sicherheitsfachkraft Wiebke Ahlers |\n"),
                       ["Wiebke Ahlers"])
        XCTAssertEqual(names("Please ring the GP Practice Manager on Monday.\n", region: "UK"), [])
        XCTAssertEqual(names("Die Fachkraft Lagerlogistik wird gesucht.\n"), [])
        XCTAssertEqual(names("Die Arbeitskraft Heizung ist ausgefallen.\n"), [])
    }

    func testBeiInAnAddressBlockIsTheHousehold() {
        XCTAssertEqual(names("Herrn\nDariusz Zieliński\nbei Okonjo\nRickmersstraße 58\n27568 Bremerhaven\n"),
                       ["Dariusz Zieliński", "Okonjo"])
        XCTAssertEqual(names("Herrn\nDariusz Zieliński\nbei Nordsee Logistik GmbH\nRickmersstraße 58\n27568 Bremerhaven\n"),
                       ["Dariusz Zieliński"])
    }

    func testAPersonWithADateInBrackets() {
        XCTAssertEqual(names("Nicht zu berücksichtigen: Luca Lo Presti (2005-01-20), seit 01.08.2025 in Leipzig\n"),
                       ["Luca Lo Presti"])
        XCTAssertEqual(names("Heirat am 12.09.2025 mit\nSónia Patrícia Faria (1984-03-08, erwerbstätig in Grabs)\n"),
                       ["Sónia Patrícia Faria"])
        // Nouns and firms before a date are no one.
        XCTAssertEqual(names("Siehe Bescheid Finanzamt Köln (12.03.2024).\n"), [])
        XCTAssertEqual(names("Anlage: Annual Review (2025-01-20)\n", region: "UK"), [])
        XCTAssertEqual(names("Anlage: Kontoauszug Sparkasse (01.02.2025)\n"), [])
    }

    func testInitialsSigningANote() {
        XCTAssertEqual(names("Restzahlung: 9.350,00 EUR am 24.10.2025 gutgeschrieben. – E. Y.\n"), ["E. Y."])
        XCTAssertEqual(names("Der Betrag ist bezahlt. – Seite 2\n"), [])
        XCTAssertEqual(names("Vgl. Anlage 3. – E.\n"), [])
    }

    func testATableOfPeopleWhoseFirstRowOpensWithATitle() {
        let table = """
            | Name | Role | Practice / hospital | Telephone | Last seen |
            |---|---|---|---|---|
            | Dr Oyelaran Adebisi | GP | Broughton Astley Surgery | 01455 282 105 | 02/09/2025 |
            | Harjit Sandhu | Respiratory nurse | Glenfield Hospital | 0116 258 3612 | 18/07/2025 |

            """
        XCTAssertEqual(names(table, region: "UK"), ["Oyelaran Adebisi", "Harjit Sandhu"])
    }

    func testAGivenNameThatIsAlsoAWordBeforeAnotherGivenName() {
        XCTAssertEqual(names("Co-owner on title: ___________   Héctor Manuel de la Garza Ruiz     Date: 10/06/2025\n", region: "US"),
                       ["Héctor Manuel de la Garza Ruiz"])
        XCTAssertEqual(names("Héctor M. de la Garza Ruiz and Oluwaseun Bankole.\n", region: "US"),
                       ["Héctor M. de la Garza Ruiz", "Oluwaseun Bankole"])
    }

    func testAPartnerWrappedOntoTheNextLine() {
        XCTAssertEqual(names("Sellers: namely Alasdair Urquhart and Fenella\nUrquhart-Bain, the executors\n", region: "UK"),
                       ["Alasdair Urquhart", "Fenella", "Urquhart-Bain"])
        XCTAssertEqual(names("Sellers: namely Alasdair Urquhart and Partners\nUrquhart Road is closed\n", region: "UK"),
                       ["Alasdair Urquhart"])
    }
}

final class NameSession11SignatureTests: XCTestCase {
    func names(_ text: String, region: String = "DE") -> [String] { texts(text, .name, region: region) }

    func testInitialsWrappedFromTheirSurname() {
        XCTAssertEqual(names("A. Estimate no. 2025-041 signed by K.\nOsei-Mensah\nB. Copy of cancelled check\n", region: "US"),
                       ["K.", "Osei-Mensah"])
        XCTAssertEqual(names("Filed: 07/15/2025 10:42 AM │ Clerk: D.\nOkafor-Lindqvist │ Fee paid: $39.00\n", region: "US"),
                       ["D.", "Okafor-Lindqvist"])
        // A numbered heading and the next section are no one.
        XCTAssertEqual(names("Siehe Anhang: B.\nRechnungsprüfung und Abschluss\n"), [])
        XCTAssertEqual(names("3. Abschnitt A.\nAllgemeine Bedingungen gelten\n"), [])
    }

    func testInitialsAndASurnameAfterADate() {
        XCTAssertEqual(names("Datum, Unterschrift: Wien, 01.12.2025, I. Schwarzenberger-Hödl\n"), ["I. Schwarzenberger-Hödl"])
        XCTAssertEqual(names("Vom Arbeitgeber übernommen am 08.01.2024, K. Rüdisser (Lohnverrechnung)\n"), ["K. Rüdisser"])
        XCTAssertEqual(names("Stand 01.12.2025, S. Anhang beachten\n"), [])
    }
}

final class NameSession11WrapTests: XCTestCase {
    func names(_ text: String, region: String = "DE") -> [String] { texts(text, .name, region: region) }

    func testASalutationAndATitleEndingTheLine() {
        XCTAssertEqual(names("Eine Bescheinigung Ihrer Ärztin, Frau Dr.\nHalima Benali, konnten Sie nicht geben.\n"), ["Halima Benali"])
        XCTAssertEqual(names("Wie mit Herrn Dr.\nMüller besprochen, senden wir\n"), ["Müller"])
        XCTAssertEqual(names("Termin bei Frau Dr.\n\nBitte bringen Sie Ihre Karte mit.\n"), [])
        XCTAssertEqual(names("Claim details for Dr.\nMariusz Kowalczyk\n(Mailing address: 412 S Center St)\n", region: "US"),
                       ["Mariusz Kowalczyk"])
        XCTAssertEqual(names("Please see your Dr.\nPractice Manager about this.\n", region: "US"), [])
    }

    func testBeiInItsOwnCell() {
        XCTAssertEqual(names("Herrn\nDariusz Zieliński\nbei\tOkonjo\nRickmersstraße 58\n27568 Bremerhaven\n"),
                       ["Dariusz Zieliński", "Okonjo"])
    }

    func testABirthNameInTheNextCell() {
        XCTAssertEqual(names("Hoffmann geb.\tSchäfer, Ursula, geb. am 21.01.1958\n"), ["Schäfer", "Ursula"])
        // A header row: `geb.` heads a column of dates.
        XCTAssertEqual(names("Kind\tgeb.\tSchule\nLeon\t03.03.2015\tGrundschule\n"), ["Leon"])
    }

    func testARegistersEntryAfterAFieldsColon() {
        XCTAssertEqual(names("- Austritt: Brunner-Cavelti, Marco (10198), 31.10.2025, neue Adresse\n"), ["Brunner-Cavelti, Marco"])
        // A place, a noun or a firm before the comma is no surname.
        XCTAssertEqual(names("Arbeitsort: Zürich, Marco übernimmt\n"), [])
        XCTAssertEqual(names("Betreff: Rechnung, Anna (Kopie)\n"), [])
        XCTAssertEqual(names("Lieferant: Müller GmbH, Anna (Vertrieb)\n"), [])
    }
}
