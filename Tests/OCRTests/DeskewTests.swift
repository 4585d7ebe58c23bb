import XCTest
import RedactCore
@testable import OCR

final class DeskewTests: XCTestCase {
    /// A page of "text": rows of dark word-like bars on white.
    static func page(width: Int = 1000, height: Int = 700) -> GrayImage {
        var b = [UInt8](repeating: 250, count: width * height)
        var seed: UInt64 = 7
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        var y = 80
        while y + 14 < height - 80 {
            var x = 100
            while x < width - 100 {
                let len = 30 + next() % 90
                for yy in y..<(y + 14) {
                    for xx in x..<min(width - 100, x + len) where next() % 5 != 0 { b[yy * width + xx] = 20 }
                }
                x += len + 15 + next() % 20
            }
            y += 36
        }
        return GrayImage(width: width, height: height, bytes: b)
    }

    func testFindsTheAngleEitherWay() throws {
        let level = Self.page()
        XCTAssertEqual(try XCTUnwrap(Deskew.estimate(level)).degrees, 0, accuracy: 0.1)
        XCTAssertFalse(Deskew.worthTurning(try XCTUnwrap(Deskew.estimate(level))))
        for tilt in [-9.0, -2.5, 6.0, 12.0] {
            // Turning a level page by -tilt makes its lines descend by tilt.
            let tilted = level.straightened(-tilt).image
            let e = try XCTUnwrap(Deskew.estimate(tilted), "\(tilt)")
            XCTAssertEqual(e.degrees, tilt, accuracy: 0.2, "\(tilt)")
            XCTAssertTrue(Deskew.worthTurning(e), "\(tilt): gain \(e.gain)")
            // Straightened by the estimate, the lines run level again.
            let again = try XCTUnwrap(Deskew.estimate(tilted.straightened(e.degrees).image))
            XCTAssertEqual(again.degrees, 0, accuracy: 0.2, "\(tilt)")
        }
    }

    func testNothingToMeasureOnABlankOrDarkImage() {
        XCTAssertNil(Deskew.estimate(GrayImage(width: 300, height: 200, bytes: [UInt8](repeating: 255, count: 60_000))))
        XCTAssertNil(Deskew.estimate(GrayImage(width: 300, height: 200, bytes: [UInt8](repeating: 0, count: 60_000))))
    }

    func testNoiseIsNotWorthTurning() {
        var seed: UInt64 = 3
        let bytes = (0..<(800 * 600)).map { _ -> UInt8 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return (seed >> 40) % 9 == 0 ? 0 : 255
        }
        if let e = Deskew.estimate(GrayImage(width: 800, height: 600, bytes: bytes)) {
            XCTAssertFalse(Deskew.worthTurning(e), "noise read as \(e)")
        }
    }

    func testBoxesMapBackOntoTheInkTheyCame() throws {
        let tilted = Self.page().straightened(-7).image
        let (straight, back) = tilted.straightened(7)
        XCTAssertGreaterThan(straight.width, tilted.width)
        var checked = 0
        for y in stride(from: 0, to: straight.height, by: 23) {
            for x in stride(from: 0, to: straight.width, by: 17) where straight.bytes[y * straight.width + x] < 60 {
                let r = back(Rect(x: Double(x), y: Double(y), width: 1, height: 1))
                let sx = Int(r.x + r.width / 2), sy = Int(r.y + r.height / 2)
                XCTAssertLessThan(tilted.bytes[sy * tilted.width + sx], 200, "(\(x),\(y)) -> (\(sx),\(sy))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
        // A box never shrinks when mapped back.
        let b = back(Rect(x: 100, y: 100, width: 200, height: 20))
        XCTAssertGreaterThanOrEqual(b.width, 200)
        XCTAssertGreaterThanOrEqual(b.height, 20)
    }
}
