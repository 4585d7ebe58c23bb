import XCTest
@testable import Detect

final class NameRedactionTests: XCTestCase {
    let m = TermMatcher([TermPattern(text: "Mustermann", substring: false),
                         TermPattern(text: "Müller-Lüdenscheidt", substring: false),
                         TermPattern(text: "4711", substring: true)])

    func testReplacesWholeWordTermsInNames() {
        XCTAssertEqual(m.redactName("Befund_Mustermann_2024.pdf"), "Befund_REDACTED_2024.pdf")
        XCTAssertEqual(m.redactName("MUSTERMANN.pdf"), "REDACTED.pdf")
        XCTAssertEqual(m.redactName("Brief an Mustermann und Mustermann"), "Brief an REDACTED und REDACTED")
    }

    func testFoldsDiacriticsAndKeepsHyphenatedTermsWhole() {
        XCTAssertEqual(m.redactName("mueller.pdf"), "mueller.pdf")
        XCTAssertEqual(m.redactName("Akte MULLER-LUDENSCHEIDT.pdf"), "Akte REDACTED.pdf")
    }

    func testSubstringTermsMatchInsideWords() {
        XCTAssertEqual(m.redactName("Vertrag47112.pdf"), "VertragREDACTED2.pdf")
    }

    func testWordTermsDoNotMatchInsideWords() {
        XCTAssertEqual(m.redactName("Mustermannstraße.pdf"), "Mustermannstraße.pdf")
    }

    func testNamesWithoutTermsAreUnchanged() {
        XCTAssertEqual(m.redactName("Steuerbescheid 2023.pdf"), "Steuerbescheid 2023.pdf")
        XCTAssertEqual(TermMatcher([]).redactName("Mustermann.pdf"), "Mustermann.pdf")
    }
}
