@testable import TextFormats
import XCTest

/// RFC 2047 encoded words and RFC 5322 address lists. Invented data only.
final class MailHeaderTests: XCTestCase {
    func testEncodedWords() {
        XCTAssertEqual(EncodedWords.decode("=?utf-8?B?SsO8cmdlbg==?= =?UTF-8?q?_M=C3=BCller?="), "Jürgen Müller",
                       "white space between encoded words is dropped; _ is a space in Q")
        XCTAssertEqual(EncodedWords.decode("Re: =?iso-8859-1?q?K=F6ln?= und =?ISO-8859-15?Q?=A4?= ok"), "Re: Köln und € ok",
                       "white space next to plain text is kept")
        XCTAssertEqual(EncodedWords.decode("=?windows-1252?Q?=93Zitat=94?="), "“Zitat”")
        XCTAssertEqual(EncodedWords.decode("=?us-ascii?Q?plain?=\t\r\n =?utf-8*de?Q?_text?="), "plain text", "folding white space and an RFC 2231 language")
        // A UTF-8 character split over two words (ü = C3 BC).
        XCTAssertEqual(EncodedWords.decode("=?utf-8?Q?M=C3?= =?utf-8?Q?=BCller?="), "Müller")
        XCTAssertEqual(EncodedWords.decode("=?utf-8?B?w7w=?==?utf-8?B?w7w=?="), "üü", "adjacent without space")
        XCTAssertEqual(EncodedWords.decode("\"=?utf-8?Q?Zo=C3=AB?=\" <z@example.net>"), "\"Zoë\" <z@example.net>", "inside quotes, as clients read it")
        // Left as written: an unknown charset, broken B text, not a word.
        XCTAssertEqual(EncodedWords.decode("=?koi8-r?B?8PLJ18XU?= und =?utf-8?Q?ja?="), "=?koi8-r?B?8PLJ18XU?= und ja")
        XCTAssertEqual(EncodedWords.decode("=?utf-8?B?***?="), "=?utf-8?B?***?=")
        XCTAssertEqual(EncodedWords.decode("a =? b ?= c =?utf-8?X?y?= =?utf-8?Q?no end"), "a =? b ?= c =?utf-8?X?y?= =?utf-8?Q?no end")
        XCTAssertEqual(EncodedWords.decode("=?utf-8?Q?=FF?="), "ÿ", "invalid UTF-8 in a word reads as Windows-1252")
    }

    func testEncodedWordsEncodeAndDecodeBack() {
        let text = "Kündigung für Zoë Kowalczyk – Straße 5, 10115 Berlin 😀 ein längerer Betreff"
        let words = EncodedWords.encode(text)
        XCTAssertGreaterThan(words.count, 1)
        for w in words { XCTAssertLessThanOrEqual(w.utf8.count, 75); XCTAssertTrue(w.hasPrefix("=?utf-8?B?")) }
        XCTAssertEqual(EncodedWords.decode(words.joined(separator: " ")), text)
        XCTAssertEqual(EncodedWords.decode(words.joined(separator: "\r\n ")), text)
    }

    func testAddressLists() {
        func p(_ s: String) -> [MailAddress] { MailAddress.parseList(s) }
        func a(_ n: String?, _ addr: String) -> MailAddress { MailAddress(displayName: n, address: addr) }
        XCTAssertEqual(p("Jane Roe <jane.roe@example.org>"), [a("Jane Roe", "jane.roe@example.org")])
        XCTAssertEqual(p("\"Roe, Jane\" <jane.roe@example.org>, tim@example.com"), [a("Roe, Jane", "jane.roe@example.org"), a(nil, "tim@example.com")])
        XCTAssertEqual(p("tim@example.com (Tim Weber)"), [a("Tim Weber", "tim@example.com")], "the old comment form names the mailbox")
        XCTAssertEqual(p("Tim (work) Weber <tim(at work)@example.com>"), [a("Tim Weber", "tim@example.com")], "comments are not part of names or addresses")
        XCTAssertEqual(p("Team: a@example.org, \"B\" <b@example.org>;, c@example.org"),
                       [a(nil, "a@example.org"), a("B", "b@example.org"), a(nil, "c@example.org")], "group members, the group name dropped")
        XCTAssertEqual(p("undisclosed-recipients:;"), [])
        XCTAssertEqual(p("Dr. Zoë Kowalczyk <zoe@example.net>"), [a("Dr. Zoë Kowalczyk", "zoe@example.net")], "raw UTF-8 (RFC 6532) and an obsolete dot")
        XCTAssertEqual(p("=?utf-8?Q?M=C3=BCller=2C_J=C3=BCrgen?= <j@example.org>"), [a("Müller, Jürgen", "j@example.org")],
                       "a decoded comma does not split the list")
        XCTAssertEqual(p("<@relay.example:lea@example.com>"), [a(nil, "lea@example.com")], "a route is dropped")
        XCTAssertEqual(p("\"john q\"@example.org"), [a(nil, "\"john q\"@example.org")])
        XCTAssertEqual(p("root@[192.0.2.1]"), [a(nil, "root@[192.0.2.1]")])
        XCTAssertEqual(p("root"), [a(nil, "root")])
    }

    func testBrokenAddressListsGiveWhatCanBeRead() {
        func p(_ s: String) -> [MailAddress] { MailAddress.parseList(s) }
        XCTAssertEqual(p("Jane Roe jane.roe@example.org"), [MailAddress(displayName: "Jane Roe", address: "jane.roe@example.org")])
        XCTAssertEqual(p("\"Unclosed <a@example.org>"), [], "the quote runs to the end: no address")
        XCTAssertEqual(p("Jane <jane@example.org"), [MailAddress(displayName: "Jane", address: "jane@example.org")])
        XCTAssertEqual(p("(no end <a@example.org>"), [])
        XCTAssertEqual(p(",,;;:<>@"), [])
        XCTAssertEqual(p("Jane Roe, Tim"), [MailAddress(displayName: nil, address: "Tim")], "two words without an address are skipped")
        XCTAssertEqual(p(""), [])
        // Deep nesting and a long hostile header: linear, no crash.
        let hostile = String(repeating: "(", count: 50_000) + String(repeating: "\"<@,:;", count: 10_000)
        _ = p(hostile)
    }

    func testFormattingAddressesReadsBack() {
        let list = [
            MailAddress(displayName: "Roe, Jane", address: "jane.roe@example.org"),
            MailAddress(displayName: "Jürgen Müller", address: "j@example.org"),
            MailAddress(displayName: "Tim Weber", address: "tim@example.com"),
            MailAddress(displayName: nil, address: "info@example.com"),
            MailAddress(displayName: "say \"hi\"", address: "q@example.com"),
        ]
        let value = MailAddress.format(list)
        XCTAssertTrue(value.unicodeScalars.allSatisfy { $0.value < 0x80 }, "ASCII only")
        XCTAssertTrue(value.hasPrefix("\"Roe, Jane\" <jane.roe@example.org>, =?utf-8?B?"))
        XCTAssertEqual(MailAddress.parseList(value), list)
    }
}
