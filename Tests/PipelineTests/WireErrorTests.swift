import XCTest
import RedactCore
@testable import Worker

/// Limits hit in a worker reach the parent with their cap intact.
final class WireErrorTests: XCTestCase {
    func testLimitsRoundTrip() {
        let errors: [RedactError] = [
            .limitExceeded(.pages(max: 2000)), .limitExceeded(.pixelsPerPage(max: 60_000_000)),
            .limitExceeded(.sourceBytes(max: 1 << 31)), .limitExceeded(.imageBytes(max: 256 << 20)),
            .limitExceeded(.frames(max: 2000)), .damaged(.parse), .unsupported,
            .limitExceeded(.pixelsPerSide(max: 32_767)), .limitExceeded(.textPerPage(max: 4_000_000)), .refused(.pageNotLoadable), .refused(.emptyPage),
            .refused(.rendererError), .refused(.damagedImage), .refused(.libraryCrashed),
        ]
        for e in errors {
            let w = WireError.encode(e)
            XCTAssertEqual(WireError.decode(kind: w.kind, stage: w.stage, param: w.param), e, "\(e)")
        }
    }
}
