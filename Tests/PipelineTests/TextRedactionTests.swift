@testable import Pipeline
import Posix
import RedactCore
import TextFormats
import XCTest

/// The text redactor end to end on bytes, before it is shown in the mount:
/// planted (invented) personal data is gone, the rest is kept, and the
/// output is valid in its own format. Inputs are shaped like real files: a
/// letter saved as text, a bank's CSV export with a semicolon separator and
/// CRLF line ends, a Latin-1 note, a UTF-16 file from a Windows editor.
final class TextRedactionTests: XCTestCase {
    let redactor = Redactor(settings: RenderSettings())

    func redact(_ text: String, _ kind: TextKind) throws -> String {
        String(decoding: try redactor.redactText(Array(text.utf8), kind: kind).bytes, as: UTF8.self)
    }

    func testALetterLosesItsPersonalDataAndKeepsItsLines() throws {
        let letter = """
            Lea Brandt
            Hauptstraße 5
            10115 Berlin

            Sehr geehrte Frau Brandt,
            bitte überweisen Sie den Betrag auf das Konto IBAN DE89 3704 0044 0532 0130 00.
            Rückfragen gern per E-Mail an lea.brandt@example.org oder unter 030 12345678.

            Mit freundlichen Grüßen

            """
        let out = try redact(letter, .plain)
        for planted in ["DE89 3704 0044 0532 0130 00", "lea.brandt@example.org", "030 12345678", "Hauptstraße 5"] {
            XCTAssertFalse(out.contains(planted), "\(planted) left in:\n\(out)")
        }
        XCTAssertTrue(out.contains("[REDACTED:iban]"), out)
        XCTAssertTrue(out.contains("[REDACTED:email]"), out)
        XCTAssertTrue(out.contains("Mit freundlichen Grüßen"), out)
        XCTAssertEqual(out.split(separator: "\n", omittingEmptySubsequences: false).count,
                       letter.split(separator: "\n", omittingEmptySubsequences: false).count, "line structure kept")
    }

    func testACSVExportStaysValidWithTheSameColumns() throws {
        let csv = "Buchungstag;Empfänger;IBAN;Verwendungszweck;Betrag\r\n"
            + "01.03.2026;Lea Brandt;DE89 3704 0044 0532 0130 00;\"Miete März; Whg. 3\r\nHauptstraße 5\";-850,00\r\n"
            + "02.03.2026;Stadtwerke Nord;DE02 1203 0000 0000 2020 51;Abschlag Strom;-80,00\r\n"
        let out = try redact(csv, .table(separator: nil))
        let before = CSVTable.parse(csv), after = CSVTable.parse(out)
        XCTAssertEqual(after.separator, ";")
        XCTAssertEqual(after.lineEnding, "\r\n")
        XCTAssertEqual(after.records.count, before.records.count)
        XCTAssertEqual(after.records.map(\.count), before.records.map(\.count), "same columns in every record")
        XCTAssertEqual(after.records[0], before.records[0], "the header row is kept")
        XCTAssertEqual(after.records[1][2], "[REDACTED:iban]")
        XCTAssertEqual(after.records[2][2], "[REDACTED:iban]")
        XCTAssertFalse(out.contains("Brandt"), out)
        XCTAssertEqual(after.records[2][4], "-80,00", "amounts are not personal")
        XCTAssertEqual(after.records[1][0], "01.03.2026", "a booking date is not a birth date")
    }

    /// The page model reads a table like a form's, where a surname no list
    /// holds is taken in the first value row only. A CSV file's rows are all
    /// records: the column pass fills what most of the column already is.
    func testAColumnOfNamesIsMaskedWholeAndOtherColumnsAreNot() throws {
        let tsv = "Personalnummer\tNachname\tVorname\tTelefon\tAbteilung\n"
            + "4711\tBrandt\tLea\t089 41177203\tEinkauf\n"
            + "4712\tde Vries\tTom\t089 41177204\tVertrieb\n"
            + "4713\tKowalczyk\tAnna\t089 41177205\tLager\n"
            + "4714\tÖzdemir\tMehmet\t089 41177206\tEinkauf\n"
            + "4715\tVogelsangk\tKatharina\t089 41177207\tIT\n"
        let out = try redact(tsv, .table(separator: "\t"))
        let rows = CSVTable.parse(out, separator: "\t").records
        for r in 1..<rows.count {
            XCTAssertEqual(rows[r][1], "[REDACTED:name]", "row \(r): \(out)")
            XCTAssertEqual(rows[r][2], "[REDACTED:name]", "row \(r): \(out)")
            XCTAssertEqual(rows[r][3], "[REDACTED:phone]", "row \(r): \(out)")
        }
        XCTAssertEqual(rows.dropFirst().map { $0[4] }, ["Einkauf", "Vertrieb", "Lager", "Einkauf", "IT"])
    }

