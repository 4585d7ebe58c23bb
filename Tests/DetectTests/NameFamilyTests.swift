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
}
