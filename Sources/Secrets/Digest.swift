#if canImport(Glibc)
import Glibc
#endif
import CCrypto
import Posix

/// SHA-256 and HMAC-SHA256, one-shot. For identities that must be compared
/// or used as names, never for sealing (that is `Sealed`).
public enum Digest {
    public static let size = 32

    /// SHA-256 of `bytes`. (EVP_Digest with EVP_sha256)
    public static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var n: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { o in
            EVP_Digest(bytes.baseAddress ?? UnsafeRawPointer(o.baseAddress!), bytes.count, o.baseAddress, &n, EVP_sha256(), nil)
        }
        // Only an allocation failure inside OpenSSL can fail a digest.
        precondition(ok == 1 && n == UInt32(size), "SHA-256 failed")
        return out
    }

    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// SHA-256 of everything `fd` holds, read in 1 MiB pieces from offset 0.
    /// (EVP_DigestInit_ex, EVP_DigestUpdate, EVP_DigestFinal_ex)
    public static func sha256(of fd: FileDescriptor) throws(Errno) -> [UInt8] {
        guard let ctx = EVP_MD_CTX_new() else { preconditionFailure("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(ctx) }
        precondition(EVP_DigestInit_ex(ctx, EVP_sha256(), nil) == 1, "SHA-256 failed")
        var at: Int64 = 0
        while true {
            let piece = try fd.read(count: 1 << 20, at: at)
            if piece.isEmpty { break }
            piece.withUnsafeBytes { p in precondition(EVP_DigestUpdate(ctx, p.baseAddress, p.count) == 1, "SHA-256 failed") }
            at += Int64(piece.count)
        }
        var out = [UInt8](repeating: 0, count: size)
        var n: UInt32 = 0
        precondition(EVP_DigestFinal_ex(ctx, &out, &n) == 1 && n == UInt32(size), "SHA-256 failed")
        return out
    }

    /// HMAC-SHA256 of `message` under `key`. (EVP_Q_mac)
    static func hmac(key: UnsafeRawBufferPointer, _ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        var n = 0
        let r = message.withUnsafeBufferPointer { m in
            out.withUnsafeMutableBufferPointer { o in
                EVP_Q_mac(nil, "HMAC", nil, "SHA256", nil, key.baseAddress, key.count,
                          m.baseAddress ?? UnsafePointer(o.baseAddress!), m.count, o.baseAddress, size, &n)
            }
        }
        if r == nil { ERR_clear_error() }
        precondition(r != nil && n == size, "HMAC-SHA256 failed")
        return out
    }
}

extension SecretKey {
    /// HMAC-SHA256 of `message` under this key.
    public func authenticate(_ message: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { Digest.hmac(key: $0, message) }
    }

    /// A subkey for one purpose: HMAC-SHA256(key, "redactfs " + label).
    /// Keys for different labels are independent, and none reveals this key.
    public func derived(_ label: String) -> SecretKey {
        var raw = authenticate(Array(("redactfs " + label).utf8))
        defer { wipe(&raw) }
        return SecretKey(secure: SecureBytes(copying: raw))
    }
}
