import XCTest
import ImageCodec
import RedactCore
@testable import Pipeline

final class SourceKindTests: XCTestCase {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)
    let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
    let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0]
    let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8)
    let bmp: [UInt8] = [0x42, 0x4D] + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0] + [UInt8](repeating: 0, count: 20)
    let pdf: [UInt8] = Array("%PDF-1.7\n".utf8)

    func testMagicAlone() throws {
        XCTAssertEqual(try SourceKind.classify(head: pdf), .pdf)
        XCTAssertEqual(try SourceKind.classify(head: Array(repeating: 0x20, count: 500) + pdf), .pdf)
        XCTAssertEqual(try SourceKind.classify(head: png), .image(.png))
        XCTAssertEqual(try SourceKind.classify(head: jpeg), .image(.jpeg))
        XCTAssertEqual(try SourceKind.classify(head: tiff), .image(.tiff))
        XCTAssertEqual(try SourceKind.classify(head: gif), .image(.gif))
        XCTAssertEqual(try SourceKind.classify(head: webp), .image(.webp))
        XCTAssertEqual(try SourceKind.classify(head: bmp), .image(.bmp))
        XCTAssertThrowsError(try SourceKind.classify(head: Array("hello".utf8)))
        XCTAssertThrowsError(try SourceKind.classify(head: Array(repeating: 0x20, count: 1024) + pdf))
    }

    func testOfficeDocumentsByNameAndMagic() throws {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0]
        let ole2: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0]
        let rtf = Array("{\\rtf1\\ansi Hallo}".utf8)
        for name in ["a.docx", "a.odt", "a.xlsx", "a.ods", "a.pptx", "a.odp"] {
            XCTAssertEqual(try SourceKind.classify(head: zip, name: name), .office(NameMap.sourceType(forFile: name)!))
            XCTAssertThrowsError(try SourceKind.classify(head: ole2, name: name), "an encrypted OOXML file is OLE2: \(name)")
            XCTAssertThrowsError(try SourceKind.classify(head: pdf, name: name))
        }
        XCTAssertEqual(try SourceKind.classify(head: ole2, name: "a.DOC"), .office(.doc))
        XCTAssertEqual(try SourceKind.classify(head: rtf, name: "a.doc"), .office(.doc), "Word saves RTF as .doc")
        XCTAssertThrowsError(try SourceKind.classify(head: zip, name: "a.doc"))
        XCTAssertEqual(try SourceKind.classify(head: rtf, name: "a.rtf"), .office(.rtf))
        XCTAssertThrowsError(try SourceKind.classify(head: Array("plain text".utf8), name: "a.rtf"))
        XCTAssertThrowsError(try SourceKind.classify(head: zip), "magic alone never says office")
        XCTAssertEqual(Redactor.outputType(.office(.docx), name: nil, multiPage: false), .pdf)
    }

    func testMagicMustAgreeWithTheName() throws {
        XCTAssertEqual(try SourceKind.classify(head: pdf, name: "a.pdf"), .pdf)
        XCTAssertEqual(try SourceKind.classify(head: jpeg, name: "a.JPG"), .image(.jpeg))
        XCTAssertEqual(try SourceKind.classify(head: png, name: "a.jpg"), .image(.png))      // misnamed photo
        XCTAssertEqual(try SourceKind.classify(head: tiff, name: "a.tif"), .image(.tiff))
        XCTAssertEqual(try SourceKind.classify(head: png, name: "a.tiff"), .image(.png))
        XCTAssertEqual(try SourceKind.classify(head: webp, name: "a.webp"), .image(.webp))
        XCTAssertEqual(try SourceKind.classify(head: bmp, name: "a.bmp"), .image(.bmp))
        XCTAssertEqual(try SourceKind.classify(head: gif, name: "a.gif"), .image(.gif))
        for (head, name) in [(pdf, "a.png"), (png, "a.pdf"), (tiff, "a.png"), (tiff, "a.jpg"), (jpeg, "a.txt"),
                             (Array("text".utf8), "a.png"), (pdf, "a.tif")] {
            XCTAssertThrowsError(try SourceKind.classify(head: head, name: name), name) {
                XCTAssertEqual($0 as? RedactError, .unsupported)
            }
        }
    }
}

/// A TIFF's second page is seen from its header and first IFD alone.
final class TIFFPagesTests: XCTestCase {
    /// A classic TIFF: header, then IFD0 at 8 with `entries` entries and a link.
    static func classic(little: Bool, entries: Int, link: UInt32) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
            return little ? b.reversed() : b
        }
        var out: [UInt8] = little ? [0x49, 0x49] : [0x4D, 0x4D]
        out += u16(42) + u32(8) + u16(entries)
        out += [UInt8](repeating: 0xAB, count: entries * 12)
        return out + u32(link)
    }

    func pages(_ bytes: [UInt8]) -> Bool {
        TIFFPages.hasSecondPage { off, n in
            guard off >= 0, off < Int64(bytes.count) else { return [] }
            return Array(bytes[Int(off)..<min(bytes.count, Int(off) + n)])
        }
    }

    func testTheFirstIFDsLinkDecides() {
        for little in [true, false] {
            XCTAssertFalse(pages(Self.classic(little: little, entries: 9, link: 0)))
            XCTAssertTrue(pages(Self.classic(little: little, entries: 9, link: 4000)))
            // The link sits after the entries, however many there are.
            XCTAssertFalse(pages(Self.classic(little: little, entries: 0, link: 0)))
            XCTAssertTrue(pages(Self.classic(little: little, entries: 300, link: 1)))
        }
    }

    func testBigTIFF() {
        // II, 43, offset size 8, 0, IFD0 at 16; count 1 (8 bytes), one 20-byte entry, 8-byte link.
        var b: [UInt8] = [0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]
        b += [1, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0xCD, count: 20)
        XCTAssertFalse(pages(b + [UInt8](repeating: 0, count: 8)))
        XCTAssertTrue(pages(b + [0x40, 0, 0, 0, 0, 0, 0, 0]))
    }

    func testCutOrHostileHeadersReadAsOnePage() {
        let good = Self.classic(little: true, entries: 9, link: 4000)
        for cut in [0, 4, 7, 9, good.count - 2] {
            XCTAssertFalse(pages(Array(good.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertFalse(pages([0x49, 0x49, 41, 0, 8, 0, 0, 0, 0, 0, 0, 0]))       // not 42
        XCTAssertFalse(pages([0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0xFF]))       // IFD past the end
        XCTAssertFalse(pages([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]))             // a PNG
    }
}
