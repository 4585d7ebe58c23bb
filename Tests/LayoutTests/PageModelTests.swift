import Layout
import RedactCore
import XCTest

/// Synthetic pages: text placed the way a PDF producer places it, with one
/// box per scalar, as poppler reports it.
struct Page {
    var scalars: [Unicode.Scalar] = []
    var boxes: [Rect] = []
    static let none = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Draws `s` from (x, y) at `size` pt: each glyph 0.55 em wide, the box
    /// the font's full height (1.15 em), a space's box covering its advance.
    mutating func draw(_ s: String, x: Double, y: Double, size: Double = 10) {
        var cx = x
        for c in s.unicodeScalars {
            let w = 0.55 * size
            scalars.append(c)
            boxes.append(Rect(x: cx, y: y, width: w, height: 1.15 * size))
            cx += w
        }
    }

    /// A table cell: its own text object, then the newline poppler puts after one.
    mutating func cell(_ s: String, _ x: Double, _ y: Double) {
        draw(s, x: x, y: y)
        put("\n")
    }

    /// What the source put between two objects (poppler: nothing, a space or a newline).
    mutating func put(_ s: Unicode.Scalar) {
        scalars.append(s)
        boxes.append(Self.none)
    }

    var text: PageText { PageText(scalars: scalars, boxes: boxes) }

    /// OCR-style words: boxes per symbol, one space between words.
    static func ocr(_ words: [(String, Double, Double)], size: Double = 10, newlineBefore: Set<Int> = []) -> PageText {
        var p = Page()
        for (i, (w, x, y)) in words.enumerated() {
            if i > 0 { p.put(newlineBefore.contains(i) ? "\n" : " ") }
            var cx = x
            for c in w.unicodeScalars {
                p.scalars.append(c)
                p.boxes.append(Rect(x: cx, y: y + 0.2 * size, width: 0.55 * size, height: 0.75 * size))
                cx += 0.55 * size
            }
        }
        return p.text
    }
}

final class PageModelTests: XCTestCase {
    func model(_ layer: PageText, ocr: PageText = .empty) -> PageModel { PageModel(layer: layer, ocr: ocr) }

    func testTableCellsWithNothingBetweenThemBecomeCells() {
        // A bank statement row: every cell a text object of its own, and
        // poppler's text has nothing between them.
        var p = Page()
        p.draw("Telefon", x: 50, y: 100)
        p.draw("089/41177203", x: 150, y: 100)
        p.put("\n")
        p.draw("Girokonto", x: 50, y: 115)
        p.draw("DE27 1002 0500 0004 1234 56", x: 150, y: 115)
        p.draw("Erika Mustermann", x: 320, y: 115)
        p.draw("1.204,77", x: 450, y: 115)
        let m = model(p.text)
        XCTAssertEqual(m.text.string, "Telefon\t089/41177203\nGirokonto\tDE27 1002 0500 0004 1234 56\tErika Mustermann\t1.204,77")
        XCTAssertEqual(m.lines.count, 2)
        XCTAssertEqual(m.lines[1].cells.count, 4)
        XCTAssertTrue(m.ocr.isEmpty)
    }

    func testCellsCloseTogetherSplitOnlyWhereTheSourceHasNoSpace() {
        // Gap of 4 pt between cells (under half a line height) but no space
        // in the source: still cells. The same gap with a space: a word break.
        var p = Page()
        p.draw("2024-05-14", x: 50, y: 100)
        p.draw("jane.roe@example.org", x: 50 + 10 * 5.5 + 6, y: 100)
        p.put("\n")
        p.draw("Erika", x: 50, y: 113)
        p.put(" ")
        p.draw("Mustermann", x: 50 + 5 * 5.5 + 6, y: 113)
        let m = model(p.text)
        XCTAssertEqual(m.text.string, "2024-05-14\tjane.roe@example.org\nErika Mustermann")
    }

    func testBoxesStayExactToTheGlyph() {
        var p = Page()
        p.draw("IBAN", x: 50, y: 100)
        p.draw("DE89", x: 120, y: 100)
        let m = model(p.text)
        let s = m.text.string
        XCTAssertEqual(s, "IBAN\tDE89")
        // Every visible scalar keeps its own box from the source.
        for (i, sc) in m.text.scalars.enumerated() where sc != "\t" {
            let j = p.scalars.firstIndex(of: sc)!
            if sc == "D" { XCTAssertEqual(m.text.boxes[i], p.boxes[j]) }
        }
        XCTAssertTrue(m.text.boxes[4].isEmpty, "the separator has no box to burn")
    }

    func testColumnsOfCellsTheSourceGaveOneAfterAnother() {
        // poppler sometimes gives a table column by column: rows are rebuilt.
        var p = Page()
        p.draw("Name", x: 50, y: 100); p.put("\n")
        p.draw("Erika Brandt", x: 50, y: 115); p.put("\n")
        p.draw("Jonas Weber", x: 50, y: 130); p.put("\n")
        p.draw("IBAN", x: 200, y: 100); p.put("\n")
        p.draw("DE66 3097", x: 200, y: 115); p.put("\n")
        p.draw("DE86 3128", x: 200, y: 130)
        let m = model(p.text)
        XCTAssertEqual(m.text.string, "Name\tIBAN\nErika Brandt\tDE66 3097\nJonas Weber\tDE86 3128")
        XCTAssertEqual(m.lines.map(\.cells.count), [2, 2, 2])
    }

    func testReadingOrderTopToBottomWhateverTheSourceOrder() {
        var p = Page()
        p.draw("second line", x: 50, y: 112); p.put("\n")
        p.draw("first line", x: 50, y: 100)
        XCTAssertEqual(model(p.text).text.string, "first line\nsecond line")
    }

    func testBlankLineBetweenBlocks() {
        var p = Page()
        p.draw("Erika Mustermann", x: 50, y: 100); p.put("\n")
        p.draw("Hauptstraße 5", x: 50, y: 112); p.put("\n")
        p.draw("12345 Musterstadt", x: 50, y: 124); p.put("\n")
        p.draw("Sehr geehrte Frau Mustermann,", x: 50, y: 170)
        let m = model(p.text)
        XCTAssertEqual(m.text.string, "Erika Mustermann\nHauptstraße 5\n12345 Musterstadt\n\nSehr geehrte Frau Mustermann,")
        XCTAssertEqual(m.lines.map(\.startsBlock), [false, false, false, true])
    }

    func testOCRValueJoinsTheLineOfItsTextLayerLabel() {
        // The label is in the text layer; the value only OCR could read
        // (a form field's appearance, an image).
        var p = Page()
        p.draw("Geburtsdatum:", x: 50, y: 100)
        p.put("\n")
        p.draw("Ort:", x: 50, y: 114)
        let ocr = Page.ocr([("12.03.1980", 160, 100), ("Musterstadt", 160, 114)], newlineBefore: [1])
        let m = model(p.text, ocr: ocr)
        XCTAssertEqual(m.text.string, "Geburtsdatum:\t12.03.1980\nOrt:\tMusterstadt")
        // The OCR ranges cover exactly the OCR words.
        let s = m.text.scalars
        XCTAssertEqual(m.ocr.count, 2)
        XCTAssertEqual(String(String.UnicodeScalarView(s[m.ocr[0]])), "12.03.1980")
        XCTAssertEqual(String(String.UnicodeScalarView(s[m.ocr[1]])), "Musterstadt")
    }

    func testOCRWordsOfOneLineSplitIntoCellsAtWideGaps() {
        let ocr = Page.ocr([("Telefon", 50, 100), ("089/41177203", 150, 100), ("Erika", 300, 100), ("Roe", 333, 100)])
        let m = model(.empty, ocr: ocr)
        XCTAssertEqual(m.text.string, "Telefon\t089/41177203\tErika Roe")
        XCTAssertEqual(m.ocr, [0..<m.text.scalars.count])
    }

