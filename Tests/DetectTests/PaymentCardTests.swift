import RedactCore
import XCTest

@testable import Detect

final class PaymentCardTests: XCTestCase {
    /// Issuers' published test card numbers.
    static let valid = [
        "4111111111111111", "4012888888881881", "4222222222222",  // Visa
        "5555555555554444", "5105105105105100", "2223003122003222",  // Mastercard
        "378282246310005", "371449635398431",  // American Express
        "6011111111111117", "6011000990139424",  // Discover
        "3530111333300000", "3566002020360505",  // JCB
        "30569309025904", "38520000023237", "36227206271667",  // Diners Club
        "6200000000000005", "6250941006528599",  // UnionPay
        "6759649826438453", "5018000000000009", "6304000000000000",  // Maestro
    ]

    func testGroupGluedToANeighbouringColumnIsDropped() {
        let d = Detector().detect(Array("Karte 5564 1249 5917 5766 04.04. 18:22".unicodeScalars))
        XCTAssertEqual(d.filter { $0.category == .paymentCard }.map(\.range), [6..<25])
    }

    func testPublishedTestNumbers() {
        for card in Self.valid {
            XCTAssertEqual(texts("Karte \(card) gültig", .paymentCard), [card], card)
        }
    }

    func testChangedDigitFails() {
        for card in ["4111111111111111", "5555555555554444", "378282246310005"] {
            var chars = Array(card)
            for k in chars.indices {
                let original = chars[k]
                chars[k] = Character(String((Int(String(original))! + 1) % 10))
                let changed = String(chars)
                let result = texts(changed, .paymentCard)
                // Changing one digit always breaks Luhn.
                XCTAssertEqual(result, [], changed)
                chars[k] = original
            }
        }
        XCTAssertEqual(texts("4111111111111112", .paymentCard), [])
    }

    func testGroupedWithSpacesAndDashes() {
        XCTAssertEqual(texts("Visa 4111 1111 1111 1111, exp 12/27", .paymentCard), ["4111 1111 1111 1111"])
        XCTAssertEqual(texts("MC: 5555-5555-5555-4444.", .paymentCard), ["5555-5555-5555-4444"])
        XCTAssertEqual(texts("Amex 3782 822463 10005", .paymentCard), ["3782 822463 10005"])
        XCTAssertEqual(texts("Amex 3782-822463-10005", .paymentCard), ["3782-822463-10005"])
        XCTAssertEqual(texts("4111\u{A0}1111\u{A0}1111\u{A0}1111", .paymentCard), ["4111\u{A0}1111\u{A0}1111\u{A0}1111"])
        let d = detections("4111 1111 1111 1111", .paymentCard)
        XCTAssertEqual(d.first?.reason, .checksum)
    }

    func testMixedSeparatorsOrOddGroupsFail() {
        XCTAssertEqual(texts("4111 1111-1111 1111", .paymentCard), [])
        XCTAssertEqual(texts("4111  1111 1111 1111", .paymentCard), [])
        XCTAssertEqual(texts("41 11 11 11 11 11 11 11", .paymentCard), [])
    }

    func testIssuerRangesAndLengths() {
        // Luhn-valid but no issuer: prefix 1, 7, 8, 9 and 0.
        for number in ["1234567812345670", "7992739871300000", "8000000000000001", "9000000000000008", "0000000000000000"] {
            XCTAssertEqual(texts(number, .paymentCard), [], number)
        }
        // Amex must have 15 digits, Mastercard 16.
        XCTAssertEqual(texts("3782822463100053", .paymentCard).count, 0)
        XCTAssertEqual(texts("555555555555444", .paymentCard).count, 0)
    }

    func testNotInsideALongerDigitRun() {
        XCTAssertEqual(texts("94111111111111111", .paymentCard), [])
        XCTAssertEqual(texts("41111111111111119", .paymentCard), [])
        XCTAssertEqual(texts("Nr4111111111111111", .paymentCard), [])
        XCTAssertEqual(texts("1.4111111111111111", .paymentCard), [])
        XCTAssertEqual(texts("4111111111111111,50", .paymentCard), [])
    }

    func testCardFollowedByOtherGroups() {
        XCTAssertEqual(texts("4111 1111 1111 1111 123", .paymentCard), ["4111 1111 1111 1111"])
    }

    func testAmountsDatesAndInvoiceNumbersAreNotCards() {
        let text = """
        Rechnung Nr. 2024-000123 vom 12.03.2024, Kundennummer 4711, Betrag 1.234,56 EUR.
        Invoice no. 4000-1234-5678 dated 2024-03-12, total EUR 12,345.67. PLZ 10115.
        """
        XCTAssertEqual(texts(text, .paymentCard), [])
    }
}
