import XCTest
@testable import RedactCore

final class NameMapTests: XCTestCase {
    func testPDFNamesMapInAnyCase() {
        XCTAssertEqual(NameMap.outputName(forFile: "letter.pdf"), "letter.redacted.pdf")
        XCTAssertEqual(NameMap.outputName(forFile: "Scan.PDF"), "Scan.redacted.pdf")
        XCTAssertEqual(NameMap.outputName(forFile: "a.b.Pdf"), "a.b.redacted.pdf")
        XCTAssertEqual(NameMap.outputName(forFile: "x.redacted.pdf"), "x.redacted.redacted.pdf")
    }

    func testOtherFilesAndDotfilesAreHidden() {
        XCTAssertNil(NameMap.outputName(forFile: "notes.pages"))
        XCTAssertNil(NameMap.outputName(forFile: "data.xml"))
        XCTAssertEqual(NameMap.outputName(forFile: "data.json"), "data.redacted.json")
        XCTAssertEqual(NameMap.outputName(forFile: "Rückfrage.EML"), "Rückfrage.redacted.eml")
        XCTAssertNil(NameMap.outputName(forFile: ".secret.pdf"))
        XCTAssertNil(NameMap.outputName(forFile: ".pdf"))
        XCTAssertNil(NameMap.outputName(forFile: "pdf"))
        XCTAssertNil(NameMap.outputName(forFile: "letter.pdf.bak"))
        XCTAssertNil(NameMap.outputName(forFile: "letterpdf"))
        XCTAssertNil(NameMap.outputName(forDirectory: ".git"))
        XCTAssertEqual(NameMap.outputName(forDirectory: "tax"), "tax")
    }

    func testImageNamesMapByExtension() {
        XCTAssertEqual(NameMap.outputName(forFile: "photo.jpg"), "photo.redacted.jpg")
        XCTAssertEqual(NameMap.outputName(forFile: "photo.JPEG"), "photo.redacted.jpg")
        XCTAssertEqual(NameMap.outputName(forFile: "scan.png"), "scan.redacted.png")
        XCTAssertEqual(NameMap.outputName(forFile: "scan.WebP"), "scan.redacted.png")
        XCTAssertEqual(NameMap.outputName(forFile: "old.bmp"), "old.redacted.png")
        XCTAssertEqual(NameMap.outputName(forFile: "anim.gif"), "anim.redacted.png")
        // A TIFF shows as a PNG with one page and as a PDF with more.
        XCTAssertEqual(NameMap.outputName(forFile: "fax.tif"), "fax.redacted.png")
        XCTAssertEqual(NameMap.outputName(forFile: "fax.TIFF", multiPage: true), "fax.redacted.pdf")
        XCTAssertEqual(NameMap.outputName(forFile: "a.b.png"), "a.b.redacted.png")
        XCTAssertEqual(NameMap.sourceType(forFile: "x.Jpg"), .jpeg)
        XCTAssertEqual(NameMap.outputType(forFile: "x.tiff"), .png)
        XCTAssertEqual(NameMap.outputType(forFile: "x.tiff", multiPage: true), .pdf)
        XCTAssertEqual(NameMap.outputType(forShown: "x.redacted.png"), .png)
        XCTAssertEqual(NameMap.outputType(forShown: "dir/x.redacted.jpg"), .jpeg)
        XCTAssertEqual(NameMap.outputType(forShown: "x.redacted.pdf"), .pdf)
        XCTAssertNil(NameMap.outputType(forShown: "x.pdf"))
        XCTAssertEqual(NameMap.outputType(forFile: "x.gif"), .png)
        XCTAssertEqual(NameMap.outputType(forFile: "x.jpeg"), .jpeg)
        XCTAssertNil(NameMap.outputType(forFile: "x.docm"))
        XCTAssertEqual(NameMap.outputName(forFile: "Kontoauszug.CSV"), "Kontoauszug.redacted.csv")
        XCTAssertEqual(NameMap.outputName(forFile: "notes.md"), "notes.redacted.md")
        XCTAssertEqual(NameMap.outputType(forShown: "a/b.redacted.tsv"), .tsv)
        for t in NameMap.SourceType.allCases where !t.isText && t != .eml {
            XCTAssertEqual(NameMap.outputType(for: t), t == .jpeg ? .jpeg : (t == .pdf || t.isOffice ? .pdf : .png))
            // Only a TIFF's type depends on its pages.
            XCTAssertEqual(NameMap.outputType(for: t, multiPage: true) == NameMap.outputType(for: t), t != .tiff)
        }
    }

    func testOtherImageLikeNamesAreHidden() {
        for name in [".photo.jpg", ".png", "png", "photo.jpg.bak", "photo.jfif", "photo.heic", "photo.svg",
                     "photo.jpgx", "photojpg", "photo.", "photo.tiff2", "icon.ico", "doc.xpdf"] {
            XCTAssertNil(NameMap.outputName(forFile: name), name)
            XCTAssertNil(NameMap.sourceType(forFile: name), name)
        }
    }

