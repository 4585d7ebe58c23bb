@testable import TextFormats
import XCTest

/// Parsing whole messages shaped like those real clients write. Invented
/// data only (see MailFixtures).
final class MailMessageTests: XCTestCase {
    func testThunderbirdMixedWithAlternativeAndPDF() throws {
        let m = try MailMessage.parse(MailFixtures.thunderbird)
        XCTAssertEqual(m.mediaType.essence, "multipart/mixed")
        XCTAssertEqual(m.mediaType.parameters["boundary"], "------------9GmHf0T2Xbq1ZcD7yA4kLr3e")
        XCTAssertTrue(m.body.isEmpty, "a container keeps its content in parts")
        XCTAssertEqual(m.decodedHeader("subject"), "Rechnung für März und die nächsten Schritte zur Klärung",
                       "a folded subject of two encoded words, one word split inside 'zur'")
        XCTAssertEqual(m.header("To"), "=?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <juergen.mueller@example.org>")
        XCTAssertEqual(m.parts.count, 2, "the preamble is not a part")

        let alt = m.parts[0]
        XCTAssertEqual(alt.mediaType.essence, "multipart/alternative")
        XCTAssertEqual(alt.parts.map(\.mediaType.essence), ["text/plain", "text/html"])
        let plain = alt.parts[0]
        XCTAssertEqual(plain.mediaType.parameters["format"], "flowed")
        XCTAssertEqual(plain.mediaType.charset, "utf-8")
        XCTAssertEqual(try plain.text(), "Hallo Jürgen,\r\n\r\nanbei die Rechnung über 1.234,56 €. Bitte auf DE89 3704 0044 0532 0130 00\r\nüberweisen.\r\n\r\nGrüße\r\nZoë\r\n",
                       "the CRLF before the delimiter belongs to the delimiter")
        XCTAssertFalse(plain.isAttachment)
        XCTAssertEqual(HTMLText.text(try alt.parts[1].text()), "Hallo Jürgen,\nanbei die Rechnung über 1.234,56 €.")

        let pdf = m.parts[1]
        XCTAssertEqual(pdf.mediaType.essence, "application/pdf")
        XCTAssertEqual(pdf.body, MailFixtures.pdfBytes)
        XCTAssertEqual(pdf.filename, "Rechnung März 2026.pdf", "RFC 2231 filename* wins over the encoded-word name")
        XCTAssertTrue(pdf.isAttachment)
        XCTAssertEqual(m.leaves.map(\.mediaType.essence), ["text/plain", "text/html", "application/pdf"])
    }

    func testOutlookLatin1QuotedPrintableAndEncodedNames() throws {
        let m = try MailMessage.parse(MailFixtures.outlook)
        XCTAssertEqual(m.decodedHeader("Subject"), "AW: Kündigung der Wohnung Straße 5")
        XCTAssertEqual(m.header("to"), "=?iso-8859-1?Q?Kowalczyk=2C_Zo=EB?= <zoe.kowalczyk@example.net>,\t\"Weber, Tim\" <tim.weber@example.com>",
                       "unfolded: the line break goes, the tab after it stays")
        XCTAssertEqual(m.mediaType.parameters["boundary"], "_004_AM0PR01MB1234ABCD5678_")
        let to = MailAddress.parseList(m.header("To")!)
        XCTAssertEqual(to, [
            MailAddress(displayName: "Kowalczyk, Zoë", address: "zoe.kowalczyk@example.net"),
            MailAddress(displayName: "Weber, Tim", address: "tim.weber@example.com"),
        ])
        XCTAssertEqual(MailAddress.parseList(m.header("From")!), [MailAddress(displayName: "Brandt, Lea", address: "lea.brandt@example.com")])

        let text = m.parts[0]
        XCTAssertEqual(text.mediaType.charset, "iso-8859-1")
        XCTAssertEqual(try text.text(), "Sehr geehrte Frau Kowalczyk, \r\n\r\nhiermit bestätige ich die Kündigung zum 31.12.2026. Die Kaution wird auf Ihr Konto überwiesen.\r\n\r\nMit freundlichen Grüßen\r\nLea Brandt\r\n")

        let pdf = m.parts[1]
        XCTAssertEqual(pdf.filename, "Kündigungsbestätigung.pdf", "an encoded word in a quoted parameter, as Outlook writes it")
        XCTAssertEqual(pdf.contentDisposition?.parameters["size"], "70")
        XCTAssertEqual(pdf.contentDisposition?.parameters["creation-date"], "Wed, 18 Nov 2026 14:01:00 GMT")
        XCTAssertEqual(pdf.body, MailFixtures.pdfBytes)
        XCTAssertTrue(pdf.isAttachment)
    }

