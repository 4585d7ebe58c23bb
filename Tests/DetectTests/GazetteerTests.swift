import XCTest

@testable import Detect

final class GazetteerTests: XCTestCase {
    func h(_ s: String) -> UInt64 { WordHash.hash(s) }

    func testFoldingIgnoresCaseAndMarks() {
        XCTAssertEqual(h("Müller"), h("MÜLLER"))
        XCTAssertEqual(h("Müller"), h("muller"))
        XCTAssertEqual(h("Müller"), h("Mu\u{308}ller"))  // decomposed
        XCTAssertEqual(h("Weiß"), h("WEISS"))
        XCTAssertEqual(h("Łukasz"), h("lukasz"))
        XCTAssertEqual(h("O’Brien"), h("o'brien"))
        XCTAssertNotEqual(h("Müller"), h("Mueller"))  // no transliteration
        XCTAssertNotEqual(h("Koch"), h("Koc"))
    }

    func testTokenHashEqualsWordHash() {
        let s = scalars("Herr MÜLLER-Lüdenscheidt")
        s.withUnsafeBufferPointer { b in
            let ts = TokenStream(b)
            XCTAssertEqual(ts.tokens.map(\.hash).first, h("herr"))
            XCTAssertEqual(ts.tokens[1].hash, h("Müller"))
            XCTAssertEqual(ts.tokens[3].hash, h("ludenscheidt"))
        }
    }

    func testHashSet() {
        let set = HashSet64([1, 2, 0, 0xFFFF_FFFF_FFFF_FFFF], values: [10, 20, 30, 40])
        XCTAssertEqual(set.value(1), 10)
        XCTAssertEqual(set.value(0), 30)
        XCTAssertEqual(set.value(0xFFFF_FFFF_FFFF_FFFF), 40)
        XCTAssertNil(set.value(3))
        let big = HashSet64((0..<5000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
        for i in 0..<5000 { XCTAssertTrue(big.contains(UInt64(i) &* 0x9E37_79B9_7F4A_7C15)) }
        XCTAssertFalse(big.contains(12345))
    }

    func testListsHoldWhatTheRulesNeed() {
        let w = WordSets.shared
        for name in ["Anna", "Jürgen", "Mehmet", "Olivia", "Łukasz"] { XCTAssertTrue(w.given.contains(h(name)), name) }
        for name in ["Müller", "Schmidt", "Smith", "Yılmaz", "Nowak"] { XCTAssertTrue(w.surnames.contains(h(name)), name) }
        for word in ["Mai", "August", "Rose", "Will"] { XCTAssertTrue(w.givenAmbiguous.contains(h(word)), word) }
        for word in ["GmbH", "Finanzamt", "Sparkasse"] { XCTAssertTrue(w.organisations.contains(h(word)), word) }
    }

    func testRomanianCommaBelowLettersFold() {
        XCTAssertEqual(WordHash.hash("Ionuț"), WordHash.hash("Ionut"))
        XCTAssertEqual(WordHash.hash("Ștefan"), WordHash.hash("stefan"))
        XCTAssertTrue(WordSets.shared.isGiven(WordHash.hash("Ionuț")))
    }
}