    func testTwoReadingsOfTheSameInkAreNotInterleaved() {
        // A lying font: the layer says one thing, OCR read another over the
        // same place. Both are kept whole, on lines of their own.
        var p = Page()
        p.draw("Hello", x: 50, y: 100)
        let ocr = Page.ocr([("Jane", 50, 100)])
        let m = model(p.text, ocr: ocr)
        let lines = m.text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(lines), ["Hello", "Jane"])
    }

    func testSidewaysOCRKeepsItsOwnOrder() {
        // A page read turned: symbols run down the page, one under another.
        var p = Page()
        for (k, c) in "Roe".unicodeScalars.enumerated() {
            p.scalars.append(c)
            p.boxes.append(Rect(x: 100, y: 100 + Double(k) * 6, width: 8, height: 5.5))
        }
        p.put(" ")
        for (k, c) in "Jane".unicodeScalars.enumerated() {
            p.scalars.append(c)
            p.boxes.append(Rect(x: 100, y: 130 + Double(k) * 6, width: 8, height: 5.5))
        }
        let m = model(.empty, ocr: p.text)
        XCTAssertEqual(m.text.string, "Roe Jane")
        XCTAssertEqual(m.ocr, [0..<8])
    }

    func testLigatureScalarsShareTheirGlyph() {
        var p = Page()
        p.draw("Gra", x: 50, y: 100)
        // "ﬀ" reported as two scalars with one box.
        let b = Rect(x: 50 + 3 * 5.5, y: 100, width: 5.5, height: 11.5)
        p.scalars += ["f", "f"]; p.boxes += [b, b]
        p.draw("e", x: 50 + 4 * 5.5, y: 100)
        let m = model(p.text)
        XCTAssertEqual(m.text.string, "Graffe")
        XCTAssertEqual(m.text.boxes[3], b)
        XCTAssertEqual(m.text.boxes[4], b)
    }

    func testNothingIsLost() {
        // Every visible scalar of both sources appears in the model, once.
        var p = Page()
        p.draw("Kontoinhaber", x: 40, y: 60)
        p.draw("Emre Kaya", x: 140, y: 60)
        p.put("\n")
        p.draw("| Buchung | Valuta |", x: 40, y: 80)
        p.put(" ")
        p.draw("Ärger über Öl", x: 300, y: 80)
        let ocr = Page.ocr([("Karte", 40, 200), ("5564", 90, 200)])
        let m = model(p.text, ocr: ocr)
        func visible(_ t: PageText) -> [Unicode.Scalar] { t.scalars.filter { !$0.properties.isWhitespace }.sorted { $0.value < $1.value } }
        XCTAssertEqual(visible(m.text), (visible(p.text) + visible(ocr)).sorted { $0.value < $1.value })
    }

    func testSmallAndLargeTextAlike() {
        for size in [6.0, 9.0, 16.0] {
            var p = Page()
            p.draw("Name", x: 50, y: 100, size: size)
            p.draw("Erika", x: 50 + 4 * 0.55 * size + 1.2 * size, y: 100, size: size)
            p.put("\n")
            p.draw("Wort", x: 50, y: 100 + 1.2 * size, size: size)
            p.put(" ")
            p.draw("Wort", x: 50 + 5 * 0.55 * size, y: 100 + 1.2 * size, size: size)
            XCTAssertEqual(model(p.text).text.string, "Name\tErika\nWort Wort", "at \(size) pt")
        }
    }
}

final class ColumnTests: XCTestCase {
    func testProseInTwoColumnsIsReadColumnByColumn() {
        var p = Page()
        p.draw("Dear Sir or Madam,", x: 50, y: 80); p.put("\n")
        let left = ["we write to tell you that", "the account belonging to Jane", "Roe was used from abroad", "on several days in May."]
        let right = ["Please call us back on the", "usual number if you have any", "questions about this letter", "or the charges shown."]
        for k in 0..<4 {
            p.draw(left[k], x: 50, y: 110 + Double(k) * 12)
            p.draw(right[k], x: 320, y: 110 + Double(k) * 12)
            p.put("\n")
        }
        p.draw("Yours faithfully,", x: 50, y: 190)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        // The right column's lines all run to its edge: one wrapped paragraph.
        XCTAssertEqual(s, "Dear Sir or Madam,\n\n" + left.joined(separator: "\n") + "\n\n" + right.joined(separator: " ")
                       + "\n\nYours faithfully,")
    }

    func testShortListItemsBesideProseAreAColumnOfTheirOwn() {
        // A letter's body flowing into a right column of short list items
        // (a copy list): few words a line on the right, yet a column; a
        // name wrapped there (`Fabienne` / `Rothenbühler`) stays together.
        var p = Page()
        let left = ["Das Gutachten der MEDAS Bern ist", "beweiskräftig. Es bescheinigt ab", "2023 eine Arbeitsunfähigkeit von",
                    "100 % in der angestammten Tätigkeit", "als Schlosser und von 50 % in einer", "angepassten, leichten Tätigkeit."]
        let right = ["- Visana Versicherungen AG,", "Krankentaggeld, Schaden-Nr.", "KTG-24-0331187", "- Sozialdienst der Stadt, Fabienne",
                     "Rothenbühler, Fall-Nr. SH-3018", "- Ausgleichskasse Bern"]
        for k in 0..<6 {
            p.draw(left[k], x: 50, y: 110 + Double(k) * 12)
            p.draw(right[k], x: 320, y: 110 + Double(k) * 12)
            p.put("\n")
        }
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertTrue(s.contains("Fabienne Rothenbühler") || s.contains("Fabienne\nRothenbühler"), s)
        XCTAssertFalse(s.contains("│"), s)
    }

    func testATableWhoseLastColumnStandsApartStaysRowByRow() {
        // Three cells on the left of each row, one on the right: a table,
        // not prose beside a list.
        var p = Page()
        let rows = [["Kind", "Geburtsdatum", "Versicherungsnummer", "Anteil"], ["Noah Rukavina", "04.04.2016", "9400 040416", "100 %"],
                    ["Mila Aigner", "27.11.2019", "1914 271119", "50 %"], ["Lea Aigner", "03.01.2021", "1915 030121", "50 %"],
                    ["Tim Aigner", "08.02.2022", "1916 080222", "50 %"], ["Ida Aigner", "09.03.2023", "1917 090323", "50 %"]]
        for (k, r) in rows.enumerated() {
            for (c, x) in [50.0, 160, 240, 400].enumerated() { p.draw(r[c], x: x, y: 110 + Double(k) * 12) }
            p.put("\n")
        }
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertTrue(s.contains("27.11.2019"), s)
        XCTAssertTrue(s.split(separator: "\n").contains { $0.contains("Mila Aigner") && $0.contains("50 %") }, s)
    }

    func testColumnsWithTheirOwnLeadingAreReadColumnByColumn() {
        // A letter's two columns, a list of amounts on the left and a note
        // on the right, each with its own leading from its own top: every
        // line has both sides and none is prose on the left, but the sides
        // sit off each other's baseline. A name that wraps in the right
        // column (`Renate` / `Hufnagel`) must stay whole.
        var p = Page()
        let left = ["Gesetzliche Abzüge gesamt", "1.131,53", "Nettoverdienst", "2.466,85", "Auszahlungsbetrag", "2.417,85"]
        let right = ["Betriebsnummer 39471205 · Finanzamt", "Kassel II-Hofgeismar, StNr. 026 250", "Rückfragen: Lohnbuchhaltung, Renate",
                     "Hufnagel, Tel. 0561 700 412-27", "lohn@lebensbruecke-kassel.de", "Montag bis Freitag 8 bis 12 Uhr"]
        for k in 0..<6 {
            p.draw(left[k], x: 50, y: 110 + Double(k) * 15); p.put("\n")
            p.draw(right[k], x: 300, y: 106.5 + Double(k) * 14.9); p.put("\n")
        }
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        // The note's lines that wrapped at its column's edge go on.
        XCTAssertEqual(s, left.joined(separator: "\n") + "\n\n" + right[0] + " " + right[1] + "\n"
                       + right[2...4].joined(separator: " ") + "\n" + right[5])
    }

