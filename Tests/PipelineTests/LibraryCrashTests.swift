#if canImport(Glibc)
import Glibc
#endif
import XCTest
import RedactCore
import Worker
@testable import Pipeline

/// A file that crashes poppler or cairo costs that file, with a reason a
/// reader can look up, and nothing else.
final class LibraryCrashTests: XCTestCase {
    /// A Type3 font whose one glyph shows itself: poppler's cairo backend
    /// recurses until the stack runs out (`pdftocairo` dies on it as well).
    static func selfDrawingGlyphPDF() -> [UInt8] {
        let page = "BT /T3 24 Tf 72 72 Td (a) Tj ET"
        let glyph = "1000 0 d0 BT /T3 1000 Tf (a) Tj ET"
        return FanOutTests.pdf([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /T3 5 0 R >> >> /Contents 4 0 R >>",
            "<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream",
            "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 750 750] /FontMatrix [0.001 0 0 0.001 0 0] "
                + "/CharProcs << /a 6 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> "
                + "/FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /Font << /T3 5 0 R >> >> >>",
            "<< /Length \(glyph.utf8.count) >>\nstream\n\(glyph)\nendstream",
        ])
    }

    override func setUpWithError() throws {
        guard access(FanOutTests.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(FanOutTests.executable)") }
    }

    func testACrashInTheRendererIsAStatedRefusal() throws {
        let pool = WorkerPool(slots: 1)
        let redactor = Redactor(settings: RenderSettings(), limits: Limits(), worker: WorkerClient(executable: FanOutTests.executable), pool: pool)
        XCTAssertThrowsError(try redactor.redact(try FanOutTests.file(Self.selfDrawingGlyphPDF()))) { e in
            XCTAssertEqual(e as? RedactError, .refused(.libraryCrashed))
            XCTAssertEqual((e as? RedactError)?.message,
                           "refused (man redactfs, LIMITS): the PDF or OCR library (poppler, cairo, tesseract) crashed reading or drawing a page")
        }
        // The slot came back and the next file is served.
        XCTAssertEqual(pool.busy, 0)
        XCTAssertEqual(try redactor.redact(try FanOutTests.file(FanOutTests.textPDF(pages: 1))).pageCount, 1)
    }
}
