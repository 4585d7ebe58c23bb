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
        // Three look-alikes with one digit off: still no IBAN.
        XCTAssertEqual(texts("DE89 37O4 OO44 0532 0130 01", .iban), [])
    }

    func testIBANHeavyDamageInsideDigitGroups() {
        // Five look-alikes, each inside a printed group that holds true digits.
        XCTAssertEqual(texts("IBAN DE89 37O4 OO44 O532 Ol30 00", .iban), ["DE89 37O4 OO44 O532 Ol30 00"])
        let d = detections("DE89 37O4 OO44 O532 Ol30 00", .iban)
        XCTAssertEqual(d.first?.confidence ?? 0, IBANRecognizer.groupRepairedConfidence, accuracy: 0.001)
        // A group of letters (the bank code) stays as read: "WEST" is not "W35T".
        XCTAssertEqual(texts("GB82 WEST 1234 S698 7654 32", .iban), ["GB82 WEST 1234 S698 7654 32"])
        XCTAssertEqual(texts("GB82 WEST l234 S698 7654 3Z", .iban), [])
        // Same damage, one digit off.
        XCTAssertEqual(texts("DE89 37O4 OO44 O532 Ol30 01", .iban), [])
        // More than a third of the characters repaired is not trusted.
        XCTAssertEqual(texts("DE89 OOOO OOOO OOOO OOOO O0", .iban), [])
        // A group with no true digit is not repaired.
        XCTAssertEqual(texts("DE89 3704 OOOO 0532 0130 00", .iban), [])
    }

    func testIBANNumericBBANHasNoLetters() {
        // Passes MOD 97, but a Belgian BBAN is digits only.
        XCTAssertEqual(texts("the be16 and be32 types", .iban), [])
        XCTAssertEqual(texts("BE68 5390 0754 7034", .iban), ["BE68 5390 0754 7034"])
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

    func testPaymentCardHeavyDamageNeedsACardLabel() {
        // Six look-alikes in four groups: under a card label, a card.
        XCTAssertEqual(texts("Card number:\n48lO l282 4OO8 5O77\n", .paymentCard), ["48lO l282 4OO8 5O77"])
        XCTAssertEqual(texts("Kreditkarte 4lI1 1ll1 1111 1111", .paymentCard), ["4lI1 1ll1 1111 1111"])
        // Without a label three look-alikes are too many.
        XCTAssertEqual(texts("Ref 4lI1 1ll1 1111 1111", .paymentCard), [])
        // Under a label, but one digit off.
        XCTAssertEqual(texts("Kreditkarte 4lI1 1ll1 1111 1112", .paymentCard), [])
        // Under a label, but more than half the digits are look-alikes.
        XCTAssertEqual(texts("Visa 4lll llll llll llll", .paymentCard), [])
        // A label two lines up is too far.
        XCTAssertEqual(texts("Card number:\n\n48lO l282 4OO8 5O77\n", .paymentCard), [])
    }

    func testPaymentCardOverAWideGapOrALineBreak() {
        XCTAssertEqual(texts("Card used:\n4111  1111 1111 1111", .paymentCard), ["4111  1111 1111 1111"])
        XCTAssertEqual(texts("Replacement card sent:4111 1111\n1111 1111 end", .paymentCard), ["4111 1111\n1111 1111"])
        // Without a label the pieces are judged alone.
        XCTAssertEqual(texts("Betrag 4111 1111\n1111 1111", .paymentCard), [])
        // Two line breaks are too many, even with a label.
        XCTAssertEqual(texts("card: 4111 1111\n1111\n1111 1111", .paymentCard), [])
        // Luhn still decides.
        XCTAssertEqual(texts("card: 4111 1111\n1111 1112", .paymentCard), [])
        // A card on the first line and other numbers below stay apart.
        XCTAssertEqual(texts("Card 4111 1111 1111 1111\n2024 2025", .paymentCard), ["4111 1111 1111 1111"])
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
