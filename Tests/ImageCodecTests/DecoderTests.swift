import CLeptonica
import Foundation
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

final class DecoderTests: XCTestCase {
    let caps = ImageCaps()

    func decodeOne(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> DecodedImage {
        let out = try ImageDecoder.decode(bytes, caps: caps)
        XCTAssertEqual(out.count, 1, file: file, line: line)
        return try XCTUnwrap(out.first, file: file, line: line)
    }

    func testSniffReadsMagicOnly() throws {
        let src = Make.blocks(cols: 3, rows: 2)
        XCTAssertEqual(ImageFormat.sniff(try Make.file(src, format: Int32(IFF_PNG))), .png)
        XCTAssertEqual(ImageFormat.sniff(try Make.file(src, format: Int32(IFF_JFIF_JPEG))), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(try Make.file(src, format: Int32(IFF_TIFF_ZIP))), .tiff)
        XCTAssertEqual(ImageFormat.sniff(try Make.file(src, format: Int32(IFF_BMP))), .bmp)
        XCTAssertEqual(ImageFormat.sniff(try Make.file(src, format: Int32(IFF_GIF))), .gif)
        XCTAssertEqual(ImageFormat.sniff(try Make.webpLossless(src)), .webp)
        XCTAssertNil(ImageFormat.sniff(Array("%PDF-1.7\n".utf8)))
        XCTAssertNil(ImageFormat.sniff(Array("BMW is a car".utf8)))
        XCTAssertNil(ImageFormat.sniff(Array("RIFF\0\0\0\0WAVE".utf8)))
        XCTAssertNil(ImageFormat.sniff([0x89, 0x50, 0x4E]))
        XCTAssertNil(ImageFormat.sniff([]))
    }

    /// Lossless formats come back pixel for pixel.
    func testLosslessFormatsRoundTripExactly() throws {
        let src = Make.rgbNoise(width: 37, height: 23)
        for (name, bytes) in [
            ("png", try Make.file(src, format: Int32(IFF_PNG))),
            ("tiff-zip", try Make.file(src, format: Int32(IFF_TIFF_ZIP))),
            ("tiff-lzw", try Make.file(src, format: Int32(IFF_TIFF_LZW))),
            ("bmp", try Make.file(src, format: Int32(IFF_BMP))),
            ("webp-lossless", try Make.webpLossless(src)),
        ] {
            let d = try decodeOne(bytes)
            XCTAssertEqual(d.pixels, src, name)
            let p = try ImageDecoder.probe(bytes)
            XCTAssertEqual(p.width, 37, name)
            XCTAssertEqual(p.height, 23, name)
            XCTAssertEqual(p.frames, 1, name)
        }
    }

    func testLossyAndPalettedFormatsDecodeClose() throws {
        let src = Make.blocks(cols: 3, rows: 2)
        let jpeg = try decodeOne(try Make.file(src, format: Int32(IFF_JFIF_JPEG)))
        XCTAssertLessThan(Make.maxCentreDiff(jpeg.pixels, src), 24)
        let gif = try decodeOne(try Make.file(src, format: Int32(IFF_GIF)))
        XCTAssertLessThan(Make.maxDiff(gif.pixels, src), 12)
        XCTAssertEqual(try ImageDecoder.probe(try Make.file(src, format: Int32(IFF_GIF))).format, .gif)
    }

    func testGrayAndOneBitSourcesBecomeRGB() throws {
        let gray = Make.grayNoise(width: 40, height: 9)
        let d = try decodeOne(try Make.file(gray, format: Int32(IFF_PNG), gray: true))
        XCTAssertEqual(d.pixels, gray)
        XCTAssertTrue(d.pixels.isGray)

        // 1 bpp: leptonica's 1 is black.
        let pix = try XCTUnwrap(LeptPix(pixCreate(16, 4, 1)))
        pixSetPixel(pix.pix, 3, 1, 1)
        let png = try Make.take { pixWriteMemPng(&$0, &$1, pix.pix, 0) }
        let one = try decodeOne(png)
        XCTAssertEqual(one.pixels.width, 16)
        XCTAssertEqual(Array(one.pixels.rgb[((1 * 16 + 3) * 3)..<((1 * 16 + 3) * 3 + 3)]), [0, 0, 0])
        XCTAssertEqual(Array(one.pixels.rgb[0..<3]), [255, 255, 255])
    }

    /// A fully transparent pixel hides its colour: it must come out white,
    /// not as the hidden colour.
    func testTransparencyIsLaidOnWhite() throws {
        let pix = try XCTUnwrap(LeptPix(pixCreate(4, 1, 32)))
        pixSetSpp(pix.pix, 4)
        let data = try XCTUnwrap(pixGetData(pix.pix))
        data[0] = 0xFF00_00FF      // opaque red
        data[1] = 0x00FF_0000      // transparent green
        data[2] = 0x0000_FF80      // half blue
        data[3] = 0x0000_0000
        let png = try Make.take { pixWriteMemPng(&$0, &$1, pix.pix, 0) }
        XCTAssertEqual(Make.pngChunks(png).first, "IHDR")
        XCTAssertEqual(png[25], 6, "fixture should be RGBA")
        let d = try decodeOne(png)
        XCTAssertEqual(Array(d.pixels.rgb[0..<3]), [255, 0, 0])
        XCTAssertEqual(Array(d.pixels.rgb[3..<6]), [255, 255, 255])
        XCTAssertEqual(Array(d.pixels.rgb[9..<12]), [255, 255, 255])
        XCTAssertTrue((100...160).contains(Int(d.pixels.rgb[6])), "half blue over white")
    }

    func testMultipageTIFFGivesEveryPageInOrder() throws {
        let pages = [Make.rgbNoise(width: 20, height: 10), Make.blocks(cols: 2, rows: 1), Make.grayNoise(width: 7, height: 30)]
        let tiff = try Make.multipageTIFF(pages)
        let p = try ImageDecoder.probe(tiff)
        XCTAssertEqual(p.format, .tiff)
        XCTAssertEqual(p.frames, 3)
        let out = try ImageDecoder.decode(tiff, caps: caps)
        XCTAssertEqual(out.map(\.pixels), pages)

        // Page by page, in order; a failure in the body stops the decoding.
        var seen: [Int] = []
        try ImageDecoder.decodeEach(tiff, caps: caps) { (i, image) throws(RedactError) in
            seen.append(i)
            XCTAssertEqual(image.pixels, pages[i])
        }
        XCTAssertEqual(seen, [0, 1, 2])
        seen = []
        XCTAssertThrowsError(try ImageDecoder.decodeEach(tiff, caps: caps) { (i, _) throws(RedactError) in
            seen.append(i)
            if i == 1 { throw .damaged(.render) }
        }) { XCTAssertEqual($0 as? RedactError, .damaged(.render)) }
        XCTAssertEqual(seen, [0, 1])

        var two = caps
        two.maxFrames = 2
        XCTAssertThrowsError(try ImageDecoder.decode(tiff, caps: two)) {
            XCTAssertEqual($0 as? RedactError, .limitExceeded(.frames(max: 2)))
            XCTAssertTrue(($0 as! RedactError).message.contains("more than 2 pages"))
        }
    }

    func testTIFFWithALoopInItsIFDChainIsRefused() throws {
        var tiff = try Make.file(Make.blocks(cols: 1, rows: 1), format: Int32(IFF_TIFF))
        let le = tiff[0] == 0x49
        let ifd = le ? Int(tiff[4]) | Int(tiff[5]) << 8 | Int(tiff[6]) << 16 | Int(tiff[7]) << 24
                     : Int(tiff[4]) << 24 | Int(tiff[5]) << 16 | Int(tiff[6]) << 8 | Int(tiff[7])
        let n = le ? Int(tiff[ifd]) | Int(tiff[ifd + 1]) << 8 : Int(tiff[ifd]) << 8 | Int(tiff[ifd + 1])
        let next = ifd + 2 + n * 12
        for i in 0..<4 { tiff[next + i] = tiff[4 + i] }     // next IFD = itself
        XCTAssertThrowsError(try ImageDecoder.decode(tiff, caps: caps)) {
            XCTAssertEqual($0 as? RedactError, .refused(.damagedImage))
        }
    }

    func testGIFGivesTheFirstFrameOnly() throws {
        let a = Make.blocks(cols: 2, rows: 2), b = Make.blocks(cols: 3, rows: 1)
        let gif = try Make.twoFrameGIF(a, b)
        XCTAssertEqual(try ImageDecoder.probe(gif).frames, 2)
        let out = try ImageDecoder.decode(gif, caps: caps)
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out[0].pixels.width, 32)
        XCTAssertLessThan(Make.maxDiff(out[0].pixels, a), 12)
    }

