#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Pipeline
import Posix
import RedactCore
import Secrets
import Synchronization

/// One render, shared by everyone who opens the same output while it runs.
/// It runs on a render thread, never on a FUSE thread, so a waiting open
/// can give up (deadline, interrupt). The render then goes on for the cache
/// only as background work, and only within `Limits.finishCPUSeconds` once
/// the last waiter has gone (`RenderControl.abandon`).
final class RenderJob: @unchecked Sendable {
    private let group = DispatchGroup()
    // Written once by the renderer before `group.leave()`, read by waiters
    // after the group says it is done: the group orders the accesses.
    private var result: Result<OutputBytes, RedactError>?
    let control: RenderControl
    /// Opens waiting for it now.
    private let waiters = Mutex(0)

    init(priority: Priority, limits: Limits) {
        control = RenderControl(priority: priority, limits: limits)
        group.enter()
    }

    /// An open waits for the render (again): it is interactive.
    func join() {
        waiters.withLock { $0 += 1 }
        control.promote()
    }

    /// An open stops waiting before the end; the last one to go leaves the
    /// render to the background, within its budget for finishing.
    func leave() {
        let left = waiters.withLock { n in n -= 1; return n }
        if left == 0 { control.abandon() }
    }

    func finish(_ r: Result<OutputBytes, RedactError>) {
        result = r
        group.leave()
    }

    /// The result, or nil if it is not there within `seconds`.
    func wait(seconds: Double) -> Result<OutputBytes, RedactError>? {
        group.wait(timeout: .now() + seconds) == .success ? result! : nil
    }
}

/// Finished outputs in memory within a byte budget, the renders in flight,
/// and the open file handles.
///
/// Budget: cached outputs plus the outputs that open handles hold. A handle
/// keeps its bytes for as long as it is open (a reader never sees a
/// mixture), so those bytes are counted first and the cache shrinks, least
/// recently used first, to make room. An output bigger than the budget is
/// served to its handles but not kept. When open handles alone would hold
/// more than the budget, a newly opened output is moved out of memory into
/// a sealed, unnamed temporary file (`SealedFile`) and read from there, so
/// the daemon holds the budget plus a fixed amount however many files are
/// open. Without a place for such files it holds what is open. An output
/// a render already wrote into such a file (`OutputSpill`) is served and
/// kept from there, within `sealedBudget` of disk.
///
/// Failures are not cached: the next open tries again.
final class OutputCache: Sendable {
    struct Entry {
        var bytes: [UInt8]
        var identity: OutputIdentity
        var lastUse: UInt64
    }
    struct Handle {
        /// In memory (shared with the cache), or sealed on disk.
        var bytes: [UInt8]?
        var spilled: SealedFile?
        var size: Int
        var identity: OutputIdentity
    }
    private struct State {
        var done: [OutputKey: Entry] = [:]
        /// Exact sizes of outputs made for current source identities, kept
        /// after their bytes are evicted so getattr stays exact (a re-render
        /// gives the same bytes: outputs are deterministic).
        var sizes: [OutputKey: Int] = [:]
        var inFlight: [OutputIdentity: RenderJob] = [:]
        var handles: [UInt64: Handle] = [:]
        /// Open handles per output, and the bytes of each such output once.
        var pinned: [OutputIdentity: (count: Int, bytes: Int)] = [:]
        var nextHandle: UInt64 = 1
        /// Outputs a render wrote sealed on disk: they cost no memory, only
        /// room in the spill folder, bounded by `sealedBudget`.
        var sealed: [OutputKey: (file: SealedFile, identity: OutputIdentity, lastUse: UInt64)] = [:]
        var sealedBytes = 0
        var cachedBytes = 0
        var clock: UInt64 = 0
        /// The most output bytes ever held in memory at once.
        var peak = 0
    }
    let budget: Int
    let stats: CacheStats
    let spill: OutputSpill?
    /// Guards all cache state. Never held across a render, I/O or a reply.
    private let state = Mutex(State())

    /// Room for sealed outputs in the spill folder: four times the memory
    /// budget, at least 1 GiB.
    let sealedBudget: Int

    init(budget: Int, stats: CacheStats, spill: OutputSpill? = nil) {
        self.budget = budget
        sealedBudget = max(4 * budget, 1 << 30)
        self.stats = stats
        self.spill = spill
    }

    /// The size of an output made for this key, if one was made.
    func size(of key: OutputKey) -> Int? {
        state.withLock { $0.sizes[key] }
    }

    enum Lookup {
        case hit(OutputBytes)
        /// Wait for this job; `start` is true for the one caller that must start it.
        case render(RenderJob, start: Bool)
    }

