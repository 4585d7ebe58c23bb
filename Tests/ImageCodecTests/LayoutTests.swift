import CLeptonica
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

/// The pixel layouts files come in (palette, 1 bit, 16 bit, progressive,
/// fax-compressed) all arrive as the same RGB8 pixels.
final class LayoutTests: XCTestCase {
    func write(_ pix: LeptPix, _ format: Int32) throws -> [UInt8] {
        try Make.take { pixWriteMem(&$0, &$1, pix.pix, format) }
    }

    func decode(_ bytes: [UInt8]) throws -> Pixmap {
        let d = try ImageDecoder.decode(bytes, caps: ImageCaps())
        XCTAssertEqual(d.count, 1)
        return d[0].pixels
    }

    func testPalettedImagesInPNGBMPTIFFAndGIF() throws {
        let src = Make.blocks(cols: 3, rows: 2)                   // 12 colours: fits a palette exactly
        let rgb = try XCTUnwrap(LeptPix.make(src, gray: false))
        let cmapped = try XCTUnwrap(LeptPix(pixConvertRGBToColormap(rgb.pix, 0)))
        XCTAssertNotNil(pixGetColormap(cmapped.pix))
        for format in [IFF_PNG, IFF_BMP, IFF_TIFF_ZIP, IFF_GIF] {
            let out = try decode(try write(cmapped, Int32(format)))
            XCTAssertLessThanOrEqual(Make.maxDiff(out, src), 8, "format \(format)")
        }
    }

    func testOneBitImagesInG4TIFFAndPNG() throws {
        let gray = Make.grayNoise(width: 64, height: 16)
        let g8 = try XCTUnwrap(LeptPix.make(gray, gray: true))
        let bin = try XCTUnwrap(LeptPix(pixThresholdToBinary(g8.pix, 128)))
        XCTAssertEqual(pixGetDepth(bin.pix), 1)
        for format in [IFF_TIFF_G4, IFF_PNG] {
            let out = try decode(try write(bin, Int32(format)))
            XCTAssertTrue(out.isGray)
            for i in 0..<(64 * 16) {
                // Below the threshold is ink (black), else paper (white).
                XCTAssertEqual(out.rgb[i * 3], gray.rgb[i * 3] < 128 ? 0 : 255, "format \(format) pixel \(i)")
            }
        }
    }

    func testSixteenBitPNGBecomesEightBit() throws {
        let gray = Make.grayNoise(width: 20, height: 10)
        let g8 = try XCTUnwrap(LeptPix.make(gray, gray: true))
        let g16 = try XCTUnwrap(LeptPix(pixConvert8To16(g8.pix, 8)))
        let png = try Make.take { pixWriteMemPng(&$0, &$1, g16.pix, 0) }
        XCTAssertEqual(png[24], 16, "fixture should be a 16-bit PNG")
        XCTAssertEqual(try decode(png), gray)
    }

    func testProgressiveAndGrayJPEG() throws {
        let src = Make.blocks(cols: 3, rows: 2)
        let pix = try XCTUnwrap(LeptPix.make(src, gray: false))
        let progressive = try Make.take { pixWriteMemJpeg(&$0, &$1, pix.pix, 90, 1) }
        XCTAssertTrue(Make.jpegMarkers(progressive).contains { $0.marker == 0xC2 }, "fixture should be progressive")
        XCTAssertLessThan(Make.maxCentreDiff(try decode(progressive), src), 24)

        let gray = Make.grayNoise(width: 32, height: 32)
        let g = try XCTUnwrap(LeptPix.make(gray, gray: true))
        let gj = try Make.take { pixWriteMemJpeg(&$0, &$1, g.pix, 95, 0) }
        let out = try decode(gj)
        XCTAssertTrue(out.isGray)
        XCTAssertLessThan(Make.maxCentreDiff(out, gray), 24)
    }
}
