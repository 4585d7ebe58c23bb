#if canImport(Glibc)
import Glibc
#endif
import Office
import RedactCore

/// One setting that a config file line, a command-line flag and (for the
/// mount) an `-o` option all set. The key is the config file's name for it
/// and the long flag without its dashes; `-o` spells it with underscores.
public enum ConfigKey: String, CaseIterable, Sendable {
    case dpi
    case region
    case ocrLanguages = "ocr-languages"
    case disable
    case jobs
    case cacheSize = "cache-size"
    case diskCache = "disk-cache"
    case diskCacheSize = "disk-cache-size"
    case deadline
    case prefetch
    case keyFile = "key-file"
    case termsFile = "terms-file"
    /// LibreOffice's start program for office documents (config file only).
    case soffice
    /// LibreOffice's time for one conversion (config file only).
    case officeTimeout = "office-timeout"

    /// A yes/no setting: `--disk-cache` / `--no-disk-cache` on the command
    /// line, `-o disk_cache` / `-o nodisk_cache`, `disk-cache = yes` in a file.
    public var isSwitch: Bool { self == .diskCache || self == .prefetch }

    /// Read by the mount only. Other subcommands refuse it as a flag and
    /// skip it in the config file (one file serves the mount and `redact`).
    public var mountOnly: Bool {
        switch self {
        case .cacheSize, .diskCache, .diskCacheSize, .deadline, .prefetch: return true
        default: return false
        }
    }

    /// Whether a flag sets it; `region` and `disable` are set in the file only.
    public var hasFlag: Bool { ![.region, .disable, .soffice, .officeTimeout].contains(self) }

    /// The long flag: `--cache-size`.
    public var flag: String { "--" + rawValue }

    /// The `-o` name: `cache_size`.
    public var dashO: String { String(rawValue.map { $0 == "-" ? "_" : $0 }) }
}

/// A value refused by `Configuration.set`: what it must be, to follow the
/// name it was given by ("--dpi must be a number from 36 to 600").
public struct ConfigValueError: Error, Equatable, Sendable {
    public var requirement: String
    public init(_ requirement: String) { self.requirement = requirement }
}

/// Every setting a command reads, with its default. Filled in one order:
/// defaults, then the config file (`ConfigFile.apply`), then the command
/// line, each value through `set`, the only place values are checked.
public struct Configuration: Sendable, Equatable {
    /// What changes an output's bytes (dpi, region, categories, languages).
    public var render = RenderSettings()
    /// Worker processes at once; nil: the pool's default (one per core).
    public var jobs: Int?
    /// The key and the term file; nil: the default places.
    public var keyFile: String?
    public var termsFile: String?
    /// The mount's output cache, in bytes.
    public var cacheBytes = 256 << 20
    /// The sealed on-disk cache, and its budget in bytes.
    public var diskCache = false
    public var diskCacheBytes = 1 << 30
    /// Render a folder's files when it is listed.
    public var prefetch = false
    /// How long an open waits for its output.
    public var deadlineSeconds = 120.0
    /// The soffice office documents are converted with; nil: the first on
    /// PATH; "none": office documents are never shown.
    public var soffice: String?
    /// How long one LibreOffice conversion may take (`Limits.officeSeconds`).
    public var officeSeconds = Limits().officeSeconds
    public static let maxOfficeSeconds = 3600.0

    public static let jobsRange = 1...64
    public static let maxDeadlineSeconds = 86_400.0

    public init() {}

    /// Sets `key` from its text. A switch takes yes/no (true/false, on/off).
    public mutating func set(_ key: ConfigKey, _ value: String) throws(ConfigValueError) {
        switch key {
        case .dpi:
            guard let d = Int(value), RenderSettings.dpiRange.contains(d) else {
                throw ConfigValueError("must be a number from \(RenderSettings.dpiRange.lowerBound) to \(RenderSettings.dpiRange.upperBound)")
            }
            render.dpi = d
        case .region:
            guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw ConfigValueError("must be a two-letter country code")
            }
            render.region = value.uppercased()
        case .ocrLanguages:
            guard OCRLanguages.isValid(value) else {
                throw ConfigValueError("must be tesseract codes joined by '+', e.g. eng+deu+fra")
            }
            render.ocrLanguages = value
        case .disable:
            var categories = render.categories
            for name in value.split(separator: ",") {
                let c = name.trimmingCharacters(in: " \t")
                if let tier = Tier(rawValue: c) {
                    categories.subtract(tier.categories)
                } else if let cat = Category(rawValue: c) {
                    categories.remove(cat)
                } else {
                    throw ConfigValueError("takes category and tier names; '\(c)' is neither")
                }
            }
            render.categories = categories
        case .jobs:
            guard let n = Int(value), Self.jobsRange.contains(n) else {
                throw ConfigValueError("must be a number from \(Self.jobsRange.lowerBound) to \(Self.jobsRange.upperBound)")
            }
            jobs = n
        case .cacheSize: cacheBytes = try Self.size(value)
        case .diskCacheSize: diskCacheBytes = try Self.size(value)
        case .diskCache: diskCache = try Self.yesNo(value)
        case .prefetch: prefetch = try Self.yesNo(value)
        case .deadline:
            guard let s = Double(value), s > 0, s <= Self.maxDeadlineSeconds else {
                throw ConfigValueError("must be a number of seconds greater than 0 (at most 86400)")
            }
            deadlineSeconds = s
        case .soffice:
            guard !value.isEmpty else { throw ConfigValueError("must be a path, or none") }
            soffice = value
        case .officeTimeout:
            guard let s = Double(value), s > 0, s <= Self.maxOfficeSeconds else {
                throw ConfigValueError("must be a number of seconds greater than 0 (at most 3600)")
            }
            officeSeconds = s
        case .keyFile, .termsFile:
            guard !value.isEmpty else { throw ConfigValueError("must be a path") }
            if key == .keyFile { keyFile = value } else { termsFile = value }
        }
    }

    /// Bytes: a number with an optional K, M or G (powers of 1024; "KiB",
    /// "MB" … also accepted).
    static func size(_ text: String) throws(ConfigValueError) -> Int {
        var t = text.uppercased()
        for suffix in ["IB", "B"] where t.hasSuffix(suffix) && t.count > suffix.count {
            t.removeLast(suffix.count)
            break
        }
        var shift = 0
        switch t.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: break
        }
        if shift > 0 { t.removeLast() }
        guard let n = Int(t), n >= 0, n <= (1 << 50) >> shift else {
            throw ConfigValueError("must be a size such as 512M or 2G")
        }
        return n << shift
    }

    static func yesNo(_ text: String) throws(ConfigValueError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "on": return true
        case "no", "false", "off": return false
        default: throw ConfigValueError("must be yes or no")
        }
    }
}

