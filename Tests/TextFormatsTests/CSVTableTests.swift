import TextFormats
import XCTest

/// Invented data only. The inputs are shaped like exports from spreadsheet
/// programs and bank and HR systems: a header row, semicolons in German
/// locales, quoted fields with commas and line breaks, CRLF line ends.
final class CSVTableTests: XCTestCase {
    func testQuotedFieldsWithSeparatorsQuotesAndLineBreaks() {
        let text = "Name,Adresse,Notiz\r\n\"Kowalczyk, Zoë\",\"Hauptstr. 5\r\n10115 Berlin\",\"sagte \"\"ja\"\"\"\r\nLea Brandt,,\r\n"
        let t = CSVTable.parse(text)
        XCTAssertEqual(t.separator, ",")
        XCTAssertEqual(t.lineEnding, "\r\n")
        XCTAssertEqual(t.records, [
            ["Name", "Adresse", "Notiz"],
            ["Kowalczyk, Zoë", "Hauptstr. 5\r\n10115 Berlin", "sagte \"ja\""],
            ["Lea Brandt", "", ""],
        ])
        // Written back, it reads the same: the same columns, the same fields.
        let again = CSVTable.parse(t.serialized())
        XCTAssertEqual(again.records, t.records)
        XCTAssertEqual(t.serialized(), text)
    }

    func testTheSeparatorIsGuessed() {
        let semicolon = "Buchungstag;Empfänger;IBAN;Betrag\n01.03.2026;Lea Brandt;DE89 3704 0044 0532 0130 00;-12,50\n02.03.2026;Stadtwerke;DE02 1203 0000 0000 2020 51;-80,00\n"
        XCTAssertEqual(CSVTable.guessSeparator(semicolon), ";", "decimal commas must not win")
        let tab = "id\tname\temail\n1\tLea Brandt\tlea.brandt@example.org\n2\tTom Vries\ttom@example.net\n"
        XCTAssertEqual(CSVTable.guessSeparator(tab), "\t")
        let pipe = "a|b|c\n1|2|3\n"
        XCTAssertEqual(CSVTable.guessSeparator(pipe), "|")
        XCTAssertEqual(CSVTable.guessSeparator("just one column\nand another line\n"), ",")
    }

    func testALastRecordWithoutALineEnd() {
        let t = CSVTable.parse("a,b\n1,2")
        XCTAssertEqual(t.records, [["a", "b"], ["1", "2"]])
        XCTAssertEqual(t.lineEnding, "\n")
        XCTAssertEqual(CSVTable.parse("a,\"\"").records, [["a", ""]])
    }

    func testFieldsThatNeedQuotesGetThem() {
        let t = CSVTable(records: [["a;b", "x"], [" lead", "say \"hi\""], ["two\nlines", "plain"]], separator: ";")
        XCTAssertEqual(t.serialized(), "\"a;b\";x\n\" lead\";\"say \"\"hi\"\"\"\n\"two\nlines\";plain\n")
        XCTAssertEqual(CSVTable.parse(t.serialized(), separator: ";").records, t.records)
    }

    func testAnUnterminatedQuoteKeepsWhatWasRead() {
        let t = CSVTable.parse("a,b\n1,\"open\n")
        XCTAssertEqual(t.records, [["a", "b"], ["1", "open\n"]])
    }
}
