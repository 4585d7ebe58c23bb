import CLeptonica
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

/// Files built to hurt: huge declared sizes, truncation, garbage. Every one
/// gives a `RedactError` (or a clean decode), never a crash or a huge
/// allocation.
final class HostileInputTests: XCTestCase {
    let caps = ImageCaps()

    /// libpng prints every complaint to stderr (the worker sends its stderr
    /// to /dev/null); keep the test log readable the same way.
    override func invokeTest() {
        fflush(nil)
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 2)
        close(null)
        super.invokeTest()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
    }

    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// Headers that declare 100000 x 100000 (or each format's maximum), then
    /// a few bytes of data.
    func hugeHeaders() -> [(String, [UInt8])] {
        let png = PNGWriter.signature + Make.pngChunk("IHDR", be32(100_000) + be32(100_000) + [8, 2, 0, 0, 0])
            + Make.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + Make.pngChunk("IEND", [])
        let sof: [UInt8] = [8, 0xFF, 0xFF, 0xFF, 0xFF, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let jpeg: [UInt8] = [0xFF, 0xD8] + Make.segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
            + Make.segment(0xC0, sof) + [0xFF, 0xD9]
        let gif: [UInt8] = Array("GIF89a".utf8) + le16(0xFFFF) + le16(0xFFFF) + [0, 0, 0]
            + [0x2C] + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
        // Small screen, small first frame, a huge second frame.
        let gif2: [UInt8] = Array("GIF89a".utf8) + le16(4) + le16(4) + [0, 0, 0]
            + [0x2C] + le16(0) + le16(0) + le16(4) + le16(4) + [0] + [2, 2, 0x4C, 0x01, 0]
            + [0x2C] + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF) + [0] + [2, 2, 0x4C, 0x01, 0] + [0x3B]
        let tiff: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(2)
            + le16(256) + le16(4) + le32(1) + le32(100_000)
            + le16(257) + le16(4) + le32(1) + le32(100_000) + le32(0)
        var bmp: [UInt8] = [0x42, 0x4D] + le32(0) + le32(0) + le32(54) + le32(40) + le32(100_000) + le32(100_000)
        bmp += le16(1) + le16(24) + le32(0) + le32(0) + le32(2835) + le32(2835) + le32(0) + le32(0) + [0, 0, 0, 0]
        let webp: [UInt8] = Array("RIFF".utf8) + le32(30) + Array("WEBPVP8X".utf8) + le32(10)
            + [0, 0, 0, 0] + [0xFF, 0x3F, 0] + [0xFF, 0x3F, 0]
        return [("png", png), ("jpeg", jpeg), ("gif", gif), ("gif second frame", gif2), ("tiff", tiff),
                ("bmp", bmp), ("webp", webp)]
    }

    func testHugeDeclaredSizesAreRefusedBeforeDecodingAndFast() {
        for (name, bytes) in hugeHeaders() {
            let start = Date()
            XCTAssertThrowsError(try ImageDecoder.probe(bytes), name) {
                XCTAssertEqual($0 as? RedactError, .limitExceeded(.pixelsPerPage(max: 60_000_000)), name)
            }
            XCTAssertThrowsError(try ImageDecoder.decode(bytes, caps: caps), name) {
                XCTAssertEqual($0 as? RedactError, .limitExceeded(.pixelsPerPage(max: 60_000_000)), name)
                XCTAssertTrue(($0 as! RedactError).message.contains("60000000 pixels"), name)
            }
            // Allocating (let alone decoding) 10^10 pixels would take far longer.
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5, name)
        }
    }

    func testManyFramesAreRefusedWhileCounting() {
        // 3000 one-pixel GIF frames, cap 2000.
        var gif: [UInt8] = Array("GIF89a".utf8) + le16(1) + le16(1) + [0, 0, 0]
        for _ in 0..<3000 { gif += [0x2C] + le16(0) + le16(0) + le16(1) + le16(1) + [0] + [2, 2, 0x4C, 0x01, 0] }
        gif += [0x3B]
        XCTAssertThrowsError(try ImageDecoder.decode(gif, caps: caps)) {
            XCTAssertEqual($0 as? RedactError, .limitExceeded(.frames(max: 2000)))
        }
    }

    func validFiles() throws -> [(String, [UInt8])] {
        let src = Make.rgbNoise(width: 37, height: 23)
        return [
            ("png", try Make.file(src, format: Int32(IFF_PNG))),
            ("jpeg", try Make.file(src, format: Int32(IFF_JFIF_JPEG))),
            ("tiff", try Make.file(src, format: Int32(IFF_TIFF_ZIP))),
            ("tiff-multi", try Make.multipageTIFF([src, src])),
            ("bmp", try Make.file(src, format: Int32(IFF_BMP))),
            ("gif", try Make.file(src, format: Int32(IFF_GIF))),
            ("webp", try Make.webpLossless(src)),
        ]
    }

    func testTruncatedFilesFailCleanly() throws {
        for (name, file) in try validFiles() {
            XCTAssertNoThrow(try ImageDecoder.decode(file, caps: caps), name)
            for cut in Set([0, 1, 3, 8, 12, 16, 24, 30, file.count / 4, file.count / 2]) where cut < file.count {
                XCTAssertThrowsError(try ImageDecoder.decode(Array(file[..<cut]), caps: caps), "\(name) cut at \(cut)") {
                    XCTAssertNotNil($0 as? RedactError)
                }
            }
            // Near the end some formats still decode; either way, no crash.
            for cut in (file.count - 16)..<file.count {
                _ = try? ImageDecoder.decode(Array(file[..<cut]), caps: caps)
            }
        }
    }

    func testGarbageAfterMagicFailsCleanly() {
        var state: UInt64 = 7
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let magics: [[UInt8]] = [PNGWriter.signature, [0xFF, 0xD8, 0xFF], [0x49, 0x49, 42, 0], [0x4D, 0x4D, 0, 42],
                                 Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBP".utf8), [0x42, 0x4D], Array("%PDF".utf8)]
        for magic in magics {
            for length in [0, 1, 10, 100, 1000] {
                let bytes = magic + (0..<length).map { _ in next() }
                XCTAssertThrowsError(try ImageDecoder.decode(bytes, caps: caps), "\(magic) + \(length)") {
                    XCTAssertNotNil($0 as? RedactError)
                }
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode([], caps: caps)) { XCTAssertEqual($0 as? RedactError, .unsupported) }
    }

    /// Every byte of each header region flipped, and random bytes all over:
    /// decoding either succeeds or throws; the process survives.
    func testCorruptedBytesNeverCrash() throws {
        var state: UInt64 = 11
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var outcomes = (ok: 0, failed: 0)
        for (_, file) in try validFiles() {
            var trials: [[UInt8]] = []
            for i in 0..<min(file.count, 64) {
                var b = file
                b[i] ^= 0xFF
                trials.append(b)
            }
            for _ in 0..<100 {
                var b = file
                for _ in 0..<4 { b[next() % b.count] = UInt8(truncatingIfNeeded: next()) }
                trials.append(b)
            }
            for b in trials {
                do {
                    let out = try ImageDecoder.decode(b, caps: caps)
                    XCTAssertFalse(out.isEmpty)
                    for d in out { XCTAssertEqual(d.pixels.rgb.count, d.pixels.width * d.pixels.height * 3) }
                    outcomes.ok += 1
                } catch {
                    outcomes.failed += 1
                }
            }
        }
        XCTAssertGreaterThan(outcomes.failed, 0)
    }
}
