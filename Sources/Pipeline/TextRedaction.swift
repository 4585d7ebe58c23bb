import Detect
import Posix
import Layout
import RedactCore
import TextFormats
import Worker

/// How a text file is read: as lines, or as a table (CSV, TSV).
public enum TextKind: Sendable, Equatable {
    case plain
    /// `separator` nil: guessed from the text (`CSVTable.guessSeparator`).
    case table(separator: Character?)
    /// JSON: every string and number read under its key; a file that is
    /// not JSON is read as plain text.
    case json
}

/// Spans of units (lines, cells, JSON values) to mask, by unit number.
typealias UnitSpans = [Int: [(range: Range<Int>, category: Category)]]

/// A text file laid out for detection: pages (`TextGrid`s whose units are
/// numbered across the file), and the file as lines for a listing (`scan`,
/// `review`), where unit scalar (u, k) stands at `place(u, k)`.
struct TextLayout {
    /// Laid-out pages, built when asked for: a page's grid is much larger
    /// than its text, and only one at a time is needed.
    var pageCount: Int
    var page: (Int) -> (grid: TextGrid, ids: [Int])
    var lines: [[Unicode.Scalar]]
    var place: (_ unit: Int, _ offset: Int) -> (line: Int, offset: Int)?
    /// A table's columns: each column's data cells (unit and text), for
    /// `Redactor.fillColumns`. Empty for lines.
    var columns: [[(unit: Int, text: [Unicode.Scalar])]] = []
    /// Spans masked whatever detection says (a mail's addresses), unless
    /// the user kept them visible.
    var forced: [(unit: Int, range: Range<Int>, category: Category, kind: String)] = []
}

/// What detection found in a laid-out text file: the spans to mask, and
/// each detection by the unit scalars it starts and ends at.
struct TextFindings {
    var spans: UnitSpans = [:]
    var detections: [(detection: Detection, first: TextGrid.Origin, last: TextGrid.Origin)] = []
}

extension Redactor {
    /// A text source read whole (at most `maxTextBytes`: a file that grows
    /// past it while read fails too) and redacted as `kind`.
    ///
    /// Detection runs in this process, on a slot of the worker pool: the
    /// CPU it takes counts against the same cores as the documents' workers
    /// (a folder of large CSV files opened at once takes turns with them).
    func redactTextFile(_ fd: FileDescriptor, kind: TextKind, output: NameMap.OutputType, size: Int64,
                        decisions: AppliedDecisions?, priority: Priority, start: Double) throws(RedactError) -> Redaction {
        guard output.isText else { throw .unsupported }
        let bytes = try readText(fd, size: size)
        let slot = pool.acquire(priority)
        defer { pool.release(slot) }
        return try inProcess(start: start) { () throws(RedactError) in try redactText(bytes, kind: kind, decisions: decisions) }
    }

    /// An output made in this process (text, mail), its time counted as
    /// detection's.
    func inProcess(start: Double, _ make: () throws(RedactError) -> (bytes: [UInt8], counts: [Category: Int]))
        throws(RedactError) -> Redaction {
        var stages = StageTimes()
        let detectStart = StageTimes.now()
        let (out, counts) = try make()
        stages.detect = StageTimes.now() - detectStart
        return Redaction(output: .memory(out), pageCount: 1, counts: counts,
                         milliseconds: Int((Self.now() - start) * 1000), stages: stages)
    }

    /// The whole of a text file, within `maxTextBytes`.
    func readText(_ fd: FileDescriptor, size: Int64) throws(RedactError) -> [UInt8] {
        try readWhole(fd, size: size, max: limits.maxTextBytes, limit: .textBytes(max: limits.maxTextBytes))
    }

    /// The whole of a file of at most `max` bytes; over it, `limit`.
    func readWhole(_ fd: FileDescriptor, size: Int64, max: Int, limit: Limit) throws(RedactError) -> [UInt8] {
        guard size <= Int64(max) else { throw .limitExceeded(limit) }
        var bytes: [UInt8]
        do {
            // One byte more than the size: a file that grew since shows it.
            let want = Int(size) + 1
            bytes = try fd.read(count: want, at: 0)
            if bytes.count == want { bytes = try fd.read(count: max + 1, at: 0) }
        } catch {
            throw .io(.open, error.rawValue)
        }
        guard bytes.count <= max else { throw .limitExceeded(limit) }
        return bytes
    }

    /// Lines of a plain text file per laid-out page, and how many lines a
    /// page shares with the one before (a labelled value or an address
    /// block cut by a page edge is still read whole on one of them).
    static let textPageLines = 80
    static let textPageOverlap = 10
    /// Data rows of a table per laid-out page; every page starts with the
    /// header row, so each column keeps its header's context.
    static let tableRowsPerPage = 60

