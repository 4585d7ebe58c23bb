import XCTest
import Imaging
import ImageCodec
import RedactCore
@testable import Encode

final class PDFWriterTests: XCTestCase {
    /// Every name the writer may emit. Anything else is a leak or a bug.
    static let allowedNames: Set<String> = [
        "Type", "Catalog", "Pages", "Kids", "Count", "Page", "Parent", "MediaBox",
        "Resources", "XObject", "Im0", "Contents", "Subtype", "Image", "Width",
        "Height", "ColorSpace", "DeviceGray", "DeviceRGB", "BitsPerComponent",
        "Filter", "FlateDecode", "DCTDecode", "Length", "Size", "Root",
    ]

    static let forbidden = [
        "/Info", "/Metadata", "/Font", "/Annots", "/AcroForm", "/OpenAction",
        "/Outlines", "/EmbeddedFiles", "/JavaScript", "/Producer", "/ID", "/AA",
        "/Names", "/URI", "/Launch", "/ProcSet", "/Encrypt", "/XFA",
    ]

    /// Parses `bytes` and checks everything that must hold for any output
    /// of `pages`; returns the parse for further checks.
    @discardableResult
    func checkDocument(_ bytes: [UInt8], pages input: [OutputPage],
                       file: StaticString = #filePath, line: UInt = #line) throws -> MiniPDF {
        let pdf = try MiniPDF(bytes)

        // Objects: 1 catalog, 1 pages tree, 3 per page, plus entry 0.
        XCTAssertEqual(pdf.xrefEntries.count, 3 + 3 * input.count, file: file, line: line)
        XCTAssertTrue(pdf.xrefEntries.allSatisfy { $0.count == 20 }, file: file, line: line)
        XCTAssertEqual(pdf.trailer["Size"]?.int, pdf.xrefEntries.count, "/Size", file: file, line: line)
        XCTAssertEqual(Set(pdf.trailer.keys), ["Size", "Root"], "trailer keys", file: file, line: line)
        XCTAssertEqual(pdf.objects.count, pdf.xrefEntries.count - 1, file: file, line: line)

        // Only the names we mean to write; no forbidden key anywhere outside
        // stream data.
        XCTAssertTrue(pdf.names.isSubset(of: Self.allowedNames),
                      "unexpected names \(pdf.names.subtracting(Self.allowedNames).sorted())", file: file, line: line)
        let structure = String(decoding: pdf.structure, as: UTF8.self)
        for key in Self.forbidden {
            XCTAssertFalse(structure.contains(key), "forbidden key \(key)", file: file, line: line)
        }

        let pages = try pdf.pages()
        XCTAssertEqual(pages.count, input.count, file: file, line: line)
        for (i, (page, want)) in zip(pages, input).enumerated() {
            // MediaBox: exactly the input size in points.
            XCTAssertEqual(Array(page.mediaBox[0...1]), [0, 0], "page \(i)", file: file, line: line)
            XCTAssertEqual(page.mediaBox[2], want.size.width, "page \(i) width", file: file, line: line)
            XCTAssertEqual(page.mediaBox[3], want.size.height, "page \(i) height", file: file, line: line)
            XCTAssertEqual(Set(page.pageDict.keys), ["Type", "Parent", "MediaBox", "Resources", "Contents"],
                           file: file, line: line)
            XCTAssertEqual(Set(page.resources.keys), ["XObject"], "only /XObject in /Resources", file: file, line: line)

            // Image: dimensions, color space, 8 bits, Flate, pixels exact.
            let d = page.image.dict
            XCTAssertEqual(d["Type"], .name("XObject"), file: file, line: line)
            XCTAssertEqual(d["Subtype"], .name("Image"), file: file, line: line)
            XCTAssertEqual(d["Width"]?.int, want.image.width, file: file, line: line)
            XCTAssertEqual(d["Height"]?.int, want.image.height, file: file, line: line)
            XCTAssertEqual(d["BitsPerComponent"]?.int, 8, file: file, line: line)
            let gray = want.image.isGray
            XCTAssertEqual(d["ColorSpace"], .name(gray ? "DeviceGray" : "DeviceRGB"), "page \(i)", file: file, line: line)
            let stream = try XCTUnwrap(page.image.stream, file: file, line: line)
            switch d["Filter"] {
            case .name("FlateDecode"):
                let expected = gray ? want.image.grayBytes() : want.image.rgb
                let pixels = try Flate.decompress(stream, expectedCount: expected.count)
                XCTAssertTrue(pixels == expected, "page \(i): pixels differ after inflate", file: file, line: line)
            case .name("DCTDecode"):
                // A JPEG of the same size and colour model, close to the input.
                XCTAssertEqual(ImageFormat.sniff(stream), .jpeg, file: file, line: line)
                let decoded = try ImageDecoder.decode(stream, caps: ImageCaps())
                XCTAssertEqual(decoded.count, 1, file: file, line: line)
                XCTAssertEqual(decoded[0].pixels.width, want.image.width, file: file, line: line)
                XCTAssertEqual(decoded[0].pixels.height, want.image.height, file: file, line: line)
                XCTAssertEqual(decoded[0].pixels.isGray, gray, file: file, line: line)
                XCTAssertLessThan(Self.meanAbsDiff(decoded[0].pixels, want.image), 8, "page \(i)", file: file, line: line)
            default:
                XCTFail("page \(i): filter \(String(describing: d["Filter"]))", file: file, line: line)
            }

            // Content: draw the image over the whole page, nothing else.
            let content = String(decoding: try XCTUnwrap(page.content.stream, file: file, line: line), as: UTF8.self)
            XCTAssertEqual(Set(page.content.dict.keys), ["Length"], file: file, line: line)
            XCTAssertEqual(content, "q \(page.mediaBoxText[2]) 0 0 \(page.mediaBoxText[3]) 0 0 cm /Im0 Do Q",
                           file: file, line: line)
        }
        return pdf
    }

