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
            var c = Candidate()
            XCTAssertTrue(c.collect(b, from: 0, count: 5, separators: []))
            XCTAssertEqual(c.digits(0..<5), 2)
            XCTAssertEqual(Array(c.digits[0..<5]), [8, 0, 1, 1, 5])
            XCTAssertTrue(c.collect(b, from: 6, count: 2, separators: []))
            XCTAssertEqual(c.digits(0..<2), -1)  // look-alikes with no digit beside them
        }
    }

    func testPassportNearMisses() {
        assertNearMissesFail("C01X00T478", .nationalID)
    }
}
