#if canImport(Glibc)
import Glibc
#endif
import CFuse
import Pipeline
import Posix
import RedactCore
import Synchronization

/// The file system: answers FUSE calls from the source tree, the output
/// cache and the redactor. Shared by every libfuse thread; all mutable
/// state sits behind a `Mutex`.
public final class RedactFS: Sendable {
    let tree: SourceTree
    let cache: OutputCache

    /// What outputs are made with right now. Replaced as a whole when the
    /// terms change; `generation` is part of every cache key, and `since`
    /// is the earliest mtime outputs may show, so a change gives every
    /// output a new mtime and drops the kernel's cached pages.
    struct Current: Sendable {
        /// nil: fail closed (terms could not be loaded); every open gets EIO.
        var redactor: Redactor?
        var failure: String?
        var generation: UInt64
        var since: timespec
    }
    /// Guards: `current` only; read it once per call, never hold it across a render.
    private let current: Mutex<Current>

    /// Open files: handle → the bytes served through it. A handle keeps its
    /// bytes even if the cache drops them, so a reader never sees a mixture.
    /// Guards: `handles` only.
    private let handles = Mutex<(next: UInt64, open: [UInt64: [UInt8]])>((1, [:]))
    /// The generation of the bytes last served per output inode, to decide
    /// whether the kernel may keep its page cache at the next open.
    private let lastServed = Mutex<[UInt64: OutputKey]>([:])

    public init(source: String, redactor: Redactor, cacheBytes: Int) throws(Errno) {
        tree = try SourceTree(rootPath: source)
        cache = OutputCache(budget: cacheBytes)
        current = Mutex(Current(redactor: redactor, failure: nil, generation: 1, since: timespec()))
    }

    /// Serves from now on with `redactor` (new terms): every output changes.
    public func replaceRedactor(_ redactor: Redactor) {
        current.withLock { c in
            c = Current(redactor: redactor, failure: nil, generation: c.generation + 1, since: Self.wallClock())
        }
        cache.removeAll()
    }

    /// Fails closed: until the next `replaceRedactor`, every open gets EIO.
    public func failClosed(reason: String) {
        current.withLock { c in
            c = Current(redactor: nil, failure: reason, generation: c.generation + 1, since: Self.wallClock())
        }
        cache.removeAll()
    }