    func testAFormWithBlankLabelsAndWrappedValuesStaysRowByRow() {
        // A co-applicant block: labels ending on a colon, one left blank
        // (a label alone on its line), values that wrap (a value alone on
        // its line). Both sides have lines of their own, like two columns
        // that flow apart, but each value sits on its label's baseline.
        var p = Page()
        let rows: [(String?, String?)] = [("Full name:", "Daniela Fuentes Morán"), ("Date of birth:", "1995-09-18"),
                                          ("Previous name:", nil), ("Cell:", "404.555.0162 (evenings and"), (nil, "weekends only)"),
                                          ("Employer:", "Café Lumbre LLC, 472 Edgewood Ave SE, Atlanta"), (nil, "since 2022"),
                                          ("Gross monthly income:", "$3,100.00 (2023 Form W-2 attached)")]
        for (k, (label, value)) in rows.enumerated() {
            if let label { p.draw(label, x: 50, y: 100 + Double(k) * 12); p.put("\n") }
            if let value { p.draw(value, x: 180, y: 100 + Double(k) * 12); p.put("\n") }
        }
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Date of birth:\t1995-09-18"), "\(lines)")
        XCTAssertTrue(lines.contains("Previous name:"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Cell:\t404.555.0162") }, "\(lines)")
    }

    func testATableUnderALetterheadsColumnsIsNotPartOfThem() {
        // A statement's letterhead: the addressee on the left, account
        // details on the right, each with its own leading, so their lines
        // alternate. Below a block gap the statement's table starts; its
        // header has no gap where the letterhead's gutter is. The table is
        // not part of the columns: the address still reads as a block.
        var p = Page()
        for (k, (l, r)) in [("PO Box 1204, Bristol BS99 7NB", "Northbrook Bank plc"), ("Statement no. 88", "Classic Current Account"),
                            ("Customer services 0345 604 1204", "Statement period May 2024")].enumerated() {
            p.draw(l, x: 50, y: 72 + Double(k) * 12); p.put("\n"); p.draw(r, x: 320, y: 72 + Double(k) * 12); p.put("\n")
        }
        p.draw("Page 1 of 2", x: 245, y: 96); p.put("\n")
        let left = ["Mr Kieran O'Sullivan", "Flat C, 14 Cotham Brow", "Bristol", "BS6 6AS"]
        let right = ["Sort code 16-52-21", "Account number 40917736", "IBAN GB02 NBRK 1652 2140 9177 36", "BIC NBRKGB2B"]
        for (k, t) in left.enumerated() { p.draw(t, x: 50, y: 114 + Double(k) * 14); p.put("\n") }
        for (k, t) in right.enumerated() { p.draw(t, x: 320, y: 107 + Double(k) * 14); p.put("\n") }
        for (t, x) in [("Date", 50.0), ("Type", 90.0), ("Details", 130.0), ("Paid out", 380.0), ("Balance", 450.0)] { p.cell(t, x, 190) }
        for (t, x) in [("01 May", 50.0), ("DD", 90.0), ("BRISTOL CITY COUNCIL CTAX 60044718", 130.0), ("176.00", 380.0), ("1,028.77", 450.0)] {
            p.cell(t, x, 204)
        }
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertTrue(s.contains(left.joined(separator: "\n")), s)
    }

    func testALabelValueFormStaysRowByRow() {
        var p = Page()
        let rows = [("Name", "Erika Mustermann"), ("Geburtsdatum", "12.03.1980"), ("Telefon", "089 41177203"), ("Ort", "Musterstadt")]
        for (k, (a, b)) in rows.enumerated() {
            p.draw(a, x: 50, y: 100 + Double(k) * 12)
            p.draw(b, x: 250, y: 100 + Double(k) * 12)
            p.put("\n")
        }
        XCTAssertEqual(PageModel(layer: p.text, ocr: .empty).text.string,
                       rows.map { "\($0.0)\t\($0.1)" }.joined(separator: "\n"))
    }
}

final class TiltTests: XCTestCase {
    func testATiltedScanKeepsItsLinesAndCells() {
        // OCR of a page tilted by 7 degrees, its boxes turned back onto the
        // page: each line climbs as it goes right, and lines overlap in height.
        let slope = 0.1228  // tan 7°
        var words: [(String, Double, Double)] = []
        var newline: Set<Int> = []
        let rows = [["Name", "Erika", "Mustermann"], ["Telefon", "089", "41177203"], ["IBAN", "DE89", "3704"]]
        for (r, row) in rows.enumerated() {
            var x = 50.0
            for (i, w) in row.enumerated() {
                if i == 0 { newline.insert(words.count) }
                let y = 100 + Double(r) * 14 + (x - 50) * slope
                words.append((w, x, y))
                x += Double(w.count) * 5.5 + (i == 0 ? 60 : 4)
            }
        }
        let m = PageModel(layer: .empty, ocr: Page.ocr(words, newlineBefore: newline.subtracting([0])))
        XCTAssertEqual(m.text.string, "Name\tErika Mustermann\nTelefon\t089 41177203\nIBAN\tDE89 3704")
    }
}

final class RuleTests: XCTestCase {
    func testARuleBetweenTwoWordsSplitsCells() {
        // A ruled table whose cells nearly touch: poppler even gave a space.
        var p = Page()
        p.draw("Konto", x: 50, y: 100)
        p.put(" ")
        p.draw("Erika", x: 50 + 5 * 5.5 + 3, y: 100)
        let ruleAt = 50 + 5 * 5.5 + 1.5
        let ruled = PageModel(layer: p.text, ocr: .empty, rule: { r in r.x <= ruleAt && r.maxX >= ruleAt })
        XCTAssertEqual(ruled.text.string, "Konto\tErika")
        XCTAssertEqual(PageModel(layer: p.text, ocr: .empty, rule: { _ in false }).text.string, "Konto Erika")
    }

    func testTheStemOfANextLetterIsNoRuleBetweenOCRWords() {
        // A form field's value read by OCR (`Wolfgang Rosner`): its symbol
        // boxes hug the ink, so the stem of `R` stands at the very edge of
        // the gap, as tall as the word. It is no ruling line; a rule in the
        // middle of the gap still is.
        let ocr = Page.ocr([("Wolfgang", 50, 100), ("Rosner", 50 + 8 * 5.5 + 4, 100)])
        let stem = 50 + 8 * 5.5 + 4
        let atEdge = PageModel(layer: .empty, ocr: ocr, rule: { r in r.x <= stem && r.maxX >= stem })
        XCTAssertEqual(atEdge.text.string, "Wolfgang Rosner")
        let middle = 50 + 8 * 5.5 + 2
        let ruled = PageModel(layer: .empty, ocr: ocr, rule: { r in r.x <= middle && r.maxX >= middle })
        XCTAssertEqual(ruled.text.string, "Wolfgang\tRosner")
    }

    func testInkOfTheLastLetterReachingIntoTheGapIsNoRuleBetweenOCRWords() {
        // tesseract's box of the last `8` of `DE58` ends short of its ink:
        // the right of the `8` reaches into the gap, as tall as the word.
        // A rule stands apart from both words; this stroke touches one.
        let ocr = Page.ocr([("DE58", 50, 100), ("8141", 50 + 4 * 5.5 + 4, 100)])
        let boxEnd = 50 + 4 * 5.5, inkEnd = boxEnd + 2.5
        let ink = PageModel(layer: .empty, ocr: ocr, rule: { r in r.x <= inkEnd && r.maxX >= boxEnd })
        XCTAssertEqual(ink.text.string, "DE58 8141")
    }
}

/// tesseract's own geometry, as it reads photos: symbols placed roughly,
/// lines found before words.
final class OCRGeometryTests: XCTestCase {
    /// An OCR word whose symbols are given with their boxes (x0, x1).
    static func word(_ symbols: [(Unicode.Scalar, Double, Double)], y: Double = 100, height: Double = 8) -> [(Unicode.Scalar, Rect)] {
        symbols.map { ($0.0, Rect(x: $0.1, y: y, width: $0.2 - $0.1, height: height)) }
    }

    static func text(_ words: [[(Unicode.Scalar, Rect)]], newlineBefore: Set<Int> = []) -> PageText {
        var scalars: [Unicode.Scalar] = [], boxes: [Rect] = []
        for (i, w) in words.enumerated() {
            if i > 0 { scalars.append(newlineBefore.contains(i) ? "\n" : " "); boxes.append(Page.none) }
            for (s, b) in w { scalars.append(s); boxes.append(b) }
        }
        return PageText(scalars: scalars, boxes: boxes)
    }

    func testASymbolBoxedLeftOfTheOneBeforeStaysInItsWord() {
        // `AXB-12`: the box of `X` starts left of `A` and spans all three
        // letters. Split there, `XB-12` would overlap `A` and be moved off
        // the line, and the reference would read as `A` alone.
        let ref = Self.word([("R", 50, 56), ("e", 56, 61), ("f", 61, 64), (":", 64, 66)])
        let value = Self.word([("A", 76, 82), ("X", 72, 96), ("B", 89, 95), ("-", 95, 98), ("1", 98, 103), ("2", 103, 108)])
        let m = PageModel(layer: .empty, ocr: Self.text([ref, value]))
        XCTAssertEqual(m.text.string, "Ref: AXB-12")
    }

    func testOverlappingOCRWordsOfOneHeightAreNeighbours() {
        // The last symbol of `68` boxed wide over the `C` after it: two
        // OCR words that overlap but share their height are one line.
        let words = [Self.word([("Q", 50, 57), ("X", 57, 64)]),
                     Self.word([("6", 70, 75), ("8", 75, 90)]),
                     Self.word([("C", 85, 91)], y: 99, height: 10)]
        XCTAssertEqual(PageModel(layer: .empty, ocr: Self.text(words)).text.string, "QX 68 C")
    }

    func testWordsInsideARuleReadAsOneWideSymbolAreNotItsNeighbours() {
        // A rule typed as `|---|---|`, scanned: tesseract reads `le`, its
        // `e` boxed over the whole rule, and scraps inside it. They are no
        // text of the line: left where they clash, the rule stays `le`,
        // which is what detection takes for rule noise under a header.
        let rule = Self.word([("l", 50, 56), ("e", 56, 136)])
        let scraps = [Self.word([("i", 60, 63), ("e", 63, 67), ("s", 67, 71)], y: 98, height: 12),
                      Self.word([("v", 90, 95), ("e", 95, 100)], y: 98, height: 12)]
        let lines = PageModel(layer: .empty, ocr: Self.text([rule] + scraps)).text.string.split(separator: "\n")
        XCTAssertEqual(lines.first, "le")
    }

    func testAnOCRWordUnderAWordOfATiltedLineStaysOnItsOwnLine() {
        // A tilted line's band reaches down into the next line's; the
        // next line's first word, right under the first word of the line
        // above, is not put beside it.
        let ocr = Page.ocr([("alpha", 50, 100), ("beta", 82, 103), ("gamma", 108, 106), ("delta", 50, 109)], newlineBefore: [3])
        XCTAssertEqual(PageModel(layer: .empty, ocr: ocr).text.string, "alpha beta gamma\ndelta")
    }

    func testAWordThatTesseractsLineFindingCutIsOneWord() {
        // On a photo tesseract ended its line inside `Hufnagel,` and read
        // `gel,` as a line of its own, 1 pt after `Hufna`.
        let ocr = Page.ocr([("Renate", 50, 100), ("Hufna", 50 + 6 * 5.5 + 4, 100), ("gel,", 50 + 11 * 5.5 + 5, 100)],
                           newlineBefore: [2])
        XCTAssertEqual(PageModel(layer: .empty, ocr: ocr).text.string, "Renate Hufnagel,")
        // The same cut at a word space is a space.
        let spaced = Page.ocr([("Renate", 50, 100), ("Hufnagel,", 50 + 6 * 5.5 + 4, 100)], newlineBefore: [1])
        XCTAssertEqual(PageModel(layer: .empty, ocr: spaced).text.string, "Renate Hufnagel,")
        // Within one of tesseract's lines a narrow space is its reading.
        let copy = Page.ocr([("Copy", 50, 100), ("B", 50 + 4 * 5.5 + 0.5, 100)])
        XCTAssertEqual(PageModel(layer: .empty, ocr: copy).text.string, "Copy B")
    }
}

final class HostilePageTests: XCTestCase {
    func testManyGlyphsAtOneSpotStayBounded() {
        // 40,000 glyphs stacked on one spot (a hostile page): every word
        // clashes with every other. The model must still come back (this
        // took minutes before the bounds) and lose nothing.
        var p = Page()
        for _ in 0..<20_000 {
            p.draw("abcdefghij", x: 100, y: 100)
            p.put(" ")
        }
        let m = PageModel(layer: p.text, ocr: .empty)
        XCTAssertEqual(m.text.scalars.filter { $0 == "j" }.count, 20_000)
        XCTAssertGreaterThan(m.lines.count, 1000, "the words were laid out, not kept verbatim")
    }
}

final class TableColumnTests: XCTestCase {
    func testEmptyCellsKeepEveryCellInItsColumn() {
        // A statement: a booking's second line sits under the text column only.
        var p = Page()
        let x = [50.0, 110, 170, 400]
        func row(_ cells: [String?], y: Double) {
            for (c, t) in cells.enumerated() { if let t { p.draw(t, x: x[c], y: y) } }
            p.put("\n")
        }
        row(["Buchung", "Valuta", "Vorgang", "Betrag"], y: 100)
        row(["02.04.", "02.04.", "Lastschrift Stadtwerke", "-78,00"], y: 112)
        row([nil, nil, "Mandat VS-0003188", nil], y: 124)
        row(["03.04.", "03.04.", "Gutschrift Lena Vogelsang", "250,00"], y: 136)
        let m = PageModel(layer: p.text, ocr: .empty)
        XCTAssertEqual(m.text.string, """
            Buchung\tValuta\tVorgang\tBetrag
            02.04.\t02.04.\tLastschrift Stadtwerke\t-78,00
            \t\tMandat VS-0003188
            03.04.\t03.04.\tGutschrift Lena Vogelsang\t250,00
            """)
        XCTAssertEqual(m.lines[2].columns, [2])
        XCTAssertEqual(m.lines.map(\.tableColumns), [4, 4, 4, 4])
    }
}

final class EvenlySpacedTableTests: XCTestCase {
    func testATableWithEvenGapsIsCellsAndJustifiedProseIsNot() {
        // poppler puts a space between all these words. Every cell starts
        // 6 pt after the previous one ends (a constant padding): each row's
        // gaps are alike, as a justified line's are, but they line up from
        // row to row, and a justified line's do not.
        var p = Page()
        func line(_ words: [String], gap: Double, y: Double) {
            var x = 50.0
            for (i, w) in words.enumerated() {
                if i > 0 { p.put(" ") }
                p.draw(w, x: x, y: y)
                x += Double(w.count) * 5.5 + gap
            }
            p.put("\n")
        }
        line(["GC-4987", "285-58-2062", "04/11/1983"], gap: 6, y: 100)
        line(["GC-2563", "249-49-0113", "12/02/1990"], gap: 6, y: 112)
        line(["we", "have", "received", "your", "letter", "today"], gap: 6, y: 140)
        line(["and", "will", "answer", "within", "weeks"], gap: 6, y: 152)
        // Ordinary word spaces elsewhere on the page.
        for k in 0..<4 { line(["one", "two", "three", "four", "five", "six"], gap: 2.75, y: 180 + Double(k) * 12) }
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n", omittingEmptySubsequences: true)
        XCTAssertEqual(lines[0], "GC-4987\t285-58-2062\t04/11/1983")
        XCTAssertEqual(lines[1], "GC-2563\t249-49-0113\t12/02/1990")
        XCTAssertEqual(lines[2], "we have received your letter today")
        XCTAssertEqual(lines[3], "and will answer within weeks")
    }
}

final class TypedTableTests: XCTestCase {
    func testATableTypedWithPipesInAProportionalFontIsNotColumns() {
        // Rows typed with `|` and spaces in a word processor, wrapped: the
        // gaps line up by chance over a few lines, but the fragments right
        // of them start anywhere. Read row by row, top to bottom.
        var p = Page()
        let rows = [("| 1 | Bożena Kamińska", "| DE437583788 | 026/812/44017 |", 200.0),
                    ("4160 99", "| HELADEF1KAS | 1.840,00 |", 120.0),
                    ("| 2 | Yusuf Çelik", "| DE345851653 | 026/804/11952 |", 170.0),
                    ("06", "| GENODE51KS1 | 2.210,00 |", 90.0)]
        for (k, (a, b, x)) in rows.enumerated() {
            p.draw(a, x: 50, y: 100 + Double(k) * 12)
            p.put(" ")
            p.draw(b, x: 50 + x + Double(k % 2) * 7, y: 100 + Double(k) * 12)
            p.put("\n")
        }
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        let lines = s.split(separator: "\n").map { String($0) }
        // Each row's tail (`4160 99 | HELADEF1KAS | …`) joins its row.
        XCTAssertEqual(lines, ["| 1 | Bożena Kamińska | DE437583788 | 026/812/44017 | 4160 99 | HELADEF1KAS | 1.840,00 |",
                               "| 2 | Yusuf Çelik | DE345851653 | 026/804/11952 | 06 | GENODE51KS1 | 2.210,00 |"], s)
    }

    func testARowTypedWithBarsThatWrapsIsOneRow() {
        // A payroll row too wide for the page: the amount and its closing
        // bar wrap onto the next line, which must not read as the row's
        // first columns (`2.305,92` under `Pers.-Nr.`).
        var p = Page()
        p.draw("| Name | Pers.-Nr. | IBAN | Netto |", x: 50, y: 100); p.put("\n")
        p.draw("| Yılmaz, Derya | 10063 | DE67 8029 1192", x: 50, y: 112); p.put("\n")
        p.draw("9743 4708 53 | 1.876,40 |", x: 50, y: 124); p.put("\n")
        p.draw("| Becker, Jonas | 10066 | DE34 7396 3046 4764 6320 03 |", x: 50, y: 136); p.put("\n")
        p.draw("1.120,00 |", x: 50, y: 148); p.put("\n")
        p.draw("| Koch, Lisa | 10072 | DE31 5226 7594 1709 8725 77 | 2.152,83 |", x: 50, y: 160); p.put("\n")
        p.draw("Summe 5.149,23", x: 50, y: 172); p.put("\n")
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["| Name | Pers.-Nr. | IBAN | Netto |",
                               "| Yılmaz, Derya | 10063 | DE67 8029 1192 9743 4708 53 | 1.876,40 |",
                               "| Becker, Jonas | 10066 | DE34 7396 3046 4764 6320 03 | 1.120,00 |",
                               "| Koch, Lisa | 10072 | DE31 5226 7594 1709 8725 77 | 2.152,83 |",
                               "Summe 5.149,23"])
    }
}

final class BarTableTests: XCTestCase {
    func testBarsMarkTheirOwnCells() {
        var p = Page()
        p.draw("| Personal-Nr. | AHV-Nr. |", x: 50, y: 100); p.put("\n")
        p.draw("|", x: 50, y: 112)
        p.draw("20-0417 | 756.8606.8040.24 |", x: 80, y: 112); p.put("\n")
        XCTAssertEqual(PageModel(layer: p.text, ocr: .empty).text.string,
                       "| Personal-Nr. | AHV-Nr. |\n| 20-0417 | 756.8606.8040.24 |")
    }
}

final class DroppedBarTests: XCTestCase {
    /// A row typed with bars, read by OCR: one word per token, a space
    /// (3 pt) between words, a bar with a space on either side.
    func row(_ tokens: [String], y: Double, wide: Set<Int> = []) -> [(String, Double, Double)] {
        var x = 50.0
        var out: [(String, Double, Double)] = []
        for (i, t) in tokens.enumerated() {
            out.append((t, x, y))
            x += Double(t.unicodeScalars.count) * 5.5 + (wide.contains(i) ? 9 : 3)
        }
        return out
    }

