#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Posix
import RedactCore
import Synchronization

/// Workers started ahead of need, so that an open does not wait for a
/// process to start, load its libraries and its OCR model (about 100 ms,
/// most of a one-page letter's time).
///
/// A spare is a worker like any other, started with `--spare`: it loads
/// what every document needs, then waits for the word on its control pipe,
/// and only then installs its sandbox and parses. Its fd 0 is an empty
/// memory file (`MemoryFile`); the open that takes it copies the document
/// in, seals it and says go. No socket: a descriptor cannot travel through
/// a pipe, and DESIGN allows the program no socket beyond FUSE and systemd's.
/// Only documents up to `maxBytes` take a spare (the copy costs their size
/// in memory while the worker reads); larger ones start a worker on the
/// file itself, as before. Isolation is unchanged: each spare serves one
/// document and ends; none is ever reused. Taking a spare starts another.
///
/// Off unless `enable` is called (the mount does; `redact` does not, it
/// reads one file). Spares are started from one long-lived thread of their
/// own: a worker is killed when the thread that started it ends
/// (PR_SET_PDEATHSIG), and a spare outlives the render that asked for it.
public final class SpareWorkers: Sendable {
    public static let shared = SpareWorkers()
    /// Documents larger than this start a worker of their own.
    public static let maxBytes: Int64 = 64 << 20

    /// A started spare: its process, the memory file its document goes
    /// into, and the pipes of a worker session.
    struct Spare {
        var pid: pid_t
        var document: FileDescriptor
        var output: FileDescriptor
        var control: FileDescriptor
        var arguments: [String]
        var executable: String
    }

    /// A replacement spare waits at most this long for the renders in
    /// flight to end (see `busy`).
    static let maxDeferral = 2.0

    private struct State {
        var enabled = 0
        /// True while documents are being rendered.
        var busy: (@Sendable () -> Bool)?
        var ready: [Spare] = []
        /// What the next spares are started for (the last request taken).
        var wanted: (executable: String, request: WorkerRequest)?
        var threadStarted = false
    }

    private let state = Mutex(State())
    private let needed = DispatchSemaphore(value: 0)

    /// Keeps up to `count` spares for the requests documents are opened with.
    ///
    /// `busy` says whether renders are in flight. A replacement for a spare
    /// just taken waits until they end (at most `maxDeferral`): starting a
    /// worker costs about 150 ms of CPU (libraries, the OCR model, the
    /// rehearsal), and on a two-core machine it would take that from the
    /// very document whose open used the spare.
    public func enable(count: Int, busy: (@Sendable () -> Bool)? = nil) {
        state.withLock { $0.enabled = max(0, count); $0.busy = busy }
    }

    /// Starts spares for `request` now, before any document asks.
    public func prepare(executable: String, request: WorkerRequest) {
        let start = state.withLock { s -> Bool in
            guard s.enabled > 0 else { return false }
            s.wanted = (executable, Self.normalized(request))
            return true
        }
        if start { wake() }
    }

    /// A spare made for exactly this request, or nil. Starts a replacement.
    func take(executable: String, request: WorkerRequest, size: Int64) -> Spare? {
        guard size <= Self.maxBytes else { return nil }
        let req = Self.normalized(request)
        let (enabled, spare, stale): (Bool, Spare?, [Spare]) = state.withLock { s in
            guard s.enabled > 0 else { return (false, nil, []) }
            let args = req.arguments
            var stale: [Spare] = []
            // Spares for other settings (the dpi changed, say) go.
            if s.wanted?.request != req || s.wanted?.executable != executable {
                stale = s.ready
                s.ready = []
            }
            s.wanted = (executable, req)
            guard let i = s.ready.firstIndex(where: { $0.arguments == args && $0.executable == executable }) else {
                return (true, nil, stale)
            }
            return (true, s.ready.remove(at: i), stale)
        }
        for old in stale { Self.discard(old) }
        // Spares off (the command line): no thread, nothing started.
        if enabled { wake() }
        return spare
    }

    /// Request fields that do not change what a worker is started with.
    static func normalized(_ request: WorkerRequest) -> WorkerRequest {
        var r = request
        r.control = true
        r.pages = nil
        r.spare = false
        return r
    }

    private func wake() {
        let startThread = state.withLock { s -> Bool in
            if s.threadStarted { return false }
            s.threadStarted = true
            return true
        }
        if startThread {
            let ok = DetachedThread.start { [self] in loop() }
            if !ok { state.withLock { $0.threadStarted = false } }
        }
        needed.signal()
    }

    private func loop() -> Never {
        while true {
            needed.wait()
            while let (executable, request) = state.withLock({ s -> (String, WorkerRequest)? in
                guard let w = s.wanted, s.ready.count < s.enabled else { return nil }
                return (w.executable, w.request)
            }) {
                waitUntilQuiet()
                guard let spare = Self.start(executable: executable, request: request) else { break }
                let extra = state.withLock { s -> Spare? in
                    // Settings changed while it started, or enough are ready: not needed.
                    guard s.wanted?.request == request, s.wanted?.executable == executable,
                          s.ready.count < s.enabled else { return spare }
                    s.ready.append(spare)
                    return nil
                }
                if let extra {
                    Self.discard(extra)
                    break
                }
            }
        }
    }

    /// Returns once no render is in flight, or after `maxDeferral`.
    private func waitUntilQuiet() {
        guard let busy = state.withLock({ $0.busy }) else { return }
        var waited = 0.0
        let step = 0.02
        while busy() && waited < Self.maxDeferral {
            usleep(UInt32(step * 1_000_000))
            waited += step
        }
    }

    private static func start(executable: String, request: WorkerRequest) -> Spare? {
        do {
            let document = try MemoryFile.create("redactfs-document")
            let out = try makePipe(capacity: WorkerClient.pageBuffer)
            let ctl = try makePipe()
            var req = request
            req.spare = true
            let client = WorkerClient(executable: executable)
            let pid = try client.spawn(source: document.rawValue, output: out.write.rawValue,
                                       control: ctl.read.rawValue, request: req)
            return Spare(pid: pid, document: document, output: out.read, control: ctl.write,
                         arguments: request.arguments, executable: executable)
        } catch {
            return nil
        }
    }

    /// Hands `source` to `spare`: copied into its memory file, sealed, and
    /// the word given (a u64 of the size, on the control pipe).
    static func hand(_ source: FileDescriptor, to spare: Spare) throws(Errno) {
        let size = try MemoryFile.fill(spare.document, from: source, max: maxBytes)
        try MemoryFile.seal(spare.document)
        var w = WireWriter()
        w.u64(UInt64(size))
        try spare.control.writeAll(w.bytes)
    }

    /// Ends an unused spare: closing its pipes tells it to exit; the kill
    /// makes sure, and the wait reaps it.
    static func discard(_ spare: Spare) {
        kill(spare.pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(spare.pid, &status, 0) < 0 && errno == EINTR {}
    }
}
