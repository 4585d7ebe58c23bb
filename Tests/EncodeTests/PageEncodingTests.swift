import XCTest
import Imaging
import ImageCodec
import RedactCore
@testable import Encode

/// The per-page choice between lossless Flate and JPEG (an extension so
/// every page goes through `checkDocument`).
extension PDFWriterTests {
    var a4: PageSize { PageSize(width: 595.2756, height: 841.8898) }

    func image(_ pdf: MiniPDF, page: Int) throws -> (filter: String?, colorSpace: String?, length: Int) {
        let p = try pdf.pages()[page]
        return (p.image.dict["Filter"]?.name, p.image.dict["ColorSpace"]?.name, p.image.stream?.count ?? -1)
    }

    func testPhotoPageIsStoredAsJPEGAndSmaller() throws {
        let photo = Fixtures.photo(width: 620, height: 877)
        XCTAssertGreaterThan(PageEncoding.midtoneShare(photo), 0.8)
        let page = OutputPage(size: a4, image: photo)
        let auto = try PDFWriter.write([page])
        let lossless = try PDFWriter.write([page], encoding: .flateOnly)
        let pdf = try checkDocument(auto, pages: [page])
        let img = try image(pdf, page: 0)
        XCTAssertEqual(img.filter, "DCTDecode")
        XCTAssertEqual(img.colorSpace, "DeviceRGB")
        XCTAssertEqual(try image(try MiniPDF(lossless), page: 0).filter, "FlateDecode")
        XCTAssertLessThan(auto.count * 2, lossless.count, "JPEG should at least halve a photo page")
    }

    func testGrayPhotoIsGrayJPEG() throws {
        let photo = Fixtures.photo(width: 620, height: 877, gray: true)
        XCTAssertTrue(photo.isGray)
        let page = OutputPage(size: a4, image: photo)
        let pdf = try checkDocument(try PDFWriter.write([page]), pages: [page])
        let img = try image(pdf, page: 0)
        XCTAssertEqual(img.filter, "DCTDecode")
        XCTAssertEqual(img.colorSpace, "DeviceGray")
    }

    func testTextLikePageStaysLosslessEvenOverBudget() throws {
        let text = Fixtures.busyText(width: 1240, height: 1754)
        XCTAssertLessThan(PageEncoding.midtoneShare(text), 0.25)
        let page = OutputPage(size: a4, image: text)
        let bytes = try PDFWriter.write([page])
        let pdf = try checkDocument(bytes, pages: [page])
        let img = try image(pdf, page: 0)
        XCTAssertEqual(img.filter, "FlateDecode")
        XCTAssertGreaterThan(img.length, PageEncoding().flateBudget, "fixture must be over budget to test the rule")
    }

    func testSmallPhotoUnderBudgetStaysLossless() throws {
        let photo = Fixtures.photo(width: 120, height: 90)
        let page = OutputPage(size: PageSize(width: 120, height: 90), image: photo)
        let pdf = try checkDocument(try PDFWriter.write([page]), pages: [page])
        XCTAssertEqual(try image(pdf, page: 0).filter, "FlateDecode")
    }

    func testMixedDocumentPicksPerPage() throws {
        let pages = [
            OutputPage(size: a4, image: Fixtures.busyText(width: 620, height: 877)),
            OutputPage(size: a4, image: Fixtures.photo(width: 620, height: 877)),
            OutputPage(size: PageSize(width: 612, height: 792), image: Fixtures.gray(width: 85, height: 110)),
        ]
        let bytes = try PDFWriter.write(pages)
        let pdf = try checkDocument(bytes, pages: pages)
        XCTAssertEqual(try (0..<3).map { try image(pdf, page: $0).filter }, ["FlateDecode", "DCTDecode", "FlateDecode"])
        XCTAssertTrue(try PDFWriter.write(pages) == bytes, "deterministic")
    }

