import TextFormats
import XCTest

/// Invented data only. Bytes are written out by hand the way each encoding
/// stores them, not produced by the decoder under test.
final class TextDecodingTests: XCTestCase {
    func testUTF8WithAndWithoutAMark() throws {
        let plain = Array("Grüße, Zoë Kowalczyk\nIBAN DE89 3704 0044 0532 0130 00\n".utf8)
        let (a, ea) = try TextDecoding.decode(plain)
        XCTAssertEqual(a, "Grüße, Zoë Kowalczyk\nIBAN DE89 3704 0044 0532 0130 00\n")
        XCTAssertEqual(ea, .utf8)
        let (b, eb) = try TextDecoding.decode([0xEF, 0xBB, 0xBF] + plain)
        XCTAssertEqual(b, a, "the mark is not part of the text")
        XCTAssertEqual(eb, .utf8WithBOM)
    }

    func testUTF16WithAMarkInBothByteOrders() throws {
        // "Müller €" : M u ü l l e r space €(U+20AC), and a surrogate pair (U+1F600).
        let units: [UInt16] = [0x4D, 0x00FC, 0x6C, 0x6C, 0x65, 0x72, 0x20, 0x20AC, 0x20, 0xD83D, 0xDE00]
        let le: [UInt8] = [0xFF, 0xFE] + units.flatMap { u -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + units.flatMap { u -> [UInt8] in [UInt8(u >> 8), UInt8(u & 0xFF)] }
        let (a, ea) = try TextDecoding.decode(le)
        let (b, eb) = try TextDecoding.decode(be)
        XCTAssertEqual(a, "Müller € \u{1F600}")
        XCTAssertEqual(a, b)
        XCTAssertEqual(ea, .utf16LittleEndian)
        XCTAssertEqual(eb, .utf16BigEndian)
        XCTAssertEqual(a.unicodeScalars.last?.value, 0x1F600)
    }

    func testLatin1AndWindows1252WhenNotUTF8() throws {
        // "Straße 5, Köln – €" in Windows-1252: ß=DF, ö=F6, en dash=96, €=80.
        let bytes: [UInt8] = Array("Stra".utf8) + [0xDF] + Array("e 5, K".utf8) + [0xF6] + Array("ln ".utf8) + [0x96, 0x20, 0x80]
        let (s, e) = try TextDecoding.decode(bytes)
        XCTAssertEqual(s, "Straße 5, Köln – €")
        XCTAssertEqual(e, .windows1252)
    }

    func testBinaryIsNotText() {
        // A PNG signature and a NUL: a binary file named `.txt`.
        XCTAssertThrowsError(try TextDecoding.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        XCTAssertThrowsError(try TextDecoding.decode(Array("name\u{0}value".utf8)))
        // A control character that text does not hold.
        XCTAssertThrowsError(try TextDecoding.decode(Array("abc".utf8) + [0x01] + Array("def".utf8)))
        // A byte Windows-1252 does not define, in a file that is not UTF-8.
        XCTAssertThrowsError(try TextDecoding.decode(Array("K".utf8) + [0xF6, 0x81]))
        // UTF-16 with a lone surrogate, and with an odd byte count.
        XCTAssertThrowsError(try TextDecoding.decode([0xFF, 0xFE, 0x3D, 0xD8, 0x41, 0x00]))
        XCTAssertThrowsError(try TextDecoding.decode([0xFF, 0xFE, 0x41, 0x00, 0x42]))
    }

    func testTabsLineEndsAndEscapesAreText() throws {
        let (s, _) = try TextDecoding.decode(Array("a\tb\r\nc\u{0C}\u{1B}[31mred\u{1B}[0m\n".utf8))
        XCTAssertTrue(s.hasPrefix("a\tb\r\n"))
    }

    func testAnEmptyFileIsEmptyText() throws {
        XCTAssertEqual(try TextDecoding.decode([]).text, "")
    }
}

