#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import XCTest
import Posix
import RedactCore
import Worker
@testable import Pipeline

/// Time budgets and fair share with real worker processes: a CPU bomb
/// costs its own file after its budget, and nothing else.
final class BudgetTests: XCTestCase {
    /// A page whose Form XObjects each draw the next one twice, `depth`
    /// deep: 2^depth drawings from a few kilobytes, a CPU bomb for poppler.
    static func bombPDF(depth: Int = 30) -> [UInt8] {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", ""]
        let first = 4
        for k in 0..<depth {
            let content = k == depth - 1 ? "0 0 1 1 re f" : "q 0.999 0 0 0.999 0.1 0.1 cm /X Do Q q 0.999 0 0 0.999 0.1 0.1 cm /X Do Q"
            let res = k == depth - 1 ? "" : "/Resources << /XObject << /X \(first + k + 1) 0 R >> >>"
            objects.append("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] \(res) /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        let page = "q /X Do Q"
        objects.append("<< /Length \(page.utf8.count) >>\nstream\n\(page)\nendstream")
        objects[2] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X \(first) 0 R >> >> /Contents \(objects.count) 0 R >>"
        return FanOutTests.pdf(objects)
    }

    func redactor(_ pool: WorkerPool, _ limits: Limits) -> Redactor {
        Redactor(settings: RenderSettings(), limits: limits, worker: WorkerClient(executable: FanOutTests.executable), pool: pool)
    }

    override func setUpWithError() throws {
        guard access(FanOutTests.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(FanOutTests.executable)") }
    }

    func testACPUBombFailsWithItsPageBudget() throws {
        var limits = Limits()
        limits.pageCPUSeconds = 1.5
        let t0 = WorkerPool.now()
        XCTAssertThrowsError(try redactor(WorkerPool(slots: 1), limits).redact(try FanOutTests.file(Self.bombPDF()))) { e in
            XCTAssertEqual(e as? RedactError, .limitExceeded(.pageCPU(seconds: 1.5)))
            XCTAssertEqual((e as? RedactError)?.message, "limit exceeded: a page took more than 1.5 s of CPU time")
        }
        XCTAssertLessThan(WorkerPool.now() - t0, 30, "the budget did not stop the bomb")
    }

    /// A render nobody waits for any more may finish within its budget for
    /// finishing, and no further.
    func testAnAbandonedRenderStopsAfterItsFinishingBudget() throws {
        var limits = Limits()
        limits.finishCPUSeconds = 1
        let control = RenderControl(priority: .interactive, limits: limits)
        control.abandon()
        XCTAssertThrowsError(try redactor(WorkerPool(slots: 1), limits).redact(try FanOutTests.file(Self.bombPDF()),
                                                                                  control: control)) { e in
            XCTAssertEqual(e as? RedactError, .limitExceeded(.finishCPU(seconds: 1)))
        }
        XCTAssertGreaterThanOrEqual(control.cpuSeconds, 1)
        XCTAssertLessThan(control.cpuSeconds, 3)
    }

    /// Someone opening it again lifts the finishing budget.
    func testPromotionLiftsTheFinishingBudget() {
        var limits = Limits()
        limits.finishCPUSeconds = 1
        let control = RenderControl(priority: .interactive, limits: limits)
        control.abandon()
        control.promote()
        XCTAssertEqual(control.priority, .interactive)
        XCTAssertNil(control.report(worker: ObjectIdentifier(self), cpu: 5))
        control.abandon()
        XCTAssertNil(control.report(worker: ObjectIdentifier(self), cpu: 5.5), "the budget counts from the abandonment")
        XCTAssertEqual(control.report(worker: ObjectIdentifier(self), cpu: 6.5), .limitExceeded(.finishCPU(seconds: 1)))
    }

    func testTheDocumentBudgetCountsEveryWorker() {
        var limits = Limits()
        limits.documentCPUSeconds = 10
        let control = RenderControl(priority: .interactive, limits: limits)
        let (a, b) = (NSObject(), NSObject())
        XCTAssertNil(control.report(worker: ObjectIdentifier(a), cpu: 6))
        XCTAssertNil(control.report(worker: ObjectIdentifier(a), cpu: 6))
        XCTAssertEqual(control.report(worker: ObjectIdentifier(b), cpu: 4.5), .limitExceeded(.documentCPU(seconds: 10)))
        XCTAssertEqual(control.cpuSeconds, 10.5)
    }

    /// Two CPU bombs hold both worker slots; a one-page letter opened next
    /// is served while both bombs still run (the pool pauses one of them
    /// for it), and each bomb then fails with its own budget.
    func testALetterIsServedWhileTwoBombsRun() throws {
        let pool = WorkerPool(slots: 2)
        var bombLimits = Limits()
        // Long enough that a loaded machine still serves the letter first.
        bombLimits.pageCPUSeconds = 8
        let bombs = redactor(pool, bombLimits)
        let results = Mutex<[String]>([])
        let group = DispatchGroup()
        for name in ["bomb A", "bomb B"] {
            group.enter()
            let fd = try FanOutTests.file(Self.bombPDF())
            Thread.detachNewThread {
                do {
                    _ = try bombs.redact(fd)
                    results.withLock { $0.append("\(name) served") }
                } catch {
                    results.withLock { $0.append("\(name): \((error as? RedactError)?.message ?? "?")") }
                }
                group.leave()
            }
        }
        while pool.busy < 2 { Thread.sleep(forTimeInterval: 0.01) }
        let letter = try redactor(pool, Limits()).redact(try FanOutTests.file(FanOutTests.textPDF(pages: 1)))
        XCTAssertEqual(letter.pageCount, 1)
        XCTAssertEqual(results.withLock { $0 }, [], "the letter waited for a bomb to end")
        group.wait()
        XCTAssertEqual(results.withLock { $0 }.sorted(), ["bomb A: limit exceeded: a page took more than 8 s of CPU time",
                                                          "bomb B: limit exceeded: a page took more than 8 s of CPU time"])
        XCTAssertEqual(pool.busy, 0)
        XCTAssertEqual(pool.paused, 0)
    }
}
