#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Detect

/// Maps a pipeline failure to an exit status and a one-line message.
func report(_ e: RedactError, input: String) -> ExitCode {
    printErr("Error: \(input): \(e.message)")
    switch e {
    case .notFound: return .noInput
    case .accessDenied: return .noInput
    case .passwordRequired: return .noPermission
    case .unsupported, .damaged, .limitExceeded, .refused: return .dataError
    case .workerFailed: return .failure
    case .io: return .ioError
    }
}

func openInput(_ path: String) -> Result<FileDescriptor, ExitCode> {
    do {
        let fd = try FileDescriptor.open(path, flags: O_RDONLY)
        guard try fd.status().isRegular else {
            printErr("Error: \(path) is not a regular file")
            return .failure(.noInput)
        }
        return .success(fd)
    } catch {
        printErr("Error: cannot open \(path): \(error)")
        return .failure(.noInput)
    }
}

struct RedactCommand {
    var input: String
    var output: String
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> RedactCommand {
        var c = ArgumentCursor(args, usage: Usage.redact)
        var common = CommonOptions()
        var output: String?
        var positionals: [String] = []
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            switch a {
            case "-o", "--output": output = try c.value(for: a)
            default:
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", usage: Usage.redact) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "redact needs one INPUT", usage: Usage.redact) }
        guard let out = output else { throw UsageError(message: "redact needs -o OUTPUT", usage: Usage.redact) }
        return RedactCommand(input: positionals[0], output: out, common: common)
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.redact)
        let (terms, fd, decisions): (TermMatcher, FileDescriptor, AppliedDecisions?)
        switch documentInput(common, input: input) {
        case .success(let r): (terms, fd, decisions) = r
        case .failure(let code): return code
        }
        let showProgress = isatty(2) == 1
        let result: Redaction
        do {
            // The input's name decides an image output's type, as in the mount.
            let name = input.split(separator: "/").last.map(String.init)
            result = try Redactor(settings: settings, terms: terms).redact(fd, name: name, decisions: decisions) { done, total in
                if showProgress { printErrRaw("\rredacting: page \(done)/\(total)") }
            }
        } catch {
            if showProgress { printErrRaw("\n") }
            return report(error, input: input)
        }
        if showProgress { printErrRaw("\n") }
        reportStale(decisions, input: input)
        // Given no spill, the redactor keeps the output in memory; this reads
        // one sealed on disk all the same.
        let bytes: [UInt8]
        do { bytes = try result.output.all() } catch {
            printErr("Error: cannot read the output back: \(error)")
            return .ioError
        }
        if output == "-" {
            do { try FileDescriptor(owning: dup(1)).writeAll(bytes) } catch {
                printErr("Error: cannot write to standard output: \(error)")
                return .ioError
            }
            return .success
        }
        do { try AtomicFile.write(bytes, to: output, mode: 0o644) } catch {
            printErr("Error: cannot write \(output): \(error)")
            return .cannotCreate
        }
        return .success
    }
}

func printErrRaw(_ s: String) {
    var bytes = Array(s.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

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

/// Terms for redact and scan: none if never set up, else they must load.
/// What a command that reads one file starts with: the terms loaded, the
/// file opened, and SIGPIPE ignored (a closed pipe is an error we report).
func termsAndInput(_ common: CommonOptions, input: String) -> Result<(TermMatcher, FileDescriptor), ExitCode> {
    loadTerms(common).flatMap { terms in
        openInput(input).map { fd in
            signal(SIGPIPE, SIG_IGN)
            return (terms, fd)
        }
    }
}

/// `termsAndInput`, and the file's review decisions (none when nobody
/// reviewed it; a decision file that fails to open fails the command).
func documentInput(_ common: CommonOptions, input: String)
    -> Result<(TermMatcher, FileDescriptor, AppliedDecisions?), ExitCode> {
    termsAndInput(common, input: input).flatMap { terms, fd in
        DecisionsSetup.load(common).flatMap { $0.applied(for: fd, input: input) }.map { (terms, fd, $0) }
    }
}

func loadTerms(_ common: CommonOptions) -> Result<TermMatcher, ExitCode> {
    let setup = TermsSetup(common: common)
    if setup.neverInitialised { return .success(TermMatcher([])) }
    switch setup.load() {
    case .success(let m): return .success(m)
    case .failure(let f):
        printErr("Error: \(f.message)")
        return .failure(.failure)
    }
}