    func testGmailBareLFBase64AndQuotedPrintableHTML() throws {
        let m = try MailMessage.parse(MailFixtures.gmail)
        XCTAssertEqual(m.decodedHeader("Subject"), "Rechnung für März")
        XCTAssertEqual(MailAddress.parseList(m.header("From")!), [MailAddress(displayName: "Jürgen Müller", address: "juergen.mueller@example.org")])
        XCTAssertEqual(m.parts.count, 2)
        XCTAssertEqual(try m.parts[0].text(), "Hallo Zoë,\nanbei die Rechnung über 1.234,56 €.\n")
        let html = try m.parts[1].text()
        XCTAssertTrue(html.contains("href=\"mailto:juergen.mueller@example.org\""), "soft line breaks joined")
        XCTAssertEqual(HTMLText.text(html), "Hallo Zoë,\n\nBetrag\t1.234,56 €\nIBAN\tDE89 3704 0044 0532 0130 00\nGrüße, Jürgen")
    }

    func testForwardedMessageIsANestedTree() throws {
        let inner = "From: Lea Brandt <lea.brandt@example.com>\nSubject: =?utf-8?q?Geburtstag_am_12.03.?=\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nLiebe Zo=C3=AB, bis bald!\n"
        let msg = "Subject: Fwd: Geburtstag\nContent-Type: multipart/mixed; boundary=outer\n\n--outer\nContent-Type: text/plain\n\nSiehe unten.\n--outer\nContent-Type: message/rfc822\nContent-Disposition: inline\n\n\(inner)\n--outer--\n"
        let m = try MailMessage.parse(Array(msg.utf8))
        XCTAssertEqual(m.parts.count, 2)
        let fwd = m.parts[1]
        XCTAssertEqual(fwd.mediaType.essence, "message/rfc822")
        XCTAssertTrue(fwd.body.isEmpty)
        XCTAssertEqual(fwd.parts.count, 1)
        XCTAssertEqual(fwd.parts[0].decodedHeader("Subject"), "Geburtstag am 12.03.")
        XCTAssertEqual(try fwd.parts[0].text(), "Liebe Zoë, bis bald!\n")
        XCTAssertFalse(fwd.isAttachment)
        XCTAssertEqual(m.leaves.count, 2)
    }

    func testBase64EncodedMessageAttachment() throws {
        // Not allowed by RFC 2046 (message/rfc822 is 7bit, 8bit or binary),
        // written by some clients all the same: decoded, then parsed.
        let inner = "Subject: Vertrag\r\nFrom: lea.brandt@example.com\r\n\r\nSiehe Anhang.\r\n"
        let b64 = String(decoding: TransferEncoding.encodeBase64(Array(inner.utf8)), as: UTF8.self)
        let msg = "Content-Type: multipart/mixed; boundary=x\n\n--x\nContent-Type: message/rfc822; name=\"Vertrag.eml\"\nContent-Disposition: attachment; filename=\"Vertrag.eml\"\nContent-Transfer-Encoding: base64\n\n\(b64)\n--x--\n"
        let m = try MailMessage.parse(Array(msg.utf8))
        let att = m.parts[0]
        XCTAssertTrue(att.isAttachment)
        XCTAssertEqual(att.filename, "Vertrag.eml")
        XCTAssertEqual(att.parts.first?.header("Subject"), "Vertrag")
        XCTAssertEqual(try att.parts.first?.text(), "Siehe Anhang.\r\n")
    }

