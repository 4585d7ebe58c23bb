import RedactCore
import XCTest

@testable import Detect

/// OCR damage on the existing checksum recognizers: look-alike letters in
/// digit groups of OCR text are read as digits and the repaired form must
/// pass. (In a text layer they are not: see RepairsInOCRTextOnlyTests.)
final class OCRRepairTests: XCTestCase {
    func testIBANWithLookAlikes() {
        XCTAssertEqual(ocrTexts("IBAN DE89 37O4 0044 0532 0130 00", .iban), ["DE89 37O4 0044 0532 0130 00"])
        XCTAssertEqual(ocrTexts("IBAN DE89 3704 0044 0532 Ol30 00", .iban), ["DE89 3704 0044 0532 Ol30 00"])
        XCTAssertEqual(ocrTexts("IBAN:DE8937040044053201300O", .iban), ["DE8937040044053201300O"])
        XCTAssertEqual(ocrTexts("DES9 3704 0044 0532 0130 00", .iban), [])  // S for 8 gives 59: fails
        XCTAssertEqual(ocrTexts("DE8S 3704 0044 0532 0130 00", .iban), [])  // 85: fails
        // Letters of a real BBAN stay letters.
        XCTAssertEqual(ocrTexts("GB82 WEST 1234 5698 7654 32", .iban), ["GB82 WEST 1234 5698 7654 32"])
        XCTAssertEqual(ocrTexts("GB82 WEST 1234 S698 7654 32", .iban), ["GB82 WEST 1234 S698 7654 32"])
        let d = ocrDetections("DE89 37O4 0044 0532 0130 00", .iban)
        XCTAssertEqual(d.first?.confidence ?? 0, IBANRecognizer.repairedConfidence, accuracy: 0.001)
    }

    func testIBANRepairStillNeedsTheChecksum() {
        // One digit off, with a look-alike elsewhere: not an IBAN.
        XCTAssertEqual(ocrTexts("DE89 37O4 0044 0532 0130 01", .iban), [])
        // Three look-alikes with one digit off: still no IBAN.
        XCTAssertEqual(ocrTexts("DE89 37O4 OO44 0532 0130 01", .iban), [])
    }

    func testIBANHeavyDamageInsideDigitGroups() {
        // Five look-alikes, each inside a printed group that holds true digits.
        XCTAssertEqual(ocrTexts("IBAN DE89 37O4 OO44 O532 Ol30 00", .iban), ["DE89 37O4 OO44 O532 Ol30 00"])
        let d = ocrDetections("DE89 37O4 OO44 O532 Ol30 00", .iban)
        XCTAssertEqual(d.first?.confidence ?? 0, IBANRecognizer.groupRepairedConfidence, accuracy: 0.001)
        // A group of letters (the bank code) stays as read: "WEST" is not "W35T".
        XCTAssertEqual(ocrTexts("GB82 WEST 1234 S698 7654 32", .iban), ["GB82 WEST 1234 S698 7654 32"])
        XCTAssertEqual(ocrTexts("GB82 WEST l234 S698 7654 3Z", .iban), [])
        // Same damage, one digit off.
        XCTAssertEqual(ocrTexts("DE89 37O4 OO44 O532 Ol30 01", .iban), [])
        // More than a third of the characters repaired is not trusted.
        XCTAssertEqual(ocrTexts("DE89 OOOO OOOO OOOO OOOO O0", .iban), [])
        // A group with no true digit is not repaired.
        XCTAssertEqual(ocrTexts("DE89 3704 OOOO 0532 0130 00", .iban), [])
    }

    func testIBANNumericBBANHasNoLetters() {
        // Passes MOD 97, but a Belgian BBAN is digits only.
        XCTAssertEqual(ocrTexts("the be16 and be32 types", .iban), [])
        XCTAssertEqual(ocrTexts("BE68 5390 0754 7034", .iban), ["BE68 5390 0754 7034"])
    }

