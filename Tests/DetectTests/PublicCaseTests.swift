import RedactCore
import XCTest

@testable import Detect

/// Cases taken from other projects' public test suites that the recognizers
/// got wrong, one class per defect.

/// A valid-range SSN is a national ID, never a phone number: switching the
/// contact tier off must not expose it.
final class SSNNotPhoneTests: XCTestCase {
    static let withoutPhone = DetectorConfig().enabled.subtracting([.phone])

    func testLeadingZeroSSNIsNotAPhoneNumber() {
        // "078…" is also a valid German area code.
        XCTAssertEqual(found("078-05-1120").map(\.description), ["national-id:078-05-1120"])
        XCTAssertEqual(found("Her SSN is 078-05-1120.").map(\.description), ["national-id:078-05-1120"])
        XCTAssertEqual(found("Social Security No. 078-05-1120").map(\.description), ["national-id:078-05-1120"])
        XCTAssertEqual(found("Social Security No.: 078051120").map(\.description), ["national-id:078051120"])
    }

    func testSpacedSSN() {
        XCTAssertEqual(found("078 05 1120").map(\.description), ["national-id:078 05 1120"])
        XCTAssertEqual(found("call 123 45 6789 now").map(\.description), ["national-id:123 45 6789"])
        XCTAssertEqual(found("SSN: 078 05 1120").map(\.description), ["national-id:078 05 1120"])
        XCTAssertEqual(kinds("123 45 6789", .nationalID), ["US SSN"])
        XCTAssertEqual(detections("123 45 6789", .nationalID).map(\.reason), [.pattern])
        // Out of range, wrongly grouped or unbroken without a label: no SSN.
        XCTAssertEqual(texts("666 45 6789", .nationalID), [])
        XCTAssertEqual(texts("123 00 6789", .nationalID), [])
        XCTAssertEqual(texts("12 345 6789", .nationalID), [])
        XCTAssertEqual(texts("123456789", .nationalID), [])
    }

    func testWithThePhoneCategoryOff() {
        for text in ["078-05-1120", "078 05 1120", "SSN 078 05 1120", "123 45 6789", "Tel. 030-12-3456"] {
            let s = scalars(text)
            let d = Detector(config: DetectorConfig(enabled: Self.withoutPhone)).detect(s)
            XCTAssertEqual(d.map(\.category), [.nationalID], text)
        }
    }

    func testInEveryRegion() {
        for region in ["DE", "US", "GB", "IT", "FR", "AT"] {
            XCTAssertEqual(found("078-05-1120", region: region).map(\.description), ["national-id:078-05-1120"], region)
            XCTAssertEqual(found("078 05 1120", region: region).map(\.description), ["national-id:078 05 1120"], region)
        }
    }

    func testAPhoneLabelStillMakesItAPhoneNumber() {
        XCTAssertEqual(found("Tel. 030-12-3456").map(\.description), ["phone:030-12-3456"])
        XCTAssertEqual(found("Telefon 078 05 1120").map(\.description), ["phone:078 05 1120"])
    }
}

/// VAT IDs as people type them: hyphens, dots, a space before the
/// Austrian U, lower case.
final class SeparatedVATIDTests: XCTestCase {
    func testHyphensAndDots() {
        XCTAssertEqual(Spec.iso7064("12345678"), 8)
        XCTAssertEqual(texts("USt-IdNr. DE-123-456-788", .vatID), ["DE-123-456-788"])
        XCTAssertEqual(texts("DE-123456788", .vatID), ["DE-123456788"])
        XCTAssertEqual(texts("DE 123.456.788", .vatID), ["DE 123.456.788"])
        XCTAssertEqual(texts("FR-79-341672111", .vatID), ["FR-79-341672111"])
        XCTAssertEqual(kinds("DE-123-456-788", .vatID), ["DE VAT ID"])
        // The check digit still decides; separators are never mixed inside.
        XCTAssertEqual(texts("DE-123-456-789", .vatID), [])
        XCTAssertEqual(texts("DE 123-456.788", .vatID), [])
        XCTAssertEqual(texts("DE--123456788", .vatID), [])
    }

