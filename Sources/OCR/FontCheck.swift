import Imaging
import RedactCore

/// Scalars `range` of a page's text layer are drawn in the font `font`.
public struct FontSpan: Sendable, Equatable {
    /// The font's name, or for a name several fonts share on the page, the
    /// name and the run's index (see `FontSpan.spans`).
    public var font: String
    public var range: Range<Int>
    /// The name is shared by several fonts on this page: the span's verdict
    /// holds for this span only.
    public var shared: Bool
    public init(font: String, range: Range<Int>, shared: Bool = false) {
        self.font = font
        self.range = range
        self.shared = shared
    }

    /// Spans from poppler's text runs (font name, style, range). poppler
    /// starts a run where the font object, size, colour or underlining
    /// changes and names fonts only by name: two runs in a row with the same
    /// name and style are two fonts of one name (a lying font can take an
    /// honest one's name). Every run of such a name is then its own span,
    /// sampled and judged alone. Other runs of one name are merged.
    public static func spans(_ runs: [(font: String, style: [Double], range: Range<Int>)]) -> [FontSpan] {
        var shared = Set<String>()
        for (a, b) in zip(runs, runs.dropFirst()) where a.font == b.font && a.style == b.style {
            shared.insert(a.font)
        }
        var out: [FontSpan] = []
        for (i, r) in runs.enumerated() {
            if shared.contains(r.font) {
                out.append(FontSpan(font: r.font + "\u{0}#\(i)", range: r.range, shared: true))
            } else if let last = out.last, last.font == r.font, last.range.upperBound == r.range.lowerBound {
                out[out.count - 1].range = last.range.lowerBound..<r.range.upperBound
            } else {
                out.append(FontSpan(font: r.font, range: r.range))
            }
        }
        return out
    }
}

/// One word of a font's sample: its text-layer scalars and where its
/// glyphs are drawn (page points).
public struct SampleWord: Sendable, Equatable {
    public var scalars: [Unicode.Scalar]
    public var box: Rect
    /// Clockwise quarter turns that put the word upright (text on a turned
    /// page runs down, up or right to left in the rendering).
    public var turns: Int
    public init(scalars: [Unicode.Scalar], box: Rect, turns: Int = 0) {
        self.scalars = scalars
        self.box = box
        self.turns = turns
    }

    /// Which way the glyphs run, from the first glyph's centre to the
    /// last's: the quarter turns that make the word read left to right.
    static func turns(first a: Rect, last b: Rect) -> Int {
        let dx = (b.x + b.width / 2) - (a.x + a.width / 2)
        let dy = (b.y + b.height / 2) - (a.y + a.height / 2)
        if abs(dx) >= abs(dy) { return dx >= 0 ? 0 : 2 }
        // Running down the page: the text was turned clockwise; turn back.
        return dy > 0 ? 3 : 1
    }
}

/// A few words of one font, to be read by OCR and compared with what the
/// text layer says they are.
public struct FontSample: Sendable, Equatable {
    public var font: String
    public var words: [SampleWord]
    /// What OCR should read: the words' letters and digits, folded
    /// (`FontCheck.folded`). Empty for a font that draws no letters or
    /// digits by its text layer (bullets, rules, symbols).
    public var expected: [Unicode.Scalar]
    /// Non-space glyphs sampled (for fonts without letters or digits).
    public var glyphs: Int
}

/// Does a font draw what its extracted text says? A font's ToUnicode map
/// can be plausible and wrong: the page shows an IBAN while the text layer
/// says "Hello world". Such a font's glyphs must not count as explained
/// ink. The check reads a sample of each font's words by OCR and compares.
/// Pure logic: the worker crops, composes and calls the engine.
public enum FontCheck {
    /// Letters and digits sampled per font (about one line of text).
    public static let sampleChars = 32
    /// Below this similarity (1 - edit distance / length) OCR and the text
    /// layer disagree. Honest fonts read at 0.9 or better; a lying map,
    /// even one that keeps a few letters, reads far below.
    public static let minSimilarity = 0.7
    /// Words looked at per font when choosing a sample (bounds the cost on
    /// long pages; a page's first words are as good as its last).
    static let maxCandidates = 600

