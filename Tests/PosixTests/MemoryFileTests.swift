#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Posix

final class MemoryFileTests: XCTestCase {
    func source(_ bytes: [UInt8]) throws -> FileDescriptor {
        let f = try MemoryFile.create("test-source")
        try bytes.withUnsafeBytes { try f.writeAll($0, at: 0) }
        return f
    }

    func testFillCopiesWholeAndSealStopsWrites() throws {
        let src = try source(Array(0..<10))
        let mem = try MemoryFile.create("test-copy")
        XCTAssertEqual(try MemoryFile.fill(mem, from: src, max: 10), 10)
        XCTAssertEqual(try mem.read(count: 64, at: 0), Array(0..<10))
        try MemoryFile.seal(mem)
        XCTAssertThrowsError(try [UInt8(1)].withUnsafeBytes { try mem.writeAll($0, at: 0) })
    }

    func testFillRefusesMoreThanItsBound() throws {
        let src = try source(Array(0..<10))
        let mem = try MemoryFile.create("test-copy")
        XCTAssertThrowsError(try MemoryFile.fill(mem, from: src, max: 5)) { e in
            XCTAssertEqual(e as? Errno, Errno(rawValue: EFBIG))
        }
    }
}
