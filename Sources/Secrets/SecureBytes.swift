#if canImport(Glibc)
import Glibc
#endif
import CCrypto

/// Secret bytes (a key, a decrypted plaintext) in memory of their own:
/// locked against swapping where the system allows it, and wiped with
/// `OPENSSL_cleanse` when the owner dies. Copy them out as little as
/// possible: a Swift `Array` or `String` made from them is not wiped.
///
/// The bytes are written only while the value is being built (inside this
/// module); afterwards the object is read-only and may be shared between
/// threads.
public final class SecureBytes: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let locked: Bool
    /// The number of bytes.
    public let count: Int

    /// Zeroed secure memory of `count` bytes.
    init(zeroedCount count: Int) {
        precondition(count >= 0)
        self.count = count
        // At least one byte, so there is always a real pointer.
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
        // Best effort: RLIMIT_MEMLOCK may be small; the wipe still happens.
        locked = count > 0 && mlock(base, count) == 0
    }

    /// A secure copy of `bytes`. The caller should wipe its own copy.
    public convenience init(copying bytes: some Collection<UInt8>) {
        self.init(zeroedCount: bytes.count)
        var i = 0
        for b in bytes {
            base.storeBytes(of: b, toByteOffset: i, as: UInt8.self)
            i += 1
        }
    }

    deinit {
        OPENSSL_cleanse(base, max(count, 1))
        if locked { munlock(base, count) }
        base.deallocate()
    }

    /// Reads the bytes without copying them out.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Writes the bytes; for building the value inside this module only.
    func withUnsafeMutableBytes<R, E: Error>(_ body: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    /// A shorter copy (the first `count` bytes), itself secure.
    func prefix(_ n: Int) -> SecureBytes {
        precondition(n >= 0 && n <= count)
        let out = SecureBytes(zeroedCount: n)
        if n > 0 { out.base.copyMemory(from: base, byteCount: n) }
        return out
    }

    /// Compares with other bytes in time that depends only on the lengths.
    /// (CRYPTO_memcmp)
    public func constantTimeEquals(_ other: some Collection<UInt8>) -> Bool {
        let o = Array(other)
        guard o.count == count else { return false }
        if count == 0 { return true }
        return o.withUnsafeBytes { CRYPTO_memcmp(base, $0.baseAddress, count) } == 0
    }
}

/// Wipes an array's bytes in place (its storage, when it is not shared).
/// (OPENSSL_cleanse)
public func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { p in
        if let b = p.baseAddress { OPENSSL_cleanse(b, p.count) }
    }
}

/// Random bytes from OpenSSL's CSPRNG (seeded from the OS). (RAND_bytes)
enum Random {
    static func fill(_ p: UnsafeMutableRawBufferPointer) -> Bool {
        guard p.count > 0 else { return true }
        let ok = RAND_bytes(p.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(p.count)) == 1
        if !ok { ERR_clear_error() }
        return ok
    }

    static func bytes(_ n: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: n)
        let ok = out.withUnsafeMutableBytes { fill($0) }
        return ok ? out : nil
    }
}
