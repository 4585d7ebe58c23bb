@testable import TextFormats
import XCTest

/// The writer's output read back by the parser, and its wire rules. Invented data only.
final class MailWriterTests: XCTestCase {
    static let headers: [(String, String)] = [
        ("From", MailAddress.format([MailAddress(displayName: "Kowalczyk, Zoë", address: "zoe.kowalczyk@example.net")])),
        ("To", MailAddress.format([MailAddress(displayName: "Jürgen Müller", address: "juergen.mueller@example.org"),
                                   MailAddress(displayName: "Lea Brandt", address: "lea.brandt@example.com")])),
        ("Subject", "AW: Kündigung der Wohnung in der Hauptstraße 5 zum 31.12.2026 – bitte um Bestätigung und Rückgabe der Schlüssel"),
        ("Date", "Wed, 18 Nov 2026 14:02:11 +0000"),
    ]
    static let text = "Sehr geehrter Herr [REDACTED:name],\n\nIBAN [REDACTED:iban] = ok.\nFrom here on: a line that is rather long, longer than seventy-six characters, so it must be broken softly.\nTrailing space \n.\nGrüße – 😀\n"

    func testSinglePartRoundTrip() throws {
        let bytes = try MailWriter(headers: Self.headers, parts: [.text(Self.text)]).bytes()
        let m = try MailMessage.parse(bytes)
        XCTAssertEqual(m.mediaType.essence, "text/plain")
        XCTAssertEqual(m.mediaType.charset, "utf-8")
        XCTAssertEqual(m.header("Content-Transfer-Encoding"), "quoted-printable")
        XCTAssertEqual(m.header("MIME-Version"), "1.0")
        XCTAssertEqual(try m.text(), Self.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"), "the text, with CRLF line ends")
        XCTAssertEqual(m.decodedHeader("Subject"), Self.headers[2].1)
        XCTAssertEqual(m.header("Date"), "Wed, 18 Nov 2026 14:02:11 +0000")
        XCTAssertEqual(MailAddress.parseList(m.header("From")!), [MailAddress(displayName: "Kowalczyk, Zoë", address: "zoe.kowalczyk@example.net")])
        XCTAssertEqual(MailAddress.parseList(m.header("To")!).map(\.displayName), ["Jürgen Müller", "Lea Brandt"])
        Self.checkWireRules(bytes)
        let raw = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(raw.contains("\r\n=46rom here on"), "a line starting From is escaped")
        XCTAssertTrue(raw.contains("Trailing space=20\r\n"), "trailing white space is encoded")
        XCTAssertTrue(raw.contains("\r\n=2E\r\n"), "a lone dot line is escaped")
    }

    func testMultipartRoundTripWithAttachments() throws {
        let pdf = MailFixtures.pdfBytes + [UInt8](repeating: 0xFF, count: 300)
        let writer = MailWriter(headers: Self.headers, parts: [
            .text(Self.text),
            .attachment(data: pdf, mediaType: "Application/PDF", filename: "Kündigungsbestätigung für Zoë Kowalczyk, Hauptstraße 5 (Kopie).pdf"),
            .attachment(data: [1, 2, 3], mediaType: "not a type", filename: "data \"1\".bin"),
            .attachment(data: [], mediaType: "image/png", filename: nil),
        ])
        let bytes = try writer.bytes()
        XCTAssertEqual(try writer.bytes(), bytes, "deterministic")
        Self.checkWireRules(bytes)
        let m = try MailMessage.parse(bytes)
        XCTAssertEqual(m.mediaType.essence, "multipart/mixed")
        XCTAssertTrue(m.mediaType.parameters["boundary"]!.hasPrefix("=_redactfs_"))
        XCTAssertEqual(m.parts.count, 4)
        XCTAssertEqual(try m.parts[0].text(), Self.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
        XCTAssertFalse(m.parts[0].isAttachment)
        XCTAssertEqual(m.parts[1].mediaType.essence, "application/pdf")
        XCTAssertEqual(m.parts[1].body, pdf)
        XCTAssertEqual(m.parts[1].filename, "Kündigungsbestätigung für Zoë Kowalczyk, Hauptstraße 5 (Kopie).pdf")
        XCTAssertEqual(EncodedWords.decode(m.parts[1].mediaType.parameters["name"]!), m.parts[1].filename, "the name parameter says the same")
        XCTAssertTrue(m.parts[1].isAttachment)
        XCTAssertEqual(m.parts[2].mediaType.essence, "application/octet-stream")
        XCTAssertEqual(m.parts[2].filename, "data \"1\".bin")
        XCTAssertEqual(m.parts[2].body, [1, 2, 3])
        XCTAssertEqual(m.parts[3].body, [])
        XCTAssertNil(m.parts[3].filename)
        // Base64 lines are 76 characters.
        let raw = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(raw.split(separator: "\r\n").contains { $0.count == 76 && $0.hasPrefix("JVBERi0x") })
    }

    func testForwardedMessageRoundTrip() throws {
        let inner = MailWriter(headers: [("Subject", "Geburtstag am 12.03."), ("From", "Lea Brandt <lea.brandt@example.com>")],
                               parts: [.text("Liebe Zoë,\nbis bald!\n"), .attachment(data: [9, 8, 7], mediaType: "image/png", filename: "Foto.png")])
        let outer = MailWriter(headers: [("Subject", "Fwd: Geburtstag")], parts: [.text("Siehe unten."), .message(inner, filename: "Geburtstag.eml")])
        let bytes = try outer.bytes()
        Self.checkWireRules(bytes)
        let m = try MailMessage.parse(bytes)
        XCTAssertEqual(m.parts.map(\.mediaType.essence), ["text/plain", "message/rfc822"])
        let fwd = m.parts[1]
        XCTAssertEqual(fwd.header("Content-Transfer-Encoding"), "7bit")
        XCTAssertEqual(fwd.filename, "Geburtstag.eml")
        XCTAssertEqual(fwd.parts.first?.header("Subject"), "Geburtstag am 12.03.")
        XCTAssertEqual(fwd.parts.first?.parts.count, 2)
        XCTAssertEqual(try fwd.parts.first?.parts[0].text(), "Liebe Zoë,\r\nbis bald!\r\n")
        XCTAssertEqual(fwd.parts.first?.parts[1].body, [9, 8, 7])
        XCTAssertNotEqual(m.mediaType.parameters["boundary"], fwd.parts.first?.mediaType.parameters["boundary"])
    }

    func testOutputDependsOnlyOnTheValues() throws {
        let a = try MailWriter(headers: [("Subject", "x")], parts: [.text("eins"), .text("zwei")]).bytes()
        let b = try MailWriter(headers: [("Subject", "x")], parts: [.text("eins"), .text("drei")]).bytes()
        let ba = try MailMessage.parse(a).mediaType.parameters["boundary"]
        let bb = try MailMessage.parse(b).mediaType.parameters["boundary"]
        XCTAssertNotEqual(ba, bb, "the boundary comes from the content")
        XCTAssertEqual(try MailWriter(headers: [("Subject", "x")], parts: [.text("eins"), .text("zwei")]).bytes(), a)
    }

    func testBoundaryThatOccursInContentIsNotUsed() {
        // With the hash fixed, a part that holds the first two candidates'
        // delimiters gets the third.
        let c0 = MailWriter.candidate(42, 0), c1 = MailWriter.candidate(42, 1), c2 = MailWriter.candidate(42, 2)
        XCTAssertNotEqual(c0, c1)
        let parts = [MailWriter.Encoded(headers: Array("X: --\(c1)\r\n".utf8), body: Array("text\r\n--\(c0)\r\n".utf8))]
        XCTAssertEqual(MailWriter.boundary(for: parts, seed: 42), c2)
        XCTAssertEqual(MailWriter.boundary(for: [MailWriter.Encoded(headers: [], body: [])], seed: 42), c0)
    }

    func testHeaderValuesCannotInjectAndNamesAreChecked() throws {
        let bytes = try MailWriter(headers: [("Subject", "hi\r\nBcc: evil@example.org\n\nbody")], parts: []).bytes()
        let m = try MailMessage.parse(bytes)
        XCTAssertNil(m.header("Bcc"))
        XCTAssertEqual(m.header("Subject"), "hi Bcc: evil@example.org body")
        XCTAssertThrowsError(try MailWriter(headers: [("Bad Name", "x")]).bytes()) { XCTAssertEqual($0 as? MailError, .invalidHeaderName) }
        XCTAssertThrowsError(try MailWriter(headers: [("content-type", "text/html")]).bytes()) { XCTAssertEqual($0 as? MailError, .invalidHeaderName) }
        XCTAssertThrowsError(try MailWriter(headers: [("", "x")]).bytes())
    }

    func testWordsThatLookEncodedAreWrittenAsText() throws {
        // A subject the parser could not decode (KOI8-R) reaches the writer
        // as it was: a reader must show it as that text, not decode it back
        // to what the redaction never saw.
        let foreign = "Re: =?koi8-r?B?8PLJ18XU?= und =?utf-8?Q?Zo=C3=AB?="
        let bytes = try MailWriter(headers: [("Subject", foreign), ("To", MailAddress.format([MailAddress(displayName: "Zoë", address: "z@example.net")]))]).bytes()
        let m = try MailMessage.parse(bytes)
        XCTAssertEqual(m.decodedHeader("Subject"), foreign)
        XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("koi8"))
        XCTAssertTrue(m.header("To")!.hasPrefix("=?utf-8?B?"), "the writer's own words pass as they are")
        XCTAssertEqual(MailAddress.parseList(m.header("To")!), [MailAddress(displayName: "Zoë", address: "z@example.net")])
        XCTAssertThrowsError(try MailMessage.parse(Array("Subject: \(foreign)\n\n".utf8)).strictlyDecodedHeader("Subject")) {
            XCTAssertEqual($0 as? MailError, .unknownCharset("koi8-r"))
        }
        XCTAssertEqual(try EncodedWords.decodeStrictly("=?utf-8?Q?Zo=C3=AB?="), "Zoë")
        XCTAssertThrowsError(try EncodedWords.decodeStrictly("=?utf-8?B?!!!!?=")) { XCTAssertEqual($0 as? MailError, .invalidBase64) }
    }

    func testLongWordsAndEmptyValues() throws {
        let long = String(repeating: "a", count: 2000)
        let bytes = try MailWriter(headers: [("X-Long", long), ("X-Empty", "")], parts: [.text("")]).bytes()
        Self.checkWireRules(bytes)
        let m = try MailMessage.parse(bytes)
        XCTAssertEqual(m.decodedHeader("X-Long"), long)
        XCTAssertEqual(m.header("X-Empty"), "")
        XCTAssertEqual(try m.text(), "")
    }

    /// The bytes of one message, pinned: this output was read back by
    /// Python's email package (policy.default and compat32: no defects,
    /// names, subject, file names and bodies as given) and shown by mutt
    /// (names, subject, text, both attachment names). A change here is a
    /// change to what the program writes.
    func testGoldenOutput() throws {
        let w = MailWriter(headers: Self.headers, parts: [
            .text(Self.text),
            .attachment(data: MailFixtures.pdfBytes, mediaType: "application/pdf", filename: "Kündigungsbestätigung für Zoë Kowalczyk, Hauptstraße 5 (Kopie).pdf"),
            .attachment(data: [1, 2, 3], mediaType: "application/octet-stream", filename: "data \"1\".bin"),
        ])
        let expected = MailFixtures.crlf("""
        From: =?utf-8?B?S293YWxjenlrLCBab8Or?= <zoe.kowalczyk@example.net>
        To: =?utf-8?B?SsO8cmdlbiBNw7xsbGVy?= <juergen.mueller@example.org>, Lea Brandt
         <lea.brandt@example.com>
        Subject: AW: =?utf-8?B?S8O8bmRpZ3VuZw==?= der Wohnung in der
         =?utf-8?B?SGF1cHRzdHJhw59l?= 5 zum 31.12.2026 =?utf-8?B?4oCT?= bitte um
         =?utf-8?B?QmVzdMOkdGlndW5n?= und =?utf-8?B?UsO8Y2tnYWJl?= der
         =?utf-8?B?U2NobMO8c3NlbA==?=
        Date: Wed, 18 Nov 2026 14:02:11 +0000
        MIME-Version: 1.0
        Content-Type: multipart/mixed; boundary="=_redactfs_4ebf0df0fe10b83b"

        --=_redactfs_4ebf0df0fe10b83b
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: quoted-printable

        Sehr geehrter Herr [REDACTED:name],

        IBAN [REDACTED:iban] =3D ok.
        =46rom here on: a line that is rather long, longer than seventy-six charact=
        ers, so it must be broken softly.
        Trailing space=20
        =2E
        Gr=C3=BC=C3=9Fe =E2=80=93 =F0=9F=98=80

        --=_redactfs_4ebf0df0fe10b83b
        Content-Type: application/pdf;
         name="=?utf-8?B?S8O8bmRpZ3VuZ3NiZXN0w6R0aWd1bmcgZsO8ciBab8OrIEtvd2Fs?=
         =?utf-8?B?Y3p5aywgSGF1cHRzdHJhw59lIDUgKEtvcGllKS5wZGY=?="
        Content-Disposition: attachment;
         filename*0*=utf-8''K%C3%BCndigungsbest%C3%A4tigung%20f%C3%BCr%20Zo%C3%AB;
         filename*1*=%20Kowalczyk%2C%20Hauptstra%C3%9Fe%205%20%28Kopie%29.pdf
        Content-Transfer-Encoding: base64

        JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZz4+ZW5kb2JqCnRyYWlsZXI8PC9Sb290IDEg
        MCBSPj4KJSVFT0YK
        --=_redactfs_4ebf0df0fe10b83b
        Content-Type: application/octet-stream; name="data \\"1\\".bin"
        Content-Disposition: attachment; filename="data \\"1\\".bin"
        Content-Transfer-Encoding: base64

        AQID
        --=_redactfs_4ebf0df0fe10b83b--

        """)
        let got = try w.bytes()
        XCTAssertEqual(String(decoding: got, as: UTF8.self), String(decoding: expected, as: UTF8.self))
    }

    /// CRLF only, 7-bit, no line over 78 characters but base64/QP body
    /// lines (76) and unbreakable header tokens (none here over 78).
    static func checkWireRules(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(bytes.allSatisfy { $0 < 0x80 }, "7-bit", file: file, line: line)
        var column = 0
        for (i, b) in bytes.enumerated() {
            if b == 0x0A {
                XCTAssertTrue(i > 0 && bytes[i - 1] == 0x0D, "bare LF at \(i)", file: file, line: line)
                column = 0
            } else if b != 0x0D {
                column += 1
                if column > 78 { XCTFail("line longer than 78 at \(i)", file: file, line: line); return }
            }
        }
        XCTAssertTrue(bytes.suffix(2) == [0x0D, 0x0A], "ends with a line break", file: file, line: line)
    }
}