    func testImageCollisionsPickTheBytewiseFirstSource() {
        let entries: [(name: String, kind: NameMap.EntryKind)] = [
            ("a.jpg", .file), ("a.jpeg", .file), ("b.pdf", .file), ("b.tif", .multiPageImage), ("c.png", .file),
            ("c.gif", .file), ("c.webp", .file), ("d.redacted.png", .directory), ("d.bmp", .file),
            ("e.tif", .file), ("e.png", .file), ("f.tiff", .file),
        ]
        for order in [entries, entries.reversed(), entries.shuffled()] {
            let m = NameMap.map(order)
            XCTAssertEqual(m.count, 6)
            XCTAssertEqual(m["e.redacted.png"]?.source, "e.png")
            XCTAssertEqual(m["f.redacted.png"]?.source, "f.tiff")
            XCTAssertNil(m["f.redacted.pdf"])
            XCTAssertEqual(m["a.redacted.jpg"]?.source, "a.jpeg")
            XCTAssertEqual(m["b.redacted.pdf"]?.source, "b.pdf")
            XCTAssertEqual(m["c.redacted.png"]?.source, "c.gif")
            XCTAssertEqual(m["d.redacted.png"]?.kind, .directory)
        }
    }

    func testOfficeDocumentsShowAsPDFs() {
        for ext in ["docx", "ODT", "xlsx", "ods", "pptx", "odp", "doc", "rtf"] {
            XCTAssertEqual(NameMap.outputName(forFile: "o." + ext), "o.redacted.pdf", ext)
            XCTAssertEqual(NameMap.sourceType(forFile: "o." + ext)?.isOffice, true, ext)
        }
        XCTAssertEqual(NameMap.officeExtensions.compactMap { NameMap.sourceType(forFile: "x." + $0) }.count, 8)
        XCTAssertFalse(NameMap.SourceType.pdf.isOffice)
        XCTAssertNil(NameMap.outputName(forFile: "o.docm"), "macro-enabled documents are not shown")
        XCTAssertNil(NameMap.outputName(forFile: ".~lock.o.docx#"))
    }

    func testOfficeDocumentsAreListedOnlyWithLibreOffice() {
        let entries: [(name: String, kind: NameMap.EntryKind)] = [("a.docx", .file), ("b.odt", .file), ("c.pdf", .file)]
        XCTAssertEqual(Set(NameMap.map(entries).keys), ["c.redacted.pdf"])
        XCTAssertEqual(Set(NameMap.map(entries, office: true).keys), ["a.redacted.pdf", "b.redacted.pdf", "c.redacted.pdf"])
    }

    func testOfficeAndPDFCollisionsPickTheBytewiseFirstSource() {
        // a.docx, a.pdf and a.rtf all want a.redacted.pdf: "a.docx" sorts first.
        let entries: [(name: String, kind: NameMap.EntryKind)] = [
            ("a.pdf", .file), ("a.docx", .file), ("a.rtf", .file), ("b.pdf", .file), ("b.xlsx", .file),
            ("c.odt", .file), ("c.redacted.pdf", .directory), ("d.tif", .multiPageImage), ("d.ods", .file),
        ]
        for order in [entries, entries.reversed(), entries.shuffled()] {
            let m = NameMap.map(order, office: true)
            XCTAssertEqual(m["a.redacted.pdf"]?.source, "a.docx")
            XCTAssertEqual(m["b.redacted.pdf"]?.source, "b.pdf")
            XCTAssertEqual(m["c.redacted.pdf"]?.kind, .directory)
            XCTAssertEqual(m["d.redacted.pdf"]?.source, "d.ods")
            XCTAssertEqual(m.count, 4)
            // Without LibreOffice the PDF (and the TIFF) keep their names.
            let plain = NameMap.map(order)
            XCTAssertEqual(plain["a.redacted.pdf"]?.source, "a.pdf")
            XCTAssertEqual(plain["d.redacted.pdf"]?.source, "d.tif")
        }
    }

    func testNonASCIINamesKeepTheirStem() {
        XCTAssertEqual(NameMap.outputName(forFile: "Größe Übersicht.pdf"), "Größe Übersicht.redacted.pdf")
        XCTAssertEqual(NameMap.outputName(forFile: "Straße.JPG"), "Straße.redacted.jpg")
    }

