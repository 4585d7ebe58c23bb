#if canImport(Glibc)
import Glibc
#endif
import Posix
import Secrets

/// `redactfs terms …`: edits the sealed always-redact term list. Terms
/// come from standard input, a no-echo prompt or a file, never from argv
/// (shell history and `ps` show argv), and never appear in a message.
enum TermsCommand {
    /// The usage lines, printed with a usage error.
    static let usage = """
    USAGE: redactfs terms add [--substring] [FILE OPTIONS]
           redactfs terms list [FILE OPTIONS]
           redactfs terms remove N... [FILE OPTIONS]
           redactfs terms import FILE [--substring] [FILE OPTIONS]
           redactfs terms export [--substring | --whole-word] [FILE OPTIONS]
    FILE OPTIONS: [--key-file F] [--terms-file F] [--config F]
    """

    /// The full help (`redactfs help terms`).
    static let help = usage + "\n\n" + """
    Edits the always-redact terms: strings redacted in every document. The list
    is sealed with AES-256-GCM (see redactfs-terms(5)); terms are never taken
    from the command line. Terms match whole words unless added with --substring.
    Surrounding whitespace is dropped, empty lines are skipped, and a term
    already in the list (ignoring case) is not added twice.

    ACTIONS:
      add                       Read terms, one per line, from standard input, or
                                from a prompt that does not show them on a terminal.
      list                      Print the terms, numbered (to a terminal only).
      remove N...               Remove the terms with these numbers from 'list'.
      import FILE               Add the terms in FILE, one per line.
      export                    Print the terms, one per line, to standard output.

    OPTIONS:
      --substring               Add: match inside words too. Export: only such terms.
      --whole-word              Export: only the terms that match whole words.
      --key-file F              Read the key from F (default: $CREDENTIALS_DIRECTORY/redactfs.key,
                                then ~/.config/redactfs/key).
      --terms-file F            Use the term file F (default: ~/.config/redactfs/terms).
      --config F                Read key-file and terms-file from F instead of
                                ~/.config/redactfs/config (redactfs.conf(5)).
    """

    enum Action: Equatable {
        case add, list, remove([Int]), importFile(String), export
    }

    struct Options {
        var action: Action
        var substring = false
        var wholeWord = false
        var keyFile: String?
        var termsFile: String?
        var configFile: String?
    }

    /// The largest input read for add or import.
    static let maxInput = 1 << 24

    static func main(_ args: [String]) -> ExitCode {
        runSubcommand(args, help: help) { () throws(UsageError) in run(try parse(args)) }
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        guard let verb = args.first else { throw UsageError(message: "terms needs an action: add, list, remove, import or export", usage: usage) }
        var c = ArgumentCursor(Array(args.dropFirst()), usage: usage)
        var substring = false
        var wholeWord = false
        var keyFile: String?
        var termsFile: String?
        var configFile: String?
        var positionals: [String] = []
        while let a = c.next() {
            switch a {
            case "--substring": substring = true
            case "--whole-word": wholeWord = true
            case "--key-file": keyFile = try c.value(for: a)
            case "--terms-file": termsFile = try c.value(for: a)
            case "--config": configFile = try c.value(for: a)
            default:
                if a.hasPrefix("-") && a.count > 1 {
                    // Name the option only if it looks like one: a mistyped
                    // term must not be echoed.
                    let looksLikeOption = a.count <= 32 && a.utf8.allSatisfy {
                        ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
                    }
                    throw UsageError(message: looksLikeOption ? "unknown option '\(a)'" : "unknown option", usage: usage)
                }
                positionals.append(a)
            }
        }
        let action: Action
        switch verb {
        case "add":
            guard positionals.isEmpty else {
                throw UsageError(message: "terms add reads terms from standard input or a prompt, never from the command line (shell history and 'ps' would show them)", usage: usage)
            }
            action = .add
        case "list":
            guard positionals.isEmpty else { throw UsageError(message: "terms list takes no arguments", usage: usage) }
            action = .list
        case "remove":
            guard !positionals.isEmpty else { throw UsageError(message: "terms remove needs the numbers shown by 'redactfs terms list'", usage: usage) }
            var numbers: [Int] = []
            for p in positionals {
                guard let n = Int(p), n >= 1 else {
                    throw UsageError(message: "terms remove takes only term numbers (whole numbers from 'redactfs terms list')", usage: usage)
                }
                numbers.append(n)
            }
            action = .remove(numbers)
        case "import":
            guard positionals.count == 1 else { throw UsageError(message: "terms import needs one FILE", usage: usage) }
            action = .importFile(positionals[0])
        case "export":
            guard positionals.isEmpty else { throw UsageError(message: "terms export takes no arguments", usage: usage) }
            action = .export
        default:
            throw UsageError(message: "unknown terms action; use add, list, remove, import or export", usage: usage)
        }
        switch action {
        case .add, .importFile:
            if wholeWord { throw UsageError(message: "--whole-word is the default for add and import; it selects terms only for export", usage: usage) }
        case .export:
            if substring && wholeWord { throw UsageError(message: "--substring and --whole-word together select nothing; give one or neither", usage: usage) }
        case .list, .remove:
            if substring || wholeWord { throw UsageError(message: "--substring and --whole-word are for add, import and export", usage: usage) }
        }
        return Options(action: action, substring: substring, wholeWord: wholeWord, keyFile: keyFile, termsFile: termsFile,
                       configFile: configFile)
    }

