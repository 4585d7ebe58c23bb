import XCTest
@testable import OCR
import Imaging
import RedactCore

final class AssemblyTests: XCTestCase {
    func word(_ s: String, x: Double, y: Double = 10, line: Bool = false, conf: Float = 90) -> OCRWord {
        let scalars = Array(s.unicodeScalars)
        let syms = scalars.enumerated().map { i, c in
            OCRSymbol(scalars: [c], box: Rect(x: x + Double(i) * 6, y: y, width: 5, height: 9))
        }
        return OCRWord(symbols: syms, box: Rect(x: x, y: y, width: Double(scalars.count) * 6, height: 9),
                       confidence: conf, startsLine: line)
    }

    func testWordsBecomeTextWithSpacesAndNewlines() {
        let t = OCRAssembly.pageText([word("IBAN", x: 0, line: true), word("DE12", x: 40),
                                      word("next", x: 0, y: 30, line: true)])
        XCTAssertEqual(t.string, "IBAN DE12\nnext")
        XCTAssertEqual(t.scalars.count, t.boxes.count)
        XCTAssertTrue(t.boxes[4].isEmpty, "the space has no box")
        // A scalar's box is its symbol's.
        XCTAssertEqual(t.boxes[5], Rect(x: 40, y: 10, width: 5, height: 9))
    }

    func testLowConfidenceWordsAreKept() {
        let t = OCRAssembly.pageText([word("DE89", x: 0, conf: 3)])
        XCTAssertEqual(t.string, "DE89")
    }

    func testLigatureScalarsEachGetTheSymbolBox() {
        let w = OCRWord(symbols: [OCRSymbol(scalars: ["f", "i"], box: Rect(x: 0, y: 0, width: 10, height: 8))],
                        box: Rect(x: 0, y: 0, width: 10, height: 8), confidence: 80, startsLine: true)
        let t = OCRAssembly.pageText([w])
        XCTAssertEqual(t.boxes, [Rect(x: 0, y: 0, width: 10, height: 8), Rect(x: 0, y: 0, width: 10, height: 8)])
    }

    func layer(_ s: String, x: Double, y: Double = 11) -> PageText {
        let sc = Array(s.unicodeScalars)
        return PageText(scalars: sc, boxes: sc.indices.map { Rect(x: x + Double($0) * 6, y: y, width: 5, height: 7) })
    }

    func testWordsTheTextLayerSpellsAreDropped() {
        let words = [word("Rechnung", x: 0)]
        XCTAssertTrue(OCRAssembly.unexplained(words, layer: layer("rechnung", x: 0)).isEmpty)
    }

    func testWordsOverDifferentGlyphsAreKept() {
        // A font whose extracted text lies: the layer says one thing, the ink another.
        let words = [word("DE44", x: 0)]
        XCTAssertEqual(OCRAssembly.unexplained(words, layer: layer("xxxx", x: 0)).count, 1)
    }

    func testWordsWhereNoGlyphIsAreKept() {
        let words = [word("Max", x: 200), word("-", x: 300)]
        XCTAssertEqual(OCRAssembly.unexplained(words, layer: layer("Max", x: 0)).count, 2)
    }

    func testATablesRulingLineReadAsABarIsDropped() {
        // tesseract reads a ruled table's vertical lines as `|` (box 10 x
        // 27 px); beside a text layer they would split the row's cells.
        let bar = OCRWord(symbols: [OCRSymbol(scalars: ["|"], box: Rect(x: 384, y: 240, width: 10, height: 27))],
                          box: Rect(x: 384, y: 240, width: 10, height: 27), confidence: 80, startsLine: false)
        let kept = OCRAssembly.unexplained([bar, word("1", x: 200), word("Max", x: 300)], layer: layer("Name", x: 0))
        XCTAssertEqual(kept.map { String(String.UnicodeScalarView($0.symbols.flatMap(\.scalars))) }, ["1", "Max"],
                       "a digit as wide as a glyph stays")
        // A scan has no text layer: its bars are the cells of a typed table.
        XCTAssertEqual(OCRAssembly.unexplained([bar], layer: .empty).count, 1)
        // Beside words only OCR reads (a typed table in a pasted image), a bar is a cell's.
        let typed = [word("Kirsty", x: 300, y: 240), bar]
        XCTAssertEqual(OCRAssembly.unexplained(typed, layer: layer("Name", x: 0)).count, 2)
    }

