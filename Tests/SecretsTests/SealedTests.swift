import XCTest
@testable import Secrets

final class SealedTests: XCTestCase {
    // MARK: The primitive

    /// AES-256-GCM Test Case 16 of McGrew and Viega, "The Galois/Counter
    /// Mode of Operation (GCM)" (the NIST submission): 256-bit key, 96-bit
    /// IV, 60 bytes of plaintext, 20 bytes of associated data.
    func testAESGCMTestCase16() throws {
        let key = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let plaintext = hex("""
            d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72
            1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39
            """)
        let aad = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let iv = hex("cafebabefacedbaddecaf888")
        let ciphertext = hex("""
            522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa
            8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662
            """)
        let tag = hex("76fc6ece0f4e1768cddf8853bb2d551b")

        let sealed = try key.withUnsafeBytes { k in
            try plaintext.withUnsafeBytes { p in try AESGCM.seal(p, key: k, nonce: iv, aad: aad) }
        }
        XCTAssertEqual(hexString(sealed), hexString(ciphertext + tag))

        let opened = try key.withUnsafeBytes { k in
            try AESGCM.open(ciphertext[...], tag: tag[...], key: k, nonce: iv[...], aad: aad[...])
        }
        XCTAssertEqual(opened.withUnsafeBytes { Array($0) }, plaintext)

        // One changed byte of the associated data alone is refused.
        var badAAD = aad
        badAAD[0] ^= 1
        XCTAssertThrowsError(try key.withUnsafeBytes { k in
            try AESGCM.open(ciphertext[...], tag: tag[...], key: k, nonce: iv[...], aad: badAAD[...])
        }) { XCTAssertEqual($0 as? AESGCM.Failure, .authentication) }
    }

    // MARK: The file format

    /// The known-answer vector printed in redactfs-terms(5). The expected
    /// bytes were computed independently of this code, with Python's
    /// `cryptography` package (48.0.0, OpenSSL-backed):
    ///
    ///     key   = bytes(range(0x00, 0x20)); nonce = bytes(range(0xa0, 0xac))
    ///     hdr   = b"RDFSSEAL" + bytes([1, 1]) + nonce
    ///     pt    = the term list [("Jane Doe", whole word), ("4711", substring)]
    ///     AESGCM(key).encrypt(nonce, pt, hdr)   # ciphertext ‖ tag
    func testKnownAnswerTermFile() throws {
        let nonce: [UInt8] = Array(0xA0...0xAB)
        let plaintext = hex("01 00000002 00 0008 4a616e6520446f65 01 0004 34373131")
        let expected = hex("""
            524446535345414c 01 01 a0a1a2a3a4a5a6a7a8a9aaab
            e7187c2d47cb02b72804e9b6273eafbb71ac5d24a58673
            ea079121a53733ab7a9d141a97a64b81
            """)
        let terms = [Term(text: "Jane Doe", substring: false), Term(text: "4711", substring: true)]

        XCTAssertEqual(TermCodec.encode(terms).withUnsafeBytes { Array($0) }, plaintext)
        let sealed = try plaintext.withUnsafeBytes { try Sealed.seal($0, kind: .terms, key: fixedKey(), nonce: nonce) }
        XCTAssertEqual(hexString(sealed), hexString(expected))
        XCTAssertEqual(sealed.count, Sealed.overhead + plaintext.count)

        let opened = try Sealed.open(expected, kind: .terms, key: fixedKey())
        XCTAssertEqual(try TermCodec.decode(opened), terms)
    }

    func testRoundTripEveryKindAndFreshNonces() throws {
        let key = try SecretKey.generate()
        for kind in SealedKind.allCases {
            for plaintext in [[], [0x42], Array("a somewhat longer plaintext of many bytes".utf8), [UInt8](repeating: 7, count: 5000)] {
                let a = try Sealed.seal(plaintext, kind: kind, key: key)
                let b = try Sealed.seal(plaintext, kind: kind, key: key)
                XCTAssertEqual(a.count, plaintext.count + Sealed.overhead)
                XCTAssertEqual(a[9], kind.rawValue)
                XCTAssertNotEqual(a[10..<22], b[10..<22], "a fresh nonce on every seal")
                XCTAssertEqual(try Sealed.open(a, kind: kind, key: key).withUnsafeBytes { Array($0) }, plaintext)
                XCTAssertEqual(try Sealed.open(b, kind: kind, key: key).withUnsafeBytes { Array($0) }, plaintext)
            }
        }
    }

