#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import Secrets
import XCTest
@testable import FuseFS

func identity(_ n: UInt8) -> OutputIdentity { OutputIdentity(digest: [UInt8](repeating: n, count: 32)) }

func key(_ inode: UInt64, size: Int64 = 1) -> OutputKey {
    var st = stat()
    st.st_ino = ino_t(inode)
    st.st_size = off_t(size)
    return OutputKey(FileStatus(st), generation: 1)
}

final class OutputCacheTests: XCTestCase {
    func render(_ c: OutputCache, _ k: OutputKey, _ id: OutputIdentity, bytes n: Int) {
        guard case .render(let job, start: true) = c.lookup(k, id) else { return XCTFail("expected a new render") }
        c.finish(k, id, job, .success(.memory([UInt8](repeating: 1, count: n))))
        XCTAssertNotNil(job.wait(seconds: 0))
    }

    func testLeastRecentlyUsedGoFirstWithinTheBudget() {
        let c = OutputCache(budget: 100, stats: CacheStats())
        render(c, key(1), identity(1), bytes: 40)
        render(c, key(2), identity(2), bytes: 40)
        _ = c.lookup(key(1), identity(1))             // 1 is now the most recent
        render(c, key(3), identity(3), bytes: 40)
        XCTAssertTrue(c.has(key(1), identity(1)))
        XCTAssertFalse(c.has(key(2), identity(2)))
        XCTAssertTrue(c.has(key(3), identity(3)))
        XCTAssertLessThanOrEqual(c.heldBytes, 100)
        // The size of an evicted output stays known (getattr stays exact).
        XCTAssertEqual(c.size(of: key(2)), 40)
    }

    func testOpenHandlesCountAgainstTheBudgetAndKeepTheirBytes() {
        let c = OutputCache(budget: 100, stats: CacheStats())
        render(c, key(1), identity(1), bytes: 60)
        guard case .hit(let b) = c.lookup(key(1), identity(1)) else { return XCTFail() }
        let h = c.openHandle(b, identity(1))
        // An output bigger than the budget is served, never kept.
        render(c, key(2), identity(2), bytes: 150)
        XCTAssertFalse(c.has(key(2), identity(2)))
        let h2 = c.openHandle(.memory([UInt8](repeating: 2, count: 150)), identity(2))
        // Pinned by h, 1 is not evicted (that would free nothing) ...
        XCTAssertTrue(c.has(key(1), identity(1)))
        XCTAssertEqual(c.heldBytes, 210)
        // ... and a new small output does not fit beside the open ones.
        render(c, key(3), identity(3), bytes: 10)
        XCTAssertFalse(c.has(key(3), identity(3)))
        c.release(h2)
        XCTAssertEqual(c.size(ofHandle: h), 60)
        c.release(h)
        XCTAssertNil(c.size(ofHandle: h))
        XCTAssertLessThanOrEqual(c.heldBytes, 100)
    }

    func read(_ c: OutputCache, _ h: UInt64, _ count: Int, at offset: Int) -> [UInt8]? {
        var buf = [UInt8](repeating: 0, count: count)
        let n = buf.withUnsafeMutableBytes { c.read(h, into: $0.baseAddress!, count: count, offset: Int64(offset)) }
        return n < 0 ? nil : Array(buf.prefix(n))
    }

