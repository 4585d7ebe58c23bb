#if canImport(Glibc)
import Glibc
#endif
import CFuse
import Pipeline
import Posix
import RedactCore
import Secrets
import Synchronization

/// How outputs are cached, scheduled and waited for.
public struct CacheOptions: Sendable {
    /// Bytes of finished outputs kept in memory (`--cache-size`).
    public var memoryBytes = 256 << 20
    /// The sealed on-disk cache (`--disk-cache`), nil when off.
    public var disk: DiskCache?
    /// Queue a folder's files for rendering when it is listed (`--prefetch`).
    public var prefetch = false
    /// How long an open waits for its output before failing with EIO (`--deadline`).
    public var deadlineSeconds: Double = 120
    /// Where open outputs go, sealed, when open files alone would pass
    /// `memoryBytes` (the disk cache's folder when there is one); nil: they
    /// stay in memory.
    public var spillDirectory: String? = "/var/tmp"
    /// Renders that run at once for opens (prefetch adds at most one).
    /// More than the worker slots: a render waiting for a worker holds only
    /// a file descriptor, and a render whose long pages hold every worker
    /// must not keep the next open from reaching the pool, which pauses a
    /// long page for it (`WorkerPool`). Opens beyond this queue.
    public var renderSlots = 2 * max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) + 2
    public init() {}
}

/// The file system: answers FUSE calls from the source tree, the output
/// cache and the redactor. Shared by every libfuse thread; all mutable
/// state sits behind a `Mutex`.
public final class RedactFS: Sendable {
    let tree: SourceTree
    let cache: OutputCache
    let options: CacheOptions
    let scheduler: RenderScheduler
    let stats = CacheStats()
    /// Renders in flight and failures, for `redactfs status` and readers.
    let activity = Activity()
    /// Open snapshots of `.redactfs/status`.
    let controls = ControlHandles()
    /// When the file system was made (wall clock, seconds).
    let mountedAt = RedactFS.wallClock().tv_sec

    /// What outputs are made with right now. Replaced as a whole when the
    /// terms change; `generation` is part of every memory key, `context`
    /// (terms, settings, executable) part of every output identity, and
    /// `since` is the earliest mtime outputs may show, so a change gives
    /// every output a new mtime and drops the kernel's cached pages.
    struct Current: Sendable {
        /// nil: fail closed (terms could not be loaded); every open gets EIO.
        var redactor: Redactor?
        var failure: String?
        var generation: UInt64
        var since: timespec
        var context: [UInt8]
        /// Review decisions of every document (`redactfs review`).
        var decisions = DecisionBook()
    }
    /// Guards: `current` only; read it once per call, never hold it across a render.
    let current: Mutex<Current>

    /// Whether the kernel may keep its cached pages at an open.
    private let pageCache = PageCachePolicy()
    /// Shown paths queued for prefetch (each once).
    private let prefetchQueued = Mutex<Set<String>>([])
    /// Snapshots of open directories.
    private let directories = DirectoryHandles()
    static let maxPrefetchQueue = 10_000

    /// `termsIdentity` is a digest of the loaded terms: it changes the
    /// output identity, so the disk cache never serves an output made with
    /// other terms.
    public init(source: String, redactor: Redactor, termsIdentity: [UInt8], decisions: DecisionBook = DecisionBook(),
                options: CacheOptions = CacheOptions()) throws(Errno) {
        tree = try SourceTree(rootPath: source, naming: Self.naming(redactor, generation: 1),
                              showsOffice: redactor.office != nil)
        self.options = options
        cache = OutputCache(budget: options.memoryBytes, stats: stats, spill: Self.spill(options))
        scheduler = RenderScheduler(slots: options.renderSlots)
        current = Mutex(Current(redactor: redactor, failure: nil, generation: 1, since: timespec(),
                                context: OutputIdentity.context(termsIdentity: termsIdentity, settings: redactor.settings),
                                decisions: decisions))
    }

    /// Serves from now on with `redactor` (new terms) and `decisions`:
    /// every output gets a new mtime, and those whose decisions changed new bytes.
    public func replaceRedactor(_ redactor: Redactor, termsIdentity: [UInt8], decisions: DecisionBook = DecisionBook()) {
        let context = OutputIdentity.context(termsIdentity: termsIdentity, settings: redactor.settings)
        current.withLock { c in
            c = Current(redactor: redactor, failure: nil, generation: c.generation + 1, since: Self.wallClock(),
                        context: context, decisions: decisions)
            tree.setNaming(Self.naming(redactor, generation: Int(c.generation)))
        }
        cache.removeAll()
    }