    func testCollisionsAreSettledTheSameWayWhateverTheOrder() {
        let entries: [(name: String, kind: NameMap.EntryKind)] = [
            ("a.pdf", .file), ("a.PDF", .file), ("b.redacted.pdf", .directory), ("b.pdf", .file), ("c.xml", .file),
        ]
        let m1 = NameMap.map(entries)
        let m2 = NameMap.map(entries.reversed())
        XCTAssertEqual(m1.count, 2)
        XCTAssertEqual(m1["a.redacted.pdf"]?.source, "a.PDF")  // bytewise first: 'P' < 'p'
        XCTAssertEqual(m1["b.redacted.pdf"]?.kind, .directory)
        XCTAssertEqual(m1["b.redacted.pdf"]?.source, "b.redacted.pdf")
        XCTAssertEqual(m2["a.redacted.pdf"]?.source, m1["a.redacted.pdf"]?.source)
        XCTAssertEqual(m2["b.redacted.pdf"]?.kind, .directory)
    }
}

final class PlanTests: XCTestCase {
    /// "ab cd\nef": glyphs 10 pt wide, first line at y 100, second at y 120.
    func sample() -> PageText {
        let s = Array("ab cd\nef".unicodeScalars)
        var boxes: [Rect] = []
        var x = 0.0
        for (i, c) in s.enumerated() {
            if c == "\n" { boxes.append(Rect(x: 0, y: 0, width: 0, height: 0)); x = 0; continue }
            let y = i > 5 ? 120.0 : 100.0
            boxes.append(Rect(x: x, y: y, width: 10, height: 12))
            x += 10
        }
        return PageText(scalars: s, boxes: boxes)
    }

    func testOneBoxPerLineSkippingWhitespace() {
        let t = sample()
        let boxes = RedactionPlan.boxes(for: 0..<8, in: t)
        XCTAssertEqual(boxes.count, 2)
        // First line: glyphs from x 0 to 50 (the space is inside the run), padded.
        XCTAssertLessThan(boxes[0].x, 0)
        XCTAssertGreaterThan(boxes[0].maxX, 50)
        XCTAssertLessThan(boxes[0].y, 100)
        XCTAssertGreaterThan(boxes[0].maxY, 112)
        // Second line is its own box.
        XCTAssertLessThan(boxes[1].y, 120)
        XCTAssertGreaterThan(boxes[1].maxX, 20)
        XCTAssertLessThan(boxes[1].maxX, 30)
    }

    func testPaddingCoversTheGlyphsFully() {
        let t = sample()
        let b = RedactionPlan.boxes(for: 3..<5, in: t)
        XCTAssertEqual(b.count, 1)
        let glyphs = t.boxes[3].union(t.boxes[4])
        XCTAssertLessThanOrEqual(b[0].x, glyphs.x - RedactionPlan.minPadX)
        XCTAssertGreaterThanOrEqual(b[0].maxX, glyphs.maxX + RedactionPlan.minPadX)
        XCTAssertLessThanOrEqual(b[0].y, glyphs.y - RedactionPlan.minPadY)
    }

    func testWhitespaceOnlyRangeBurnsNothing() {
        XCTAssertTrue(RedactionPlan.boxes(for: 2..<3, in: sample()).isEmpty)
    }

    func testOutOfRangeIsClamped() {
        XCTAssertEqual(RedactionPlan.boxes(for: 6..<100, in: sample()).count, 1)
    }
}

final class NameMapRenameTests: XCTestCase {
    func hide(_ s: String) -> String { s.replacingOccurrences(of: "Muster", with: "X") }

    func testRenamesStemsAndDirectoriesKeepingTheSuffix() {
        let m = NameMap.map([("Muster", .directory), ("Brief Muster.pdf", .file), ("Scan_Muster.JPG", .file)],
                            rename: hide)
        XCTAssertEqual(m["X"]?.source, "Muster")
        XCTAssertEqual(m["Brief X.redacted.pdf"]?.source, "Brief Muster.pdf")
        XCTAssertEqual(m["Scan_X.redacted.jpg"]?.source, "Scan_Muster.JPG")
        XCTAssertEqual(m.count, 3)
    }

    func testNamesThatCollideOnlyAfterRenamingAreNumberedNotHidden() {
        let entries: [(name: String, kind: NameMap.EntryKind)] = [
            ("a Muster.pdf", .file), ("a X.pdf", .file), ("a Muster.PDF", .file),
        ]
        let m = NameMap.map(entries, rename: hide)
        // Bytewise order of the sources: "a Muster.PDF" < "a Muster.pdf" < "a X.pdf".
        XCTAssertEqual(m["a X.redacted.pdf"]?.source, "a Muster.PDF")
        XCTAssertEqual(m["a X (2).redacted.pdf"]?.source, "a Muster.pdf")
        XCTAssertEqual(m["a X (3).redacted.pdf"]?.source, "a X.pdf")
        // Any order in, the same map out.
        let again = NameMap.map(entries.reversed(), rename: hide)
        XCTAssertEqual(again.mapValues(\.source), m.mapValues(\.source))
    }

    func testWithoutRenamingCollisionsKeepTheOldRule() {
        let m = NameMap.map([("a.pdf", .file), ("a.PDF", .file)])
        XCTAssertEqual(m.count, 1)
        XCTAssertEqual(m["a.redacted.pdf"]?.source, "a.PDF")
    }
}
