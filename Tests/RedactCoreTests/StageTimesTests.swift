import XCTest
@testable import RedactCore

final class StageTimesTests: XCTestCase {
    func testLineNamesEveryStageInWholeMilliseconds() {
        var t = StageTimes()
        t.spawn = 0.0351
        t.render = 0.1204
        t.ocr = 1.5
        XCTAssertEqual(t.line, "spawn=35ms parse=0ms render=120ms text=0ms fontcheck=0ms ocr=1500ms detect=0ms burn=0ms encode=0ms")
    }

    func testWorkerStagesRoundTripAndAdd() {
        let w = StageTimes(workerStages: [0.001, 0.002, 0.003, 0.004, 0.005])
        XCTAssertEqual(w.workerStages, [0.001, 0.002, 0.003, 0.004, 0.005])
        var sum = StageTimes()
        sum.detect = 0.5
        sum.add(w)
        sum.add(w)
        XCTAssertEqual(sum.parse, 0.002, accuracy: 1e-12)
        XCTAssertEqual(sum.ocr, 0.010, accuracy: 1e-12)
        XCTAssertEqual(sum.detect, 0.5)
    }

    func testMeasureAddsTheBodysTime() {
        var spent = 0.0
        let v = StageTimes.measure(&spent) { () -> Int in
            usleep(20_000)
            return 7
        }
        XCTAssertEqual(v, 7)
        XCTAssertGreaterThanOrEqual(spent, 0.019)
        XCTAssertLessThan(spent, 5)
    }
}

final class JSONTextTests: XCTestCase {
    func testStringsAreEscaped() {
        XCTAssertEqual(JSONText.quoted("a\"b\\c\nd\u{01}é\u{7F}"), "\"a\\\"b\\\\c\\nd\\u0001é\\u007f\"")
    }
}