    static func wallClock() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return ts
    }

    static func later(_ a: timespec, _ b: timespec) -> timespec {
        (a.tv_sec, a.tv_nsec) >= (b.tv_sec, b.tv_nsec) ? a : b
    }

    // MARK: - Inode numbers

    /// Stable inode numbers: the source's own inode on the root's device;
    /// for other devices the top 16 bits carry a hash of the device, so two
    /// files on different devices never share a number.
    func inodeNumber(_ st: FileStatus) -> UInt64 {
        if st.device == tree.rootDevice { return st.inode }
        var h = st.device &* 0x9E37_79B9_7F4A_7C15
        h = (h >> 48) | 1
        return (h << 48) | (st.inode & 0x0000_FFFF_FFFF_FFFF)
    }

    // MARK: - Operations (each returns 0 or a negative errno)

    func getattr(_ path: String, _ out: UnsafeMutablePointer<stat>) -> Int32 {
        let entry: SourceEntry
        do { entry = try tree.resolve(path) } catch { return -error.rawValue }
        out.pointee = fill(entry)
        return 0
    }

    /// Attributes of an entry. Never renders: a file with no output yet
    /// reports a non-zero estimate (attr timeout 0 keeps the kernel from
    /// caching it); after open() the size is exact.
    private func fill(_ entry: SourceEntry) -> stat {
        var st = stat()
        let s = entry.status
        st.st_ino = ino_t(inodeNumber(s))
        st.st_uid = s.uid
        st.st_gid = s.gid
        let cur = current.withLock { $0 }
        st.st_mtim = Self.later(s.mtime, cur.since)
        st.st_ctim = Self.later(s.ctime, cur.since)
        st.st_atim = st.st_mtim
        switch entry.kind {
        case .directory:
            // Read-only: keep the read and search bits of the source.
            st.st_mode = mode_t(Glibc.S_IFDIR) | mode_t(s.mode & 0o555)
            st.st_nlink = 2
            st.st_size = 4096
        case .pdf:
            st.st_mode = mode_t(Glibc.S_IFREG) | mode_t(s.mode & 0o444)
            st.st_nlink = 1
            let key = OutputKey(s, generation: cur.generation)
            if let n = cache.size(of: key) {
                st.st_size = off_t(n)
            } else {
                st.st_size = off_t(max(s.size, 1))
            }
        }
        st.st_blksize = 4096
        st.st_blocks = blkcnt_t((Int(st.st_size) + 511) / 512)
        return st
    }

    /// Lists a directory with each entry's inode number and type, so
    /// readdir and stat agree (`find -inum`, `ls -i`).
    func readdir(_ path: String, _ emit: (String, stat?) -> Void) -> Int32 {
        let entries: [(name: String, status: FileStatus)]
        do { entries = try tree.entries(path) } catch { return -error.rawValue }
        emit(".", nil)
        emit("..", nil)
        for e in entries {
            var st = stat()
            st.st_ino = ino_t(inodeNumber(e.status))
            st.st_mode = e.status.isDirectory ? mode_t(Glibc.S_IFDIR) : mode_t(Glibc.S_IFREG)
            emit(e.name, st)
        }
        return 0
    }

    /// Opens an output: renders it now (or waits for the render in flight,
    /// or takes it from the cache) so size and content agree from here on.
    func open(_ path: String, flags: Int32) -> (Int32, handle: UInt64, keepCache: Bool) {
        if flags & O_ACCMODE != O_RDONLY || flags & O_TRUNC != 0 { return (-EROFS, 0, false) }
        let entry: SourceEntry
        do { entry = try tree.resolve(path) } catch { return (-error.rawValue, 0, false) }
        guard entry.kind == .pdf else { return (-EISDIR, 0, false) }
        let shown = String(path.drop(while: { $0 == "/" }))
        let fd: FileDescriptor
        do { fd = try tree.open(entry) } catch {
            Log.error("\(shown): stage=open errno=\(error.rawValue)")
            return (-error.rawValue, 0, false)
        }
        // Key on the status of the descriptor we will actually read.
        let st: FileStatus
        do { st = try fd.status() } catch { return (-error.rawValue, 0, false) }
        let cur = current.withLock { $0 }
        guard let redactor = cur.redactor else {
            Log.error("\(shown): stage=terms errno=\(EIO): not serving while the terms cannot be loaded")
            return (-EIO, 0, false)
        }
        let key = OutputKey(st, generation: cur.generation)
        let (result, rendered) = cache.output(for: key) {
            do throws(RedactError) {
                let r = try redactor.redact(fd)
                Log.info("served \(shown) pages=\(r.pageCount) \(Redactor.describe(r.counts)) ms=\(r.milliseconds)")
                return .success(r.bytes)
            } catch {
                Log.error("\(shown): stage=\(error.stage.rawValue) errno=\(error.errnoValue): \(error.message)")
                return .failure(error)
            }
        }
        switch result {
        case .failure(let e):
            if !rendered {
                Log.error("\(shown): stage=\(e.stage.rawValue) errno=\(e.errnoValue): \(e.message) (shared render)")
            }
            return (-e.errnoValue, 0, false)
        case .success(let bytes):
            let ino = inodeNumber(st)
            let keep = lastServed.withLock { m -> Bool in
                let same = m[ino] == key
                m[ino] = key
                return same
            }
            let h = handles.withLock { s -> UInt64 in
                let h = s.next
                s.next += 1
                s.open[h] = bytes
                return h
            }
            return (0, h, keep)
        }
    }

    func read(handle: UInt64, into buf: UnsafeMutablePointer<CChar>, size: Int, offset: Int64) -> Int32 {
        guard let bytes = handles.withLock({ $0.open[handle] }) else { return -EBADF }
        guard offset >= 0 else { return -EINVAL }
        if offset >= Int64(bytes.count) { return 0 }
        let n = min(size, bytes.count - Int(offset))
        bytes.withUnsafeBytes { p in
            UnsafeMutableRawPointer(buf).copyMemory(from: p.baseAddress! + Int(offset), byteCount: n)
        }
        return Int32(n)
    }

    func release(handle: UInt64) {
        handles.withLock { _ = $0.open.removeValue(forKey: handle) }
    }

    func statfs(_ out: UnsafeMutablePointer<statvfs>) -> Int32 {
        var v = statvfs()
        guard fstatvfs(tree.root.rawValue, &v) == 0 else { return -errno }
        v.f_bavail = 0
        v.f_ffree = 0
        v.f_favail = 0
        v.f_flag |= UInt(ST_RDONLY)
        out.pointee = v
        return 0
    }
}