    /// The redacted text of a text file, as UTF-8: every detected span
    /// replaced by its mask (`Masking`), everything else as decoded. The
    /// output is built from the decoded units, never by copying input bytes.
    /// Not text (`TextDecoding`): `.unsupported`.
    ///
    /// `decisions` apply as to a PDF of one page: a kept detection (page 1,
    /// its category and text) stays visible wherever it stands in the file,
    /// added strings are masked. Areas are for pixels; a text file has none.
    public func redactText(_ bytes: [UInt8], kind: TextKind,
                           decisions: AppliedDecisions? = nil) throws(RedactError) -> (bytes: [UInt8], counts: [Category: Int]) {
        let text = try Self.decodeText(bytes)
        let spans: UnitSpans
        let out: String
        switch kind {
        case .plain:
            let (lines, ends) = Self.splitLines(text)
            spans = find(in: Self.linesLayout(lines), decisions: decisions).spans
            out = Self.joinLines(lines, ends: ends, masked: spans)
        case .table(let separator):
            var table = CSVTable.parse(text, separator: separator)
            let layout = Self.tableLayout(table.records)
            spans = find(in: layout.layout, decisions: decisions).spans
            table.records = Self.masked(table.records, width: layout.width, spans: spans)
            out = table.serialized()
        case .json:
            guard let (doc, lines, shows) = Self.jsonLines(text) else {
                return try redactText(bytes, kind: .plain, decisions: decisions)
            }
            spans = Self.valueSpans(find(in: Self.linesLayout(lines), decisions: decisions).spans, shows: shows)
            out = doc.serialized(masked: spans)
        }
        var counts: [Category: Int] = [:]
        for list in spans.values { for s in list { counts[s.category, default: 0] += 1 } }
        return (Array(out.utf8), counts)
    }

    /// What `scan` and `review` list for a text file: one page, the file as
    /// lines (a table's cells separated by tabs, a JSON file as the `key:
    /// value` lines detection reads), with every detection on it.
    func scanText(_ fd: FileDescriptor, kind: TextKind, decisions: AppliedDecisions?) throws(RedactError) -> [ScanPage] {
        let size: Int64
        do { size = try fd.status().size } catch { throw .io(.open, error.rawValue) }
        let text = try Self.decodeText(try readText(fd, size: size))
        let layout: TextLayout
        switch kind {
        case .plain: layout = Self.linesLayout(Self.splitLines(text).lines)
        case .table(let separator): layout = Self.tableLayout(CSVTable.parse(text, separator: separator).records).layout
        case .json: layout = Self.linesLayout(Self.jsonLines(text)?.lines ?? Self.splitLines(text).lines)
        }
        return listing(layout, decisions: decisions)
    }

    /// One page of `layout`'s lines with every detection on it.
    func listing(_ layout: TextLayout, decisions: AppliedDecisions?) -> [ScanPage] {
        let found = find(in: layout, decisions: decisions, listing: true)
        let page = TextGrid.lines(layout.lines)
        // Where each line starts in the page text (a line break after each).
        var lineStart: [Int] = []
        var at = 0
        for l in layout.lines {
            lineStart.append(at)
            at += l.count + 1
        }
        struct Seen: Hashable { var range: Range<Int>; var category: Category }
        var seen = Set<Seen>()
        var detections: [Detection] = []
        for (d, first, last) in found.detections {
            guard let a = layout.place(first.unit, first.offset), let b = layout.place(last.unit, last.offset) else { continue }
            var moved = d
            moved.range = (lineStart[a.line] + a.offset)..<(lineStart[b.line] + b.offset + 1)
            // A detection in the lines two laid-out pages share is found on both.
            guard !moved.range.isEmpty, seen.insert(Seen(range: moved.range, category: d.category)).inserted
            else { continue }
            detections.append(moved)
        }
        detections.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return [ScanPage(index: 0, size: page.size, text: page.page, detections: detections,
                         boxes: detections.map { RedactionPlan.boxes(for: $0.range, in: page.page) })]
    }

    static func decodeText(_ bytes: [UInt8]) throws(RedactError) -> String {
        do { return try TextDecoding.decode(bytes).text } catch { throw .unsupported }
    }

    // MARK: layouts

    /// Lines with their ends as they were ("\n" or "\r\n").
    static func splitLines(_ text: String) -> (lines: [[Unicode.Scalar]], ends: [String]) {
        var lines: [[Unicode.Scalar]] = [[]]
        var ends: [String] = []
        for s in text.unicodeScalars {
            if s == "\n" {
                if lines[lines.count - 1].last == "\r" {
                    lines[lines.count - 1].removeLast()
                    ends.append("\r\n")
                } else {
                    ends.append("\n")
                }
                lines.append([])
            } else {
                lines[lines.count - 1].append(s)
            }
        }
        return (lines, ends)
    }

