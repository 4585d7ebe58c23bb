#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Secrets

final class KeyTests: XCTestCase {
    var dir: TempDir!
    override func setUp() { dir = TempDir() }
    override func tearDown() { dir.remove() }

    func testLoadsAPrivateKeyFile() throws {
        dir.write("key", fixedKeyBytes, mode: 0o600)
        let key = try SecretKey.load(path: dir.file("key"))
        XCTAssertTrue(key.bytes.constantTimeEquals(fixedKeyBytes))
        dir.write("ro", fixedKeyBytes, mode: 0o400)
        XCTAssertNoThrow(try SecretKey.load(path: dir.file("ro")))
    }

    func testRefusesAKeyOpenToGroupOrOthers() {
        for mode: mode_t in [0o640, 0o620, 0o610, 0o604, 0o602, 0o601, 0o644, 0o666, 0o660, 0o700 | 0o040] {
            dir.write("key", fixedKeyBytes, mode: mode)
            let path = dir.file("key")
            XCTAssertThrowsError(try SecretKey.load(path: path), "mode \(String(mode, radix: 8))") { e in
                guard case .tooOpen(let p, _)? = e as? KeyError else { return XCTFail("\(e)") }
                XCTAssertEqual(p, path)
                XCTAssertTrue((e as! KeyError).message.contains("chmod 600 \(path)"), (e as! KeyError).message)
            }
        }
    }

    func testSystemdCredentialMayCarryAnACLMaskButNotOthersAccess() throws {
        dir.write("redactfs.key", fixedKeyBytes, mode: 0o440)
        let loc = KeySource.Location(path: dir.file("redactfs.key"), origin: .systemdCredential)
        XCTAssertNoThrow(try SecretKey.load(loc))
        XCTAssertThrowsError(try SecretKey.load(path: loc.path))
        dir.write("redactfs.key", fixedKeyBytes, mode: 0o404)
        XCTAssertThrowsError(try SecretKey.load(loc))
    }

    func testRefusesAKeyThatIsNot32Bytes() {
        for n in [0, 1, 16, 31, 33, 64] {
            dir.write("key", [UInt8](repeating: 0xAB, count: n), mode: 0o600)
            XCTAssertThrowsError(try SecretKey.load(path: dir.file("key"))) {
                XCTAssertEqual($0 as? KeyError, .wrongLength(path: self.dir.file("key"), length: n))
            }
        }
        XCTAssertThrowsError(try SecretKey(bytes: [1, 2, 3]))
    }

    func testMissingAndNonRegularKeys() {
        XCTAssertThrowsError(try SecretKey.load(path: dir.file("absent"))) {
            XCTAssertEqual($0 as? KeyError, .notFound(path: self.dir.file("absent")))
            XCTAssertTrue(($0 as! KeyError).message.contains("redactfs init"))
        }
        mkdir(dir.file("sub"), 0o700)
        defer { rmdir(dir.file("sub")) }
        XCTAssertThrowsError(try SecretKey.load(path: dir.file("sub"))) {
            XCTAssertEqual($0 as? KeyError, .notRegularFile(path: self.dir.file("sub")))
        }
    }

    func testGenerateWriteLoad() throws {
        let key = try SecretKey.generate()
        let other = try SecretKey.generate()
        XCTAssertFalse(key.bytes.withUnsafeBytes { other.bytes.constantTimeEquals($0) })
        try key.write(to: dir.file("key"), overwrite: false)
        XCTAssertEqual(dir.mode("key"), 0o600)
        let loaded = try SecretKey.load(path: dir.file("key"))
        XCTAssertTrue(key.bytes.withUnsafeBytes { loaded.bytes.constantTimeEquals($0) })
        XCTAssertThrowsError(try other.write(to: dir.file("key"), overwrite: false)) {
            XCTAssertEqual($0 as? KeyError, .exists(path: self.dir.file("key")))
        }
        try other.write(to: dir.file("key"), overwrite: true)
        let reloaded = try SecretKey.load(path: dir.file("key"))
        XCTAssertTrue(other.bytes.withUnsafeBytes { reloaded.bytes.constantTimeEquals($0) })
    }

    func testKeySourceOrder() {
        let cred = TempDir()
        defer { cred.remove() }
        let env = ["XDG_CONFIG_HOME": dir.path, "CREDENTIALS_DIRECTORY": cred.path, "HOME": "/nonexistent"]
        XCTAssertNil(KeySource.resolve(keyFile: nil, environment: env))
        XCTAssertEqual(KeySource.resolve(keyFile: "/x/given", environment: env), "/x/given")

        mkdir(dir.file("redactfs"), 0o700)
        defer { rmdir(dir.file("redactfs")) }
        dir.write("redactfs/key", fixedKeyBytes, mode: 0o600)
        defer { unlink(dir.file("redactfs/key")) }
        XCTAssertEqual(KeySource.locate(keyFile: nil, environment: env),
                       KeySource.Location(path: dir.path + "/redactfs/key", origin: .defaultFile))

        cred.write("redactfs.key", fixedKeyBytes, mode: 0o400)
        XCTAssertEqual(KeySource.locate(keyFile: nil, environment: env),
                       KeySource.Location(path: cred.path + "/redactfs.key", origin: .systemdCredential))
        XCTAssertEqual(KeySource.locate(keyFile: "/x/given", environment: env)?.origin, .keyFileOption)
    }

    func testConfigPaths() {
        XCTAssertEqual(ConfigPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]), "/cfg/redactfs")
        XCTAssertEqual(ConfigPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "/cfg/", "HOME": "/home/u"]), "/cfg/redactfs")
        // Relative and empty XDG_CONFIG_HOME are ignored, as the XDG spec says.
        XCTAssertEqual(ConfigPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"]), "/home/u/.config/redactfs")
        XCTAssertEqual(ConfigPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]), "/home/u/.config/redactfs")
        XCTAssertEqual(ConfigPaths.defaultKey(environment: ["HOME": "/home/u"]), "/home/u/.config/redactfs/key")
        XCTAssertEqual(ConfigPaths.defaultTerms(environment: ["HOME": "/home/u"]), "/home/u/.config/redactfs/terms")
        XCTAssertTrue(ConfigPaths.configDirectory(environment: [:]).hasSuffix("/.config/redactfs"))
    }
}