    func testAppleMailRelatedWithInlineImage() throws {
        // Apple Mail: multipart/related (HTML and an inline image it
        // references by cid) inside multipart/alternative, format=flowed.
        let msg = """
        From: Lea Brandt <lea.brandt@example.com>
        Content-Type: multipart/alternative;
        	boundary="Apple-Mail=_1F2E3D4C-5B6A-7980-1A2B-3C4D5E6F7A8B"
        Mime-Version: 1.0 (Mac OS X Mail 16.0 \\(3774.600.62\\))
        Subject: Foto vom Umzug

        --Apple-Mail=_1F2E3D4C-5B6A-7980-1A2B-3C4D5E6F7A8B
        Content-Transfer-Encoding: 7bit
        Content-Type: text/plain;
        	charset=us-ascii;
        	format=flowed;
        	delsp=yes

        Hier das Foto.

        --Apple-Mail=_1F2E3D4C-5B6A-7980-1A2B-3C4D5E6F7A8B
        Content-Type: multipart/related;
        	type="text/html";
        	boundary="Apple-Mail=_9A8B7C6D-5E4F-3A2B-1C0D-E9F8A7B6C5D4"

        --Apple-Mail=_9A8B7C6D-5E4F-3A2B-1C0D-E9F8A7B6C5D4
        Content-Transfer-Encoding: 7bit
        Content-Type: text/html;
        	charset=us-ascii

        <html><body><div>Hier das Foto.</div><img src="cid:F00D@example" alt="Umzug"></body></html>
        --Apple-Mail=_9A8B7C6D-5E4F-3A2B-1C0D-E9F8A7B6C5D4
        Content-Transfer-Encoding: base64
        Content-Disposition: inline;
        	filename=Umzug.png
        Content-Type: image/png;
        	x-unix-mode=0644;
        	name="Umzug.png"
        Content-Id: <F00D@example>

        iVBORw0KGgo=
        --Apple-Mail=_9A8B7C6D-5E4F-3A2B-1C0D-E9F8A7B6C5D4--

        --Apple-Mail=_1F2E3D4C-5B6A-7980-1A2B-3C4D5E6F7A8B--
        """
        let m = try MailMessage.parse(MailFixtures.crlf(msg))
        XCTAssertEqual(m.header("Mime-Version"), "1.0 (Mac OS X Mail 16.0 \\(3774.600.62\\))")
        XCTAssertEqual(m.parts.map(\.mediaType.essence), ["text/plain", "multipart/related"])
        XCTAssertEqual(m.parts[0].mediaType.parameters["delsp"], "yes")
        let related = m.parts[1]
        XCTAssertEqual(related.mediaType.parameters["type"], "text/html")
        XCTAssertEqual(HTMLText.text(try related.parts[0].text()), "Hier das Foto.")
        let image = related.parts[1]
        XCTAssertEqual(image.body, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(image.filename, "Umzug.png")
        XCTAssertTrue(image.isAttachment, "an inline image with a name is a file")
        XCTAssertEqual(m.leaves.count, 3)
    }

    func testFormatFlowed() throws {
        let body = "Hallo J\u{FC}rgen, die IBAN lautet DE89 3704 0044 \r\n0532 0130 00 und der Betrag \r\nist 12,00.\r\n\r\n> Zitat, das \r\n> weitergeht\r\n>> tiefer \r\n> flach\r\n From here\r\n-- \r\nLea\r\n"
        let m = MailPart(headers: [], mediaType: MediaType(type: "text", subtype: "plain", parameters: ["charset": "utf-8", "format": "Flowed"]), body: Array(body.utf8))
        XCTAssertEqual(try m.unwrappedText(), "Hallo Jürgen, die IBAN lautet DE89 3704 0044 0532 0130 00 und der Betrag ist 12,00.\n\n> Zitat, das weitergeht\n>> tiefer \n> flach\nFrom here\n-- \nLea\n")
        let delsp = MailPart(headers: [], mediaType: MediaType(type: "text", subtype: "plain", parameters: ["format": "flowed", "delsp": "yes"]), body: Array("Kowal \r\nczyk\r\n".utf8))
        XCTAssertEqual(try delsp.unwrappedText(), "Kowalczyk\n")
        let fixed = MailPart(headers: [], mediaType: .defaultText, body: Array("a \r\nb".utf8))
        XCTAssertEqual(try fixed.unwrappedText(), "a \r\nb", "not flowed: as it is")
    }

    func testDigestChildrenDefaultToMessages() throws {
        let msg = "Content-Type: multipart/digest; boundary=\"d\"\n\n--d\n\nSubject: eins\n\nErste.\n--d\nContent-Type: text/plain\n\nKein Brief.\n--d--\n"
        let m = try MailMessage.parse(Array(msg.utf8))
        XCTAssertEqual(m.parts.map(\.mediaType.essence), ["message/rfc822", "text/plain"])
        XCTAssertEqual(m.parts[0].parts.first?.header("subject"), "eins")
        XCTAssertEqual(m.parts[0].parts.first.map { String(decoding: $0.body, as: UTF8.self) }, "Erste.")
    }

    func testDefaultsAndUnfolding() throws {
        let m = try MailMessage.parse(MailFixtures.crlf("Subject: a\n  long\n\tone  \nX-Empty:\nX-Spaced : v\n\nbody"))
        XCTAssertEqual(m.mediaType, MediaType.defaultText, "no Content-Type: text/plain; charset=us-ascii")
        XCTAssertEqual(m.header("SUBJECT"), "a  long\tone")
        XCTAssertEqual(m.header("x-empty"), "")
        XCTAssertEqual(m.header("X-Spaced"), "v", "white space before the colon (obsolete syntax) is allowed")
        XCTAssertEqual(m.headers.map(\.name), ["Subject", "X-Empty", "X-Spaced"])
        XCTAssertEqual(try m.text(), "body")
        // Unreadable Content-Type: text/plain too (RFC 2045 5.2).
        let bad = try MailMessage.parse(Array("Content-Type: garbage\n\nx".utf8))
        XCTAssertEqual(bad.mediaType.essence, "text/plain")
        XCTAssertNil(bad.filename)
        XCTAssertEqual(bad.headers(named: "content-type"), ["garbage"])
    }

    func testRepeatedHeadersAndMboxFromLine() throws {
        let m = try MailMessage.parse(Array("From jane@example.org Thu Nov 19 10:00:00 2026\nReceived: a\nReceived: b\nfrom: x@example.org\n\nhi".utf8))
        XCTAssertEqual(m.headers(named: "RECEIVED"), ["a", "b"])
        XCTAssertEqual(m.header("From"), "x@example.org", "the mbox separator is not a header")
    }

    func testRawEightBitHeadersAndEmptyInput() throws {
        // RFC 6532 UTF-8 as is, and Latin-1 bytes from an old mailer.
        let m = try MailMessage.parse(Array("Subject: Grüße\nX-Old: ".utf8) + [0x4B, 0xF6, 0x6C, 0x6E] + Array("\n\n".utf8))
        XCTAssertEqual(m.header("Subject"), "Grüße")
        XCTAssertEqual(m.header("X-Old"), "Köln")
        let empty = try MailMessage.parse([])
        XCTAssertEqual(empty, MailPart(headers: [], mediaType: .defaultText, body: []))
        XCTAssertEqual(try empty.text(), "")
        XCTAssertEqual(try MailMessage.parse(Array("\r\n\r\nbody".utf8)).body, Array("\r\nbody".utf8), "no headers at all")
    }

    func testMissingBlankLineStartsTheBodyAtTheFirstNonHeaderLine() throws {
        let m = try MailMessage.parse(Array("Subject: x\nThis line is text, not a header\nsecond".utf8))
        XCTAssertEqual(m.headers.count, 1)
        XCTAssertEqual(String(decoding: m.body, as: UTF8.self), "This line is text, not a header\nsecond")
    }

    func testBoundaryRules() throws {
        // Transport padding after delimiters, a boundary that is a prefix
        // of a longer line (not a delimiter), a missing close delimiter.
        let msg = "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\npreamble\r\n--b  \t\r\n\r\none\r\n--bx\r\n--b\r\nContent-Type: text/plain\r\n\r\ntwo\r\n"
        let m = try MailMessage.parse(Array(msg.utf8))
        XCTAssertEqual(m.parts.count, 2)
        XCTAssertEqual(String(decoding: m.parts[0].body, as: UTF8.self), "one\r\n--bx")
        XCTAssertEqual(String(decoding: m.parts[1].body, as: UTF8.self), "two\r\n", "no close delimiter: what is there")
        // The epilogue is dropped; empty parts exist.
        let e = try MailMessage.parse(Array("Content-Type: multipart/mixed; boundary=b\n\n--b\n--b\n\nx\n--b--\nepilogue --b\n".utf8))
        XCTAssertEqual(e.parts.map(\.body), [[], Array("x".utf8)])
    }

    func testBoundaryParameterInRFC2231Form() throws {
        let m = try MailMessage.parse(Array("Content-Type: multipart/mixed; boundary*0=\"ab\"; boundary*1=\"cd\"\n\n--abcd\n\nx\n--abcd--\n".utf8))
        XCTAssertEqual(m.parts.count, 1)
    }

    func testTransferEncodings() throws {
        let b64 = try MailMessage.parse(Array("Content-Transfer-Encoding: BASE64\n\nSGFs bG8g\r\n  V2Vs\tdA==\n\n".utf8))
        XCTAssertEqual(try b64.text(), "Hallo Welt", "white space and line breaks anywhere are ignored")
        let noPad = try MailMessage.parse(Array("Content-Transfer-Encoding: base64\n\nSGFsbG8".utf8))
        XCTAssertEqual(try noPad.text(), "Hallo")
        XCTAssertThrowsError(try MailMessage.parse(Array("Content-Transfer-Encoding: base64\n\nSGFs*bG8=".utf8))) {
            XCTAssertEqual($0 as? MailError, .invalidBase64)
        }
        let qp = try MailMessage.parse(Array("Content-Transfer-Encoding: quoted-printable\nContent-Type: text/plain; charset=utf-8\n\nGr=C3=BC=c3=9Fe =\nzusammen   \n=3D =ZZ end=\n".utf8))
        XCTAssertEqual(try qp.text(), "Grüße zusammen\n= =ZZ end", "hex either case, soft breaks, trailing blanks dropped, a bad escape kept")
        XCTAssertThrowsError(try MailMessage.parse(Array("Content-Transfer-Encoding: x-uuencode\n\nbegin 644 a\n".utf8))) {
            XCTAssertEqual($0 as? MailError, .unknownTransferEncoding)
        }
        let eight = try MailMessage.parse(Array("Content-Transfer-Encoding: 8bit (comment)\n\nä".utf8))
        XCTAssertEqual(try eight.text(), "ä", "us-ascii by default, 8-bit bytes read as UTF-8 when they are")
    }

    func testCharsets() throws {
        func part(_ charset: String, _ body: [UInt8]) -> MailPart {
            MailPart(headers: [], mediaType: MediaType(type: "text", subtype: "plain", parameters: ["charset": charset]), body: body)
        }
        let latin1: [UInt8] = [0x4B, 0xF6, 0x6C, 0x6E, 0x20, 0xA4] // Köln ¤
        XCTAssertEqual(try part("ISO-8859-1", latin1).text(), "Köln ¤")
        XCTAssertEqual(try part("latin1", latin1).text(), "Köln ¤")
        XCTAssertEqual(try part("iso-8859-15", latin1).text(), "Köln €", "0xA4 is the euro sign in Latin-9")
        XCTAssertEqual(try part("windows-1252", [0x80, 0x20, 0x96, 0x20, 0x84, 0x93]).text(), "€ – „“")
        XCTAssertEqual(try part("us-ascii", Array("plain".utf8)).text(), "plain")
        XCTAssertEqual(try part("utf-8", [0x4B, 0xF6, 0x6C, 0x6E]).text(), "Köln", "invalid UTF-8 falls back to Windows-1252")
        XCTAssertEqual(try part("\"UTF-8\"", Array("Zoë".utf8)).text(), "Zoë")
        XCTAssertEqual(try part("utf-16", [0xFF, 0xFE, 0x5A, 0x00, 0xEB, 0x00]).text(), "Zë", "a mark gives the order")
        XCTAssertEqual(try part("utf-16", [0x00, 0x5A, 0x00, 0xEB]).text(), "Zë", "no mark: big-endian")
        XCTAssertEqual(try part("utf-16le", [0x5A, 0x00, 0xEB, 0x00]).text(), "Zë")
        XCTAssertEqual(try part("UTF-16BE", [0x00, 0x5A, 0x00, 0xEB]).text(), "Zë")
        XCTAssertThrowsError(try part("utf-16le", [0x5A, 0x00, 0xEB]).text()) { XCTAssertEqual($0 as? MailError, .invalidText) }
        XCTAssertThrowsError(try part("KOI8-R", [0xF0]).text()) { XCTAssertEqual($0 as? MailError, .unknownCharset("koi8-r")) }
        XCTAssertThrowsError(try part("x-<script>\u{1F600}", []).text()) {
            XCTAssertEqual($0 as? MailError, .unknownCharset("x-?script??"), "the label in an error is cut to token characters")
        }
    }

    func testRFC2231Parameters() {
        let t = MediaType.parse("application/pdf; name*0*=utf-8'de'Kontoauszug%20; name*1=\"Jan \"; name*2*=M%C3%A4rz.pdf; x=1")!
        XCTAssertEqual(t.parameters["name"], "Kontoauszug Jan März.pdf")
        XCTAssertEqual(t.parameters["x"], "1")
        let l1 = ContentDisposition.parse("attachment; filename*=iso-8859-1''K%F6ln.txt; filename=\"fallback.txt\"")
        XCTAssertEqual(l1.type, "attachment")
        XCTAssertEqual(l1.parameters["filename"], "Köln.txt", "the RFC 2231 value wins")
        let gap = MediaType.parse("text/plain; title*0=a; title*2=c")!
        XCTAssertEqual(gap.parameters["title"], "a", "sections stop at the first missing one")
        let quoted = MediaType.parse("Text/HTML ; (comment) CHARSET = \"utf-8\" ; name=\"a \\\"b\\\" c\"; file=Scan 1.pdf")!
        XCTAssertEqual(quoted.essence, "text/html")
        XCTAssertEqual(quoted.parameters, ["charset": "utf-8", "name": "a \"b\" c", "file": "Scan 1.pdf"])
    }

    func testAttachmentDetection() throws {
        func p(_ headers: String) throws -> MailPart { try MailMessage.parse(Array((headers + "\n\nx").utf8)) }
        XCTAssertTrue(try p("Content-Type: text/plain\nContent-Disposition: attachment").isAttachment)
        XCTAssertTrue(try p("Content-Type: image/png; name=scan.png\nContent-Disposition: inline").isAttachment,
                      "an inline image with a name is a file")
        XCTAssertFalse(try p("Content-Type: image/png").isAttachment)
        XCTAssertFalse(try p("Content-Type: text/plain; name=notes.txt\nContent-Disposition: inline").isAttachment)
        XCTAssertEqual(try p("Content-Type: image/png; name=a.png\nContent-Disposition: inline; filename=\"b.png\"").filename, "b.png")
        XCTAssertNil(try p("Content-Disposition: attachment; filename=\"  \"").filename)
    }
}