    func testABarOCRDroppedIsRestoredWhereItsGapIs() {
        // `| Imran Akhtar 10617 | …`: the bar after the name was not read;
        // its gap (narrower than two spaces and a bar) is still the row's
        // widest. Without it every cell after it shifts a column.
        var words = row(["|", "Name", "|", "Payroll", "no.", "|", "Date", "|"], y: 100)
        words += row(["|", "Ayesha", "Mahmood", "|", "18529", "|", "19/06/2004", "|"], y: 112)
        words += row(["|", "Imran", "Akhtar", "10617", "|", "05/05/1983", "|"], y: 124, wide: [2])
        words += row(["|", "Graham", "Holroyd", "|", "17731", "|", "28/02/1962"], y: 136)
        let starts = Set(words.indices.filter { $0 > 0 && words[$0].2 != words[$0 - 1].2 })
        let m = PageModel(layer: .empty, ocr: Page.ocr(words, newlineBefore: starts))
        let lines = m.text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["| Name | Payroll no. | Date |",
                               "| Ayesha Mahmood | 18529 | 19/06/2004 |",
                               "| Imran Akhtar | 10617 | 05/05/1983 |",
                               "| Graham Holroyd | 17731 | 28/02/1962 |"])
        // The restored bars have no box: nothing is burned for them.
        for (s, b) in zip(m.text.scalars, m.text.boxes) where s == "|" && b.isEmpty {
            XCTAssertEqual(s, "|")
        }
        XCTAssertEqual(zip(m.text.scalars, m.text.boxes).filter { $0.0 == "|" && $0.1.isEmpty }.count, 2)
    }

