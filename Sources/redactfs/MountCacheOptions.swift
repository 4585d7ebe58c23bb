#if canImport(Glibc)
import Glibc
#endif
import FuseFS
import Posix
import Secrets

/// The mount's cache, prefetch and deadline options, as given.
struct MountCacheFlags {
    var memoryBytes = 256 << 20
    var disk = false
    var diskBytes = 1 << 30
    var prefetch = false
    var deadlineSeconds = 120.0

    /// `--cache-size N`, `--disk-cache`, ... on the command line; false if
    /// `arg` is not one of them.
    mutating func parse(_ arg: String, _ c: inout ArgumentCursor) throws(UsageError) -> Bool {
        switch arg {
        case "--cache-size": memoryBytes = try Self.size(try c.value(for: arg), arg)
        case "--disk-cache": disk = true
        case "--no-disk-cache": disk = false
        case "--disk-cache-size": diskBytes = try Self.size(try c.value(for: arg), arg)
        case "--prefetch": prefetch = true
        case "--no-prefetch": prefetch = false
        case "--deadline": deadlineSeconds = try Self.seconds(try c.value(for: arg), arg)
        default: return false
        }
        return true
    }

    /// The `-o` forms (cache_size=N, disk_cache, disk_cache_size=N,
    /// prefetch, noprefetch, deadline=S); false if `key` is not one of them.
    mutating func parseDashO(_ key: String, _ value: String?) throws(UsageError) -> Bool {
        func need() throws(UsageError) -> String {
            guard let v = value, !v.isEmpty else { throw UsageError(message: "-o \(key) needs a value", usage: Usage.mount) }
            return v
        }
        switch key.replacingDashes() {
        case "cache_size": memoryBytes = try Self.size(try need(), "-o cache_size")
        case "disk_cache": disk = true
        case "nodisk_cache", "no_disk_cache": disk = false
        case "disk_cache_size": diskBytes = try Self.size(try need(), "-o disk_cache_size")
        case "prefetch": prefetch = true
        case "noprefetch", "no_prefetch": prefetch = false
        case "deadline": deadlineSeconds = try Self.seconds(try need(), "-o deadline")
        default: return false
        }
        return true
    }

    /// Bytes: a number with an optional K, M or G (powers of 1024; "KiB",
    /// "MB" … also accepted).
    static func size(_ text: String, _ option: String) throws(UsageError) -> Int {
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
            throw UsageError(message: "\(option) must be a size such as 512M or 2G", usage: Usage.mount)
        }
        return n << shift
    }

    static func seconds(_ text: String, _ option: String) throws(UsageError) -> Double {
        guard let s = Double(text), s > 0, s <= 86_400 else {
            throw UsageError(message: "\(option) must be a number of seconds greater than 0", usage: Usage.mount)
        }
        return s
    }

    /// The options for the file system. Opens the disk cache (with the
    /// user's key) when asked for; a message says why it cannot be.
    func options(setup: TermsSetup) -> Result<CacheOptions, TermsFailure> {
        var o = CacheOptions()
        o.memoryBytes = memoryBytes
        o.prefetch = prefetch
        o.deadlineSeconds = deadlineSeconds
        guard disk else { return .success(o) }
        guard let loc = setup.keyLocation else {
            return .failure(TermsFailure(message: "--disk-cache seals its entries with your key, and there is none (run 'redactfs init' or pass --key-file)"))
        }
        let key: SecretKey
        do { key = try SecretKey.load(loc) } catch { return .failure(TermsFailure(message: error.message)) }
        let path = DiskCache.defaultPath(environment: ConfigPaths.processEnvironment())
        do {
            o.disk = try DiskCache(path: path, key: key, budget: diskBytes)
        } catch {
            switch error {
            case .directory(let p, let e): return .failure(TermsFailure(message: "cannot use the disk cache folder \(p): \(e)"))
            case .notPrivate(let p): return .failure(TermsFailure(message: "the disk cache folder \(p) belongs to another user"))
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

private extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}

extension MountCacheFlags {
    /// For the "mounted" log line.
    var summary: String {
        "cache \(memoryBytes >> 20) MiB, disk cache " + (disk ? "\(diskBytes >> 20) MiB" : "off")
            + ", prefetch " + (prefetch ? "on" : "off") + ", deadline \(deadlineSeconds) s"
    }
}
