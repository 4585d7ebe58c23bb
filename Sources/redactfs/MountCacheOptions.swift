#if canImport(Glibc)
import Glibc
#endif
import FuseFS
import Pipeline
import Posix
import Secrets

/// The mount's cache, prefetch and deadline settings in effect: defaults,
/// then the config file, then the flags and `-o` options, as
/// `CommonOptions.configuration()` resolves every setting. The flags are
/// parsed with the others (`ArgumentCursor.mountSetting`,
/// `MountCommand.parseDashO`) and checked in one place, `Configuration.set`.
struct MountCacheFlags {
    var config = Configuration()

    init() {}

    /// The settings of `common`, with the config file read (a problem in it
    /// is a `UsageError` with code 78).
    init(_ common: CommonOptions) throws(UsageError) {
        config = try common.configuration()
    }

    var memoryBytes: Int { config.cacheBytes }
    var disk: Bool { config.diskCache }
    var diskBytes: Int { config.diskCacheBytes }
    var prefetch: Bool { config.prefetch }
    var deadlineSeconds: Double { config.deadlineSeconds }

    /// The options for the file system. Opens the disk cache (with the
    /// user's key) when asked for; a message says why it cannot be.
    func options(setup: TermsSetup) -> Result<CacheOptions, TermsFailure> {
        var o = CacheOptions()
        o.memoryBytes = memoryBytes
        o.prefetch = prefetch
        o.deadlineSeconds = deadlineSeconds
        guard disk else { return .success(o) }
        guard setup.keyLocation != nil else {
            return .failure(TermsFailure(message: "--disk-cache seals its entries with your key, and there is none (run 'redactfs init' or pass --key-file)",
                                         code: .noInput))
        }
        let key: SecretKey
        switch setup.loadKey() {
        case .success(let k): key = k
        case .failure(let f): return .failure(f)
        }
        let path = DiskCache.defaultPath(environment: ConfigPaths.processEnvironment())
        do {
            o.disk = try DiskCache(path: path, key: key, budget: diskBytes)
        } catch {
            switch error {
            case .directory(let p, let e):
                return .failure(TermsFailure(message: "cannot use the disk cache folder \(p): \(e)", code: .cannotCreate))
            case .notPrivate(let p):
                return .failure(TermsFailure(message: "the disk cache folder \(p) belongs to another user", code: .cannotCreate))
            }
        }
        return .success(o)
    }
}

/// A digest of the loaded terms, for the output identity: outputs made
/// with other terms are never served from the disk cache. Kept in memory
/// only (and only inside further digests).
func termsIdentity(_ terms: [Term]) -> [UInt8] {
    var bytes: [UInt8] = []
    for t in terms.map({ ($0.substring ? "s" : "w") + $0.text }).sorted() {
        let u = Array(t.utf8)
        withUnsafeBytes(of: UInt64(u.count).littleEndian) { bytes += $0 }
        bytes += u
    }
    defer { wipe(&bytes) }
    return Digest.sha256(bytes)
}

/// The `-o` options redactfs hands to libfuse (3.14's `fuse_new` and
/// mount options), each with the form of its value. Anything else is
/// refused before mounting (64), not by libfuse after we started; libfuse
/// still has the last word on a combination it refuses (then 69).
enum FuseOptionCheck {
    enum Form { case flag, octal, number, seconds, text }

    static let known: [String: Form] = [
        "allow_other": .flag, "allow_root": .flag, "auto_unmount": .flag, "default_permissions": .flag,
        "kernel_cache": .flag, "auto_cache": .flag, "noauto_cache": .flag, "noforget": .flag,
        "dirsync": .flag, "nodiratime": .flag, "nostrictatime": .flag,
        "umask": .octal, "uid": .number, "gid": .number, "remember": .number,
        "max_read": .number, "blksize": .number,
        "entry_timeout": .seconds, "attr_timeout": .seconds, "ac_attr_timeout": .seconds, "negative_timeout": .seconds,
        "context": .text, "fscontext": .text, "defcontext": .text, "rootcontext": .text,
    ]

    /// nil if libfuse takes `key[=value]`, else why not.
    static func problem(_ key: String, _ value: String?) -> String? {
        if key == "fsname" || key == "subtype" || key == "modules" {
            return "-o \(key) is set by redactfs (fsname is the source, subtype redactfs) and cannot be given"
        }
        guard let form = known[key] else { return "unknown -o option '\(key)'" }
        switch form {
        case .flag:
            return value == nil ? nil : "-o \(key) takes no value"
        case .octal:
            guard let v = value, let n = UInt32(v, radix: 8), n <= 0o777 else { return "-o \(key) must be an octal mode such as 022" }
        case .number:
            guard let v = value, UInt32(v) != nil else { return "-o \(key) must be a whole number" }
        case .seconds:
            guard let v = value, let d = Double(v), d >= 0, d.isFinite else { return "-o \(key) must be a number of seconds" }
        case .text:
            guard let v = value, !v.isEmpty else { return "-o \(key) needs a value" }
        }
        return nil
    }
}

extension MountCacheFlags {
    /// For the "mounted" log line.
    var summary: String {
        "cache \(memoryBytes >> 20) MiB, disk cache " + (disk ? "\(diskBytes >> 20) MiB" : "off")
            + ", prefetch " + (prefetch ? "on" : "off") + ", deadline \(deadlineSeconds) s"
    }
}
