import RedactCore
import XCTest

@testable import Detect

final class EmailTests: XCTestCase {
    func testFindsPlainAddresses() {
        XCTAssertEqual(texts("Mail an erika.beispiel@example.de bitte.", .email), ["erika.beispiel@example.de"])
        XCTAssertEqual(texts("Contact: j.doe+invoices@mail.example.co.uk.", .email), ["j.doe+invoices@mail.example.co.uk"])
        XCTAssertEqual(texts("<max_muster-1@sub-domain.example.org>", .email), ["max_muster-1@sub-domain.example.org"])
        XCTAssertEqual(texts("E-Mail:hans@example.com", .email), ["hans@example.com"])
    }

    func testInternationalisedAndPunycode() {
        XCTAssertEqual(texts("jürgen.müller@bäckerei-beispiel.de", .email), ["jürgen.müller@bäckerei-beispiel.de"])
        XCTAssertEqual(texts("a@b.xn--p1ai", .email), ["a@b.xn--p1ai"])
    }

    func testSeveralInOneLine() {
        XCTAssertEqual(texts("a@example.de, b@example.de;c@example.de", .email),
                       ["a@example.de", "b@example.de", "c@example.de"])
    }

    func testNearMisses() {
        XCTAssertEqual(texts("user@localhost", .email), [])
        XCTAssertEqual(texts("@example.de", .email), [])
        XCTAssertEqual(texts("foo@bar", .email), [])
        XCTAssertEqual(texts("x@example.d", .email), [])
        XCTAssertEqual(texts("x@example.123", .email), [])
        XCTAssertEqual(texts("a..b@example.de", .email), [])
        XCTAssertEqual(texts("a.@example.de", .email), [])
        XCTAssertEqual(texts("Preis @ 5 EUR", .email), [])
        XCTAssertEqual(texts("x@-example.de", .email), [])
    }

    func testLeadingDotIsNotPart() {
        XCTAssertEqual(texts("...ende.@ nein; .anna@example.de", .email), ["anna@example.de"])
    }

    func testReasonAndConfidence() {
        let d = detections("mail: a@example.de", .email)
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d.first?.reason, .pattern)
        XCTAssertEqual(d.first?.range, 6..<18)
    }
}
