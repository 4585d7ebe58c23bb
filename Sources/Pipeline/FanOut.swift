#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Posix
import RedactCore
import Synchronization
import Worker

/// Spreads the pages of one document over worker processes: the caller's
/// thread drives the first worker; while pages remain and the pool has a
/// free slot, more workers join and take pages from the same queue. Each
/// page is handed to `handle` (on the thread that read it) as soon as it
/// arrives, so a page's pixels live only while that page is processed.
///
/// All or nothing: the first error stops every worker and is thrown.
///
/// The document's `RenderControl` says how urgent it is (a person waits,
/// or not) and when to stop (its budgets, a render nobody waits for).
/// Background work and the extra workers of a document yield their slot
/// at the end of a page to a person waiting for another document.
final class FanOut: Sendable {
    let pool: WorkerPool
    let control: RenderControl
    let client: WorkerClient
    let source: FileDescriptor
    let request: WorkerRequest
    /// At most this many workers for this document (one for image files,
    /// whose pages are decoded in order).
    let maxWorkers: Int

    struct State {
        var pageCount = 0
        var next = 0
        var done = 0
        var workers = 0
        var failure: RedactError?
    }
    private let state = Mutex(State())
    private let group = DispatchGroup()
    /// The workers' stage times: their starts and every page they sent.
    private let times = Mutex(StageTimes())

    /// Where the workers' time went so far (`StageTimes`).
    var stageTimes: StageTimes { times.withLock { $0 } }

    init(pool: WorkerPool, control: RenderControl, client: WorkerClient, source: FileDescriptor, request: WorkerRequest,
         maxWorkers: Int = .max) {
        self.pool = pool
        self.maxWorkers = max(1, maxWorkers)
        self.control = control
        self.client = client
        self.source = source
        self.request = request
    }

    /// Runs the document; returns its page count. `progress` is called on
    /// the caller's thread with (pages done, page count).
    func run(_ handle: @escaping @Sendable (consuming WorkerPage) throws(RedactError) -> Void,
             progress: ((Int, Int) -> Void)? = nil) throws(RedactError) -> Int {
        if let stop = control.stopReason { throw stop }
        let slot = pool.acquire(control.priority, owner: control)
        let first: WorkerSession
        do throws(RedactError) {
            // poppler reads from the descriptor's current offset: every
            // worker gets its own open file description, at offset 0.
            guard let own = reopen(source) else { throw .io(.worker, errno) }
            first = try session(own, slot)
        } catch {
            pool.release(slot)
            throw error
        }
        state.withLock { $0.pageCount = first.pageCount; $0.workers = 1 }
        drive(first, on: slot, handle: handle, progress: progress)
        pool.release(slot)
        // Work that stepped aside for a person comes back for the pages
        // nobody took, queued behind interactive callers.
        while state.withLock({ $0.failure == nil && $0.next < $0.pageCount }) {
            if let stop = control.stopReason {
                state.withLock { if $0.failure == nil { $0.failure = stop } }
                break
            }
            let slot = pool.acquire(control.priority, owner: control)
            defer { pool.release(slot) }
            guard state.withLock({ $0.failure == nil && $0.next < $0.pageCount }) else { break }
            do throws(RedactError) {
                guard let own = reopen(source) else { throw .io(.worker, errno) }
                let session = try session(own, slot)
                state.withLock { $0.workers += 1 }
                drive(session, on: slot, handle: handle, progress: progress)
            } catch {
                state.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
        group.wait()
        let (count, failure) = state.withLock { ($0.pageCount, $0.failure) }
        if let failure { throw failure }
        return count
    }

    /// A worker on `slot`, watched by the pool and the document's control.
    private func session(_ source: FileDescriptor, _ slot: WorkerPool.Slot) throws(RedactError) -> WorkerSession {
        let s = try WorkerSession(client: client, source: source, request: request,
                                  watch: SessionWatch(control: control, pool: pool, slot: slot))
        let start = s.startTimes
        times.withLock { $0.add(start) }
        return s
    }

    /// Takes pages for `session` until none are left, something failed, or
    /// a person waits for a worker slot while this is background work or
    /// one of several workers of this document.
    private func drive(_ session: WorkerSession, on slot: WorkerPool.Slot, handle: @escaping @Sendable (consuming WorkerPage) throws(RedactError) -> Void,
                       progress: ((Int, Int) -> Void)?) {
        do throws(RedactError) {
            // One page ahead: the worker draws the next page while this
            // thread detects, burns and encodes the one before (each side
            // waited for the other before).
            var next = claim()
            if let n = next { try session.request(n) }
            var stopping = false
            while let index = next {
                addWorkerIfUseful(handle)
                let page = try session.receive(index)
                next = stopping ? nil : claim()
                if let n = next { try session.request(n) }
                let spent = page.times
                times.withLock { $0.add(spent) }
                // Handed over, not shared: the handler can burn the page's
                // pixels in place instead of copying them (up to 180 MB).
                try handle(page)
                let (done, total) = state.withLock { s in s.done += 1; return (s.done, s.pageCount) }
                progress?(done, total)
                // Yielding: the page already asked for is read and handled
                // first, then no more are asked for.
                if !stopping && pool.shouldYield(slot) {
                    stopping = true
                    if next == nil { break }
                } else if stopping {
                    break
                }
            }
            try session.finish()
        } catch {
            session.abort()
            state.withLock { if $0.failure == nil { $0.failure = error } }
        }
        state.withLock { $0.workers -= 1 }
    }

    /// The next page nobody has taken, or nil when done or failed.
    private func claim() -> Int? {
        state.withLock { s in
            guard s.failure == nil, s.next < s.pageCount else { return nil }
            defer { s.next += 1 }
            return s.next
        }
    }

    /// Starts one more worker when at least two pages are still untaken,
    /// the document has fewer workers than slots, and a slot is free.
    private func addWorkerIfUseful(_ handle: @escaping @Sendable (consuming WorkerPage) throws(RedactError) -> Void) {
        let wanted = state.withLock { s in s.failure == nil && s.pageCount - s.next >= 1 && s.workers < min(pool.slots, maxWorkers) }
        guard wanted, let slot = pool.tryAcquire(control.priority, owner: control) else { return }
        // Each worker needs its own open file description: workers sharing
        // one would move each other's file offset under poppler's feet.
        guard let own = reopen(source) else { pool.release(slot); return }
        state.withLock { $0.workers += 1 }
        group.enter()
        // A thread of its own: on libdispatch's pool the block could wait
        // for a thread while holding the slot it was given.
        let started = DetachedThread.start { [self] in
            defer { pool.release(slot); group.leave() }
            let session: WorkerSession
            do throws(RedactError) {
                session = try self.session(own, slot)
            } catch {
                state.withLock { s in if s.failure == nil { s.failure = error }; s.workers -= 1 }
                return
            }
            drive(session, on: slot, handle: handle, progress: nil)
        }
        if !started {
            state.withLock { $0.workers -= 1 }
            pool.release(slot)
            group.leave()
        }
    }
}

/// A new open file description of the same file, read-only. (open of
/// /proc/self/fd/N; the file is not looked up by name again)
func reopen(_ fd: FileDescriptor) -> FileDescriptor? {
    let n = open("/proc/self/fd/\(fd.rawValue)", O_RDONLY | O_CLOEXEC)
    return n < 0 ? nil : FileDescriptor(owning: n)
}
