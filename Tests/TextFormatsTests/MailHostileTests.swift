@testable import TextFormats
import XCTest

/// Hostile and broken messages fail with a typed error or parse to what is
/// there: never a crash, a hang or unbounded recursion.
final class MailHostileTests: XCTestCase {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func expect(_ error: MailError, _ input: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try MailMessage.parse(input), file: file, line: line) {
            XCTAssertEqual($0 as? MailError, error, file: file, line: line)
        }
    }

    /// `levels` multiparts inside each other around one text part.
    func nested(_ levels: Int) -> [UInt8] {
        var s = "Content-Type: text/plain\n\nInnen\n"
        for n in 0..<levels {
            s = "Content-Type: multipart/mixed; boundary=\"b\(n)\"\n\n--b\(n)\n\(s)\n--b\(n)--\n"
        }
        return bytes(s)
    }

    func testDepthLimit() throws {
        let ok = try MailMessage.parse(nested(MailMessage.maxDepth))
        XCTAssertEqual(try ok.leaves.first?.text(), "Innen\n")
        expect(.tooDeep, nested(MailMessage.maxDepth + 1))
        // The same with message/rfc822 inside message/rfc822.
        var m = "Subject: innen\n\nx"
        for _ in 0...MailMessage.maxDepth { m = "Content-Type: message/rfc822\n\n" + m }
        expect(.tooDeep, bytes(m))
    }

    func testPartLimit() throws {
        func many(_ n: Int) -> [UInt8] {
            var s = "Content-Type: multipart/mixed; boundary=b\n\n"
            for _ in 0..<n { s += "--b\n\nx\n" }
            return bytes(s + "--b--\n")
        }
        XCTAssertEqual(try MailMessage.parse(many(MailMessage.maxParts - 1)).parts.count, MailMessage.maxParts - 1, "with the top part: the limit")
        expect(.tooManyParts, many(MailMessage.maxParts))
        expect(.tooManyParts, many(100_000))
    }

    func testHeaderLimits() throws {
        let lines = String(repeating: "X-A: b\n", count: MailMessage.maxHeaderLines)
        XCTAssertEqual(try MailMessage.parse(bytes(lines + "\nx")).headers.count, MailMessage.maxHeaderLines)
        expect(.tooManyHeaderLines, bytes(lines + "X-A: b\n\nx"))
        expect(.tooManyHeaderLines, bytes("Subject: a\n" + String(repeating: " folded\n", count: 5000) + "\nx"))
        let big = "Subject: " + String(repeating: "a", count: MailMessage.maxHeaderBytes)
        expect(.headerTooLong, bytes(big + "\n\nx"))
        expect(.headerTooLong, bytes("Subject: a\n" + String(repeating: " " + String(repeating: "b", count: 1000) + "\n", count: 70) + "\nx"))
        let fits = "Subject: " + String(repeating: "a", count: MailMessage.maxHeaderBytes - 9)
        XCTAssertEqual(try MailMessage.parse(bytes(fits + "\n\nx")).header("subject")?.count, MailMessage.maxHeaderBytes - 9)
    }

    func testBoundaryProblems() throws {
        expect(.invalidBoundary, bytes("Content-Type: multipart/mixed\n\n--x\n\na\n--x--\n"))
        expect(.invalidBoundary, bytes("Content-Type: multipart/mixed; boundary=\"\"\n\n--\n\na\n----\n"))
        expect(.invalidBoundary, bytes("Content-Type: multipart/mixed; boundary=\(String(repeating: "z", count: 201))\n\nx"))
        // A boundary that never appears: no parts, the preamble dropped.
        let none = try MailMessage.parse(bytes("Content-Type: multipart/mixed; boundary=nope\n\nall of this is preamble\n--nop\n"))
        XCTAssertEqual(none.parts, [])
        // Unterminated quote in the boundary parameter: runs to the end of the value.
        let q = try MailMessage.parse(bytes("Content-Type: multipart/mixed; boundary=\"abc\n\n--abc\n\nx\n--abc--\n"))
        XCTAssertEqual(q.parts.count, 1)
    }

    func testUnterminatedThingsInHeaders() throws {
        let m = try MailMessage.parse(bytes("Content-Type: text/plain; name=\"never closed; charset=utf-8 (comment (nested\nContent-Disposition: attachment; filename*0*=utf-8''%C3; filename*1*=%\n\nx"))
        XCTAssertEqual(m.mediaType.parameters["name"], "never closed; charset=utf-8 (comment (nested")
        XCTAssertEqual(m.filename, "Ã%", "a broken percent escape and a broken UTF-8 sequence read leniently")
        _ = MediaType.parse("text/plain; " + String(repeating: "(", count: 100_000))
        XCTAssertEqual(MediaType.parse("text/plain" + String(repeating: "; a*999*=%", count: 10_000))?.parameters, [:], "a section 999 without 0..998 is nothing")
        _ = EncodedWords.decode(String(repeating: "=?", count: 50_000))
        _ = EncodedWords.decode(String(repeating: "=?a?q?", count: 20_000))
    }

    func testGiganticLinesAndBinaryGarbage() throws {
        // One 4 MiB line without a line end, as a header and as a body.
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20)
        XCTAssertEqual(try MailMessage.parse(line).body.count, line.count, "no colon: not a header, the body")
        expect(.headerTooLong, bytes("Subject: ") + line)
        let m = try MailMessage.parse(bytes("Content-Type: multipart/mixed; boundary=b\n\n--b\n\n") + line)
        XCTAssertEqual(m.parts.first?.body.count, line.count)
        // Pseudo-random bytes (a fixed generator): parse or fail, no crash.
        var state: UInt64 = 0x1234_5678_9abc_def0
        var noise: [UInt8] = []
        for _ in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            noise.append(UInt8(truncatingIfNeeded: state >> 56))
        }
        _ = try? MailMessage.parse(noise)
        _ = try? MailMessage.parse(bytes("Content-Type: multipart/mixed; boundary=\"\u{1}\"\n\n") + noise)
        _ = HTMLText.text(String(decoding: noise, as: UTF8.self))
        _ = MailAddress.parseList(String(decoding: noise, as: UTF8.self))
    }

    /// The client fixtures, mutated many times over (bytes changed,
    /// dropped, and MIME syntax inserted) with a fixed generator: every
    /// variant parses or fails with a MailError, and every text function
    /// runs on every leaf.
    func testMutatedFixturesNeverCrash() {
        var state: UInt64 = 0x0DDB_A11C_AFE0_0001
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: (state >> 33) % UInt64(n))
        }
        let snippets: [[UInt8]] = ["\r\n", "\n\n", "--", ";", "\"", "=?utf-8?B?", "?=", "=", "(", "<", ":", "*0*=", "boundary=", "\r\n\t"].map { Array($0.utf8) }
        var parsed = 0
        for fixture in [MailFixtures.thunderbird, MailFixtures.outlook, MailFixtures.gmail] {
            for _ in 0..<400 {
                var m = fixture
                for _ in 0..<(1 + next(6)) {
                    let at = next(m.count)
                    switch next(3) {
                    case 0: m[at] = UInt8(truncatingIfNeeded: next(256))
                    case 1: m.remove(at: at)
                    default: m.insert(contentsOf: snippets[next(snippets.count)], at: at)
                    }
                }
                guard let part = try? MailMessage.parse(m) else { continue }
                parsed += 1
                for leaf in part.leaves {
                    _ = leaf.filename
                    _ = leaf.isAttachment
                    if let t = try? leaf.unwrappedText() { _ = HTMLText.text(t) }
                }
                for h in part.headers {
                    _ = MailAddress.parseList(h.value)
                    _ = EncodedWords.decode(h.value)
                }
            }
        }
        XCTAssertGreaterThan(parsed, 600, "most small changes still parse")
    }

    /// A large realistic message parses in time linear in its size: a
    /// 16 MiB message (a base64 attachment, many headers, many lines) in
    /// a generous bound for a debug build. (Release is many times faster.)
    func testLargeMessageIsLinear() throws {
        var s = "From: a@example.org\nContent-Type: multipart/mixed; boundary=\"zz\"\n\n--zz\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
        s += String(repeating: "Gr=C3=BC=C3=9Fe aus K=C3=B6ln, IBAN DE89 3704 0044 0532 0130 00 =\nund mehr Text.\n", count: 40_000)
        s += "--zz\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
        var input = bytes(s)
        let b64 = TransferEncoding.encodeBase64([UInt8](repeating: 0xA5, count: 9 << 20))
        input += b64
        input += bytes("\n--zz--\n")
        XCTAssertGreaterThan(input.count, 14 << 20)
        let start = ContinuousClock.now
        let m = try MailMessage.parse(input)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(m.parts[1].body.count, 9 << 20)
        XCTAssertTrue(try m.parts[0].text().hasPrefix("Grüße aus Köln, IBAN DE89 3704 0044 0532 0130 00 und mehr Text.\n"))
        XCTAssertLessThan(elapsed, .seconds(30), "took \(elapsed)")
        print("16 MiB-class message parsed in \(elapsed) (debug)")
    }
}