    /// Keeps workers started ahead of need for the current settings.
    public func keepSpareWorkers() {
        current.withLock { $0.redactor }?.keepSpareWorkers()
    }

    /// Fails closed: until the next `replaceRedactor`, every open gets EIO.
    public func failClosed(reason: String) {
        current.withLock { c in
            c = Current(redactor: nil, failure: reason, generation: c.generation + 1, since: Self.wallClock(),
                        context: [])
            tree.setNaming(nil)
        }
        cache.removeAll()
    }

    /// A fresh key for this mount's spilled outputs, or none (then open
    /// outputs stay in memory) when there is no folder or no randomness.
    static func spill(_ options: CacheOptions) -> OutputSpill? {
        guard let dir = options.disk?.path ?? options.spillDirectory else { return nil }
        let inFlight = OutputSpill.inFlightBytes(budget: options.memoryBytes)
        do {
            return OutputSpill(directory: dir, cipher: try SpillCipher(), inFlight: InFlightMemory(limit: inFlight),
                               sealAbove: inFlight / 2)
        } catch {
            Log.error("stage=cache: no key for outputs moved out of memory; open outputs stay in memory")
            return nil
        }
    }

    static func naming(_ redactor: Redactor, generation: Int) -> SourceTree.Naming {
        SourceTree.Naming(generation: generation, rename: { redactor.redactName($0) })
    }

    /// Counters, for the log line at unmount.
    public var statsLine: String { stats.line }

    static func wallClock() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return ts
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
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

    func getattr(_ path: String, _ out: inout stat, handle: UInt64? = nil) -> Int32 {
        if ControlFiles.isControl(path) {
            guard let st = controlAttributes(path) else { return -ENOENT }
            out = st
            return 0
        }
        let entry: SourceEntry
        do { entry = try tree.resolve(path) } catch { return -error.rawValue }
        out = attributes(entry, path: path, handle: handle)
        return 0
    }

    /// The attributes getattr gives for `entry`, shown at `path`.
    private func attributes(_ entry: SourceEntry, path: String, handle: UInt64?) -> stat {
        var st = fill(entry)
        if entry.kind == .pdf {
            let n = pageCache.report(path, handle: handle, handleSize: handle.flatMap { cache.size(ofHandle: $0) },
                                     otherwise: Int(st.st_size))
            st.st_size = off_t(n)
            st.st_blocks = blkcnt_t((n + 511) / 512)
        }
        return st
    }

