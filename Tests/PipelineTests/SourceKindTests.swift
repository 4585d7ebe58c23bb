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