    static func joinLines(_ lines: [[Unicode.Scalar]], ends: [String], masked spans: UnitSpans) -> String {
        var out = ""
        for (i, line) in lines.enumerated() {
            out += Masking.apply(spans[i] ?? [], to: line)
            if i < ends.count { out += ends[i] }
        }
        return out
    }

    /// Each line a unit, in pages of `textPageLines` (the last
    /// `textPageOverlap` lines of a page start the next).
    static func linesLayout(_ lines: [[Unicode.Scalar]]) -> TextLayout {
        let step = textPageLines - textPageOverlap
        let count = lines.count <= textPageLines ? 1 : 1 + (lines.count - textPageLines + step - 1) / step
        return TextLayout(pageCount: count, page: { i in
            let start = i * step, end = min(lines.count, i * step + textPageLines)
            return (TextGrid.lines(Array(lines[start..<end])), Array(start..<end))
        }, lines: lines, place: { ($0, $1) })
    }

    /// Cell j of record r is unit `r * width + j`; the header row heads
    /// every page. Listed as one line per record, cells separated by tabs.
    static func tableLayout(_ records: [[String]]) -> (layout: TextLayout, width: Int) {
        let width = records.map(\.count).max() ?? 0
        let cells = records.map { $0.map { Array($0.unicodeScalars) } }
        let pageCount = cells.count <= 1 ? 0 : (cells.count - 1 + tableRowsPerPage - 1) / tableRowsPerPage
        let page: (Int) -> (grid: TextGrid, ids: [Int]) = { i in
            let start = 1 + i * tableRowsPerPage
            let end = min(cells.count, start + tableRowsPerPage)
            let rows = [cells[0]] + Array(cells[start..<end])
            let (grid, w) = TextGrid.table(rows.map { $0 + Array(repeating: [], count: width - $0.count) })
            // Local unit r * w + j is global row (0 for the header, else
            // start + r - 1), column j.
            var ids: [Int] = []
            for r in 0..<rows.count {
                let global = r == 0 ? 0 : start + r - 1
                for j in 0..<w { ids.append(global * width + j) }
            }
            return (grid, ids)
        }
        var lines: [[Unicode.Scalar]] = []
        var cellStart: [[Int]] = []
        for record in cells {
            var line: [Unicode.Scalar] = []
            var starts: [Int] = []
            for (j, c) in record.enumerated() {
                if j > 0 { line.append("\t") }
                starts.append(line.count)
                line += c
            }
            lines.append(line)
            cellStart.append(starts)
        }
        let place: (Int, Int) -> (line: Int, offset: Int)? = { unit, offset in
            guard width > 0 else { return nil }
            let (r, j) = unit.quotientAndRemainder(dividingBy: width)
            guard r < cellStart.count, j < cellStart[r].count else { return nil }
            return (r, cellStart[r][j] + offset)
        }
        var columns = [[(unit: Int, text: [Unicode.Scalar])]](repeating: [], count: width)
        for (r, record) in cells.enumerated().dropFirst() {
            for (j, c) in record.enumerated() { columns[j].append((r * width + j, c)) }
        }
        return (TextLayout(pageCount: pageCount, page: page, lines: lines, place: place, columns: columns), width)
    }

    /// Every cell with its spans masked.
    static func masked(_ records: [[String]], width: Int, spans: UnitSpans) -> [[String]] {
        records.enumerated().map { r, record in
            record.enumerated().map { j, field in
                guard let s = spans[r * width + j] else { return field }
                return Masking.apply(s, to: Array(field.unicodeScalars))
            }
        }
    }

    // MARK: detection

