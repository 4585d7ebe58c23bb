import Imaging
import RedactCore
import XCTest

/// Ruling lines are read off the rendered page.
final class RuleDetectionTests: XCTestCase {
    func testAVerticalLineIsARuleAndAGlyphEdgeIsNot() {
        var px = Pixmap(width: 100, height: 40)
        // A one-pixel rule at x = 50 over the full height.
        for y in 0..<40 { for c in 0..<3 { px.rgb[(y * 100 + 50) * 3 + c] = 0 } }
        // A short dark blot at x = 20 (a glyph's tail), 10 of 40 rows.
        for y in 15..<25 { for c in 0..<3 { px.rgb[(y * 100 + 20) * 3 + c] = 0 } }
        // Scale 2: points are half pixels.
        XCTAssertTrue(px.hasVerticalRule(in: Rect(x: 24, y: 2, width: 3, height: 16), scale: 2))
        XCTAssertFalse(px.hasVerticalRule(in: Rect(x: 8, y: 2, width: 4, height: 16), scale: 2))
        XCTAssertFalse(px.hasVerticalRule(in: Rect(x: 30, y: 2, width: 10, height: 16), scale: 2))
    }
}