    func testARowWithNoClearGapKeepsItsBars() {
        // Every space alike: there is no telling where a bar went.
        var words = row(["|", "Name", "|", "Payroll", "no.", "|", "Date", "|"], y: 100)
        words += row(["|", "Ayesha", "Mahmood", "|", "18529", "|", "19/06/2004", "|"], y: 112)
        words += row(["|", "Imran", "Akhtar", "10617", "|", "05/05/1983", "|"], y: 124)
        words += row(["|", "Graham", "Holroyd", "|", "17731", "|", "28/02/1962", "|"], y: 136)
        let starts = Set(words.indices.filter { $0 > 0 && words[$0].2 != words[$0 - 1].2 })
        let lines = PageModel(layer: .empty, ocr: Page.ocr(words, newlineBefore: starts)).text.string.split(separator: "\n")
        XCTAssertEqual(lines[2], "| Imran Akhtar 10617 | 05/05/1983 |")
    }

    func testARowWhoseLastBarWrappedOrWasLostStaysInTheTable() {
        // The closing bar wrapped onto a line of its own: it joins its row.
        var words = row(["|", "Name", "|", "Date", "|"], y: 100)
        words += row(["|", "Grace", "Mensah-Bonsu", "|", "22/04/1985"], y: 112)
        words += row(["|"], y: 124)
        words += row(["|", "Will", "Brearley", "|", "10/10/1990", "|"], y: 136)
        words += row(["|", "Ewan", "Lister", "|", "16/12/2000", "|"], y: 148)
        words += row(["|", "Zainab", "Rashid", "|", "01/07/1978", "|"], y: 160)
        var starts = Set(words.indices.filter { $0 > 0 && words[$0].2 != words[$0 - 1].2 })
        var s = PageModel(layer: .empty, ocr: Page.ocr(words, newlineBefore: starts)).text.string
        XCTAssertEqual(s, "| Name | Date |\n| Grace Mensah-Bonsu | 22/04/1985 |\n| Will Brearley | 10/10/1990 |"
                          + "\n| Ewan Lister | 16/12/2000 |\n| Zainab Rashid | 01/07/1978 |")
        // OCR lost it: the line's gap it leaves does not start a new block.
        words.removeAll { $0.2 == 124 }
        starts = Set(words.indices.filter { $0 > 0 && words[$0].2 != words[$0 - 1].2 })
        s = PageModel(layer: .empty, ocr: Page.ocr(words, newlineBefore: starts)).text.string
        XCTAssertFalse(s.contains("\n\n"), s)
    }
}

final class WrappedFormTests: XCTestCase {
    func testAFormWhoseValuesWrapStaysRowByRow() {
        // Labels in a narrow column, values that wrap under themselves.
        var p = Page()
        let rows: [(String?, String)] = [("Name:", "Erika Mustermann, geboren am 12.03.1980 in Köln"), (nil, "und wohnhaft in Musterstadt"),
                                         ("Anschrift:", "Hauptstraße 5, 12345 Musterstadt, seit dem Jahr 2004"), (nil, "im zweiten Stock links"),
                                         ("Telefon:", "089 41177203 tagsüber, abends 089 41177204"), (nil, "oder per Mail")]
        for (k, (label, value)) in rows.enumerated() {
            if let label { p.draw(label, x: 50, y: 100 + Double(k) * 12); p.put("\n") }
            p.draw(value, x: 130, y: 100 + Double(k) * 12); p.put("\n")
        }
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        // Each label keeps its value (a wrapped value may join its cell).
        XCTAssertTrue(lines[0].hasPrefix("Name:\tErika Mustermann, geboren am 12.03.1980 in Köln"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Anschrift:\tHauptstraße 5, 12345 Musterstadt, seit dem Jahr 2004") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Telefon:\t089 41177203") }, "\(lines)")
    }
    func testAValueThatWrapsBackToTheMarginGoesOnItsLabelsRow() {
        // A key/value block in a narrow column (a two-column letter): a long
        // value wraps back to the margin, under its label. The label ended on
        // its colon; the line below is the value's tail, not the label's.
        var p = Page()
        let rows: [(String, String?)] = [("Surname:", "ADEYEMI-FROST"), ("Gender:", "FEMALE"),
                                         ("Address:", "27 ASHGROVE CLOSE, HEATON"), ("MOOR, STOCKPORT, SK4 3JT", nil),
                                         ("Registered Body:", "NORTHERN SAFEGUARD"), ("SCREENING LTD", nil),
                                         ("Countersignatory:", "PHILIPPA"), ("DRUMMOND-OYELARAN", nil),
                                         ("Staff member:", "Chloe Adeyemi"), ("This certificate is no evidence", nil)]
        for (k, (left, value)) in rows.enumerated() {
            p.draw(left, x: 50, y: 100 + Double(k) * 13.5); p.put("\n")
            if let value { p.draw(value, x: 160, y: 100 + Double(k) * 13.5); p.put("\n") }
        }
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Address:\t27 ASHGROVE CLOSE, HEATON MOOR, STOCKPORT, SK4 3JT"), "\(lines)")
        XCTAssertTrue(lines.contains("Registered Body:\tNORTHERN SAFEGUARD SCREENING LTD"), "\(lines)")
        XCTAssertTrue(lines.contains("Countersignatory:\tPHILIPPA DRUMMOND-OYELARAN"), "\(lines)")
        // A value short of the edge ends its row: the next line is a line of its own.
        XCTAssertTrue(lines.contains("Staff member:\tChloe Adeyemi"), "\(lines)")
        XCTAssertTrue(lines.contains("This certificate is no evidence"), "\(lines)")
    }
}