    /// The cached output, or the render to wait for (a new one if none is
    /// in flight, of `priority` with `limits`).
    func lookup(_ key: OutputKey, _ id: OutputIdentity, priority: Priority = .interactive,
                limits: Limits = Limits()) -> Lookup {
        state.withLock { s in
            if let e = s.done[key], e.identity == id {
                s.clock += 1
                s.done[key]!.lastUse = s.clock
                return .hit(.memory(e.bytes))
            }
            if let e = s.sealed[key], e.identity == id {
                s.clock += 1
                s.sealed[key]!.lastUse = s.clock
                return .hit(.sealed(e.file))
            }
            if let j = s.inFlight[id] { return .render(j, start: false) }
            let j = RenderJob(priority: priority, limits: limits)
            s.inFlight[id] = j
            return .render(j, start: true)
        }
    }

    /// Whether an output is cached or being made (prefetch skips those).
    func has(_ key: OutputKey, _ id: OutputIdentity) -> Bool {
        state.withLock { s in s.inFlight[id] != nil || s.done[key]?.identity == id || s.sealed[key]?.identity == id }
    }

    /// Ends a render: keeps a success (within the budget), then wakes the waiters.
    func finish(_ key: OutputKey, _ id: OutputIdentity, _ job: RenderJob, _ r: Result<OutputBytes, RedactError>) {
        state.withLock { s in
            s.inFlight[id] = nil
            if case .success(let out) = r {
                // Sizes and outputs of an older identity of the same source are dead weight.
                for k in s.sizes.keys where k.device == key.device && k.inode == key.inode && k != key {
                    s.sizes[k] = nil
                }
                if let old = s.done.first(where: { $0.key.device == key.device && $0.key.inode == key.inode && $0.key != key }) {
                    s.cachedBytes -= old.value.bytes.count
                    s.done[old.key] = nil
                }
                for k in s.sealed.keys where k.device == key.device && k.inode == key.inode && k != key {
                    s.sealedBytes -= s.sealed.removeValue(forKey: k)!.file.size
                }
                s.sizes[key] = out.count
                if case .memory(let b) = out, b.count <= budget {
                    if let prev = s.done[key] { s.cachedBytes -= prev.bytes.count }
                    s.clock += 1
                    s.done[key] = Entry(bytes: b, identity: id, lastUse: s.clock)
                    s.cachedBytes += b.count
                }
                if case .sealed(let f) = out, f.size <= sealedBudget {
                    if let prev = s.sealed[key] { s.sealedBytes -= prev.file.size }
                    s.clock += 1
                    s.sealed[key] = (f, id, s.clock)
                    s.sealedBytes += f.size
                }
                evict(&s)
            }
        }
        job.finish(r)
    }

    /// Bytes of outputs kept sealed in the spill folder.
    var sealedHeldBytes: Int {
        state.withLock { $0.sealedBytes }
    }

    /// Bytes held in memory: cached outputs and outputs only handles hold.
    var heldBytes: Int {
        state.withLock { Self.held($0) }
    }

    /// Whether a new output would push another one out (prefetch stops then).
    var isFull: Bool {
        state.withLock { Self.held($0) >= budget * 9 / 10 }
    }

    /// Drops every finished output and every known size (terms or settings
    /// changed). Open handles keep their bytes.
    func removeAll() {
        state.withLock { s in
            s.done.removeAll()
            s.sizes.removeAll()
            s.cachedBytes = 0
            s.sealed.removeAll()
            s.sealedBytes = 0
        }
    }

    // MARK: - Handles

    func openHandle(_ output: OutputBytes, _ id: OutputIdentity) -> UInt64 {
        let bytes: [UInt8]
        switch output {
        case .memory(let b): bytes = b
        case .sealed(let f):
            return state.withLock { s in
                let h = s.nextHandle
                s.nextHandle += 1
                s.handles[h] = Handle(bytes: nil, spilled: f, size: f.size, identity: id)
                return h
            }
        }
        // In memory if another handle holds these bytes already or they fit
        // beside what open handles hold (cached outputs make way).
        let fits: Bool = state.withLock { s in
            if spill == nil || s.pinned[id] != nil { return true }
            return s.pinned.values.reduce(0) { $0 + $1.bytes } + bytes.count <= budget
        }
        var spilled: SealedFile?
        if !fits, let spill {
            // Sealing and writing happen outside the lock.
            do {
                spilled = try SealedFile(bytes, directory: spill.directory, cipher: spill.cipher)
                stats.spills.add(1, ordering: .relaxed)
            } catch {
                Log.error("stage=cache errno=\(error.rawValue): an open output could not be moved out of memory; "
                          + "it stays in memory, past the cache budget")
            }
        }
        return state.withLock { s in
            let h = s.nextHandle
            s.nextHandle += 1
            if let spilled {
                s.handles[h] = Handle(bytes: nil, spilled: spilled, size: bytes.count, identity: id)
            } else {
                s.handles[h] = Handle(bytes: bytes, spilled: nil, size: bytes.count, identity: id)
                s.pinned[id, default: (0, bytes.count)].count += 1
            }
            evict(&s)
            return h
        }
    }

