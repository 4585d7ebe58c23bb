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

extension Redactor {
    /// A text source read whole (at most `maxTextBytes`: a file that grows
    /// past it while read fails too) and redacted as `kind`.
    func redactTextFile(_ fd: FileDescriptor, kind: TextKind, output: NameMap.OutputType, size: Int64,
                        start: Double) throws(RedactError) -> Redaction {
        guard output.isText else { throw .unsupported }
        let max = limits.maxTextBytes
        guard size <= Int64(max) else { throw .limitExceeded(.textBytes(max: max)) }
        var bytes: [UInt8]
        do {
            // One byte more than the size: a file that grew since shows it.
            let want = Int(size) + 1
            bytes = try fd.read(count: want, at: 0)
            if bytes.count == want { bytes = try fd.read(count: max + 1, at: 0) }
        } catch {
            throw .io(.open, error.rawValue)
        }
        guard bytes.count <= max else { throw .limitExceeded(.textBytes(max: max)) }
        var stages = StageTimes()
        let detectStart = StageTimes.now()
        let (out, counts) = try redactText(bytes, kind: kind)
        stages.detect = StageTimes.now() - detectStart
        return Redaction(output: .memory(out), pageCount: 1, counts: counts,
                         milliseconds: Int((Self.now() - start) * 1000), stages: stages)
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
    /// Not yet shown in the mount (issue 16): the per-document decisions
    /// are not applied here yet.
    public func redactText(_ bytes: [UInt8], kind: TextKind) throws(RedactError) -> (bytes: [UInt8], counts: [Category: Int]) {
        let text: String
        do { text = try TextDecoding.decode(bytes).text } catch { throw .unsupported }
        var counts: [Category: Int] = [:]
        switch kind {
        case .plain:
            return (Array(redactLines(text, counts: &counts).utf8), counts)
        case .table(let separator):
            var table = CSVTable.parse(text, separator: separator)
            table.records = redactTable(table.records, counts: &counts)
            return (Array(table.serialized().utf8), counts)
        case .json:
            return (Array(redactJSON(text, counts: &counts).utf8), counts)
        }
    }

    /// Masks counted by category (what the log and `redact` report).
    static func count(_ spans: [Int: [(range: Range<Int>, category: Category)]], into counts: inout [Category: Int]) {
        for list in spans.values { for s in list { counts[s.category, default: 0] += 1 } }
    }

    /// Lines with their ends kept as they were ("\n" or "\r\n").
    func redactLines(_ text: String, counts: inout [Category: Int]) -> String {
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
        let spans = detectLines(lines)
        Self.count(spans, into: &counts)
        var out = ""
        for (i, line) in lines.enumerated() {
            out += Masking.apply(spans[i] ?? [], to: line)
            if i < ends.count { out += ends[i] }
        }
        return out
    }

    /// Detection on lines laid out in pages of `textPageLines`: spans by
    /// line number.
    func detectLines(_ lines: [[Unicode.Scalar]]) -> [Int: [(range: Range<Int>, category: Category)]] {
        var grids: [(TextGrid, [Int])] = []
        var start = 0
        repeat {
            let end = min(lines.count, start + Self.textPageLines)
            grids.append((TextGrid.lines(Array(lines[start..<end])), Array(start..<end)))
            if end == lines.count { break }
            start = end - Self.textPageOverlap
        } while start < lines.count
        return detectUnits(grids)
    }

    /// Every cell redacted in place; the header row is read as a header.
    func redactTable(_ records: [[String]], counts: inout [Category: Int]) -> [[String]] {
        guard !records.isEmpty else { return records }
        let width = records.map(\.count).max() ?? 0
        let cells = records.map { $0.map { Array($0.unicodeScalars) } }
        var grids: [(TextGrid, [Int])] = []
        var start = 1
        repeat {
            let end = min(cells.count, start + Self.tableRowsPerPage)
            let rows = [cells[0]] + Array(cells[min(start, cells.count)..<end])
            let (grid, w) = TextGrid.table(rows.map { $0 + Array(repeating: [], count: width - $0.count) })
            // Local unit r * w + j is global row (0 for the header, else
            // start + r - 1), column j.
            var ids: [Int] = []
            for r in 0..<rows.count {
                let global = r == 0 ? 0 : start + r - 1
                for j in 0..<w { ids.append(global * width + j) }
            }
            grids.append((grid, ids))
            start = end
        } while start < cells.count
        let spans = detectUnits(grids)
        Self.count(spans, into: &counts)
        return records.enumerated().map { r, record in
            record.enumerated().map { j, field in
                guard let s = spans[r * width + j] else { return field }
                return Masking.apply(s, to: cells[r][j])
            }
        }
    }

    /// Detection on each laid-out page, then the document pass (a value
    /// found with good evidence on one page is redacted wherever it stands).
    /// Spans by global unit; `ids[local]` is a page's unit's global number.
    func detectUnits(_ grids: [(TextGrid, [Int])]) -> [Int: [(range: Range<Int>, category: Category)]] {
        var pages: [(TextGrid, [Int], PageModel, [Detection])] = []
        var evidence = DocumentEvidence()
        for (i, (grid, ids)) in grids.enumerated() {
            let page = WorkerPage(index: i, size: grid.size, layer: grid.page, ocr: .empty, pixels: nil)
            let (model, found, own) = detectPage(page)
            evidence.merge(own)
            pages.append((grid, ids, model, found))
        }
        let matcher = evidence.matcher()
        var spans: [Int: [(range: Range<Int>, category: Category)]] = [:]
        for (grid, ids, model, found) in pages {
            let all = found + matcher.additions(in: model.text, existing: found)
            for (local, list) in grid.unitSpans(all.map { ($0.range, $0.category) }, in: model.text) where local < ids.count {
                spans[ids[local], default: []] += list
            }
        }
        return spans
    }
}
