import RedactCore

/// One page as detection reads it: words, lines, cells and blocks rebuilt
/// from the boxes of the text layer's glyphs and of the OCR words, merged
/// into one text with one box per scalar.
///
/// Why geometry and not the extracted string: poppler hands over a table
/// row with nothing between its cells (`Telefon089/41177203`), OCR joins
/// the cells of a line with one space, and a value read only by OCR lands
/// far from its label in the text layer. Rebuilt from the boxes, the row
/// becomes `Telefon⇥089/41177203` and the OCR'd value sits in its line,
/// next to its label.
///
/// The text it builds follows one convention, which every recognizer reads:
/// - words are separated by one space;
/// - cells (a gap far wider than a word space, or an unspaced jump between
///   text objects) by one TAB;
/// - every line ends with `\n`, and a blank line separates blocks
///   (a vertical gap well above the page's line spacing); a line of prose
///   that wrapped at its column's edge goes on after one space instead
///   (see SoftWraps.swift);
/// - text that is not laid out left to right (a sideways or upside-down
///   OCR reading, vertical text) is kept in its own order, in blocks of its
///   own after the page's lines.
///
/// Detections index into `text`; every scalar keeps the box of the glyph it
/// came from (separators get empty boxes, never burned), so boxes stay
/// exact to the glyph.
public struct PageModel: Sendable, Equatable {
    /// The page's text, laid out as described above.
    public var text: PageText
    /// Scalar ranges of `text` that came from OCR, sorted, disjoint.
    public var ocr: [Range<Int>]
    /// The lines of `text` in reading order, each with its cells.
    public var lines: [Line]

    public struct Line: Sendable, Equatable {
        /// Scalar ranges of the cells of the line, left to right.
        public var cells: [Range<Int>]
        /// The line's extent on the page.
        public var box: Rect
        /// A blank line comes before this one (a new block).
        public var startsBlock: Bool
        /// The column of each cell (a table's empty cells are skipped in
        /// `cells` but counted here), and the number of columns of the
        /// table the line is in (0 outside tables).
        public var columns: [Int] = []
        public var tableColumns = 0

        public init(cells: [Range<Int>], box: Rect, startsBlock: Bool, columns: [Int] = [], tableColumns: Int = 0) {
            self.cells = cells
            self.box = box
            self.startsBlock = startsBlock
            self.columns = columns
            self.tableColumns = tableColumns
        }
    }

    public static let empty = PageModel(text: .empty, ocr: [], lines: [])

    /// Tuning, all relative to the height of the text concerned so that
    /// 6 pt and 16 pt text are read alike (pdfminer's rule).
    public struct Parameters: Sendable {
        /// A gap wider than this share of the glyph height splits a word,
        /// even where the text layer has no space (pdfminer: word_margin).
        public var wordGap = 0.15
        /// Text-layer glyphs with no space between them but a gap at least
        /// this wide are separate text objects: a table's cells.
        public var unspacedCellGap = 0.5
        /// Any gap at least this wide (in line heights) is a cell break.
        public var cellGap = 1.0
        /// A gap at least this wide (in line heights), twice the page's
        /// word space, on a line whose gaps are not all alike, is a cell
        /// break even where the producer left a space.
        public var tableGap = 0.4
        /// The same for OCR words, whose boxes are tighter (x-height to
        /// cap height rather than the font's full line).
        public var ocrCellGap = 1.3
        /// Two OCR words that tesseract put on different lines of its own
        /// but that meet on one line of the page with a gap narrower than
        /// this (in line heights, well under any word space) are one word
        /// that its line finding cut in two (`Hufna` / `gel`).
        public var ocrSplitGap = 0.25
        /// Two words share a line when their vertical overlap is at least
        /// this share of the smaller height (pdfminer: line_overlap).
        public var lineOverlap = 0.5
        /// Words overlapping by more than this share of the narrower one are
        /// two readings of the same ink; they are not merged into one line.
        public var wordClash = 0.3

        public init() {}
    }

    /// Builds the model of one page from its text layer and the OCR text of
    /// the ink the layer does not explain.
    ///
    /// `rule`, when given, says whether a vertical ruling line runs through
    /// a rectangle of the page (in points): the gap between two words of a
    /// line. A rule between them is a cell break however narrow the gap.
    public init(layer: PageText, ocr: PageText, parameters: Parameters = .init(), rule: ((Rect) -> Bool)? = nil) {
        var builder = PageModelBuilder(parameters: parameters)
        builder.rule = rule
        builder.add(layer, isOCR: false)
        builder.add(ocr, isOCR: true)
        self = builder.build()
    }

    public init(text: PageText, ocr: [Range<Int>], lines: [Line]) {
        self.text = text
        self.ocr = ocr
        self.lines = lines
    }
}

/// A run of scalars drawn as one glyph (a letter, or a ligature whose
/// scalars share one box), with what came before it in the source.
struct Glyph {
    var scalars: [Unicode.Scalar]
    /// The glyph's box on the page: what is burned.
    var box: Rect
    /// The box the layout works with: the same, or turned level when the
    /// source's lines are tilted (a scan read straightened by OCR, its
    /// boxes turned back onto the page).
    var layout: Rect
    /// The source had white space right before this glyph.
    var spaceBefore: Bool
}

/// A word: glyphs of one source that follow each other along one line.
struct Word {
    var glyphs: [Glyph]
    var box: Rect
    var isOCR: Bool
    /// The source put no space before this word although it follows the
    /// previous one on its line: a separate text object, as table cells are.
    var unspacedAfterPrevious: Bool
}

struct PageModelBuilder {
    let p: PageModel.Parameters
    var rule: ((Rect) -> Bool)?
    /// Words laid out left to right, to be arranged in lines.
    var words: [Word] = []
    /// Text kept in its own order (not laid out left to right), per source.
    var verbatim: [(PageText, Bool)] = []

    init(parameters: PageModel.Parameters) { p = parameters }

    /// Splits one source into glyphs, then into words along its lines.
    mutating func add(_ source: PageText, isOCR: Bool) {
        if source.scalars.isEmpty { return }
        let glyphLines = Self.glyphLines(source)
        // A source read sideways or upside down (an OCR reading of a turned
        // page mapped back onto it; vertical text) has its glyphs follow
        // each other down, up or leftwards. Rebuilding lines by height
        // would scramble it, so it keeps its own order.
        var pairs = 0, forward = 0
        for line in glyphLines where line.count > 1 {
            for k in 1..<line.count {
                pairs += 1
                if Self.follows(line[k - 1].box, line[k].box, overlap: p.lineOverlap) { forward += 1 }
            }
        }
        if pairs > 0 && forward * 10 < pairs * 8 {
            verbatim.append((source, isOCR))
            return
        }
        for line in Self.levelled(glyphLines) {
            var current: [Glyph] = []
            // A word that opens a source line was not written next to what
            // ends up before it on the page: if they meet on one line of
            // the model, they are separate text objects.
            var unspaced = true
            func flush() {
                guard !current.isEmpty else { return }
                let box = current.dropFirst().reduce(current[0].layout) { $0.union($1.layout) }
                words.append(Word(glyphs: current, box: box, isOCR: isOCR, unspacedAfterPrevious: unspaced))
                current = []
            }
            for g in line {
                if let last = current.last {
                    let h = min(last.layout.height, g.layout.height)
                    let gap = g.layout.x - last.layout.maxX
                    // tesseract (LSTM) places a symbol only roughly: one
                    // may start left of the symbol before it (`V` of `HVH`
                    // boxed over the whole `HVH`). The word is tesseract's
                    // own reading of one run of ink, so its symbols stay
                    // together as long as they share the line.
                    let continues = Self.follows(last.layout, g.layout, overlap: p.lineOverlap)
                        || (isOCR && !g.spaceBefore && Self.sharesLine(last.layout, g.layout, overlap: p.lineOverlap))
                    if !continues || g.spaceBefore || (!isOCR && gap > p.wordGap * h) {
                        let spaced = g.spaceBefore
                        flush()
                        unspaced = !spaced || !continues
                    }
                }
                current.append(g)
            }
            flush()
        }
    }

