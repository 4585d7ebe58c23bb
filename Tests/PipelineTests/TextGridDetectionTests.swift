@testable import Pipeline
import RedactCore
import TextFormats
@testable import Worker
import XCTest

/// A text file laid out as a page (`TextGrid`) is read by the same
/// detection as a PDF: in a table, a column header gives its column
/// context. Invented data, shaped like an HR system's CSV export.
final class TextGridDetectionTests: XCTestCase {
    func detect(_ grid: TextGrid) -> [Int: [Range<Int>]] {
        let redactor = Redactor(settings: RenderSettings())
        let page = WorkerPage(index: 0, size: grid.size, layer: grid.page, ocr: .empty, pixels: nil)
        let (model, found, _) = redactor.detectPage(page)
        return grid.unitSpans(found.map { ($0.range, $0.category) }, in: model.text).mapValues { $0.map(\.range) }
    }

    func testAColumnHeaderGivesItsColumnContext() {
        let csv = CSVTable.parse("""
            Personalnummer;Nachname;Vorname;Telefon;Abteilung
            4711;Brandt;Lea;089 41177203;Einkauf
            4712;Vries;Tom;0171 2345678;Vertrieb

            """)
        let rows = csv.records.map { $0.map { Array($0.unicodeScalars) } }
        let (grid, width) = TextGrid.table(rows)
        XCTAssertEqual(width, 5)
        let spans = detect(grid)
        func covered(_ row: Int, _ col: Int) -> Bool {
            let unit = row * width + col
            let n = rows[row][col].count
            return spans[unit]?.reduce(0) { $0 + $1.count } == n
        }
        // The phone numbers, whole.
        XCTAssertTrue(covered(1, 3), "\(spans)")
        XCTAssertTrue(covered(2, 3), "\(spans)")
        // Names under a surname / given-name header.
        XCTAssertTrue(covered(1, 1), "surname under Nachname: \(spans)")
        XCTAssertTrue(covered(1, 2), "given name under Vorname: \(spans)")
        // Not personal: the headers and the departments.
        for j in 0..<5 { XCTAssertNil(spans[j], "header \(j)") }
        XCTAssertNil(spans[1 * width + 4])
    }

    func testLinesMapBackToTheirOwnOffsets() {
        let lines = ["Sehr geehrte Frau Brandt,", "\tbitte rufen Sie uns an: 089 41177203.", "Mit freundlichen Grüßen"]
        let grid = TextGrid.lines(lines.map { Array($0.unicodeScalars) })
        let spans = detect(grid)
        let phone = Array(lines[1].unicodeScalars)
        guard let r = spans[1]?.first else { return XCTFail("no phone found: \(spans)") }
        XCTAssertEqual(String(String.UnicodeScalarView(phone[r])), "089 41177203")
    }
}
