#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Posix
import Secrets
import Synchronization

/// Finished outputs on disk, sealed with the user's key, so a remount (or
/// a reboot) does not render everything again.
///
/// - Format: each entry is a sealed file (`redactfs-terms(5)` format, kind
///   3 "cache entry") whose plaintext is "RDFSOUT1", the 32-byte output
///   identity, then the output. The identity inside is checked, so an entry
///   copied or renamed to another entry's name is refused, as is anything
///   changed, truncated or sealed with another key (GCM).
/// - Names: 64 hex digits of HMAC-SHA256 under a subkey derived from the
///   user's key, over the output identity: no path, name, size or time of a
///   source can be read from them, and without the key they cannot be
///   linked to a file.
/// - Writes: a temporary file in the same folder, fsync, rename, fsync of
///   the folder; a crash leaves the old state or the new one, never a torn
///   entry under a real name. Stale temporaries are removed at start.
/// - Size: at most `budget` bytes of entries; after each write the least
///   recently used (oldest mtime; a hit sets mtime) are removed.
///
/// Writes run on one background queue so an open never waits for fsync.
public final class DiskCache: Sendable {
    public let path: String
    public let budget: Int
    let directory: FileDescriptor
    let sealKey: SecretKey
    let nameKey: SecretKey
    private let writes = DispatchQueue(label: "redactfs.diskcache")
    /// Bytes queued for writing; past `maxPending` new writes are skipped
    /// (the output is still served and cached in memory).
    private let pending = Mutex(0)
    private let maxPending = 64 << 20
    static let magic: [UInt8] = Array("RDFSOUT1".utf8)

    public enum SetupError: Error {
        case directory(String, Errno)
        case notPrivate(String)
    }

    /// Opens (creating it with mode 0700) the cache folder at `path`.
    public init(path: String, key: SecretKey, budget: Int) throws(SetupError) {
        try Self.makeDirectories(path)
        let st: FileStatus
        do {
            directory = try FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            st = try directory.status()
        } catch {
            throw .directory(path, error)
        }
        guard st.uid == getuid() else { throw .notPrivate(path) }
        // Entries are sealed, but their number, sizes and times are nobody else's business.
        if st.mode & 0o077 != 0 && fchmod(directory.rawValue, 0o700) != 0 { throw .directory(path, .current) }
        self.path = path
        self.budget = budget
        sealKey = key
        nameKey = key.derived("disk cache names v1")
        removeStaleTemporaries()
    }