    /// The source's glyphs, cut at its line breaks. White space becomes the
    /// next glyph's `spaceBefore`; scalars with no box of their own
    /// (combining marks, a ligature's later scalars with the same box) stay
    /// with the glyph before them.
    /// The source's lines turned level for the layout when they are
    /// tilted by more than a degree: the median slope of its longer lines,
    /// undone about the source's centre. Burned boxes stay as they are.
    static func levelled(_ lines: [[Glyph]]) -> [[Glyph]] {
        var slopes: [Double] = []
        var cx = 0.0, cy = 0.0, n = 0.0
        for line in lines {
            for g in line where !g.box.isEmpty {
                cx += g.box.x + g.box.width / 2; cy += g.box.y + g.box.height / 2; n += 1
            }
            guard line.count >= 4, let a = line.first?.box, let b = line.last?.box else { continue }
            let dx = (b.x + b.width / 2) - (a.x + a.width / 2)
            guard dx > 4 * max(a.height, b.height) else { continue }
            slopes.append(((b.y + b.height / 2) - (a.y + a.height / 2)) / dx)
        }
        guard slopes.count >= 2, n > 0 else { return lines }
        let slope = median(slopes)
        let angle = (slope).magnitude
        guard angle > 0.0175, angle < 0.5 else { return lines }
        cx /= n; cy /= n
        // Turning by minus the tilt: cos and sin from the slope (tan).
        let norm = (1 + slope * slope).squareRoot()
        let c = 1 / norm, s = -slope / norm
        return lines.map { line in
            line.map { g in
                var g = g
                guard !g.box.isEmpty else { return g }
                let mx = g.box.x + g.box.width / 2 - cx, my = g.box.y + g.box.height / 2 - cy
                let rx = mx * c - my * s + cx, ry = mx * s + my * c + cy
                g.layout = Rect(x: rx - g.box.width / 2, y: ry - g.box.height / 2, width: g.box.width, height: g.box.height)
                return g
            }
        }
    }