    /// Detection on each laid-out page, then the document pass (a value
    /// found with good evidence on one page is redacted wherever it stands),
    /// then the decisions (as on a one-page PDF: page index 0).
    /// `listing`: also each detection by where it starts and ends, for
    /// `scanText` (the output needs the spans only).
    func find(in layout: TextLayout, decisions: AppliedDecisions?, listing: Bool = false) -> TextFindings {
        // Between the two passes a page keeps only its text as detection
        // read it and where each scalar came from (unit and offset, -1 for
        // the layout's own spaces): 12 bytes a scalar, where its grid and
        // page model take hundreds.
        var pages: [(scalars: [Unicode.Scalar], units: [Int32], offsets: [Int32], ids: [Int], found: [Detection])] = []
        var evidence = DocumentEvidence()
        for i in 0..<layout.pageCount {
            let (grid, ids) = layout.page(i)
            let page = WorkerPage(index: i, size: grid.size, layer: grid.page, ocr: .empty, pixels: nil)
            let (model, found, own) = detectPage(page)
            evidence.merge(own)
            var units = [Int32](repeating: -1, count: model.text.boxes.count)
            var offsets = units
            for (k, box) in model.text.boxes.enumerated() {
                guard let o = grid.origin(of: box) else { continue }
                units[k] = Int32(o.unit)
                offsets[k] = Int32(o.offset)
            }
            pages.append((model.text.scalars, units, offsets, ids, found))
        }
        let matcher = evidence.matcher()
        var findings = TextFindings()
        for i in pages.indices {
            let (scalars, units, offsets, ids, found) = pages[i]
            pages[i] = ([], [], [], [], [])
            // Matching and decisions read the scalars only.
            let text = PageText(scalars: scalars, boxes: Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: scalars.count))
            var all = found + matcher.additions(in: text, existing: found)
            if let decisions {
                all = decisions.droppingKept(all, page: 0, text: text) + decisions.addedDetections(in: text)
            }
            let origin: (Int) -> TextGrid.Origin? = { k in
                guard k >= 0, k < units.count, units[k] >= 0, Int(units[k]) < ids.count else { return nil }
                return TextGrid.Origin(unit: ids[Int(units[k])], offset: Int(offsets[k]))
            }
            for (unit, list) in TextGrid.unitSpans(all.map { ($0.range, $0.category) }, origin: origin) {
                findings.spans[unit, default: []] += list
            }
            for d in all where listing {
                // The first and last scalar of the file it covers.
                let r = d.range.clamped(to: 0..<scalars.count)
                guard let a = r.lazy.compactMap(origin).first, let b = r.reversed().lazy.compactMap(origin).first else { continue }
                findings.detections.append((d, a, b))
            }
        }
        fillColumns(layout.columns, into: &findings, decisions: decisions, listing: listing)
        for f in layout.forced {
            let d = Detection(category: f.category, range: f.range, confidence: 1, reason: .context, kind: f.kind)
            if Self.keptVisible(d, in: layout.lines[f.unit], decisions: decisions) { continue }
            findings.spans[f.unit, default: []].append((f.range, f.category))
            if listing {
                findings.detections.append((d, .init(unit: f.unit, offset: f.range.lowerBound),
                                            .init(unit: f.unit, offset: f.range.upperBound - 1)))
            }
        }
        return findings
    }

    /// Whether the user kept `d` (a range of `scalars`) visible.
    static func keptVisible(_ d: Detection, in scalars: [Unicode.Scalar], decisions: AppliedDecisions?) -> Bool {
        guard let decisions else { return false }
        let text = PageText(scalars: scalars, boxes: Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: scalars.count))
        return decisions.droppingKept([d], page: 0, text: text).isEmpty
    }

    /// A data table's column holds one kind of value. Where detection found
    /// most of a column's cells to be, each whole, values of one category
    /// (at least two, and at least 60% of the cells that hold a letter or a
    /// digit), the column's other such cells are that category too: the
    /// surname nobody's list holds under `Nachname`, the first data row that
    /// the page model reads as a form's value row. Read as a form, a page
    /// cannot know that every row below a header is a record; a CSV file
    /// says so. A kept decision still keeps a cell visible.
    func fillColumns(_ columns: [[(unit: Int, text: [Unicode.Scalar])]], into findings: inout TextFindings,
                     decisions: AppliedDecisions?, listing: Bool) {
        for column in columns {
            var whole: [Category: Int] = [:]
            var candidates: [(unit: Int, text: [Unicode.Scalar], span: Range<Int>)] = []
            for (unit, text) in column {
                guard let first = text.firstIndex(where: { $0.isAlphabeticFast || $0.isNumericFast }),
                      let last = text.lastIndex(where: { $0.isAlphabeticFast || $0.isNumericFast }) else { continue }
                let span = first..<(last + 1)
                let spans = findings.spans[unit] ?? []
                if let c = spans.first(where: { $0.range.lowerBound <= span.lowerBound && $0.range.upperBound >= span.upperBound })?.category {
                    whole[c, default: 0] += 1
                } else if spans.isEmpty {
                    candidates.append((unit, text, span))
                }
            }
            let valued = column.filter { $0.text.contains { $0.isAlphabeticFast || $0.isNumericFast } }.count
            guard let (category, n) = whole.max(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }),
                  n >= 2, n * 10 >= valued * 6 else { continue }
            for c in candidates {
                let d = Detection(category: category, range: c.span, confidence: 0.8, reason: .context, kind: "column")
                if Self.keptVisible(d, in: c.text, decisions: decisions) { continue }
                findings.spans[c.unit, default: []].append((c.span, category))
                guard listing else { continue }
                findings.detections.append((d, .init(unit: c.unit, offset: c.span.lowerBound),
                                            .init(unit: c.unit, offset: c.span.upperBound - 1)))
            }
        }
    }
}
