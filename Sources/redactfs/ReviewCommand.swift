#if canImport(Glibc)
import Glibc
#endif
import Detect
import Encode
import Pipeline
import Posix
import RedactCore
import Secrets
import Worker

/// Where the decisions are and the key that opens them.
struct DecisionsSetup {
    var store: DecisionStore
    var key: SecretKey?

    /// nil key: never initialised (no key anywhere); there are no decisions then.
    static func load(_ common: CommonOptions) -> Result<DecisionsSetup, ExitCode> {
        let setup = TermsSetup(common: common)
        let store = DecisionStore(path: setup.decisionsPath)
        if setup.keyLocation == nil && setup.configProblem == nil {
            return .success(DecisionsSetup(store: store, key: nil))
        }
        switch setup.loadKey() {
        case .success(let key): return .success(DecisionsSetup(store: store, key: key))
        case .failure(let f):
            printErr("Error: \(f.message)")
            return .failure(f.code)
        }
    }

    /// The decisions for the file behind `fd`, as a render applies them;
    /// a decision file that fails to open fails the document.
    func applied(for fd: FileDescriptor, input: String) -> Result<AppliedDecisions?, ExitCode> {
        guard let key else { return .success(nil) }
        do {
            let book = try store.load(key: key)
            guard let d = try DocumentBinding.decisions(in: book, for: fd) else { return .success(nil) }
            return .success(AppliedDecisions(d))
        } catch let e as DecisionStoreError {
            printErr("Error: \(e.message)")
            return .failure(ExitCode(e))
        } catch {
            printErr("Error: \(input): cannot read it: \(error)")
            return .failure(.ioError)
        }
    }
}

/// Reports review decisions the source no longer bears out (counts only).
func reportStale(_ d: AppliedDecisions?, input: String) {
    guard let d, !d.stale.isEmpty else { return }
    printErr("Warning: \(input): \(d.stale.count) kept detection(s) from review no longer match the document "
             + "(it changed); they are not applied. See 'redactfs review --list'.")
}

/// `redactfs review FILE`: the user's last word on one document.
struct ReviewCommand {
    enum Action: Equatable {
        case show, list, reset
        case keep([Int]), unkeep([Int])
        case add
        case addArea(page: Int, Rect)
        case preview(String)
    }

