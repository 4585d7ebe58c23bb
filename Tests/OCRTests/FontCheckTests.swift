import Imaging
import XCTest
@testable import OCR
import RedactCore

/// Font verification: sample choice, the comparison, and one strip read
/// by the real engine.
final class FontCheckTests: XCTestCase {
    /// A text layer from (text, font) lines: 6 x 10 pt boxes per scalar,
    /// one line per entry, a newline (no box) between lines.
    func layer(_ lines: [(String, String)]) -> (PageText, [FontSpan]) {
        var scalars: [Unicode.Scalar] = []
        var boxes: [Rect] = []
        var spans: [FontSpan] = []
        for (n, (text, font)) in lines.enumerated() {
            if n > 0 {
                scalars.append("\n")
                boxes.append(Rect(x: 0, y: 0, width: 0, height: 0))
                spans[spans.count - 1].range = spans[spans.count - 1].range.lowerBound..<scalars.count
            }
            let start = scalars.count
            for (i, s) in text.unicodeScalars.enumerated() {
                scalars.append(s)
                boxes.append(s == " " ? Rect(x: 0, y: 0, width: 0, height: 0)
                                      : Rect(x: 20 + Double(i) * 6, y: 20 + Double(n) * 14, width: 6, height: 10))
            }
            spans.append(FontSpan(font: font, range: start..<scalars.count))
        }
        return (PageText(scalars: scalars, boxes: boxes), spans)
    }

