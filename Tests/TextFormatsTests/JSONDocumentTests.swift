import RedactCore
@testable import TextFormats
import XCTest

/// The JSON reader that JSON redaction writes back through: every string
/// and number with the key it stands under, the rest kept as written.
final class JSONDocumentTests: XCTestCase {
    func parse(_ s: String) throws -> JSONDocument { try JSONDocument(parsing: Array(s.unicodeScalars)) }

    func text(_ v: JSONDocument.Value) -> String { String(String.UnicodeScalarView(v.scalars)) }
    func key(_ v: JSONDocument.Value) -> String? { v.key.map { String(String.UnicodeScalarView($0)) } }

    func testValuesStandUnderTheirKeysAndArraysUnderTheirs() throws {
        let doc = try parse(#"{"name": "Ada", "phones": ["1", 2], "address": {"city": "Paris"}, "ok": true, "n": null}"#)
        let described = doc.values.map { "\($0.kind) \(key($0) ?? "-") \(text($0))" }
        XCTAssertEqual(described, [
            "key - name", "string name Ada",
            "key - phones", "string phones 1", "number phones 2",
            "key - address", "key - city", "string city Paris",
            "key - ok", "key - n",
        ])
    }

    func testEscapesAreUnescapedAndSurrogatePairsJoined() throws {
        let doc = try parse(#"["a\"b\\c\/d\n\t\u00e4\ud83d\ude00\ud800x"]"#)
        XCTAssertEqual(text(doc.values[0]), "a\"b\\c/d\n\tä😀\u{FFFD}x", "a lone surrogate stands as U+FFFD")
    }

    func testNothingMaskedGivesTheTextBackAsItWas() throws {
        let s = "{\n  \"a\" : [1, -2.5e+3, \"\\u00e4\"],\r\n\t\"b\":{}\n}\n"
        XCTAssertEqual(try parse(s).serialized(masked: [:]), s)
    }

    func testAMaskedStringKeepsItsQuotesAndAMaskedNumberBecomesAString() throws {
        let s = #"{"phone": 4915112345678, "note": "call \"Ada\" at home", "n": 7}"#
        let doc = try parse(s)
        let phone = doc.values.firstIndex { $0.kind == .number && key($0) == "phone" }!
        let note = doc.values.firstIndex { $0.kind == .string }!
        let out = doc.serialized(masked: [phone: [(0..<13, .phone)], note: [(6..<9, .name)]])
        XCTAssertEqual(out, #"{"phone": "[REDACTED:phone]", "note": "call \"[REDACTED:name]\" at home", "n": 7}"#)
        XCTAssertNoThrow(try parse(out), "the output is JSON")
    }

    func testSeveralValuesInARowAsJSONLinesHas() throws {
        let doc = try parse("{\"a\":1}\n{\"a\":2}\n\"x\" 3\n")
        XCTAssertEqual(doc.values.filter { $0.kind != .key }.map(text), ["1", "2", "x", "3"])
    }

    func testWhatIsNotJSONIsRefused() {
        for bad in [#"{"a": 1,}"#, "{'a': 1}", "// c\n{}", #"{"a" 1}"#, "[1 2]", "[01]", "[1.]", "[-]", #"["a"#,
                    "[\"\u{1}\"]", #"["\x"]"#, #"["\u12"]"#, "{", "]", "[tru]", "[1]x", #"{"a":1 "b":2}"#, "[1,]", "{,}"] {
            XCTAssertThrowsError(try parse(bad), bad)
        }
    }

    func testDeepNestingCostsNoStack() throws {
        let depth = 200_000
        let s = String(repeating: "[", count: depth) + "\"x\"" + String(repeating: "]", count: depth)
        let doc = try parse(s)
        XCTAssertEqual(doc.values.count, 1)
        XCTAssertThrowsError(try parse(String(repeating: "[", count: depth)), "unclosed")
    }
}
