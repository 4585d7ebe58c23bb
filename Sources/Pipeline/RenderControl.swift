#if canImport(Glibc)
import Glibc
#endif
import RedactCore
import Synchronization
import Worker

/// One document's render, as the rest of the process sees it: who waits for
/// it (its priority), the CPU its workers have used, and whether it must
/// stop. Every worker of the document checks it about ten times a second
/// (`WorkerWatch`), so a stop takes effect within a tick, mid-page too.
///
/// - The document's budgets (`Limits.documentCPUSeconds`, `documentSeconds`)
///   count every worker it started.
/// - When nobody waits any more (`abandon`: every open gave up at its
///   deadline or was interrupted), the render drops to background priority
///   and may use `Limits.finishCPUSeconds` more to finish into the cache;
///   past that its workers are killed. Someone opening it again (`promote`)
///   lifts that.
public final class RenderControl: Sendable {
    public let limits: Limits
    private struct State {
        var priority: Priority
        /// CPU seconds per worker, as last seen.
        var cpu: [ObjectIdentifier: Double] = [:]
        var total = 0.0
        /// The total when the last waiter left; nil while someone waits.
        var abandonedAt: Double?
        var stopped: RedactError?
    }
    private let state: Mutex<State>
    private let started: Double

    public init(priority: Priority, limits: Limits = Limits()) {
        self.limits = limits
        state = Mutex(State(priority: priority))
        started = WorkerPool.now()
    }

    /// Interactive while someone waits, background otherwise.
    public var priority: Priority { state.withLock { $0.priority } }

    /// CPU seconds used by the document's workers so far.
    public var cpuSeconds: Double { state.withLock { $0.total } }

    /// Someone waits for the render (again).
    public func promote() {
        state.withLock { s in
            s.priority = .interactive
            s.abandonedAt = nil
        }
    }

    /// Nobody waits for the render any more.
    public func abandon() {
        state.withLock { s in
            s.priority = .background
            if s.abandonedAt == nil { s.abandonedAt = s.total }
        }
    }

    /// Why the render must stop, if it must.
    public var stopReason: RedactError? {
        state.withLock { s in Self.reason(s, limits: limits, elapsed: WorkerPool.now() - started) }
    }

    /// A worker's CPU time so far: adds it to the document's and says
    /// whether the document must stop.
    func report(worker: ObjectIdentifier, cpu: Double) -> RedactError? {
        let elapsed = WorkerPool.now() - started
        return state.withLock { s in
            let before = s.cpu[worker] ?? 0
            if cpu > before {
                s.cpu[worker] = cpu
                s.total += cpu - before
            }
            if let e = Self.reason(s, limits: limits, elapsed: elapsed), s.stopped == nil { s.stopped = e }
            return s.stopped
        }
    }

    private static func reason(_ s: State, limits: Limits, elapsed: Double) -> RedactError? {
        if let e = s.stopped { return e }
        if s.total > limits.documentCPUSeconds { return .limitExceeded(.documentCPU(seconds: limits.documentCPUSeconds)) }
        if elapsed > limits.documentSeconds { return .limitExceeded(.documentTime(seconds: limits.documentSeconds)) }
        if let at = s.abandonedAt, s.total - at > limits.finishCPUSeconds {
            return .limitExceeded(.finishCPU(seconds: limits.finishCPUSeconds))
        }
        return nil
    }
}

/// What one worker session answers to: its document's control and its slot
/// in the pool.
final class SessionWatch: WorkerWatch {
    let control: RenderControl
    let pool: WorkerPool
    let slot: WorkerPool.Slot

    init(control: RenderControl, pool: WorkerPool, slot: WorkerPool.Slot) {
        self.control = control
        self.pool = pool
        self.slot = slot
    }

    func started(pid: pid_t) { pool.attach(slot, pid: pid) }
    func pageStarting() { pool.pageStarted(slot) }
    func ending() { pool.detach(slot) }
    var pausedSeconds: Double { pool.pausedSeconds(slot) }
    func check(workerCPU: Double) -> RedactError? {
        control.report(worker: ObjectIdentifier(self), cpu: workerCPU)
    }
}