    /// A GIF whose transparent index hides a colour: that area shows white.
    func testGIFTransparencyIsLaidOnWhite() throws {
        let src = Make.blocks(cols: 2, rows: 1)                 // two colours, 32 x 16
        let gif = try Make.file(src, format: Int32(IFF_GIF))
        let plain = try decodeOne(gif)
        // Which palette index holds the top-left colour: find it from the
        // first pixel of a decode with each index whitened in turn.
        var found = false
        for index in 0..<4 {
            // Graphic Control Extension: transparent flag, this index.
            let gce: [UInt8] = [0x21, 0xF9, 4, 0x01, 0, 0, UInt8(index), 0]
            let packed = gif[10]
            let at = 13 + (packed & 0x80 != 0 ? 3 << Int((packed & 7) + 1) : 0)
            let withGCE = Array(gif[..<at]) + gce + Array(gif[at...])
            XCTAssertEqual(try ImageDecoder.probe(withGCE).frames, 1)
            let out = try decodeOne(withGCE)
            if Array(out.pixels.rgb[0..<3]) == [255, 255, 255] {
                found = true
                // Only that colour turned white; the other block kept its colour.
                XCTAssertEqual(Array(out.pixels.rgb[(16 * 3)..<(16 * 3 + 3)]), Array(plain.pixels.rgb[(16 * 3)..<(16 * 3 + 3)]))
            }
        }
        XCTAssertTrue(found, "no palette index made the first block white")
        XCTAssertNotEqual(Array(plain.pixels.rgb[0..<3]), [255, 255, 255])
    }

