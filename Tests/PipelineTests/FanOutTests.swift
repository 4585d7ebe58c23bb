#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import XCTest
import Posix
import RedactCore
import Worker
@testable import Pipeline

/// The fan-out with real worker processes (the debug `redactfs` built next
/// to the tests) on small text PDFs written here.
final class FanOutTests: XCTestCase {
    static var executable: String {
        let dir = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var d = dir.joined(separator: "/")
        // swift test runs .build/debug/redactfsPackageTests.xctest
        if d.hasSuffix(".xctest") { d = String(d.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")) }
        return d + "/redactfs"
    }

    /// A PDF of `pages` pages with one line of Helvetica text each.
    static func textPDF(pages: Int) -> [UInt8] {
        var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
        var kids: [Int] = []
        for p in 0..<pages {
            let content = "BT /F1 12 Tf 72 720 Td (Seite \(p + 1) ohne Besonderheiten) Tj ET"
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources << /Font << /F1 3 0 R >> >> /Contents \(objects.count) 0 R >>")
            kids.append(objects.count)
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages) >>"
        return pdf(objects)
    }

    /// A PDF of these objects (numbered from 1, the first the catalog)
    /// with its cross-reference table.
    static func pdf(_ objects: [String]) -> [UInt8] {
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(o)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets { out += String(repeating: "0", count: 10 - String(o).count) + "\(o) 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(out.utf8)
    }

    static func file(_ bytes: [UInt8]) throws -> FileDescriptor {
        var template = Array("/tmp/redactfs-fanout-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw XCTSkip("mkstemp failed") }
        unlink(String(cString: template))
        let f = FileDescriptor(owning: fd)
        try f.writeAll(bytes)
        return f
    }

    func redactor(_ pool: WorkerPool) -> Redactor {
        Redactor(settings: RenderSettings(), worker: WorkerClient(executable: Self.executable), pool: pool)
    }

    override func setUpWithError() throws {
        guard access(Self.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(Self.executable)") }
    }

    func testPagesComeBackInOrderWhateverTheWorkers() throws {
        let pdf = Self.textPDF(pages: 7)
        let one = try redactor(WorkerPool(slots: 1)).redact(try Self.file(pdf))
        let three = try redactor(WorkerPool(slots: 3)).redact(try Self.file(pdf))
        XCTAssertEqual(one.pageCount, 7)
        XCTAssertEqual(try one.output.all(), try three.output.all(), "the number of workers changed the output")
    }

    /// With one slot, a background document steps aside between pages for a
    /// person, and finishes afterwards.
    func testBackgroundWorkYieldsToInteractive() throws {
        let pool = WorkerPool(slots: 1)
        let r = redactor(pool)
        let big = try Self.file(Self.textPDF(pages: 40))
        let small = try Self.file(Self.textPDF(pages: 1))
        let order = Mutex<[String]>([])
        let failure = Mutex<RedactError?>(nil)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            do {
                let result = try r.redact(big, priority: .background) { n, _ in if n == 1 { started.signal() } }
                order.withLock { $0.append(result.pageCount == 40 ? "background" : "background short") }
            } catch {
                failure.withLock { $0 = error as? RedactError ?? .workerFailed("?") }
                started.signal()
            }
            done.leave()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 60), .success)
        if let f = failure.withLock({ $0 }) { XCTFail("background redact failed: \(f.message)"); return }
        let mine = try r.redact(small, priority: .interactive)
        order.withLock { $0.append("interactive") }
        XCTAssertEqual(mine.pageCount, 1)
        done.wait()
        if let f = failure.withLock({ $0 }) { XCTFail("background redact failed after yielding: \(f.message)") }
        XCTAssertEqual(order.withLock { $0 }, ["interactive", "background"])
        XCTAssertEqual(pool.busy, 0)
    }
}