    /// The size of the output a handle reads.
    func size(ofHandle handle: UInt64) -> Int? {
        state.withLock { $0.handles[handle]?.size }
    }

    /// Copies up to `count` bytes at `offset` of a handle's output into
    /// `buffer`: the number copied, or a negative errno.
    func read(_ handle: UInt64, into buffer: UnsafeMutableRawPointer, count: Int, offset: Int64) -> Int {
        guard let h = state.withLock({ $0.handles[handle] }) else { return -Int(EBADF) }
        guard offset >= 0 else { return -Int(EINVAL) }
        if offset >= Int64(h.size) { return 0 }
        let n = min(count, h.size - Int(offset))
        if let bytes = h.bytes {
            bytes.withUnsafeBytes { p in buffer.copyMemory(from: p.baseAddress! + Int(offset), byteCount: n) }
            return n
        }
        do { return try h.spilled!.read(into: buffer, count: n, at: Int(offset)) } catch {
            Log.error("stage=serve errno=\(error.rawValue): an output moved out of memory could not be read back")
            return -Int(error.rawValue)
        }
    }

    func release(_ handle: UInt64) {
        // The bytes may be the last reference: free them outside the lock.
        let gone: Handle? = state.withLock { s in
            guard let h = s.handles.removeValue(forKey: handle) else { return nil }
            if h.bytes != nil, let p = s.pinned[h.identity] {
                s.pinned[h.identity] = p.count > 1 ? (p.count - 1, p.bytes) : nil
            }
            evict(&s)
            return h
        }
        withExtendedLifetime(gone) {}
    }

    // MARK: - Budget

    /// Cached bytes not also held by a handle, plus every held output once.
    private static func held(_ s: State) -> Int {
        var pinnedCached = 0
        for e in s.done.values where s.pinned[e.identity] != nil { pinnedCached += e.bytes.count }
        return s.cachedBytes - pinnedCached + s.pinned.values.reduce(0) { $0 + $1.bytes }
    }

    /// Evicts unpinned outputs, least recently used first, until within the
    /// budget. Evicting a pinned one would free nothing.
    private func evict(_ s: inout State) {
        if s.sealedBytes > sealedBudget {
            // Handles keep their files open; only the cache lets go.
            for (k, e) in s.sealed.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                if s.sealedBytes <= sealedBudget { break }
                s.sealed[k] = nil
                s.sealedBytes -= e.file.size
            }
        }
        var total = Self.held(s)
        defer { s.peak = max(s.peak, total); stats.peakHeld.store(s.peak, ordering: .relaxed) }
        guard total > budget else { return }
        let order = s.done.filter { s.pinned[$0.value.identity] == nil }
            .sorted { $0.value.lastUse < $1.value.lastUse }
        for (k, e) in order {
            if total <= budget { break }
            s.done[k] = nil
            s.cachedBytes -= e.bytes.count
            total -= e.bytes.count
            stats.evictions.add(1, ordering: .relaxed)
        }
    }
}

/// Counters for the stats line (logged at unmount) and the tests.
final class CacheStats: Sendable {
    let renders = Atomic<Int>(0)
    let prefetchRenders = Atomic<Int>(0)
    let memoryHits = Atomic<Int>(0)
    let diskHits = Atomic<Int>(0)
    let diskWrites = Atomic<Int>(0)
    let diskRefused = Atomic<Int>(0)
    let evictions = Atomic<Int>(0)
    let spills = Atomic<Int>(0)
    /// Outputs a render wrote sealed on disk (`OutputSpill`), and opens
    /// served from one kept there.
    let sealedOutputs = Atomic<Int>(0)
    let sealedHits = Atomic<Int>(0)
    /// The most output bytes held in memory at once (cache and open files).
    let peakHeld = Atomic<Int>(0)
    let deadlines = Atomic<Int>(0)
    let interrupts = Atomic<Int>(0)
    /// Opens answered with an error (EIO, EACCES …) for a reason of the file's.
    let failures = Atomic<Int>(0)

    var line: String {
        "renders=\(renders.load(ordering: .relaxed)) prefetched=\(prefetchRenders.load(ordering: .relaxed)) "
            + "memory_hits=\(memoryHits.load(ordering: .relaxed)) disk_hits=\(diskHits.load(ordering: .relaxed)) "
            + "disk_writes=\(diskWrites.load(ordering: .relaxed)) disk_refused=\(diskRefused.load(ordering: .relaxed)) "
            + "evictions=\(evictions.load(ordering: .relaxed)) spilled=\(spills.load(ordering: .relaxed)) "
            + "sealed=\(sealedOutputs.load(ordering: .relaxed)) sealed_hits=\(sealedHits.load(ordering: .relaxed)) "
            + "held_peak_kib=\(peakHeld.load(ordering: .relaxed) >> 10) deadlines=\(deadlines.load(ordering: .relaxed)) "
            + "interrupted=\(interrupts.load(ordering: .relaxed)) failures=\(failures.load(ordering: .relaxed))"
    }
}
