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

    func testEveryKeyOfTheFile() throws {
        var c = Configuration()
        try ConfigFile.apply("""
            dpi = 300
            region = ch
            ocr-languages = eng+fra
            disable = url
            jobs = 3
            cache-size = 512M
            disk-cache = yes
            disk-cache-size = 2G
            deadline = 30.5
            prefetch = on
            key-file = /etc/redactfs/key
            terms-file = /etc/redactfs/terms
            """, to: &c)
        XCTAssertEqual(c.render.dpi, 300)
        XCTAssertEqual(c.render.region, "CH")
        XCTAssertEqual(c.render.ocrLanguages, "eng+fra")
        XCTAssertFalse(c.render.categories.contains(.url))
        XCTAssertEqual(c.jobs, 3)
        XCTAssertEqual(c.cacheBytes, 512 << 20)
        XCTAssertTrue(c.diskCache)
        XCTAssertEqual(c.diskCacheBytes, 2 << 30)
        XCTAssertEqual(c.deadlineSeconds, 30.5)
        XCTAssertTrue(c.prefetch)
        XCTAssertEqual(c.keyFile, "/etc/redactfs/key")
        XCTAssertEqual(c.termsFile, "/etc/redactfs/terms")
        // Every key of the table is one the file takes.
        for key in ConfigKey.allCases {
            XCTAssertNoThrow(try ConfigFile.parse("\(key.rawValue) = \(Self.sample(key))\n"), key.rawValue)
        }
    }

    static func sample(_ key: ConfigKey) -> String {
        switch key {
        case .dpi: return "200"
        case .region: return "AT"
        case .ocrLanguages: return "eng"
        case .disable: return "contact"
        case .jobs: return "2"
        case .cacheSize, .diskCacheSize: return "64M"
        case .diskCache, .prefetch: return "no"
        case .deadline: return "10"
        case .keyFile, .termsFile, .soffice: return "/x"
        case .officeTimeout: return "30"
        }
    }

    func testDefaultsThenFileThenCommandLine() throws {
        var c = Configuration()
        XCTAssertEqual(c.render.dpi, 150)
        XCTAssertEqual(c.cacheBytes, 256 << 20)
        XCTAssertFalse(c.prefetch)
        try ConfigFile.apply("dpi = 100\nprefetch = yes\ndpi = 120\n", to: &c)
        XCTAssertEqual(c.render.dpi, 120, "a later line wins")
        try c.set(.dpi, "200")        // what a flag does
        try c.set(.prefetch, "no")    // --no-prefetch
        XCTAssertEqual(c.render.dpi, 200)
        XCTAssertFalse(c.prefetch)
        XCTAssertEqual(c.render.region, "DE", "a key set nowhere keeps its default")
    }

    func testDisableLinesAddUp() throws {
        var c = Configuration()
        try ConfigFile.apply("disable = url\ndisable = email\n", to: &c)
        XCTAssertFalse(c.render.categories.contains(.url))
        XCTAssertFalse(c.render.categories.contains(.email))
        XCTAssertTrue(c.render.categories.contains(.iban))
    }

    func testProblemsNameTheirLine() {
        func problem(_ text: String) -> ConfigFile.Problem? {
            var c = Configuration()
            do { try ConfigFile.apply(text, to: &c) } catch { return error }
            return nil
        }
        XCTAssertEqual(problem("# settings\ndpi = 200\n\ncolour = red\n"), .init(line: 4, message: "unknown key 'colour'"))
        XCTAssertEqual(problem("dpi = 20"), .init(line: 1, message: "dpi must be a number from 36 to 600"))
        XCTAssertEqual(problem("a\nprefetch = maybe")?.line, 1)
        XCTAssertEqual(problem("prefetch = maybe"), .init(line: 1, message: "prefetch must be yes or no"))
        XCTAssertEqual(problem("x\ncache-size = 3Q")?.line, 1, "the first problem is reported")
        XCTAssertEqual(problem("jobs = 0")?.message, "jobs must be a number from 1 to 64")
        XCTAssertEqual(problem("deadline = 0")?.line, 1)
        XCTAssertEqual(problem("deadline = -1")?.line, 1)
        XCTAssertEqual(problem("disk-cache-size = lots")?.line, 1)
        XCTAssertEqual(problem("key-file =")?.message, "key-file must be a path")
        XCTAssertEqual(problem("region = DE\ndpi 200\n"), .init(line: 2, message: "expected 'key = value'"))
        // Flag and -o spellings are not keys, but the message says which is.
        XCTAssertEqual(problem("--dpi = 200")?.message, "unknown key '--dpi' (did you mean 'dpi'?)")
        XCTAssertEqual(problem("cache_size = 1G")?.message, "unknown key 'cache_size' (did you mean 'cache-size'?)")
        XCTAssertEqual(problem("noprefetch = yes")?.message, "unknown key 'noprefetch'")
        XCTAssertEqual(problem("no-prefetch = yes")?.message, "unknown key 'no-prefetch' (did you mean 'prefetch'?)")
    }

    func testSwitchesSizesAndSeconds() throws {
        var c = Configuration()
        for (text, value) in [("yes", true), ("no", false), ("true", true), ("off", false), ("ON", true)] {
            try c.set(.diskCache, text)
            XCTAssertEqual(c.diskCache, value, text)
        }
        for (text, bytes) in [("512M", 512 << 20), ("2G", 2 << 30), ("64KiB", 64 << 10), ("1MB", 1 << 20), ("4096", 4096)] {
            try c.set(.cacheSize, text)
            XCTAssertEqual(c.cacheBytes, bytes, text)
        }
        for bad in ["", "G", "-1M", "1T", "1.5G"] {
            XCTAssertThrowsError(try c.set(.cacheSize, bad), bad)
        }
        try c.set(.deadline, "86400")
        XCTAssertThrowsError(try c.set(.deadline, "86401"))
        XCTAssertThrowsError(try c.set(.deadline, "nan"))
    }

    func testOfficeKeys() throws {
        var c = Configuration()
        XCTAssertEqual(c.officeSeconds, 60)
        XCTAssertEqual(c.limits.officeSeconds, 60)
        try ConfigFile.apply("office-timeout = 15\nsoffice = /opt/lo/program/soffice\n", to: &c)
        XCTAssertEqual(c.limits.officeSeconds, 15)
        XCTAssertEqual(c.soffice, "/opt/lo/program/soffice")
        XCTAssertNil(c.sofficePath, "a configured soffice that cannot be run shows no office files")
        try c.set(.soffice, "none")
        XCTAssertNil(c.sofficePath)
        try c.set(.soffice, "/bin/sh")
        XCTAssertEqual(c.sofficePath, "/bin/sh")
        XCTAssertThrowsError(try c.set(.officeTimeout, "0"))
        XCTAssertThrowsError(try c.set(.officeTimeout, "3601"))
        XCTAssertThrowsError(try c.set(.soffice, ""))
        let paths = ConfigFile.Paths(directory: "/home/u/.config/redactfs", home: "/home/u")
        try ConfigFile.apply("soffice = ~/lo/soffice\n", to: &c, paths: paths)
        XCTAssertEqual(c.soffice, "/home/u/lo/soffice")
        try ConfigFile.apply("soffice = none\n", to: &c, paths: paths)
        XCTAssertEqual(c.soffice, "none")
    }

    func testRelativePathsAreTheConfigFilesFolders() throws {
        var c = Configuration()
        let paths = ConfigFile.Paths(directory: "/home/u/.config/redactfs", home: "/home/u")
        try ConfigFile.apply("key-file = keys/k\nterms-file = ~/t\n", to: &c, paths: paths)
        XCTAssertEqual(c.keyFile, "/home/u/.config/redactfs/keys/k")
        XCTAssertEqual(c.termsFile, "/home/u/t")
        try ConfigFile.apply("key-file = /abs/k\n", to: &c, paths: paths)
        XCTAssertEqual(c.keyFile, "/abs/k")
    }

    func testMountKeysAreCheckedForRedactButChangeNoRenderSetting() throws {
        var s = RenderSettings()
        try ConfigFile.apply("cache-size = 1G\nprefetch = yes\ndeadline = 5\n", to: &s)
        XCTAssertEqual(s, RenderSettings())
        XCTAssertThrowsError(try ConfigFile.apply("cache-size = huge\n", to: &s))
    }

    func testKeyTable() {
        XCTAssertEqual(ConfigKey.cacheSize.flag, "--cache-size")
        XCTAssertEqual(ConfigKey.diskCacheSize.dashO, "disk_cache_size")
        XCTAssertEqual(ConfigKey.allCases.filter(\.isSwitch), [.diskCache, .prefetch])
        XCTAssertEqual(Set(ConfigKey.allCases.filter(\.mountOnly)), [.cacheSize, .diskCache, .diskCacheSize, .deadline, .prefetch])
        XCTAssertEqual(ConfigKey.allCases.filter { !$0.hasFlag }, [.region, .disable, .soffice, .officeTimeout])
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