    func testOpenOutputsPastTheBudgetAreMovedOutOfMemorySealed() throws {
        let dir = TempFolder()
        let stats = CacheStats()
        let c = OutputCache(budget: 200_000, stats: stats,
                            spill: OutputSpill(directory: dir.path, cipher: try SpillCipher()))
        let a = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let b = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 13 + 1) }
        let ha = c.openHandle(.memory(a), identity(1))
        let hb = c.openHandle(.memory(b), identity(2))       // would pass the budget beside a
        let hb2 = c.openHandle(.memory(b), identity(2))      // another, also moved out
        XCTAssertEqual(stats.spills.load(ordering: .relaxed), 2)
        XCTAssertEqual(c.heldBytes, 150_000)
        // Nothing is left with a name in the folder.
        XCTAssertEqual(dir.names(), [])
        // Reads across chunk boundaries, at the end and past it.
        let chunk = SpillCipher.chunkSize
        for (off, n) in [(0, 100), (chunk - 10, 20), (chunk * 2 - 1, chunk + 2), (299_990, 100), (300_000, 10)] {
            XCTAssertEqual(read(c, hb, n, at: off), Array(b[min(off, b.count)..<min(b.count, off + n)]), "\(off)")
            XCTAssertEqual(read(c, hb2, n, at: off), Array(b[min(off, b.count)..<min(b.count, off + n)]), "\(off)")
        }
        XCTAssertEqual(read(c, ha, 10, at: 5), Array(a[5..<15]))
        XCTAssertEqual(c.size(ofHandle: hb), 300_000)
        // The same output as an open in-memory handle shares its bytes.
        let ha2 = c.openHandle(.memory(a), identity(1))
        XCTAssertEqual(stats.spills.load(ordering: .relaxed), 2)
        for h in [ha, ha2, hb, hb2] { c.release(h) }
        XCTAssertNil(read(c, hb, 1, at: 0))
    }

    func testWithoutASpillFolderOpenOutputsStayInMemory() {
        let stats = CacheStats()
        let c = OutputCache(budget: 100, stats: stats)
        let h = c.openHandle(.memory([UInt8](repeating: 3, count: 150)), identity(1))
        XCTAssertEqual(stats.spills.load(ordering: .relaxed), 0)
        XCTAssertEqual(read(c, h, 200, at: 0), [UInt8](repeating: 3, count: 150))
        c.release(h)
    }

    func testAConcurrentOpenSharesTheRenderAndFailuresAreNotKept() {
        let c = OutputCache(budget: 100, stats: CacheStats())
        guard case .render(let job, start: true) = c.lookup(key(1), identity(1)) else { return XCTFail() }
        guard case .render(let same, start: false) = c.lookup(key(1), identity(1)) else { return XCTFail() }
        XCTAssertTrue(job === same)
        XCTAssertNil(same.wait(seconds: 0.01))
        c.finish(key(1), identity(1), job, .failure(.damaged(.render)))
        if case .success = same.wait(seconds: 0)! { XCTFail("a failure became a success") }
        guard case .render(_, start: true) = c.lookup(key(1), identity(1)) else { return XCTFail("failure was cached") }
    }

    func testANewIdentityOfTheSameSourceReplacesTheOld() {
        let c = OutputCache(budget: 1000, stats: CacheStats())
        render(c, key(1, size: 5), identity(1), bytes: 40)
        render(c, key(1, size: 6), identity(2), bytes: 50)
        XCTAssertFalse(c.has(key(1, size: 5), identity(1)))
        XCTAssertNil(c.size(of: key(1, size: 5)))
        XCTAssertEqual(c.heldBytes, 50)
        // Same stat key, other content fingerprint: not a hit.
        guard case .render = c.lookup(key(1, size: 6), identity(3)) else { return XCTFail("served another version") }
    }
}

final class PageCachePolicyTests: XCTestCase {
    func testKeepsPagesOnlyForTheSameVersionAndBypassesThemWhileAnotherIsOpen() {
        let p = PageCachePolicy()
        p.told("/a", size: 10)
        XCTAssertEqual(p.opened("/a", identity(1), size: 10, handle: 1), .init(keepCache: false, directIO: false))
        XCTAssertFalse(p.released(1))
        XCTAssertEqual(p.opened("/a", identity(1), size: 10, handle: 2), .init(keepCache: true, directIO: false))
        // A new version while the old one is open: direct I/O, pages dropped,
        // and the path keeps the size of the version read through the pages.
        XCTAssertEqual(p.opened("/a", identity(2), size: 30, handle: 3), .init(keepCache: false, directIO: true))
        XCTAssertEqual(p.report("/a", handle: nil, handleSize: nil, otherwise: 99), 10)
        // The direct handle's own size would reach the older reader's inode.
        XCTAssertEqual(p.report("/a", handle: 3, handleSize: 30, otherwise: 99), 10)
        XCTAssertEqual(p.report("/a", handle: 2, handleSize: 10, otherwise: 99), 10)
        // The last handle on the pages closes: the kernel must forget size 10.
        XCTAssertTrue(p.released(2))
        // No handle reads through the pages now: the path's own size.
        XCTAssertEqual(p.report("/a", handle: nil, handleSize: nil, otherwise: 99), 99)
        XCTAssertFalse(p.released(3))
        // The pages may hold either version now: dropped at the next open,
        // and the kernel was last told 99: its attributes are dropped too.
        XCTAssertEqual(p.opened("/a", identity(2), size: 30, handle: 4), .init(keepCache: false, directIO: false, invalidate: true))
        XCTAssertEqual(p.report("/a", handle: nil, handleSize: nil, otherwise: 99), 30)
        XCTAssertEqual(p.opened("/b", identity(1), size: 10, handle: 5), .init(keepCache: false, directIO: false, invalidate: true))
    }

