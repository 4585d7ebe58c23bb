#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Posix

final class FileNameTests: XCTestCase {
    func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testUTF8NamesAreShownAsTheyAre() {
        for name in ["Brief 2024.pdf", "Müller.pdf", "日本語.pdf", "emoji 🙂.png", "a'b\"c.pdf"] {
            XCTAssertEqual(FileName.shown(b(name)), name)
            XCTAssertEqual(FileName.bytes(name), b(name))
        }
    }

    func testControlCharactersAndBadBytesAreEscaped() {
        XCTAssertEqual(FileName.shown(b("Brief\n2024.pdf")), "Brief\\x0a2024.pdf")
        XCTAssertEqual(FileName.shown(b("a\tb\u{7F}c.pdf")), "a\\x09b\\x7fc.pdf")
        XCTAssertEqual(FileName.shown([0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72]), "M\\xfcller")   // Latin-1
        XCTAssertEqual(FileName.shown([0x61, 0xC2, 0x85, 0x62]), "a\\xc2\\x85b")            // U+0085, a C1 control
        XCTAssertEqual(FileName.shown([0xC0, 0xAF]), "\\xc0\\xaf")                          // overlong "/"
        XCTAssertEqual(FileName.shown([0xED, 0xA0, 0x80]), "\\xed\\xa0\\x80")               // a surrogate
        XCTAssertEqual(FileName.shown([0xE2, 0x82]), "\\xe2\\x82")                          // cut short
        XCTAssertEqual(FileName.shown(b("back\\slash")), "back\\\\slash")
    }

    /// Every shown name maps back to the one name it came from, and a
    /// literal backslash in a name can never pass for an escape.
    func testShownNamesMapBackUniquely() {
        var rng = SystemRandomNumberGenerator()
        var seen: [String: [UInt8]] = [:]
        let alphabet: [UInt8] = [0x00 + 1, 0x0A, 0x1F, 0x20, 0x2E, 0x41, 0x5C, 0x78, 0x30, 0x61, 0x7F,
                                 0x80, 0xC3, 0xBC, 0xC2, 0x85, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x99, 0x82, 0xFF]
        for _ in 0..<20_000 {
            let n = Int.random(in: 1...6, using: &rng)
            let name = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            let shown = FileName.shown(name)
            XCTAssertEqual(FileName.bytes(shown), name, "\(name) shown as \(shown)")
            if let other = seen[shown] { XCTAssertEqual(other, name, "two names shown as \(shown)") }
            seen[shown] = name
            XCTAssertFalse(shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, shown)
        }
        XCTAssertEqual(FileName.shown(b("lit\\x41")), "lit\\\\x41")
        XCTAssertNotEqual(FileName.shown(b("lit\\x41")), FileName.shown(b("litA")))
    }

    /// Names Swift would call equal (canonically equivalent) are shown as
    /// names it does not: the composed one as it is, the other escaped.
    func testComposedAndDecomposedNamesStayApart() {
        let nfc = b("caf\u{e9}.pdf"), nfd = b("cafe\u{301}.pdf")
        XCTAssertEqual(FileName.shown(nfc), "caf\u{e9}.pdf")
        XCTAssertEqual(Array(FileName.shown(nfd).unicodeScalars), Array("cafe\\xcc\\x81.pdf".unicodeScalars))
        XCTAssertFalse(FileName.shown(nfc) == FileName.shown(nfd))
        XCTAssertEqual(FileName.bytes(FileName.shown(nfd)), nfd)
        XCTAssertEqual(FileName.bytes(FileName.shown(nfc)), nfc)
        // A decomposed name typed as it is was never shown: no such file.
        XCTAssertNil(FileName.bytes("cafe\u{301}.pdf"))
        XCTAssertFalse(FileName.shown([0xE2, 0x80, 0x80]) == FileName.shown([0xE2, 0x80, 0x82]))
    }

    func testOnlyTheWayANameIsShownMapsBack() {
        XCTAssertNil(FileName.bytes("\\x41"), "`A` is shown as itself")
        XCTAssertNil(FileName.bytes("a\\"), "a stray backslash")
        XCTAssertNil(FileName.bytes("a\\q"))
        XCTAssertNil(FileName.bytes("\\xZZ"))
        XCTAssertNil(FileName.bytes("\\xFC"), "upper-case digits are not how names are shown")
        XCTAssertEqual(FileName.bytes("\\xfc"), [0xFC])
    }

    /// The names a directory really holds, bytes and all.
    func testDirectoryEntriesKeepTheirBytes() throws {
        var template = Array("/tmp/redactfs-names-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw XCTSkip("mkdtemp failed") }
        let dir = String(cString: template)
        defer { rmAll(dir) }
        let names: [[UInt8]] = [[0x61, 0x0A, 0x62], [0x4D, 0xFC], b("plain")]
        let d = try FileDescriptor.open(dir, flags: O_RDONLY | O_DIRECTORY)
        for n in names {
            _ = try d.openAt(bytes: n, flags: O_WRONLY | O_CREAT | O_EXCL)
        }
        XCTAssertEqual(try d.directoryEntryBytes(), names.sorted { $0.lexicographicallyPrecedes($1) })
        for n in names { XCTAssertTrue(try d.statusAt(bytes: n).isRegular) }
    }

    func rmAll(_ dir: String) {
        guard let d = try? FileDescriptor.open(dir, flags: O_RDONLY | O_DIRECTORY),
              let names = try? d.directoryEntryBytes() else { return }
        for n in names { _ = unlinkat(d.rawValue, n.map { CChar(bitPattern: $0) } + [0], 0) }
        rmdir(dir)
    }
}
