/// What a sealed file holds. The kind is part of the authenticated header,
/// so a file of one kind can never be opened as another. Numbers are
/// permanent: never reuse one.
public enum SealedKind: UInt8, Sendable, CaseIterable {
    /// The always-redact term list (`redactfs-terms(5)`).
    case terms = 0x01
    /// Per-document redaction decisions.
    case decisions = 0x02
    /// An on-disk cache entry.
    case cacheEntry = 0x03

    var name: String {
        switch self {
        case .terms: return "term list"
        case .decisions: return "decision file"
        case .cacheEntry: return "cache entry"
        }
    }
}

/// Why a sealed file was refused. Messages say what is wrong, never what
/// the file holds; callers put the path in front.
public enum SealedError: Error, Equatable, Sendable {
    /// Shorter than a header and a tag.
    case truncated(length: Int)
    /// Does not start with the magic bytes.
    case notSealed
    /// A format version this build does not know.
    case unsupportedVersion(UInt8)
    /// A kind byte no version of the format defines.
    case unknownKind(UInt8)
    /// Sealed as another kind of file.
    case wrongKind(expected: SealedKind, found: SealedKind)
    /// The tag does not match: changed, truncated, or another key.
    case authenticationFailed
    /// OpenSSL or the random source failed.
    case cryptoFailure

    public var message: String {
        switch self {
        case .truncated(let n):
            return "is truncated (\(n) bytes; a sealed file has at least \(Sealed.overhead))"
        case .notSealed:
            return "is not a redactfs sealed file (wrong magic bytes)"
        case .unsupportedVersion(let v):
            return "uses sealed-format version \(v), which this redactfs does not know; use a newer redactfs"
        case .unknownKind(let k):
            return "has an unknown kind byte \(k)"
        case .wrongKind(let e, let f):
            return "is a \(f.name), not a \(e.name)"
        case .authenticationFailed:
            return "failed authentication: it was changed, truncated, or sealed with another key"
        case .cryptoFailure:
            return "could not be processed: the crypto library or the random source failed"
        }
    }
}

/// The sealed-file format, documented byte by byte in redactfs-terms(5):
///
///     offset  size  field
///     0       8     magic "RDFSSEAL" (52 44 46 53 53 45 41 4c)
///     8       1     version, 0x01
///     9       1     kind (SealedKind)
///     10      12    nonce, fresh from RAND_bytes on every write
///     22      n     ciphertext (AES-256-GCM, as long as the plaintext)
///     22+n    16    tag
///
/// Bytes 0..<22 (the header) are the GCM associated data.
public enum Sealed {
    public static let magic: [UInt8] = Array("RDFSSEAL".utf8)
    public static let version: UInt8 = 1
    public static let headerSize = 8 + 1 + 1 + AESGCM.nonceSize
    /// Bytes a sealed file adds to its plaintext.
    public static let overhead = headerSize + AESGCM.tagSize

    /// Seals `plaintext` with a fresh random nonce. Fails only when the
    /// random source or OpenSSL fails.
    public static func seal(_ plaintext: [UInt8], kind: SealedKind, key: SecretKey) throws(SealedError) -> [UInt8] {
        // Array.withUnsafeBytes rethrows untyped; carry the error out as a value.
        let r: Result<[UInt8], SealedError> = plaintext.withUnsafeBytes { p in
            do throws(SealedError) { return .success(try seal(p, kind: kind, key: key)) } catch { return .failure(error) }
        }
        return try r.get()
    }

    /// Seals secure bytes without copying them into ordinary memory.
    public static func seal(_ plaintext: SecureBytes, kind: SealedKind, key: SecretKey) throws(SealedError) -> [UInt8] {
        try plaintext.withUnsafeBytes { (p) throws(SealedError) in try seal(p, kind: kind, key: key) }
    }

    static func seal(_ plaintext: UnsafeRawBufferPointer, kind: SealedKind, key: SecretKey) throws(SealedError) -> [UInt8] {
        guard let nonce = Random.bytes(AESGCM.nonceSize) else { throw .cryptoFailure }
        return try seal(plaintext, kind: kind, key: key, nonce: nonce)
    }

    /// Seals with a given nonce: for known-answer tests only. A nonce must
    /// never be used twice with one key.
    static func seal(_ plaintext: UnsafeRawBufferPointer, kind: SealedKind, key: SecretKey, nonce: [UInt8]) throws(SealedError) -> [UInt8] {
        precondition(nonce.count == AESGCM.nonceSize)
        let header = magic + [version, kind.rawValue] + nonce
        do throws(AESGCM.Failure) {
            let body = try key.bytes.withUnsafeBytes { (k) throws(AESGCM.Failure) in
                try AESGCM.seal(plaintext, key: k, nonce: nonce, aad: header)
            }
            return header + body
        } catch {
            throw .cryptoFailure
        }
    }

    /// Checks and opens a sealed file of the expected kind. The header is
    /// checked first (cheap, and a clearer message), then the tag over
    /// header and ciphertext.
    public static func open(_ bytes: [UInt8], kind: SealedKind, key: SecretKey) throws(SealedError) -> SecureBytes {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(magic) else {
            // Too short to tell, or not ours.
            throw bytes.count < overhead && magic.starts(with: bytes.prefix(8)) ? .truncated(length: bytes.count) : .notSealed
        }
        guard bytes.count >= overhead else { throw .truncated(length: bytes.count) }
        guard bytes[8] == version else { throw .unsupportedVersion(bytes[8]) }
        guard let found = SealedKind(rawValue: bytes[9]) else { throw .unknownKind(bytes[9]) }
        guard found == kind else { throw .wrongKind(expected: kind, found: found) }
        let header = bytes[0..<headerSize]
        let nonce = bytes[10..<headerSize]
        let ciphertext = bytes[headerSize..<(bytes.count - AESGCM.tagSize)]
        let tag = bytes[(bytes.count - AESGCM.tagSize)...]
        do throws(AESGCM.Failure) {
            return try key.bytes.withUnsafeBytes { (k) throws(AESGCM.Failure) in
                try AESGCM.open(ciphertext, tag: tag, key: k, nonce: nonce, aad: header)
            }
        } catch {
            throw error == .authentication ? .authenticationFailed : .cryptoFailure
        }
    }
}