final class WrappedCellTests: XCTestCase {
    func testACellThatWrapsIsOneCell() {
        // A narrow IBAN column: the number wraps inside its cell (`99`
        // would not have fitted before `Betrag`). A sub-row stays a row.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("IBAN", 150, 100); p.cell("Betrag", 292, 100)
        p.cell("Bożena Kamińska", 50, 112); p.cell("DE70 7223 0532 5068 4160", 150, 112); p.cell("1.840,00", 292, 112)
        p.cell("99", 150, 124)
        p.cell("Lena Vogt", 50, 136); p.cell("DE04 0989 9080", 150, 136); p.cell("960,00", 292, 136)
        p.cell("Mandat 4711", 150, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tIBAN\tBetrag\nBożena Kamińska\tDE70 7223 0532 5068 4160 99\t1.840,00\n"
                       + "Lena Vogt\tDE04 0989 9080\t960,00\n\tMandat 4711")
    }

    func testAWordBrokenAtItsCellsEdgeIsOneWord() {
        // An e-mail address wider than its column goes on below with no
        // hyphen: one word again. A word wrapped at a space, whose line
        // ends short of the edge, keeps its space.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("E-Mail", 150, 100); p.cell("Rolle", 292, 100)
        p.cell("Anna Nowak", 50, 112); p.cell("anna.nowak@harlowga", 150, 112); p.cell("Clerk", 292, 112)
        p.cell("te.example", 150, 124)
        p.cell("Jan Kos", 50, 136); p.cell("Zugang für die", 150, 136); p.cell("Admin", 292, 136)
        p.cell("abrechnungsstelle", 150, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tE-Mail\tRolle\nAnna Nowak\tanna.nowak@harlowgate.example\tClerk\n"
                       + "Jan Kos\tZugang für die abrechnungsstelle\tAdmin")
    }

    func testAWordWrappedAtItsSpaceNearTheEdgeKeepsItsSpace() {
        // A log line in a cell ends on `to` right at the column's edge; the
        // MAC address goes on below. `to` does not open its line, so the
        // edge did not break it: `to b8:…`, not `tob8:…`.
        var p = Page()
        p.cell("Zeit", 50, 100); p.cell("Meldung", 150, 100)
        p.cell("08:01", 50, 112); p.cell("DHCPACK on 10.1.2.3 to", 150, 112)
        p.cell("b8:27:eb:12:34:56", 150, 124)
        p.cell("08:02", 50, 136); p.cell("DHCPACK on 10.9.8.7 to", 150, 136)
        p.cell("c0:ff:ee:00:11:22", 150, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Zeit\tMeldung\n08:01\tDHCPACK on 10.1.2.3 to b8:27:eb:12:34:56\n08:02\tDHCPACK on 10.9.8.7 to c0:ff:ee:00:11:22")
    }

    func testTheRestOfABrokenWordJoinsItsRow() {
        // `Oberlechn` / `er`: the rest would fit beside the cell's last
        // line, yet it is the tail of a word the edge broke, not a row.
        var p = Page()
        p.cell("ID", 50, 100); p.cell("Name", 100, 100); p.cell("Zeit", 200, 100)
        p.cell("k0417", 50, 112); p.cell("Katharina", 100, 112); p.cell("2025-09-29", 200, 112)
        p.cell("Oberlechn", 100, 124); p.cell("16:41", 200, 124)
        p.cell("er", 100, 136)
        p.cell("k0422", 50, 148); p.cell("Jan Kos", 100, 148); p.cell("2025-09-30", 200, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "ID\tName\tZeit\nk0417\tKatharina Oberlechner\t2025-09-29 16:41\nk0422\tJan Kos\t2025-09-30")
    }

    func testALabelRunIntoItsValueIsNoWrappedFirstCell() {
        // A form whose value column starts 4 points right of the widest
        // label: `Geburtsdatum:` and its value are one cell, reaching under
        // the values; it is a row of its own, not the tail of `Vorname:`.
        var p = Page()
        p.cell("Vorname:", 50, 100); p.cell("Jorinde", 125, 100)
        p.cell("Geburtsdatum: 14.09.1986", 50, 112)
        p.cell("Telefon:", 50, 124); p.cell("0170 5528143", 125, 124)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Vorname:\tJorinde\nGeburtsdatum: 14.09.1986\nTelefon:\t0170 5528143")
    }

    func testAFirstCellThatWrapsAloneDoesNotEndTheTable() {
        // `Greta` / `Sauter`: the wrapped name is the only text on its line.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("Pers.-Nr.", 105, 100); p.cell("Geb.-Datum", 170, 100)
        p.cell("Greta", 50, 112); p.cell("2019", 105, 112); p.cell("04.10.1979", 170, 112)
        p.cell("Sauter", 50, 124)
        p.cell("Ali Kaya", 50, 136); p.cell("2233", 105, 136); p.cell("11.01.1996", 170, 136)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tPers.-Nr.\tGeb.-Datum\nGreta Sauter\t2019\t04.10.1979\nAli Kaya\t2233\t11.01.1996")
    }

    func testATableWhoseCellsWrapOnBothSidesIsNotTwoColumns() {
        // A payroll list fitted to the page: names wrap on the left, SV
        // numbers and IBANs on the right. Every gap between its columns
        // runs top to bottom, and both sides have lines of their own; but
        // both sides are rows of cells: one table, read row by row.
        var p = Page(); var y = 100.0
        func row(_ cells: [(String, Double)]) { for (t, x) in cells { p.draw(t, x: x, y: y); p.put("\n") }; y += 12 }
        row([("Mitarbeiter", 50), ("Pers.-Nr.", 140), ("Geb.-Datum", 200), ("SV-Nummer", 265), ("IBAN", 345), ("Netto", 440)])
        row([("Brandl, Thomas", 50), ("10014", 140), ("23.02.1978", 200), ("13 230278 B", 265), ("DE56 3775 9458", 345), ("3.118,42", 440)])
        row([("171", 265), ("0798 6941 11", 345)])
        row([("Lewandowska,", 50), ("10031", 140), ("19.05.2001", 200), ("53 190501 L", 265), ("DE04 2981 8847", 345), ("1.902,77", 440)])
        row([("Agnieszka", 50), ("620", 265), ("1872 0743 96", 345)])
        row([("Richter, Sabine", 50), ("10003", 140), ("11.11.1966", 200), ("13 111166 R", 265), ("DE52 1627 1868", 345), ("2.987,05", 440)])
        row([("680", 265), ("5431 2189 00", 345)])
        row([("Nguyen, Van", 50), ("10058", 140), ("27.09.1990", 200), ("42270990N040", 265), ("DE65 1715 1693", 345), ("2.498,31", 440)])
        row([("Long", 50), ("9219 4796 86", 345)])
        row([("Krüger, Ute", 50), ("10002", 140), ("08.01.1959", 200), ("15 080159 K", 265), ("DE39 0035 2267", 345), ("2.210,56", 440)])
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 6, "\(lines)")
        XCTAssertEqual(lines[2], "Lewandowska, Agnieszka\t10031\t19.05.2001\t53 190501 L 620\tDE04 2981 8847 1872 0743 96\t1.902,77")
        XCTAssertEqual(lines[4], "Nguyen, Van Long\t10058\t27.09.1990\t42270990N040\tDE65 1715 1693 9219 4796 86\t2.498,31")
    }