    func testAustrianUApart() {
        XCTAssertEqual(texts("UID: AT U12345675", .vatID), ["AT U12345675"])
        XCTAssertEqual(texts("AT U12345675", .vatID), ["AT U12345675"])
        XCTAssertEqual(texts("ATU 1234 5675", .vatID), ["ATU 1234 5675"])
        XCTAssertEqual(texts("AT-U-1234-5675", .vatID), ["AT-U-1234-5675"])
        XCTAssertEqual(texts("AT U12345676", .vatID), [])
    }

    func testLowerCase() {
        XCTAssertEqual(texts("de 123 456 788", .vatID), ["de 123 456 788"])
        XCTAssertEqual(texts("de-123-456-788", .vatID), ["de-123-456-788"])
        XCTAssertEqual(texts("atu 1234 5675", .vatID), ["atu 1234 5675"])
        XCTAssertEqual(texts("at u12345675", .vatID), ["at u12345675"])
        XCTAssertEqual(texts("nl 341672117b01", .vatID), ["nl 341672117b01"])
        XCTAssertEqual(texts("VAT: it34167211068", .vatID), ["it34167211068"])
        XCTAssertEqual(texts("de 123 456 789", .vatID), [])
        // Fused and in lower case without a VAT label: a code, not a VAT ID.
        XCTAssertEqual(texts("de123456788", .vatID), [])
    }
}

/// UK NINOs typed in lower case, after a "nino:" label, or with digits that
/// look like a specimen: a privacy tool redacts them all.
final class NINOCaseAndSpecimenTests: XCTestCase {
    func testLowerCase() {
        XCTAssertEqual(texts("my ni is km 16 72 11 a thanks", .nationalID), ["km 16 72 11 a"])
        XCTAssertEqual(texts("Km 16 72 11 A", .nationalID), ["Km 16 72 11 A"])
        XCTAssertEqual(kinds("km 16 72 11 a", .nationalID), ["UK NINO"])
        // Prefix and suffix rules hold in lower case too.
        XCTAssertEqual(texts("qq 16 72 11 a", .nationalID), [])
        XCTAssertEqual(texts("km 16 72 11 e", .nationalID), [])
        XCTAssertEqual(texts("gb 16 72 11 a", .nationalID), [])
    }

    func testAfterANinoLabel() {
        XCTAssertEqual(texts("nino: km 16 72 11 a", .nationalID), ["km 16 72 11 a"])
        XCTAssertEqual(texts("nino: km167211a", .nationalID), ["km167211a"])
        XCTAssertEqual(texts("nino:KM167211A", .nationalID), ["KM167211A"])
        XCTAssertEqual(texts("nino:km 16 72 11", .nationalID), ["km 16 72 11"])
        XCTAssertEqual(detections("nino: km 16 72 11 a", .nationalID).map(\.reason), [.context])
    }

    func testSpecimenLookingDigitsAreRedacted() {
        XCTAssertEqual(texts("KM 12 34 56 A", .nationalID), ["KM 12 34 56 A"])
        XCTAssertEqual(texts("e.g. JG 11 11 11 A", .nationalID), ["JG 11 11 11 A"])
        XCTAssertEqual(texts("km 12 34 56 a", .nationalID), ["km 12 34 56 a"])
    }
}

/// Several card numbers in a row on one line: every one is found.
final class CardNumbersInARowTests: XCTestCase {
    static let three = ["4111 1111 1111 1111", "5500 0000 0000 0004", "3400 0000 0000 009"]
    static let plain = ["4111111111111111", "5500000000000004", "340000000000009"]

    func testGroupedInARow() {
        let t = Self.three
        XCTAssertEqual(texts("\(t[0]), \(t[1]) and \(t[2])", .paymentCard), t)
        XCTAssertEqual(texts("\(t[0]) \(t[1]) \(t[2])", .paymentCard), t)
        XCTAssertEqual(texts("\(t[0]) / \(t[1]) / \(t[2])", .paymentCard), t)
    }

    func testUnbrokenInARow() {
        let t = Self.plain
        XCTAssertEqual(texts("\(t[0]) \(t[1]) \(t[2])", .paymentCard), t)
        XCTAssertEqual(texts("\(t[0]), \(t[1]) and \(t[2])", .paymentCard), t)
        XCTAssertEqual(texts("\(t[0]) / \(t[1]) / \(t[2])", .paymentCard), t)
        XCTAssertEqual(texts("378282246310005 371449635398431 5555555555554444", .paymentCard),
                       ["378282246310005", "371449635398431", "5555555555554444"])
    }