    /// `$XDG_CACHE_HOME/redactfs` if that is absolute, else `$HOME/.cache/redactfs`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") {
            return (x.hasSuffix("/") ? x : x + "/") + "redactfs"
        }
        var home = environment["HOME"] ?? ""
        if !home.hasPrefix("/"), let pw = getpwuid(getuid()), let d = pw.pointee.pw_dir { home = String(cString: d) }
        return (home.hasSuffix("/") ? home : home + "/") + ".cache/redactfs"
    }

    private static func makeDirectories(_ path: String) throws(SetupError) {
        var prefix = ""
        for c in path.split(separator: "/") {
            prefix += "/" + c
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST { throw .directory(prefix, .current) }
        }
    }

    /// The file name of an entry.
    func name(for id: OutputIdentity) -> String {
        nameKey.authenticate(id.digest).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    public enum Loaded {
        case miss
        case hit([UInt8])
        /// There was an entry, but it is not ours to serve (the reason names
        /// no content). It has been removed.
        case refused(String)
    }

    /// The entry for `id`, checked and opened.
    func load(_ id: OutputIdentity) -> Loaded {
        let name = name(for: id)
        let fd: FileDescriptor
        do { fd = try directory.openAt(name, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK) } catch {
            return .miss
        }
        let sealed: [UInt8]
        do {
            let st = try fd.status()
            guard st.isRegular, st.size <= Int64(budget) + Int64(Sealed.overhead + 40) else {
                return refuse(name, "not a regular file of a sensible size")
            }
            sealed = try fd.read(count: Int(st.size), at: 0)
        } catch {
            return .miss
        }
        let plain: SecureBytes
        do { plain = try Sealed.open(sealed, kind: .cacheEntry, key: sealKey) } catch {
            return refuse(name, error.message)
        }
        let head = Self.magic.count + id.digest.count
        let ok = plain.count >= head && plain.withUnsafeBytes { p in
            p.prefix(Self.magic.count).elementsEqual(Self.magic)
                && SecureBytes(copying: p[Self.magic.count..<head]).constantTimeEquals(id.digest)
        }
        guard ok else { return refuse(name, "belongs to another output") }
        // A hit is a use: the newest mtime is evicted last.
        _ = futimens(fd.rawValue, nil)
        return .hit(plain.withUnsafeBytes { Array($0[head...]) })
    }

    private func refuse(_ name: String, _ reason: String) -> Loaded {
        _ = unlinkat(directory.rawValue, name, 0)
        return .refused(reason)
    }

    /// Queues `bytes` to be sealed and written as the entry for `id`.
    func store(_ id: OutputIdentity, _ bytes: [UInt8], done: @escaping @Sendable (Bool) -> Void) {
        let size = bytes.count
        guard size + Sealed.overhead + 40 <= budget else { return }
        let queued = pending.withLock { p -> Bool in
            guard p + size <= maxPending else { return false }
            p += size
            return true
        }
        guard queued else {
            Log.info("disk cache: write skipped (\(maxPending >> 20) MiB already queued)")
            return
        }
        writes.async { [self] in
            let ok = write(id, bytes)
            pending.withLock { $0 -= size }
            done(ok)
        }
    }

    /// Waits for queued writes (at unmount).
    public func flush() {
        writes.sync {}
    }

    private func write(_ id: OutputIdentity, _ bytes: [UInt8]) -> Bool {
        let name = name(for: id)
        var plain = Self.magic + id.digest
        plain += bytes
        defer { wipe(&plain) }
        let sealed: [UInt8]
        do { sealed = try Sealed.seal(plain, kind: .cacheEntry, key: sealKey) } catch {
            Log.error("disk cache: sealing failed: \(error.message)")
            return false
        }
        do throws(Errno) {
            // The folder is listed at mount for crashed writers' temporaries
            // (removeStaleTemporaries), not on every write.
            try AtomicFile.write(sealed, named: name, in: directory, mode: 0o600, removingStale: false)
        } catch {
            Log.error("disk cache: write failed errno=\(error.rawValue)")
            return false
        }
        evict(keeping: name)
        return true
    }

    /// Removes least recently used entries until the folder is within the
    /// budget. Scans the folder each time: other mounts may share it.
    private func evict(keeping newest: String) {
        guard let names = try? directory.directoryEntries() else { return }
        var entries: [(name: String, size: Int64, mtime: (Int, Int))] = []
        var total: Int64 = 0
        for n in names where Self.isEntryName(n) {
            guard let st = try? directory.statusAt(n), st.isRegular else { continue }
            entries.append((n, st.size, (st.mtime.tv_sec, st.mtime.tv_nsec)))
            total += st.size
        }
        guard total > Int64(budget) else { return }
        entries.sort { $0.mtime < $1.mtime }
        var removed = 0
        for e in entries where total > Int64(budget) && e.name != newest {
            if unlinkat(directory.rawValue, e.name, 0) == 0 {
                total -= e.size
                removed += 1
            }
        }
        Log.info("disk cache: evicted \(removed) entries (budget \(budget >> 20) MiB)")
    }

    static func isEntryName(_ n: String) -> Bool {
        n.utf8.count == 64 && n.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// Temporaries of writers that crashed (older than a minute: another
    /// mount may be writing right now).
    private func removeStaleTemporaries() {
        guard let names = try? directory.directoryEntries() else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for n in names where AtomicFile.isTemporary(n) {
            if let st = try? directory.statusAt(n), st.mtime.tv_sec < now.tv_sec - 60 {
                _ = unlinkat(directory.rawValue, n, 0)
            }
        }
    }
}