    func string(_ s: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(s)) }

    func testFoldingKeepsLettersAndDigitsAndMergesLookalikes() {
        XCTAssertEqual(string(FontCheck.folded(Array("Größe-1 0li, É!".unicodeScalars))), "großelolle")
        XCTAssertEqual(FontCheck.folded(Array("IBAN".unicodeScalars)), FontCheck.folded(Array("1ban".unicodeScalars)))
        XCTAssertNotEqual(FontCheck.folded(Array("DE89".unicodeScalars)), FontCheck.folded(Array("DE12".unicodeScalars)))
    }

    func testSimilarity() {
        let s = { (a: String, b: String) in FontCheck.similarity(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        XCTAssertEqual(s("", ""), 1)
        XCTAssertEqual(s("abc", "abc"), 1)
        XCTAssertEqual(s("abc", "abd"), 2.0 / 3.0, accuracy: 1e-9)
        XCTAssertEqual(s("abc", ""), 0)
        XCTAssertEqual(s("kitten", "sitting"), 1 - 3.0 / 7.0, accuracy: 1e-9)
    }

    func testOneSamplePerFontInOrderOfFirstUse() {
        let (text, spans) = layer([("Rechnung Nummer 4711", "Helvetica"), ("Habe eine gute Zeit", "Lie"),
                                   ("Vielen Dank", "Helvetica")])
        let samples = FontCheck.samples(layer: text, spans: spans)
        XCTAssertEqual(samples.map(\.font), ["Helvetica", "Lie"])
        // Helvetica: every word of both its lines fits in the budget.
        XCTAssertEqual(samples[0].words.map { string($0.scalars) }, ["Rechnung", "Nummer", "4711", "Vielen", "Dank"])
        XCTAssertEqual(string(samples[0].expected), "rechnungnummer47llvlelendank")
        XCTAssertEqual(samples[1].words.map { string($0.scalars) }, ["Habe", "eine", "gute", "Zeit"])
        // A word's box is the union of its glyph boxes.
        XCTAssertEqual(samples[0].words[0].box, Rect(x: 20, y: 20, width: 48, height: 10))
    }

    func testSampleCoversManyLettersWithinTheBudget() {
        // The same word over and over, then one with new letters and digits
        // far down the page: the greedy cover takes it.
        let lines = Array(repeating: ("Betrag Betrag Betrag", "F"), count: 30) + [("Konto 583920", "F")]
        let (text, spans) = layer(lines)
        let sample = try! XCTUnwrap(FontCheck.samples(layer: text, spans: spans, maxChars: 20).first)
        let words = sample.words.map { string($0.scalars) }
        XCTAssertTrue(words.contains("583920"), "\(words)")
        XCTAssertTrue(words.contains("Konto"), "\(words)")
        XCTAssertLessThanOrEqual(sample.expected.count, 20)
    }

    func testWordsOCRCannotCheckAreNotSampled() {
        // Greek (not read by the OCR languages), a single letter (while
        // there are longer words), and letters under 3 pt are left out; a
        // font with only such words gets no letters to compare.
        let (text, spans) = layer([("Ωμέγα x Konto", "A")])
        let sample = try! XCTUnwrap(FontCheck.samples(layer: text, spans: spans).first)
        XCTAssertEqual(sample.words.map { string($0.scalars) }, ["Konto"])
        let (greek, greekSpans) = layer([("Ωμέγα", "G")])
        XCTAssertTrue(FontCheck.samples(layer: greek, spans: greekSpans).isEmpty, "no Latin word and no symbol")
        let tiny = PageText(scalars: Array("Name".unicodeScalars),
                            boxes: (0..<4).map { Rect(x: 10 + Double($0) * 2, y: 10, width: 2, height: 2.5) })
        XCTAssertTrue(FontCheck.samples(layer: tiny, spans: [FontSpan(font: "V", range: 0..<4)]).isEmpty)
        // Short words of narrow letters are words too (wider across than along).
        let short = PageText(scalars: Array("in".unicodeScalars),
                             boxes: [Rect(x: 10, y: 10, width: 2.5, height: 11), Rect(x: 12.5, y: 10, width: 5.5, height: 11)])
        XCTAssertEqual(FontCheck.samples(layer: short, spans: [FontSpan(font: "S", range: 0..<2)]).first?.words.count, 1)
    }

    func testPunctuationAndLeadersStayOutOfWordCrops() {
        // A table of contents line: the dot leader is no part of any word.
        let (text, spans) = layer([("SPECIFICATION (2007-01-21)..........................6", "F")])
        let sample = try! XCTUnwrap(FontCheck.samples(layer: text, spans: spans).first)
        XCTAssertEqual(sample.words.map { string($0.scalars) }, ["SPECIFICATION", "2007", "01", "21"])
        XCTAssertEqual(sample.words[1].box, Rect(x: 20 + 15 * 6, y: 20, width: 24, height: 10))
    }

    func testSingleLettersOnlyWhenAFontHasNothingElse() {
        // A math font's variables.
        let (text, spans) = layer([("x + n = i", "CMMI"), ("Summe x", "CMR")])
        let samples = FontCheck.samples(layer: text, spans: spans)
        XCTAssertEqual(samples.map { $0.words.map { string($0.scalars) } }, [["x", "n", "i"], ["Summe"]])
        XCTAssertEqual(string(samples[0].expected), "xnl")
    }

    func testOtherScriptsGetNoSampleEvenWithPunctuation() {
        // Letters OCR cannot read must not be vouched for by the font's
        // full stops and dashes.
        let (text, spans) = layer([("Привет, мир - да.", "Cyr")])
        XCTAssertTrue(FontCheck.samples(layer: text, spans: spans).isEmpty)
    }

    func testSidewaysWordsAreTurnedUpright() {
        // Text on a page with /Rotate 90 runs down the rendering (turn it
        // back 3 quarter turns), with /Rotate 270 up (1), with 180 leftwards.
        func word(_ step: (Int) -> Rect) -> SampleWord? {
            let t = PageText(scalars: Array("Konto".unicodeScalars), boxes: (0..<5).map(step))
            return FontCheck.samples(layer: t, spans: [FontSpan(font: "F", range: 0..<5)]).first?.words.first
        }
        XCTAssertEqual(word { Rect(x: 100, y: 10 + Double($0) * 6, width: 10, height: 6) }?.turns, 3)
        XCTAssertEqual(word { Rect(x: 100, y: 100 - Double($0) * 6, width: 10, height: 6) }?.turns, 1)
        XCTAssertEqual(word { Rect(x: 100 - Double($0) * 6, y: 50, width: 6, height: 10) }?.turns, 2)
        XCTAssertEqual(word { Rect(x: 10 + Double($0) * 6, y: 50, width: 6, height: 10) }?.turns, 0)
        XCTAssertEqual(word { Rect(x: 100, y: 10 + Double($0) * 6, width: 10, height: 6) }?.box,
                       Rect(x: 100, y: 10, width: 10, height: 30))
    }

    func testTwoFontsOfOneNameAreJudgedRunByRun() {
        let style = [13.0, 0, 0, 0, 0]
        // Different styles: poppler's runs split, the name is one font.
        var spans = FontSpan.spans([("Helvetica", style, 0..<10), ("Helvetica", [16, 0, 0, 0, 0], 10..<20),
                                    ("Times", style, 20..<25), ("Helvetica", style, 25..<30)])
        XCTAssertEqual(spans.map(\.font), ["Helvetica", "Times", "Helvetica"])
        XCTAssertEqual(spans[0].range, 0..<20, "consecutive runs of one font merge")
        XCTAssertFalse(spans.contains(where: \.shared))
        // Same name and style in a row: poppler split them because the font
        // object changed. Every run of that name stands alone.
        spans = FontSpan.spans([("Helvetica", style, 0..<10), ("Helvetica", style, 10..<20),
                                ("Times", style, 20..<25), ("Helvetica", style, 25..<30)])
        XCTAssertEqual(spans.count, 4)
        XCTAssertEqual(Set(spans.map(\.font)).count, 4)
        XCTAssertEqual(spans.map(\.shared), [true, true, false, true])
        XCTAssertEqual(spans.map(\.range), [0..<10, 10..<20, 20..<25, 25..<30])
        // And are sampled apart: the lying run gets its own sample.
        let (text, _) = layer([("Rechnung Nummer", "x"), ("Habe eine Zeit", "x")])
        let samples = FontCheck.samples(layer: text, spans: FontSpan.spans([("H", style, 0..<16), ("H", style, 16..<30)]))
        XCTAssertEqual(samples.map { $0.words.map { string($0.scalars) } }, [["Rechnung", "Nummer"], ["Habe", "eine", "Zeit"]])
    }

    func testSymbolFontsAreSampledWithNothingToRead() {
        let (text, spans) = layer([("• • • •", "Bullets"), ("Text hier", "Body")])
        let samples = FontCheck.samples(layer: text, spans: spans)
        XCTAssertEqual(samples.map(\.font), ["Bullets", "Body"])
        XCTAssertEqual(samples[0].expected, [])
        XCTAssertEqual(samples[0].glyphs, 4)
        // A stray letter in the bullets is fine; the letters of a word are not.
        XCTAssertTrue(FontCheck.agrees(samples[0], read: Array("e".unicodeScalars)))
        XCTAssertFalse(FontCheck.agrees(samples[0], read: Array("DE46 4306".unicodeScalars)))
    }

    func testAgreement() {
        let (text, spans) = layer([("Rechnung Nummer 4711 Betrag", "F")])
        let sample = FontCheck.samples(layer: text, spans: spans)[0]
        XCTAssertTrue(FontCheck.agrees(sample, read: Array("Rechnung Nummer 4711 Betrag".unicodeScalars)))
        // Typical misreads of honest text: l for 1, a dropped letter.
        XCTAssertTrue(FontCheck.agrees(sample, read: Array("Rechnung Numer 47l1 Betrag".unicodeScalars)))
        // What a lying map hides: the drawn glyphs are something else.
        XCTAssertFalse(FontCheck.agrees(sample, read: Array("DE46 4306 0967 4170 0523 00".unicodeScalars)))
        XCTAssertFalse(FontCheck.agrees(sample, read: []), "a font OCR reads as nothing is not verified")
    }

    func testStripLinesAndWordsBackToTheirLine() {
        let word = GrayImage(width: 30, height: 10, bytes: [UInt8](repeating: 0, count: 300))
        let strip = FontStrip(lines: [[word, word], [word]])
        XCTAssertEqual(strip.bands.count, 2)
        XCTAssertEqual(strip.bands[0].count, FontStrip.lineHeight)
        XCTAssertLessThanOrEqual(strip.bands[0].upperBound, strip.bands[1].lowerBound)
        // Scaled to the line height: 30 x 10 becomes 132 x 44, two with a gap.
        XCTAssertGreaterThanOrEqual(strip.image.width, 2 * 132)
        let y1 = Double(strip.bands[1].lowerBound)
        func w(_ s: String, x: Double, y: Double) -> OCRWord {
            OCRWord(symbols: [OCRSymbol(scalars: Array(s.unicodeScalars), box: Rect(x: x, y: y, width: 10, height: 30))],
                    box: Rect(x: x, y: y, width: 10, height: 30), confidence: 90, startsLine: false)
        }
        let texts = strip.lineTexts([w("b", x: 200, y: 30), w("c", x: 30, y: y1 + 5), w("a", x: 30, y: 28)])
        XCTAssertEqual(texts.map { string($0) }, ["ab", "c"])
    }

    func testResizeKeepsInk() {
        var px = [UInt8](repeating: 255, count: 20 * 10)
        for y in 2..<8 { px[y * 20 + 10] = 0 }
        let big = GrayImage(width: 20, height: 10, bytes: px).resized(width: 80, height: 40)
        XCTAssertEqual(big.width, 80)
        XCTAssertLessThan(big.bytes.min()!, 100, "the stroke survives")
        XCTAssertEqual(big.bytes[0], 255)
    }

    /// The whole check with the real engine: words drawn on a page are
    /// cropped, composed one line per font and read in one pass. The honest
    /// font agrees with its text; the font whose text says something else
    /// than what it draws does not.
    func testStripReadByTheEngine() throws {
        let image = EngineTests.draw([(20, 40, "Rechnung Nummer 4711"), (20, 80, "DE46 4306 0967 4170")],
                                     w: 360, h: 100, size: 11)
        let s = 150.0 / 72.0
        func crop(_ x: Double, _ y: Double, _ w: Double) -> GrayImage {
            image.cropped(PixelRect(x0: Int(x * s), y0: Int(y * s), x1: Int((x + w) * s), y1: Int((y + 15) * s)))!
        }
        // Whole drawn lines as "words" (boxes: baseline - 11 pt, 15 pt high).
        let honest = SampleWord(scalars: Array("Rechnung Nummer 4711".unicodeScalars), box: .init(x: 0, y: 0, width: 1, height: 1))
        let lie = SampleWord(scalars: Array("Habe eine gute Zeit".unicodeScalars), box: .init(x: 0, y: 0, width: 1, height: 1))
        let samples = [honest, lie].enumerated().map { i, w in
            FontSample(font: "F\(i)", words: [w], expected: FontCheck.folded(w.scalars), glyphs: w.scalars.count)
        }
        let strip = FontStrip(lines: [[crop(18, 29, 150)], [crop(18, 69, 150)]])
        let engine = try OCREngine(languages: "eng")
        let read = strip.lineTexts(try engine.recognize(strip.image, dpi: 300))
        XCTAssertEqual(read.count, 2)
        XCTAssertTrue(FontCheck.agrees(samples[0], read: read[0]), string(read[0]))
        XCTAssertFalse(FontCheck.agrees(samples[1], read: read[1]))
        XCTAssertGreaterThan(FontCheck.similarity(FontCheck.folded(Array("DE46 4306 0967 4170".unicodeScalars)),
                                                  FontCheck.folded(read[1])), 0.8, string(read[1]))
        // Line by line, as the worker reads it: the same verdicts.
        let lines = try strip.readLines(engine)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(FontCheck.agrees(samples[0], read: lines[0]), string(lines[0]))
        XCTAssertFalse(FontCheck.agrees(samples[1], read: lines[1]))
        XCTAssertGreaterThan(FontCheck.similarity(FontCheck.folded(Array("DE46 4306 0967 4170".unicodeScalars)),
                                                  FontCheck.folded(lines[1])), 0.8, string(lines[1]))
    }
}