    /// One sample per font on the page, in order of the font's first use.
    /// Words are chosen to cover as many different letters and digits as
    /// possible (a map that lies about a few codes is caught only when the
    /// sample draws them), then filled up to `maxChars`.
    /// Only Latin letters and digits are sampled: those the OCR languages
    /// read. A font whose letters are all of other scripts gets no sample
    /// (and so no trust); a font with no letters or digits at all gets a
    /// sample of its other glyphs, which OCR must read as (almost) nothing.
    public static func samples(layer: PageText, spans: [FontSpan], maxChars: Int = sampleChars) -> [FontSample] {
        var order: [String] = []
        var words: [String: [SampleWord]] = [:]
        var others: [String: [SampleWord]] = [:]
        var hasLetters = Set<String>()
        let n = layer.scalars.count
        for span in spans {
            if words[span.font] == nil {
                order.append(span.font)
                words[span.font] = []
                others[span.font] = []
            }
            let r = span.range.clamped(to: 0..<n)
            var i = r.lowerBound
            while i < r.upperBound {
                let s = layer.scalars[i]
                if s.isWhitespaceFast || layer.boxes[i].isEmpty { i += 1; continue }
                // Runs of letters and digits are words; runs of other glyphs
                // (punctuation, dot leaders, symbols) are left out of word
                // crops: a leader of 60 dots reads as anything.
                let letters = isWordScalar(s)
                var j = i
                while j < r.upperBound, !layer.scalars[j].isWhitespaceFast, !layer.boxes[j].isEmpty,
                      isWordScalar(layer.scalars[j]) == letters { j += 1 }
                let token = Array(layer.scalars[i..<j])
                let box = layer.boxes[i..<j].dropFirst().reduce(layer.boxes[i]) { $0.union($1) }
                let word = SampleWord(scalars: token, box: box,
                                      turns: SampleWord.turns(first: layer.boxes[i], last: layer.boxes[j - 1]))
                if letters {
                    hasLetters.insert(span.font)
                    if readable(word), words[span.font]!.count < maxCandidates { words[span.font]!.append(word) }
                } else if others[span.font]!.count < maxCandidates {
                    others[span.font]!.append(word)
                }
                i = j
            }
        }
        return order.compactMap { font in
            // Plain ASCII words of two or more where the font has them:
            // they read alike in every OCR language. Single letters (a math
            // font's variables) only when there is nothing else.
            let latin = words[font]!
            let tiers = [latin.filter { $0.scalars.count >= 2 && $0.scalars.allSatisfy(\.isASCII) },
                         latin.filter { $0.scalars.count >= 2 }, latin]
            let candidates = tiers.first { !$0.isEmpty } ?? []
            if !candidates.isEmpty {
                let chosen = choose(candidates, maxChars: maxChars)
                return FontSample(font: font, words: chosen, expected: chosen.flatMap { folded($0.scalars) },
                                  glyphs: chosen.reduce(0) { $0 + $1.scalars.count })
            }
            // Letters OCR cannot check (another script): no sample, so the
            // font is not trusted. Its punctuation must not vouch for it.
            if hasLetters.contains(font) { return nil }
            var chosen: [SampleWord] = []
            var glyphs = 0
            for w in others[font]! where glyphs < maxChars / 2 {
                chosen.append(w)
                glyphs += w.scalars.count
            }
            return chosen.isEmpty ? nil : FontSample(font: font, words: chosen, expected: [], glyphs: glyphs)
        }
    }

    /// A word OCR can be asked to read: Latin letters and digits, not tiny
    /// across its line. (Letters stacked one under the other are taken for
    /// a word running down: turned, they read as nothing like the text, and
    /// the font is read by OCR. That costs time, not privacy.)
    static func readable(_ w: SampleWord) -> Bool {
        guard w.scalars.allSatisfy({ $0.value < 0x250 }) else { return false }
        let across = w.turns % 2 == 0 ? w.box.height : w.box.width
        return across >= 3
    }

