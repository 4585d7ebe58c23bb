import XCTest
import RedactCore
@testable import Pipeline

final class ConfigTests: XCTestCase {
    func testParsesKeysAndComments() throws {
        var s = RenderSettings()
        try ConfigFile.apply("# comment\ndpi = 200\nregion = at  # Austria\ndisable = url, ip\n", to: &s)
        XCTAssertEqual(s.dpi, 200)
        XCTAssertEqual(s.region, "AT")
        XCTAssertFalse(s.categories.contains(.url))
        XCTAssertFalse(s.categories.contains(.ipAddress))
        XCTAssertTrue(s.categories.contains(.iban))
    }

    func testDisableTakesTiers() throws {
        var s = RenderSettings()
        try ConfigFile.apply("disable = contact, mac\n", to: &s)
        for c in [Category.email, .url, .phone, .address, .mac] {
            XCTAssertFalse(s.categories.contains(c), c.rawValue)
        }
        for c in [Category.iban, .name, .taxID, .ipAddress, .term] {
            XCTAssertTrue(s.categories.contains(c), c.rawValue)
        }
    }

    func testRejectsUnknownKeysAndBadValues() {
        var s = RenderSettings()
        for bad in ["dpi = 20", "dpi = many", "colour = red", "disable = nosuch", "region = DEU", "novalue"] {
            XCTAssertThrowsError(try ConfigFile.apply(bad, to: &s), bad)
        }
    }

    func testSettingsEqualityCoversEveryField() {
        var a = RenderSettings(), b = RenderSettings()
        XCTAssertEqual(a, b)
        b.dpi = 300
        XCTAssertNotEqual(a, b)
        b = a; b.categories.remove(.phone)
        XCTAssertNotEqual(a, b)
        a.region = "CH"
        XCTAssertNotEqual(a, RenderSettings())
    }

    func testMagicBytes() throws {
        XCTAssertEqual(try SourceKind.classify(head: Array("%PDF-1.7\n".utf8)), .pdf)
        XCTAssertEqual(try SourceKind.classify(head: Array("junk before %PDF-1.4".utf8)), .pdf)
        XCTAssertThrowsError(try SourceKind.classify(head: Array("hello".utf8)))
        XCTAssertThrowsError(try SourceKind.classify(head: []))
    }
}

final class OCRSettingsTests: XCTestCase {
    func testOCRLanguagesAreSettingsAndValidated() throws {
        var s = RenderSettings()
        XCTAssertEqual(s.ocrLanguages, "eng+deu")
        try ConfigFile.apply("ocr-languages = eng+fra\n", to: &s)
        XCTAssertEqual(s.ocrLanguages, "eng+fra")
        XCTAssertNotEqual(s, RenderSettings(), "the languages are part of the output identity")
        XCTAssertThrowsError(try ConfigFile.apply("ocr-languages = ../x\n", to: &s))
        XCTAssertNil(OCRLanguages.problem("eng+deu"))
        let p = try XCTUnwrap(OCRLanguages.problem("eng+zzq"))
        XCTAssertTrue(p.contains("tesseract-ocr-zzq"), p)
    }
}
