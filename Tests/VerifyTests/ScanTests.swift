import XCTest
import CZlib
@testable import Verify

/// The structure checks on hand-made files: what a redactfs output holds
/// passes; each classic failure is found, wherever it hides.
final class PDFScanTests: XCTestCase {
    /// A PDF with classic cross-reference tables: `objects` numbered from 1,
    /// `trailer` added to the trailer dictionary; `revisions` > 1 appends
    /// empty incremental updates.
    static func pdf(_ objects: [[UInt8]], trailer: String = "", revisions: Int = 1) -> [UInt8] {
        var out = Array("%PDF-1.4\n%\u{e2}\u{e3}\n".utf8)
        var offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(i + 1) 0 obj\n".utf8) + o + Array("\nendobj\n".utf8)
        }
        var xref = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for o in offsets { out += Array(String(format: "%010d 00000 n \n", o).utf8) }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        for _ in 1..<max(revisions, 1) {
            let prev = xref
            xref = out.count
            out += Array("xref\n0 0\ntrailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Prev \(prev) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        }
        return out
    }

    static func stream(_ dict: String, _ data: [UInt8]) -> [UInt8] {
        Array("<< \(dict) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    static func deflate(_ b: [UInt8]) -> [UInt8] {
        var n = compressBound(uLong(b.count))
        var out = [UInt8](repeating: 0, count: Int(n))
        XCTAssertEqual(compress2(&out, &n, b, uLong(b.count), 6), Z_OK)
        return Array(out[0..<Int(n)])
    }

    /// The shape of a redactfs output page: an image placed by q cm Do Q.
    static func page(content: String = "q 100 0 0 100 0 0 cm /Im0 Do Q", resources: String = "",
                     pageExtra: String = "", extra: [[UInt8]] = [], trailer: String = "", revisions: Int = 1) -> [UInt8] {
        let image = stream("/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
                           deflate([0, 255]))
        // Image bytes that look like PDF syntax must not count.
        let noisy = stream("/Type /XObject /Subtype /Image /Width 9 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
                           Array(" /JS BT ".utf8) + [0])
        return pdf([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Resources << /XObject << /Im0 4 0 R /Im1 6 0 R >> \(resources) >> /Contents 5 0 R \(pageExtra) >>".utf8),
            image,
            stream("", Array(content.utf8)),
            noisy,
        ] + extra, trailer: trailer, revisions: revisions)
    }

    func categories(_ f: [Finding]) -> [Finding.Category] { f.map(\.category) }

    func testAnImageOnlyPagePasses() {
        XCTAssertEqual(PDFScan.check(Self.page()), [])
    }

    func testBlackBoxesOverAKeptTextLayer() {
        let f = PDFScan.check(Self.page(content: "BT /F1 12 Tf 10 10 Td (Lena Probst) Tj ET 0 0 0 rg 5 5 80 20 re f",
                                        resources: "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>"))
        XCTAssertTrue(categories(f).contains(.text), "\(f)")
        XCTAssertTrue(categories(f).contains(.font), "\(f)")
        XCTAssertTrue(f.contains { $0.check.contains("operators f re rg") }, "\(f)")
    }

    func testBoxesDrawnOverAnImageThatStillHoldsTheText() {
        let f = PDFScan.check(Self.page(content: "q 100 0 0 100 0 0 cm /Im0 Do Q 0 g 10 10 50 12 re f"))
        XCTAssertEqual(categories(f), [.structure], "\(f)")
        XCTAssertTrue(f[0].check.contains("operators f g re"), "\(f)")
    }

    func testMetadataInInfoAndXMP() {
        let info = PDFScan.check(Self.page(extra: [Array("<< /Author (Lena Probst) >>".utf8)], trailer: "/Info 7 0 R"))
        XCTAssertEqual(categories(info), [.metadata])
        let xmp = PDFScan.check(Self.pdf([
            Array("<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [] /Count 0 >>".utf8),
            Self.stream("/Type /Metadata /Subtype /XML", Array("<x:xmpmeta>Lena</x:xmpmeta>".utf8)),
        ]))
        XCTAssertTrue(categories(xmp).contains(.metadata), "\(xmp)")
    }

    func testAnIncrementalUpdate() {
        XCTAssertEqual(categories(PDFScan.check(Self.page(revisions: 2))), [.revision])
    }

    func testJavaScriptHiddenInACompressedObjectStream() {
        let packed = Array("8 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>".utf8)
        let objstm = Self.stream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", Self.deflate(packed))
        let f = PDFScan.check(Self.page(extra: [objstm]))
        XCTAssertEqual(f.map(\.check), ["JavaScript (/JS, /JavaScript)"], "\(f)")
    }

    func testAnnotationsActionsFormsAndAttachments() {
        let f = PDFScan.check(Self.page(pageExtra: "/Annots [<< /Subtype /Link /A << /S /URI /URI (http://x) >> >>] /AA << >>",
                                        extra: [Array("<< /AcroForm << /Fields [] >> /Names << /EmbeddedFiles << >> >> >>".utf8)]))
        for c in [Finding.Category.annotation, .action, .form, .attachment] {
            XCTAssertTrue(categories(f).contains(c), "\(c) not found in \(f)")
        }
    }

    /// A page whose content is object 4, `content` with `dict`.
    static func pageWith(content dict: String, _ data: [UInt8], contentsRef: String = "4 0 R") -> [UInt8] {
        pdf([
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents \(contentsRef) >>".utf8),
            stream(dict, data),
        ])
    }

    func testACompressedContentStreamIsReadToo() {
        let f = PDFScan.check(Self.pageWith(content: "/Filter /FlateDecode", Self.deflate(Array("BT (x) Tj ET".utf8))))
        XCTAssertTrue(categories(f).contains(.text), "\(f)")
        // Named in an array of contents, too.
        let g = PDFScan.check(Self.pageWith(content: "", Array("BT (x) Tj ET".utf8), contentsRef: "[4 0 R]"))
        XCTAssertTrue(categories(g).contains(.text), "\(g)")
        // A stream no page draws (a CMap, a font) is not a page's content.
        let cmap = PDFScan.check(Self.page(extra: [Self.stream("", Array("begincmap 1 begincodespacerange endcmap".utf8))]))
        XCTAssertEqual(cmap, [])
    }

    func testWhatCannotBeReadIsReported() {
        let f = PDFScan.check(Self.pageWith(content: "/Filter /LZWDecode", [1, 2, 3]))
        XCTAssertTrue(f.contains { $0.category == .structure && $0.check.contains("LZWDecode") }, "\(f)")
        let broken = PDFScan.check(Self.pageWith(content: "/Filter /FlateDecode", [1, 2, 3, 4]))
        XCTAssertTrue(broken.contains { $0.check.contains("does not inflate") }, "\(broken)")
        XCTAssertFalse(PDFScan.check(Array("hello".utf8)).isEmpty)
    }
}

final class ImageScanTests: XCTestCase {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = data.count
        var out: [UInt8] = [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)]
        out += Array(type.utf8) + data
        return out + [0, 0, 0, 0]  // the CRC is not what this check reads
    }