    func testMixedForms() {
        XCTAssertEqual(texts("4012888888881881 4012-8888-8888-1881 4012 8888 8888 1881", .paymentCard),
                       ["4012888888881881", "4012-8888-8888-1881", "4012 8888 8888 1881"])
        XCTAssertEqual(texts("4111 1111 1111 1111 5500000000000004", .paymentCard),
                       ["4111 1111 1111 1111", "5500000000000004"])
        XCTAssertEqual(texts("4111-1111-1111-1111 5500 0000 0000 0004", .paymentCard),
                       ["4111-1111-1111-1111", "5500 0000 0000 0004"])
    }

    func testStillNoCardInOddRuns() {
        // One digit off in each: nothing, however they are lined up.
        XCTAssertEqual(texts("4111111111111112 5500000000000005", .paymentCard), [])
        // A row of small numbers is no card.
        XCTAssertEqual(texts("41 11 11 11 11 11 11 11", .paymentCard), [])
    }
}

/// Spanish NIF/NIE as typed (lower case, hyphens) and IBANs grouped with
/// dashes.
final class SpanishIDAndDashedIBANTests: XCTestCase {
    func testNIFInLowerCaseOrHyphenated() {
        XCTAssertEqual(Array("TRWAGMYFPDXBNJZSQVHLCKE")[12_345_678 % 23], "Z")
        XCTAssertEqual(texts("NIF 12345678-z", .nationalID), ["12345678-z"])
        XCTAssertEqual(texts("12345678z", .nationalID), ["12345678z"])
        XCTAssertEqual(texts("12345678 z", .nationalID), ["12345678 z"])
        XCTAssertEqual(kinds("12345678-z", .nationalID), ["ES DNI"])
        XCTAssertEqual(texts("12345678-y", .nationalID), [])
    }

    func testNIEInLowerCaseOrHyphenated() {
        XCTAssertEqual(Array("TRWAGMYFPDXBNJZSQVHLCKE")[1_234_567 % 23], "L")
        XCTAssertEqual(texts("NIE x-1234567-l", .nationalID), ["x-1234567-l"])
        XCTAssertEqual(texts("X-1234567-L", .nationalID), ["X-1234567-L"])
        XCTAssertEqual(texts("x1234567l", .nationalID), ["x1234567l"])
        XCTAssertEqual(texts("X 1234567 L", .nationalID), ["X 1234567 L"])
        XCTAssertEqual(kinds("x-1234567-l", .nationalID), ["ES NIE"])
        XCTAssertEqual(texts("x-1234567-k", .nationalID), [])
        // Separators are not mixed inside one number.
        XCTAssertEqual(texts("X-1234567 L", .nationalID), [])
    }

    func testIBANWithDashes() {
        XCTAssertEqual(texts("IBAN DE89-3704-0044-0532-0130-00", .iban), ["DE89-3704-0044-0532-0130-00"])
        XCTAssertEqual(texts("GB82-WEST-1234-5698-7654-32", .iban), ["GB82-WEST-1234-5698-7654-32"])
        XCTAssertEqual(texts("DE89-3704-0044-0532-0130-01", .iban), [])
        // Never two dashes, and not run on into more digits.
        XCTAssertEqual(texts("DE89--3704-0044-0532-0130-00", .iban), [])
        XCTAssertEqual(texts("DE89-3704-0044-0532-0130-00-12", .iban), [])
    }
}

/// Letter repairs ("O" read as 0) belong to OCR text: `detect(_:ocr:)`
/// says which scalars came from OCR. A text layer can be OCR output itself
/// (an invisible layer over a scan): there a value that passes only with its
/// look-alikes read as digits is taken under its label or in its printed
/// grouping, as a pattern at lower confidence, never as checksum-verified.
final class RepairsInOCRTextOnlyTests: XCTestCase {
    func testOCRTextMergesAndCovers() {
        let t = OCRText([10..<20, 0..<5, 5..<8, 30..<30])
        XCTAssertEqual(t.ranges, [0..<8, 10..<20])
        XCTAssertTrue(t.contains(0) && t.contains(7) && t.contains(10) && t.contains(19))
        XCTAssertFalse(t.contains(8) || t.contains(20) || t.contains(-1))
        let s = scalars("ABCDEFGH  KLMNOPQRST")
        s.withUnsafeBufferPointer { text in
            XCTAssertTrue(t.covers(text, 2..<15))  // the spaces between are not OCR's, the letters are
            XCTAssertFalse(OCRText([0..<7, 10..<20]).covers(text, 2..<15))
            XCTAssertFalse(OCRText.none.covers(text, 0..<3))
        }
    }

