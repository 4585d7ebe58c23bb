#if canImport(Glibc)
import Glibc
#endif
import Detect
import Pipeline
import Posix
import RedactCore
import Verify
import Worker

/// `redactfs verify OUTPUT [--source SOURCE]`: an independent check of a
/// redacted file, for the user and for whoever receives it. Structure is
/// read from the bytes by a scanner of its own (`PDFScan`, `ImageScan`),
/// never by the code that wrote them; pages are read by OCR in a worker, as
/// any untrusted file is. Exit 0 when clean, 1 with one line per finding.
struct VerifyCommand {
    var output: String
    var source: String?
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> VerifyCommand {
        var c = ArgumentCursor(args, usage: Usage.verify)
        var common = CommonOptions()
        var source: String?
        var positionals: [String] = []
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            switch a {
            case "--source": source = try c.value(for: a)
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: Usage.verify) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "verify needs one OUTPUT", usage: Usage.verify) }
        return VerifyCommand(output: positionals[0], source: source, common: common)
    }

    /// Output files read whole for the structure checks.
    static let maxOutputBytes = 2 << 30

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.verify)
        let (terms, fd): (TermMatcher, FileDescriptor)
        switch termsAndInput(common, input: output) {
        case .success(let r): (terms, fd) = r
        case .failure(let code): return code
        }
        let bytes: [UInt8]
        do {
            let size = try fd.status().size
            guard size <= Int64(Self.maxOutputBytes) else {
                printErr("Error: \(output): larger than 2 GiB, not a redactfs output")
                return .dataError
            }
            bytes = try fd.read(count: Int(size), at: 0)
        } catch {
            printErr("Error: \(output): cannot read it: \(error)")
            return .ioError
        }
        var findings = Self.structure(bytes)
        let redactor = Redactor(settings: settings, terms: terms)
        var pages: [WorkerPage] = []
        do { pages = try redactor.read(fd) } catch {
            findings.append(Finding(.structure, "the pages cannot be read (\(error.message))"))
        }
        findings += Self.readable(pages, terms: terms)
        if let source {
            let src: FileDescriptor
            switch openInput(source) {
            case .success(let f): src = f
            case .failure(let code): return code
            }
            // The source's review decisions count: kept detections are
            // exempt, added strings must not be readable either.
            let decisions: AppliedDecisions?
            switch DecisionsSetup.load(common).flatMap({ $0.applied(for: src, input: source) }) {
            case .success(let d): decisions = d
            case .failure(let code): return code
            }
            let scanned: [ScanPage]
            do { scanned = try redactor.scan(src, decisions: decisions) } catch { return report(error, input: source) }
            findings += Self.compare(pages, source: scanned)
        }
        let withText = isatty(1) == 1
        for f in findings { printOut(f.line(withText: withText)) }
        if findings.isEmpty {
            printErr("clean: \(pages.count) page(s) checked\(source == nil ? "" : " against the source")")
            return .success
        }
        printErr("\(findings.count) finding(s)")
        return .failure
    }

    static func structure(_ bytes: [UInt8]) -> [Finding] {
        if bytes.prefix(1024).firstRange(of: Array("%PDF-".utf8)) != nil { return PDFScan.check(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ImageScan.png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return ImageScan.jpeg(bytes) }
        return [Finding(.structure, "not a PDF, PNG or JPEG (redactfs writes no other kind)")]
    }

    /// A text layer, and always-redact terms readable on a page.
    static func readable(_ pages: [WorkerPage], terms: TermMatcher) -> [Finding] {
        var out: [Finding] = []
        for (i, page) in pages.enumerated() {
            let letters = page.layer.scalars.filter { $0.isAlphabeticFast || $0.isNumericFast }.count
            if letters > 0 { out.append(Finding(page: i + 1, .text, "a text layer (\(letters) letters or digits)")) }
            let text = page.text
            for d in terms.detect(text.scalars) {
                out.append(Finding(page: i + 1, .term, "an always-redact term is readable",
                                   detail: Self.string(text.scalars, d.range)))
            }
        }
        return out
    }

    /// Against the source: page count and sizes, and no detection made on
    /// the source readable on the output's same page.
    static func compare(_ pages: [WorkerPage], source: [ScanPage]) -> [Finding] {
        var out: [Finding] = []
        if pages.count != source.count {
            out.append(Finding(.pages, "\(pages.count) page(s), the source has \(source.count)"))
        }
        for (page, src) in zip(pages, source) {
            let n = page.index + 1
            if abs(page.size.width - src.size.width) > 1 || abs(page.size.height - src.size.height) > 1 {
                out.append(Finding(page: n, .pages, "page size \(fmt(page.size.width)) x \(fmt(page.size.height)) pt, "
                                   + "the source's is \(fmt(src.size.width)) x \(fmt(src.size.height))"))
            }
            let words = Self.words(page.text.scalars[...])
            var reported = Set<[String]>()
            for d in src.detections {
                let wanted = Self.words(src.text.scalars[d.range.clamped(to: 0..<src.text.scalars.count)])
                // Too short to tell from chance: a single word under four letters.
                guard wanted.joined().count >= 4, reported.insert(wanted).inserted else { continue }
                if Self.contains(words, wanted) {
                    out.append(Finding(page: n, .detection, "\(d.category.rawValue) detected on the source is readable",
                                       detail: wanted.joined(separator: " ")))
                }
            }
        }
        return out
    }

    /// Lower-cased runs of letters and digits: OCR and the text layer
    /// differ in spacing and punctuation, not in words.
    static func words(_ s: ArraySlice<Unicode.Scalar>) -> [String] {
        var out: [String] = []
        var cur = String.UnicodeScalarView()
        for c in s {
            if c.isAlphabeticFast || c.isNumericFast {
                cur.append(contentsOf: String(c).lowercased().unicodeScalars)
            } else if !cur.isEmpty {
                out.append(String(cur))
                cur = String.UnicodeScalarView()
            }
        }
        if !cur.isEmpty { out.append(String(cur)) }
        return out
    }

    static func contains(_ hay: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, hay.count >= needle.count else { return false }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] {
            if Array(hay[i..<(i + needle.count)]) == needle { return true }
        }
        return false
    }

    static func string(_ s: [Unicode.Scalar], _ r: Range<Int>) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s[r.clamped(to: 0..<s.count)])
        return String(v)
    }
}
