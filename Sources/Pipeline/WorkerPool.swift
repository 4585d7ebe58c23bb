#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Who is waiting for a document: a person (an open in the mount, the
/// command line) or prefetch that nobody waits for yet.
public enum Priority: Sendable {
    case interactive, background
}

/// The worker slots of the whole process, shared by every document: each
/// running worker holds one. Eight readers with four jobs each still start
/// no more tesseracts than there are slots. A freed slot goes to an
/// interactive waiter first, so prefetch never delays a person.
public final class WorkerPool: Sendable {
    /// One slot per online core, unless `--jobs` says otherwise.
    public static let shared = WorkerPool(slots: WorkerPool.onlineCores())

    struct State {
        var slots: Int
        var busy = 0
        // FIFO per priority; a released slot is handed to the first waiter.
        var interactive: [DispatchSemaphore] = []
        var background: [DispatchSemaphore] = []
    }
    private let state: Mutex<State>

    public init(slots: Int) {
        state = Mutex(State(slots: max(1, slots)))
    }

    public static func onlineCores() -> Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// How many workers may run at once (and how many one document may use).
    public var slots: Int { state.withLock { $0.slots } }

    /// Workers running now (for tests and logs).
    public var busy: Int { state.withLock { $0.busy } }

    /// Changes the number of slots; running workers are not stopped.
    public func setSlots(_ n: Int) {
        let wake: [DispatchSemaphore] = state.withLock { s in
            s.slots = max(1, n)
            var woken: [DispatchSemaphore] = []
            while s.busy < s.slots, let w = s.popWaiter() { s.busy += 1; woken.append(w) }
            return woken
        }
        for w in wake { w.signal() }
    }

    /// Waits for a slot. Interactive callers queue ahead of background ones.
    public func acquire(_ priority: Priority) {
        let wait: DispatchSemaphore? = state.withLock { s in
            let ahead = priority == .interactive ? s.interactive.count : s.interactive.count + s.background.count
            if s.busy < s.slots && ahead == 0 { s.busy += 1; return nil }
            let sem = DispatchSemaphore(value: 0)
            if priority == .interactive { s.interactive.append(sem) } else { s.background.append(sem) }
            return sem
        }
        wait?.wait()
    }

    /// Takes a slot only if one is free and nobody of equal or higher
    /// priority is waiting for it.
    public func tryAcquire(_ priority: Priority) -> Bool {
        state.withLock { s in
            let ahead = priority == .interactive ? s.interactive.count : s.interactive.count + s.background.count
            guard s.busy < s.slots && ahead == 0 else { return false }
            s.busy += 1
            return true
        }
    }

    /// Callers waiting for a slot, of either priority (for tests and logs).
    public var waiting: Int { state.withLock { $0.interactive.count + $0.background.count } }

    /// True when a person waits for a slot (background work then yields).
    public var interactiveWaiting: Bool { state.withLock { !$0.interactive.isEmpty } }

    /// Returns a slot, handing it straight to the first waiter if any.
    public func release() {
        let next: DispatchSemaphore? = state.withLock { s in
            if s.busy <= s.slots, let w = s.popWaiter() { return w }
            s.busy -= 1
            return nil
        }
        next?.signal()
    }
}

extension WorkerPool.State {
    mutating func popWaiter() -> DispatchSemaphore? {
        if !interactive.isEmpty { return interactive.removeFirst() }
        if !background.isEmpty { return background.removeFirst() }
        return nil
    }
}