    func testARowWithEmptyCellsInATightTableIsARowOfItsOwn() {
        // No padding between rows, and a row with no bank details: its
        // name would not have fitted after the name above, and it leaves
        // columns empty, like a wrapped line. But its ID, SSN and amount
        // have the shape of those above them: a row, not their tail.
        var p = Page()
        func row(_ y: Double, _ cells: [(String, Double)]) { for (t, x) in cells { p.cell(t, x, y) } }
        row(100, [("Employee", 50), ("Emp ID", 160), ("SSN", 210), ("Routing", 280), ("Net pay", 340)])
        row(112, [("Mejía, Carmen R.", 50), ("GC-1280", 160), ("021-80-2829", 210), ("113000023", 280), ("1,485.14", 340)])
        row(124, [("Thibodeaux, Landry", 50), ("GC-4397", 160), ("599-24-6198", 210), ("2,462.45", 340)])
        row(136, [("Al-Masri, Omar", 50), ("GC-4942", 160), ("430-75-0979", 210), ("111000614", 280), ("1,195.12", 340)])
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Employee\tEmp ID\tSSN\tRouting\tNet pay",
                               "Mejía, Carmen R.\tGC-1280\t021-80-2829\t113000023\t1,485.14",
                               "Thibodeaux, Landry\tGC-4397\t599-24-6198\t\t2,462.45",
                               "Al-Masri, Omar\tGC-4942\t430-75-0979\t111000614\t1,195.12"])
    }

    func testATableWhoseRowsWrapToTheirOwnDepthOnBothSidesIsNotTwoColumns() {
        // A shipping manifest under a form's label lines: recipients wrap
        // on the left, addresses (and a phone, a service) on the right, each
        // row to its own depth, so both sides have lines of their own and
        // most lines are single cells. But every row opens on both sides at
        // once: its lines of several cells are the same on either side.
        var p = Page(); var y = 100.0
        func row(_ cells: [(String, Double)]) { for (t, x) in cells { p.draw(t, x: x, y: y); p.put("\n") }; y += 12 }
        row([("Order", 50), ("Recipient", 100), ("Address", 185), ("Phone", 265), ("Service", 345)])
        row([("CK-58812", 50), ("ALEJANDRA", 100), ("1408 SE", 185), ("503-555-0121", 265), ("Ground", 345)])
        row([("QUISPE", 100), ("TACOMA ST,", 185)])
        row([("JR.", 100), ("PORTLAND OR", 185)])
        row([("97202", 185)])
        row([("CK-58813", 50), ("DEVON", 100), ("77 WILLOW", 185), ("(845)", 265), ("Ground", 345)])
        row([("O'CONNELL", 100), ("BROOK RD APT", 185), ("555-0183", 265)])
        row([("NY 12561", 185)])
        row([("CK-58815", 50), ("HYE-JIN SEO", 100), ("3021 W 6TH ST", 185), ("+1 213 555", 265), ("2nd", 345)])
        row([("UNIT 914, LOS", 185), ("0147", 265), ("Day Air", 345)])
        row([("ANGELES CA", 185)])
        row([("90020", 185)])
        row([("CK-58816", 50), ("RIVERSIDE", 100), ("400 MAIN ST", 185), ("208-555-0100", 265), ("Ground", 345)])
        row([("DENTAL GROUP,", 100), ("STE 200, BOISE", 185)])
        row([("ATTN DR LENA", 100), ("ID 83702", 185)])
        row([("MARKOVIC", 100)])
        row([("CK-58819", 50), ("TREVOR", 100), ("PO BOX 318,", 185), ("928.555.0152", 265), ("Ground", 345)])
        row([("BLACKWATER", 100), ("TUBA CITY AZ", 185)])
        row([("III", 100), ("86045", 185)])
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("Order\tRecipient\tAddress"), "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("CK-58812\tALEJANDRA") && $0.contains("1408 SE") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("CK-58819\tTREVOR") && $0.contains("PO BOX 318,") }, "\(lines)")
    }

    func testANumberWrapsInANarrowColumnBeforeFlushRightAmounts() {
        // An online-banking list fitted to the page: the IBAN column holds
        // two groups a line; the amounts beside it are set flush right, so
        // the next column starts far away. `0790` would have overrun the
        // IBAN column's own width: the number goes on.
        var p = Page()
        p.cell("Empfänger", 50, 100); p.cell("IBAN", 150, 100); p.cell("Betrag", 262, 100)
        p.cell("Hoang Thi Mai", 50, 112); p.cell("DE60 0609", 150, 112); p.cell("-350,00", 256.5, 112)
        p.cell("5569 1136", 150, 124)
        p.cell("1086 77", 150, 136)
        p.cell("Pham Van Duc", 50, 148); p.cell("DE17 8567", 150, 148); p.cell("+1.200,00", 245.5, 148)
        p.cell("3241 6880", 150, 160)
        p.cell("5305 25", 150, 172)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Empfänger\tIBAN\tBetrag\nHoang Thi Mai\tDE60 0609 5569 1136 1086 77\t-350,00\n"
                       + "Pham Van Duc\tDE17 8567 3241 6880 5305 25\t+1.200,00")
    }

    func testAPhoneNumberWrappedAfterItsAreaCodeJoinsItsRow() {
        // `(520) 555-0114` is wider than the column of `520-555-0137`: it
        // wraps after its bracketed area code, and the rest goes on.
        var p = Page()
        p.cell("Relation", 50, 100); p.cell("Name", 110, 100); p.cell("Phone", 230, 100); p.cell("E-mail", 330, 100)
        p.cell("Mother", 50, 112); p.cell("Pham Thi Lan", 110, 112); p.cell("520-555-0137", 230, 112); p.cell("lan@example.org", 330, 112)
        p.cell("Emergency", 50, 124); p.cell("Rosa Quintero", 110, 124); p.cell("(520)", 230, 124); p.cell("-", 330, 124)
        p.cell("555-0114", 230, 136)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Relation\tName\tPhone\tE-mail\nMother\tPham Thi Lan\t520-555-0137\tlan@example.org\n"
                       + "Emergency\tRosa Quintero\t(520) 555-0114\t-")
    }

    func testAFirstColumnThatWrapsJoinsItsRowButRowsStayRows() {
        // No padding between rows: a name too long for the first column
        // wraps (`Hussain` would not have fitted after `Mohammed Asif`),
        // and so does the IBAN beside it. The next row's first cells would
        // not have fitted after the row above either, but it fills every
        // column: a row of its own.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("IBAN", 135, 100); p.cell("Netto", 255, 100)
        p.cell("Mohammed Asif", 50, 112); p.cell("GB33 BUKB 2020 1555", 135, 112); p.cell("1.429,98", 255, 112)
        p.cell("Hussain", 50, 124); p.cell("5555 55", 135, 124)
        p.cell("Kirsty Ackroyd", 50, 136); p.cell("GB94 BARC 1020 1530", 135, 136); p.cell("1.016,36", 255, 136)
        p.cell("Bogdan Rusu", 50, 148); p.cell("GB21 NWBK 6016 1331", 135, 148); p.cell("2.068,40", 255, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tIBAN\tNetto\nMohammed Asif Hussain\tGB33 BUKB 2020 1555 5555 55\t1.429,98\n"
                       + "Kirsty Ackroyd\tGB94 BARC 1020 1530\t1.016,36\nBogdan Rusu\tGB21 NWBK 6016 1331\t2.068,40")
    }
}

final class SoftWrapTests: XCTestCase {
    /// Lines drawn one under another at 12 pt leading.
    func page(_ lines: [(String, Double)], top: Double = 100) -> String {
        var p = Page()
        for (k, (t, x)) in lines.enumerated() { p.draw(t, x: x, y: top + Double(k) * 12); p.put("\n") }
        return PageModel(layer: p.text, ocr: .empty).text.string
    }

    func testProseThatWrapsAtItsColumnsEdgeIsOneLine() {
        // A name and a phone number cut by the column's edge are whole
        // again; the paragraph's last line ends it.
        let s = page([("Bei Fragen wenden Sie sich bitte an", 50), ("unseren Herrn Jonas Quirinus Wendt", 50),
                      ("Brandauer, unter der Rufnummer 0341", 50), ("98 76 543 oder per Post.", 50)])
        XCTAssertEqual(s, "Bei Fragen wenden Sie sich bitte an unseren Herrn Jonas Quirinus Wendt Brandauer, unter der Rufnummer 0341 98 76 543 oder per Post.")
    }

