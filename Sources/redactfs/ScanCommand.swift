#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Detect

struct ScanCommand {
    var input: String
    var showText: Bool
    /// Print each page as the page model laid it out (terminal only).
    var showLayout = false
    /// One JSON document on standard output, for scripts (never any text).
    var json = false
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> ScanCommand {
        var c = ArgumentCursor(args, usage: Usage.scan)
        var common = CommonOptions()
        var showText = false
        var showLayout = false
        var json = false
        var positionals: [String] = []
        var optionsEnded = false
        while let a = c.next() {
            if optionsEnded { positionals.append(a); continue }
            if try c.common(a, into: &common) { continue }
            switch a {
            case "--": optionsEnded = true
            case "--show-text": showText = true
            case "--show-layout": showLayout = true
            case "--json": json = true
            default:
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", usage: Usage.scan) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "scan needs one INPUT", usage: Usage.scan) }
        // JSON is for scripts and files: the text stays on the terminal.
        if json && (showText || showLayout) {
            throw UsageError(message: "--json never holds document text: it excludes \(showText ? "--show-text" : "--show-layout")",
                             usage: Usage.scan)
        }
        return ScanCommand(input: positionals[0], showText: showText, showLayout: showLayout, json: json, common: common)
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.scan)
        // The matched text is for the user's eyes: never into a pipe or a
        // file, where it would outlive the review.
        if (showText || showLayout) && isatty(1) != 1 {
            printErr("Error: \(showText ? "--show-text" : "--show-layout") prints only to a terminal")
            return .usage
        }
        signal(SIGPIPE, SIG_IGN)
        let source = RedactInput(argument: input)
        let terms: TermMatcher
        switch loadTerms(common) {
        case .success(let t): terms = t
        case .failure(let code): return code
        }
        let fd: FileDescriptor
        switch source.open(limits: Limits()) {
        case .success(let f): fd = f
        case .failure(let f): return f.reported(input: source.label)
        }
        let decisions: AppliedDecisions?
        switch DecisionsSetup.load(common).flatMap({ $0.applied(for: fd, input: source.label) }) {
        case .success(let d): decisions = d
        case .failure(let code): return code
        }
        let pages: [ScanPage]
        do { pages = try Redactor(settings: settings, terms: terms).scan(fd, name: source.typeName, decisions: decisions) } catch {
            return report(error, input: source.label)
        }
        reportStale(decisions, input: source.label)
        if json {
            let out = ScanJSON.document(file: input, pages: pages)
            switch writeStandardOutput(out) {
            case .success, .failure(.init(rawValue: EPIPE)): return .success
            case .failure(let e):
                printErr("Error: cannot write to standard output: \(e)")
                return .ioError
            }
        }
        if showLayout {
            // The page as detection reads it: one line a line, cells apart.
            for page in pages {
                printOut("--- page \(page.index + 1) ---")
                var v = String.UnicodeScalarView()
                for s in page.text.scalars {
                    if s == "\t" { v.append(contentsOf: " \u{2502} ".unicodeScalars) } else { v.append(s) }
                }
                printOut(String(v))
            }
        }
        printOut("page\ttier\tcategory\tkind\treason\tconfidence\ttokens\tbox")
        var total = 0
        for page in pages {
            let numbering = TokenNumbering(page.text)
            for (d, boxes) in zip(page.detections, page.boxes) {
                total += 1
                let box = boxes.map { b in
                    "\(fmt(b.x)),\(fmt(b.y)),\(fmt(b.width)),\(fmt(b.height))"
                }.joined(separator: " ")
                let tokens = numbering.numbers(of: d.range).map { "\($0.lowerBound)-\($0.upperBound)" } ?? "-"
                let kind = d.kind.isEmpty ? "-" : d.kind
                var line = "\(page.index + 1)\t\(d.category.tier.rawValue)\t\(d.category.rawValue)\t\(kind)"
                    + "\t\(d.reason.rawValue)\t\(fmt(d.confidence))\t\(tokens)\t\(box)"
                if showText {
                    let s = page.text.scalars[d.range.clamped(to: 0..<page.text.scalars.count)]
                    var v = String.UnicodeScalarView()
                    v.append(contentsOf: s.map { $0.isWhitespaceFast ? " " : $0 })
                    line += "\t" + String(v)
                }
                printOut(line)
            }
        }
        printErr("\(total) detection(s) on \(pages.count) page(s)")
        return .success
    }
}

func fmt(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    if r == r.rounded() { return String(Int(r)) }
    return String(r)
}
