#if canImport(Glibc)
import Glibc
#endif
import Pipeline

/// A usage error: printed with the usage line, exit 64.
struct UsageError: Error {
    var message: String
    var usage: String
}

/// Options shared by mount, redact and scan.
struct CommonOptions {
    var dpi: Int?
    var configFile: String?
    var keyFile: String?
    var termsFile: String?
    var ocrLanguages: String?
    var jobs: Int?

    /// Builds the render settings: defaults, then the config file, then
    /// the command line.
    func settings(usage: String) throws(UsageError) -> RenderSettings {
        var s = RenderSettings()
        if let path = configFile {
            guard let text = readTextFile(path) else {
                throw UsageError(message: "cannot read the config file \(path)", usage: usage)
            }
            do { try ConfigFile.apply(text, to: &s) } catch {
                throw UsageError(message: "\(path):\(error.line): \(error.message)", usage: usage)
            }
        }
        if let d = dpi { s.dpi = d }
        if let l = ocrLanguages { s.ocrLanguages = l }
        if let problem = OCRLanguages.problem(s.ocrLanguages) {
            throw UsageError(message: problem, usage: usage)
        }
        // Worker slots are process-wide (shared by every document).
        if let j = jobs { WorkerPool.shared.setSlots(j) }
        return s
    }
}

/// Prints a usage error the one way every subcommand does; exit 64.
func reportUsage(_ error: UsageError) -> ExitCode {
    printErr("Error: \(error.message)\n\n\(error.usage)\n\nSee 'redactfs --help'.")
    return .usage
}

/// `--help` handling and usage errors around a subcommand's parse and run.
func runSubcommand(_ args: [String], help: String, _ body: () throws(UsageError) -> ExitCode) -> ExitCode {
    if args.contains("--help") || args.contains("-h") {
        printOut(help)
        return .success
    }
    do throws(UsageError) {
        return try body()
    } catch {
        return reportUsage(error)
    }
}

/// Walks an argument list: options with values, flags, positionals.
struct ArgumentCursor {
    var args: [String]
    var i = 0
    let usage: String

    init(_ args: [String], usage: String) {
        self.args = args
        self.usage = usage
    }

    mutating func next() -> String? {
        guard i < args.count else { return nil }
        defer { i += 1 }
        return args[i]
    }

    /// The next argument, left in place.
    func peek() -> String? { i < args.count ? args[i] : nil }

    mutating func value(for option: String) throws(UsageError) -> String {
        guard let v = next() else { throw UsageError(message: "\(option) needs a value", usage: usage) }
        return v
    }

    mutating func dpi(for option: String) throws(UsageError) -> Int {
        let v = try value(for: option)
        guard let d = Int(v), RenderSettings.dpiRange.contains(d) else {
            throw UsageError(message: "\(option) must be a number from 36 to 600", usage: usage)
        }
        return d
    }

    func jobs(for option: String, _ v: String) throws(UsageError) -> Int {
        guard let n = Int(v), (1...64).contains(n) else {
            throw UsageError(message: "\(option) must be a number from 1 to 64", usage: usage)
        }
        return n
    }

    /// Handles an option common to all subcommands; false if it is not one.
    mutating func common(_ arg: String, into o: inout CommonOptions) throws(UsageError) -> Bool {
        switch arg {
        case "--dpi": o.dpi = try dpi(for: arg)
        case "--config": o.configFile = try value(for: arg)
        case "--key-file": o.keyFile = try value(for: arg)
        case "--terms-file": o.termsFile = try value(for: arg)
        case "--ocr-languages": o.ocrLanguages = try value(for: arg)
        case "--jobs": o.jobs = try jobs(for: arg, try value(for: arg))
        default: return false
        }
        return true
    }
}

func readTextFile(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n == 0 { break }
        out.append(contentsOf: buf[0..<n])
        if out.count > 1 << 20 { return nil }
    }
    return String(decoding: out, as: UTF8.self)
}

func printErr(_ s: String) {
    var bytes = Array((s.hasSuffix("\n") ? s : s + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func printOut(_ s: String) {
    var bytes = Array((s.hasSuffix("\n") ? s : s + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}