    /// Greedy cover of distinct folded scalars, then fill up in page order.
    static func choose(_ candidates: [SampleWord], maxChars: Int) -> [SampleWord] {
        var seen = Set<UInt32>()
        var taken = [Bool](repeating: false, count: candidates.count)
        var chars = 0
        let lengths = candidates.map { folded($0.scalars).count }
        let keys = candidates.map { Set(folded($0.scalars).map(\.value)) }
        // A word that would overflow the budget is passed over (unless
        // nothing is chosen yet): OCR time grows with the characters read.
        func fits(_ i: Int) -> Bool { chars == 0 || chars + lengths[i] <= maxChars }
        while chars < maxChars {
            var best = -1, gain = 0
            for (i, k) in keys.enumerated() where !taken[i] && fits(i) {
                let g = k.subtracting(seen).count
                if g > gain { best = i; gain = g }
            }
            guard best >= 0 else { break }
            taken[best] = true
            seen.formUnion(keys[best])
            chars += lengths[best]
        }
        for i in candidates.indices where chars < maxChars && !taken[i] && fits(i) {
            taken[i] = true
            chars += lengths[i]
        }
        return candidates.indices.filter { taken[$0] }.map { candidates[$0] }
    }

    /// Does the OCR reading of a sample (its words' scalars, in reading
    /// order) agree with the text layer?
    public static func agrees(_ sample: FontSample, read: [Unicode.Scalar]) -> Bool {
        let got = folded(read)
        if sample.expected.isEmpty {
            // Bullets and symbols: OCR may see a stray letter in them, but
            // not the letters of a word.
            return got.count <= max(1, sample.glyphs / 4)
        }
        return similarity(sample.expected, got) >= minSimilarity
    }

    /// 1 - Levenshtein distance / the longer length; 1 for two empty strings.
    public static func similarity(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Double {
        let m = max(a.count, b.count)
        if m == 0 { return 1 }
        return 1 - Double(editDistance(a, b)) / Double(m)
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                cur[j] = min(sub, prev[j] + 1, cur[j - 1] + 1)
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// Letters and digits only, lower case, with the shapes OCR cannot tell
    /// apart in isolation made one (0/o, 1/l/i): an honest font must not
    /// fail for a misread "l", and a lying one differs in far more.
    public static func folded(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        for s in scalars where isWordScalar(s) {
            for l in s.properties.lowercaseMapping.unicodeScalars {
                switch baseLetter(l) {
                case "0": out.append("o")
                case "1", "i": out.append("l")
                case let b: out.append(b)
                }
            }
        }
        return out
    }

    /// Latin-1 and Latin Extended-A letters without their accents (a
    /// sample read with a language that lacks them reads the base letter).
    static func baseLetter(_ s: Unicode.Scalar) -> Unicode.Scalar {
        guard s.value >= 0xE0, s.value < 0x180 else { return s }
        if let i = accented.firstIndex(of: s) { return bases[i] }
        return s
    }

    private static let accented = Array("àáâãäåçèéêëìíîïñòóôõöøùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżž".unicodeScalars)
    private static let bases = Array("aaaaaaceeeeiiiinoooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzz".unicodeScalars)

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.isAlphabeticFast || s.isNumericFast
    }
}

/// Word crops of several fonts composed into one image, one line per font,
/// so that a page's fonts cost one OCR pass.
public struct FontStrip: Sendable {
    public let image: GrayImage
    /// Pixel rows of each line, in the order of the lines given.
    public let bands: [Range<Int>]

    /// Height every word crop is scaled to (the glyph box: ascender to
    /// descender), in pixels. About 30 px capitals: what tesseract reads best.
    public static let lineHeight = 44
    static let margin = 24