    static func run(_ o: Options) -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let env = ConfigPaths.processEnvironment()
        // The key and term file the other commands use: flag, config file, default.
        let setup: TermsSetup
        do throws(UsageError) {
            setup = try TermsSetup(keyFile: o.keyFile, termsFile: o.termsFile, configFile: o.configFile)
        } catch {
            return reportUsage(error)
        }
        let store = TermStore(path: setup.termsPath)

        // A list to a pipe or a file outlives the review: refuse before
        // touching the key.
        if o.action == .list && isatty(1) != 1 {
            printErr("Error: 'terms list' prints only to a terminal; 'redactfs terms export' writes the terms to a pipe or file")
            return .usage
        }

        guard let location = setup.keyLocation else {
            printErr("""
            Error: no key found (looked for $CREDENTIALS_DIRECTORY/redactfs.key and \(ConfigPaths.defaultKey(environment: env))).
            Create one with 'redactfs init', or name it with --key-file.
            """)
            return .noInput
        }
        let key: SecretKey
        do throws(KeyError) { key = try SecretKey.load(location) } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }

        switch o.action {
        case .add:
            let input: [UInt8]
            switch isatty(0) == 1 ? readFromPrompt() : readAll(fd: 0, what: "standard input") {
            case .success(let bytes): input = bytes
            case .failure(let code): return code
            }
            return add(input, substring: o.substring, to: store, key: key, source: "standard input")
        case .importFile(let path):
            let input: [UInt8]
            switch readFile(path) {
            case .success(let bytes): input = bytes
            case .failure(let code): return code
            }
            let code = add(input, substring: o.substring, to: store, key: key, source: path)
            if code == .success {
                printErr("\(path) still holds the terms in plain text; delete it if it is not needed (shred -u \(path)).")
            }
            return code
        case .list:
            return list(store, key: key)
        case .remove(let numbers):
            return remove(numbers, from: store, key: key)
        case .export:
            return export(store, key: key, only: o.substring ? true : (o.wholeWord ? false : nil))
        }
    }

    // MARK: Actions

    static func add(_ input: [UInt8], substring: Bool, to store: TermStore, key: SecretKey, source: String) -> ExitCode {
        var input = input
        defer { wipe(&input) }
        let terms: [Term]
        do throws(TermInputError) {
            terms = try Term.parseLines(input, substring: substring)
        } catch {
            printErr("Error: \(source): \(error.message); nothing was added")
            return .dataError
        }
        if terms.isEmpty {
            printErr("No terms given; the list is unchanged.")
            return .success
        }
        var result = TermMerge()
        do throws(TermStoreError) {
            try store.modify(key: key) { list in result = list.merge(terms) }
        } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        var parts = ["added \(result.added) term(s)"]
        if result.duplicates > 0 { parts.append("\(result.duplicates) already in the list") }
        if result.widened > 0 { parts.append("\(result.widened) now also matched inside words") }
        printErr(parts.joined(separator: ", ") + ".")
        return .success
    }

    static func list(_ store: TermStore, key: SecretKey) -> ExitCode {
        let terms: [Term]
        do throws(TermStoreError) { terms = try store.load(key: key) } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        if terms.isEmpty {
            printErr("The term list is empty. Add terms with 'redactfs terms add'.")
            return .success
        }
        let width = String(terms.count).count
        var out = ""
        for (i, t) in terms.enumerated() {
            let n = String(i + 1)
            out += String(repeating: " ", count: width - n.count) + n
            out += t.substring ? "  substring   " : "  whole word  "
            out += t.text + "\n"
        }
        printOut(out)
        return .success
    }

    static func remove(_ numbers: [Int], from store: TermStore, key: SecretKey) -> ExitCode {
        var listCount = 0
        var removed = 0
        do throws(TermStoreError) {
            try store.modify(key: key) { list in
                listCount = list.count
                // All or nothing: one bad number changes nothing.
                guard numbers.allSatisfy({ $0 <= list.count }) else { return }
                let drop = Set(numbers.map { $0 - 1 })
                list = list.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
                removed = drop.count
            }
        } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        if let bad = numbers.first(where: { $0 > listCount }) {
            printErr("Error: there is no term \(bad); the list has \(listCount). Nothing was removed. See 'redactfs terms list'.")
            return .usage
        }
        printErr("removed \(removed) term(s); \(listCount - removed) left.")
        return .success
    }

    static func export(_ store: TermStore, key: SecretKey, only substring: Bool?) -> ExitCode {
        let terms: [Term]
        do throws(TermStoreError) { terms = try store.load(key: key) } catch {
            printErr("Error: \(error.message)")
            return ExitCode(error)
        }
        var bytes: [UInt8] = []
        for t in terms where substring == nil || t.substring == substring {
            bytes += t.text.utf8
            bytes.append(10)
        }
        defer { wipe(&bytes) }
        do { try FileDescriptor(owning: dup(1)).writeAll(bytes) } catch {
            printErr("Error: cannot write to standard output: \(error)")
            return .ioError
        }
        return .success
    }

    // MARK: Input

    /// Reads one term per line from the terminal with echo off (newlines
    /// still shown), until an empty line or end of input. The terminal is
    /// restored on every way out, signals included.
    static func readFromPrompt() -> Result<[UInt8], ExitCode> {
        printErrRaw("Enter terms to always redact, one per line. They are not shown as you type.\nAn empty line or Ctrl-D ends.\n")
        guard NoEcho.begin() else {
            printErr("Error: cannot turn off echo on the terminal: \(Errno.current)")
            return .failure(.ioError)
        }
        defer { NoEcho.end() }
        var all: [UInt8] = []
        var line: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        defer { wipe(&buf); wipe(&line) }
        printErrRaw("term: ")
        reading: while true {
            let n = buf.withUnsafeMutableBytes { p in retryOnInterrupt { read(0, p.baseAddress, p.count) } }
            switch n {
            case .failure(let e):
                wipe(&all)
                printErr("\nError: cannot read the terminal: \(e)")
                return .failure(.ioError)
            case .success(0):
                // Ctrl-D: a line typed before it still counts.
                printErrRaw("\n")
                all += line
                break reading
            case .success(let count):
                for b in buf[0..<count] {
                    if b == 10 {
                        if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { break reading }
                        all += line
                        all.append(10)
                        wipe(&line)
                        line.removeAll(keepingCapacity: true)
                        printErrRaw("term: ")
                    } else {
                        line.append(b)
                    }
                }
                guard all.count + line.count <= maxInput else {
                    wipe(&all)
                    printErr("\nError: more than \(maxInput) bytes of terms; nothing was added")
                    return .failure(.dataError)
                }
            }
        }
        return .success(all)
    }

    static func readAll(fd: Int32, what: String) -> Result<[UInt8], ExitCode> {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        defer { wipe(&buf) }
        while true {
            let r = buf.withUnsafeMutableBytes { p in retryOnInterrupt { read(fd, p.baseAddress, p.count) } }
            switch r {
            case .failure(let e):
                wipe(&out)
                printErr("Error: cannot read \(what): \(e)")
                return .failure(.ioError)
            case .success(0):
                return .success(out)
            case .success(let n):
                guard out.count + n <= maxInput else {
                    wipe(&out)
                    printErr("Error: \(what) holds more than \(maxInput) bytes; that is not a term list")
                    return .failure(.dataError)
                }
                out += buf[0..<n]
            }
        }
    }

    static func readFile(_ path: String) -> Result<[UInt8], ExitCode> {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, flags: O_RDONLY)
            guard try fd.status().isRegular else {
                printErr("Error: \(path) is not a regular file")
                return .failure(.noInput)
            }
        } catch {
            printErr("Error: cannot open \(path): \(error)")
            return .failure(.noInput)
        }
        return readAll(fd: fd.rawValue, what: path)
    }
}

