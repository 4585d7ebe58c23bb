#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import Secrets

/// An error found before anything runs: a bad command line (64, printed
/// with the usage line) or a bad config file (78, printed alone).
struct UsageError: Error {
    var message: String
    var usage: String
    var code: ExitCode = .usage

    /// A config file problem, "FILE:LINE: what" (EX_CONFIG).
    static func config(_ message: String) -> UsageError {
        UsageError(message: message, usage: "", code: .config)
    }
}

/// Options shared by mount, redact, scan, review and verify: the config
/// file to read, and the settings given on the command line.
struct CommonOptions {
    /// `--config F` (`-o config=F`): read instead of the default file.
    var configFile: String?
    /// Settings from flags and `-o`, in the order given, each checked as
    /// it was parsed (`Configuration.set`).
    var given: [GivenSetting] = []

    struct GivenSetting: Equatable {
        var key: ConfigKey
        var value: String
    }

    /// The one way settings are made: defaults, then the config file, then
    /// the command line. A process runs one command, so the file is read
    /// once: its settings, key and terms all come from the same reading.
    func configuration() throws(UsageError) -> Configuration {
        if let (options, config) = CommonOptions.resolved, options.configFile == configFile, options.given == given {
            return config
        }
        var config = Configuration()
        try ConfigFileLocation(explicit: configFile).apply(to: &config)
        for g in given {
            // Checked when parsed; a failure here is a bug, not the user's.
            do { try config.set(g.key, g.value) } catch { preconditionFailure("\(g.key.flag) passed its check once") }
        }
        CommonOptions.resolved = (self, config)
        return config
    }

    // Written on the main thread before any other starts (the command's
    // prologue), read after.
    nonisolated(unsafe) private static var resolved: (CommonOptions, Configuration)?

    /// The render settings (`configuration().render`), with the OCR
    /// languages' data checked and the worker slots set.
    func settings(usage: String) throws(UsageError) -> RenderSettings {
        let config = try configuration()
        if let problem = OCRLanguages.problem(config.render.ocrLanguages) {
            throw UsageError.config(problem)
        }
        // Worker slots are process-wide (shared by every document).
        if let j = config.jobs { WorkerPool.shared.setSlots(j) }
        return config.render
    }

    /// A setting from the command line, checked now so that a bad value is
    /// a usage error that names the flag (`--dpi must be …`).
    mutating func give(_ key: ConfigKey, _ value: String, as spelling: String, usage: String) throws(UsageError) {
        var scratch = Configuration()
        do { try scratch.set(key, value) } catch {
            throw UsageError(message: "\(spelling) \(error.requirement)", usage: usage)
        }
        given.append(GivenSetting(key: key, value: value))
    }
}

/// The config file a command reads: `--config F`, which must exist, else
/// `$XDG_CONFIG_HOME/redactfs/config` (`~/.config/redactfs/config`), read
/// when it exists. Relative paths in it are relative to its folder.
struct ConfigFileLocation {
    var path: String
    var explicit: Bool

    init(explicit: String?) {
        if let explicit {
            path = explicit
            self.explicit = true
        } else {
            path = ConfigPaths.configDirectory(environment: ConfigPaths.processEnvironment()) + "/config"
            self.explicit = false
        }
    }

    /// The largest config file read.
    static let maxBytes = 1 << 20

    func apply(to config: inout Configuration) throws(UsageError) {
        let bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK)
            let st = try fd.status()
            guard st.isRegular else { throw UsageError.config("the config file \(path) is not a regular file") }
            guard st.size <= Int64(Self.maxBytes) else {
                throw UsageError.config("the config file \(path) is larger than 1 MiB; it is not a redactfs config file")
            }
            bytes = try fd.read(count: Int(st.size), at: 0)
        } catch let e as Errno {
            if e == .noSuchFileOrDirectory && !explicit { return }
            throw UsageError.config("cannot read the config file \(path): \(e)")
        } catch let e as UsageError {
            throw e
        } catch {
            throw UsageError.config("cannot read the config file \(path): \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageError.config("\(path): not UTF-8 text")
        }
        let env = ConfigPaths.processEnvironment()
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let home = env["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
        do {
            try ConfigFile.apply(text, to: &config, paths: .init(directory: folder.isEmpty ? "/" : folder, home: home))
        } catch {
            throw UsageError.config("\(path):\(error.line): \(error.message)")
        }
    }
}

/// Prints a usage error the one way every subcommand does: exit 64, or 78
/// for a config file problem.
func reportUsage(_ error: UsageError) -> ExitCode {
    if error.code == .usage {
        printErr("Error: \(error.message)\n\n\(error.usage)\n\nSee 'redactfs --help'.")
    } else {
        printErr("Error: \(error.message)")
    }
    return error.code
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

    /// Handles an option common to all subcommands; false if it is not one.
    /// `--name=value` is taken as `--name value`.
    mutating func common(_ arg: String, into o: inout CommonOptions) throws(UsageError) -> Bool {
        try setting(arg, into: &o, mount: false)
    }

    /// Handles a mount-only setting (`--cache-size`, `--prefetch`, …);
    /// false if `arg` is not one.
    mutating func mountSetting(_ arg: String, into o: inout CommonOptions) throws(UsageError) -> Bool {
        try setting(arg, into: &o, mount: true)
    }

    private mutating func setting(_ arg: String, into o: inout CommonOptions, mount: Bool) throws(UsageError) -> Bool {
        guard arg.hasPrefix("--") else { return false }
        var name = String(arg.dropFirst(2))
        var inline: String?
        if let eq = name.firstIndex(of: "=") {
            inline = String(name[name.index(after: eq)...])
            name = String(name[..<eq])
        }
        if name == "config" && !mount {
            if let inline { o.configFile = inline } else { o.configFile = try value(for: arg) }
            guard o.configFile?.isEmpty == false else { throw UsageError(message: "--config needs a value", usage: usage) }
            return true
        }
        var negated = false
        var key = ConfigKey(rawValue: name)
        if key == nil, name.hasPrefix("no-"), let k = ConfigKey(rawValue: String(name.dropFirst(3))), k.isSwitch {
            key = k
            negated = true
        }
        guard let key, key.hasFlag, key.mountOnly == mount else { return false }
        let spelling = "--" + name
        if key.isSwitch {
            guard inline == nil else { throw UsageError(message: "\(spelling) takes no value", usage: usage) }
            try o.give(key, negated ? "no" : "yes", as: spelling, usage: usage)
        } else {
            let v: String
            if let inline { v = inline } else { v = try value(for: spelling) }
            try o.give(key, v, as: spelling, usage: usage)
        }
        return true
    }
}

func printErr(_ s: String) {
    var bytes = Array((s.hasSuffix("\n") ? s : s + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

func printOut(_ s: String) {
    var bytes = Array((s.hasSuffix("\n") ? s : s + "\n").utf8)
    _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
}