    /// Attributes of an entry. Never renders: a file with no output yet
    /// reports a non-zero estimate; an open makes the kernel drop it when
    /// the output's size differs (`PageCachePolicy`), so reads see the exact
    /// size.
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
            if let n = cache.size(of: OutputKey(s, generation: cur.generation)) {
                st.st_size = off_t(n)
            } else {
                st.st_size = off_t(max(s.size, 1))
            }
        }
        st.st_blksize = 4096
        st.st_blocks = blkcnt_t((Int(st.st_size) + 511) / 512)
        return st
    }

    // MARK: - Directories

    /// Opens a directory. Its listing is taken at readdir's offset 0 and
    /// kept with the handle, so a listing read in several calls (the kernel
    /// asks for a few dozen entries at a time) neither skips nor repeats a
    /// name when the folder changes meanwhile.
    func opendir() -> UInt64 {
        directories.open()
    }

    func releasedir(handle: UInt64) {
        directories.release(handle)
    }

    /// Lists the folder from `offset` on: offset 0 takes a new listing
    /// (opendir, rewinddir) and queues its files for prefetch when asked
    /// to; offset n resumes after the n-th entry, "." and ".." included.
    /// Each entry carries its inode number and type, so readdir and stat
    /// agree (`find -inum`, `ls -i`); with `plus` (READDIRPLUS) it carries
    /// the attributes getattr would give, which the kernel keeps for
    /// attr_timeout, so `ls -l` asks nothing more per file. `emit` returns
    /// false when the kernel's buffer is full.
    func readdir(_ path: String, handle: UInt64, offset: Int, plus: Bool,
                 _ emit: (String, stat?, _ next: Int) -> Bool) -> Int32 {
        guard let held = directories.entries(handle) else { return -EBADF }
        if ControlFiles.isControl(path) {
            // The control folder: its one file, never the source.
            let names = [".", "..", "status"]
            for i in max(0, offset)..<names.count {
                guard emit(names[i], plus ? controlAttributes(i == 2 ? ControlFiles.statusPath : ControlFiles.folderPath) : nil, i + 1)
                else { break }
            }
            return 0
        }
        let dir = path.hasSuffix("/") ? path : path + "/"
        let entries: [(name: String, status: FileStatus)]
        if offset == 0 || held == nil {
            // A fresh start (first call, or rewinddir): list the folder.
            do { entries = try tree.entries(path) } catch { return -error.rawValue }
            directories.replace(handle, entries)
            if options.prefetch {
                queuePrefetch(entries.filter { !$0.status.isDirectory }.map { dir + $0.name })
            }
        } else {
            entries = held!
        }
        // With attributes: the folder is opened once for the whole call
        // (a walk from the root per entry was most of `ls -l`'s time).
        let folder = plus ? try? tree.folder(path) : nil
        var i = max(0, offset)
        while i < entries.count + 2 {
            let ok: Bool
            if i < 2 {
                ok = emit(i == 0 ? "." : "..", nil, i + 1)
            } else {
                let e = entries[i - 2]
                var st = stat()
                if plus {
                    // Attributes as getattr gives them now. An entry gone
                    // since the snapshot is left out: the kernel would
                    // keep whatever attributes it was given for a second.
                    guard let folder, let entry = try? tree.resolve(e.name, in: folder) else {
                        i += 1
                        continue
                    }
                    st = attributes(entry, path: dir + e.name, handle: nil)
                } else {
                    st.st_ino = ino_t(inodeNumber(e.status))
                    st.st_mode = e.status.isDirectory ? mode_t(Glibc.S_IFDIR) : mode_t(Glibc.S_IFREG)
                }
                ok = emit(e.name, st, i + 1)
            }
            if !ok { break }
            i += 1
        }
        return 0
    }

    /// Opens an output: takes it from the cache, or waits for its render
    /// (a new one, or the one in flight) so size and content agree from
    /// here on. Gives up with EIO after the deadline and with EINTR when
    /// the reader is interrupted; the render goes on either way and its
    /// output is cached (the reader who retries gets it at once).
    func open(_ path: String, flags: Int32, interrupted: () -> Bool) -> (Int32, handle: UInt64, PageCachePolicy.Decision) {
        let started = Self.monotonic()
        if flags & O_ACCMODE != O_RDONLY || flags & O_TRUNC != 0 { return (-EROFS, 0, Self.none) }
        if ControlFiles.isControl(path) {
            guard path == ControlFiles.statusPath else { return (-EISDIR, 0, Self.none) }
            let h = controls.open(Array(statusJSON().utf8))
            return (0, h, PageCachePolicy.Decision(keepCache: false, directIO: true, invalidate: false))
        }
        let shown = String(path.drop(while: { $0 == "/" }))
        let p: Prepared
        switch prepare(path, shown: shown) {
        case .failure(let e):
            stats.failures.add(1, ordering: .relaxed)
            return (-e.rawValue, 0, Self.none)
        case .success(let prepared): p = prepared
        }
        let job: RenderJob
        switch cache.lookup(p.key, p.id, limits: p.redactor.limits) {
        case .hit(let b):
            if case .sealed = b { stats.sealedHits.add(1, ordering: .relaxed) } else { stats.memoryHits.add(1, ordering: .relaxed) }
            activity.served(shown)
            return serve(b, id: p.id, path: path)
        case .render(let j, let start):
            job = j
            j.join()
            if start { scheduler.submit { [self] in produce(p, job: j, shown: shown, prefetch: false) } }
        }
        let finishing = "the render goes on in the background for the cache, for at most "
            + "\(Limit.seconds(p.redactor.limits.finishCPUSeconds)) more CPU time while nobody waits"
        // Poll: fuse_interrupted() has no wake-up, and the deadline is ours.
        while true {
            switch job.wait(seconds: 0.05) {
            case .success(let bytes)?:
                return serve(bytes, id: p.id, path: path)
            case .failure(let e)?:
                // The render recorded why (`produce`); a reader gets it from
                // the file's user.redactfs.error attribute.
                stats.failures.add(1, ordering: .relaxed)
                return (-e.errnoValue, 0, Self.none)
            case nil:
                if interrupted() {
                    stats.interrupts.add(1, ordering: .relaxed)
                    job.leave()
                    Log.info("\(shown): reader interrupted while waiting; \(finishing)")
                    return (-EINTR, 0, Self.none)
                }
                if Self.monotonic() - started > options.deadlineSeconds {
                    stats.deadlines.add(1, ordering: .relaxed)
                    job.leave()
                    Log.error("\(shown): stage=deadline errno=\(EIO): no output within \(options.deadlineSeconds) s "
                              + "(--deadline); \(finishing)")
                    stats.failures.add(1, ordering: .relaxed)
                    activity.failed(shown, reason: "took longer than the deadline of \(Limit.seconds(options.deadlineSeconds)) "
                                    + "(--deadline); the render goes on in the background: open the file again later")
                    return (-EIO, 0, Self.none)
                }
            }
        }
    }

    /// What an open or a prefetch needs: the source, opened, and the keys.
    struct Prepared: Sendable {
        var fd: FileDescriptor
        var status: FileStatus
        var key: OutputKey
        var id: OutputIdentity
        var redactor: Redactor
        /// The source's file name, and the type the listing showed it as.
        var name: String
        var output: NameMap.OutputType?
        var decisions: AppliedDecisions?
    }

    private func prepare(_ path: String, shown: String) -> Result<Prepared, Errno> {
        let entry: SourceEntry
        do { entry = try tree.resolve(path) } catch { return .failure(error) }
        guard entry.kind == .pdf else { return .failure(.isDirectory) }
        let fd: FileDescriptor
        do { fd = try tree.open(entry) } catch {
            Log.error("\(shown): stage=open errno=\(error.rawValue)")
            activity.failed(shown, reason: "the source cannot be opened: \(error)")
            return .failure(error)
        }
        let cur = current.withLock { $0 }
        guard let redactor = cur.redactor else {
            Log.error("\(shown): stage=terms errno=\(EIO): not serving while the terms cannot be loaded")
            activity.failed(shown, reason: "nothing is served while the always-redact terms cannot be loaded "
                            + "(the mount's log says why)")
            return .failure(.ioError)
        }
        // Key on the status and content of the descriptor we will actually read.
        do {
            let st = try fd.status()
            // This document's review decisions are part of its output's identity.
            let decided = try DocumentBinding.decisions(in: cur.decisions, for: fd)
            let id = try OutputIdentity.of(fd, status: st, context: cur.context,
                                           decisions: decided.map { DecisionBook(documents: [$0]).encoded() } ?? [])
            return .success(Prepared(fd: fd, status: st, key: OutputKey(st, generation: cur.generation),
                                     id: id, redactor: redactor,
                                     name: String(entry.relativePath.split(separator: "/").last ?? ""),
                                     output: NameMap.outputType(forShown: shown),
                                     decisions: decided.map(AppliedDecisions.init)))
        } catch {
            Log.error("\(shown): stage=open errno=\(error.rawValue)")
            activity.failed(shown, reason: "the source cannot be read: \(error)")
            return .failure(error)
        }
    }

    /// Makes an output on a render thread: from the disk cache if it holds
    /// a good entry, else by rendering; then caches it and wakes the waiters.
    private func produce(_ p: Prepared, job: RenderJob, shown: String, prefetch: Bool) {
        let t0 = Self.monotonic()
        let token = activity.begin(shown, prefetch: prefetch, now: t0)
        defer { activity.end(token) }
        if let disk = options.disk {
            switch disk.load(p.id) {
            case .hit(let b):
                stats.diskHits.add(1, ordering: .relaxed)
                Log.info("\(prefetch ? "prefetched" : "served") \(shown) from the disk cache ms=\(Int((Self.monotonic() - t0) * 1000))")
                activity.served(shown)
                cache.finish(p.key, p.id, job, .success(.memory(b)))
                return
            case .refused(let why):
                stats.diskRefused.add(1, ordering: .relaxed)
                Log.error("\(shown): disk cache entry refused (it \(why)); rendering afresh")
            case .miss:
                break
            }
        }
        stats.renders.add(1, ordering: .relaxed)
        if prefetch { stats.prefetchRenders.add(1, ordering: .relaxed) }
        var result: Result<OutputBytes, RedactError>
        do throws(RedactError) {
            let r = try p.redactor.redact(p.fd, name: p.name, output: p.output, control: job.control, spill: cache.spill,
                                          decisions: p.decisions) { [activity] done, total in
                activity.progress(token, page: done, of: total)
            }
            if let stale = p.decisions?.stale, !stale.isEmpty {
                Log.error("\(shown): \(stale.count) kept detection(s) from review no longer match the document "
                          + "(it changed); they are not applied")
            }
            // A source rewritten in place while it was read could give a
            // mixture of two versions: serve and keep nothing of it. (Not
            // ctime: replacing the file by a rename sets the old inode's
            // ctime, and the old inode is what was read, whole.)
            if let now = try? p.fd.status(),
               now.size != p.status.size || (now.mtime.tv_sec, now.mtime.tv_nsec) != (p.status.mtime.tv_sec, p.status.mtime.tv_nsec) {
                Log.error("\(shown): stage=serve errno=\(EIO): the source changed while it was rendered; nothing kept")
                activity.failed(shown, reason: "the source changed while it was read; open it again")
                cache.finish(p.key, p.id, job, .failure(.io(.serve, EIO)))
                return
            }
            Log.info("\(prefetch ? "prefetched" : "served") \(shown) pages=\(r.pageCount) \(Redactor.describe(r.counts)) ms=\(r.milliseconds)")
            Log.debug("stages \(shown) wall=\(r.milliseconds)ms \(r.stages.line)")
            if case .sealed = r.output { stats.sealedOutputs.add(1, ordering: .relaxed) }
            activity.served(shown)
            result = .success(r.output)
        } catch {
            Log.error("\(shown): stage=\(error.stage.rawValue) errno=\(error.errnoValue): \(error.message)")
            activity.failed(shown, reason: error.message)
            result = .failure(error)
        }
        // Queued before the waiters wake, so a flush at unmount includes it.
        // (An output sealed on disk is not: the disk cache seals whole entries.)
        if case .success(.memory(let b)) = result, let disk = options.disk {
            disk.store(p.id, b) { [stats] ok in if ok { stats.diskWrites.add(1, ordering: .relaxed) } }
        }
        cache.finish(p.key, p.id, job, result)
        // A render frees tens of MiB of page pixels, on whichever thread ran
        // it; give them back to the system instead of keeping one high-water
        // mark per malloc arena.
        Memory.trim()
    }

    static let none = PageCachePolicy.Decision(keepCache: false, directIO: false, invalidate: false)

    private func serve(_ output: OutputBytes, id: OutputIdentity, path: String) -> (Int32, handle: UInt64, PageCachePolicy.Decision) {
        let h = cache.openHandle(output, id)
        return (0, h, pageCache.opened(path, id, size: output.count, handle: h))
    }

    // MARK: - Prefetch

    /// Queues files of a listed folder for background rendering, each once.
    private func queuePrefetch(_ paths: [String]) {
        let fresh = prefetchQueued.withLock { q -> [String] in
            var out: [String] = []
            for p in paths where q.count < Self.maxPrefetchQueue && q.insert(p).inserted { out.append(p) }
            return out
        }
        for path in fresh {
            scheduler.submitPrefetch { [self] in
                prefetchQueued.withLock { _ = $0.remove(path) }
                prefetchOne(path)
            }
        }
    }

    private func prefetchOne(_ path: String) {
        // Without a disk cache a prefetch that evicts another output helps nobody.
        if options.disk == nil && cache.isFull { return }
        let shown = String(path.drop(while: { $0 == "/" }))
        guard case .success(let p) = prepare(path, shown: shown), !cache.has(p.key, p.id) else { return }
        guard case .render(let job, start: true) = cache.lookup(p.key, p.id, priority: .background,
                                                                limits: p.redactor.limits) else { return }
        produce(p, job: job, shown: shown, prefetch: true)
    }

    func read(handle: UInt64, into buf: UnsafeMutablePointer<CChar>, size: Int, offset: Int64) -> Int32 {
        if handle & ControlFiles.handleBit != 0 { return controls.read(handle, into: buf, size: size, offset: offset) }
        let n = cache.read(handle, into: UnsafeMutableRawPointer(buf), count: size, offset: offset)
        if n >= 0 && n < size, let total = cache.size(ofHandle: handle) { pageCache.shortRead(handle, end: total) }
        return Int32(n)
    }

    /// True when the kernel's attributes for the path must be dropped.
    func release(handle: UInt64) -> Bool {
        if handle & ControlFiles.handleBit != 0 {
            controls.release(handle)
            return false
        }
        defer { cache.release(handle) }
        return pageCache.released(handle)
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