    func testBytesCap() throws {
        let png = try Make.file(Make.blocks(cols: 2, rows: 2), format: Int32(IFF_PNG))
        var small = caps
        small.maxBytes = png.count - 1
        XCTAssertThrowsError(try ImageDecoder.decode(png, caps: small)) {
            XCTAssertEqual($0 as? RedactError, .limitExceeded(.imageBytes(max: png.count - 1)))
            XCTAssertTrue(($0 as! RedactError).message.contains("\(png.count - 1) bytes"))
        }
        small.maxBytes = png.count
        XCTAssertNoThrow(try ImageDecoder.decode(png, caps: small))
    }

    func testCapsFollowTheMountLimits() {
        var l = Limits()
        XCTAssertEqual(ImageCaps(limits: l), ImageCaps())
        l.maxPages = 7; l.maxPixelsPerPage = 1000; l.maxImageBytes = 99
        XCTAssertEqual(ImageCaps(limits: l), ImageCaps(maxBytes: 99, maxPixelsPerPage: 1000, maxFrames: 7))
    }

    func testPixelCapCountsWidthTimesHeight() throws {
        let png = try Make.file(Make.blocks(cols: 2, rows: 2), format: Int32(IFF_PNG))   // 32 x 32
        var c = caps
        c.maxPixelsPerPage = 32 * 32 - 1
        XCTAssertThrowsError(try ImageDecoder.decode(png, caps: c)) {
            XCTAssertEqual($0 as? RedactError, .limitExceeded(.pixelsPerPage(max: 1023)))
        }
        c.maxPixelsPerPage = 32 * 32
        XCTAssertNoThrow(try ImageDecoder.decode(png, caps: c))
    }

    func testPageSizeFollowsAPlausibleResolution() {
        let p = Pixmap(width: 300, height: 150)
        XCTAssertEqual(DecodedImage(pixels: p, dpi: (300, 150)).pageSize(), PageSize(width: 72, height: 72))
        XCTAssertEqual(DecodedImage(pixels: p, dpi: nil).pageSize(), PageSize(width: 144, height: 72))
        XCTAssertEqual(DecodedImage(pixels: p, dpi: (1, 1)).pageSize(assumedDPI: 300), PageSize(width: 72, height: 36))
        XCTAssertEqual(DecodedImage(pixels: p, dpi: (300, 5000)).pageSize(), PageSize(width: 144, height: 72))
    }

    func testWebPEXIFOrientationIsApplied() throws {
        // Wrap a lossless WebP in the extended (VP8X) container with an EXIF
        // chunk saying "rotate 90 degrees clockwise to view" (6).
        let stored = Make.blocks(cols: 2, rows: 3)                 // 32 x 48
        let simple = try Make.webpLossless(stored)
        XCTAssertEqual(String(decoding: simple[12..<16], as: UTF8.self), "VP8L")
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le24(_ v: Int) -> [UInt8] { Array(le32(v).prefix(3)) }
        let exif = Make.exifTIFF(orientation: 6, littleEndian: true)
        var body: [UInt8] = Array("WEBP".utf8)
        body += Array("VP8X".utf8) + le32(10) + [0x08, 0, 0, 0] + le24(31) + le24(47)
        body += Array(simple[12...])
        body += Array("EXIF".utf8) + le32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : [])
        let file = Array("RIFF".utf8) + le32(body.count) + body
        let d = try decodeOne(file)
        XCTAssertEqual(d.pixels.width, 48)
        XCTAssertEqual(d.pixels.height, 32)
        // Turned clockwise: the stored bottom-left block is shown top-left.
        let c = Make.blockColour(0, 2)
        XCTAssertEqual(Array(d.pixels.rgb[0..<3]), [c.0, c.1, c.2])
    }

    func testResolutionIsReported() throws {
        let pix = try XCTUnwrap(LeptPix.make(Make.blocks(cols: 1, rows: 1), gray: false))
        pixSetResolution(pix.pix, 300, 150)
        let png = try Make.take { pixWriteMemPng(&$0, &$1, pix.pix, 0) }
        let d = try decodeOne(png)
        XCTAssertEqual(d.dpi?.x ?? 0, 300, accuracy: 1)
        XCTAssertEqual(d.dpi?.y ?? 0, 150, accuracy: 1)
        let bare = try decodeOne(try Make.file(Make.blocks(cols: 1, rows: 1), format: Int32(IFF_BMP)))
        XCTAssertNil(bare.dpi)
    }
}
