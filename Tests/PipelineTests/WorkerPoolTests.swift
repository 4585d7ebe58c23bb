import Dispatch
import Synchronization
import XCTest
@testable import Pipeline

final class WorkerPoolTests: XCTestCase {
    func testSlotsAreALimit() {
        let pool = WorkerPool(slots: 2)
        XCTAssertTrue(pool.tryAcquire(.interactive))
        XCTAssertTrue(pool.tryAcquire(.background))
        XCTAssertFalse(pool.tryAcquire(.interactive))
        XCTAssertEqual(pool.busy, 2)
        pool.release()
        XCTAssertTrue(pool.tryAcquire(.interactive))
        pool.release(); pool.release()
        XCTAssertEqual(pool.busy, 0)
    }

    /// A freed slot goes to a waiting person before waiting prefetch, even
    /// when the prefetch started waiting first.
    func testInteractiveWaitersGoFirst() {
        let pool = WorkerPool(slots: 1)
        pool.acquire(.interactive)
        let order = Mutex<[String]>([])
        let group = DispatchGroup()
        func waiter(_ name: String, _ p: Priority) {
            group.enter()
            Thread.detachNewThread {
                pool.acquire(p)
                order.withLock { $0.append(name) }
                Thread.sleep(forTimeInterval: 0.02)
                pool.release()
                group.leave()
            }
        }
        waiter("background", .background)
        while pool.waiting < 1 { Thread.sleep(forTimeInterval: 0.005) }
        waiter("interactive", .interactive)
        while !pool.interactiveWaiting { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertFalse(pool.tryAcquire(.background), "no jumping the queue")
        pool.release()
        group.wait()
        XCTAssertEqual(order.withLock { $0 }, ["interactive", "background"])
        XCTAssertEqual(pool.busy, 0)
    }

    func testMoreSlotsWakeWaiters() {
        let pool = WorkerPool(slots: 1)
        pool.acquire(.interactive)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            pool.acquire(.background)
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 0.1), .timedOut)
        pool.setSlots(2)
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(pool.busy, 2)
    }
}