    static func glyphLines(_ t: PageText) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var space = false
        for (s, b) in zip(t.scalars, t.boxes) {
            if s == "\n" || s == "\r" || s == "\u{0B}" || s == "\u{0C}" || s == "\u{2028}" || s == "\u{2029}" {
                if !line.isEmpty { lines.append(line); line = [] }
                space = false
                continue
            }
            if s.isWhitespaceFast { space = true; continue }
            let usable = !b.isEmpty && b.x.isFinite && b.y.isFinite && b.width.isFinite && b.height.isFinite
            if !usable || (!space && line.last?.box == b) {
                if line.isEmpty {
                    // Nothing to attach to: a glyph without a box of its own.
                    // It keeps its scalar (so no text is lost) and an empty box.
                    if usable { line.append(Glyph(scalars: [s], box: b, layout: b, spaceBefore: space)) }
                    else { line.append(Glyph(scalars: [s], box: Emitter.none, layout: Emitter.none, spaceBefore: space)) }
                } else {
                    line[line.count - 1].scalars.append(s)
                }
                space = false
                continue
            }
            if let last = line.last, last.box.isEmpty {
                // A box-less glyph opened the line: it takes this glyph's place.
                line[line.count - 1].box = b
                line[line.count - 1].layout = b
                line[line.count - 1].scalars.append(s)
                space = false
                continue
            }
            line.append(Glyph(scalars: [s], box: b, layout: b, spaceBefore: space))
            space = false
        }
        if !line.isEmpty { lines.append(line) }
        return lines.filter { !($0.count == 1 && $0[0].box.isEmpty) }
    }

    /// Whether `a` and `b` overlap vertically by `share` of the smaller.
    static func sharesLine(_ a: Rect, _ b: Rect, overlap share: Double) -> Bool {
        let h = min(a.height, b.height)
        return h > 0 && min(a.maxY, b.maxY) - max(a.y, b.y) >= share * h
    }

    /// Whether `b` comes after `a` on the same line, left to right.
    static func follows(_ a: Rect, _ b: Rect, overlap share: Double) -> Bool {
        let h = min(a.height, b.height)
        guard h > 0 else { return false }
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        guard overlap >= share * h else { return false }
        // Kerning and overprinted accents may step back a little.
        return b.x >= a.x - 0.25 * max(a.width, h) && b.x >= a.maxX - 0.6 * max(a.width, b.width, h * 0.3)
    }

    /// One line of the page under construction.
    struct LineBuild {
        var words: [Int]
        var y0: Double
        var y1: Double
        var heights: [Double]
        /// Opened by an OCR word that reads ink a text-layer line already
        /// reads differently (a lying font): kept, but after the page's
        /// lines, so it does not cut into the text it doubles.
        var shadow = false
    }

    mutating func build() -> PageModel {
        // Lines: words by vertical position, each joining the line it
        // overlaps most unless it would sit on top of a word already there
        // (the text layer and OCR reading the same ink differently).
        func byHeight(_ ids: [Int]) -> [Int] {
            ids.sorted {
                let a = words[$0].box, b = words[$1].box
                let ma = a.y + a.height / 2, mb = b.y + b.height / 2
                return ma != mb ? ma < mb : a.x < b.x
            }
        }
        var lines: [LineBuild] = []
        // The text layer's words make the lines first; OCR words then join
        // them. Where the two read the same ink differently, the layer's
        // reading keeps the line and the OCR word goes on a line of its own.
        for pass in [false, true] {
            var active: [Int] = []  // indices into `lines` that may still take words
            if pass { active = Array(lines.indices).sorted { lines[$0].y0 < lines[$1].y0 } }
            var next = 0  // in OCR's pass: lines in `active` below the word are not reached yet
            let order = byHeight(words.indices.filter { words[$0].isOCR == pass })
            var reach: [Int] = []
            var fresh: [Int] = []  // lines that OCR words opened
            for w in order {
                let box = words[w].box
                var pool: [Int]
                if pass {
                    // Layer lines that start above the word's bottom, latest 64.
                    while next < active.count, lines[active[next]].y0 <= box.maxY { reach.append(active[next]); next += 1 }
                    reach.removeAll { lines[$0].y1 < box.y }
                    fresh.removeAll { lines[$0].y1 < box.y }
                    pool = Array(reach.suffix(32)) + Array(fresh.suffix(32))
                } else {
                    active.removeAll { lines[$0].y1 < box.y }
                    pool = active
                }
                var best: Int?
                var bestOverlap = 0.0
                var clashed = false
                // Bounded work on hostile pages (millions of glyphs on one
                // height): only the most recent lines and words are compared.
                // A real page has far fewer lines at one height, and far fewer
                // words on a line, than these bounds.
                for l in pool.suffix(64) {
                    let line = lines[l]
                    let h = min(box.height, line.y1 - line.y0)
                    guard h > 0 else { continue }
                    let overlap = min(box.maxY, line.y1) - max(box.y, line.y0)
                    guard overlap >= p.lineOverlap * h, overlap > bestOverlap else { continue }
                    // tesseract reads each run of ink once: two of its
                    // words that overlap (a last symbol boxed wide over the
                    // bar or the letter after it) and share their height
                    // are neighbours, not two readings of the same ink. One
                    // that overlaps a word of the line from above or below
                    // belongs to another line (a tilted line's band reaches
                    // into the next), and one overlapped by a "symbol" many
                    // times wider than high is the noise of a typed rule
                    // (`|---|---|` read as `le` with `ies aes` inside it).
                    if line.words.suffix(256).contains(where: { o in
                        clash(words[o].box, box) && !(pass && words[o].isOCR && Self.sharesLine(words[o].box, box, overlap: p.lineOverlap)
                            && plausibleSymbols(words[o]) && plausibleSymbols(words[w]))
                    }) {
                        clashed = true
                        continue
                    }
                    best = l
                    bestOverlap = overlap
                }
                if let l = best {
                    lines[l].words.append(w)
                    lines[l].heights.append(box.height)
                    lines[l].y0 = min(lines[l].y0, box.y)
                    lines[l].y1 = max(lines[l].y1, box.maxY)
                } else {
                    lines.append(LineBuild(words: [w], y0: box.y, y1: box.maxY, heights: [box.height]))
                    if !pass {
                        active.append(lines.count - 1)
                        // Only the last 64 are ever compared (see above).
                        if active.count > 128 { active.removeFirst(active.count - 64) }
                    } else {
                        lines[lines.count - 1].shadow = clashed
                        fresh.append(lines.count - 1)
                        if fresh.count > 128 { fresh.removeFirst(fresh.count - 64) }
                    }
                }
            }
        }
        lines.sort { $0.shadow != $1.shadow ? !$0.shadow : $0.y0 != $1.y0 ? $0.y0 < $1.y0 : $0.y1 < $1.y1 }

        // Each line's words left to right, cut into cells.
        let sortedLines = lines.map { line in line.words.sorted { words[$0].box.x < words[$1].box.x } }
        // The page's word space, in line heights: a low percentile of the
        // gaps that look like word spaces (text-layer words only; OCR boxes
        // differ), low because on a page of tables the cell gaps outnumber
        // the spaces. A table's cells stand much further apart than that
        // even where the producer left a space between them.
        var spaces: [Double] = []
        for (line, ws) in zip(lines, sortedLines) where ws.count > 1 {
            let h = median(line.heights)
            guard h > 0 else { continue }
            for i in 1..<ws.count where !words[ws[i]].isOCR && !words[ws[i - 1]].isOCR {
                let r = (words[ws[i]].box.x - words[ws[i - 1]].box.maxX) / h
                if r > 0.05 && r < 0.8 { spaces.append(r) }
            }
        }
        spaces.sort()
        let wordSpace = spaces.count >= 8 ? spaces[spaces.count / 5] : nil
        // Gaps wide enough to be a table's cell gap, per line (x-extents).
        let candidates: [[(Double, Double)]] = zip(lines, sortedLines).map { line, ws in
            let h = median(line.heights)
            guard let wordSpace, h > 0, ws.count > 1 else { return [] }
            var out: [(Double, Double)] = []
            for i in 1..<ws.count where !words[ws[i]].isOCR && !words[ws[i - 1]].isOCR {
                let a = words[ws[i - 1]].box.maxX, b = words[ws[i]].box.x
                let r = (b - a) / h
                if r >= p.tableGap && r >= 2 * wordSpace { out.append((a, b)) }
            }
            return out
        }
        /// Whether line `k` has a candidate gap over most of `g`.
        func aligned(_ g: (Double, Double), _ k: Int) -> Bool {
            guard k >= 0, k < candidates.count else { return false }
            return candidates[k].contains { min($0.1, g.1) - max($0.0, g.0) >= 0.5 * min($0.1 - $0.0, g.1 - g.0) }
        }
        // OCR words that are one word cut in two (`cutByLineFinding`): the
        // second goes on the first with no space, where it still follows it.
        var rejoined: [Int: Int] = [:]
        var laid: [Laid] = zip(lines, sortedLines).enumerated().map { (k, pair) in
            let (line, ws) = pair
            let h = median(line.heights)
            // Justified prose stretches every space of a line alike: on a
            // line whose gaps are all within 30% of each other a wide gap is
            // a cell break only where the line above or below has one at
            // the same place (a table's column), which prose never has.
            var narrowest = Double.infinity, widest = 0.0, count = 0
            for i in 1..<max(ws.count, 1) where ws.count > 1 {
                let g = (words[ws[i]].box.x - words[ws[i - 1]].box.maxX) / max(h, 0.001)
                narrowest = min(narrowest, g)
                widest = max(widest, g)
                count += 1
            }
            let uniform = count >= 2 && widest <= 1.3 * narrowest
            // Most of the line's wide gaps line up with the line above's
            // or below's: the rows of a table.
            let lined = candidates[k].filter { aligned($0, k - 1) || aligned($0, k + 1) }.count
            let tableRow = !uniform || (lined >= 1 && lined * 10 >= candidates[k].count * 6)
            var cells: [[Int]] = [[ws[0]]]
            for i in 1..<max(ws.count, 1) where ws.count > 1 {
                let a = words[ws[i - 1]], b = words[ws[i]]
                var split = isCellBreak(a, b, lineHeight: h)
                if !split {
                    let g = (a.box.maxX, b.box.x)
                    if candidates[k].contains(where: { $0 == g }) { split = tableRow }
                }
                if split { cells.append([]) } else if cutByLineFinding(a, b, lineHeight: h) { rejoined[ws[i]] = ws[i - 1] }
                cells[cells.count - 1].append(ws[i])
            }
            return Laid(cells: cells, y0: line.y0, y1: line.y1, h: h)
        }
        // Blocks: a vertical gap well above the page's usual line spacing.
        var gaps: [Double] = []
        for k in 1..<max(laid.count, 1) where laid.count > 1 {
            gaps.append(max(0, laid[k].y0 - laid[k - 1].y1))
        }
        let usualGap = median(gaps)
        laid = readColumns(laid, usualGap: usualGap)
        assignTableColumns(&laid, usualGap: usualGap)
        laid = joinWrappedCells(laid, usualGap: usualGap)
        laid = joinWrappedBarRows(laid, usualGap: usualGap)
        laid = joinSoftWraps(laid, usualGap: usualGap)
        restoreDroppedBars(&laid)

        var out = Emitter()
        var modelLines: [PageModel.Line] = []
        for (k, line) in laid.enumerated() {
            var startsBlock = false
            if k > 0 {
                let gap = line.y0 - laid[k - 1].y1
                // A typed row whose tail (its last bar) OCR lost leaves the
                // gap of a line: the next typed row is still the table's.
                let lostTail = opensWithBar(line) && opensWithBar(laid[k - 1]) && (laid[k - 1].lostTail || !closesWithBar(laid[k - 1]))
                startsBlock = line.columnStart
                    || gap > max(1.8 * usualGap, usualGap + 0.5 * line.h, 0.3 * line.h) + (lostTail ? 1.5 * line.h : 0)
                    || gap < -line.h
                out.newline()
                if startsBlock { out.newline() }
            }
            var cells: [Range<Int>] = []
            var extent = words[line.cells[0][0]].box
            let columns = line.columns ?? Array(line.cells.indices)
            // A table's empty cells are kept: one tab per column boundary,
            // so a cell's index is its column's on every row.
            // A table typed with bars (`| a | b |`) marks its own cells: a
            // tab beside a bar would count a cell twice.
            func bar(_ w: Int, first: Bool) -> Bool {
                let g = first ? words[w].glyphs.first : words[w].glyphs.last
                return g.map { first ? $0.scalars.first == "|" : $0.scalars.last == "|" } ?? false
            }
            if !bar(line.cells[0][0], first: true) { for _ in 0..<columns[0] { out.separator("\t") } }
            for (c, cell) in line.cells.enumerated() {
                if c > 0 {
                    if bar(line.cells[c - 1].last!, first: false) || bar(cell[0], first: true) {
                        out.separator(" ")
                    } else {
                        for _ in 0..<max(1, columns[c] - columns[c - 1]) { out.separator("\t") }
                    }
                }
                let cellStart = out.count
                // The right edge of this cell's column: a word that runs up
                // to it and goes on below was broken there, not wrapped.
                let edge: Double? = line.tableColumns > 0 && line.columnSpans.count == line.tableColumns
                    && columns[c] < line.columnSpans.count ? line.columnSpans[columns[c]].1 : nil
                for (i, w) in cell.enumerated() {
                    if i > 0, !line.glued.contains(w), rejoined[w] != cell[i - 1],
                       !(edge.map { brokenAtEdge(cell[..<i], words[w], edge: $0) } ?? false) {
                        out.separator(" ")
                    }
                    out.word(words[w])
                    extent = extent.union(words[w].box)
                }
                cells.append(cellStart..<out.count)
            }
            modelLines.append(PageModel.Line(cells: cells, box: extent, startsBlock: startsBlock,
                                             columns: columns, tableColumns: line.tableColumns))
        }
        for (source, isOCR) in verbatim {
            if out.count > 0 { out.newline(); out.newline() }
            out.verbatim(source, isOCR: isOCR)
        }
        return PageModel(text: PageText(scalars: out.scalars, boxes: out.boxes), ocr: out.ocr, lines: modelLines)
    }

    /// Whether `next` goes on a word that a table cell broke at its right
    /// edge: a word wider than its cell (an e-mail address, an IPv6
    /// address) or, in tables set with `break-all`, any word, goes on at
    /// the start of the cell's next line with no hyphen (`…@harlo` /
    /// `wgate.co.uk`, `Choudh` / `ury`). Joined with a space it reads as
    /// two words and no recognizer knows it. The piece above must run to
    /// within half a glyph of the column's edge (a word wrapped at a space
    /// leaves the room of the word that did not fit), and the piece below
    /// must open in lower case, right after a letter, digit or address
    /// punctuation. A word is broken only when it is wider than its cell
    /// on a line of its own, so the piece above opens its line: a word
    /// after others on its line (`… DHCPACK on 192.168.10.61 to` /
    /// `a4:c3:f0:2b:77:18`) was wrapped at its space, however near the
    /// edge the line ends.
    ///
    /// How near the edge: the edge broke the word because its next glyph
    /// did not fit, so the piece above may end up to that glyph's width
    /// short of the cell's inner edge (`Mühlbach` / `er`: an `e` short;
    /// `Geburtsdatu` / `m`: an `m` short). `edge` is where the column's
    /// widest line ends, never right of the inner edge, so the glyph's
    /// width is the most the piece can fall short of it.
    ///
    /// A piece below that opens with a digit goes on a number only where
    /// the piece above holds a digit and ends on a separator that no
    /// number ends on (`756.8928.5385.` / `39`). Digits after a word, or
    /// after a digit, are as often a new value or the next group of a
    /// number spaced in groups (`Musterweg` / `12`, `DE70` / `7223`).
    func brokenAtEdge(_ before: ArraySlice<Int>, _ next: Word, edge: Double) -> Bool {
        guard let above = before.last else { return false }
        let prev = words[above]
        let h = max(prev.box.height, 1)
        if before.count >= 2 {
            let left = words[before[before.index(before.endIndex, offsetBy: -2)]].box
            guard left.maxY <= prev.box.y + 0.3 * h else { return false }
        }
        let glyph = next.glyphs.first.map { $0.box.width } ?? 0
        guard next.box.y >= prev.box.maxY - 0.3 * h, prev.box.maxX >= edge - max(0.4 * h, glyph + 0.1 * h),
              let last = prev.glyphs.last?.scalars.last, let first = next.glyphs.first?.scalars.first else { return false }
        let p = last.properties, n = first.properties
        func digit(_ s: Unicode.Scalar) -> Bool { s.value &- 0x30 < 10 }
        if digit(first) {
            let number = prev.glyphs.contains { $0.scalars.contains(where: digit) }
            return number && ".-/".unicodeScalars.contains(last)
        }
        let ends = p.isAlphabetic || digit(last) || ".@_:/".unicodeScalars.contains(last)
        // An address broken before its `@` or a domain's dot
        // (`avenkataraman` / `@midohioortho.com`, `darbogast@tcrta` /
        // `.org`): no word of prose opens with either.
        if "@.".unicodeScalars.contains(first) {
            let second = next.glyphs.dropFirst().first?.scalars.first
            return (p.isAlphabetic || digit(last)) && (second?.isAlphabeticFast ?? false)
                && (first == "@" || prev.glyphs.contains { $0.scalars.contains("@") })
        }
        return n.isLowercase && ends
    }

    /// A line laid out: its cells (word indices, left to right).
    struct Laid {
        var cells: [[Int]]
        var y0: Double
        var y1: Double
        var h: Double
        /// The first line of a column read on its own.
        var columnStart = false
        /// In a table: the column of each cell, and the table's number of columns.
        var columns: [Int]?
        var tableColumns = 0
        /// In a table: the x-extent of each of its columns.
        var columnSpans: [(Double, Double)] = []
        /// A row typed with bars whose last bar OCR lost (it has one restored).
        var lostTail = false
        /// Words that go on the word before them with no space (a word
        /// broken after its hyphen where its line wrapped).
        var glued: Set<Int> = []
    }

    /// A table cell whose text wraps onto the next line (a long IBAN in a
    /// narrow column) is one cell: a line of the table whose first column
    /// is empty, whose cells all stand under cells of the row above, one of
    /// them evidently wrapped (its first word would not have fitted after
    /// the cell above before the next column), is joined to that row, cell
    /// by cell. A sub-row (a booking's second line, `Familienmitglied: Rose,
    /// Ida`) stays a row of its own.
    func joinWrappedCells(_ laid: [Laid], usualGap: Double) -> [Laid] {
        func barred(_ l: Laid) -> Bool {
            l.cells.contains { c in c.contains { w in words[w].glyphs.contains { $0.scalars.contains("|") } } }
        }
        var out: [Laid] = []
        for (k, l) in laid.enumerated() {
            if var prev = out.last, valueWrapsToMargin(prev, l, usualGap: usualGap) {
                prev.cells[prev.cells.count - 1] += l.cells[0]
                prev.y1 = max(prev.y1, l.y1)
                out[out.count - 1] = prev
                continue
            }
            guard var prev = out.last, let cols = l.columns, let pcols = prev.columns, let above = laid[k - 1].columns,
                  l.tableColumns > 0, l.tableColumns == prev.tableColumns, !l.columnStart,
                  l.columnSpans.count == l.tableColumns,
                  l.y0 - prev.y1 <= max(1.8 * usualGap, usualGap + 0.5 * l.h, 0.3 * l.h),
                  !barred(l), !barred(prev) else { out.append(l); continue }
            // It wrapped when its first word would not have fitted after
            // the cell above before the next column starts. Text wraps line
            // by line: every cell of the line has text right above it, on
            // the line before (not only somewhere in the row).
            let underCells = cols.allSatisfy { above.contains($0) && pcols.contains($0) }
            // `slack`: the paddings of the two cells, which a wrapped word
            // need not have reached into.
            func wrapped(_ cell: [Int], _ c: Int, slack: Double = 0) -> Bool {
                guard let i = pcols.firstIndex(of: c), c < l.columnSpans.count else { return false }
                let first = words[cell[0]].box
                // A column ends where the next starts, or where its widest
                // cell does when that is nearer (the next column's amounts
                // are set flush right, far from it); the last where its
                // widest cell does.
                // Only a number going on (`DE45 6510` / `0790`) is held to
                // its own column's width: a booking's second line of text
                // is a sub-row of its own.
                let own = l.columnSpans[c].1 + 0.3 * l.h
                let number = digitGroup(prev.cells[i].last!) && digitGroup(cell[0])
                let next = c + 1 < l.columnSpans.count ? l.columnSpans[c + 1].0 : l.columnSpans[c].1
                let limit = number ? min(next, own) : next
                // Or it is the rest of a word the column's edge broke.
                return lastLineEnd(prev.cells[i]) + 0.25 * l.h + first.width > limit - slack
                    || brokenAtEdge(prev.cells[i][...], words[cell[0]], edge: l.columnSpans[c].1)
            }
            // A line with text in the first column is a new row, unless every
            // one of its cells evidently wrapped and it leaves a column of the
            // row above empty (`Mohammed Asif` / `Hussain` in a tight table
            // without padding between rows).
            // But a row with empty cells (no bank account, a total) has
            // values of its own: where its numbers have the very shape of
            // the numbers above them (`GC-4397` under `GC-1280`, an amount
            // under an amount), it is a row, not their tail.
            let alike = zip(l.cells, cols).filter { cell, c in
                let shape = self.shape(cell)
                return shape.contains(9) && shape == self.shape(prev.cells[pcols.firstIndex(of: c) ?? 0])
            }.count
            // Nor is a label that ends on a colon, left without a value.
            let label = words[l.cells[0].last!].glyphs.last?.scalars.last == ":"
            // (A label its colon ended is whole: the line below is not its tail.)
            let full = underCells && !(cols[0] == 0 && endsOnColon(prev.cells[0])) && (cols[0] > 0
                ? zip(l.cells, cols).contains { wrapped($0, $1) }
                : cols.count < pcols.count && !label && !(alike >= 1 && alike * 2 >= cols.count) && zip(l.cells, cols).allSatisfy { cell, c in
                    // A wrapped fragment fits in its own column.
                    wrapped(cell, c, slack: 0.8 * l.h)
                        && (c + 1 >= l.columnSpans.count || extent(cell).1 < l.columnSpans[c + 1].0)
                })
            guard full else { out.append(l); continue }
            for (cell, c) in zip(l.cells, cols) {
                let i = pcols.firstIndex(of: c)!
                prev.cells[i] += cell
            }
            prev.y1 = max(prev.y1, l.y1)
            out[out.count - 1] = prev
        }
        return out
    }

    /// A form's value that wraps back to the margin, under its label
    /// (`Address:⇥27 Larkhill Close, Heaton` / `Moor, Stockport SK4 3JT`,
    /// `Countersignatory:⇥Philippa` / `Drummond-Oyelaran`), as a word
    /// processor sets a `Label:⇥value` paragraph: the label ended on its
    /// colon, the value ran to the block's edge, and the line below opens
    /// at the label's margin with no label of its own. Whether line `l` is
    /// the tail of the value of row `prev`.
    func valueWrapsToMargin(_ prev: Laid, _ l: Laid, usualGap: Double) -> Bool {
        guard prev.tableColumns > 0, prev.cells.count == 2, l.cells.count == 1, !l.columnStart, endsOnColon(prev.cells[0]),
              l.y0 - prev.y1 <= max(1.8 * usualGap, usualGap + 0.5 * l.h, 0.3 * l.h), l.y0 >= prev.y1 - 0.3 * l.h,
              abs(l.h - prev.h) <= 0.15 * max(l.h, prev.h) else { return false }
        let first = words[l.cells[0][0]].box
        guard abs(first.x - extent(prev.cells[0]).0) <= 0.6 * l.h else { return false }
        // No label of its own: the form's next row.
        if l.cells[0].prefix(4).contains(where: { w in
            let s = words[w].glyphs.flatMap(\.scalars)
            return s.dropFirst().contains(":")
        }) { return false }
        // The value ran to the block's edge: the line's first word would not have fitted after it.
        let edge = max(prev.columnSpans.map(\.1).max() ?? 0, extent(prev.cells[1]).1)
        return lastLineEnd(prev.cells[1]) + 0.25 * l.h + first.width > edge
    }

    /// Whether a cell's last word ends on a colon (`Address:`): a label, whole.
    func endsOnColon(_ cell: [Int]) -> Bool {
        guard let w = cell.last else { return false }
        return words[w].glyphs.last?.scalars.last == ":"
    }

    /// A row typed with bars (`| a | b | c |`) too wide for its page wraps:
    /// its tail (`2.305,92 |`) starts the next line, or the next two,
    /// without a bar, and ends on one. The lines are one row, so that the tail's cells are
    /// counted from the row's first bar and not taken for the first columns.
    func joinWrappedBarRows(_ laid: [Laid], usualGap: Double) -> [Laid] {
        // A line that is one bar alone is a tail, though it opens with one.
        func opens(_ l: Laid) -> Bool { opensWithBar(l) && !(l.cells.count == 1 && l.cells[0].count == 1 && isBar(l.cells[0][0])) }
        func closes(_ l: Laid) -> Bool { closesWithBar(l) }
        var out: [Laid] = []
        var k = 0
        while k < laid.count {
            var row = laid[k]
            k += 1
            guard opens(row) else { out.append(row); continue }
            // A row that ends on a bar may still wrap right after one.
            let limit = closes(row) ? 1 : 2
            var end = k
            while end < laid.count, end - k < limit, !opens(laid[end]), !laid[end].columnStart,
                  laid[end].y0 - laid[end - 1].y1 <= max(1.8 * usualGap, usualGap + 0.5 * laid[end].h, 0.3 * laid[end].h) {
                end += 1
                if closes(laid[end - 1]) { break }
            }
            guard end > k, closes(laid[end - 1]) else { out.append(row); continue }
            for tail in laid[k..<end] {
                row.cells[row.cells.count - 1] += tail.cells.flatMap { $0 }
                row.y1 = max(row.y1, tail.y1)
            }
            out.append(row)
            k = end
        }
        return out
    }

    func opensWithBar(_ l: Laid) -> Bool { words[l.cells[0][0]].glyphs.first?.scalars.first == "|" }
    func closesWithBar(_ l: Laid) -> Bool { words[l.cells[l.cells.count - 1].last!].glyphs.last?.scalars.last == "|" }
    func isBar(_ w: Int) -> Bool { words[w].glyphs.flatMap(\.scalars) == ["|"] }

    /// OCR drops a bar of a typed table now and then (`| Imran Akhtar 10617
    /// | TB 88 …`): every cell after it would be read under the column
    /// before its own. Among the rows typed with bars, one with fewer bars
    /// than most gets them back where its widest gaps are, when those are
    /// as wide as the gaps around its bars and clearly wider than its
    /// spaces; a row that ends without its last bar gets that one. The
    /// restored bar is a separator with no box: nothing to burn.
    mutating func restoreDroppedBars(_ laid: inout [Laid]) {
        func bars(_ l: Laid) -> Int {
            l.cells.reduce(0) { $0 + $1.reduce(0) { $0 + words[$1].glyphs.reduce(0) { $0 + $1.scalars.filter { $0 == "|" }.count } } }
        }
        var k = 0
        while k < laid.count {
            guard opensWithBar(laid[k]) else { k += 1; continue }
            var end = k + 1
            while end < laid.count, opensWithBar(laid[end]), !laid[end].columnStart { end += 1 }
            defer { k = end }
            // The bars of most rows (of those that end on one).
            var counts: [Int: Int] = [:]
            for l in laid[k..<end] where closesWithBar(l) { counts[bars(l), default: 0] += 1 }
            guard end - k >= 3, let (n, seen) = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                  seen * 2 >= end - k, n >= 3 else { continue }
            for i in k..<end {
                var l = laid[i]
                var have = bars(l)
                guard have < n, have >= n - 2 else { continue }
                // Neighbouring words in reading order, with their cell and place.
                var order: [(cell: Int, at: Int)] = []
                for (c, cell) in l.cells.enumerated() { for j in cell.indices { order.append((c, j)) } }
                func word(_ o: (cell: Int, at: Int)) -> Word { words[l.cells[o.cell][o.at]] }
                // Gaps between words with no bar between them, by the
                // segment (between two bars) they stand in.
                var acrossBars: [Double] = [], spaces: [(gap: Double, after: Int, segment: Int)] = []
                var segment = 0
                for m in 1..<max(order.count, 1) where order.count > 1 {
                    let a = word(order[m - 1]), b = word(order[m])
                    if isBar(l.cells[order[m].cell][order[m].at]), m + 1 < order.count {
                        acrossBars.append(word(order[m + 1]).box.x - a.box.maxX)
                    }
                    let barred = a.glyphs.last?.scalars.last == "|" || b.glyphs.first?.scalars.first == "|"
                    if barred { segment += 1 } else { spaces.append((b.box.x - a.box.maxX, m - 1, segment)) }
                }
                var add: [Int] = []  // indices into `order`: a bar goes after these
                if !closesWithBar(l) { have += 1 }
                let missing = n - have
                if missing > 0, !acrossBars.isEmpty, spaces.count > missing {
                    // A gap where a bar was is as wide as the gaps across the
                    // row's bars, or nearly (OCR may draw the bar into the
                    // glyph beside it), and clearly wider than the spaces of
                    // its segment (or of the row, where it has no other).
                    let across = median(acrossBars)
                    let row = median(spaces.map(\.gap))
                    let ranked = spaces.map { sp -> (after: Int, gap: Double, ratio: Double) in
                        let others = spaces.filter { $0.segment == sp.segment && $0.after != sp.after }.map(\.gap)
                        return (sp.after, sp.gap, sp.gap / max(others.max() ?? row, 0.1 * l.h))
                    }.sorted { $0.ratio > $1.ratio }
                    let chosen = ranked.prefix(missing)
                    guard chosen.allSatisfy({ $0.gap >= 0.45 * across && $0.ratio >= 1.2 }) else { continue }
                    add = chosen.map(\.after)
                } else if missing != 0 {
                    continue
                }
                // Insert from the back, so earlier places stay valid.
                let isOCR = words[l.cells[0][0]].isOCR
                func barWord(_ x: Double) -> Int {
                    let g = Glyph(scalars: ["|"], box: Emitter.none, layout: Emitter.none, spaceBefore: true)
                    words.append(Word(glyphs: [g], box: Rect(x: x, y: l.y0, width: 0, height: l.y1 - l.y0),
                                      isOCR: isOCR, unspacedAfterPrevious: false))
                    return words.count - 1
                }
                if !closesWithBar(l), let last = order.last {
                    let w = barWord(word(last).box.maxX)
                    l.cells[last.cell].append(w)
                    l.lostTail = true
                }
                for m in add.sorted(by: >) {
                    let o = order[m]
                    let w = barWord(word(o).box.maxX)
                    l.cells[o.cell].insert(w, at: o.at + 1)
                }
                laid[i] = l
            }
        }
    }

    /// A word that is a group of a number: digits, or capitals and digits.
    /// (A phone's area code in brackets, `(520)` / `555-0114`, is one too.)
    func digitGroup(_ w: Int) -> Bool {
        let s = words[w].glyphs.flatMap(\.scalars)
        return s.contains { $0.isNumericFast }
            && s.allSatisfy { $0.isNumericFast || $0.isUppercaseFast || "-/.()+".unicodeScalars.contains($0) }
    }

    /// A cell's text reduced to its shape: a run of letters is 1, a run
    /// of digits 9, a word space 32, any other scalar itself.
    func shape(_ cell: [Int]) -> [UInt32] {
        var out: [UInt32] = []
        for (i, w) in cell.enumerated() {
            if i > 0 { out.append(32) }
            for s in words[w].glyphs.flatMap(\.scalars) {
                let c: UInt32 = s.isNumericFast ? 9 : s.isAlphabeticFast ? 1 : s.value
                if (c == 1 || c == 9), out.last == c { continue }
                out.append(c)
            }
        }
        return out
    }

    /// Where the last line of a cell's text ends (a cell joined from
    /// wrapped lines ends on its lowest line).
    func lastLineEnd(_ cell: [Int]) -> Double {
        guard let low = cell.map({ words[$0].box.y }).max() else { return 0 }
        let h = words[cell[0]].box.height
        return cell.filter { words[$0].box.y >= low - 0.5 * h }.map { words[$0].box.maxX }.max() ?? 0
    }

    /// Tables: runs of lines with two or more cells, with the one-cell
    /// lines inside them that start right of the table's left edge (a
    /// booking's second line under its text column). Columns are the
    /// x-extents of the cells of the multi-cell rows, merged where they
    /// overlap; each cell takes the column under its centre.
    func assignTableColumns(_ laid: inout [Laid], usualGap: Double) {
        var k = 0
        while k < laid.count {
            guard laid[k].cells.count >= 2 else { k += 1; continue }
            let left = extent(laid[k].cells[0]).0
            var end = k + 1
            var rows = 1
            while end < laid.count {
                let l = laid[end]
                if l.columnStart { break }
                // A table ends at a block gap (the totals under a statement).
                let gap = l.y0 - laid[end - 1].y1
                if gap > max(1.8 * usualGap, usualGap + 0.5 * l.h, 0.3 * l.h) { break }
                if l.cells.count >= 2 { rows += 1; end += 1; continue }
                if extent(l.cells[0]).0 > left + l.h { end += 1; continue }
                // A first cell that wrapped (`Greta` / `Sauter`): the rows go on after it.
                // It stays left of the row above's second cell (a label and
                // value run together, `Geburtsdatum: 14.09.1986`, do not).
                if end + 1 < laid.count, laid[end + 1].cells.count >= 2, !laid[end + 1].columnStart,
                   laid[end - 1].cells.count >= 2, extent(l.cells[0]).1 < extent(laid[end - 1].cells[1]).0,
                   laid[end + 1].y0 - l.y1 <= max(1.8 * usualGap, usualGap + 0.5 * l.h, 0.3 * l.h) {
                    end += 1
                    continue
                }
                break
            }
            defer { k = end }
            guard rows >= 2 else { continue }
            // The columns come from the rows with the most cells: a row
            // whose one cell runs across columns must not merge them.
            let most = laid[k..<end].map(\.cells.count).max() ?? 0
            var spans: [(Double, Double)] = []
            for l in laid[k..<end] where l.cells.count == most { spans += l.cells.map(extent) }
            spans.sort { $0.0 < $1.0 }
            var columns: [(Double, Double)] = []
            for s in spans {
                if let last = columns.last, s.0 <= last.1 {
                    columns[columns.count - 1].1 = max(last.1, s.1)
                } else {
                    columns.append(s)
                }
            }
            guard columns.count >= 2 else { continue }
            for i in k..<end {
                var prev = -1
                var cols: [Int] = []
                for cell in laid[i].cells {
                    let (a, b) = extent(cell)
                    let mid = (a + b) / 2
                    var c = columns.firstIndex { mid >= $0.0 && mid <= $0.1 }
                        ?? columns.lastIndex { $0.0 <= mid } ?? 0
                    c = max(c, prev + 1)
                    cols.append(c)
                    prev = c
                }
                laid[i].columns = cols
                laid[i].tableColumns = max(columns.count, prev + 1)
                laid[i].columnSpans = columns
            }
        }
    }

    /// Text set in two columns is read column by column: the left
    /// column's lines, then the right column's. A sentence (and a name in
    /// it) that wraps inside its column then stays whole, and an address
    /// block beside a key/value block is read as a block.
    ///
    /// A column gutter is a vertical strip no word of a run of lines
    /// crosses. Two kinds of runs are read column by column: columns that
    /// flow on their own (many lines have words on one side only: their
    /// lines do not line up), and prose (both sides wide runs of several
    /// words). A table or a label/value form (short cells on shared lines)
    /// is read row by row, so a label keeps its value.
    func readColumns(_ laid: [Laid], usualGap: Double, depth: Int = 0) -> [Laid] {
        guard laid.count >= 3, depth < 3 else { return laid }
        let (x0, x1) = extent(laid.flatMap { $0.cells.flatMap { $0 } })
        let width = x1 - x0
        guard width > 0 else { return laid }
        func wordsOf(_ l: Laid) -> [Int] { l.cells.flatMap { $0 } }

        /// How far a gutter runs down from line `k`, shrinking to fit.
        func grow(_ k: Int, _ g: (Double, Double)) -> (end: Int, gutter: (Double, Double)) {
            var g = g
            var end = k
            while end < laid.count {
                let l = laid[end]
                if end > k, l.y0 - laid[end - 1].y1 > 3 * l.h { break }
                var left = g.0, right = g.1
                var crosses = false
                for w in wordsOf(l) {
                    let b = words[w].box
                    if b.maxX <= g.0 || b.x >= g.1 { continue }
                    if b.x < g.0 && b.maxX > g.1 { crosses = true; break }
                    // A word reaching into the strip narrows it from the
                    // side it belongs to (the side it is nearer).
                    if b.x - g.0 < g.1 - b.maxX { left = max(left, b.maxX) } else { right = min(right, b.x) }
                }
                let h = l.h
                if crosses || right - left < 0.6 * h { break }
                // After a block gap, a line on one side only is what follows
                // the columns (a closing line under them), not part of them;
                // so is a row of three cells or more (the header of a table
                // under a letterhead's two columns).
                if end > k, l.y0 - laid[end - 1].y1 > max(1.8 * usualGap, usualGap + 0.5 * h, 0.3 * h) {
                    let ws = wordsOf(l)
                    let mid = (g.0 + g.1) / 2
                    if ws.allSatisfy({ words[$0].box.maxX <= mid }) || ws.allSatisfy({ words[$0].box.x >= mid }) { break }
                    if l.cells.count >= 3 { break }
                }
                g = (max(g.0, left), min(g.1, right))
                end += 1
            }
            return (end, g)
        }

        var out: [Laid] = []
        var k = 0
        var afterRegion = false
        func pass(_ l: Laid) {
            var l = l
            if afterRegion { l.columnStart = true; afterRegion = false }
            out.append(l)
        }
        while k < laid.count {
            // Candidate gutters: this line's cell gaps.
            let line = laid[k]
            var best: (end: Int, gutter: (Double, Double))?
            if line.cells.count >= 2 {
                for c in 1..<line.cells.count {
                    let a = line.cells[c - 1].map { words[$0].box.maxX }.max()!
                    let b = line.cells[c].map { words[$0].box.x }.min()!
                    let r = grow(k, (a, b))
                    if r.end - k >= 3, best.map({ r.end > $0.end }) ?? true { best = r }
                }
            }
            guard let (end, g) = best else { pass(line); k += 1; continue }
            let mid = (g.0 + g.1) / 2
            var left: [Laid] = [], right: [Laid] = []
            var oneSided = 0, leftWords = 0, rightWords = 0, leftOnly = 0, rightOnly = 0
            var leftMulti = 0, rightMulti = 0, bothMulti = 0, twoSided = 0, layerTwoSided = 0, offset = 0, labelled = 0
            for l in laid[k..<end] {
                var lc: [[Int]] = [], rc: [[Int]] = []
                for c in l.cells {
                    let cx = c.map { words[$0].box.x }.min()!
                    if cx < mid { lc.append(c) } else { rc.append(c) }
                }
                // A cell that straddles the gutter cannot: grow() stops there.
                if lc.isEmpty || rc.isEmpty { oneSided += 1 }
                if rc.isEmpty { leftOnly += 1 }
                if lc.isEmpty { rightOnly += 1 }
                if lc.count >= 2 { leftMulti += 1 }
                if rc.count >= 2 { rightMulti += 1 }
                if lc.count >= 2 && rc.count >= 2 { bothMulti += 1 }
                // Where both sides have text, do they share a baseline?
                let a = words[lc.first?.first ?? 0], b = words[rc.first?.first ?? 0]
                if !lc.isEmpty, !rc.isEmpty {
                    twoSided += 1
                    if !a.isOCR, !b.isOCR {
                        layerTwoSided += 1
                        if abs((a.box.y + a.box.height / 2) - (b.box.y + b.box.height / 2)) >= 0.25 * l.h { offset += 1 }
                    }
                    if words[lc[lc.count - 1].last!].glyphs.last?.scalars.last == ":" { labelled += 1 }
                }
                leftWords += lc.reduce(0) { $0 + $1.count }
                rightWords += rc.reduce(0) { $0 + $1.count }
                if !lc.isEmpty { left.append(Laid(cells: lc, y0: l.y0, y1: l.y1, h: l.h)) }
                if !rc.isEmpty { right.append(Laid(cells: rc, y0: l.y0, y1: l.y1, h: l.h)) }
            }
            let n = end - k
            let leftSpan = extent(left.flatMap { $0.cells.flatMap { $0 } })
            let rightSpan = extent(right.flatMap { $0.cells.flatMap { $0 } })
            // A column's lines start at a few x positions (its margin, a
            // key/value block's label and value columns); the fragments of
            // a table typed with a proportional font start anywhere. Most
            // lines must start where at least one other line does.
            func alignedStarts(_ side: [Laid]) -> Bool {
                let starts = side.map { l in l.cells[0].map { words[$0].box.x }.min()! }
                let h = median(side.map(\.h))
                let shared = starts.enumerated().filter { i, x in
                    starts.enumerated().contains { j, y in j != i && abs(x - y) <= 0.5 * h }
                }.count
                return shared * 10 >= starts.count * 8
            }
            guard alignedStarts(left), alignedStarts(right) else {
                for l in laid[k..<end] { pass(l) }
                k = end
                continue
            }
            // A narrow left side is a form's labels, whose values may wrap
            // under themselves: read row by row, so a label keeps its value.
            let wide = leftSpan.1 - leftSpan.0 >= 0.2 * width && rightSpan.1 - rightSpan.0 >= 0.2 * width
            // Flows apart: lines on one side only on both sides (two
            // columns of their own leading drift apart). A table whose
            // right-hand cells wrap has one-sided lines on one side only.
            // One side mostly rows of several cells, the other with rows of
            // its own too, is one table split at one of its column gaps
            // (cells wrapping on either side make one-sided lines there):
            // read row by row. A key/value block beside an address has
            // rows on one side only.
            // A table whose cells wrap on both sides, each row to its own
            // depth (a manifest's recipient and address), has one-sided
            // lines on both sides too; but its rows open on both sides at
            // once: the lines of several cells on one side are those of
            // several cells on the other (the side with fewer of them;
            // the other has wrapped lines of several cells of its own).
            func multi(_ side: [Laid]) -> Int { side.filter { $0.cells.count >= 2 }.count }
            let rowsTogether = bothMulti >= 3 && bothMulti * 10 >= 8 * min(leftMulti, rightMulti)
                && bothMulti * 2 >= max(leftMulti, rightMulti)
            let table = (multi(left) * 2 >= left.count && multi(right) * 5 >= right.count && multi(right) >= 1)
                || (multi(right) * 2 >= right.count && multi(left) * 5 >= left.count && multi(left) >= 1)
                || rowsTogether
            // Or the two sides keep their own leading from the start: where
            // both have a line, the lines sit off each other's baseline
            // (the cells of a table's or a form's row share theirs). Read
            // by the text layer only: OCR's boxes follow each word's letters.
            let drifts = layerTwoSided >= 3 && offset * 5 >= layerTwoSided * 3
            // A form: labels that end on a colon, each on its value's
            // baseline. Labels without a value (`Full name:` of a
            // co-applicant left blank) and values that wrap make one-sided
            // lines on both sides, yet each value belongs to its label.
            // Values that only OCR reads (form fields' appearances) count
            // as values; their baselines are not compared (OCR's boxes
            // follow the letters, and a multi-line field sets its text
            // from its top, off the label's baseline).
            let form = twoSided >= 3 && labelled * 10 >= twoSided * 6 && offset * 5 < max(layerTwoSided, 1)
            let flowsApart = wide && left.count >= 2 && right.count >= 2 && !table && !form
                && ((oneSided * 10 >= n * 3 && leftOnly > 0 && rightOnly > 0) || (drifts && left.count >= 3 && right.count >= 3))
            // Prose on both sides: lines of several words, wide. A column of
            // short list items (`- Visana Versicherungen AG,⏎Krankentaggeld,
            // Schaden-Nr.⏎KTG-24-0331187`) beside running text counts when
            // the text side is prose, neither side is a form's labels, and
            // neither side has rows of several cells (a table whose last
            // column stands apart: `Kind │ Geburtsdatum │ … ⇥ Anteil`).
            func perLine(_ w: Int, _ side: [Laid]) -> Double { Double(w) / Double(max(side.count, 1)) }
            let lw = perLine(leftWords, left), rw = perLine(rightWords, right)
            let prose = !table && !form && (lw >= 3.5 && rw >= 3.5 || (max(lw, rw) >= 3.5 && min(lw, rw) >= 2.5 && n >= 6
                    && multi(left) * 5 < left.count && multi(right) * 5 < right.count))
                && leftSpan.1 - leftSpan.0 >= 0.25 * width && rightSpan.1 - rightSpan.0 >= 0.25 * width
            guard flowsApart || prose else {
                for l in laid[k..<end] { pass(l) }
                k = end
                continue
            }
            if let first = left.first { left[0] = first; left[0].columnStart = k > 0 || afterRegion }
            if !right.isEmpty { right[0].columnStart = true }
            afterRegion = false
            // Each column may hold columns of its own (an address beside a
            // key/value block, on the left of a letter's first page).
            out += readColumns(left, usualGap: usualGap, depth: depth + 1)
            out += readColumns(right, usualGap: usualGap, depth: depth + 1)
            afterRegion = true
            k = end
        }
        return out
    }

    /// The x-extent of some words (a cell, a line).
    func extent(_ ws: [Int]) -> (Double, Double) {
        var a = Double.infinity, b = -Double.infinity
        for w in ws { a = min(a, words[w].box.x); b = max(b, words[w].box.maxX) }
        return (a, b)
    }

    func clash(_ a: Rect, _ b: Rect) -> Bool {
        let overlap = min(a.maxX, b.maxX) - max(a.x, b.x)
        return overlap > p.wordClash * min(a.width, b.width)
    }

    /// Whether no symbol of an OCR word is more than three times as wide
    /// as the word is high: letters read roughly, not a rule read as one.
    func plausibleSymbols(_ w: Word) -> Bool {
        w.glyphs.allSatisfy { $0.box.width <= 3 * w.box.height }
    }

    /// Whether `b` goes on `a` with no space: both OCR words, `b` opening
    /// a line of tesseract's own although it stands on `a`'s line, closer
    /// to it than any word space. tesseract finds lines before words; on a
    /// photo, whose lines bend, it may end a line in the middle of a word
    /// and read the rest as a line of its own (`Hufna` / `gel,`,
    /// `catriona.macleod` / `@harlowgate.co.uk`). Within one of its lines
    /// the spaces are its own reading and stand.
    func cutByLineFinding(_ a: Word, _ b: Word, lineHeight h: Double) -> Bool {
        guard a.isOCR, b.isOCR, b.unspacedAfterPrevious, h > 0 else { return false }
        let gap = b.box.x - a.box.maxX
        return gap < p.ocrSplitGap * h && gap > -0.5 * h
    }

    /// Whether the gap between two neighbouring words of a line separates
    /// cells rather than words.
    func isCellBreak(_ a: Word, _ b: Word, lineHeight h: Double) -> Bool {
        let gap = b.box.x - a.box.maxX
        let ocr = a.isOCR || b.isOCR
        if gap >= (ocr ? p.ocrCellGap : p.cellGap) * h { return true }
        // Two text-layer words with no space between them in the source,
        // yet apart on the page: separate text objects, a table's cells.
        if !ocr, b.unspacedAfterPrevious, !a.isOCR, gap >= p.unspacedCellGap * h { return true }
        // A label of the text layer, then a value only OCR reads (a form
        // field's appearance, a value pasted in as an image): a form's
        // label cell and value cell, however tight the designer set them.
        if !a.isOCR, b.isOCR, a.glyphs.last?.scalars.last == ":", gap >= p.unspacedCellGap * h { return true }
        // A ruling line between them (a ruled table with tight cells).
        // OCR's symbol boxes hug the ink, or fall short of it: the stem of
        // the next word's first letter (`R`, `h`, `I`) stands at the gap's
        // edge, as tall as the word. A rule between OCR words is looked for
        // in the middle of the gap only.
        // A symbol box may also end short of its ink (the right of an `8`
        // reaching well into the gap): a rule stands apart from the words,
        // with no stroke between it and either of them.
        if let rule, gap > 0, let l = a.glyphs.last?.box, let f = b.glyphs.first?.box, l.maxX < f.x {
            let y0 = max(l.y, f.y), y1 = min(l.maxY, f.maxY)
            let inset = ocr ? 0.25 * (f.x - l.maxX) : 0
            func strip(_ x0: Double, _ x1: Double) -> Bool { rule(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
            if y1 > y0, strip(l.maxX + inset, f.x - inset) {
                if !ocr { return true }
                if !strip(l.maxX, l.maxX + inset) && !strip(f.x - inset, f.x) { return true }
            }
        }
        return false
    }
}

/// Appends scalars and their boxes, and keeps track of OCR ranges.
struct Emitter {
    var scalars: [Unicode.Scalar] = []
    var boxes: [Rect] = []
    var ocr: [Range<Int>] = []
    static let none = Rect(x: 0, y: 0, width: 0, height: 0)

    var count: Int { scalars.count }

    mutating func separator(_ s: Unicode.Scalar) {
        scalars.append(s)
        boxes.append(Self.none)
    }

    mutating func newline() { separator("\n") }

    mutating func word(_ w: Word) {
        let start = scalars.count
        for g in w.glyphs {
            for s in g.scalars {
                scalars.append(s)
                boxes.append(g.box)
            }
        }
        if w.isOCR { markOCR(start..<scalars.count) }
    }

    mutating func verbatim(_ t: PageText, isOCR: Bool) {
        let start = scalars.count
        scalars += t.scalars
        boxes += t.boxes
        if isOCR { markOCR(start..<scalars.count) }
    }

    mutating func markOCR(_ r: Range<Int>) {
        if r.isEmpty { return }
        // Adjacent OCR words with one separator between them form one range.
        if let last = ocr.last, r.lowerBound - last.upperBound <= 1 {
            ocr[ocr.count - 1] = last.lowerBound..<r.upperBound
        } else {
            ocr.append(r)
        }
    }
}

func median(_ xs: [Double]) -> Double {
    if xs.isEmpty { return 0 }
    let s = xs.sorted()
    return s[s.count / 2]
}