    static func meanAbsDiff(_ a: Pixmap, _ b: Pixmap) -> Double {
        var sum = 0
        for i in 0..<a.rgb.count { sum += abs(Int(a.rgb[i]) - Int(b.rgb[i])) }
        return Double(sum) / Double(a.rgb.count)
    }

    func testSinglePageRGB() throws {
        let page = OutputPage(size: PageSize(width: 612, height: 792), image: Fixtures.rgb(width: 51, height: 66))
        let bytes = try PDFWriter.write([page])
        XCTAssertTrue(bytes.starts(with: Array("%PDF-1.4\n".utf8)))
        let pdf = try checkDocument(bytes, pages: [page])
        let p = try pdf.pages()[0]
        XCTAssertEqual(p.mediaBoxText, ["0", "0", "612", "792"])
        XCTAssertEqual(p.image.dict["ColorSpace"], .name("DeviceRGB"))
    }

    func testGrayPageIsStoredAsOneChannel() throws {
        let image = Fixtures.gray(width: 40, height: 30)
        XCTAssertTrue(image.isGray)
        let page = OutputPage(size: PageSize(width: 200, height: 150), image: image)
        let pdf = try checkDocument(try PDFWriter.write([page]), pages: [page])
        let p = try pdf.pages()[0]
        XCTAssertEqual(p.image.dict["ColorSpace"], .name("DeviceGray"))
        XCTAssertEqual(try Flate.decompress(p.image.stream!, expectedCount: 40 * 30).count, 1200)
    }

    func testOneColoredPixelMakesThePageRGB() throws {
        var image = Fixtures.gray(width: 20, height: 20)
        image.rgb[3 * 399 + 2] ^= 1 // last pixel, blue channel
        XCTAssertFalse(image.isGray)
        let page = OutputPage(size: PageSize(width: 20, height: 20), image: image)
        let p = try checkDocument(try PDFWriter.write([page]), pages: [page]).pages()[0]
        XCTAssertEqual(p.image.dict["ColorSpace"], .name("DeviceRGB"))
    }

    func testWhiteAndBlackPagesAreGray() throws {
        var black = Pixmap(width: 10, height: 10)
        black.burn([Rect(x: 0, y: 0, width: 100, height: 100)], scale: 1)
        let pages = [
            OutputPage(size: PageSize(width: 10, height: 10), image: Pixmap(width: 10, height: 10)),
            OutputPage(size: PageSize(width: 10, height: 10), image: black),
        ]
        let parsed = try checkDocument(try PDFWriter.write(pages), pages: pages).pages()
        XCTAssertEqual(parsed.map { $0.image.dict["ColorSpace"] }, [.name("DeviceGray"), .name("DeviceGray")])
    }