    /// Two of five cells of a column are not most of it: nothing is filled.
    func testAColumnWithFewNamesIsNotFilled() throws {
        let csv = "Datum;Bemerkung;Betrag\n01.03.2026;Lea Brandt;-850,00\n02.03.2026;Rückruf erbeten;-80,00\n"
            + "03.03.2026;Tom de Vries;-4,20\n04.03.2026;Lieferung offen;-20,00\n05.03.2026;erledigt;-61,30\n"
        let out = try redact(csv, .table(separator: nil))
        let rows = CSVTable.parse(out).records
        XCTAssertEqual(rows[1][1], "[REDACTED:name]", out)
        XCTAssertEqual(rows[3][1], "[REDACTED:name]", out)
        XCTAssertEqual([rows[2][1], rows[4][1], rows[5][1]], ["Rückruf erbeten", "Lieferung offen", "erledigt"], out)
        XCTAssertEqual(rows.dropFirst().map { $0[2] }, ["-850,00", "-80,00", "-4,20", "-20,00", "-61,30"])
    }

    /// Over the limit: refused with the limit as the reason, never a byte
    /// of it redacted in part; within it, redacted.
    func testAFileOverTheTextLimitIsRefused() throws {
        var limits = Limits()
        limits.maxTextBytes = 1000
        let small = Redactor(settings: RenderSettings(), limits: limits)
        func file(_ text: String) throws -> FileDescriptor {
            let fd = try MemoryFile.create("text")
            try fd.writeAll(Array(text.utf8))
            return fd
        }
        let line = "Rückfragen an lea.brandt@example.org\n"
        let over = try file(String(repeating: line, count: 40))
        XCTAssertThrowsError(try small.redact(over, name: "a.txt")) { e in
            XCTAssertEqual(e as? RedactError, .limitExceeded(.textBytes(max: 1000)))
        }
        let within = try small.redact(try file(line), name: "a.txt")
        XCTAssertEqual(String(decoding: try within.output.all(), as: UTF8.self), "Rückfragen an [REDACTED:email]\n")
    }

    func testEncodingsComeOutAsUTF8() throws {
        // Latin-1: "Telefon: 030 12345678, Grüße" with ü = FC, ß = DF.
        let latin1: [UInt8] = Array("Telefon: 030 12345678, Gr".utf8) + [0xFC, 0xDF] + Array("e\n".utf8)
        let out = String(decoding: try redactor.redactText(latin1, kind: .plain).bytes, as: UTF8.self)
        XCTAssertEqual(out, "Telefon: [REDACTED:phone], Grüße\n")
        // UTF-16 LE with a mark, the same text.
        let units = Array("Telefon: 030 12345678, Grüße\n".utf16)
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { u -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        XCTAssertEqual(String(decoding: try redactor.redactText(utf16, kind: .plain).bytes, as: UTF8.self), out)
    }

    func testABinaryFileIsNotText() {
        XCTAssertThrowsError(try redactor.redactText([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0x0D], kind: .plain)) {
            XCTAssertEqual($0 as? RedactError, .unsupported)
        }
    }

    func testLongFilesAreReadAcrossPageEdges() throws {
        // The same e-mail on line 5 and line 500; a labelled IBAN at the
        // edge of a laid-out page (lines 79 and 80).
        var lines = (0..<600).map { "Zeile \($0): nichts Besonderes." }
        lines[5] = "Kontakt: tom.vries@example.net"
        lines[500] = "Nochmals tom.vries@example.net"
        lines[79] = "Bankverbindung:"
        lines[80] = "DE89 3704 0044 0532 0130 00"
        let out = try redact(lines.joined(separator: "\n") + "\n", .plain)
        XCTAssertFalse(out.contains("tom.vries@example.net"), "e-mail left")
        XCTAssertFalse(out.contains("DE89 3704"), "IBAN at a page edge left")
        XCTAssertTrue(out.contains("Zeile 599: nichts Besonderes."))
    }
}

/// JSON as a CRM or a web shop exports it: keys in camelCase and
/// snake_case, nested objects, an array of records, an address in one
/// string with a line break, a person's name used as a key.
final class JSONRedactionTests: XCTestCase {
    let redactor = Redactor(settings: RenderSettings())

