#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import XCTest
@testable import Secrets

final class TermStoreTests: XCTestCase {
    var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { dir.remove() }

    func testCreateModifyLoad() throws {
        let store = TermStore(path: dir.file("terms"))
        let key = fixedKey()
        XCTAssertFalse(store.exists())
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? TermStoreError, .notFound(path: self.dir.file("terms")))
        }
        try store.create(key: key)
        XCTAssertTrue(store.exists())
        XCTAssertEqual(dir.mode("terms"), 0o600)
        XCTAssertEqual(dir.mode("terms.lock"), 0o600)
        XCTAssertEqual(try store.load(key: key), [])
        XCTAssertEqual(dir.read("terms").count, Sealed.overhead + 5)

        try store.modify(key: key) { $0.merge([Term(text: "Jane Doe"), Term(text: "4711", substring: true)]) }
        XCTAssertEqual(try store.load(key: key), [Term(text: "Jane Doe"), Term(text: "4711", substring: true)])
        XCTAssertEqual(dir.mode("terms"), 0o600)
        // Sealed: the plain text of a term is nowhere in the file.
        let raw = dir.read("terms")
        XCTAssertNil(String(decoding: raw, as: UTF8.self).range(of: "Jane"))

        try store.modify(key: key) { $0.remove(at: 0) }
        XCTAssertEqual(try store.load(key: key), [Term(text: "4711", substring: true)])
    }

    func testModifyCreatesAMissingFile() throws {
        let store = TermStore(path: dir.file("custom-terms"))
        try store.modify(key: fixedKey()) { $0.append(Term(text: "x")) }
        XCTAssertEqual(try store.load(key: fixedKey()), [Term(text: "x")])
        XCTAssertEqual(dir.mode("custom-terms.lock"), 0o600)
    }

    func testWrongKeyIsRefusedAndNeverOverwrites() throws {
        let store = TermStore(path: dir.file("terms"))
        try store.modify(key: fixedKey()) { $0.append(Term(text: "Jane Doe")) }
        let before = dir.read("terms")
        let other = try SecretKey.generate()
        XCTAssertThrowsError(try store.load(key: other)) { e in
            XCTAssertEqual(e as? TermStoreError, .sealed(path: self.dir.file("terms"), .authenticationFailed))
            let m = (e as! TermStoreError).message
            XCTAssertTrue(m.contains("the term file \(self.dir.file("terms")) failed authentication: it was changed, truncated, or sealed with another key"), m)
            XCTAssertFalse(m.contains("Jane"))
        }
        var ran = false
        XCTAssertThrowsError(try store.modify(key: other) { _ in ran = true })
        XCTAssertFalse(ran)
        XCTAssertEqual(dir.read("terms"), before)
    }

    func testDamagedFilesAreRefused() throws {
        let store = TermStore(path: dir.file("terms"))
        let key = fixedKey()
        try store.modify(key: key) { $0.append(Term(text: "Jane Doe")) }
        let good = dir.read("terms")
        var flipped = good
        flipped[good.count - 20] ^= 0x04
        dir.write("terms", flipped, mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? TermStoreError, .sealed(path: self.dir.file("terms"), .authenticationFailed))
        }
        dir.write("terms", Array(good.dropLast(1)), mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key))
        dir.write("terms", [], mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? TermStoreError, .sealed(path: self.dir.file("terms"), .truncated(length: 0)))
        }
        // Authentic, but the plaintext is not a term list.
        let junk = try Sealed.seal([1, 0, 0, 0, 1, 0x80, 0, 1, 0x41], kind: .terms, key: key)
        dir.write("terms", junk, mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? TermStoreError, .malformed(path: self.dir.file("terms"), .reservedFlags(term: 1)))
        }
        // A decision file is not a term file, even with the right key.
        dir.write("terms", try Sealed.seal(TermCodec.encode([]), kind: .decisions, key: key), mode: 0o600)
        XCTAssertThrowsError(try store.load(key: key)) {
            XCTAssertEqual($0 as? TermStoreError, .sealed(path: self.dir.file("terms"), .wrongKind(expected: .terms, found: .decisions)))
        }
    }

    func testModifyRefusesToStoreInvalidTerms() throws {
        let store = TermStore(path: dir.file("terms"))
        XCTAssertThrowsError(try store.modify(key: fixedKey()) { $0.append(Term(text: "")) })
        XCTAssertThrowsError(try store.modify(key: fixedKey()) { $0.append(Term(text: "a\nb")) })
        XCTAssertThrowsError(try store.modify(key: fixedKey()) { $0.append(Term(text: String(repeating: "z", count: 1025))) })
        XCTAssertFalse(store.exists())
    }

    /// Several writers at once, each with its own lock descriptor (as two
    /// processes would have): every addition survives.
    func testConcurrentModifyLosesNothing() throws {
        let path = dir.file("terms")
        let key = fixedKey()
        try TermStore(path: path).create(key: key)
        let writers = 8
        let perWriter = 12
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: writers) { w in
            for i in 0..<perWriter {
                do {
                    try TermStore(path: path).modify(key: key) { $0.merge([Term(text: "writer \(w) term \(i)")]) }
                } catch {
                    failures.add()
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
        let terms = try TermStore(path: path).load(key: key)
        XCTAssertEqual(terms.count, writers * perWriter)
        XCTAssertEqual(Set(terms.map(\.text)).count, writers * perWriter)
    }
}

final class FailureCount: @unchecked Sendable {
    private var n = 0
    private var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }
    func add() { pthread_mutex_lock(&lock); n += 1; pthread_mutex_unlock(&lock) }
    var value: Int { pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }; return n }
}
