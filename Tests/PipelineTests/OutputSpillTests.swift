#if canImport(Glibc)
import Glibc
#endif
import XCTest
import Posix
import RedactCore
import Secrets
import Worker
@testable import Pipeline

/// A render's memory does not grow with its page count: past the in-flight
/// share its compressed pages wait in a sealed file, and a large output is
/// written into one. The bytes are the same either way.
final class OutputSpillTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        guard access(FanOutTests.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(FanOutTests.executable)") }
        var template = Array("/tmp/spill-test-XXXXXX".utf8CString)
        XCTAssertNotNil(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        dir = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    override func tearDown() {
        // Sealed files are unnamed: the folder must still be empty.
        XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: dir), [])
        rmdir(dir)
    }

    func redact(_ pdf: [UInt8], spill: OutputSpill?, slots: Int = 2) throws -> Redaction {
        let r = Redactor(settings: RenderSettings(), worker: WorkerClient(executable: FanOutTests.executable),
                         pool: WorkerPool(slots: slots))
        return try r.redact(try FanOutTests.file(pdf), spill: spill)
    }

    func testPagesPastTheShareWaitOnDiskAndTheOutputIsTheSame() throws {
        let pdf = FanOutTests.textPDF(pages: 6)
        let plain = try redact(pdf, spill: nil)
        guard case .memory(let expected) = plain.output else { return XCTFail("no spill, yet not in memory") }
        // Room for about one page in flight: the rest go to disk.
        let inFlight = InFlightMemory(limit: expected.count / 5)
        let spill = OutputSpill(directory: dir, cipher: try SpillCipher(), inFlight: inFlight, sealAbove: 1 << 30)
        let spilled = try redact(pdf, spill: spill)
        guard case .sealed(let f) = spilled.output else { return XCTFail("pages went to disk, yet the output is in memory") }
        XCTAssertEqual(f.size, expected.count)
        XCTAssertTrue(try f.read(0..<f.size) == expected, "the sealed output differs")
        XCTAssertEqual(inFlight.bytes, 0, "the render did not give back its share")
        // What is on disk is sealed: not even the PDF header shows.
        let raw = try f.rawBytes()
        XCTAssertFalse(raw.starts(with: Array("%PDF".utf8)))
        XCTAssertFalse(raw.indices.dropLast(8).contains { Array(raw[$0..<($0 + 8)]) == Array("/XObject".utf8) })
    }

    func testALargeOutputIsSealedEvenWithRoomInFlight() throws {
        let pdf = FanOutTests.textPDF(pages: 2)
        let inFlight = InFlightMemory(limit: 1 << 30)
        let small = try redact(pdf, spill: OutputSpill(directory: dir, cipher: try SpillCipher(), inFlight: inFlight))
        guard case .memory(let expected) = small.output else { return XCTFail("a small output left memory") }
        let big = try redact(pdf, spill: OutputSpill(directory: dir, cipher: try SpillCipher(), inFlight: inFlight,
                                                     sealAbove: 100))
        guard case .sealed(let f) = big.output else { return XCTFail("an output past sealAbove stayed in memory") }
        XCTAssertTrue(try f.read(0..<f.size) == expected)
        XCTAssertEqual(inFlight.bytes, 0)
    }
}
