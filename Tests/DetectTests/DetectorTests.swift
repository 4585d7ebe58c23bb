import Dispatch
import RedactCore
import Synchronization
import XCTest

@testable import Detect

final class DetectorTests: XCTestCase {
    let german = """
        Erika Beispiel · Musterweg 12 · 10115 Berlin
        Telefon: 030 12345678 · E-Mail: erika.beispiel@example.de · www.erika-beispiel.de

        Rechnung Nr. 2024-004512 vom 12.03.2024
        Sehr geehrter Herr Mustermann,
        bitte überweisen Sie 1.234,56 EUR bis zum 30.04.2024 auf das Konto
        IBAN DE89 3704 0044 0532 0130 00 (BIC COBADEFFXXX).
        Alternativ per Kreditkarte 4111 1111 1111 1111. Zugriff von 192.0.2.17 am 12.03.2024 um 12:30.
        """

    let english = """
        John Example, 221 Example Street, London
        Phone +44 20 7946 0018, mail john@example.co.uk, https://example.co.uk/account?id=7
        Please pay GBP 1,234.56 to GB82 WEST 1234 5698 7654 32 by 30/04/2024.
        Card on file: 5555-5555-5555-4444. Login from 2001:db8::8a2e:370:7334 at 12:30.
        """

    func testGermanLetter() {
        XCTAssertEqual(found(german).map(\.description), [
            "name:Erika Beispiel",
            "address:Musterweg 12 · 10115 Berlin",
            "phone:030 12345678",
            "email:erika.beispiel@example.de",
            "url:www.erika-beispiel.de",
            "reference:2024-004512",
            "name:Mustermann",
            "iban:DE89 3704 0044 0532 0130 00",
            "bic:COBADEFFXXX",
            "card:4111 1111 1111 1111",
            "ip:192.0.2.17",
        ])
    }

    func testEnglishLetter() {
        XCTAssertEqual(found(english).map(\.description), [
            "name:John Example",
            "address:221 Example Street, London",  // the town after the street is the address too
            "phone:+44 20 7946 0018",
            "email:john@example.co.uk",
            "url:https://example.co.uk/account?id=7",
            "iban:GB82 WEST 1234 5698 7654 32",
            "card:5555-5555-5555-4444",
            "ip:2001:db8::8a2e:370:7334",
        ])
    }

    func testSortedAndDeterministic() {
        let s = scalars(german + "\n" + english)
        let d = Detector().detect(s)
        XCTAssertEqual(d, Detector().detect(s))
        XCTAssertEqual(d.map(\.range.lowerBound), d.map(\.range.lowerBound).sorted())
    }

    func testDisabledCategoriesAreNotDetected() {
        let config = DetectorConfig(enabled: [.email])
        let d = Detector(config: config).detect(scalars(german))
        XCTAssertEqual(d.map(\.category), [.email])
        XCTAssertEqual(Detector(config: DetectorConfig(enabled: [])).detect(scalars(german)), [])
    }

    func testDefaults() {
        let config = DetectorConfig()
        XCTAssertEqual(config.defaultRegion, "DE")
        XCTAssertFalse(config.enabled.contains(.term))
        XCTAssertEqual(config.enabled.count, Category.allCases.count - 1)
    }

    func testEmptyAndOddInput() {
        XCTAssertEqual(Detector().detect([]), [])
        XCTAssertEqual(Detector().detect(scalars("\u{0}\u{0}@@::..  ++ ((")), [])
        XCTAssertEqual(Detector().detect(scalars(String(repeating: "9", count: 10_000))), [])
    }

    func testMergeOverlappingSameCategory() {
        let a = Detection(category: .phone, range: 5..<10, confidence: 0.7, reason: .pattern)
        let b = Detection(category: .phone, range: 8..<14, confidence: 0.9, reason: .context)
        let c = Detection(category: .email, range: 6..<9, confidence: 0.95, reason: .pattern)
        let d = Detection(category: .phone, range: 14..<16, confidence: 0.5, reason: .pattern)
        let merged = Detector.mergedAndSorted([d, c, b, a])
        XCTAssertEqual(merged, [
            Detection(category: .phone, range: 5..<14, confidence: 0.9, reason: .context),
            Detection(category: .email, range: 6..<9, confidence: 0.95, reason: .pattern),
            Detection(category: .phone, range: 14..<16, confidence: 0.5, reason: .pattern),
        ])
    }

    func testConcurrentUseGivesTheSameResults() {
        // libphonenumber is shared by all threads; pages are detected in parallel.
        let s = scalars(german + "\n" + english)
        let expected = Detector().detect(s)
        let detector = Detector()
        let results = Mutex<[[Detection]]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let d = detector.detect(s)
            results.withLock { $0.append(d) }
        }
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 16)
        for d in all { XCTAssertEqual(d, expected) }
    }

    func testThroughputSmoke() {
        // Not a benchmark (debug build); makes sure nothing is quadratic.
        let page = german + "\n" + english + "\n"
        let text = String(repeating: page, count: 200)  // ~200 KB
        let s = scalars(text)
        let start = DispatchTime.now()
        let d = Detector().detect(s)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertEqual(d.count, 19 * 200)
        XCTAssertLessThan(seconds, 20)
    }
}
