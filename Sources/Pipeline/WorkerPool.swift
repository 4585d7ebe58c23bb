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
/// no more tesseracts than there are slots.
///
/// Fair share. A freed slot goes to an interactive waiter first, then back
/// to a worker paused for one, then to background work. A person who waits
/// while every slot is held does not wait for a long page to end: after
/// `preemptAfter` the pool pauses (SIGSTOP) the worker of another document
/// whose page has run longest, or any background worker at once, and hands
/// its slot over; the paused worker goes on (SIGCONT) when a slot frees. So
/// two CPU bombs cannot hold every slot while a one-page letter waits, and
/// no more than `slots` workers ever run at once. A paused worker's page
/// clock stops with it (`pausedSeconds`), so pausing costs it no budget.
public final class WorkerPool: Sendable {
    /// One slot per online core, unless `--jobs` says otherwise.
    public static let shared = WorkerPool(slots: WorkerPool.onlineCores())

    /// How long an interactive waiter waits before a long page is paused
    /// for it: about one ordinary page's time.
    public static let preemptAfter = 1.0

    /// A held slot: one worker process of one document.
    public final class Slot: Sendable {
        let id: Int
        /// The document, for telling documents apart (nil: none given).
        let owner: RenderControl?
        init(id: Int, owner: RenderControl?) {
            self.id = id
            self.owner = owner
        }
    }

    struct Held {
        var owner: RenderControl?
        /// The priority asked for; a document's own (`RenderControl`)
        /// overrides it, since it changes while the worker runs.
        var asked: Priority
        var pid: pid_t?
        var pageStarted: Double
        /// When it got its slot (or was last resumed).
        var since: Double
        var pausedSince: Double?
        var pausedTotal = 0.0
        /// Whom it works for now: background once nobody waits any more.
        var priority: Priority { owner?.priority ?? asked }
    }

    final class Waiter: Sendable {
        let sem = DispatchSemaphore(value: 0)
        let owner: RenderControl?
        let priority: Priority
        let since: Double
        /// Set under the pool's lock by whoever grants the slot.
        let granted = Mutex<Slot?>(nil)
        init(owner: RenderControl?, priority: Priority, since: Double) {
            self.owner = owner
            self.priority = priority
            self.since = since
        }
    }

    struct State {
        var slots: Int
        var held: [Int: Held] = [:]
        var running = 0
        var nextID = 1
        // FIFO per priority; a released slot is handed to the first waiter.
        var interactive: [Waiter] = []
        var background: [Waiter] = []
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

    /// Workers running now, paused ones not counted (for tests and logs).
    public var busy: Int { state.withLock { $0.running } }

    /// Workers paused for another document's open (for tests and logs).
    public var paused: Int { state.withLock { s in s.held.values.filter { $0.pausedSince != nil }.count } }

    /// Changes the number of slots; running workers are not stopped.
    public func setSlots(_ n: Int) {
        state.withLock { s in
            s.slots = max(1, n)
            while s.running < s.slots, Self.handOver(&s) {}
        }
    }

    /// Waits for a slot. Interactive callers queue ahead of background ones;
    /// an interactive caller that waits `preemptAfter` gets the slot of a
    /// paused long page (see the type's comment).
    public func acquire(_ priority: Priority, owner: RenderControl? = nil) -> Slot {
        let now = Self.now()
        let waiter: Waiter = state.withLock { s in
            let w = Waiter(owner: owner, priority: priority, since: now)
            let ahead = priority == .interactive ? s.interactive.count : s.interactive.count + s.background.count
            if s.running < s.slots && ahead == 0 {
                w.granted.withLock { $0 = Self.grant(&s, owner: owner, priority: priority) }
                return w
            }
            if priority == .interactive { s.interactive.append(w) } else { s.background.append(w) }
            return w
        }
        while true {
            if let slot = waiter.granted.withLock({ $0 }) { return slot }
            if waiter.sem.wait(timeout: .now() + 0.1) == .success, let slot = waiter.granted.withLock({ $0 }) { return slot }
            if priority == .interactive { preempt(for: waiter) }
        }
    }

    /// Takes a slot only if one is free and nobody of equal or higher
    /// priority is waiting for it.
    public func tryAcquire(_ priority: Priority, owner: RenderControl? = nil) -> Slot? {
        state.withLock { s in
            let ahead = priority == .interactive ? s.interactive.count : s.interactive.count + s.background.count
            guard s.running < s.slots && ahead == 0 else { return nil }
            return Self.grant(&s, owner: owner, priority: priority)
        }
    }

    /// The worker process on `slot`: the pool may pause it from now on.
    public func attach(_ slot: Slot, pid: pid_t) {
        state.withLock { s in
            s.held[slot.id]?.pid = pid
            s.held[slot.id]?.pageStarted = Self.now()
        }
    }

    /// The slot's worker starts a page (a long page is what gets paused).
    public func pageStarted(_ slot: Slot) {
        state.withLock { $0.held[slot.id]?.pageStarted = Self.now() }
    }

    /// The slot's worker ends: it is never signalled again (its process id
    /// may be reused once it is reaped). A worker paused at that moment is
    /// continued first: it only finishes (its last record, its exit), and
    /// with its process id forgotten nothing would ever continue it. The
    /// session ending it waited for it until the page budget ran out (180 s).
    /// Its slot stays given away: it was handed on when it was paused.
    public func detach(_ slot: Slot) {
        state.withLock { s in
            if let h = s.held[slot.id], h.pausedSince != nil, let pid = h.pid { kill(pid, SIGCONT) }
            s.held[slot.id]?.pid = nil
        }
    }