    func testPaymentCardWithLookAlikes() {
        XCTAssertEqual(ocrTexts("Karte 4111 1111 1111 111l", .paymentCard), ["4111 1111 1111 111l"])
        XCTAssertEqual(ocrTexts("Card 5555 S555 5S55 4444", .paymentCard), ["5555 S555 5S55 4444"])
        XCTAssertEqual(ocrTexts("4111 1111 1111 11l2", .paymentCard), [])  // l2 fails Luhn
        XCTAssertEqual(ocrTexts("4111 1111 1lll 1111", .paymentCard), [])  // three repairs
        XCTAssertEqual(ocrTexts("4111 1111 1111 1111 Bestellung", .paymentCard), ["4111 1111 1111 1111"])
        let d = ocrDetections("4111 1111 1111 111l", .paymentCard)
        XCTAssertEqual(d.first?.confidence ?? 0, PaymentCardRecognizer.groupedConfidence - 0.04, accuracy: 0.001)
    }

    func testPaymentCardHeavyDamageNeedsACardLabel() {
        // Six look-alikes in four groups: under a card label, a card.
        XCTAssertEqual(ocrTexts("Card number:\n48lO l282 4OO8 5O77\n", .paymentCard), ["48lO l282 4OO8 5O77"])
        XCTAssertEqual(ocrTexts("Kreditkarte 4lI1 1ll1 1111 1111", .paymentCard), ["4lI1 1ll1 1111 1111"])
        // Without a label three look-alikes are too many.
        XCTAssertEqual(ocrTexts("Ref 4lI1 1ll1 1111 1111", .paymentCard), [])
        // Under a label, but one digit off.
        XCTAssertEqual(ocrTexts("Kreditkarte 4lI1 1ll1 1111 1112", .paymentCard), [])
        // Under a label, but more than half the digits are look-alikes.
        XCTAssertEqual(ocrTexts("Visa 4lll llll llll llll", .paymentCard), [])
        // A label two lines up is too far.
        XCTAssertEqual(ocrTexts("Card number:\n\n48lO l282 4OO8 5O77\n", .paymentCard), [])
    }

    func testPaymentCardOverAWideGapOrALineBreak() {
        XCTAssertEqual(ocrTexts("Card used:\n4111  1111 1111 1111", .paymentCard), ["4111  1111 1111 1111"])
        XCTAssertEqual(ocrTexts("Replacement card sent:4111 1111\n1111 1111 end", .paymentCard),
                       ["4111 1111\n1111 1111"])
        // Without a label the pieces are judged alone.
        XCTAssertEqual(ocrTexts("Betrag 4111 1111\n1111 1111", .paymentCard), [])
        // Two line breaks are too many, even with a label.
        XCTAssertEqual(ocrTexts("card: 4111 1111\n1111\n1111 1111", .paymentCard), [])
        // Luhn still decides.
        XCTAssertEqual(ocrTexts("card: 4111 1111\n1111 1112", .paymentCard), [])
        // A card on the first line and other numbers below stay apart.
        XCTAssertEqual(ocrTexts("Card 4111 1111 1111 1111\n2024 2025", .paymentCard), ["4111 1111 1111 1111"])
    }

    func testPaymentCardSplitBySpaces() {
        XCTAssertEqual(ocrTexts("Karte 4111 11 11 1111 1111", .paymentCard), ["4111 11 11 1111 1111"])
        XCTAssertEqual(ocrTexts("Card 5555 5555 5 555 4444", .paymentCard), ["5555 5555 5 555 4444"])
        XCTAssertEqual(ocrTexts("4111 1111 111 1 1111", .paymentCard), ["4111 1111 111 1 1111"])
        let d = ocrDetections("4111 11 11 1111 1111", .paymentCard)
        XCTAssertEqual(d.first?.confidence ?? 0, PaymentCardRecognizer.groupedConfidence - 0.04, accuracy: 0.001)
        // Joined, but the number is wrong.
        XCTAssertEqual(ocrTexts("4111 11 11 1111 1112", .paymentCard), [])
        // Pieces that make no group of four, and hyphens, stay refused.
        XCTAssertEqual(ocrTexts("4111 1 1 1111 1111 1", .paymentCard), [])
        XCTAssertEqual(ocrTexts("4111-11-11-1111-1111", .paymentCard), [])
        XCTAssertEqual(ocrTexts("4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", .paymentCard), [])
    }
}
