@testable import Pipeline
import Detect
import Layout
import RedactCore
import XCTest

/// The document pass over page models: tables continued on the next page
/// and values carried to every page.
final class DocumentPassPipelineTests: XCTestCase {
    /// A page of lines whose cells are separated by wide gaps.
    func page(_ rows: [[String]], top: Double = 100) -> PageModel {
        var scalars: [Unicode.Scalar] = []
        var boxes: [Rect] = []
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                var x = 50 + Double(c) * 150
                for ch in cell.unicodeScalars {
                    scalars.append(ch)
                    boxes.append(ch == " " ? Rect(x: 0, y: 0, width: 0, height: 0)
                                           : Rect(x: x, y: top + Double(r) * 12, width: 5, height: 11))
                    x += 5
                }
            }
            scalars.append("\n")
            boxes.append(Rect(x: 0, y: 0, width: 0, height: 0))
        }
        return PageModel(layer: PageText(scalars: scalars, boxes: boxes), ocr: .empty)
    }

    func string(_ t: PageText, _ r: Range<Int>) -> String { String(String.UnicodeScalarView(t.scalars[r])) }

    /// A stand-in detector: a cell under a `Geburtsdatum` header cell (same
    /// cell index, any line below) is a date of birth.
    func columnDetector(_ t: PageText, _ ocr: [Range<Int>]) -> [Detection] {
        let lines = t.string.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [Detection] = []
        var column: Int?
        var offset = 0
        for line in lines {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            var start = offset
            for (i, cell) in cells.enumerated() {
                if String(String.UnicodeScalarView(cell)) == "Geburtsdatum" { column = i }
                else if i == column, !cell.isEmpty {
                    out.append(Detection(category: .dateOfBirth, range: start..<(start + cell.count), confidence: 0.9, reason: .context))
                }
                start += cell.count + 1
            }
            offset += line.count + 1
        }
        return out
    }

    func testAPageIsAlsoReadInTheRegionsOfTheWholeDocument() {
        // Page 1 says US (a state and ZIP, a (415) number); page 2 alone says nothing.
        let p1 = page([["Jordan Ellery", "1200 Oak St"], ["Oakland, CA 94612", "(415) 555-0132"], ["Tel. (415) 555-0177"]])
        let p2 = page([["Mobile", "510 555 0199"]])
        var c = Collected()
        for (i, m) in [p1, p2].enumerated() { c.keep(i, model: m, found: [], evidence: DocumentEvidence(), scale: 1) }
        var asked: [(Int, String)] = []
        let added = c.documentPass(detect: { _, _ in [] }, configured: "DE", alsoIn: { t, _, region, _ in
            asked.append((t.scalars.count, region))
            return region == "US" ? [Detection(category: .phone, range: 7..<19, confidence: 0.9, reason: .pattern)] : []
        })
        // Only page 2 lacked the US reading; what it found is added there.
        XCTAssertEqual(asked.map(\.1), ["US"])
        XCTAssertEqual(asked.first?.0, p2.text.scalars.count)
        XCTAssertEqual(added[1]?.map { string(p2.text, $0.range) }, ["510 555 0199"])
        XCTAssertNil(added[0])
    }

    func testATableRunningOnReadsTheRowsUnderTheHeaderOfThePageBefore() {
        let p1 = page([["Name", "Geburtsdatum", "Ort"], ["Erika Brandt", "12.03.1980", "Köln"], ["Jonas Weber", "01.07.1978", "Bonn"]])
        let p2 = page([["Seite 2 von 3"], ["Lena Vogt", "03.07.1998", "Ulm"], ["Emre Kaya", "14.02.1985", "Kiel"]])
        let p3 = page([["Dilara Kaya", "09.09.2001", "Jena"], ["Ende der Liste"]])
        var c = Collected()
        for (i, m) in [p1, p2, p3].enumerated() {
            c.keep(i, model: m, found: columnDetector(m.text, []), evidence: DocumentEvidence(), scale: 1)
        }
        XCTAssertEqual(c.found[1]!.count, 0, "page 2 alone has no header")
        let added = c.documentPass(detect: columnDetector)
        XCTAssertEqual(added[1]?.map { string(p2.text, $0.range) }, ["03.07.1998", "14.02.1985"])
        // Page 3's table is still page 1's: the header is carried on.
        XCTAssertEqual(added[2]?.map { string(p3.text, $0.range) }, ["09.09.2001"])
        // Every added range points at visible scalars with boxes to burn.
        for (i, m) in [1: p2, 2: p3] {
            for d in added[i]! { XCTAssertTrue(m.text.boxes[d.range].allSatisfy { !$0.isEmpty }) }
        }
    }

    func testAHeaderAloneAtThePageFootHeadsTheNextPagesRows() {
        let p1 = page([["Bitte prüfen Sie die Namen:"], ["Name", "Geburtsdatum", "Ort"]])
        let p2 = page([["Lena Vogt", "03.07.1998", "Ulm"], ["Emre Kaya", "14.02.1985", "Kiel"]])
        var c = Collected()
        for (i, m) in [p1, p2].enumerated() {
            c.keep(i, model: m, found: columnDetector(m.text, []), evidence: DocumentEvidence(), scale: 1)
        }
        let added = c.documentPass(detect: columnDetector)
        XCTAssertEqual(added[1]?.map { string(p2.text, $0.range) }, ["03.07.1998", "14.02.1985"])
        // A footer with its page number is no header.
        XCTAssertNil(TableContinuation.lastTableStart(page([["Text"], ["Seite 1 von 2", "Stand 11/2025"]])))
    }

    func testARowTypedWithBarsIsAsWideAsItsBarsSay() {
        // OCR's gaps cut the segments of typed rows into cells, a different
        // number on each row (and the table's columns with them): the
        // header of the page before must still find its rows by the bars.
        let scalars = Array("| Shauna McGinley |\t15230 |\t07/01/1993 |".unicodeScalars)
        let box = Rect(x: 0, y: 0, width: 5, height: 10)
        let text = PageText(scalars: scalars, boxes: scalars.map { $0 == "\t" ? Rect(x: 0, y: 0, width: 0, height: 0) : box })
        let cells = [0..<18, 19..<26, 27..<scalars.count]
        let line = PageModel.Line(cells: cells, box: box, startsBlock: false, columns: [0, 2, 4], tableColumns: 5)
        XCTAssertEqual(TableContinuation.width(of: line, in: text), 3)
    }

    func testAPageThatRepeatsTheHeaderIsLeftAlone() {
        let p1 = page([["Name", "Geburtsdatum"], ["Erika Brandt", "12.03.1980"], ["Jonas Weber", "01.07.1978"]])
        let p2 = page([["Name", "Geburtsdatum"], ["Lena Vogt", "03.07.1998"]])
        var c = Collected()
        for (i, m) in [p1, p2].enumerated() {
            c.keep(i, model: m, found: columnDetector(m.text, []), evidence: DocumentEvidence(), scale: 1)
        }
        XCTAssertEqual(c.found[1]!.count, 1)
        XCTAssertNil(c.documentPass(detect: columnDetector)[1])
    }

    func testValuesFoundOnALaterPageAreAddedToEarlierOnes() {
        let p1 = page([["Sachbearbeiter", "Frau Vogelsang"]])
        let p2 = page([["Ihre Ansprechpartnerin"], ["Lena Vogelsang"]])
        var c = Collected()
        c.keep(0, model: p1, found: [], evidence: DocumentEvidence(), scale: 1)
        var ev = DocumentEvidence()
        let r = 23..<37  // "Lena Vogelsang" on page 2
        XCTAssertEqual(string(p2.text, r), "Lena Vogelsang")
        let found = [Detection(category: .name, range: r, confidence: 0.9, reason: .context)]
        ev.add(found, in: p2.text)
        c.keep(1, model: p2, found: found, evidence: ev, scale: 1)
        let added = c.documentPass(detect: { _, _ in [] })
        XCTAssertEqual(added[0]?.map { string(p1.text, $0.range) }, ["Vogelsang"])
        XCTAssertEqual(c.counts[.name], 2)
    }
}

final class DocumentPassBudgetTests: XCTestCase {
    func testADocumentOverTheBudgetGetsNoPassWhateverThePageOrder() {
        // Two pages whose texts together pass the budget: whichever comes
        // first, nothing is kept and the pass adds nothing.
        let big = Collected.keptScalarBudget / 2 + 1
        let scalars = [Unicode.Scalar](repeating: "a", count: big - 14) + Array(" Frau Kaya x\n".unicodeScalars) + ["b"]
        let text = PageText(scalars: scalars, boxes: scalars.map { _ in Rect(x: 0, y: 0, width: 1, height: 1) })
        let model = PageModel(text: text, ocr: [], lines: [])
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: (big - 8)..<(big - 4), confidence: 0.9, reason: .context)], in: text)
        for order in [[0, 1], [1, 0]] {
            var c = Collected()
            for i in order { c.keep(i, model: model, found: [], evidence: ev, scale: 1) }
            XCTAssertTrue(c.overBudget)
            XCTAssertTrue(c.models.isEmpty)
            XCTAssertTrue(c.documentPass(detect: { _, _ in [] }).isEmpty)
        }
    }
}