    func testStreamingWriterGivesTheSameBytes() throws {
        let pages = Fixtures.mixedPages() + [OutputPage(size: a4, image: Fixtures.photo(width: 620, height: 877))]
        var doc = try PDFDocumentWriter()
        for p in pages { try doc.add(p) }
        XCTAssertEqual(doc.pageCount, 4)
        XCTAssertLessThan(doc.compressedBytes, pages.reduce(0) { $0 + $1.image.rgb.count } / 4)
        let streamed = try doc.finish()
        XCTAssertTrue(streamed == (try PDFWriter.write(pages)))
        try checkDocument(streamed, pages: pages)
    }

    func testStreamingWriterErrors() throws {
        XCTAssertThrowsError(try PDFDocumentWriter().finish()) { XCTAssertEqual($0 as? EncodeError, .noPages) }
        var doc = try PDFDocumentWriter()
        try doc.add(OutputPage(size: a4, image: Pixmap(width: 2, height: 2)))
        XCTAssertThrowsError(try doc.add(OutputPage(size: PageSize(width: 0, height: 1), image: Pixmap(width: 2, height: 2)))) {
            XCTAssertEqual($0 as? EncodeError, .invalidPageSize(page: 1))
        }
        var bad = PageEncoding()
        bad.jpegQualities = [75, 0]
        XCTAssertThrowsError(try PDFDocumentWriter(encoding: bad)) { XCTAssertEqual($0 as? EncodeError, .invalidJPEGQuality(0)) }
        bad = PageEncoding()
        bad.flateLevel = 13
        XCTAssertThrowsError(try PDFDocumentWriter(encoding: bad)) { XCTAssertEqual($0 as? EncodeError, .invalidCompressionLevel(13)) }
    }

    /// A4 at 150 dpi: dense text stays far under the 150 KB target; a
    /// full-page photo stays under it when stored as JPEG.
    func testBytesPerPageAtTheDefaultResolution() throws {
        let text = OutputPage(size: a4, image: Fixtures.busyText(width: 1240, height: 1754))
        let photo = OutputPage(size: a4, image: Fixtures.photo(width: 1240, height: 1754))
        let photoBytes = try PDFWriter.write([photo]).count
        let losslessPhoto = try PDFWriter.write([photo], encoding: .flateOnly).count
        XCTAssertLessThan(photoBytes, losslessPhoto / 3)
        // The grainy fixture is 330 KB at quality 75; the quality ladder must
        // bring it near the 150 KB target.
        XCTAssertLessThanOrEqual(photoBytes, 200_000)
        let textBytes = try PDFWriter.write([text]).count
        print("A4 150 dpi bytes: busy text \(textBytes), photo \(photoBytes) (lossless \(losslessPhoto))")
    }

    /// A compressed page holds its bytes, not the worst-case buffer it was
    /// compressed into (about the size of its pixels): a document's pages
    /// are all held until it is written.
    func testACompressedPageHoldsOnlyItsBytes() throws {
        let blank = OutputPage(size: a4, image: Pixmap(width: 1240, height: 1754, rgb: [UInt8](repeating: 255, count: 1240 * 1754 * 3)))
        let page = try PDFDocumentWriter().encode(blank, index: 0)
        XCTAssertLessThan(page.byteCount, 16 << 10)
        XCTAssertLessThan(page.image.data.capacity, page.byteCount + 8192)
    }
}

final class GrayBytesTests: XCTestCase {
    func testGrayBytesIfGrayMatchesIsGrayAndGrayBytes() {
        let gray = Pixmap(width: 3, height: 2, rgb: [10, 10, 10, 200, 200, 200, 0, 0, 0, 255, 255, 255, 7, 7, 7, 9, 9, 9])
        XCTAssertTrue(gray.isGray)
        XCTAssertEqual(gray.grayBytesIfGray(), gray.grayBytes())
        XCTAssertEqual(gray.grayBytesIfGray(), [10, 200, 0, 255, 7, 9])
        // One colour pixel, the last one: not gray.
        var rgb = gray.rgb
        rgb[17] = 10
        let colour = Pixmap(width: 3, height: 2, rgb: rgb)
        XCTAssertFalse(colour.isGray)
        XCTAssertNil(colour.grayBytesIfGray())
    }
}
