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
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> ScanCommand {
        var c = ArgumentCursor(args, usage: Usage.scan)
        var common = CommonOptions()
        var showText = false
        var showLayout = false
        var positionals: [String] = []
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            switch a {
            case "--show-text": showText = true
            case "--show-layout": showLayout = true
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: Usage.scan) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "scan needs one INPUT", usage: Usage.scan) }
        return ScanCommand(input: positionals[0], showText: showText, showLayout: showLayout, common: common)
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.scan)
        // The matched text is for the user's eyes: never into a pipe or a
        // file, where it would outlive the review.
        if (showText || showLayout) && isatty(1) != 1 {
            printErr("Error: \(showText ? "--show-text" : "--show-layout") prints only to a terminal")
            return .usage
        }
        let (terms, fd, decisions): (TermMatcher, FileDescriptor, AppliedDecisions?)
        switch documentInput(common, input: input) {
        case .success(let r): (terms, fd, decisions) = r
        case .failure(let code): return code
        }
        let pages: [ScanPage]
        do { pages = try Redactor(settings: settings, terms: terms).scan(fd, decisions: decisions) } catch {
            return report(error, input: input)
        }
        reportStale(decisions, input: input)
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
                    v.append(contentsOf: s.map { $0.properties.isWhitespace ? " " : $0 })
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