    func testABarBesideAMisreadOfTheTextLayerIsDropped() {
        // OCR of a region around a letter the font check could not vouch
        // for (`Yılmaz,` read `Yilmaz,`) takes in the rule beside it: the
        // misread word is the text layer's, so the bar is still a rule.
        let bar = OCRWord(symbols: [OCRSymbol(scalars: ["|"], box: Rect(x: 90, y: 8, width: 2, height: 14))],
                          box: Rect(x: 90, y: 8, width: 2, height: 14), confidence: 80, startsLine: false)
        let kept = OCRAssembly.unexplained([word("Yilmaz,", x: 0), bar], layer: layer("Y\u{131}lmaz,", x: 0))
        XCTAssertEqual(kept.map { String(String.UnicodeScalarView($0.symbols.flatMap(\.scalars))) }, ["Yilmaz,"])
        // Nor is a word without symbols (tesseract's reading of a piece of
        // the rule itself): it is dropped, and the bar with it.
        let piece = OCRWord(symbols: [], box: Rect(x: 60, y: 8, width: 1, height: 20), confidence: 0, startsLine: false)
        XCTAssertTrue(OCRAssembly.unexplained([piece, bar], layer: layer("Name", x: 0)).isEmpty)
        // A dash where rules cross, alone on its line, is no text either;
        // beside a word only OCR reads it stays.
        XCTAssertTrue(OCRAssembly.unexplained([word("-", x: 200)], layer: layer("Name", x: 0)).isEmpty)
        XCTAssertEqual(OCRAssembly.unexplained([word("-", x: 200), word("Max", x: 220)], layer: layer("Name", x: 0)).count, 2)
    }

    func testGarbageTextLayer() {
        XCTAssertTrue(TextLayerCheck.isGarbage(layer("\u{E001}\u{E002}\u{E003} ab", x: 0)))
        XCTAssertTrue(TextLayerCheck.isGarbage(layer("\u{FFFD}\u{FFFD}", x: 0)))
        XCTAssertFalse(TextLayerCheck.isGarbage(layer("Größe 12 €", x: 0)))
        XCTAssertFalse(TextLayerCheck.isGarbage(.empty))
    }
}

final class GrayImageTests: XCTestCase {
    /// A 4 x 2 image with one dark pixel at (3, 0).
    func sample() -> GrayImage {
        var b = [UInt8](repeating: 255, count: 8)
        b[3] = 0
        return GrayImage(width: 4, height: 2, bytes: b)
    }

    func darkPixel(_ g: GrayImage) -> (Int, Int) {
        let i = g.bytes.firstIndex(of: 0)!
        return (i % g.width, i / g.width)
    }

    func testQuarterTurnsMoveThePixel() {
        let g = sample()
        let r1 = g.rotated(clockwise: 1)
        XCTAssertEqual([r1.width, r1.height], [2, 4])
        XCTAssertEqual(darkPixel(r1).0, 1); XCTAssertEqual(darkPixel(r1).1, 3)
        let r2 = g.rotated(clockwise: 2)
        XCTAssertEqual(darkPixel(r2).0, 0); XCTAssertEqual(darkPixel(r2).1, 1)
        let r3 = g.rotated(clockwise: 3)
        XCTAssertEqual(darkPixel(r3).0, 0); XCTAssertEqual(darkPixel(r3).1, 0)
        XCTAssertEqual(g.rotated(clockwise: 4), g)
    }

    func testUnrotateMapsBoxesBack() {
        let g = sample()
        for k in 0..<4 {
            let r = g.rotated(clockwise: k)
            let (x, y) = darkPixel(r)
            let back = unrotate(Rect(x: Double(x), y: Double(y), width: 1, height: 1), clockwise: k,
                                width: g.width, height: g.height)
            XCTAssertEqual(back, Rect(x: 3, y: 0, width: 1, height: 1), "turns \(k)")
        }
    }

    func testLuma() {
        let p = Pixmap(width: 2, height: 1, rgb: [255, 255, 255, 0, 0, 0])
        XCTAssertEqual(GrayImage(p).bytes, [255, 0])
    }
}

final class LanguageTests: XCTestCase {
    func testSpecs() {
        XCTAssertTrue(OCRLanguageList.isValid("eng+deu+fra"))
        XCTAssertTrue(OCRLanguageList.isValid("chi_sim"))
        XCTAssertFalse(OCRLanguageList.isValid(""))
        XCTAssertFalse(OCRLanguageList.isValid("eng+"))
        XCTAssertFalse(OCRLanguageList.isValid("../eng"))
        XCTAssertFalse(OCRLanguageList.isValid("ENG"))
        XCTAssertEqual(OCRLanguageList.debianPackage("chi_sim"), "tesseract-ocr-chi-sim")
    }

    func testMissingDataIsNamed() {
        let missing = OCRLanguageList.missing("eng+zzq", dataPath: defaultTessdata)
        XCTAssertEqual(missing, ["zzq"])
        XCTAssertEqual(OCRLanguageList.missing("eng", dataPath: "/nonexistent"), ["eng", "osd"])
    }
}
