import RedactCore

/// A text file laid out as a page, so the detection that reads PDFs reads
/// it the same way: lines as lines, a table's cells in aligned columns under
/// their header (the page model then gives a column header to its column,
/// a label to the value after it), every scalar with a box of its own.
///
/// The file's text is held in units (a line of a text file, a cell of a
/// table). Every scalar of the page comes from one unit at one offset, so a
/// detection on the page maps back to spans of units, and the output is
/// built from the units with those spans masked: never by copying bytes of
/// the input.
public struct TextGrid: Sendable {
    /// A monospaced 10 pt face: 6 pt a character, 12 pt a line.
    public static let charWidth = 6.0
    public static let lineHeight = 12.0
    static let glyphHeight = 10.0
    static let margin = 36.0
    /// Blank columns between two table columns.
    static let columnGap = 3

    /// Where a page scalar came from.
    public struct Origin: Hashable, Sendable {
        public var unit: Int
        public var offset: Int
        public init(unit: Int, offset: Int) { self.unit = unit; self.offset = offset }
    }

    public private(set) var page: PageText
    public private(set) var size: PageSize
    /// One per page scalar; nil for the spaces and line breaks between units.
    public private(set) var origins: [Origin?]
    /// Page cell (column, row) of every unit scalar, for `origin(of:)`.
    private var cells: [Int: Origin] = [:]
    private var columns = 0, rows = 0

    private init() {
        page = .empty
        size = PageSize(width: 1, height: 1)
        origins = []
    }

    /// Each unit on a line of its own. Tabs stand as one space each (a
    /// whitespace scalar with a box), so offsets stay the unit's own.
    public static func lines(_ units: [[Unicode.Scalar]]) -> TextGrid {
        var g = TextGrid()
        for (i, u) in units.enumerated() {
            g.place(u, unit: i, column: 0, row: i)
            g.lineBreak(row: i)
        }
        g.finish()
        return g
    }

    /// Rows of cells; cell j of row r is unit `r * width + j` where width is
    /// the widest row's cell count (missing cells are empty units). Columns
    /// are as wide as their widest cell; a line break inside a cell stands
    /// as a space.
    public static func table(_ rows: [[[Unicode.Scalar]]]) -> (grid: TextGrid, width: Int) {
        let width = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: width)
        for r in rows { for (j, c) in r.enumerated() { widths[j] = max(widths[j], c.count) } }
        var starts = [Int](repeating: 0, count: width)
        for j in 1..<max(1, width) { starts[j] = starts[j - 1] + widths[j - 1] + columnGap }
        var g = TextGrid()
        for (r, cellsOfRow) in rows.enumerated() {
            var endOfLast = 0
            for j in 0..<width {
                let cell = j < cellsOfRow.count ? cellsOfRow[j] : []
                guard !cell.isEmpty else { continue }
                if endOfLast > 0 { g.space(fromColumn: endOfLast, toColumn: starts[j], row: r) }
                g.place(cell, unit: r * width + j, column: starts[j], row: r)
                endOfLast = starts[j] + cell.count
            }
            g.lineBreak(row: r)
        }
        g.finish()
        return (g, width)
    }

    /// The unit scalar a page box stands for, if any.
    public func origin(of box: Rect) -> Origin? {
        guard !box.isEmpty else { return nil }
        let col = Int(((box.x - Self.margin) / Self.charWidth).rounded())
        let row = Int(((box.y - Self.margin) / Self.lineHeight).rounded())
        guard col >= 0, row >= 0 else { return nil }
        return cells[row &* (columns + 1) &+ col]
    }

    /// The spans of units that `detections` (ranges of `text`, a page text
    /// made from this grid's page: the page model's reading of it) cover,
    /// each with its detection's category, merged and sorted per unit. A
    /// range is contiguous, so within one unit it covers everything from
    /// its first to its last scalar there: the spaces the page model writes
    /// between words have boxes of its own making.
    public func unitSpans(_ detections: [(Range<Int>, Category)], in text: PageText) -> [Int: [(range: Range<Int>, category: Category)]] {
        Self.unitSpans(detections) { i in i < text.boxes.count ? origin(of: text.boxes[i]) : nil }
    }

    /// `unitSpans` with the unit scalar of each page text scalar given by
    /// `origin` (nil for the layout's own spaces and line breaks).
    public static func unitSpans(_ detections: [(Range<Int>, Category)],
                                 origin: (Int) -> Origin?) -> [Int: [(range: Range<Int>, category: Category)]] {
        var spans: [Int: [(range: Range<Int>, category: Category)]] = [:]
        for (r, category) in detections {
            var reach: [Int: (Int, Int)] = [:]
            for i in r where i >= 0 {
                guard let o = origin(i) else { continue }
                let (lo, hi) = reach[o.unit] ?? (o.offset, o.offset)
                reach[o.unit] = (min(lo, o.offset), max(hi, o.offset))
            }
            for (unit, (lo, hi)) in reach { spans[unit, default: []].append((lo..<(hi + 1), category)) }
        }
        return spans.mapValues { list in
            var out: [(range: Range<Int>, category: Category)] = []
            for s in list.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                if let last = out.last, s.range.lowerBound <= last.range.upperBound {
                    out[out.count - 1].range = last.range.lowerBound..<max(last.range.upperBound, s.range.upperBound)
                } else {
                    out.append(s)
                }
            }
            return out
        }
    }

    // MARK: building

    private mutating func place(_ unit: [Unicode.Scalar], unit index: Int, column: Int, row: Int) {
        for (k, s) in unit.enumerated() {
            let shown: Unicode.Scalar = (s == "\t" || s == "\n" || s == "\r" || s.value < 0x20) ? " " : s
            page.scalars.append(shown)
            page.boxes.append(box(column: column + k, row: row))
            origins.append(Origin(unit: index, offset: k))
            pending.append((column + k, row, Origin(unit: index, offset: k)))
        }
        columns = max(columns, column + unit.count)
        rows = max(rows, row + 1)
    }

    private mutating func space(fromColumn a: Int, toColumn b: Int, row: Int) {
        guard b > a else { return }
        page.scalars.append(" ")
        page.boxes.append(Rect(x: Self.margin + Double(a) * Self.charWidth, y: Self.margin + Double(row) * Self.lineHeight,
                               width: Double(b - a) * Self.charWidth, height: Self.glyphHeight))
        origins.append(nil)
    }

    private mutating func lineBreak(row: Int) {
        page.scalars.append("\n")
        page.boxes.append(Rect(x: 0, y: 0, width: 0, height: 0))
        origins.append(nil)
        rows = max(rows, row + 1)
    }

    private var pending: [(Int, Int, Origin)] = []

    private mutating func finish() {
        for (c, r, o) in pending { cells[r &* (columns + 1) &+ c] = o }
        pending = []
        size = PageSize(width: 2 * Self.margin + Double(max(columns, 1)) * Self.charWidth,
                        height: 2 * Self.margin + Double(max(rows, 1)) * Self.lineHeight)
    }

    private func box(column: Int, row: Int) -> Rect {
        Rect(x: Self.margin + Double(column) * Self.charWidth, y: Self.margin + Double(row) * Self.lineHeight,
             width: Self.charWidth, height: Self.glyphHeight)
    }
}
