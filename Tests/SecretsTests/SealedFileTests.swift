#if canImport(Glibc)
import Glibc
#endif
import XCTest
import Posix
@testable import Secrets

final class SealedFileTests: XCTestCase {
    static let text = Array(String(repeating: "Kontoauszug Seite 1 von 3, Saldo 1.234,56 EUR. ", count: 8000).utf8)

    static func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        hay.count >= needle.count && hay.indices.dropLast(needle.count - 1).contains { Array(hay[$0..<($0 + needle.count)]) == needle }
    }

    func testOnDiskThereIsNoPlaintextAndNoName() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let f = try SealedFile(Self.text, directory: dir.path, cipher: try SpillCipher())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        let raw = try f.rawBytes()
        let chunks = (Self.text.count + SpillCipher.chunkSize - 1) / SpillCipher.chunkSize
        XCTAssertEqual(raw.count, Self.text.count + chunks * SpillCipher.tagSize)
        XCTAssertFalse(Self.contains(raw, Array("Kontoauszug".utf8)))
        XCTAssertEqual(try f.read(0..<Self.text.count), Self.text)
        XCTAssertEqual(try f.read(70_000..<70_100), Array(Self.text[70_000..<70_100]))
    }

    /// Appended piece by piece and read back before it is closed: the
    /// part still in memory (less than a chunk) and the sealed part agree.
    func testReadBackWhileAppending() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let f = try SealedFile(directory: dir.path, cipher: try SpillCipher())
        var ranges: [Range<Int>] = []
        var at = 0
        for n in [10, 70_000, 5, 200_000, 1] {
            let piece = Array(Self.text[at..<(at + n)])
            ranges.append(try f.append(piece))
            at += n
        }
        XCTAssertEqual(ranges.map(\.count), [10, 70_000, 5, 200_000, 1])
        XCTAssertEqual(f.size, at)
        for r in ranges { XCTAssertEqual(try f.read(r), Array(Self.text[r])) }
        // Reaching across the sealed part into the tail.
        let across = (at - 100)..<at
        XCTAssertEqual(try f.read(across), Array(Self.text[across]))
        XCTAssertFalse(Self.contains(try f.rawBytes(), Array("Kontoauszug".utf8)))
        try f.close()
        XCTAssertEqual(try f.read(0..<at), Array(Self.text[0..<at]))
    }

    /// A sealed chunk changed on disk fails the read; nothing is returned.
    func testAChangedChunkFailsTheRead() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let f = try SealedFile(Self.text, directory: dir.path, cipher: try SpillCipher())
        var raw = try f.rawBytes()
        raw[100] ^= 1
        try f.overwriteForTests(raw)
        XCTAssertThrowsError(try f.read(0..<10)) { XCTAssertEqual($0 as? Errno, .ioError) }
        XCTAssertEqual(try f.read(SpillCipher.chunkSize..<(SpillCipher.chunkSize + 10)),
                       Array(Self.text[SpillCipher.chunkSize..<(SpillCipher.chunkSize + 10)]))
    }
}