    func testSeveralPagesOfDifferentSizes() throws {
        let pages = Fixtures.mixedPages()
        let pdf = try checkDocument(try PDFWriter.write(pages), pages: pages)
        let parsed = try pdf.pages()
        XCTAssertEqual(parsed.map { $0.mediaBoxText }, [
            ["0", "0", "595.2756", "841.8898"],
            ["0", "0", "612", "792"],
            ["0", "0", "1190.5", "419.53"],
        ])
        XCTAssertEqual(parsed.map { $0.image.dict["ColorSpace"] },
                       [.name("DeviceRGB"), .name("DeviceGray"), .name("DeviceRGB")])
    }

    /// Streamed a page at a time (how a long output goes to a sealed file),
    /// the file is byte for byte the one `finish` builds in memory, pages
    /// stored apart from their streams and filled back in included.
    func testStreamingGivesTheSameBytes() throws {
        let pages = Fixtures.mixedPages()
        let whole = try PDFWriter.write(pages)
        let writer = try PDFDocumentWriter()
        let encoded = try pages.enumerated().map { (i, p) in try writer.encode(p, index: i) }
        let kept = encoded.map { ($0.hollow, $0.payload) }
        var chunks: [[UInt8]] = []
        try PDFDocumentWriter.stream(count: pages.count, page: { i in kept[i].0.filled(kept[i].1) },
                                     into: { chunks.append($0) })
        XCTAssertGreaterThan(chunks.count, pages.count, "nothing was streamed")
        XCTAssertTrue(Array(chunks.joined()) == whole, "streamed bytes differ from finish()")
        XCTAssertThrowsError(try PDFDocumentWriter.stream(count: 0, page: { i in encoded[i] }, into: { _ in })) {
            XCTAssertEqual($0 as? EncodeError, .noPages)
        }
    }

    func testDeterministic() throws {
        let a = try PDFWriter.write(Fixtures.mixedPages())
        let b = try PDFWriter.write(Fixtures.mixedPages())
        XCTAssertTrue(a == b, "two writes of the same pages differ")
        // And a different page gives different bytes.
        var other = Fixtures.mixedPages()
        other[2].image.rgb[5] ^= 0x80
        XCTAssertFalse(try PDFWriter.write(other) == a)
    }

    func testZeroPagesIsAnError() {
        XCTAssertThrowsError(try PDFWriter.write([])) { error in
            XCTAssertEqual(error as? EncodeError, .noPages)
        }
    }

    func testInvalidPageSizesAreRejected() {
        let image = Pixmap(width: 2, height: 2)
        let good = OutputPage(size: PageSize(width: 10, height: 10), image: image)
        for bad in [0, -1, .nan, .infinity, -.infinity, 0.00004, 2e9] as [Double] {
            for size in [PageSize(width: bad, height: 10), PageSize(width: 10, height: bad)] {
                XCTAssertThrowsError(try PDFWriter.write([good, OutputPage(size: size, image: image)]), "\(size)") { error in
                    XCTAssertEqual(error as? EncodeError, .invalidPageSize(page: 1))
                }
            }
        }
    }

    func testPixmapWithWrongByteCountIsRejected() {
        var image = Pixmap(width: 4, height: 4)
        image.rgb.removeLast()
        XCTAssertThrowsError(try PDFWriter.write([OutputPage(size: PageSize(width: 4, height: 4), image: image)])) { error in
            XCTAssertEqual(error as? EncodeError, .pixmapGeometry(page: 0))
        }
    }

    func testNumberFormatting() throws {
        func format(_ x: Double) throws -> String {
            var b = PDFBuffer(capacity: 16, objectCount: 0)
            b.number(try XCTUnwrap(PDFNumber(x)))
            return String(decoding: b.data, as: UTF8.self)
        }
        XCTAssertEqual(try format(612), "612")
        XCTAssertEqual(try format(595.2756), "595.2756")
        XCTAssertEqual(try format(595.276), "595.276")
        XCTAssertEqual(try format(841.89), "841.89")
        XCTAssertEqual(try format(100.1), "100.1")
        XCTAssertEqual(try format(0.5), "0.5")
        XCTAssertEqual(try format(0.0001), "0.0001")
        XCTAssertEqual(try format(10.0005), "10.0005")
        XCTAssertEqual(try format(1000.00004), "1000")
        XCTAssertEqual(try format(1000.99996), "1001")
        XCTAssertEqual(try format(14400), "14400")
        XCTAssertEqual(try format(1e8), "100000000")
        XCTAssertNil(PDFNumber(0.00004))
    }