    /// The text-layer detections of one category: text, reason, confidence.
    func layer(_ text: String, _ category: Category, region: String = "DE") -> [String] {
        let s = scalars(text)
        return Detector(config: DetectorConfig(enabled: [category], defaultRegion: region)).detect(s).map {
            "\(substring(s, $0.range)) \($0.reason.rawValue) \($0.confidence)"
        }
    }

    func testIBAN() {
        let text = "IBAN DE89 37O4 0044 0532 0130 00"
        XCTAssertEqual(ocrTexts(text, .iban), ["DE89 37O4 0044 0532 0130 00"])
        XCTAssertEqual(ocrDetections(text, .iban).map(\.reason), [.checksum])
        // In a text layer: under its label, a pattern, never checksum-verified.
        XCTAssertEqual(layer(text, .iban), ["DE89 37O4 0044 0532 0130 00 pattern 0.8"])
        XCTAssertEqual(layer("DE89 3704 0044 0532 0130 00", .iban), ["DE89 3704 0044 0532 0130 00 checksum 1.0"])
        // Neither label nor the grouping of an IBAN: an O is an O.
        XCTAssertEqual(texts("Konto DE8937O400440532013000", .iban), [])
        XCTAssertEqual(texts("Konto DE89 37O40 04405 32013 000", .iban), [])
        // Check digits of look-alikes, and heavy damage in groups.
        XCTAssertEqual(texts("IBAN DE8O 3704 0044 0532 0130 00", .iban), [])
        XCTAssertEqual(layer("IBAN DE89 37O4 OO44 O532 Ol30 00", .iban), ["DE89 37O4 OO44 O532 Ol30 00 pattern 0.8"])
        XCTAssertEqual(ocrTexts("IBAN DE89 37O4 OO44 O532 Ol30 00", .iban), ["DE89 37O4 OO44 O532 Ol30 00"])
        // Unbroken after its label; a wrong checksum stays wrong.
        XCTAssertEqual(layer("IBAN: DE8937O40044O532013000", .iban), ["DE8937O40044O532013000 pattern 0.8"])
        XCTAssertEqual(texts("IBAN: DE8937O40044O532013001", .iban), [])
    }

    func testOnlyTheOCRPartOfAPage() {
        // A text-layer line and an OCR line (a scanned insert) on one page.
        let layer = "Konto: DE89 37O4 0044 0532 0130 00\n"
        let scan = "IBAN DE89 37O4 0044 0532 0130 00"
        let s = scalars(layer + scan)
        let ocr = [layer.unicodeScalars.count..<s.count]
        let d = Detector(config: DetectorConfig(enabled: [.iban])).detect(s, ocr: ocr)
        XCTAssertEqual(d.map { substring(s, $0.range) }, ["DE89 37O4 0044 0532 0130 00", "DE89 37O4 0044 0532 0130 00"])
        XCTAssertEqual(d.map(\.range.lowerBound), [7, layer.unicodeScalars.count + 5])
        // The layer's number is printed as an IBAN: burned, as a pattern; the scan's is checksum-verified.
        XCTAssertEqual(d.map(\.reason), [.pattern, .checksum])
        // A candidate only partly in OCR text is read as a text layer's.
        let half = Detector(config: DetectorConfig(enabled: [.iban])).detect(s, ocr: [(s.count - 10)..<s.count])
        XCTAssertEqual(half.map(\.reason), [.pattern, .pattern])
    }

