import CLeptonica
import Foundation
import Imaging
import RedactCore
import XCTest
@testable import ImageCodec

/// Test images and files, all generated here: leptonica's writers for
/// the formats, hand-built segments for metadata.
struct WriterFailed: Error {}

enum Make {
    /// Blocks of 16x16 solid, distinct colours: survive JPEG and show any
    /// flip, turn or swapped channel. `cols` x `rows` blocks.
    static func blocks(cols: Int, rows: Int, block: Int = 16) -> Pixmap {
        let w = cols * block, h = rows * block
        var px = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let c = blockColour(x / block, y / block)
                let i = (y * w + x) * 3
                px[i] = c.0; px[i + 1] = c.1; px[i + 2] = c.2
            }
        }
        return Pixmap(width: w, height: h, rgb: px)
    }

    static func blockColour(_ bx: Int, _ by: Int) -> (UInt8, UInt8, UInt8) {
        let palette: [(UInt8, UInt8, UInt8)] = [
            (230, 30, 30), (30, 200, 40), (30, 40, 220), (240, 220, 20), (20, 210, 220), (200, 30, 210),
            (250, 250, 250), (10, 10, 10), (128, 64, 0), (0, 128, 128), (255, 128, 128), (100, 100, 160),
        ]
        return palette[(by * 3 + bx) % palette.count]
    }

    /// A gray noisy gradient (exact lossless round trips catch off-by-ones).
    static func grayNoise(width: Int, height: Int) -> Pixmap {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        var s: UInt32 = 12345
        for i in 0..<(width * height) {
            s = s &* 1103515245 &+ 12345
            let v = UInt8(truncatingIfNeeded: (i % width) * 3 + Int(s >> 28))
            px[i * 3] = v; px[i * 3 + 1] = v; px[i * 3 + 2] = v
        }
        return Pixmap(width: width, height: height, rgb: px)
    }

    /// An RGB noisy image, every channel different.
    static func rgbNoise(width: Int, height: Int) -> Pixmap {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        var s: UInt32 = 99
        for i in 0..<px.count {
            s = s &* 1103515245 &+ 12345
            px[i] = UInt8(truncatingIfNeeded: s >> 24)
        }
        return Pixmap(width: width, height: height, rgb: px)
    }

    /// Writes `p` in leptonica format `format` (IFF_*). (pixWriteMem)
    static func file(_ p: Pixmap, format: Int32, gray: Bool = false) throws -> [UInt8] {
        let pix = try XCTUnwrap(LeptPix.make(p, gray: gray))
        return try take { pixWriteMem(&$0, &$1, pix.pix, format) }
    }

    static func webpLossless(_ p: Pixmap) throws -> [UInt8] {
        let pix = try XCTUnwrap(LeptPix.make(p, gray: false))
        return try take { pixWriteMemWebP(&$0, &$1, pix.pix, 100, 1) }
    }

    static func multipageTIFF(_ pages: [Pixmap]) throws -> [UInt8] {
        let pixa = try XCTUnwrap(pixaCreate(Int32(pages.count)))
        var pa: UnsafeMutablePointer<PIXA>? = pixa
        defer { pixaDestroy(&pa) }
        for p in pages {
            let pix = try XCTUnwrap(LeptPix.make(p, gray: false))
            XCTAssertEqual(pixaAddPix(pixa, pix.pix, Int32(L_COPY)), 0)
        }
        return try take { pixaWriteMemMultipageTiff(&$0, &$1, pixa) }
    }

    /// A TIFF whose IFD carries Orientation = `o`. (pixWriteMemTiffCustom)
    static func tiff(_ p: Pixmap, orientation o: Int) throws -> [UInt8] {
        let pix = try XCTUnwrap(LeptPix.make(p, gray: false))
        let tags = numaCreate(1)
        var t: UnsafeMutablePointer<NUMA>? = tags
        defer { numaDestroy(&t) }
        numaAddNumber(tags, 274)
        let vals = sarrayCreate(1), types = sarrayCreate(1)
        var v = vals, ty = types
        defer { sarrayDestroy(&v); sarrayDestroy(&ty) }
        sarrayAddString(vals, "\(o)", Int32(L_COPY))
        sarrayAddString(types, "l_uint16", Int32(L_COPY))
        return try take { pixWriteMemTiffCustom(&$0, &$1, pix.pix, Int32(IFF_TIFF_ZIP), tags, vals, types, nil) }
    }

    static func take(_ f: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rc = f(&data, &size)
        defer { if let data { lept_free(data) } }
        guard rc == 0, let data, size > 0 else { throw WriterFailed() }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// A TIFF-structured EXIF block with IFD0 holding only Orientation.
    static func exifTIFF(orientation o: Int, littleEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        var b: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        b += u16(42) + u32(8)
        // Two entries: an unrelated tag first, so the search is exercised.
        b += u16(2)
        b += u16(0x010F) + u16(2) + u32(4) + Array("ACME".utf8)      // Make
        b += u16(0x0112) + u16(3) + u32(1) + u16(o) + u16(0)         // Orientation
        b += u32(0)
        return b
    }

    /// A JPEG segment: marker, big-endian length, payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let n = payload.count + 2
        return [0xFF, marker, UInt8(n >> 8), UInt8(n & 0xFF)] + payload
    }

    /// `jpeg` with `segments` inserted right after SOI.
    static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segments.joined() + Array(jpeg[2...])
    }

    /// A PNG chunk with a correct CRC.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        PNGWriter.be32(&out, data.count)
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        out += body
        PNGWriter.be32(&out, Int(~crc))
        return out
    }

    /// `png` with `chunk` inserted after IHDR.
    static func insertingAfterIHDR(_ chunk: [UInt8], into png: [UInt8]) -> [UInt8] {
        Array(png[0..<33]) + chunk + Array(png[33...])
    }

    /// JPEG markers in order, up to and including SOS (then EOI if present).
    static func jpegMarkers(_ b: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var out: [(UInt8, [UInt8])] = [(0xD8, [])]
        var o = 2
        while o + 4 <= b.count, b[o] == 0xFF {
            let m = b[o + 1]
            let len = Int(b[o + 2]) << 8 | Int(b[o + 3])
            out.append((m, Array(b[(o + 4)..<min(b.count, o + 2 + len)])))
            if m == 0xDA { break }
            o += 2 + len
        }
        if b.suffix(2) == [0xFF, 0xD9] { out.append((0xD9, [])) }
        return out
    }

    /// PNG chunk types in order.
    static func pngChunks(_ b: [UInt8]) -> [String] {
        var out: [String] = []
        var o = 8
        while o + 12 <= b.count {
            let len = Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
            out.append(String(decoding: b[(o + 4)..<(o + 8)], as: UTF8.self))
            o += 12 + len
        }
        return out
    }

    /// The largest per-channel difference between two images of one size.
    static func maxDiff(_ a: Pixmap, _ b: Pixmap) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var m = 0
        for i in 0..<a.rgb.count { m = max(m, abs(Int(a.rgb[i]) - Int(b.rgb[i]))) }
        return m
    }

    /// The largest per-channel difference at the centres of 16x16 blocks:
    /// the measure for lossy round trips, where edges bleed.
    static func maxCentreDiff(_ a: Pixmap, _ b: Pixmap, block: Int = 16) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var m = 0
        for by in 0..<(a.height / block) {
            for bx in 0..<(a.width / block) {
                let i = ((by * block + block / 2) * a.width + bx * block + block / 2) * 3
                for c in 0..<3 { m = max(m, abs(Int(a.rgb[i + c]) - Int(b.rgb[i + c]))) }
            }
        }
        return m
    }

    /// Runs a tool from /usr/bin; a missing tool fails the test.
    static func run(_ tool: String, _ args: [String]) throws -> String {
        let path = "/usr/bin/" + tool
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(path) is missing (see DEB_PACKAGES in the Makefile)")
            return ""
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func tempFile(_ bytes: [UInt8], ext: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("redactfs-codec-\(UUID().uuidString).\(ext)")
        try Data(bytes).write(to: url)
        return url
    }

    /// A two-frame GIF: `a` then `b`, spliced from two leptonica GIFs (the
    /// second frame gets the second file's global palette as its local one).
    static func twoFrameGIF(_ a: Pixmap, _ b: Pixmap) throws -> [UInt8] {
        let ga = try file(a, format: Int32(IFF_GIF)), gb = try file(b, format: Int32(IFF_GIF))
        func parts(_ g: [UInt8]) -> (head: [UInt8], palette: [UInt8], paletteBits: UInt8, image: [UInt8]) {
            let packed = g[10]
            let palEnd = 13 + (packed & 0x80 != 0 ? 3 << Int((packed & 7) + 1) : 0)
            var o = palEnd
            while g[o] == 0x21 {            // skip extensions
                o += 2
                while g[o] != 0 { o += Int(g[o]) + 1 }
                o += 1
            }
            let start = o
            o += 10
            if g[start + 9] & 0x80 != 0 { o += 3 << Int((g[start + 9] & 7) + 1) }
            o += 1                          // LZW minimum code size
            while g[o] != 0 { o += Int(g[o]) + 1 }
            o += 1
            return (Array(g[0..<palEnd]), Array(g[13..<palEnd]), packed & 7, Array(g[start..<o]))
        }
        let pa = parts(ga), pb = parts(gb)
        precondition(pb.image[9] & 0x80 == 0, "second GIF already has a local palette")
        var second = pb.image
        second[9] = 0x80 | pb.paletteBits
        second = Array(second[0..<10]) + pb.palette + Array(second[10...])
        return pa.head + pa.image + second + [0x3B]
    }
}