    var input: String
    var action: Action
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> ReviewCommand {
        var c = ArgumentCursor(args, usage: Usage.review)
        var common = CommonOptions()
        var actions: [Action] = []
        var positionals: [String] = []
        func numbers(_ option: String) throws(UsageError) -> [Int] {
            var out: [Int] = []
            while let v = c.peek(), let n = Int(v), n >= 1 {
                _ = c.next()
                out.append(n)
            }
            if out.isEmpty { throw UsageError(message: "\(option) needs one or more numbers from the listing", usage: Usage.review) }
            return out
        }
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            switch a {
            case "--keep": actions.append(.keep(try numbers(a)))
            case "--unkeep": actions.append(.unkeep(try numbers(a)))
            case "--add": actions.append(.add)
            case "--reset": actions.append(.reset)
            case "--list": actions.append(.list)
            case "--preview": actions.append(.preview(try c.value(for: a)))
            case "--add-area":
                let v = try c.value(for: a)
                guard let (page, rect) = Self.area(v) else {
                    throw UsageError(message: "--add-area wants PAGE:X,Y,W,H (page from 1; points from the page's top-left), not '\(v)'",
                                     usage: Usage.review)
                }
                actions.append(.addArea(page: page, rect))
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: Usage.review) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "review needs one FILE", usage: Usage.review) }
        guard actions.count <= 1 else { throw UsageError(message: "one action at a time", usage: Usage.review) }
        return ReviewCommand(input: positionals[0], action: actions.first ?? .show, common: common)
    }

    static func area(_ v: String) -> (Int, Rect)? {
        let parts = v.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let page = Int(parts[0]), page >= 1 else { return nil }
        let n = parts[1].split(separator: ",").compactMap { Double($0) }
        guard n.count == 4, n.allSatisfy(\.isFinite), n[0] >= 0, n[1] >= 0, n[2] > 0, n[3] > 0 else { return nil }
        return (page, Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    }

    /// One numbered entry of the listing: a detection's page, category and
    /// text (every detection of that category and text on that page).
    struct Entry: Equatable {
        var page: Int
        var category: Category
        var reason: String
        var text: String
        var kept: KeptDetection { KeptDetection(page: page, category: category, text: text) }
    }

    /// Entries in page order, then in order of first appearance: the same
    /// numbers from run to run while the document and the detector are the same.
    static func entries(_ pages: [ScanPage]) -> [Entry] {
        var out: [Entry] = []
        var seen = Set<KeptDetection>()
        for p in pages {
            for d in p.detections where d.category != .term || d.kind != "added in review" {
                let e = Entry(page: p.index, category: d.category, reason: d.reason.rawValue,
                              text: AppliedDecisions.text(of: d, in: p.text))
                if seen.insert(e.kept).inserted { out.append(e) }
            }
        }
        return out
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.review)
        let (terms, fd): (TermMatcher, FileDescriptor)
        switch termsAndInput(common, input: input) {
        case .success(let r): (terms, fd) = r
        case .failure(let code): return code
        }
        let setup: DecisionsSetup
        switch DecisionsSetup.load(common) {
        case .success(let s): setup = s
        case .failure(let code): return code
        }
        guard let key = setup.key else {
            printErr("Error: no key: run 'redactfs init' first (decisions are sealed with your key)")
            return .noInput
        }
        let terminal = isatty(1) == 1
        let binding: DocumentBinding
        let book: DecisionBook
        do {
            binding = try DocumentBinding.of(fd, digest: true)
            book = try setup.store.load(key: key)
        } catch let e as DecisionStoreError {
            printErr("Error: \(e.message)")
            return ExitCode(e)
        } catch {
            printErr("Error: \(input): cannot read it: \(error)")
            return .ioError
        }
        var current = book.find(binding, digest: { binding.contentDigest }) ?? DocumentDecisions(binding: binding)
        // The entry follows the file: its binding is brought up to date.
        current.binding = binding

        if action == .list { return list(current, terminal: terminal) }
        if action == .reset {
            return save(setup, key: key, DocumentDecisions(binding: binding), replacing: current)
        }
        if case .add = action {
            guard let text = readAddedString() else {
                printErr("Error: --add reads one string from standard input; none was given")
                return .usage
            }
            if !current.added.contains(text) { current.added.append(text) }
            return save(setup, key: key, current, replacing: current)
        }
        let name = RedactInput(argument: input).typeName
        // A text file's output is text: it has no pages of pixels to black
        // out an area of or to draw a preview on.
        let isText = name.flatMap { NameMap.sourceType(forFile: $0) }?.isText ?? false
        if isText {
            switch action {
            case .addArea, .preview:
                printErr("Error: \(input) is a text file: areas and previews are for pages of pixels; keep and add work")
                return .usage
            default: break
            }
        }
        if case .addArea(let page, let rect) = action {
            current.areas.append(.init(page: page - 1, rect: rect))
            return save(setup, key: key, current, replacing: current)
        }
        let redactor = Redactor(settings: settings, terms: terms)
        let pages: [ScanPage]
        do { pages = try redactor.scan(fd, name: name) } catch { return report(error, input: input) }
        let all = Self.entries(pages)
        if case .preview(let path) = action {
            return preview(to: path, redactor: redactor, fd: fd, pages: pages, entries: all, current)
        }
        switch action {
        case .keep(let ns), .unkeep(let ns):
            if let bad = ns.first(where: { $0 > all.count }) {
                printErr("Error: there is no detection \(bad) (the listing has \(all.count))")
                return .usage
            }
            for n in ns {
                let k = all[n - 1].kept
                if case .keep = action {
                    if !current.kept.contains(k) { current.kept.append(k) }
                } else {
                    current.kept.removeAll { $0 == k }
                }
            }
            return save(setup, key: key, current, replacing: current)
        default:
            show(all, pages: pages, current, terminal: terminal)
            return .success
        }
    }

    /// The output as the decisions make it, each detection outlined (red:
    /// redacted, green: kept visible) and numbered as in the listing, and
    /// each added area outlined in blue; written to `path` (mode 0600) as
    /// an image-only PDF. It holds nothing the output does not show.
    func preview(to path: String, redactor: Redactor, fd: FileDescriptor, pages: [ScanPage], entries: [Entry],
                 _ current: DocumentDecisions) -> ExitCode {
        let output: [UInt8]
        let applied = current.isEmpty ? nil : AppliedDecisions(current)
        do { output = try redactor.redact(fd, name: input.split(separator: "/").last.map(String.init), output: .pdf,
                                          decisions: applied).output.all() } catch let e as RedactError {
            return report(e, input: input)
        } catch {
            printErr("Error: \(input): \(error)")
            return .ioError
        }
        // The output is read back by a worker, like any PDF, from a file
        // with no name that vanishes when closed.
        let rendered: [WorkerPage]
        do {
            let tmp = try FileDescriptor.unnamedTemporary(in: ConfigPaths.processEnvironment()["TMPDIR"] ?? "/tmp")
            try tmp.writeAll(output)
            rendered = try redactor.render(tmp)
        } catch let e as RedactError {
            return report(e, input: input)
        } catch {
            printErr("Error: cannot make the preview: \(error)")
            return .ioError
        }
        var numbers: [KeptDetection: Int] = [:]
        for (i, e) in entries.enumerated() { numbers[e.kept] = i + 1 }
        var out: [OutputPage] = []
        var marked = 0
        for page in rendered {
            guard var px = page.pixels else { continue }
            let scale = Double(px.width) / page.size.width
            let thick = max(1, Int(scale.rounded()))
            let dot = max(2, Int((scale * 1.2).rounded()))
            if let src = pages.first(where: { $0.index == page.index }) {
                for (d, boxes) in zip(src.detections, src.boxes) {
                    let ref = KeptDetection(page: page.index, category: d.category, text: AppliedDecisions.text(of: d, in: src.text))
                    guard let n = numbers[ref], let first = boxes.first else { continue }
                    let kept = current.kept.contains(ref)
                    for b in boxes { px.outline(b, scale: scale, thickness: thick, color: kept ? (0, 150, 0) : (220, 0, 0)) }
                    // Every occurrence carries the number: they are one entry.
                    // Inside a black box; above a kept one, whose text it would cover.
                    let y = kept ? Int(first.y * scale) - 7 * dot - 2 * thick : Int(first.y * scale)
                    px.label(n, x: Int(first.x * scale), y: y, dot: dot)
                    marked += 1
                }
            }
            // What review added: strings where they stand, and areas, in blue.
            var added = current.areas.filter { $0.page == page.index }.map(\.rect)
            if let applied, let src = pages.first(where: { $0.index == page.index }) {
                added += RedactionPlan.boxes(for: applied.addedDetections(in: src.text), in: src.text)
            }
            for r in added { px.outline(r, scale: scale, thickness: thick, color: (0, 0, 220)) }
            out.append(OutputPage(size: page.size, image: px))
        }
        do {
            try AtomicFile.write(try PDFWriter.write(out), to: path, mode: 0o600)
        } catch {
            printErr("Error: cannot write \(path): \(error)")
            return .cannotCreate
        }
        printErr("wrote \(path): \(marked) numbered box(es) for \(entries.count) detection(s) on \(out.count) page(s)")
        return .success
    }

    /// One string from standard input: a line, or at a terminal a prompt
    /// that does not echo. Never from the command line, where other users'
    /// `ps` and the shell's history would see it.
    func readAddedString() -> String? {
        var line: String?
        if isatty(0) == 1 {
            printErrRaw("String to redact in this document (not shown): ")
            var old = termios()
            tcgetattr(0, &old)
            var quiet = old
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
            line = Swift.readLine(strippingNewline: true)
            tcsetattr(0, TCSAFLUSH, &old)
            printErrRaw("\n")
        } else {
            line = Swift.readLine(strippingNewline: true)
        }
        let text = (line ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    func save(_ setup: DecisionsSetup, key: SecretKey, _ decisions: DocumentDecisions, replacing: DocumentDecisions) -> ExitCode {
        do {
            try setup.store.modify(key: key) { book in
                book.set(decisions)
                // Also an older entry of this document, found by its content.
                if decisions.isEmpty {
                    book.documents.removeAll { $0.binding.contentDigest == replacing.binding.contentDigest }
                }
            }
        } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        printErr("\(input): \(decisions.kept.count) kept, \(decisions.added.count) added string(s), \(decisions.areas.count) added area(s)")
        return .success
    }

    func show(_ all: [Entry], pages: [ScanPage], _ current: DocumentDecisions, terminal: Bool) {
        printOut("no\tpage\tcategory\treason\tstate" + (terminal ? "\ttext" : ""))
        for (i, e) in all.enumerated() {
            let state = current.kept.contains(e.kept) ? "kept" : "redacted"
            printOut("\(i + 1)\t\(e.page + 1)\t\(e.category.rawValue)\t\(e.reason)\t\(state)" + (terminal ? "\t\(e.text)" : ""))
        }
        if terminal {
            // The words, so that something nothing detected can be added.
            for p in pages {
                printOut("--- page \(p.index + 1) words ---")
                var v = String.UnicodeScalarView()
                for s in p.text.scalars { v.append(s.isWhitespaceFast && s != "\n" ? " " : s) }
                printOut(String(v))
            }
        }
        let stale = current.kept.filter { k in !all.contains { $0.kept == k } }.count
        printErr("\(all.count) detection(s); \(current.kept.count) kept, \(current.added.count) added string(s), "
                 + "\(current.areas.count) added area(s)" + (stale > 0 ? "; \(stale) kept no longer match (the document changed)" : ""))
    }

    func list(_ current: DocumentDecisions, terminal: Bool) -> ExitCode {
        for k in current.kept {
            printOut("kept\tpage \(k.page + 1)\t\(k.category.rawValue)" + (terminal ? "\t\(k.text)" : ""))
        }
        for (i, a) in current.added.enumerated() {
            printOut("added\t\(i + 1)" + (terminal ? "\t\(a)" : ""))
        }
        for a in current.areas {
            printOut("area\tpage \(a.page + 1)\t\(fmt(a.rect.x)),\(fmt(a.rect.y)),\(fmt(a.rect.width)),\(fmt(a.rect.height))")
        }
        printErr("\(current.kept.count) kept, \(current.added.count) added string(s), \(current.areas.count) added area(s)")
        return .success
    }
}
