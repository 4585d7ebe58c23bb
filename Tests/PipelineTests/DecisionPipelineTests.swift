#if canImport(Glibc)
import Glibc
#endif
import XCTest
import RedactCore
import Worker
@testable import Pipeline

/// Review decisions as a render applies them: what the user keeps is not
/// burned, what the user adds is, and a decision the source no longer
/// bears out is reported, never applied to something else.
final class DecisionPipelineTests: XCTestCase {
    static let lines = ["Kontakt: lena.probst@example.org", "Aktenzeichen 4711/26 bitte angeben", "Kontakt: lena.probst@example.org"]

    static func letterPDF() -> [UInt8] {
        var content = "BT /F1 11 Tf 40 560 Td"
        for l in lines { content += " (\(l)) Tj 0 -20 Td" }
        content += " ET"
        return FanOutTests.pdf([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>",
        ])
    }

    override func setUpWithError() throws {
        guard access(FanOutTests.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(FanOutTests.executable)") }
    }

    func redactor() -> Redactor {
        Redactor(settings: RenderSettings(), worker: WorkerClient(executable: FanOutTests.executable), pool: WorkerPool(slots: 2))
    }

    static func decisions(_ body: (inout DocumentDecisions) -> Void) -> AppliedDecisions {
        var d = DocumentDecisions(binding: DocumentBinding(device: 1, inode: 1, birthSeconds: 1, birthNanoseconds: 0, size: 0, contentDigest: []))
        body(&d)
        return AppliedDecisions(d)
    }

    func testKeptDetectionsStayVisibleAndAddedStringsAndAreasAreBurned() throws {
        let r = redactor()
        let plain = try r.redact(try FanOutTests.file(Self.letterPDF()))
        XCTAssertEqual(plain.counts[.email], 2, "\(plain.counts)")
        // The listing's text for the e-mail, as a kept decision names it.
        let scan = try r.scan(try FanOutTests.file(Self.letterPDF()))
        let email = try XCTUnwrap(scan[0].detections.first { $0.category == .email })
        let shown = AppliedDecisions.text(of: email, in: scan[0].text)
        XCTAssertEqual(shown, "lena.probst@example.org")

        let applied = Self.decisions { d in
            d.kept = [KeptDetection(page: 0, category: .email, text: shown)]
            d.added = ["4711/26"]
            d.areas = [.init(page: 0, rect: Rect(x: 10, y: 10, width: 50, height: 20))]
        }
        let reviewed = try r.redact(try FanOutTests.file(Self.letterPDF()), decisions: applied)
        XCTAssertNil(reviewed.counts[.email], "a kept e-mail was burned: \(reviewed.counts)")
        XCTAssertEqual(reviewed.counts[.term], 1, "the added string was not found: \(reviewed.counts)")
        XCTAssertEqual(applied.stale, [])
        XCTAssertFalse(try reviewed.output.all() == (try plain.output.all()))
        // Areas alone change the pixels too.
        let area = try r.redact(try FanOutTests.file(Self.letterPDF()), decisions: Self.decisions { d in
            d.areas = [.init(page: 0, rect: Rect(x: 10, y: 10, width: 50, height: 20))]
        })
        XCTAssertEqual(area.counts, plain.counts)
        XCTAssertFalse(try area.output.all() == (try plain.output.all()))
    }

    func testADecisionTheSourceNoLongerBearsOutIsStaleAndChangesNothing() throws {
        let r = redactor()
        let plain = try r.redact(try FanOutTests.file(Self.letterPDF()))
        let applied = Self.decisions { d in
            d.kept = [KeptDetection(page: 0, category: .email, text: "anna.other@example.org"),
                      KeptDetection(page: 3, category: .email, text: "lena.probst@example.org")]
        }
        let reviewed = try r.redact(try FanOutTests.file(Self.letterPDF()), decisions: applied)
        XCTAssertEqual(reviewed.counts, plain.counts)
        XCTAssertTrue(try reviewed.output.all() == (try plain.output.all()))
        XCTAssertEqual(applied.stale.count, 2)
    }
}
