@testable import Pipeline
import RedactCore
import TextFormats
import XCTest

/// A saved message through the mail redactor, on bytes: what a mail
/// client writes (CRLF, MIME), what comes out parsed back with our own
/// reader. The mount, Python's email package and mutt read it in test_mail.
final class MailRedactionTests: XCTestCase {
    let redactor = Redactor(settings: RenderSettings())

    func message(_ lines: [String]) -> [UInt8] { Array(lines.joined(separator: "\r\n").utf8) }

    func redact(_ bytes: [UInt8], decisions: AppliedDecisions? = nil) throws -> (MailPart, String) {
        let out = try redactor.redactMail(bytes, decisions: decisions).bytes
        XCTAssertTrue(out.starts(with: Array("From redacted@redacted.invalid ".utf8)), "an mbox envelope line")
        return (try MailMessage.parse(out), String(decoding: out, as: UTF8.self))
    }

    let forwarded = [
        "From: Tom de Vries <tom@example.net>", "To: lea.brandt@example.org", "Subject: WG: Zählerstand",
        "Message-ID: <1@example.net>", "X-Originating-IP: 203.0.113.9", "MIME-Version: 1.0",
        "Content-Type: multipart/mixed; boundary=\"b1\"", "",
        "--b1", "Content-Type: text/plain; charset=utf-8", "", "Siehe unten.", "-- ", "Tom", "",
        "--b1", "Content-Type: message/rfc822", "",
        "From: Lea Brandt <lea.brandt@example.org>", "Subject: =?iso-8859-1?Q?Z=E4hlerstand?=",
        "Content-Type: text/plain; charset=iso-8859-1", "Content-Transfer-Encoding: quoted-printable", "",
        "Guten Tag, mein Z=E4hlerstand: 48211.", "Lea Brandt", "Hauptstra=DFe 5", "10115 Berlin", "",
        "--b1", "Content-Type: text/csv; name=\"liste.csv\"", "Content-Disposition: attachment; filename=\"liste.csv\"", "",
        "Name;Telefon", "Lea Brandt;030 12345678", "",
        "--b1", "Content-Type: application/octet-stream", "Content-Disposition: attachment; filename=\"Lea_Brandt.bin\"",
        "Content-Transfer-Encoding: base64", "", "AAECAw==", "",
        "--b1", "Content-Type: text/plain; charset=koi8-r", "", "\u{0430}", "",
        "--b1--", "",
    ]

    func testAForwardedMessageATableAndWhatCannotBeRedacted() throws {
        let (out, raw) = try redact(message(forwarded))
        for planted in ["Vries", "tom@example.net", "lea.brandt@example.org", "Brandt", "030 12345678", "Hauptstr",
                        "203.0.113.9", "Message-ID", "Lea_Brandt"] {
            XCTAssertFalse(raw.contains(planted), "\(planted) in:\n\(raw)")
        }
        XCTAssertEqual(out.decodedHeader("Subject"), "WG: Zählerstand")
        XCTAssertEqual(out.header("From"), "\"[REDACTED:name]\" <redacted@redacted.invalid>")
        let parts = out.parts
        XCTAssertEqual(parts.map(\.mediaType.essence), ["text/plain", "message/rfc822", "text/csv", "text/plain"])
        XCTAssertTrue(try parts[0].text().contains("[REDACTED:name]"), "the signature's given name, from the From header")
        let inner = try XCTUnwrap(parts[1].parts.first)
        XCTAssertEqual(inner.decodedHeader("Subject"), "Zählerstand")
        XCTAssertTrue(try inner.text().contains("Guten Tag, mein Zählerstand: 48211."))
        XCTAssertEqual(parts[2].filename, "attachment-1.redacted.csv")
        XCTAssertEqual(try parts[2].text(), "Name;Telefon\r\n[REDACTED:name];[REDACTED:phone]\r\n")
        let note = try parts[3].text()
        XCTAssertTrue(note.contains("attachment 2 (application/octet-stream, 4 bytes)"), note)
        XCTAssertTrue(note.contains("a text/plain part in a character set redactfs does not read"), note)
    }

    func testAKeptAddressStaysAndTheOthersDoNot() throws {
        var d = DocumentDecisions(binding: DocumentBinding(device: 1, inode: 1, birthSeconds: 1, birthNanoseconds: 0, size: 0,
                                                           contentDigest: []))
        d.kept = [KeptDetection(page: 0, category: .email, text: "lea.brandt@example.org")]
        let (out, _) = try redact(message(forwarded), decisions: AppliedDecisions(d))
        XCTAssertEqual(out.header("To"), "lea.brandt@example.org")
        XCTAssertEqual(out.header("From"), "\"[REDACTED:name]\" <redacted@redacted.invalid>")
    }

    func testADateKeepsItsDateOnly() {
        XCTAssertEqual(MailPlan.plainDate("Tue, 01 Dec 2026 09:14:02 +0100 (CET)"), "Tue, 01 Dec 2026 09:14:02 +0100")
        XCTAssertEqual(MailPlan.plainDate("Tue, 01 Dec 2026 09:14 +0100 (sent by Lea Brandt)"), "Tue, 01 Dec 2026 09:14 +0100")
        XCTAssertEqual(MailPlan.plainDate("1.12.2026 <lea@example.org>"), "")
    }

    func testAMessageThatDoesNotParseIsDamaged() {
        let bad = message(["Subject: x", "Content-Type: multipart/mixed", "", "--b", "", "x", "--b--", ""])
        XCTAssertThrowsError(try redactor.redactMail(bad)) { e in
            XCTAssertEqual(e as? RedactError, .damaged(.parse))
        }
    }
}
