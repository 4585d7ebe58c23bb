import XCTest
@testable import RedactCore

final class ErrorTests: XCTestCase {
    func testErrnoMapping() {
        XCTAssertEqual(RedactError.notFound.errnoValue, 2)
        XCTAssertEqual(RedactError.passwordRequired.errnoValue, 13)
        XCTAssertEqual(RedactError.accessDenied.errnoValue, 13)
        XCTAssertEqual(RedactError.damaged(.parse).errnoValue, 5)
        XCTAssertEqual(RedactError.limitExceeded(.pages(max: 3)).errnoValue, 5)
        XCTAssertEqual(RedactError.workerFailed("x").errnoValue, 5)
        XCTAssertEqual(RedactError.unsupported.errnoValue, 5)
    }

    func testMessagesNameTheLimit() {
        XCTAssertTrue(RedactError.limitExceeded(.pages(max: 2000)).message.contains("2000 pages"))
        XCTAssertTrue(RedactError.passwordRequired.message.contains("password"))
        XCTAssertTrue(RedactError.limitExceeded(.imageBytes(max: 268435456)).message.contains("268435456 bytes"))
        XCTAssertTrue(RedactError.limitExceeded(.frames(max: 2000)).message.contains("more than 2000 pages or frames"))
        XCTAssertEqual(RedactError.limitExceeded(.frames(max: 2)).errnoValue, 5)
    }
}
