import RedactCore
import XCTest

@testable import Detect

/// The context recognizers index tokens around labels a lot: text that
/// ends right after a label, or is made of label pieces in any order, must
/// not trap, and the results stay inside the text and sorted.
final class ContextRobustnessTests: XCTestCase {
    let pieces = [
        "Herr", "Frau", "Herrn", "Dr.", "Prof", "Name:", "Kontoinhaber", "geb.", "Geburtsdatum", "*", "DOB",
        "Kundennummer", "Az.", "Kennzeichen", "Registration", "Mit freundlichen Grüßen", "Kind regards", "Postfach",
        "PO", "Box", "Flat", "Unit", "Am", "Musterstraße", "Str.", "Weg", "Street", "rue", "D-", "CH-", "12", "5a",
        "221B", "10115", "8001", "1234", "AB", "SW1A", "2AA", "IL", "62704", "-", "/", ".", ",", ":", "(", ")",
        "\n", "\n\n", "  ", "\t", "·", "|", "Berlin", "Anna", "Fischer", "Koch", "März", "12.03.1980", "1980",
        "i.", "A.", "c/o", "und", "von", "GmbH", "ü", "e\u{301}", "Ø", "ß", "12th", "of", "March", "B-AB", "123E",
        "Patient", "gez.", "House", "Tobias", "Quast", "l2", "O3", "198O", "Name, Vorname:", "Von:", "AZ", "Thanks",
        "Sehr geehrte", "Mieterinnen", "Musterbank", "Kapitel", "Apt", "#", "1234AB", "NW1", "6XE", "WI", "53703",
    ]

    func testRandomLabelSoupDoesNotTrap() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<6000 {
            let n = Int(rng.next() % 12) + 1
            var s = ""
            for _ in 0..<n {
                s += pieces[Int(rng.next() % UInt64(pieces.count))]
                if rng.next() % 3 != 0 { s += " " }
            }
            let sc = scalars(s)
            let d = Detector(config: DetectorConfig(enabled: ContextRecognizers.categories)).detect(sc)
            for x in d {
                XCTAssertTrue(x.range.lowerBound >= 0 && x.range.upperBound <= sc.count && !x.range.isEmpty, s)
            }
        }
    }

    func testTextEndingAfterALabel() {
        for s in ["Herr", "Herrn\n", "Dr.", "Name:", "geb.", "*", "Kundennummer:", "Kennzeichen", "Postfach", "12",
                  "Musterstraße", "Mit freundlichen Grüßen\n", "10115", "SW1A", "IL 6270", "Flat 2,"] {
            XCTAssertEqual(Detector(config: DetectorConfig(enabled: ContextRecognizers.categories)).detect(scalars(s)), [], s)
        }
    }

    func testLongRepetitiveLinesStayLinear() {
        // Quadratic work here would take minutes in a debug build.
        let titles = String(repeating: "Dr. ", count: 20_000) + "Mustermann"
        XCTAssertEqual(texts(titles, .name).count, 1)
        let glued = "Kundennummer: " + String(repeating: "1-", count: 20_000) + "1"
        let d = detections(String(repeating: glued + "\n", count: 20), .reference)
        XCTAssertEqual(d.count, 20)
    }

    func testCategoriesSwitchOffIndependently() {
        let text = "Herrn\nMax Mustermann\nHauptstr. 5\n10115 Berlin\nKundennummer: 4711\ngeb. 12.03.1980\nKennzeichen: B-AB 1234"
        for c in ContextRecognizers.categories {
            let d = Detector(config: DetectorConfig(enabled: [c])).detect(scalars(text))
            XCTAssertFalse(d.isEmpty, c.rawValue)
            XCTAssertTrue(d.allSatisfy { $0.category == c }, c.rawValue)
        }
    }
}

/// A tiny deterministic generator (SplitMix64) so the soup is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