    static func png(extra: [[UInt8]] = []) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
            + extra.joined() + chunk("IDAT", [1, 2]) + chunk("IEND", [])
    }

    func testAPNGWithPixelsOnlyPassesAndATextChunkIsFound() {
        XCTAssertEqual(ImageScan.png(Self.png()), [])
        let f = ImageScan.png(Self.png(extra: [Self.chunk("tEXt", Array("Author\0Lena Probst".utf8))]))
        XCTAssertEqual(f.map(\.category), [.metadata])
        XCTAssertTrue(f[0].check.contains("tEXt"))
        XCTAssertEqual(ImageScan.png(Self.png() + [1, 2, 3]).map(\.category), [.image])
    }

    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        let n = data.count + 2
        return [0xFF, marker, UInt8(n >> 8), UInt8(n & 255)] + data
    }

    static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
        let jfif = segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        return [0xFF, 0xD8] + jfif + segments.joined() + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0xFF, 0x00, 0x34] + [0xFF, 0xD9]
    }

    func testAJPEGWithItsJFIFHeaderOnlyPassesAndEXIFAndCommentsAreFound() {
        XCTAssertEqual(ImageScan.jpeg(Self.jpeg([])), [])
        let f = ImageScan.jpeg(Self.jpeg([Self.segment(0xE1, Array("Exif\0\0MM".utf8)), Self.segment(0xFE, Array("Lena".utf8))]))
        XCTAssertEqual(f.map(\.check), ["JPEG EXIF", "a JPEG comment"])
    }
}
