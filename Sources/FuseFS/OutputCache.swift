import Dispatch
import Posix
import RedactCore
import Synchronization

/// Identity of one output: the source's identity plus the generation of
/// everything else that changes the bytes (settings, terms, decisions).
/// Size, mtime and ctime are part of it, so an inode number reused by
/// another file never finds this file's output.
struct OutputKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var mtimeSec: Int, mtimeNsec: Int
    var ctimeSec: Int, ctimeNsec: Int
    var generation: UInt64

    init(_ st: FileStatus, generation: UInt64) {
        device = st.device
        inode = st.inode
        size = st.size
        mtimeSec = st.mtime.tv_sec; mtimeNsec = st.mtime.tv_nsec
        ctimeSec = st.ctime.tv_sec; ctimeNsec = st.ctime.tv_nsec
        self.generation = generation
    }
}

/// One render, shared by everyone who opens the same output while it runs.
final class RenderJob: @unchecked Sendable {
    private let group = DispatchGroup()
    // Written once by the renderer before `group.leave()`, read by waiters
    // after `group.wait()`: the group orders the accesses.
    private var result: Result<[UInt8], RedactError>?

    init() { group.enter() }

    func finish(_ r: Result<[UInt8], RedactError>) {
        result = r
        group.leave()
    }

    func wait() -> Result<[UInt8], RedactError> {
        group.wait()
        return result!
    }
}

/// Finished outputs in memory within a byte budget (least recently used
/// go first), and the renders in flight. Failures are not cached: the next
/// open tries again.
final class OutputCache: Sendable {
    private struct State {
        var done: [OutputKey: (bytes: [UInt8], lastUse: UInt64)] = [:]
        var inFlight: [OutputKey: RenderJob] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    let budget: Int
    /// Guards all cache state. Never held across a render or a reply.
    private let state = Mutex(State())

    init(budget: Int) { self.budget = budget }

    /// The size of a finished output, if there is one.
    func size(of key: OutputKey) -> Int? {
        state.withLock { $0.done[key]?.bytes.count }
    }

    /// Returns the output for `key`, rendering it with `render` unless it is
    /// cached or already being rendered (then waits for that render).
    /// `rendered` is true for the one caller whose render produced it.
    func output(for key: OutputKey, render: () -> Result<[UInt8], RedactError>) -> (Result<[UInt8], RedactError>, rendered: Bool) {
        enum Step { case hit([UInt8]), wait(RenderJob), run(RenderJob) }
        let step: Step = state.withLock { s in
            if let d = s.done[key] {
                s.clock += 1
                s.done[key]!.lastUse = s.clock
                return .hit(d.bytes)
            }
            if let j = s.inFlight[key] { return .wait(j) }
            let j = RenderJob()
            s.inFlight[key] = j
            return .run(j)
        }
        switch step {
        case .hit(let b): return (.success(b), false)
        case .wait(let j): return (j.wait(), false)
        case .run(let j):
            let r = render()
            state.withLock { s in
                s.inFlight[key] = nil
                if case .success(let b) = r { insert(&s, key, b) }
            }
            j.finish(r)
            return (r, true)
        }
    }

    /// Drops every finished output (terms or settings changed).
    func removeAll() {
        state.withLock { s in
            s.done.removeAll()
            s.bytes = 0
        }
    }

    private func insert(_ s: inout State, _ key: OutputKey, _ bytes: [UInt8]) {
        // Outputs of an older identity of the same source are dead weight.
        for k in s.done.keys where k.device == key.device && k.inode == key.inode && k != key {
            s.bytes -= s.done[k]!.bytes.count
            s.done[k] = nil
        }
        s.clock += 1
        s.done[key] = (bytes, s.clock)
        s.bytes += bytes.count
        while s.bytes > budget, s.done.count > 1 {
            let oldest = s.done.min { $0.value.lastUse < $1.value.lastUse }!.key
            if oldest == key { break }
            s.bytes -= s.done[oldest]!.bytes.count
            s.done[oldest] = nil
        }
    }
}
