import XCTest
@testable import OCR

final class BackgroundTests: XCTestCase {
    /// Dark bars ("text") on paper that darkens from 245 on the left to
    /// `right` on the right.
    static func shadowed(right: Int, width: Int = 640, height: Int = 320) -> GrayImage {
        var b = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let paper = 245 - (245 - right) * x / (width - 1)
                let ink = (y / 16) % 3 == 1 && (x / 24) % 4 != 3
                b[y * width + x] = UInt8(ink ? paper / 8 : paper)
            }
        }
        return GrayImage(width: width, height: height, bytes: b)
    }

    /// Only a page with no second value at all counts as blank: one pixel a
    /// single level off (faint ink) makes it a page to read.
    func testBlankMeansEveryPixelAlike() {
        var b = [UInt8](repeating: 255, count: 300 * 200)
        XCTAssertTrue(GrayImage(width: 300, height: 200, bytes: b).isUniform)
        b[300 * 199 + 299] = 254
        XCTAssertFalse(GrayImage(width: 300, height: 200, bytes: b).isUniform)
        XCTAssertTrue(GrayImage(width: 1, height: 1, bytes: [0]).isUniform)
        XCTAssertFalse(Self.shadowed(right: 235).isUniform)
    }

    func testAnEvenPageIsLeftAlone() {
        XCTAssertNil(Self.shadowed(right: 235).flattenedBackground())
    }

    func testAShadowIsLiftedAndTheTextKept() throws {
        let img = Self.shadowed(right: 110)
        let flat = try XCTUnwrap(img.flattenedBackground())
        XCTAssertEqual(flat.width, img.width)
        var paperMin = 255, inkMax = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                let ink = (y / 16) % 3 == 1 && (x / 24) % 4 != 3
                let v = Int(flat.bytes[y * img.width + x])
                if ink { inkMax = max(inkMax, v) } else { paperMin = min(paperMin, v) }
            }
        }
        // Before: the paper on the right (110) is darker than half-grey; after,
        // all paper is near white and all ink well below it.
        XCTAssertGreaterThan(paperMin, 200)
        XCTAssertLessThan(inkMax, 80)
    }

    func testADarkBlockSmallerThanTheReachIsNotTakenForPaper() throws {
        var img = Self.shadowed(right: 100)
        // A black box of 40 x 40 pixels in the bright half.
        for y in 140..<180 { for x in 100..<140 { img.bytes[y * img.width + x] = 0 } }
        let flat = try XCTUnwrap(img.flattenedBackground())
        for y in 145..<175 { for x in 105..<135 { XCTAssertLessThan(flat.bytes[y * img.width + x], 40) } }
    }
}
