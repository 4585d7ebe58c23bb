import XCTest
@testable import FuseFS

final class ActivityTests: XCTestCase {
    func testRendersCarryTheirPagesUntilTheyEnd() {
        let a = Activity()
        let t1 = a.begin("a.redacted.pdf", prefetch: false, now: 1)
        let t2 = a.begin("b.redacted.pdf", prefetch: true, now: 2)
        a.progress(t1, page: 3, of: 10)
        var s = a.snapshot()
        XCTAssertEqual(s.renders.map(\.shown), ["a.redacted.pdf", "b.redacted.pdf"])
        XCTAssertEqual(s.renders[0].page, 3)
        XCTAssertEqual(s.renders[0].pages, 10)
        XCTAssertTrue(s.renders[1].prefetch)
        a.end(t1)
        s = a.snapshot()
        XCTAssertEqual(s.renders.map(\.shown), ["b.redacted.pdf"])
        a.end(t2)
        XCTAssertTrue(a.snapshot().renders.isEmpty)
    }

    func testAReasonLastsUntilTheFileIsServed() {
        let a = Activity()
        a.failed("x.redacted.pdf", reason: "the PDF is encrypted and needs a password to open")
        XCTAssertEqual(a.reason("x.redacted.pdf")?.reason, "the PDF is encrypted and needs a password to open")
        // A second failure replaces the reason; the recent list keeps both.
        a.failed("x.redacted.pdf", reason: "limit exceeded: more than 2000 pages")
        XCTAssertEqual(a.reason("x.redacted.pdf")?.reason, "limit exceeded: more than 2000 pages")
        XCTAssertEqual(a.snapshot().recent.count, 2)
        XCTAssertEqual(a.snapshot().failing.count, 1)
        a.served("x.redacted.pdf")
        XCTAssertNil(a.reason("x.redacted.pdf"))
        XCTAssertTrue(a.snapshot().failing.isEmpty)
        XCTAssertEqual(a.snapshot().recent.count, 2, "the history stays")
    }

    func testBoundedWhateverTheNumberOfFailures() {
        let a = Activity()
        for i in 0..<(Activity.reasonCap + 100) {
            a.failed("f\(i).redacted.pdf", reason: "damaged")
        }
        let s = a.snapshot()
        XCTAssertEqual(s.recent.count, Activity.recentCount)
        XCTAssertEqual(s.recent.last?.shown, "f\(Activity.reasonCap + 99).redacted.pdf")
        XCTAssertEqual(s.failing.count, Activity.reasonCap)
        XCTAssertNil(a.reason("f0.redacted.pdf"), "the oldest reasons go first")
        XCTAssertNotNil(a.reason("f\(Activity.reasonCap + 99).redacted.pdf"))
    }
}
