import RedactCore
import XCTest

@testable import Detect

/// OCR damage on the existing checksum recognizers: look-alike letters in
/// digit groups are read as digits and the repaired form must pass.
final class OCRRepairTests: XCTestCase {
    func testIBANWithLookAlikes() {
        XCTAssertEqual(texts("IBAN DE89 37O4 0044 0532 0130 00", .iban), ["DE89 37O4 0044 0532 0130 00"])
        XCTAssertEqual(texts("IBAN DE89 3704 0044 0532 Ol30 00", .iban), ["DE89 3704 0044 0532 Ol30 00"])
        XCTAssertEqual(texts("IBAN:DE8937040044053201300O", .iban), ["DE8937040044053201300O"])
        XCTAssertEqual(texts("DES9 3704 0044 0532 0130 00", .iban), [])  // S for 8 gives 59: fails
        XCTAssertEqual(texts("DE8S 3704 0044 0532 0130 00", .iban), [])  // 85: fails
        // Letters of a real BBAN stay letters.
        XCTAssertEqual(texts("GB82 WEST 1234 5698 7654 32", .iban), ["GB82 WEST 1234 5698 7654 32"])
        XCTAssertEqual(texts("GB82 WEST 1234 S698 7654 32", .iban), ["GB82 WEST 1234 S698 7654 32"])
        let d = detections("DE89 37O4 0044 0532 0130 00", .iban)
        XCTAssertEqual(d.first?.confidence ?? 0, IBANRecognizer.repairedConfidence, accuracy: 0.001)
    }

    func testIBANRepairStillNeedsTheChecksum() {
        // One digit off, with a look-alike elsewhere: not an IBAN.
        XCTAssertEqual(texts("DE89 37O4 0044 0532 0130 01", .iban), [])
        // Three look-alikes are too much damage to trust.
        XCTAssertEqual(texts("DE89 37O4 OO44 0532 0130 00", .iban), [])
    }

    func testPaymentCardWithLookAlikes() {
        XCTAssertEqual(texts("Karte 4111 1111 1111 111l", .paymentCard), ["4111 1111 1111 111l"])
        XCTAssertEqual(texts("Card 5555 S555 5S55 4444", .paymentCard), ["5555 S555 5S55 4444"])
        XCTAssertEqual(texts("4111 1111 1111 11l2", .paymentCard), [])  // l2 fails Luhn
        XCTAssertEqual(texts("4111 1111 1lll 1111", .paymentCard), [])  // three repairs
        XCTAssertEqual(texts("4111 1111 1111 1111 Bestellung", .paymentCard), ["4111 1111 1111 1111"])
        let d = detections("4111 1111 1111 111l", .paymentCard)
        XCTAssertEqual(d.first?.confidence ?? 0, PaymentCardRecognizer.groupedConfidence - 0.04, accuracy: 0.001)
    }

    func testPaymentCardSplitBySpaces() {
        XCTAssertEqual(texts("Karte 4111 11 11 1111 1111", .paymentCard), ["4111 11 11 1111 1111"])
        XCTAssertEqual(texts("Card 5555 5555 5 555 4444", .paymentCard), ["5555 5555 5 555 4444"])
        XCTAssertEqual(texts("4111 1111 111 1 1111", .paymentCard), ["4111 1111 111 1 1111"])
        let d = detections("4111 11 11 1111 1111", .paymentCard)
        XCTAssertEqual(d.first?.confidence ?? 0, PaymentCardRecognizer.groupedConfidence - 0.04, accuracy: 0.001)
        // Joined, but the number is wrong.
        XCTAssertEqual(texts("4111 11 11 1111 1112", .paymentCard), [])
        // Pieces that make no group of four, and hyphens, stay refused.
        XCTAssertEqual(texts("4111 1 1 1111 1111 1", .paymentCard), [])
        XCTAssertEqual(texts("4111-11-11-1111-1111", .paymentCard), [])
        XCTAssertEqual(texts("4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", .paymentCard), [])
    }
}