    func testEveryBitFlipIsRefused() throws {
        let key = fixedKey()
        let sealed = try Sealed.seal(Array("4711".utf8), kind: .terms, key: key)
        XCTAssertNoThrow(try Sealed.open(sealed, kind: .terms, key: key))
        for byte in 0..<sealed.count {
            for bit in 0..<8 {
                var bad = sealed
                bad[byte] ^= UInt8(1 << bit)
                XCTAssertThrowsError(try Sealed.open(bad, kind: .terms, key: key), "bit \(bit) of byte \(byte)")
            }
        }
    }

    func testEveryBitFlipOfTheCiphertextAndTagIsAnAuthenticationFailure() throws {
        let key = fixedKey()
        let sealed = try Sealed.seal(Array("Jane Doe".utf8), kind: .decisions, key: key)
        for byte in 10..<sealed.count {
            for bit in 0..<8 {
                var bad = sealed
                bad[byte] ^= UInt8(1 << bit)
                XCTAssertThrowsError(try Sealed.open(bad, kind: .decisions, key: key)) {
                    XCTAssertEqual($0 as? SealedError, .authenticationFailed, "bit \(bit) of byte \(byte)")
                }
            }
        }
    }

    func testEveryTruncationIsRefused() throws {
        let key = fixedKey()
        let sealed = try Sealed.seal(Array("Jane Doe, 4711".utf8), kind: .terms, key: key)
        for length in 0..<sealed.count {
            XCTAssertThrowsError(try Sealed.open(Array(sealed[0..<length]), kind: .terms, key: key), "length \(length)")
        }
        // And the cut the other way: dropping leading bytes.
        for drop in 1...sealed.count {
            XCTAssertThrowsError(try Sealed.open(Array(sealed.dropFirst(drop)), kind: .terms, key: key), "drop \(drop)")
        }
        XCTAssertThrowsError(try Sealed.open(sealed + [0], kind: .terms, key: key))
        XCTAssertThrowsError(try Sealed.open([], kind: .terms, key: key)) {
            XCTAssertEqual($0 as? SealedError, .truncated(length: 0))
        }
    }

    func testWrongKeyIsRefused() throws {
        let sealed = try Sealed.seal(Array("Jane Doe".utf8), kind: .terms, key: fixedKey())
        var other = fixedKeyBytes
        other[31] ^= 0x80
        XCTAssertThrowsError(try Sealed.open(sealed, kind: .terms, key: try SecretKey(bytes: other))) {
            XCTAssertEqual($0 as? SealedError, .authenticationFailed)
            XCTAssertEqual(($0 as? SealedError)?.message,
                           "failed authentication: it was changed, truncated, or sealed with another key")
        }
        XCTAssertThrowsError(try Sealed.open(sealed, kind: .terms, key: try SecretKey.generate()))
    }

    func testHeaderChecks() throws {
        let key = fixedKey()
        let sealed = try Sealed.seal([1, 2, 3], kind: .cacheEntry, key: key)
        XCTAssertThrowsError(try Sealed.open(sealed, kind: .terms, key: key)) {
            XCTAssertEqual($0 as? SealedError, .wrongKind(expected: .terms, found: .cacheEntry))
        }
        var v = sealed
        v[8] = 2
        XCTAssertThrowsError(try Sealed.open(v, kind: .cacheEntry, key: key)) {
            XCTAssertEqual($0 as? SealedError, .unsupportedVersion(2))
        }
        var k = sealed
        k[9] = 0
        XCTAssertThrowsError(try Sealed.open(k, kind: .cacheEntry, key: key)) {
            XCTAssertEqual($0 as? SealedError, .unknownKind(0))
        }
        XCTAssertThrowsError(try Sealed.open(Array("%PDF-1.7 and more than enough bytes here".utf8), kind: .terms, key: key)) {
            XCTAssertEqual($0 as? SealedError, .notSealed)
        }
    }

    func testSecureBytes() {
        let s = SecureBytes(copying: [1, 2, 3])
        XCTAssertEqual(s.count, 3)
        XCTAssertTrue(s.constantTimeEquals([1, 2, 3]))
        XCTAssertFalse(s.constantTimeEquals([1, 2, 4]))
        XCTAssertFalse(s.constantTimeEquals([1, 2]))
        XCTAssertEqual(s.prefix(2).withUnsafeBytes { Array($0) }, [1, 2])
        XCTAssertEqual(SecureBytes(copying: []).count, 0)
        var a: [UInt8] = [9, 9, 9]
        wipe(&a)
        XCTAssertEqual(a, [0, 0, 0])
    }
}
