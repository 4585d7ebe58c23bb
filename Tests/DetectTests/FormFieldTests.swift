import Detect
import RedactCore
import XCTest

/// Form fields whose value stands on the line below its label, and names
/// in a bank statement's booking text.
final class FormFieldTests: XCTestCase {
    func found(_ s: String) -> [(Category, String)] {
        let sc = Array(s.unicodeScalars)
        return Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
    }

    func testOneWordBelowAColonLabelIsTheValue() {
        let f = found("Antrag auf Anwohnerparken\n\nFamilienname:\nQuast\nVorname:\nJorinde\nGeburtsdatum:\n14.09.1986")
        XCTAssertTrue(f.contains { $0 == (.name, "Quast") }, "\(f)")
        XCTAssertTrue(f.contains { $0 == (.name, "Jorinde") }, "\(f)")
    }

    func testAHeaderWithoutAColonIsNotAField() {
        // A table header `Name` above a product is no form field.
        let f = found("Name\nBüromaterial\nMenge\n4")
        XCTAssertFalse(f.contains { $0.0 == .name }, "\(f)")
    }

    func testNamesAfterBookingWords() {
        let f = found("11.03.\tÜberweisung Tobias Quast\tDE53 2374 1840 4948 3669 46\t-300,00")
        XCTAssertTrue(f.contains { $0 == (.name, "Tobias Quast") }, "\(f)")
    }
}