    func testSizesArePointsNotPixels() throws {
        // 300 dpi A4 pixels on a page whose size is not a whole number of
        // pixels: the MediaBox must still be the exact points.
        let page = OutputPage(size: PageSize(width: 595.2756, height: 841.8898), image: Fixtures.gray(width: 31, height: 44))
        let p = try checkDocument(try PDFWriter.write([page]), pages: [page]).pages()[0]
        XCTAssertEqual(p.mediaBox, [0, 0, 595.2756, 841.8898])
    }

    func testFullSizePage() throws {
        // A4 at 150 dpi, the size the pipeline produces (about 6.5 MB RGB).
        let w = 1240, h = 1754
        var image = Pixmap(width: w, height: h)
        image.rgb.withUnsafeMutableBufferPointer { p in
            for y in stride(from: 100, to: 1600, by: 40) {
                for x in 100..<1100 { p[(y * w + x) * 3] = 0; p[(y * w + x) * 3 + 1] = 0 }
            }
        }
        let page = OutputPage(size: PageSize(width: 595.276, height: 841.89), image: image)
        let bytes = try PDFWriter.write([page])
        XCTAssertLessThan(bytes.count, w * h * 3 / 10, "a mostly white page must compress well")
        try checkDocument(bytes, pages: [page])
    }

    func testStructureIsTheExpectedBytes() throws {
        // Pin the exact layout of a tiny file so any change is deliberate.
        let image = Pixmap(width: 1, height: 1)
        let bytes = try PDFWriter.write([OutputPage(size: PageSize(width: 72.5, height: 36), image: image)])
        let data = try Flate.compress([255], level: PageEncoding().flateLevel)
        var expected: [UInt8] = Array("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
        var offsets: [Int] = []
        func obj(_ s: String) { offsets.append(expected.count); expected += Array(s.utf8) }
        obj("1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        obj("2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
        obj("3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72.5 36] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>\nendobj\n")
        obj("4 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length \(data.count) >>\nstream\n")
        expected += data
        expected += Array("\nendstream\nendobj\n".utf8)
        let content = "q 72.5 0 0 36 0 0 cm /Im0 Do Q"
        obj("5 0 obj\n<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream\nendobj\n")
        let xref = expected.count
        var tail = "xref\n0 6\n0000000000 65535 f \n"
        for o in offsets {
            let s = String(o)
            tail += String(repeating: "0", count: 10 - s.count) + s + " 00000 n \n"
        }
        tail += "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        expected += Array(tail.utf8)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertTrue(bytes == expected)
    }
}

final class FlateTests: XCTestCase {
    func testRoundTrip() throws {
        for input in [[], [0], Fixtures.noise(seed: 3, count: 100_000), [UInt8](repeating: 7, count: 1 << 20)] as [[UInt8]] {
            let z = try Flate.compress(input)
            XCTAssertEqual(z.first, 0x78, "zlib header")
            XCTAssertEqual(try Flate.decompress(z, expectedCount: input.count), input)
        }
    }

    func testLevels() throws {
        let input = Fixtures.noise(seed: 4, count: 10_000).map { $0 & 0x3 }
        for level in Int32(-1)...12 {
            XCTAssertEqual(try Flate.decompress(try Flate.compress(input, level: level), expectedCount: input.count), input)
        }
        XCTAssertThrowsError(try Flate.compress(input, level: 13)) { XCTAssertEqual($0 as? EncodeError, .invalidCompressionLevel(13)) }
        XCTAssertThrowsError(try Flate.compress(input, level: -2)) { XCTAssertEqual($0 as? EncodeError, .invalidCompressionLevel(-2)) }
    }

    func testDecompressWantsTheExactLength() throws {
        let input = [UInt8](repeating: 1, count: 100)
        let z = try Flate.compress(input)
        XCTAssertThrowsError(try Flate.decompress(z, expectedCount: 99))
        XCTAssertThrowsError(try Flate.decompress(z, expectedCount: 101))
        XCTAssertThrowsError(try Flate.decompress(Array(z.dropLast(3)), expectedCount: 100))
        var damaged = z
        damaged[damaged.count - 1] ^= 0xFF // Adler-32
        XCTAssertThrowsError(try Flate.decompress(damaged, expectedCount: 100))
    }
}
