import CLeptonica
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

/// EXIF orientation, read as the EXIF 2.3 text states each value ("the 0th
/// row is the visual right-hand side, the 0th column the visual top" for 6),
/// and applied to the pixels.
final class OrientationTests: XCTestCase {
    /// The stored image that shows as `display` under orientation `o`: each
    /// stored pixel is placed where the specification's wording puts it.
    func stored(for display: Pixmap, orientation o: Int) -> Pixmap {
        let transposed = o >= 5
        let sw = transposed ? display.height : display.width
        let sh = transposed ? display.width : display.height
        let dw = display.width, dh = display.height
        var px = [UInt8](repeating: 0, count: sw * sh * 3)
        for sy in 0..<sh {
            for sx in 0..<sw {
                let (x, y): (Int, Int)
                switch o {
                case 1: (x, y) = (sx, sy)
                case 2: (x, y) = (dw - 1 - sx, sy)            // row 0 top, column 0 right
                case 3: (x, y) = (dw - 1 - sx, dh - 1 - sy)   // row 0 bottom, column 0 right
                case 4: (x, y) = (sx, dh - 1 - sy)            // row 0 bottom, column 0 left
                case 5: (x, y) = (sy, sx)                     // row 0 left, column 0 top
                case 6: (x, y) = (dw - 1 - sy, sx)            // row 0 right, column 0 top
                case 7: (x, y) = (dw - 1 - sy, dh - 1 - sx)   // row 0 right, column 0 bottom
                default: (x, y) = (sy, dh - 1 - sx)           // 8: row 0 left, column 0 bottom
                }
                let s = (sy * sw + sx) * 3, d = (y * dw + x) * 3
                px[s] = display.rgb[d]; px[s + 1] = display.rgb[d + 1]; px[s + 2] = display.rgb[d + 2]
            }
        }
        return Pixmap(width: sw, height: sh, rgb: px)
    }

    let display = Make.blocks(cols: 3, rows: 2)   // 48 x 32, six colours

    func testStoredImagesMatchTheWellKnownTurns() {
        // 6 is "rotate 90 degrees clockwise to view": the stored top row
        // becomes the right column; 8 the left column; 3 the bottom row.
        let red = Make.blockColour(0, 0)
        func px(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] { Array(p.rgb[((y * p.width + x) * 3)..<((y * p.width + x) * 3 + 3)]) }
        let s6 = stored(for: display, orientation: 6)
        XCTAssertEqual(px(s6, 0, s6.height - 1), [red.0, red.1, red.2])   // display top-left = stored bottom-left
        let s8 = stored(for: display, orientation: 8)
        XCTAssertEqual(px(s8, s8.width - 1, 0), [red.0, red.1, red.2])
        let s3 = stored(for: display, orientation: 3)
        XCTAssertEqual(px(s3, s3.width - 1, s3.height - 1), [red.0, red.1, red.2])
    }

    func testAllEightOrientationsInJPEGBothByteOrders() throws {
        for o in 1...8 {
            for little in [false, true] {
                let s = stored(for: display, orientation: o)
                let jpeg = try Make.file(s, format: Int32(IFF_JFIF_JPEG))
                let app1 = Make.segment(0xE1, Array("Exif".utf8) + [0, 0] + Make.exifTIFF(orientation: o, littleEndian: little))
                let file = Make.inserting([app1], into: jpeg)
                let d = try ImageDecoder.decode(file, caps: ImageCaps())
                XCTAssertEqual(d.count, 1)
                XCTAssertEqual(d[0].pixels.width, 48, "orientation \(o)")
                XCTAssertEqual(d[0].pixels.height, 32, "orientation \(o)")
                XCTAssertLessThan(Make.maxCentreDiff(d[0].pixels, display), 24, "orientation \(o) little \(little)")
            }
        }
    }

    func testAllEightOrientationsInPNGeXIf() throws {
        for o in 1...8 {
            let s = stored(for: display, orientation: o)
            let png = Make.insertingAfterIHDR(
                Make.pngChunk("eXIf", Make.exifTIFF(orientation: o, littleEndian: o % 2 == 0)),
                into: ImageEncoder.png(s))
            let d = try ImageDecoder.decode(png, caps: ImageCaps())
            XCTAssertTrue(d[0].pixels == display, "orientation \(o) \(d[0].pixels.width)x\(d[0].pixels.height)")
        }
    }

    func testAllEightOrientationsInTIFF() throws {
        for o in 1...8 {
            let tiff = try Make.tiff(stored(for: display, orientation: o), orientation: o)
            let d = try ImageDecoder.decode(tiff, caps: ImageCaps())
            XCTAssertTrue(d[0].pixels == display, "orientation \(o) \(d[0].pixels.width)x\(d[0].pixels.height)")
        }
    }

    func testBadOrientationValuesAreIgnoredNotTrusted() throws {
        let jpeg = try Make.file(display, format: Int32(IFF_JFIF_JPEG))
        for o in [0, 9, 0xFFFF] {
            let app1 = Make.segment(0xE1, Array("Exif".utf8) + [0, 0] + Make.exifTIFF(orientation: o, littleEndian: true))
            let d = try ImageDecoder.decode(Make.inserting([app1], into: jpeg), caps: ImageCaps())
            XCTAssertLessThan(Make.maxCentreDiff(d[0].pixels, display), 24)
        }
        // An IFD offset pointing far outside the block: no crash, no turn.
        var broken = Make.exifTIFF(orientation: 6, littleEndian: true)
        broken[4] = 0xF0; broken[5] = 0xFF; broken[6] = 0xFF; broken[7] = 0x7F
        let app1 = Make.segment(0xE1, Array("Exif".utf8) + [0, 0] + broken)
        let d = try ImageDecoder.decode(Make.inserting([app1], into: jpeg), caps: ImageCaps())
        XCTAssertEqual(d[0].pixels.width, 48)
    }
}
