#if canImport(Glibc)
import Glibc
#endif
import CCrypto

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