    func testCardsIdentifiersAndPhones() {
        XCTAssertEqual(layer("Karte 4111 1111 1111 111l", .paymentCard), ["4111 1111 1111 111l pattern 0.8"])
        XCTAssertEqual(texts("Ref 4111 1111 1111 111l", .paymentCard), [])  // no card label
        XCTAssertEqual(ocrTexts("Karte 4111 1111 1111 111l", .paymentCard), ["4111 1111 1111 111l"])
        XCTAssertEqual(layer("DNI 1234S678Z", .nationalID), ["1234S678Z pattern 0.8"])
        XCTAssertEqual(texts("Code 1234S678Z", .nationalID), [])  // neither label nor groups
        XCTAssertEqual(ocrTexts("DNI 1234S678Z", .nationalID), ["1234S678Z"])
        XCTAssertEqual(ocrTexts("Steuer-ID 86O95742719", .taxID), ["86O95742719"])
        XCTAssertEqual(layer("Steuer-ID 86O95742719", .taxID), ["86O95742719 pattern 0.8"])
        XCTAssertEqual(texts("Artikel 86O95742719", .taxID), [])
        XCTAssertEqual(layer("NHS number:\n943 476 59l9", .insuranceID), ["943 476 59l9 pattern 0.8"])
        XCTAssertEqual(texts("Ref 94347659l9", .insuranceID), [])
        XCTAssertEqual(layer("Email:x@y.example  Tel:O7911 2O4 553", .phone, region: "GB"), ["O7911 2O4 553 pattern 0.8"])
        XCTAssertEqual(texts("Email:x@y.example  Ref:O7911 2O4 553", .phone, region: "GB"), [])
        XCTAssertEqual(ocrTexts("Email:x@y.example  Tel:O7911 2O4 553", .phone, region: "GB"), ["O7911 2O4 553"])
    }

    func testTheOneArgumentCallReadsNoOCR() {
        let s = scalars("IBAN DE89 37O4 0044 0532 0130 00")
        XCTAssertEqual(Detector().detect(s), Detector().detect(s, ocr: []))
        XCTAssertEqual(Detector().detect(s, ocr: [0..<s.count]).map(\.category), [.iban])
    }
}

/// A part of a longer grouped number is not reported as some other
/// identifier; the whole run is redacted instead, unless it has a reason to
/// be split.
final class PartOfALongerNumberTests: XCTestCase {
    func categories(_ text: String) -> [String] { found(text).map(\.description) }

    func testTheTailOfAnInvalidIBAN() {
        // Fails MOD 97; "3415 9673 020" would pass as a Steuer-ID.
        XCTAssertEqual(Spec.iso7064("3415967302"), 0)
        let text = "IBAN DE00 1234567 3415 9673 020 bitte"
        XCTAssertEqual(texts(text, .iban), [])
        let f = found(text)
        XCTAssertFalse(f.contains { $0.category == .taxID || $0.category == .phone }, "\(f)")
        XCTAssertEqual(f.map(\.text), ["DE00 1234567 3415 9673 020"])
    }

    func testALongRunOfGroups() {
        let f = found("Transaktion 1234 5678 9012 3415 9673 020 gebucht")
        XCTAssertFalse(f.contains { $0.category == .taxID }, "\(f)")
        XCTAssertEqual(f.map(\.text), ["1234 5678 9012 3415 9673 020"])
        let s = scalars("Transaktion 1234 5678 9012 3415 9673 020 gebucht")
        XCTAssertEqual(Detector().detect(s).map(\.reason), [.pattern])
        // With references switched off, still redacted, as the part's category.
        let noRef = found("Transaktion 1234 5678 9012 3415 9673 020 gebucht",
                          DetectorConfig().enabled.subtracting([.reference]))
        XCTAssertEqual(noRef.map(\.description), ["tax-id:1234 5678 9012 3415 9673 020"])
    }

    func testARunWithAReasonToBeSplit() {
        // Whole numbers side by side, each found on its own.
        XCTAssertEqual(categories("4111 1111 1111 1111 5500 0000 0000 0004"),
                       ["card:4111 1111 1111 1111", "card:5500 0000 0000 0004"])
        // A label in between ends the run.
        XCTAssertTrue(found("Konto 1234 5678 Steuer-ID 3415 9673 020").contains { $0.description == "tax-id:3415 9673 020" })
        // A date in the next column.
        XCTAssertEqual(texts("4111 1111 1111 1111 04.04.2024", .paymentCard), ["4111 1111 1111 1111"])
        // The number is the whole run.
        XCTAssertEqual(categories("Steuer-ID: 3415 9673 020"), ["tax-id:3415 9673 020"])
        XCTAssertEqual(categories("IBAN DE89 3704 0044 0532 0130 00"), ["iban:DE89 3704 0044 0532 0130 00"])
    }
}
