import Imaging
import OCR
import Poppler
import RedactCore

/// Checks that each font on a page draws what its extracted text says
/// (see `FontCheck`): a sample of every font's words is cropped from the
/// rendered page, the samples of all fonts are composed into one strip,
/// one line per font, and the strip is read in one OCR pass. Only the
/// glyphs of fonts that read as their text layer count as explained ink;
/// the ink of the others is read by OCR like any unexplained ink.
final class FontVerifier {
    /// Verdicts by font name for the worker's document. A worker reads one
    /// document, and a font's map is the same on every page, so a font is
    /// verified once (measured: verifying every page took the cold open of
    /// a 10-page text PDF from 1.29x to 1.57x of pdftoppm). The limit:
    /// poppler names fonts without telling font objects apart, so two fonts
    /// of one name share a verdict, unless they meet on a page in two runs
    /// in a row of the same style (see `FontSpan.spans`).
    private var verdicts: [String: Bool] = [:]

    /// A font read well from fewer letters than this is trusted on this
    /// page only and sampled again on the next: a heading's two words say
    /// little about the rest of the font.
    static let settledChars = 12

    /// A font whose glyphs on a page are no letters or digits (bullets,
    /// rules) and that read as such on this many glyphs is trusted for such
    /// pages; on a page where it draws letters it is sampled again.
    static let settledGlyphs = 4
    /// Suffix of the verdict key for fonts verified on symbols only.
    static let symbolsOnly = "\u{0}symbols"

    /// The kept verdict for the font of `s`, if any: a font verified on
    /// letters also covers its symbols, not the other way round.
    private func cached(_ s: FontSample) -> Bool? {
        if let v = verdicts[s.font] { return v }
        if s.expected.isEmpty, let v = verdicts[s.font + Self.symbolsOnly] { return v }
        return nil
    }

    /// Pixels of padding around a word crop, as a share of its box height:
    /// anti-aliasing and accents spill out of poppler's glyph boxes.
    static let cropPadding = 0.12

    /// The glyph boxes (points) of `layer` whose font reads as its text.
    /// `pixels` is the page rendered at `scale` pixels per point.
    func explainedBoxes(layer: PageText, runs: [PDFFontRun], pixels: Pixmap, scale: Double,
                        engine: () throws(RedactError) -> OCREngine) throws(RedactError) -> [Rect] {
        let spans = FontSpan.spans(runs.map { ($0.font, $0.style, $0.range) })
        let shared = Set(spans.filter(\.shared).map(\.font))
        var trusted: [String: Bool] = [:]
        var lines: [[GrayImage]] = []
        var checked: [FontSample] = []
        for s in FontCheck.samples(layer: layer, spans: spans) {
            if let v = cached(s) { trusted[s.font] = v; continue }
            let crops = s.words.compactMap { w in crop(pixels, w.box, scale: scale)?.rotated(clockwise: w.turns) }
            // Nothing to show OCR: not verified, so not trusted.
            guard !crops.isEmpty else {
                trusted[s.font] = false
                if !shared.contains(s.font) { verdicts[s.font] = false }
                continue
            }
            lines.append(crops)
            checked.append(s)
        }
        if !lines.isEmpty {
            let strip = FontStrip(lines: lines)
            // The strip is level and evenly lit by construction: each line
            // is read as a line, with no layout analysis.
            let ocr = try engine()
            let texts: [[Unicode.Scalar]]
            do { texts = try library(.text) { () throws(OCRError) in try strip.readLines(ocr) } } catch { throw .damaged(.text) }
            for (s, read) in zip(checked, texts) {
                let ok = FontCheck.agrees(s, read: read)
                trusted[s.font] = ok
                // A run of a shared name is judged on this page only.
                guard !shared.contains(s.font) else { continue }
                if !ok {
                    verdicts[s.font] = false
                } else if s.expected.count >= Self.settledChars {
                    verdicts[s.font] = true
                } else if s.expected.isEmpty && s.glyphs >= Self.settledGlyphs {
                    verdicts[s.font + Self.symbolsOnly] = true
                }
            }
        }
        var out: [Rect] = []
        out.reserveCapacity(layer.boxes.count)
        for run in spans where trusted[run.font] == true {
            for i in run.range where i < layer.boxes.count {
                let b = layer.boxes[i]
                if !b.isEmpty && !layer.scalars[i].isWhitespaceFast { out.append(b) }
            }
        }
        return out
    }

    /// The gray pixels of `box` (points), padded, or nil when off the page.
    private func crop(_ page: Pixmap, _ box: Rect, scale: Double) -> GrayImage? {
        let p = min(box.width, box.height) * Self.cropPadding
        guard let r = GrayImage.pixelRect(box.padded(dx: p, dy: p), scale: scale,
                                          width: page.width, height: page.height) else { return nil }
        let w = r.x1 - r.x0, h = r.y1 - r.y0
        guard w >= 2, h >= 2 else { return nil }
        var out = [UInt8](repeating: 255, count: w * h)
        let c = page.channels
        page.samples.withUnsafeBufferPointer { src in
            for y in 0..<h {
                var i = c * ((r.y0 + y) * page.width + r.x0)
                for x in 0..<w {
                    if c == 1 {
                        out[y * w + x] = src[i]
                    } else {
                        let v = 77 * UInt32(src[i]) + 150 * UInt32(src[i + 1]) + 29 * UInt32(src[i + 2])
                        out[y * w + x] = UInt8(v >> 8)
                    }
                    i += c
                }
            }
        }
        return GrayImage(width: w, height: h, bytes: out)
    }
}
