#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import XCTest
@testable import Pipeline

final class WorkerPoolTests: XCTestCase {
    func testSlotsAreALimit() throws {
        let pool = WorkerPool(slots: 2)
        let a = try XCTUnwrap(pool.tryAcquire(.interactive))
        let b = try XCTUnwrap(pool.tryAcquire(.background))
        XCTAssertNil(pool.tryAcquire(.interactive))
        XCTAssertEqual(pool.busy, 2)
        pool.release(a)
        let c = try XCTUnwrap(pool.tryAcquire(.interactive))
        pool.release(b); pool.release(c)
        XCTAssertEqual(pool.busy, 0)
    }

    /// A freed slot goes to a waiting person before waiting prefetch, even
    /// when the prefetch started waiting first.
    func testInteractiveWaitersGoFirst() {
        let pool = WorkerPool(slots: 1)
        let first = pool.acquire(.interactive)
        let order = Mutex<[String]>([])
        let group = DispatchGroup()
        func waiter(_ name: String, _ p: Priority) {
            group.enter()
            Thread.detachNewThread {
                let slot = pool.acquire(p)
                order.withLock { $0.append(name) }
                Thread.sleep(forTimeInterval: 0.02)
                pool.release(slot)
                group.leave()
            }
        }
        waiter("background", .background)
        while pool.waiting < 1 { Thread.sleep(forTimeInterval: 0.005) }
        waiter("interactive", .interactive)
        while !pool.interactiveWaiting { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertNil(pool.tryAcquire(.background), "no jumping the queue")
        pool.release(first)
        group.wait()
        XCTAssertEqual(order.withLock { $0 }, ["interactive", "background"])
        XCTAssertEqual(pool.busy, 0)
    }

    func testMoreSlotsWakeWaiters() {
        let pool = WorkerPool(slots: 1)
        _ = pool.acquire(.interactive)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = pool.acquire(.background)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 0.1), .timedOut)
        pool.setSlots(2)
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(pool.busy, 2)
    }

    // MARK: - Fair share

    /// A child that only sleeps, standing in for a worker on a long page.
    func sleeper() throws -> pid_t {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("60"), nil]
        defer { for p in argv { free(p) } }
        guard posix_spawn(&pid, "/bin/sleep", nil, nil, argv, environ) == 0 else { throw XCTSkip("cannot spawn /bin/sleep") }
        return pid
    }

    /// Whether the process is stopped (SIGSTOP), once the signal has landed.
    func stopped(_ pid: pid_t, _ want: Bool = true) -> Bool {
        for _ in 0..<100 {
            if (state(pid) == "T") == want { return want }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return !want
    }

    func state(_ pid: pid_t) -> Character? {
        guard let f = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(f) }
        var buf = [CChar](repeating: 0, count: 512)
        guard fgets(&buf, 512, f) != nil else { return nil }
        let line = String(cString: buf)
        guard let close = line.lastIndex(of: ")") else { return nil }
        return line[line.index(close, offsetBy: 2)]
    }

    /// A slot held by `owner` with a sleeping child as its worker.
    func held(_ pool: WorkerPool, by owner: RenderControl) throws -> (WorkerPool.Slot, pid_t) {
        let p = try sleeper()
        let slot = pool.acquire(.interactive, owner: owner)
        pool.attach(slot, pid: p)
        return (slot, p)
    }

    /// An open of `owner` waiting for a slot on a thread of its own; the
    /// semaphore is signalled once it has one (which it gives back at once).
    func waitingOpen(_ pool: WorkerPool, _ owner: RenderControl) -> DispatchSemaphore {
        let got = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let s = pool.acquire(.interactive, owner: owner)
            got.signal()
            pool.release(s)
        }
        return got
    }

    func reap(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var st: Int32 = 0
        waitpid(pid, &st, 0)
    }

    /// Two documents whose long pages hold both slots: a person opening a
    /// third gets a slot after about `preemptAfter`, by pausing the page
    /// that has run longest; that worker goes on when the slot frees, and
    /// its paused time is not counted as its page time.
    func testAWaitingOpenPausesTheLongestPageOfAnotherDocument() throws {
        let pool = WorkerPool(slots: 2)
        let bombA = RenderControl(priority: .interactive), bombB = RenderControl(priority: .interactive)
        let letter = RenderControl(priority: .interactive)
        let (pa, pb) = (try sleeper(), try sleeper())
        defer { reap(pa); reap(pb) }
        let a = pool.acquire(.interactive, owner: bombA)
        pool.attach(a, pid: pa)
        Thread.sleep(forTimeInterval: 0.2)
        let b = pool.acquire(.interactive, owner: bombB)
        pool.attach(b, pid: pb)

        let t0 = WorkerPool.now()
        let mine = pool.acquire(.interactive, owner: letter)
        let waited = WorkerPool.now() - t0
        XCTAssertGreaterThanOrEqual(waited, WorkerPool.preemptAfter - 0.25)
        XCTAssertLessThan(waited, WorkerPool.preemptAfter + 1.5, "the open waited for a long page to end")
        XCTAssertEqual(pool.paused, 1)
        XCTAssertEqual(pool.busy, 2, "never more workers running than slots")
        XCTAssertTrue(stopped(pa), "the page that ran longest is the one paused")
        XCTAssertFalse(stopped(pb, false))

        Thread.sleep(forTimeInterval: 0.3)
        pool.release(mine)
        XCTAssertEqual(pool.paused, 0)
        XCTAssertFalse(stopped(pa, false), "the paused worker goes on when the slot frees")
        XCTAssertGreaterThanOrEqual(pool.pausedSeconds(a), 0.3)
        pool.release(a); pool.release(b)
        XCTAssertEqual(pool.busy, 0)
    }

    /// A short page is not paused: a person waits for it to end instead.
    func testShortPagesAreNotPaused() throws {
        let pool = WorkerPool(slots: 1)
        let (a, p) = try held(pool, by: RenderControl(priority: .interactive))
        defer { reap(p) }
        let got = waitingOpen(pool, RenderControl(priority: .interactive))
        // Pages of a quarter second (well under `preemptAfter` even on a
        // loaded machine): each new page resets the clock.
        for _ in 0..<8 {
            Thread.sleep(forTimeInterval: 0.25)
            pool.pageStarted(a)
        }
        XCTAssertEqual(pool.paused, 0)
        XCTAssertEqual(got.wait(timeout: .now() + 0.05), .timedOut)
        pool.release(a)
        XCTAssertEqual(got.wait(timeout: .now() + 5), .success)
    }

    /// A worker of the same document is never paused for that document.
    func testADocumentDoesNotPauseItself() throws {
        let pool = WorkerPool(slots: 1)
        let doc = RenderControl(priority: .interactive)
        let (a, p) = try held(pool, by: doc)
        defer { reap(p) }
        let got = waitingOpen(pool, doc)
        XCTAssertEqual(got.wait(timeout: .now() + WorkerPool.preemptAfter + 0.8), .timedOut)
        XCTAssertEqual(pool.paused, 0)
        pool.release(a)
        XCTAssertEqual(got.wait(timeout: .now() + 5), .success)
    }

    /// A document nobody waits for any more is background work: its worker
    /// is paused for a person at once, whatever its page's age.
    func testAbandonedRenderIsPausedAtOnce() throws {
        let pool = WorkerPool(slots: 1)
        let gone = RenderControl(priority: .interactive)
        let (a, p) = try held(pool, by: gone)
        defer { reap(p) }
        gone.abandon()
        XCTAssertEqual(gone.priority, .background)
        let mine = pool.acquire(.interactive, owner: RenderControl(priority: .interactive))
        XCTAssertTrue(stopped(p))
        pool.release(mine)
        XCTAssertFalse(stopped(p, false))
        pool.release(a)
    }

    /// Prefetch that someone opens meanwhile is waited for: its worker is a
    /// person's now, not paused at once (its slot was asked for as
    /// background; the document's priority is what counts).
    func testAPromotedRenderIsNotPausedAtOnce() throws {
        let pool = WorkerPool(slots: 1)
        let prefetch = RenderControl(priority: .background)
        let p = try sleeper()
        defer { reap(p) }
        let a = pool.acquire(.background, owner: prefetch)
        pool.attach(a, pid: p)
        prefetch.promote()
        let got = waitingOpen(pool, RenderControl(priority: .interactive))
        XCTAssertEqual(got.wait(timeout: .now() + WorkerPool.preemptAfter / 2), .timedOut)
        XCTAssertFalse(stopped(p, false))
        XCTAssertFalse(pool.shouldYield(a), "a person waits for it too")
        pool.release(a)
        XCTAssertEqual(got.wait(timeout: .now() + 5), .success)
    }

    /// A detached worker (ending, about to be reaped) is never signalled.
    func testADetachedWorkerIsNotPaused() throws {
        let pool = WorkerPool(slots: 1)
        let (a, p) = try held(pool, by: RenderControl(priority: .background))
        defer { reap(p) }
        pool.detach(a)
        let got = waitingOpen(pool, RenderControl(priority: .interactive))
        XCTAssertEqual(got.wait(timeout: .now() + WorkerPool.preemptAfter + 0.5), .timedOut)
        XCTAssertFalse(stopped(p, false))
        pool.release(a)
        XCTAssertEqual(got.wait(timeout: .now() + 5), .success)
    }

    /// A worker that ends while paused (its session finishing after a
    /// yield) is continued before its pid is forgotten: otherwise nothing
    /// would continue it, and the session waiting for its last record hung
    /// until the page budget (180 s).
    func testAWorkerEndingWhilePausedIsContinued() throws {
        let pool = WorkerPool(slots: 1)
        let (a, p) = try held(pool, by: RenderControl(priority: .background))
        defer { reap(p) }
        let mine = pool.acquire(.interactive, owner: RenderControl(priority: .interactive))
        XCTAssertTrue(stopped(p), "background work is paused at once for a person")
        pool.detach(a)
        XCTAssertFalse(stopped(p, false), "the ending worker was left stopped")
        pool.release(a)
        XCTAssertEqual(pool.busy, 1, "the paused slot was already handed on")
        pool.release(mine)
        XCTAssertEqual(pool.busy, 0)
    }

    /// Long pages of two documents someone waits for take turns: the one
    /// that paused the other gives its slot back after a quantum, at the
    /// end of its page; work nobody waits for is not given one.
    func testLongPagesOfTwoWaitedForDocumentsTakeTurns() throws {
        let pool = WorkerPool(slots: 1)
        let a = RenderControl(priority: .interactive), b = RenderControl(priority: .interactive)
        let (pa, pb) = (try sleeper(), try sleeper())
        defer { reap(pa); reap(pb) }
        let sa = pool.acquire(.interactive, owner: a)
        pool.attach(sa, pid: pa)
        let sb = pool.acquire(.interactive, owner: b)   // pauses a after about a second
        pool.attach(sb, pid: pb)
        XCTAssertTrue(stopped(pa))
        XCTAssertFalse(pool.shouldYield(sb), "b has not had its quantum yet")
        XCTAssertFalse(pool.shouldYield(sa))
        Thread.sleep(forTimeInterval: WorkerPool.quantum)
        XCTAssertTrue(pool.shouldYield(sb))
        a.abandon()
        XCTAssertFalse(pool.shouldYield(sb), "nobody waits for a: b keeps the slot")
        a.promote()
        pool.release(sb)
        XCTAssertFalse(stopped(pa, false), "a goes on")
        pool.release(sa)
        XCTAssertEqual(pool.busy, 0)
    }
}
