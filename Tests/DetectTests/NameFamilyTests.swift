import RedactCore
import XCTest

@testable import Detect

/// Names found through a family or a register (session 10): members named
/// by a surname the page knows, `Surname, Given` lists, person-role column
/// headers.
final class NameFamilyTests: XCTestCase {
    func names(_ text: String, region: String = "UK") -> [String] { texts(text, .name, region: region) }

    func testFamilyMembersInATableShareTheKnownSurname() {
        let text = """
            Ms OLUWASEUN BRANNIGAN-OKAFOR
            14 Harbour Row

            Dear Ms Brannigan-Okafor

            | Pupil | Year | Fee |
            |---|---|---|
            | Chidubem Eilonwy Okafor | 8 | £120.00 |
            | Nkemdirim Okafor | 5 | £95.00 |

            """
        let found = names(text)
        XCTAssertTrue(found.contains("Chidubem Eilonwy Okafor"), "\(found)")
        XCTAssertTrue(found.contains("Nkemdirim Okafor"), "\(found)")
    }

    func testFamilyMemberAfterTheSurnameAndAComma() {
        let text = "Claimant: Mr Torquil Abernethy-Snape\n\n| Dependant | Age |\n|---|---|\n| Abernethy, Ottoline | 9 |\n"
        XCTAssertTrue(names(text).contains("Abernethy, Ottoline"), "\(names(text))")
    }

    func testAFirmWithAPersonsSurnameIsNoFamily() {
        let text = "Dear Mr Quarrington,\nyour account Tobias Quarrington.\n\nQuarrington Haulage Ltd, Unit 4\n"
        XCTAssertFalse(names(text).contains { $0.contains("Haulage") }, "\(names(text))")
    }

    func testGermanNounBeforeAKnownSurnameIsNoGivenName() {
        // German capitalises nouns: only a listed given name, or a table cell holding the name alone.
        let text = "Sehr geehrter Herr Brammertz,\nder Auftrag ging an Fliesen Brammertz – Meisterbetrieb, und die Rechnung folgt.\n"
        XCTAssertFalse(names(text, region: "DE").contains { $0.contains("Fliesen") }, "\(names(text, region: "DE"))")
        XCTAssertFalse(names(text, region: "DE").contains { $0.contains("Meisterbetrieb") })
    }

    func testParticlesOfTwoWordsAndInCapitals() {
        XCTAssertEqual(names("Occupant:   Femke van den Hoogeveen\n", region: "US"), ["Femke van den Hoogeveen"])
        XCTAssertEqual(names("Name:            MAARTEN VAN DER STEEG\n", region: "US"), ["MAARTEN VAN DER STEEG"])
        XCTAssertEqual(names("Anmeldung durch Frau Ottilie von der Aue, Kiel\n"), ["Ottilie von der Aue"])
    }

    func testNicknameInQuotesInsideAName() {
        XCTAssertEqual(names("Witness:  Bartholomew \"Bart\" Quennell, 555 0100\n", region: "US"), ["Bartholomew \"Bart\" Quennell"])
        XCTAssertEqual(names("Name:   AUGUSTINE \"GUS\" FAIRWEATHER\n", region: "US"), ["AUGUSTINE \"GUS\" FAIRWEATHER"])
    }

    func testPersonRoleColumnHeaders() {
        let text = """
            | Child | Date of birth | Weekly rate |
            |---|---|---|
            | Oisín Adaeze Trelawney | 04/03/2012 | £26.05 |
            | Chukwudi Trelawney | 11/09/2016 | £17.25 |

            """
        XCTAssertEqual(names(text), ["Oisín Adaeze Trelawney", "Chukwudi Trelawney"])
        // A role word opening a compound is no header: a clinical score.
        XCTAssertEqual(names("Befund: Leberzirrhose Child-Pugh B\n"), [])
    }

    func testPartiesOfADeedByNumberAndRole() {
        let text = "made between (1) Ambrose Leonard Pilkington (Vendor) and\n(2) Herbert Crankshaw and Edith Crankshaw (Purchasers).\n"
        let found = names(text)
        XCTAssertTrue(found.contains("Ambrose Leonard Pilkington"), "\(found)")
        XCTAssertTrue(found.contains("Herbert Crankshaw"), "\(found)")
        XCTAssertTrue(found.contains("Edith Crankshaw"), "\(found)")
        XCTAssertEqual(names("Board:  Wilhelmina Quartey (President), Obinna Eze (Treasurer)\n", region: "US"),
                       ["Wilhelmina Quartey", "Obinna Eze"])
    }

    func testGermanJobWordsBeforeAName() {
        XCTAssertEqual(names("zugestellt durch Zusteller Mehmet Aksoy, Zustellbasis 1100.\n"), ["Mehmet Aksoy"])
        XCTAssertEqual(names("| Zwischenverdienst Gasthaus Krone, Inh. Laurent Vuilleumier | -1'120.00 |\n"), ["Laurent Vuilleumier"])
        XCTAssertEqual(names("Zusteller K. Petersen (Deutsche Post, Zustellbezirk 7)\n"), ["K. Petersen"])
        XCTAssertEqual(names("Obergerichtsvollzieherin Wiebke Carstensen-Kowalczyk\n"), ["Wiebke Carstensen-Kowalczyk"])
        XCTAssertEqual(names("Minijob (Arbeitgeber Holger Brinkmann, Einzelunternehmen), 520 € monatlich\n"), ["Holger Brinkmann"])
    }

    func testEnglishJobInApposition() {
        XCTAssertEqual(names("A re-inspection by our field inspector, Keoni Palakiko, on October 21, found it.\n", region: "US"),
                       ["Keoni Palakiko"])
        // Between commas, but not a name: capitals or nouns.
        XCTAssertEqual(names("Write to the manager, Customer Relations, at the address above.\n", region: "US"), [])
    }

    func testRegisterEntriesJoinedByUnd() {
        XCTAssertEqual(names("Nr. 812 (Eigentümer: Brunner, Erwin und Brunner-Widmer, Heidi, je zur Hälfte)\n"),
                       ["Brunner, Erwin", "Brunner-Widmer, Heidi"])
    }

    func testADoubleSurnameAloneAfterAGermanParticipleAndVon() {
        XCTAssertEqual(names("Erstellt am 3.2.2025, geprüft von Wendt-Okonkwo am 06.02.2025.\n", region: "DE"), ["Wendt-Okonkwo"])
        XCTAssertEqual(names("Die Akte wurde von Amts wegen geprüft.\n", region: "DE"), [])
    }

    func testTwoListedGivenNamesAndAnUnlistedSurname() {
        XCTAssertEqual(names("in favour of Margaret Anne Quillinane and Colin Quillinane as owners\n"),
                       ["Margaret Anne Quillinane", "Colin Quillinane"])
        // Not before a capitalised word that goes on.
        XCTAssertFalse(names("in favour of Margaret Anne Quillinane Holdings as owners\n").contains("Margaret Anne Quillinane"))
    }
}