/// The config file (redactfs.conf(5)): `key = value` lines; `#` starts a
/// comment; blank lines are skipped.
///
///     dpi = 150
///     region = DE
///     disable = url, ip, contact
///     ocr-languages = eng+deu+fra
///     cache-size = 1G
///     prefetch = yes
///
/// A later line wins over an earlier one, except `disable`, whose lines add
/// up. `disable` takes category names and tier names (`identifiers`,
/// `financial`, `contact`, `other`); a tier switches off all its categories.
/// Unknown keys and bad values are errors (a typo must not silently turn a
/// category back on or off).
public enum ConfigFile {
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// Where relative paths in the file point: `key-file = key` is next to
    /// the config file, `~/x` in `home`.
    public struct Paths: Sendable {
        public var directory: String
        public var home: String
        public init(directory: String, home: String) {
            self.directory = directory
            self.home = home
        }
    }

    /// The lines of `text` as settings, in order, each checked.
    public static func parse(_ text: String) throws(Problem) -> [(line: Int, key: ConfigKey, value: String)] {
        var out: [(line: Int, key: ConfigKey, value: String)] = []
        var scratch = Configuration()
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if trimmed.isEmpty { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw Problem(line: n + 1, message: "expected 'key = value'") }
            let name = parts[0].trimmingCharacters(in: " \t")
            let value = parts[1].trimmingCharacters(in: " \t")
            guard let key = ConfigKey(rawValue: name) else {
                throw Problem(line: n + 1, message: "unknown key '\(name)'" + (suggestion(for: name).map { " (did you mean '\($0)'?)" } ?? ""))
            }
            do { try scratch.set(key, value) } catch {
                throw Problem(line: n + 1, message: "\(name) \(error.requirement)")
            }
            out.append((n + 1, key, value))
        }
        return out
    }

    /// Applies the file's settings over `config`. Relative paths are made
    /// absolute with `paths` (nil: left as written).
    public static func apply(_ text: String, to config: inout Configuration, paths: Paths? = nil) throws(Problem) {
        for (line, key, value) in try parse(text) {
            var v = value
            if let paths, key == .keyFile || key == .termsFile || (key == .soffice && value != "none") {
                v = resolve(value, paths)
            }
            do { try config.set(key, v) } catch { throw Problem(line: line, message: "\(key.rawValue) \(error.requirement)") }
        }
    }

    /// The render settings of a file alone (the mount-only keys are checked
    /// and otherwise skipped).
    public static func apply(_ text: String, to settings: inout RenderSettings) throws(Problem) {
        var c = Configuration()
        c.render = settings
        try apply(text, to: &c)
        settings = c.render
    }

    static func resolve(_ path: String, _ paths: Paths) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" { return paths.home }
        if path.hasPrefix("~/") { return join(paths.home, String(path.dropFirst(2))) }
        return join(paths.directory, path)
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// A key that a flag or `-o` spelling of it was probably meant as.
    static func suggestion(for name: String) -> String? {
        var n = name
        while n.hasPrefix("-") { n.removeFirst() }
        n = String(n.map { $0 == "_" ? "-" : $0 })
        if n.hasPrefix("no-"), let k = ConfigKey(rawValue: String(n.dropFirst(3))), k.isSwitch { return k.rawValue }
        if let k = ConfigKey(rawValue: n), n != name { return k.rawValue }
        return nil
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s.removeFirst() }
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}

extension Configuration {
    /// The soffice office documents are converted with: the configured one
    /// when it can be run, else (none configured) the first on PATH; nil:
    /// office documents are not shown.
    public var sofficePath: String? {
        switch soffice {
        case "none": return nil
        case let path?: return access(path, X_OK) == 0 ? path : nil
        case nil: return OfficeConverter.findSoffice()
        }
    }

    /// The limits, with the configured conversion time.
    public var limits: Limits {
        var l = Limits()
        l.officeSeconds = officeSeconds
        return l
    }
}