    /// The slot's worker's time spent paused so far.
    public func pausedSeconds(_ slot: Slot) -> Double {
        state.withLock { s in
            guard let h = s.held[slot.id] else { return 0 }
            return h.pausedTotal + (h.pausedSince.map { Self.now() - $0 } ?? 0)
        }
    }

    /// Callers waiting for a slot, of either priority (for tests and logs).
    public var waiting: Int { state.withLock { $0.interactive.count + $0.background.count } }

    /// True when a person waits for a slot (background work then yields).
    public var interactiveWaiting: Bool { state.withLock { !$0.interactive.isEmpty } }

    /// How long a worker runs before it gives its slot back to a worker of
    /// another document that was paused for it and that someone waits for.
    public static let quantum = 2 * preemptAfter

    /// Whether the worker on `slot` should give its slot up at the end of
    /// its page: when it is background work and a person waits; when a
    /// person waits for another document and this one holds more than one
    /// slot; or when it has run a `quantum` while a
    /// worker of another document someone waits for is paused (that one
    /// then runs at least `preemptAfter` before it can be paused again, so
    /// the long pages of two documents take turns).
    public func shouldYield(_ slot: Slot) -> Bool {
        let now = Self.now()
        let owner = slot.owner
        return state.withLock { s in
            guard let me = s.held[slot.id] else { return false }
            if me.priority == .background && !s.interactive.isEmpty { return true }
            if now - me.since >= Self.quantum,
               s.held.values.contains(where: { h in
                   h.pausedSince != nil && h.pid != nil && (h.owner == nil || h.owner !== owner)
                       && h.priority != .background
               }) {
                return true
            }
            guard let w = s.interactive.first, w.owner !== owner || owner == nil else { return false }
            return s.held.values.filter { $0.owner === owner && $0.pausedSince == nil }.count > 1
        }
    }

    /// Returns a slot: to the first interactive waiter, else to a paused
    /// worker, else to the first background waiter. A paused worker's slot
    /// was handed on when it was paused: nothing to give.
    public func release(_ slot: Slot) {
        state.withLock { s in
            guard let h = s.held.removeValue(forKey: slot.id) else { return }
            if h.pausedSince != nil { return }
            s.running -= 1
            if s.running < s.slots { _ = Self.handOver(&s) }
        }
    }

    // MARK: - Under the lock

    private static func grant(_ s: inout State, owner: RenderControl?, priority: Priority) -> Slot {
        let slot = Slot(id: s.nextID, owner: owner)
        s.nextID += 1
        let t = now()
        s.held[slot.id] = Held(owner: owner, asked: priority, pid: nil, pageStarted: t, since: t)
        s.running += 1
        return slot
    }

    /// Gives one free slot away; false when nobody wants it.
    private static func handOver(_ s: inout State) -> Bool {
        if !s.interactive.isEmpty {
            let w = s.interactive.removeFirst()
            w.granted.withLock { $0 = grant(&s, owner: w.owner, priority: w.priority) }
            w.sem.signal()
            return true
        }
        // The worker paused longest goes on first.
        if let (id, h) = s.held.filter({ $0.value.pausedSince != nil }).min(by: { $0.value.pausedSince! < $1.value.pausedSince! }) {
            s.held[id]!.pausedTotal += now() - h.pausedSince!
            s.held[id]!.pausedSince = nil
            // Time of its own before it can be paused again.
            s.held[id]!.pageStarted = now()
            s.held[id]!.since = now()
            s.running += 1
            if let pid = h.pid { kill(pid, SIGCONT) }
            return true
        }
        if !s.background.isEmpty {
            let w = s.background.removeFirst()
            w.granted.withLock { $0 = grant(&s, owner: w.owner, priority: w.priority) }
            w.sem.signal()
            return true
        }
        return false
    }

    /// For the first interactive waiter: pauses a background worker at
    /// once, or, once the waiter has waited `preemptAfter`, the longest
    /// page of another document that has run that long; grants its slot.
    private func preempt(for waiter: Waiter) {
        let now = Self.now()
        state.withLock { s in
            guard s.interactive.first === waiter, s.running >= s.slots else { return }
            let candidates = s.held.filter { _, h in
                h.pid != nil && h.pausedSince == nil && (h.owner == nil || h.owner !== waiter.owner)
            }
            let background = candidates.filter { $0.value.priority == .background }
            let long = now - waiter.since >= Self.preemptAfter
                ? candidates.filter { now - $0.value.pageStarted >= Self.preemptAfter } : [:]
            let victim = background.min { $0.value.pageStarted < $1.value.pageStarted }
                ?? long.min { $0.value.pageStarted < $1.value.pageStarted }
            guard let (id, h) = victim, let pid = h.pid, kill(pid, SIGSTOP) == 0 else { return }
            s.held[id]!.pausedSince = now
            s.running -= 1
            s.interactive.removeFirst()
            waiter.granted.withLock { $0 = Self.grant(&s, owner: waiter.owner, priority: waiter.priority) }
            waiter.sem.signal()
        }
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
