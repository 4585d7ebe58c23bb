import RedactCore
import XCTest

@testable import Detect

/// The shared parts of the identifier pass: labels, context, boundaries,
/// the candidate reader.
final class IdentifierScanTests: XCTestCase {
    func label(_ text: String) -> (String, LabelSet)? {
        let s = scalars(text)
        return s.withUnsafeBufferPointer { b in
            Labels.match(b, at: 0).map { (substring(s, 0..<$0.end), $0.set) }
        }
    }

    func testLabels() {
        XCTAssertEqual(label("STEUER-ID: 1")?.0, "STEUER-ID")
        XCTAssertEqual(label("Steuernummer 1")?.1, .steuernummer)
        XCTAssertEqual(label("St.-Nr. 21")?.0, "St.-Nr")
        XCTAssertEqual(label("Sécurité sociale 1")?.1, .nir)
        XCTAssertEqual(label("SÉCURITÉ SOCIALE 1")?.1, .nir)
        XCTAssertEqual(label("StNr12/345/67890")?.0, "StNr")  // fused with its value
        XCTAssertEqual(label("Steuer-lD: 1")?.1, .steuerID)  // OCR: l for I
        XCTAssertEqual(label("ldNr 1")?.1, .steuerID)
        XCTAssertEqual(label("B1C COBADEFF")?.1, .bic)
        XCTAssertEqual(label("S0ZIALVERSICHERUNGSNUMMER 1")?.1, Labels.socialInsurance)
        XCTAssertNil(label("Tinte"))  // "tin" only as a word
        XCTAssertNil(label("Bicycle"))
        XCTAssertNil(label("Steuern"))
        // The longest label wins: "Sozialversicherungsnummer", not "Soz…".
        XCTAssertEqual(label("Sozialversicherungsnummer 1")?.1, Labels.socialInsurance)
    }

    func testContextReach() {
        XCTAssertEqual(texts("BSN\n123456782", .nationalID), ["123456782"])
        XCTAssertEqual(texts("BSN\n\n123456782", .nationalID), [])  // two line breaks
        XCTAssertEqual(texts("BSN " + String(repeating: "x ", count: 40) + "123456782", .nationalID), [])
        XCTAssertEqual(texts("BSN 12, 123456782", .nationalID), [])  // another number first
        XCTAssertEqual(texts("bsn: 123456782", .nationalID), ["123456782"])
    }

    func testPipeTableHeaderLabelsTheColumn() {
        let table = """
        | Nr | Name     | Steuernummer  | Betrag   |
        |----|----------|---------------|----------|
        |  1 | Erika    | 21/815/08150  | 1.840,00 |
        |  2 | Max      | 133/8150/8159 | 2.210,00 |
        """
        XCTAssertEqual(texts(table, .taxID), ["21/815/08150", "133/8150/8159"])
        // Another column, a table ended by a line without pipes, or a label inside a cell's text
        // (with a digit between, so that the label on the line above does not count either): no label.
        let other = """
        | Steuernummer | Spalte 2     |
        | x            | 21/815/08150 |
        """
        XCTAssertEqual(texts(other, .taxID), [])
        let ended = """
        | Steuernummer  |
        Text dazwischen.
        | 21/815/08150  |
        """
        XCTAssertEqual(texts(ended, .taxID), [])
        let inText = """
        | Name    | Bemerkung: Steuernummer folgt |
        | Erika 2 | 21/815/08150                  |
        """
        XCTAssertEqual(texts(inText, .taxID), [])
    }

    func testCategoriesStaySeparate() {
        XCTAssertEqual(found("SSN 123-45-6789", [.taxID]).map(\.description), [])
        XCTAssertEqual(found("ITIN 912-70-3456", [.nationalID]).map(\.description), [])
        XCTAssertEqual(found("ITIN 912-70-3456", [.taxID]).map(\.description), ["tax-id:912-70-3456"])
    }

    func testCandidateReader() {
        let s = scalars("12 345/678-90.1 x")
        s.withUnsafeBufferPointer { b in
            var c = Candidate()
            XCTAssertTrue(c.collect(b, from: 0, count: 11, separators: [.space, .slash, .hyphen, .dot]))
            XCTAssertEqual(c.end, 15)
            XCTAssertEqual(c.gaps, Candidate.gapMask([2, 3, 3, 2, 1]))
            XCTAssertEqual(c.used, [.space, .slash, .hyphen, .dot])
            XCTAssertFalse(c.collect(b, from: 0, count: 11, separators: [.space, .slash]))
            XCTAssertFalse(c.collect(b, from: 0, count: 10, separators: [.space, .slash, .hyphen, .dot]))  // glued
        }
        let t = scalars("8O1l5 SB")
        t.withUnsafeBufferPointer { b in
            var c = Candidate(ocr: OCRText([0..<t.count]))
            XCTAssertTrue(c.collect(b, from: 0, count: 5, separators: []))
            XCTAssertEqual(c.digits(0..<5), 2)
            XCTAssertEqual(Array(c.digits[0..<5]), [8, 0, 1, 1, 5])
            XCTAssertTrue(c.collect(b, from: 6, count: 2, separators: []))
            XCTAssertEqual(c.digits(0..<2), -1)  // look-alikes with no digit beside them
            // In a text layer a letter is a letter.
            var layer = Candidate()
            XCTAssertTrue(layer.collect(b, from: 0, count: 5, separators: []))
            XCTAssertEqual(layer.digits(0..<5), -1)
        }
    }

    func testPassportNearMisses() {
        assertNearMissesFail("C01X00T478", .nationalID)
    }

    func testEveryTruncationStaysInBounds() {
        // Cut mid-identifier at every point: scanners look ahead and must stop
        // at the end of the text (debug builds check every index).
        let text = "StNr21/815/08150 Steuer-ID:86095742719 15070649C103 A123456780 T220001293 123-45-6789 "
            + "JG 10 37 59 A 943 476 5919 2 55 08 14 168 025 38 X1234567L RSSMRA85T10A562S BSN 1234.56.782 "
            + "1237 010180 756.1234.5678.97 ATU13585627 NL004495445B01 BIC COBADEFFXXX 00:1A:2B:3C:4D:5E 001a.2b3c.4d5e"
        let all = scalars(text)
        let detector = Detector(config: DetectorConfig(enabled: IdentifierRecognizer.categories))
        XCTAssertEqual(detector.detect(all).map(\.kind), [
            "DE Steuernummer", "DE Steuer-ID", "DE Rentenversicherungsnummer", "DE Krankenversichertennummer",
            "DE Personalausweis", "US SSN", "UK NINO", "UK NHS number", "FR NIR", "ES NIE", "IT codice fiscale",
            "NL BSN", "AT SVNR", "CH AHV", "AT VAT ID", "NL VAT ID", "BIC", "MAC address", "MAC address",
        ])
        for k in 0...all.count {
            for part in [Array(all[0..<k]), Array(all[k...])] {
                for d in detector.detect(part) {
                    XCTAssertTrue(d.range.lowerBound >= 0 && d.range.upperBound <= part.count && !d.range.isEmpty)
                }
            }
        }
    }
}
