import CLeptonica
import Foundation
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

final class EncoderTests: XCTestCase {
    func testPNGRoundTripsExactlyInRGBAndGray() throws {
        for p in [Make.rgbNoise(width: 61, height: 17), Make.grayNoise(width: 33, height: 40),
                  Make.rgbNoise(width: 1, height: 1), Make.grayNoise(width: 200, height: 1)] {
            let png = ImageEncoder.png(p)
            XCTAssertEqual(Make.pngChunks(png), ["IHDR", "IDAT", "IEND"])
            XCTAssertEqual(png[25], p.isGray ? 0 : 2, "colour type")
            XCTAssertEqual(png[24], 8, "bit depth")
            let back = try ImageDecoder.decode(png, caps: ImageCaps())
            XCTAssertEqual(back.map(\.pixels), [p])
            XCTAssertEqual(ImageEncoder.png(p), png, "deterministic")
        }
    }

    func testGrayPNGIsSmallerThanRGB() {
        let g = Make.grayNoise(width: 100, height: 100)
        var rgb = g
        rgb.rgb[0] = rgb.rgb[0] &+ 1      // one non-gray pixel
        XCTAssertLessThan(ImageEncoder.png(g).count, ImageEncoder.png(rgb).count)
    }

    func testJPEGIsBaselineJFIFWithNothingElse() throws {
        for p in [Make.blocks(cols: 3, rows: 2), Make.grayNoise(width: 40, height: 24)] {
            let jpeg = try ImageEncoder.jpeg(p, quality: 85)
            let markers = Make.jpegMarkers(jpeg)
            XCTAssertEqual(markers.first?.marker, 0xD8)
            XCTAssertEqual(markers.last?.marker, 0xD9)
            XCTAssertTrue(markers.allSatisfy { [0xD8, 0xE0, 0xDB, 0xC0, 0xC4, 0xDA, 0xD9].contains($0.marker) },
                          "markers \(markers.map { String($0.marker, radix: 16) })")
            let app0 = markers.filter { $0.marker == 0xE0 }
            XCTAssertEqual(app0.count, 1)
            XCTAssertEqual(Array(app0[0].payload.prefix(5)), Array("JFIF".utf8) + [0])
            let sof = try XCTUnwrap(markers.first { $0.marker == 0xC0 })
            XCTAssertEqual(Int(sof.payload[5]), p.isGray ? 1 : 3, "components")
            let back = try ImageDecoder.decode(jpeg, caps: ImageCaps())
            XCTAssertEqual(back[0].pixels.width, p.width)
            if !p.isGray { XCTAssertLessThan(Make.maxCentreDiff(back[0].pixels, p), 24) }
            XCTAssertEqual(try ImageEncoder.jpeg(p, quality: 85), jpeg, "deterministic")
        }
        XCTAssertThrowsError(try ImageEncoder.jpeg(Make.blocks(cols: 1, rows: 1), quality: 0))
        XCTAssertThrowsError(try ImageEncoder.jpeg(Make.blocks(cols: 1, rows: 1), quality: 101))
    }

    /// EXIF (with a camera make and an orientation), XMP, a comment, an ICC
    /// profile and IPTC go in; none of it comes out of either encoder.
    func testMetadataInIsNotOut() throws {
        let src = Make.blocks(cols: 3, rows: 2)
        let base = try Make.file(src, format: Int32(IFF_JFIF_JPEG))
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            + Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:creator>Erika Mustermann</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>".utf8)
        let icc = Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0x41, count: 128)
        let iptc = Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 0]
        let input = Make.inserting([
            Make.segment(0xE1, Array("Exif".utf8) + [0, 0] + Make.exifTIFF(orientation: 1, littleEndian: false)),
            Make.segment(0xE1, xmp),
            Make.segment(0xE2, icc),
            Make.segment(0xED, iptc),
            Make.segment(0xFE, Array("Secret comment Erika".utf8)),
        ], into: base)

        // The input really carries it (so this test can fail).
        let inURL = try Make.tempFile(input, ext: "jpg")
        defer { try? FileManager.default.removeItem(at: inURL) }
        let inTags = try Make.run("exiftool", ["-G", "-s", "-a", inURL.path])
        XCTAssertTrue(inTags.contains("ACME"), inTags)
        XCTAssertTrue(inTags.contains("Erika Mustermann"), inTags)
        XCTAssertTrue(inTags.contains("Secret comment"), inTags)

        let pixels = try ImageDecoder.decode(input, caps: ImageCaps())[0].pixels
        let jpeg = try ImageEncoder.jpeg(pixels, quality: 85)
        let png = ImageEncoder.png(pixels)
        XCTAssertEqual(Make.pngChunks(png), ["IHDR", "IDAT", "IEND"])
        XCTAssertTrue(Make.jpegMarkers(jpeg).allSatisfy { [0xD8, 0xE0, 0xDB, 0xC0, 0xC4, 0xDA, 0xD9].contains($0.marker) })
        for (bytes, ext) in [(jpeg, "jpg"), (png, "png")] {
            for needle in ["ACME", "Erika", "Exif", "ICC_PROFILE", "Photoshop", "http://ns.adobe.com"] {
                XCTAssertNil(find(Array(needle.utf8), in: bytes), "\(needle) in \(ext)")
            }
            let url = try Make.tempFile(bytes, ext: ext)
            defer { try? FileManager.default.removeItem(at: url) }
            let tags = try Make.run("exiftool", ["-G", "-s", "-a", url.path])
            XCTAssertFalse(tags.isEmpty)
            for group in ["[EXIF]", "[XMP]", "[ICC_Profile]", "[IPTC]", "[Photoshop]", "Comment"] {
                XCTAssertFalse(tags.contains(group), "\(group) in \(ext): \(tags)")
            }
        }
    }

    func testPNGMetadataChunksAreNotCarried() throws {
        let src = Make.rgbNoise(width: 8, height: 8)
        var png = ImageEncoder.png(src)
        png = Make.insertingAfterIHDR(Make.pngChunk("tEXt", Array("Author".utf8) + [0] + Array("Erika".utf8)), into: png)
        png = Make.insertingAfterIHDR(Make.pngChunk("tIME", [7, 0xE8, 1, 2, 3, 4, 5]), into: png)
        XCTAssertEqual(Make.pngChunks(png), ["IHDR", "tIME", "tEXt", "IDAT", "IEND"])
        let out = ImageEncoder.png(try ImageDecoder.decode(png, caps: ImageCaps())[0].pixels)
        XCTAssertEqual(Make.pngChunks(out), ["IHDR", "IDAT", "IEND"])
    }

    func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard needle.count <= hay.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] {
            if Array(hay[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