    func testKeysGiveTheirValuesContextAndTheOutputIsTheSameJSON() throws {
        let json = #"""
            {
              "exportedAt": "2026-11-30T08:15:00Z",
              "customers": [
                {"id": 10482, "firstName": "Katharina", "lastName": "Vogelsang", "dateOfBirth": "1984-07-23",
                 "email": "k.vogelsang@posteo.de", "phone": "+49 171 4428193", "iban": "DE02120300000000202051",
                 "address": {"street": "Lindenstraße 14", "city": "Leipzig"},
                 "notes": "Neue Anschrift ab März:\nAm Kanal 3\n14467 Potsdam", "active": true, "balance": -120.5},
                {"id": 10483, "first_name": "Jonas", "last_name": "Brückner", "birthdate": "02.11.1990",
                 "contact": {"mobile": 491609182734, "e-mail": "jonas.brueckner@web.de"}, "tags": ["vip", "newsletter"]}
              ],
              "Marta Kowalski": {"role": "Ansprechpartnerin"}
            }
            """#
        let (bytes, counts) = try redactor.redactText(Array(json.utf8), kind: .json)
        let out = String(decoding: bytes, as: UTF8.self)
        for planted in ["Katharina", "Vogelsang", "1984-07-23", "k.vogelsang@posteo.de", "4428193", "DE0212030000",
                        "Lindenstraße", "Am Kanal 3", "Jonas", "Brückner", "02.11.1990", "491609182734",
                        "jonas.brueckner@web.de", "Marta", "Kowalski"] {
            XCTAssertFalse(out.contains(planted), "\(planted) left in:\n\(out)")
        }
        for kept in ["\"exportedAt\": \"2026-11-30T08:15:00Z\"", "\"id\": 10482", "\"active\": true", "\"balance\": -120.5",
                     "\"tags\": [\"vip\", \"newsletter\"]", "\"role\": \"Ansprechpartnerin\"", "\"firstName\": \"[REDACTED:name]\"",
                     "\"iban\": \"[REDACTED:iban]\"", "\"mobile\": \"[REDACTED:phone]\""] {
            XCTAssertTrue(out.contains(kept), "\(kept) missing in:\n\(out)")
        }
        XCTAssertNoThrow(try JSONDocument(parsing: Array(out.unicodeScalars)), "still JSON")
        XCTAssertEqual(out.split(separator: "\n").count, json.split(separator: "\n").count, "layout kept")
        XCTAssertGreaterThanOrEqual(counts[.name] ?? 0, 5)
    }

    func testAFileThatIsNotJSONIsStillRedactedAsText() throws {
        let broken = "{\n  \"email\": \"lea.brandt@example.org\",\n}\n"
        let out = String(decoding: try redactor.redactText(Array(broken.utf8), kind: .json).bytes, as: UTF8.self)
        XCTAssertEqual(out, "{\n  \"email\": \"[REDACTED:email]\",\n}\n")
    }

    func testKeyWords() {
        func words(_ s: String) -> String {
            String(String.UnicodeScalarView(Redactor.labelWords(Array(s.unicodeScalars))))
        }
        XCTAssertEqual(words("dateOfBirth"), "date Of Birth")
        XCTAssertEqual(words("date_of_birth"), "date of birth")
        XCTAssertEqual(words("e-mail"), "e mail")
        XCTAssertEqual(words("IBAN"), "IBAN")
        XCTAssertTrue(Redactor.isFieldName(Array("Geburtsdatum".unicodeScalars)))
        XCTAssertFalse(Redactor.isFieldName(Array("Marta Kowalski".unicodeScalars)))
        XCTAssertFalse(Redactor.isFieldName(Array("DE02120300000000202051".unicodeScalars)))
        XCTAssertFalse(Redactor.isFieldName(Array("a@b.de".unicodeScalars)))
    }
}
