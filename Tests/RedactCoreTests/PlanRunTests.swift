import XCTest
@testable import RedactCore

/// Runs of glyphs in orders OCR gives for turned scans.
final class PlanRunTests: XCTestCase {
    /// Glyph boxes laid out by `place`; the space has none.
    func text(_ s: String, place: (Int) -> Rect) -> PageText {
        let scalars = Array(s.unicodeScalars)
        return PageText(scalars: scalars, boxes: scalars.indices.map { i in
            scalars[i] == " " ? Rect(x: 0, y: 0, width: 0, height: 0) : place(i)
        })
    }

    func testRightToLeftWordsMakeOneBox() {
        // A page read upside down: each glyph left of the previous one.
        let xs: [Double] = [200, 190, 0, 175, 165]  // glyphs 2 apart, words 7 apart
        let t = text("AB CD") { i in Rect(x: xs[i], y: 100, width: 8, height: 10) }
        let b = RedactionPlan.boxes(for: 0..<5, in: t)
        XCTAssertEqual(b.count, 1)
        XCTAssertLessThanOrEqual(b[0].x, 165)
        XCTAssertGreaterThanOrEqual(b[0].maxX, 208)
    }

    func testPunctuationTouchingARangeIsBurnedWithIt() {
        // "x (ABC). y": the range covers ABC; the brackets and the dot touch it.
        let t = text("x (ABC). y") { i in Rect(x: Double(i) * 10, y: 100, width: 8, height: 10) }
        let b = RedactionPlan.boxes(for: 3..<6, in: t)
        XCTAssertEqual(b.count, 1)
        XCTAssertLessThanOrEqual(b[0].x, 20)  // "(" at 20
        XCTAssertGreaterThanOrEqual(b[0].maxX, 78)  // "." ends at 78
        XCTAssertGreaterThan(b[0].x, 8)  // not "x"
        XCTAssertLessThan(b[0].maxX, 90)  // not "y"
        // Letters touching the range stay out; at most two punctuation scalars a side.
        let w = text("Q-----ABCz") { i in Rect(x: Double(i) * 10, y: 100, width: 8, height: 10) }
        let c = RedactionPlan.boxes(for: 6..<9, in: w)
        XCTAssertGreaterThan(c[0].x, 35)
        XCTAssertLessThan(c[0].maxX, 92)
    }

    func testVerticalColumnMakesOneBox() {
        // A page scanned sideways: glyphs go down one column.
        let t = text("AB CD") { i in Rect(x: 50, y: 100 + Double(i) * 8, width: 12, height: 6) }
        let b = RedactionPlan.boxes(for: 0..<5, in: t)
        XCTAssertEqual(b.count, 1)
        XCTAssertLessThanOrEqual(b[0].y, 100)
        XCTAssertGreaterThanOrEqual(b[0].maxY, 138)
        // Padded by the glyph size (the column's width), not its length.
        XCTAssertGreaterThan(b[0].x, 50 - 3)
        XCTAssertLessThan(b[0].maxX, 62 + 3)
    }

    func testNextLineBelowARunIsStillItsOwnBox() {
        // "ABCD" on one line, "EF" starting under "A" on the next: two boxes.
        let t = PageText(scalars: Array("ABCDEF".unicodeScalars), boxes: [
            Rect(x: 10, y: 100, width: 8, height: 10), Rect(x: 20, y: 100, width: 8, height: 10),
            Rect(x: 30, y: 100, width: 8, height: 10), Rect(x: 40, y: 100, width: 8, height: 10),
            Rect(x: 10, y: 112, width: 8, height: 10), Rect(x: 20, y: 112, width: 8, height: 10),
        ])
        XCTAssertEqual(RedactionPlan.boxes(for: 0..<6, in: t).count, 2)
    }

    func testFarColumnToTheLeftIsNotJoined() {
        let t = PageText(scalars: Array("AB".unicodeScalars), boxes: [
            Rect(x: 300, y: 100, width: 8, height: 10), Rect(x: 100, y: 100, width: 8, height: 10),
        ])
        XCTAssertEqual(RedactionPlan.boxes(for: 0..<2, in: t).count, 2)
    }
}