    /// `lines[i]` are the word crops of font i, left to right.
    public init(lines: [[GrayImage]]) {
        let h = Self.lineHeight, gap = Self.lineHeight * 3 / 5, m = Self.margin
        let scaled = lines.map { words in
            words.map { $0.resized(width: max(1, $0.width * h / max(1, $0.height)), height: h) }
        }
        let width = scaled.map { ws in ws.reduce(0) { $0 + $1.width } + gap * max(0, ws.count - 1) }.max() ?? 0
        let W = max(1, width + 2 * m)
        let H = max(1, 2 * m + lines.count * h + max(0, lines.count - 1) * h)
        var px = [UInt8](repeating: 255, count: W * H)
        var bands: [Range<Int>] = []
        for (li, words) in scaled.enumerated() {
            let y0 = m + li * 2 * h
            bands.append(y0..<(y0 + h))
            var x0 = m
            for w in words {
                for y in 0..<w.height {
                    for x in 0..<w.width { px[(y0 + y) * W + x0 + x] = w.bytes[y * w.width + x] }
                }
                x0 += w.width + gap
            }
        }
        image = GrayImage(width: W, height: H, bytes: px)
        self.bands = bands
    }

    /// Each line read on its own as one line of text (`recognizeLine`),
    /// its band cut out with half the gap to its neighbours: the scalars
    /// of each line, words in reading order.
    public func readLines(_ engine: OCREngine, dpi: Int = 300) throws(OCRError) -> [[Unicode.Scalar]] {
        let pad = Self.lineHeight / 2
        var out: [[Unicode.Scalar]] = []
        for band in bands {
            let rect = PixelRect(x0: 0, y0: max(0, band.lowerBound - pad), x1: image.width,
                                 y1: min(image.height, band.upperBound + pad))
            guard let line = image.cropped(rect) else { out.append([]); continue }
            let words = try engine.recognizeLine(line, dpi: dpi)
            out.append(words.sorted { $0.box.x < $1.box.x }.flatMap { $0.symbols.flatMap(\.scalars) })
        }
        return out
    }

    /// The scalars OCR read on each line, words in reading order. A word
    /// belongs to the band its centre lies in (nearest band otherwise).
    public func lineTexts(_ words: [OCRWord]) -> [[Unicode.Scalar]] {
        var out = [[(Double, [Unicode.Scalar])]](repeating: [], count: bands.count)
        guard !bands.isEmpty else { return [] }
        for w in words {
            let cy = w.box.y + w.box.height / 2
            var best = 0, dist = Double.infinity
            for (i, b) in bands.enumerated() {
                let mid = Double(b.lowerBound + b.upperBound) / 2
                if abs(mid - cy) < dist { dist = abs(mid - cy); best = i }
            }
            out[best].append((w.box.x, w.symbols.flatMap(\.scalars)))
        }
        return out.map { $0.sorted { $0.0 < $1.0 }.flatMap(\.1) }
    }
}

extension GrayImage {
    /// Bilinear resize to `width` x `height`.
    public func resized(width ow: Int, height oh: Int) -> GrayImage {
        if ow == width && oh == height { return self }
        var out = [UInt8](repeating: 255, count: ow * oh)
        let sx = Double(width) / Double(ow), sy = Double(height) / Double(oh)
        bytes.withUnsafeBufferPointer { src in
            for y in 0..<oh {
                let fy = max(0, (Double(y) + 0.5) * sy - 0.5)
                let y0 = min(height - 1, Int(fy)), y1 = min(height - 1, y0 + 1)
                let ty = fy - Double(y0)
                for x in 0..<ow {
                    let fx = max(0, (Double(x) + 0.5) * sx - 0.5)
                    let x0 = min(width - 1, Int(fx)), x1 = min(width - 1, x0 + 1)
                    let tx = fx - Double(x0)
                    let a = Double(src[y0 * width + x0]) * (1 - tx) + Double(src[y0 * width + x1]) * tx
                    let b = Double(src[y1 * width + x0]) * (1 - tx) + Double(src[y1 * width + x1]) * tx
                    out[y * ow + x] = UInt8(max(0, min(255, (a * (1 - ty) + b * ty).rounded())))
                }
            }
        }
        return GrayImage(width: ow, height: oh, bytes: out)
    }
}
