import XCTest
@testable import Secrets

final class DigestTests: XCTestCase {
    // FIPS 180-2 example.
    func testSHA256KnownAnswer() {
        XCTAssertEqual(hexString(Digest.sha256(Array("abc".utf8))),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hexString(Digest.sha256([])),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    // RFC 4231 test cases 1 and 2 (keys of 20 and 4 bytes: the primitive,
    // not SecretKey, which is always 32).
    func testHMACSHA256KnownAnswer() {
        let key = [UInt8](repeating: 0x0b, count: 20)
        let mac = key.withUnsafeBytes { Digest.hmac(key: $0, Array("Hi There".utf8)) }
        XCTAssertEqual(hexString(mac), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let jefe = Array("Jefe".utf8)
        let mac2 = jefe.withUnsafeBytes { Digest.hmac(key: $0, Array("what do ya want for nothing?".utf8)) }
        XCTAssertEqual(hexString(mac2), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testDerivedKeysDifferByLabelAndFromTheKey() throws {
        let key = try SecretKey(bytes: [UInt8](repeating: 7, count: 32))
        let a = key.derived("disk cache names v1"), b = key.derived("other")
        let m = Array("message".utf8)
        XCTAssertNotEqual(a.authenticate(m), b.authenticate(m))
        XCTAssertNotEqual(a.authenticate(m), key.authenticate(m))
        // Deterministic: the same key and label give the same subkey.
        XCTAssertEqual(key.derived("other").authenticate(m), b.authenticate(m))
    }
}
