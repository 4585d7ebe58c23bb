import XCTest
import RedactCore
@testable import Detect

final class TermMatcherTests: XCTestCase {
    func found(_ terms: [TermPattern], in text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        return TermMatcher(terms).detect(s).map { d in
            var v = String.UnicodeScalarView()
            v.append(contentsOf: s[d.range])
            return String(v)
        }
    }

    func testCaseAndDiacriticInsensitive() {
        let t = [TermPattern(text: "Müller", substring: false)]
        XCTAssertEqual(found(t, in: "Herr MÜLLER und Frau Muller"), ["MÜLLER", "Muller"])
        XCTAssertEqual(found(t, in: "Herr Mueller"), [])
        XCTAssertEqual(found([TermPattern(text: "Mueller", substring: false)], in: "Herr Mueller"), ["Mueller"])
    }

    func testWholeWordByDefault() {
        let t = [TermPattern(text: "Rose", substring: false)]
        XCTAssertEqual(found(t, in: "Rosemarie Rose, Roses"), ["Rose"])
        XCTAssertEqual(found([TermPattern(text: "Rose", substring: true)], in: "Rosemarie Rose"), ["Rose", "Rose"])
    }

    func testAcrossLineBreaksAndSpaces() {
        let t = [TermPattern(text: "Erika  Mustermann", substring: false)]
        XCTAssertEqual(found(t, in: "an Erika\nMustermann,"), ["Erika\nMustermann"])
        XCTAssertEqual(found(t, in: "an Erika    Mustermann"), ["Erika    Mustermann"])
    }

    func testHyphenationAtLineEnd() {
        let t = [TermPattern(text: "Mustermann", substring: false)]
        XCTAssertEqual(found(t, in: "Herr Muster-\nmann kam"), ["Muster-\nmann"])
        // A real hyphen inside a line is kept: no match for the joined word.
        XCTAssertEqual(found(t, in: "Muster-mann"), [])
        XCTAssertEqual(found([TermPattern(text: "Muster-mann", substring: false)], in: "Muster-mann"), ["Muster-mann"])
    }

    func testDetectionsAreTermsWithFullConfidence() {
        let d = TermMatcher([TermPattern(text: "KD-4711", substring: false)]).detect(Array("Kundennr. kd-4711.".unicodeScalars))
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d[0].category, .term)
        XCTAssertEqual(d[0].reason, .term)
        XCTAssertEqual(d[0].confidence, 1.0)
        XCTAssertEqual(d[0].range, 10..<17)
    }

    func testEmptyTermsMatchNothing() {
        XCTAssertTrue(TermMatcher([TermPattern(text: "  ", substring: true)]).isEmpty)
        XCTAssertEqual(found([], in: "anything"), [])
    }
}