    func testAnAddressBlockAndShortLinesStayLines() {
        // Short lines broken on purpose leave room for the next word; a
        // short line followed by another is a block's, even after a line
        // that runs to the edge (a letterhead above its address).
        let s = page([("Ingenieurbüro Falkner · Statik · Bauphysik", 50), ("Am Kornmarkt 14", 50), ("99084 Erfurt", 50),
                      ("Herrn", 50), ("Piet Oldenkamp", 50), ("Gartenweg 3", 50),
                      ("wir danken Ihnen für Ihre Anfrage vom Mai", 50), ("und senden Ihnen anbei unser Angebot für", 50),
                      ("die Prüfung der Statik Ihres Carports.", 50)])
        let lines = s.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(6)), ["Ingenieurbüro Falkner · Statik · Bauphysik", "Am Kornmarkt 14", "99084 Erfurt",
                                                "Herrn", "Piet Oldenkamp", "Gartenweg 3"])
        XCTAssertEqual(lines.last, "wir danken Ihnen für Ihre Anfrage vom Mai und senden Ihnen anbei unser Angebot für die Prüfung der Statik Ihres Carports.")
    }

    func testLinesThatATabStopPushedPastTheEdgeDoNotSetIt() {
        // A key/value block in a letter's column, values at tab stops: two
        // lines of cells run past the column's edge (`Staff member: …⇥Staff
        // ID:`), the rest wrap at it. The values that wrapped back to the
        // margin still go on their labels' rows.
        var p = Page()
        let rows: [[(String, Double)]] = [
            [("Gender:", 50), ("FEMALE", 100)], [("Address:", 50), ("27 ASHGROVE CLOSE, HEATON", 105)],
            [("MOOR, STOCKPORT, SK4 3JT", 50)], [("Registered Body:", 50), ("NORTHERN SAFEGUARD", 150)],
            [("SCREENING LTD", 50)], [("Staff member: Chloe Adeyemi", 50), ("Staff ID:", 210)],
            [("SW-2025-118", 50), ("Start date: 01/09/2025", 130)], [("Role: Teaching Assistant, 32.5 h/wk", 50)],
            [("term time only", 50), ("Line manager: Gavin Rourke", 140)],
        ]
        for (k, row) in rows.enumerated() {
            for (text, x) in row { p.draw(text, x: x, y: 100 + Double(k) * 13.5); p.put("\n") }
        }
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Gender:\tFEMALE", "Address:\t27 ASHGROVE CLOSE, HEATON MOOR, STOCKPORT, SK4 3JT",
                               "Registered Body:\tNORTHERN SAFEGUARD SCREENING LTD", "Staff member: Chloe Adeyemi\tStaff ID:",
                               "SW-2025-118\tStart date: 01/09/2025", "Role: Teaching Assistant, 32.5 h/wk",
                               "term time only\tLine manager: Gavin Rourke"])
    }

    func testAFormRowsValueWrapsBackToTheMarginButTheNextLabelIsARow() {
        // A label, a tab stop, a value that wraps back to the margin; the
        // next line with a label of its own is the next row.
        var p = Page()
        p.draw("Anmerkung", x: 50, y: 100); p.put("\n"); p.draw("Schlüssel beim Nachbarn Heribert", x: 130, y: 100); p.put("\n")
        p.draw("Quast, Haus Nr. 7 abholen", x: 50, y: 112); p.put("\n")
        p.draw("Zahlungsweise: monatlich per Lastschrift vom", x: 50, y: 124); p.put("\n")
        p.draw("Notfallnummer: 0171 5550 2231 (nur werktags)", x: 50, y: 136); p.put("\n")
        let lines = PageModel(layer: p.text, ocr: .empty).text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["Anmerkung\tSchlüssel beim Nachbarn Heribert Quast, Haus Nr. 7 abholen",
                               "Zahlungsweise: monatlich per Lastschrift vom", "Notfallnummer: 0171 5550 2231 (nur werktags)"])
    }

    func testADoubleNameBrokenAfterItsHyphenIsOneWord() {
        let s = page([("Ihre Ansprechpartnerin ist Frau Dr. Ute", 50), ("Lindqvist-Oberndorfer aus der Abteilung", 50),
                      ("Beitragswesen, die Sie gern zurückruft.", 50)])
        XCTAssertTrue(s.contains("Ute Lindqvist-Oberndorfer"), s)
    }
}

final class BrokenWordTests: XCTestCase {
    func testAWordBrokenAGlyphShortOfTheEdgeIsOneWord() {
        // A payroll table set by an office suite breaks words wider than
        // their cell between letters: `Mühlbache` / `r, Verena` stopped an
        // `r` short of the edge that `Ibrahimovi` reached, and the AHV
        // number broke after its last dot.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("AHV-Nr.", 120, 100); p.cell("Tarif", 210, 100)
        p.cell("Ibrahimovi", 50, 112); p.cell("756.7061.7406.", 120, 112); p.cell("A0N", 210, 112)
        p.cell("ć, Amela", 50, 124); p.cell("63", 120, 124)
        p.cell("Mühlbache", 50, 136); p.cell("756.8445.8197.", 120, 136); p.cell("R0N", 210, 136)
        p.cell("r, Verena", 50, 148); p.cell("77", 120, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tAHV-Nr.\tTarif\nIbrahimović, Amela\t756.7061.7406.63\tA0N\n"
                       + "Mühlbacher, Verena\t756.8445.8197.77\tR0N")
    }

    func testAnEMailAddressBrokenBeforeItsAtOrItsDotIsOneWord() {
        // A form's narrow value cells: the address broke where the edge
        // was, before `@` in one row and before the domain's dot in the
        // other. A sentence's next line never opens with either.
        var p = Page()
        p.cell("Telefon", 50, 100); p.cell("E-Mail", 120, 100); p.cell("Fax", 210, 100)
        p.cell("0614 5550", 50, 112); p.cell("avenkataraman", 120, 112); p.cell("0614 5551", 210, 112)
        p.cell("@ortho.com", 120, 124)
        p.cell("0614 5552", 50, 136); p.cell("darbo@tcrta1", 120, 136); p.cell("0614 5553", 210, 136)
        p.cell(".org", 120, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Telefon\tE-Mail\tFax\n0614 5550\tavenkataraman@ortho.com\t0614 5551\n"
                       + "0614 5552\tdarbo@tcrta1.org\t0614 5553")
    }

    func testDigitsAfterADigitAreTheNextGroup() {
        // A number that wrapped at its space near the edge (`….123` /
        // `45`) keeps its space: digits after a digit are as often the
        // next group of a spaced number as the rest of a broken one.
        var p = Page()
        p.cell("Name", 50, 100); p.cell("Nummer", 120, 100); p.cell("Tarif", 210, 100)
        p.cell("Ibrahimovi", 50, 112); p.cell("756.7061.7406.", 120, 112); p.cell("A0N", 210, 112)
        p.cell("ć, Amela", 50, 124); p.cell("63", 120, 124)
        p.cell("Kos, Jan", 50, 136); p.cell("7561.7406.123", 120, 136); p.cell("R0N", 210, 136)
        p.cell("45", 120, 148)
        let s = PageModel(layer: p.text, ocr: .empty).text.string
        XCTAssertEqual(s, "Name\tNummer\tTarif\nIbrahimović, Amela\t756.7061.7406.63\tA0N\n"
                       + "Kos, Jan\t7561.7406.123 45\tR0N")
    }
}

final class FormFieldLayoutTests: XCTestCase {
    /// A form whose labels are in the text layer and whose values only OCR
    /// reads (AcroForm field appearances): labels at the left, each value
    /// in a field beside its label, a multi-line field set from its top.
    func formPage() -> (PageText, PageText) {
        var p = Page()
        for (label, y) in [("Name:", 100.0), ("Geburtsdatum:", 120), ("Anschrift:", 140), ("Fax:", 175), ("Kennzeichen:", 195)] {
            p.cell(label, 56, y)
        }
        let ocr = Page.ocr([("Erika", 160, 100), ("Brandt", 192, 100),
                            ("02.11.1979", 160, 120),
                            ("Hauptstr.", 160, 140), ("117", 212, 140),
                            ("67433", 160, 153), ("Neustadt", 196, 153),
                            ("SÜW-JK", 160, 190), ("88", 200, 190),
                            ("(reserviert)", 160, 203)],
                           newlineBefore: [2, 3, 5, 7, 9])
        return (p.text, ocr)
    }

    func testAFormsLabelsKeepTheValuesOnlyOCRReads() {
        // Read row by row, not as a column of labels and then a column of
        // values: a label gives its value its meaning. `Kennzeichen:` sits
        // below the top of its two-line field.
        let (layer, ocr) = formPage()
        let s = PageModel(layer: layer, ocr: ocr).text.string
        XCTAssertEqual(s, "Name:\tErika Brandt\nGeburtsdatum:\t02.11.1979\nAnschrift:\tHauptstr. 117 67433 Neustadt\n"
                       + "Fax:\nKennzeichen:\tSÜW-JK 88\n(reserviert)")
    }

    func testALabelRightBeforeAnOCRValueIsItsOwnCell() {
        // The field starts right after a long label: still a label cell
        // and a value cell.
        var p = Page()
        p.cell("SEPA-Lastschriftmandat:", 56, 100)
        let ocr = Page.ocr([("Kontoinhaber", 190, 100), ("Jan", 260, 100)])
        let s = PageModel(layer: p.text, ocr: ocr).text.string
        XCTAssertEqual(s, "SEPA-Lastschriftmandat:\tKontoinhaber Jan")
    }
}
