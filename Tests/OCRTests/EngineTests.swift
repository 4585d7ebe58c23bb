import CPoppler
import Imaging
import XCTest
@testable import OCR
import RedactCore

/// The tesseract wrapper on text drawn here with cairo.
final class EngineTests: XCTestCase {
    /// Lines of text drawn at 150 dpi on a white `w` x `h` point page.
    static func draw(_ lines: [(Double, Double, String)], w: Double = 360, h: Double = 200, size: Double = 14) -> GrayImage {
        let s = 150.0 / 72.0
        let pw = Int(w * s), ph = Int(h * s)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pw), Int32(ph))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, s, s)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_set_source_rgb(cr, 0, 0, 0)
        for (x, y, t) in lines {
            cairo_move_to(cr, x, y)
            cairo_show_text(cr, t)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var gray = [UInt8](repeating: 0, count: pw * ph)
        for y in 0..<ph {
            for x in 0..<pw {
                let px = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                gray[y * pw + x] = UInt8((px >> 8) & 0xFF)
            }
        }
        return GrayImage(width: pw, height: ph, bytes: gray)
    }

    static let lines: [(Double, Double, String)] = [
        (20, 50, "Kontoauszug Nummer 4711"),
        (20, 90, "IBAN DE46 4306 0967 4170 0523 00"),
        (20, 130, "Mit freundlichen Grüßen"),
    ]

    func testReadsWordsWithSymbolBoxes() throws {
        let engine = try OCREngine(languages: "eng+deu")
        let words = try engine.recognize(Self.draw(Self.lines), dpi: 150)
        let text = words.map(\.string)
        XCTAssertTrue(text.contains("Kontoauszug"), "\(words.count) words")
        XCTAssertTrue(text.contains("4306"))
        XCTAssertTrue(text.contains("Grüßen"), "German needs deu")
        let iban = try XCTUnwrap(words.first { $0.string == "IBAN" })
        XCTAssertTrue(iban.startsLine)
        XCTAssertEqual(iban.symbols.count, 4)
        // Drawn at x = 20 pt, baseline 90 pt: 150 dpi pixels.
        XCTAssertEqual(iban.box.x, 20 * 150 / 72, accuracy: 6)
        XCTAssertEqual(iban.box.maxY, 90 * 150 / 72, accuracy: 6)
        for (a, b) in zip(iban.symbols, iban.symbols.dropFirst()) {
            XCTAssertLessThan(a.box.x, b.box.x, "symbols left to right")
        }
        XCTAssertTrue(words.allSatisfy { (0...100).contains($0.confidence) })
        // Reused engine: a second page reads the same.
        XCTAssertEqual(try engine.recognize(Self.draw(Self.lines), dpi: 150).map(\.string), text)
    }

    func testABlankPageIsNoWordsNotAFailure() throws {
        // Failures now throw (the page then fails); an empty page must not.
        let engine = try OCREngine(languages: "eng")
        let blank = GrayImage(width: 600, height: 400, bytes: [UInt8](repeating: 255, count: 600 * 400))
        XCTAssertEqual(try engine.recognize(blank, dpi: 150).count, 0)
        XCTAssertEqual(try engine.recognize(blank, dpi: 150, region: PixelRect(x0: 10, y0: 10, x1: 200, y1: 100)).count, 0)
    }

    func testRegionLimitsWhatIsRead() throws {
        let engine = try OCREngine(languages: "eng")
        let image = Self.draw(Self.lines)
        let s = 150.0 / 72.0
        let region = PixelRect(x0: 0, y0: Int(70 * s), x1: image.width, y1: Int(100 * s))
        let words = try engine.recognize(image, dpi: 150, region: region)
        XCTAssertTrue(words.contains { $0.string == "IBAN" })
        XCTAssertFalse(words.contains { $0.string == "Kontoauszug" })
        // Boxes are in whole-image pixels, not region pixels.
        XCTAssertGreaterThan(try XCTUnwrap(words.first).box.y, 70 * s - 4)
    }

    func testOrientationOfATurnedPage() throws {
        let osd = try OrientationDetector()
        let lines = (0..<6).map { (20.0, 40.0 + Double($0) * 25, "Der Vertrag wurde am ersten Tag unterschrieben.") }
        let upright = Self.draw(lines, w: 400, h: 220, size: 12)
        XCTAssertEqual(osd.detect(upright, dpi: 150)?.degrees, 0)
        // OSD reports how far the page was turned clockwise.
        XCTAssertEqual(osd.detect(upright.rotated(clockwise: 1), dpi: 150)?.degrees, 90)
        XCTAssertEqual(osd.detect(upright.rotated(clockwise: 3), dpi: 150)?.degrees, 270)
        XCTAssertEqual(osd.detect(upright.rotated(clockwise: 2), dpi: 150)?.degrees, 180)
    }

    func testUnknownLanguageFailsToStart() {
        XCTAssertThrowsError(try OCREngine(languages: "zzq"))
    }
}

final class InkRegionTests: XCTestCase {
    func pixmap(_ g: GrayImage) -> Pixmap {
        Pixmap(width: g.width, height: g.height, rgb: g.bytes.flatMap { [$0, $0, $0] })
    }

    func testInkUnderGlyphBoxesIsExplained() {
        let image = EngineTests.draw([(20, 50, "Kontoauszug")])
        let scale = 150.0 / 72.0
        let found = InkRegions.find(in: pixmap(image), scale: scale, explained: [])
        XCTAssertEqual(found.count, 1)
        let r = found[0]
        XCTAssertLessThan(r.x, 20); XCTAssertGreaterThan(r.maxX, 100)
        XCTAssertLessThan(r.y, 40); XCTAssertGreaterThan(r.maxY, 50)
        let covered = InkRegions.find(in: pixmap(image), scale: scale,
                                      explained: [Rect(x: 18, y: 36, width: 100, height: 18)])
        XCTAssertTrue(covered.isEmpty, "\(covered)")
    }

    func testRulesAreNotText() {
        var g = GrayImage(width: 600, height: 300, bytes: [UInt8](repeating: 255, count: 600 * 300))
        for x in 10..<590 { g.bytes[150 * 600 + x] = 0; g.bytes[151 * 600 + x] = 0 }
        for y in 10..<290 { g.bytes[y * 600 + 300] = 0 }
        XCTAssertTrue(InkRegions.find(in: pixmap(g), scale: 150.0 / 72.0, explained: []).isEmpty)
    }

    func testMergeJoinsOverlaps() {
        let m = InkRegions.merge([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10),
                                  Rect(x: 50, y: 50, width: 1, height: 1)])
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m[0], Rect(x: 0, y: 0, width: 15, height: 15))
    }
}
