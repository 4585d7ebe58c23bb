@testable import Imaging
import RedactCore
import XCTest

/// The ink search's fast paths answer what the plain definitions answer:
/// rules found by run counting, and a gray page read like its RGB twin.
final class InkRegionsSpeedPathTests: XCTestCase {
    /// The definition: a cell is cleared when it lies in a horizontal or a
    /// vertical run of ink at least `length` long, runs taken on the ink as
    /// it came.
    static func reference(_ ink: [Bool], width w: Int, height h: Int, length: Int) -> [Bool] {
        var rule = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            var x = 0
            while x < w {
                guard ink[y * w + x] else { x += 1; continue }
                var e = x
                while e < w && ink[y * w + e] { e += 1 }
                if e - x >= length { for i in x..<e { rule[y * w + i] = true } }
                x = e
            }
        }
        for x in 0..<w {
            var y = 0
            while y < h {
                guard ink[y * w + x] else { y += 1; continue }
                var e = y
                while e < h && ink[e * w + x] { e += 1 }
                if e - y >= length { for r in y..<e { rule[r * w + x] = true } }
                y = e
            }
        }
        return zip(ink, rule).map { $0 && !$1 }
    }

    func testRulesMatchTheDefinitionOnRandomInk() {
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng }
        for trial in 0..<200 {
            let w = 1 + Int(next() % 40), h = 1 + Int(next() % 40), length = 1 + Int(next() % 12)
            // Dense, sparse, and long strokes across and down.
            let density = [2, 5, 9][trial % 3]
            var ink = (0..<(w * h)).map { _ in next() % 10 < density }
            if trial % 4 == 0, h > 2 { let y = Int(next() % UInt64(h)); for x in 0..<w { ink[y * w + x] = true } }
            if trial % 5 == 0, w > 2 { let x = Int(next() % UInt64(w)); for y in 0..<h { ink[y * w + x] = true } }
            var fast = ink
            InkRegions.removeRules(&fast, width: w, height: h, length: length)
            XCTAssertEqual(fast, Self.reference(ink, width: w, height: h, length: length),
                           "trial \(trial): \(w) x \(h), length \(length)")
        }
    }

    func testAGrayPageGivesTheRegionsOfItsRGBTwin() {
        let w = 400, h = 300
        var rgb = Pixmap(width: w, height: h)
        // Blocks of ink of several grays, one a long rule, one under a glyph box.
        func block(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) {
            for y in y0..<y1 { for x in x0..<x1 { for c in 0..<3 { rgb.rgb[(y * w + x) * 3 + c] = v } } }
        }
        block(20, 20, 60, 40, 0)
        block(100, 30, 140, 36, 169)   // just dark enough
        block(100, 60, 140, 66, 170)   // just too light
        block(10, 200, 390, 202, 0)    // a rule
        block(200, 100, 230, 130, 40)
        let explained = [Rect(x: 200 / 2.0833, y: 100 / 2.0833, width: 30 / 2.0833, height: 30 / 2.0833)]
        let gray = rgb.compacted()
        XCTAssertEqual(gray.channels, 1)
        let a = InkRegions.find(in: rgb, scale: 2.0833, explained: explained)
        let b = InkRegions.find(in: gray, scale: 2.0833, explained: explained)
        XCTAssertFalse(a.isEmpty)
        XCTAssertEqual(a, b)
    }
}
