#if canImport(Glibc)
import Glibc
#endif
import XCTest
import Posix
import RedactCore
@testable import Secrets

/// Review decisions: their bytes, which file they bind to, and their
/// sealed store.
final class DecisionTests: XCTestCase {
    static func binding(inode: UInt64 = 42, birth: Int64 = 1_700_000_000, digest: UInt8 = 1) -> DocumentBinding {
        DocumentBinding(device: 2049, inode: inode, birthSeconds: birth, birthNanoseconds: 5, size: 4711,
                        contentDigest: [UInt8](repeating: digest, count: 32))
    }

    static func sample() -> DocumentDecisions {
        var d = DocumentDecisions(binding: binding())
        d.kept = [KeptDetection(page: 0, category: .name, text: "Sachbearbeiterin Frau Özdemir")]
        d.added = ["Aktenzeichen 4711/26"]
        d.areas = [.init(page: 2, rect: Rect(x: 10.5, y: 20, width: 100, height: 12.25))]
        return d
    }

    func testTheBytesRoundTripAndDamageIsRefused() throws {
        let book = DecisionBook(documents: [Self.sample(), DocumentDecisions(binding: Self.binding(inode: 7))])
        let bytes = book.encoded()
        XCTAssertEqual(try DecisionBook.decode(bytes), book)
        XCTAssertEqual(bytes.first, DecisionBook.formatVersion)
        for cut in [1, 5, bytes.count / 2, bytes.count - 1] {
            XCTAssertThrowsError(try DecisionBook.decode(Array(bytes.prefix(cut))), "cut at \(cut)")
        }
        XCTAssertThrowsError(try DecisionBook.decode(bytes + [0])) { XCTAssertEqual($0 as? DecisionBook.DecodeError, .invalid("bytes after the last document")) }
        XCTAssertThrowsError(try DecisionBook.decode([2] + bytes.dropFirst())) { XCTAssertEqual($0 as? DecisionBook.DecodeError, .version(2)) }
        // A count that claims more entries than bytes left is damage, not an allocation.
        XCTAssertThrowsError(try DecisionBook.decode([1, 0xFF, 0xFF, 0xFF, 0xFF]))
    }

    func testTheBindingFollowsTheFileNotTheName() {
        let book = DecisionBook(documents: [Self.sample()])
        var asked = 0
        // Renamed or moved: same inode, same birth; the content is not even read.
        XCTAssertNotNil(book.find(Self.binding(digest: 9), digest: { asked += 1; return [9] }))
        XCTAssertEqual(asked, 0)
        // Another file that took the name (or the inode number): other birth, other content.
        XCTAssertNil(book.find(Self.binding(birth: 1_800_000_000, digest: 9), digest: { [UInt8](repeating: 9, count: 32) }))
        XCTAssertNil(book.find(Self.binding(inode: 99, digest: 9), digest: { [UInt8](repeating: 9, count: 32) }))
        // A copy under a new inode, byte for byte the same document.
        XCTAssertNotNil(book.find(Self.binding(inode: 99), digest: { [UInt8](repeating: 1, count: 32) }))
        // A file system with no birth times: the inode alone is no proof.
        var noBirth = Self.sample()
        noBirth.binding.birthSeconds = 0
        noBirth.binding.birthNanoseconds = 0
        XCTAssertNil(DecisionBook(documents: [noBirth]).find(noBirth.binding, digest: { [] }))
        // A file of another size is never read whole to compare contents.
        var other = Self.binding(inode: 99)
        other.size = 12
        asked = 0
        XCTAssertNil(book.find(other, digest: { asked += 1; return [UInt8](repeating: 1, count: 32) }))
        XCTAssertEqual(asked, 0)
        // A file that cannot be read fails the lookup: no decisions would be a silent "none".
        struct Unreadable: Error {}
        XCTAssertThrowsError(try book.find(Self.binding(inode: 99), digest: { () throws(Unreadable) -> [UInt8] in throw Unreadable() }))
    }

    func testSetReplacesTheDocumentsEntryAndAnEmptyOneIsRemoved() {
        var book = DecisionBook(documents: [Self.sample()])
        var other = DocumentDecisions(binding: Self.binding(inode: 7, digest: 7))
        other.added = ["x"]
        book.set(other)
        var changed = Self.sample()
        changed.added = []
        book.set(changed)
        XCTAssertEqual(book.documents.count, 2)
        book.set(DocumentDecisions(binding: Self.binding()))
        XCTAssertEqual(book.documents.map(\.binding.inode), [7])
    }

    func testTheStoreSealsAndATamperedFileFailsClosed() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let store = DecisionStore(path: dir.file("decisions"))
        let key = fixedKey()
        XCTAssertEqual(try store.load(key: key), DecisionBook())
        try store.modify(key: key) { $0.set(Self.sample()) }
        XCTAssertEqual(try store.load(key: key).documents, [Self.sample()])
        let raw = try XCTUnwrap(FileManager.default.contents(atPath: store.path))
        for secret in ["Özdemir", "Aktenzeichen", "4711"] {
            XCTAssertNil(raw.range(of: Data(secret.utf8)), "\(secret) in plaintext on disk")
        }
        XCTAssertEqual(dir.mode("decisions"), 0o600)
        var bytes = [UInt8](raw)
        bytes[bytes.count - 3] ^= 1
        dir.write("decisions", bytes, mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? DecisionStoreError, .sealed(path: store.path, .authenticationFailed))
        }
        // Never overwritten while it fails to open.
        XCTAssertThrowsError(try store.modify(key: key) { $0 = DecisionBook() })
        XCTAssertEqual(FileManager.default.contents(atPath: store.path).map { [UInt8]($0) }, bytes)
        // A term file is not a decision file, even under the same key.
        dir.write("decisions", try Sealed.seal([1, 2, 3], kind: .terms, key: key), mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? DecisionStoreError, .sealed(path: store.path, .wrongKind(expected: .decisions, found: .terms)))
        }
    }
}
