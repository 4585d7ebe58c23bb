#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import RedactCore

/// How much `redact` says on standard error besides errors and warnings.
enum Verbosity {
    /// `-q`: nothing.
    case quiet
    /// At a terminal, the progress line and a summary per input; else nothing.
    case normal
    /// `-v`: a line per page and the summary, terminal or not.
    case verbose
}

/// The progress of one input on standard error: a line that updates in
/// place at a terminal (`redacting NAME: page N/M`), page lines with `-v`,
/// and a summary (pages, detections per category, time, output size).
/// Counts, names of categories and the file's name only: never its text.
final class RedactProgress {
    let name: String
    let terminal: Bool
    let verbosity: Verbosity
    private let start = RedactProgress.now()
    private var pagesShown = 0
    private var lineOpen = false
    private var lastLine = ""

    init(name: String, verbosity: Verbosity, terminal: Bool = isatty(2) == 1) {
        self.name = name
        self.verbosity = verbosity
        self.terminal = terminal
    }

    private var showsLine: Bool { terminal && verbosity != .quiet }
    private var showsPages: Bool { verbosity == .verbose }
    private var showsSummary: Bool { verbosity == .verbose || (terminal && verbosity == .normal) }

    func started() {
        if showsLine { draw("redacting \(name)") }
    }

    /// `done` pages of `total` are redacted. Pages redacted by helper
    /// workers are counted when the next report comes, so `done` may jump:
    /// page lines are printed for every page all the same.
    func pages(_ done: Int, of total: Int) {
        if showsPages, done > pagesShown {
            // Page lines above; the progress line is drawn again below them.
            clearLine()
            for n in (pagesShown + 1)...done { printErr("  \(name): page \(n)/\(total) done, \(Self.seconds(elapsed))") }
        }
        pagesShown = max(pagesShown, done)
        if showsLine { draw("redacting \(name): page \(done)/\(total)") }
    }

    /// The input is written: the line shows its last page and stays; the summary follows.
    func finished(_ r: Redaction, outputSize: Int, writtenTo output: String) {
        pages(r.pageCount, of: r.pageCount)
        if lineOpen {
            printErrRaw("\n")
            lineOpen = false
        }
        guard showsSummary else { return }
        let total = r.counts.values.reduce(0, +)
        let found = total == 0 ? "no detections"
            : "\(total) detection\(total == 1 ? "" : "s") ("
                + r.counts.keys.sorted().map { "\($0.rawValue) \(r.counts[$0]!)" }.joined(separator: ", ") + ")"
        printErr("\(name): \(r.pageCount) page\(r.pageCount == 1 ? "" : "s"), \(found), "
                 + "\(Self.seconds(elapsed)), \(Self.size(outputSize)) written to \(output)")
        // Where the time went, summed over pages and workers (so more than
        // the wall time when pages ran in parallel).
        if showsPages { printErr("  \(name): stages wall=\(r.milliseconds)ms \(r.stages.line)") }
    }

    /// The progress line goes: before an error, so that it stands alone,
    /// and before page lines.
    func clearLine() {
        if lineOpen {
            printErrRaw("\r\u{1B}[K")
            lineOpen = false
        }
    }

    var elapsed: Double { Self.now() - start }

    private func draw(_ line: String) {
        guard line != lastLine || !lineOpen else { return }
        printErrRaw("\r\u{1B}[K" + line)
        lastLine = line
        lineOpen = true
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// "3.2 s"
    static func seconds(_ s: Double) -> String { tenths(s) + " s" }

    /// "812 B", "41.3 KiB", "2.0 MiB"
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return tenths(Double(bytes) / 1024) + " KiB" }
        if bytes < 1 << 30 { return tenths(Double(bytes) / 1048576) + " MiB" }
        return tenths(Double(bytes) / 1073741824) + " GiB"
    }

    static func tenths(_ v: Double) -> String {
        let t = Int((max(0, v) * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }
}
