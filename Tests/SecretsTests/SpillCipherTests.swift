import XCTest
@testable import Secrets

final class SpillCipherTests: XCTestCase {
    func seal(_ c: SpillCipher, _ chunks: [[UInt8]]) throws -> (file: UInt64, sealed: [[UInt8]]) {
        var w = c.writer()
        var out: [[UInt8]] = []
        for ch in chunks { out.append(try ch.withUnsafeBytes { p in try w.seal(p) }) }
        return (w.file, out)
    }

    func plain(_ b: SecureBytes) -> [UInt8] { b.withUnsafeBytes { Array($0) } }

    func testChunksOpenOnlyAsSealed() throws {
        let c = try SpillCipher()
        let chunks = [[UInt8](repeating: 1, count: SpillCipher.chunkSize), [1, 2, 3]]
        let (file, sealed) = try seal(c, chunks)
        XCTAssertEqual(sealed[1].count, 3 + SpillCipher.tagSize)
        XCTAssertEqual(plain(try c.open(sealed[0][...], file: file, chunk: 0)), chunks[0])
        XCTAssertEqual(plain(try c.open(sealed[1][...], file: file, chunk: 1)), chunks[1])
        // Ciphertext, not plaintext, on disk.
        XCTAssertNotEqual(Array(sealed[1].prefix(3)), chunks[1])
        // Changed, moved within the file, moved to another file, cut: refused.
        var bad = sealed[1]
        bad[0] ^= 1
        XCTAssertThrowsError(try c.open(bad[...], file: file, chunk: 1)) { XCTAssertEqual($0 as? SpillCipher.Failure, .damaged) }
        XCTAssertThrowsError(try c.open(sealed[1][...], file: file, chunk: 0))
        XCTAssertThrowsError(try c.open(sealed[1][...], file: file + 1, chunk: 1))
        XCTAssertThrowsError(try c.open(sealed[1].prefix(10), file: file, chunk: 1))
        // Another mount's key opens nothing.
        XCTAssertThrowsError(try SpillCipher().open(sealed[1][...], file: file, chunk: 1))
    }

    func testEveryFileGetsItsOwnNumber() throws {
        let c = try SpillCipher()
        let a = try seal(c, [[9, 9]]), b = try seal(c, [[9, 9]])
        XCTAssertNotEqual(a.file, b.file)
        // Same plaintext, other nonce: other ciphertext.
        XCTAssertNotEqual(a.sealed[0], b.sealed[0])
    }
}