/// Echo off on the terminal at standard input, restored by `end()` or by
/// the signal handlers if the process is interrupted, stopped or killed
/// with a catchable signal. (tcgetattr, tcsetattr, signal)
enum NoEcho {
    // Written only before the handlers are installed and after they are
    // removed; the handlers only read them.
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var quiet = termios()
    nonisolated(unsafe) static var active = false
    static let fatalSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    static func begin() -> Bool {
        guard tcgetattr(0, &saved) == 0 else { return false }
        quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        _ = active   // initialize the globals before a handler can run
        for s in fatalSignals { signal(s, onFatalSignal) }
        signal(SIGTSTP, onStop)
        guard tcsetattr(0, TCSAFLUSH, &quiet) == 0 else {
            end()
            return false
        }
        active = true
        return true
    }

    static func end() {
        if active { _ = tcsetattr(0, TCSAFLUSH, &saved) }
        active = false
        for s in fatalSignals { signal(s, SIG_DFL) }
        signal(SIGTSTP, SIG_DFL)
    }
}

/// Restores the terminal, then dies of the same signal.
private func onFatalSignal(_ sig: Int32) {
    if NoEcho.active { _ = tcsetattr(0, TCSANOW, &NoEcho.saved) }
    signal(sig, SIG_DFL)
    raise(sig)
}

/// Restores the terminal, stops, and turns echo off again when continued.
private func onStop(_ sig: Int32) {
    if NoEcho.active { _ = tcsetattr(0, TCSANOW, &NoEcho.saved) }
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    // Continued.
    signal(SIGTSTP, onStop)
    if NoEcho.active { _ = tcsetattr(0, TCSANOW, &NoEcho.quiet) }
}
