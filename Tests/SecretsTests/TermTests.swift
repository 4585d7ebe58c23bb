import XCTest
@testable import Secrets

final class TermTests: XCTestCase {
    func decode(_ bytes: [UInt8]) throws -> [Term] {
        try bytes.withUnsafeBytes { try TermCodec.decode($0) }
    }

    func testRoundTrip() throws {
        let terms = [
            Term(text: "Jane Doe", substring: false),
            Term(text: "Müller-Lüdenscheidt", substring: true),
            Term(text: "東京都", substring: false),
            Term(text: String(repeating: "x", count: Term.maxBytes), substring: true),
        ]
        XCTAssertEqual(try TermCodec.decode(TermCodec.encode(terms)), terms)
        XCTAssertEqual(try TermCodec.decode(TermCodec.encode([])), [])
        XCTAssertEqual(TermCodec.encode([]).withUnsafeBytes { Array($0) }, [1, 0, 0, 0, 0])
    }

    func testRefusesMalformedLists() {
        let cases: [(String, [UInt8], TermCodecError)] = [
            ("empty", [], .empty),
            ("version 0", [0, 0, 0, 0, 0], .unsupportedVersion(0)),
            ("version 2", [2, 0, 0, 0, 0], .unsupportedVersion(2)),
            ("short count", [1, 0, 0, 0], .truncated(offset: 4)),
            ("missing term", [1, 0, 0, 0, 1], .truncated(offset: 5)),
            ("one term short", [1, 0, 0, 0, 2, 0, 0, 1, 0x41], .truncated(offset: 9)),
            ("text short", [1, 0, 0, 0, 1, 0, 0, 3, 0x41, 0x42], .truncated(offset: 10)),
            ("reserved flag", [1, 0, 0, 0, 1, 2, 0, 1, 0x41], .reservedFlags(term: 1)),
            ("high flag", [1, 0, 0, 0, 1, 0x81, 0, 1, 0x41], .reservedFlags(term: 1)),
            ("empty term", [1, 0, 0, 0, 1, 0, 0, 0], .emptyTerm(term: 1)),
            ("too long", [1, 0, 0, 0, 1, 0, 0x04, 0x01] + [UInt8](repeating: 0x41, count: 1025), .termTooLong(term: 1)),
            ("bad UTF-8", [1, 0, 0, 0, 1, 0, 0, 2, 0xC3, 0x28], .invalidText(term: 1)),
            ("overlong UTF-8", [1, 0, 0, 0, 1, 0, 0, 2, 0xC0, 0xAF], .invalidText(term: 1)),
            ("surrogate", [1, 0, 0, 0, 1, 0, 0, 3, 0xED, 0xA0, 0x80], .invalidText(term: 1)),
            ("newline", [1, 0, 0, 0, 1, 0, 0, 3, 0x41, 0x0A, 0x42], .invalidText(term: 1)),
            ("NUL", [1, 0, 0, 0, 1, 0, 0, 1, 0x00], .invalidText(term: 1)),
            ("trailing", [1, 0, 0, 0, 1, 0, 0, 1, 0x41, 0x00], .trailingBytes(offset: 9)),
            ("trailing after none", [1, 0, 0, 0, 0, 0], .trailingBytes(offset: 5)),
            ("huge count", [1, 0xFF, 0xFF, 0xFF, 0xFF], .tooManyTerms(0xFFFF_FFFF)),
            ("second bad", [1, 0, 0, 0, 2, 0, 0, 1, 0x41, 4, 0, 1, 0x42], .reservedFlags(term: 2)),
        ]
        for (name, bytes, expected) in cases {
            XCTAssertThrowsError(try decode(bytes), name) { XCTAssertEqual($0 as? TermCodecError, expected, name) }
        }
    }

    func testEveryTruncationOfAListIsRefused() throws {
        let full = TermCodec.encode([Term(text: "Jane Doe"), Term(text: "4711", substring: true)]).withUnsafeBytes { Array($0) }
        XCTAssertNoThrow(try decode(full))
        for n in 0..<full.count {
            XCTAssertThrowsError(try decode(Array(full[0..<n])), "length \(n)")
        }
    }

    func testParseLines() throws {
        let input = Array("Jane Doe\r\n\n   \n  Max \t  Mustermann  \n4711\nlast line without newline".utf8)
        let terms = try input.withUnsafeBytes { try Term.parseLines($0, substring: true) }
        XCTAssertEqual(terms.map(\.text), ["Jane Doe", "Max Mustermann", "4711", "last line without newline"])
        XCTAssertTrue(terms.allSatisfy(\.substring))
        XCTAssertEqual(try [UInt8]().withUnsafeBytes { try Term.parseLines($0, substring: false) }, [])

        let bad: [UInt8] = Array("ok\n".utf8) + [0xFF, 0x41] + [10]
        XCTAssertThrowsError(try bad.withUnsafeBytes { try Term.parseLines($0, substring: false) }) {
            XCTAssertEqual($0 as? TermInputError, .invalidUTF8(line: 2))
        }
        let long = Array(("short\n\n" + String(repeating: "y", count: Term.maxBytes + 1)).utf8)
        XCTAssertThrowsError(try long.withUnsafeBytes { try Term.parseLines($0, substring: false) }) {
            XCTAssertEqual($0 as? TermInputError, .tooLong(line: 3))
        }
    }

    func testNormalize() {
        XCTAssertEqual(Term.normalize("  a \u{00A0} b\u{2028}c "), "a b c")
        XCTAssertNil(Term.normalize(" \t \u{0085} "))
        XCTAssertEqual(Term.normalize("a\u{0007}b"), "a b")
    }

    func testMergeFoldsDuplicatesAndOnlyWidens() {
        var list = [Term(text: "Jane Doe"), Term(text: "4711", substring: true)]
        let r = list.merge([
            Term(text: "JANE DOE"),                      // duplicate
            Term(text: "jane doe", substring: true),     // widens the entry
            Term(text: "4711", substring: false),        // never narrows
            Term(text: "Neu"), Term(text: "neu"),        // added once
            Term(text: "Cafe\u{301}"), Term(text: "Café"), // canonically equal
        ])
        XCTAssertEqual(r.added, 2)
        XCTAssertEqual(r.widened, 1)
        XCTAssertEqual(r.duplicates, 4)
        XCTAssertEqual(list, [
            Term(text: "Jane Doe", substring: true), Term(text: "4711", substring: true),
            Term(text: "Neu"), Term(text: "Cafe\u{301}"),
        ])
    }
}
