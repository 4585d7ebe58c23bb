import XCTest
import RedactCore

final class TokenNumberTests: XCTestCase {
    func text(_ s: String) -> PageText {
        let scalars = Array(s.unicodeScalars)
        return PageText(scalars: scalars, boxes: scalars.map { _ in Rect(x: 0, y: 0, width: 1, height: 1) })
    }

    func testNumbersTokensFromOneAcrossLines() {
        let t = text("IBAN: DE89 3704\n0044  x")
        // "IBAN:"=1 "DE89"=2 "3704"=3 "0044"=4 "x"=5
        XCTAssertEqual(t.tokenNumbers(of: 6..<20), 2...4)
        XCTAssertEqual(t.tokenNumbers(of: 0..<1), 1...1)
        XCTAssertEqual(t.tokenNumbers(of: 22..<23), 5...5)
    }

    func testPartOfATokenCountsAsThatToken() {
        XCTAssertEqual(text("Geburtsdatum:12.03.1980 x").tokenNumbers(of: 13..<23), 1...1)
    }

    func testWhiteSpaceOnlyHasNoTokens() {
        XCTAssertNil(text("a   b").tokenNumbers(of: 1..<4))
        XCTAssertNil(text("ab").tokenNumbers(of: 5..<9))
    }

    func testEveryCategoryHasATier() {
        XCTAssertEqual(Set(Tier.allCases.flatMap(\.categories)), Set(Category.allCases))
        XCTAssertEqual(Category.iban.tier, .financial)
        XCTAssertEqual(Category.name.tier, .identifiers)
    }
}
