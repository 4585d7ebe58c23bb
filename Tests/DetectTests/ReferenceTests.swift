import RedactCore
import XCTest

@testable import Detect

final class ReferenceTests: XCTestCase {
    func refs(_ text: String) -> [String] { texts(text, .reference) }

    func testGermanLabels() {
        XCTAssertEqual(refs("Aktenzeichen: 3 K 1234/23"), ["3 K 1234/23"])
        XCTAssertEqual(refs("Az.: 12 O 345/23"), ["12 O 345/23"])
        XCTAssertEqual(refs("Kundennummer: 123 456 789"), ["123 456 789"])
        XCTAssertEqual(refs("Kunden-Nr. 4711-0815"), ["4711-0815"])
        XCTAssertEqual(refs("Kd.-Nr.: KD-99812"), ["KD-99812"])
        XCTAssertEqual(refs("Vertragsnummer 2020/556677"), ["2020/556677"])
        XCTAssertEqual(refs("Versicherungsnummer: VS.44.1290.77"), ["VS.44.1290.77"])
        XCTAssertEqual(refs("Mitgliedsnummer 000123456"), ["000123456"])
        XCTAssertEqual(refs("Personalnummer: 07731"), ["07731"])
        XCTAssertEqual(refs("Patientennummer: P-2231-A"), ["P-2231-A"])
        XCTAssertEqual(refs("Ihr Zeichen: AB/12-345"), ["AB/12-345"])
        XCTAssertEqual(refs("Rechnungsnummer: RE-2024-0012"), ["RE-2024-0012"])
    }

    func testEnglishLabels() {
        XCTAssertEqual(refs("Case No. 2023-CV-00417"), ["2023-CV-00417"])
        XCTAssertEqual(refs("Policy number: PX-44-1234/B"), ["PX-44-1234/B"])
        XCTAssertEqual(refs("Customer ID: 88213"), ["88213"])
        XCTAssertEqual(refs("Account: 12345678"), ["12345678"])
        XCTAssertEqual(refs("Our ref: JS/4471"), ["JS/4471"])
        XCTAssertEqual(refs("Reference 7781-ZX."), ["7781-ZX"])
    }

    func testFusedNextLineAndTable() {
        XCTAssertEqual(refs("Kundennummer:4471123"), ["4471123"])
        XCTAssertEqual(refs("Kundennr12345"), ["12345"])
        XCTAssertEqual(refs("Vertragsnummer\nV-2231-99"), ["V-2231-99"])
        let table = """
            Datum        Kundennummer    Betrag
            12.03.2024   K-55123         12,50 EUR
            """
        XCTAssertEqual(refs(table), ["K-55123"])
    }

    func testMoreLabels() {
        XCTAssertEqual(refs("Geschäftszahl: GKK-S-2023/44120"), ["GKK-S-2023/44120"])
        XCTAssertEqual(refs("Mieternummer: WH3-11-0042"), ["WH3-11-0042"])
        XCTAssertEqual(refs("Strom   Zähler 9XYZ0012345678   01.01.-31.12."), ["9XYZ0012345678"])
        XCTAssertEqual(refs("Personalnr. 55102"), ["55102"])
        XCTAssertEqual(refs("Hospital no.: K3390217"), ["K3390217"])
        XCTAssertEqual(refs("(support case SUP-20931)"), ["SUP-20931"])
        // "case" alone is an English word: no reference after it.
        XCTAssertEqual(refs("Average loss per case: GBP 412."), [])
    }

    func testNotValues() {
        XCTAssertEqual(refs("Bitte geben Sie Ihre Kundennummer an."), [])
        XCTAssertEqual(refs("with reference to your letter"), [])
        XCTAssertEqual(refs("Ihre Rechnung vom 12.03.2024"), [])
        XCTAssertEqual(refs("Rechnung 12.03.2024"), [])
        XCTAssertEqual(refs("Konto IBAN DE89 3704 0044 0532 0130 00"), [])
        XCTAssertEqual(refs("Konto: DE89370400440532013000"), [])
        XCTAssertEqual(refs("Privacy Policy 2024"), [])
        XCTAssertEqual(refs("Phoenix, AZ 85001"), [])
        // The bank code of a person's account is theirs too (corpus rule 6).
        XCTAssertEqual(refs("Konto 1234567890 BLZ 10020030"), ["1234567890", "10020030"])
    }

    func testKindAndConfidence() {
        let d = detections("Kundennummer: 4471123", .reference)
        XCTAssertEqual(d.map(\.kind), ["label Kundennummer"])
        XCTAssertEqual(d.map(\.reason), [.context])
        let inv = detections("Rechnungsnummer: RE-2024-0012", .reference)
        XCTAssertLessThan(inv.first?.confidence ?? 1, d.first?.confidence ?? 0)
    }
}