    func testAnOpenDropsTheKernelsAttributesOnlyWhenItsSizeDiffersFromWhatTheKernelWasTold() {
        let p = PageCachePolicy()
        // ls -l told the kernel an estimate; the output is larger.
        p.told("/a", size: 4000)
        XCTAssertTrue(p.opened("/a", identity(1), size: 9000, handle: 1).invalidate)
        // The kernel asks again and is told the exact size: a second open keeps all.
        p.told("/a", size: 9000)
        XCTAssertEqual(p.opened("/a", identity(1), size: 9000, handle: 2), .init(keepCache: true, directIO: false, invalidate: false))
        // A read that ended short of what the kernel asked for at another
        // size than it was told: the kernel cut its size, so it is unknown.
        p.shortRead(2, end: 9000)
        XCTAssertFalse(p.opened("/a", identity(1), size: 9000, handle: 3).invalidate)
        p.told("/a", size: 12000)
        p.shortRead(3, end: 9000)
        XCTAssertTrue(p.opened("/a", identity(1), size: 9000, handle: 4).invalidate)
    }
}

final class TempFolder {
    let path: String
    init() {
        var t = Array("/tmp/fusefs-test-XXXXXX".utf8CString)
        path = t.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    func write(_ name: String, _ bytes: [UInt8]) {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
    func read(_ name: String) -> [UInt8] {
        let fd = try! FileDescriptor.open(path + "/" + name, flags: O_RDONLY)
        return try! fd.read(count: Int(try! fd.status().size), at: 0)
    }
    func names() -> [String] { (try? FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY).directoryEntries()) ?? [] }
    deinit {
        for n in names() { unlink(path + "/" + n) }
        rmdir(path)
    }
}

final class OutputIdentityTests: XCTestCase {
    func testContentChangesWithTheSameStatusGiveAnotherIdentity() throws {
        let t = TempFolder()
        var data = [UInt8](repeating: 0x41, count: 300_000)
        t.write("a.pdf", data)
        let fd = try FileDescriptor.open(t.path + "/a.pdf", flags: O_RDONLY)
        let st = try fd.status()
        let first = try OutputIdentity.of(fd, status: st, context: [1])
        XCTAssertEqual(first, try OutputIdentity.of(fd, status: st, context: [1]))
        XCTAssertNotEqual(first, try OutputIdentity.of(fd, status: st, context: [2]))
        XCTAssertNotEqual(first, try OutputIdentity.of(fd, status: st, context: [1], decisions: [9]))
        // Same status as seen before (as after inode reuse within one clock
        // tick), another trailer: the fingerprint tells them apart.
        data[data.count - 10] = 0x42
        t.write("a.pdf", data)
        XCTAssertNotEqual(first, try OutputIdentity.of(fd, status: st, context: [1]))
    }
}

final class DiskCacheTests: XCTestCase {
    func testRoundTripSealedNamelessBoundAndBounded() throws {
        let t = TempFolder()
        let dir = t.path + "/cache/redactfs"
        let key = try SecretKey(bytes: [UInt8](repeating: 3, count: 32))
        let cache = try DiskCache(path: dir, key: key, budget: 2000)
        let output = Array("%PDF-1.4 pixels only".utf8) + [UInt8](repeating: 0, count: 500)
        if case .hit = cache.load(identity(1)) { XCTFail("hit in an empty cache") }
        cache.store(identity(1), output) { XCTAssertTrue($0) }
        cache.flush()
        guard case .hit(let back) = cache.load(identity(1)) else { return XCTFail("no hit after a write") }
        XCTAssertEqual(back, output)
        let names = try FileDescriptor.open(dir, flags: O_RDONLY | O_DIRECTORY).directoryEntries()
        XCTAssertEqual(names, [cache.name(for: identity(1))])
        XCTAssertTrue(DiskCache.isEntryName(names[0]))
        let sealed = try FileDescriptor.open(dir + "/" + names[0], flags: O_RDONLY).read(count: 4096, at: 0)
        XCTAssertNil(sealed.indices.first { sealed[$0...].starts(with: Array("%PDF".utf8)) })
        // Another key finds nothing under the same names and cannot open the entry.
        let other = try DiskCache(path: dir, key: try SecretKey(bytes: [UInt8](repeating: 4, count: 32)), budget: 2000)
        XCTAssertNotEqual(other.name(for: identity(1)), names[0])
        // The entry copied to another identity's name is refused and removed.
        let moved = cache.name(for: identity(2))
        let copy = open(dir + "/" + moved, O_WRONLY | O_CREAT, 0o600)
        _ = sealed.withUnsafeBytes { write(copy, $0.baseAddress, $0.count) }
        close(copy)
        guard case .refused = cache.load(identity(2)) else { return XCTFail("a moved entry was served") }
        XCTAssertEqual(access(dir + "/" + moved, F_OK), -1)
        // A flipped byte is refused.
        var bad = sealed
        bad[bad.count / 2] ^= 1
        let fd = open(dir + "/" + names[0], O_WRONLY | O_TRUNC)
        _ = bad.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard case .refused(let why) = cache.load(identity(1)) else { return XCTFail("a tampered entry was served") }
        XCTAssertTrue(why.contains("authentication"), why)
        // Bounded: three entries of ~560 bytes in 2000, then a fourth evicts the oldest.
        for i: UInt8 in 10...13 {
            cache.store(identity(i), output) { _ in }
            cache.flush()
            usleep(20_000)   // distinct mtimes
        }
        let left = try FileDescriptor.open(dir, flags: O_RDONLY | O_DIRECTORY).directoryEntries()
        XCTAssertEqual(left.count, 3)
        XCTAssertFalse(left.contains(cache.name(for: identity(10))))
        // An output that alone exceeds the bound is never written.
        cache.store(identity(20), [UInt8](repeating: 0, count: 5000)) { _ in XCTFail("written") }
        cache.flush()
    }
}

final class OCRIdentityTests: XCTestCase {
    /// Another OCR language list or resolution reads scans differently: it
    /// must never be served an output made with the old one.
    func testOCRSettingsArePartOfTheContext() {
        let base = RenderSettings()
        var langs = base
        langs.ocrLanguages = "eng+fra"
        var dpi = base
        dpi.ocrDpi = 200
        let c = OutputIdentity.context(termsIdentity: [1], settings: base)
        XCTAssertEqual(c, OutputIdentity.context(termsIdentity: [1], settings: base))
        XCTAssertNotEqual(c, OutputIdentity.context(termsIdentity: [1], settings: langs))
        XCTAssertNotEqual(c, OutputIdentity.context(termsIdentity: [1], settings: dpi))
    }
}

final class SealedOutputTests: XCTestCase {
    /// An output a render sealed on disk is read through its handle and
    /// kept for the next open, and costs the memory budget nothing.
    func testASealedOutputIsServedAndKeptOutOfMemory() throws {
        let dir = TempFolder()
        let cipher = try SpillCipher()
        let text = Array(String(repeating: "Seite 7 von 2000, Saldo 1.234,56 EUR. ", count: 5000).utf8)
        let f = try SealedFile(text, directory: dir.path, cipher: cipher)
        let c = OutputCache(budget: 1000, stats: CacheStats(), spill: OutputSpill(directory: dir.path, cipher: cipher))
        let k = key(1)
        guard case .render(let job, _) = c.lookup(k, identity(1)) else { return XCTFail("no render") }
        c.finish(k, identity(1), job, .success(.sealed(f)))
        XCTAssertEqual(c.size(of: k), text.count)
        guard case .success(let out)? = job.wait(seconds: 1) else { return XCTFail("no output") }
        let h = c.openHandle(out, identity(1))
        XCTAssertEqual(c.heldBytes, 0)
        var back = [UInt8](repeating: 0, count: text.count)
        let n = back.withUnsafeMutableBytes { c.read(h, into: $0.baseAddress!, count: text.count, offset: 0) }
        XCTAssertEqual(n, text.count)
        XCTAssertEqual(back, text)
        c.release(h)
        // Kept, still costing no memory; a newer version of the source drops it.
        guard case .hit(.sealed(let again)) = c.lookup(k, identity(1)) else { return XCTFail("a sealed output was not kept") }
        XCTAssertTrue(again === f)
        XCTAssertEqual(c.heldBytes, 0)
        guard case .render(let job2, _) = c.lookup(key(1, size: 2), identity(2)) else { return XCTFail("no render") }
        c.finish(key(1, size: 2), identity(2), job2, .success(.memory([1, 2, 3])))
        guard case .render = c.lookup(k, identity(1)) else { return XCTFail("the old version's output was kept") }
    }
}

final class MountPointTests: XCTestCase {
    func testAMountPointInsideTheSourceOrAlreadyMountedIsRefused() {
        let mounts = "sysfs /sys sysfs rw 0 0\n/home/me/Dokumente\\040alt /home/me/Redacted\\040x fuse.redactfs ro 0 0\n"
        XCTAssertEqual(MountPointProblem.check("/home/me/Docs/sub", source: "/home/me/Docs", allowNonEmpty: true, mounts: ""), .insideSource)
        XCTAssertEqual(MountPointProblem.check("/home/me/Docs", source: "/home/me/Docs", allowNonEmpty: true, mounts: ""), .insideSource)
        // A sibling whose name starts like the source is not inside it.
        XCTAssertNotEqual(MountPointProblem.check("/home/me/Docs2", source: "/home/me/Docs", allowNonEmpty: true, mounts: ""), .insideSource)
        XCTAssertEqual(MountPointProblem.check("/home/me/Redacted x", source: "/home/me/Docs", allowNonEmpty: true, mounts: mounts),
                       .alreadyMounted("/home/me/Dokumente alt (fuse.redactfs)"))
    }
}
