import Detect
import RedactCore
import XCTest

/// A page is read in the region it is written for.
final class RegionGuessTests: XCTestCase {
    func regions(_ s: String, _ configured: String = "DE") -> [String] {
        RegionGuess.regions(Array(s.unicodeScalars), configured: configured)
    }

    func testUSLetter() {
        let s = "JOHN Q PUBLIC\n1234 ELM STREET APT 5\nSPRINGFIELD, IL 62701\n\nCall us at (415) 555-0132.\nSincerely,"
        XCTAssertEqual(regions(s).first, "US")
        XCTAssertTrue(regions(s).contains("DE"), "the configured region is still read")
    }

    func testUKLetter() {
        let s = "Mrs Anita Desai\nFlat 3, 27 Cromwell Road\nLONDON SW7 2HR\n\nHMRC\nYours faithfully,"
        XCTAssertEqual(regions(s).first, "GB")
    }

    func testGermanLetterStaysGerman() {
        let s = "Frau Erika Mustermann\nHauptstraße 5\n12345 Musterstadt\n\nSehr geehrte Frau Mustermann,\nTelefon 089/41177203"
        XCTAssertEqual(regions(s), ["DE"])
        XCTAssertEqual(regions(s, "US").first, "US", "no clear evidence for another region: the configured one leads")
    }

    func testMixedPageReadsBoth() {
        let s = "Sehr geehrte Frau Mustermann,\nunser Büro in den USA: 500 Main St, Austin, TX 78701, (512) 555-0199."
        let r = regions(s)
        XCTAssertTrue(r.contains("US") && r.contains("DE"), "\(r)")
    }

    func testUSPhoneIsFoundOnAUSPageWhenConfiguredGerman() {
        // The end to end effect: the number is found only when read the US way.
        let s = "Dear Ms Roe,\nplease call (415) 555-0132 from Springfield, IL 62701."
        let scalars = Array(s.unicodeScalars)
        let region = RegionGuess.regions(scalars, configured: "DE")[0]
        let found = Detector(config: DetectorConfig(defaultRegion: region)).detect(scalars)
        XCTAssertTrue(found.contains { $0.category == .phone }, "\(region)")
    }

    func testSwissAndAustrianLetters() {
        // Francs and street names without ß: Switzerland; `Jänner`, `Polizze`: Austria.
        let ch = "Frau Petra Beispiel\nMusterstrasse 5\n8000 Zürich\n\nBetrag CHF 120.00, bezahlt per Twint, 079 123 45 67"
        XCTAssertEqual(regions(ch).first, "CH")
        XCTAssertTrue(regions(ch).contains("DE"), "the configured region is still read")
        XCTAssertEqual(regions("Polizze Nr. 123\nWien, am 3. Jänner 2025\nTel. +43 1 123 45 67").first, "AT")
        XCTAssertEqual(regions("Sehr geehrte Frau Beispiel,\nHauptstraße 5\n12345 Musterstadt\nBetrag CHF 20"), ["DE"])
    }
}
