#if canImport(Glibc)
import Glibc
#endif
import CCrypto

/// An OpenSSL cipher context, freed when its owner dies.
/// (EVP_CIPHER_CTX_new, EVP_CIPHER_CTX_free)
final class CipherContext {
    let raw: OpaquePointer

    init?() {
        guard let c = EVP_CIPHER_CTX_new() else {
            ERR_clear_error()
            return nil
        }
        raw = c
    }

    deinit { EVP_CIPHER_CTX_free(raw) }
}

/// AES-256-GCM with a 96-bit nonce and a 128-bit tag through OpenSSL's EVP
/// interface. The primitive only: the file format around it is `Sealed`.
/// Not public, because a caller that picks nonces can reuse one.
enum AESGCM {
    static let keySize = 32
    static let nonceSize = 12
    static let tagSize = 16

    enum Failure: Error, Equatable {
        /// OpenSSL refused an operation (out of memory, bad parameters).
        case library
        /// The tag did not match: ciphertext, nonce, tag, associated data or
        /// key differ from what was sealed.
        case authentication
    }

    /// Encrypts `plaintext` and authenticates it together with `aad`;
    /// returns ciphertext ‖ tag. (EVP_EncryptInit_ex, EVP_EncryptUpdate,
    /// EVP_EncryptFinal_ex, EVP_CTRL_GCM_GET_TAG)
    static func seal(
        _ plaintext: UnsafeRawBufferPointer, key: UnsafeRawBufferPointer,
        nonce: [UInt8], aad: [UInt8]
    ) throws(Failure) -> [UInt8] {
        precondition(key.count == keySize && nonce.count == nonceSize)
        guard plaintext.count <= Int(Int32.max) - 64, aad.count <= Int(Int32.max) else { throw .library }
        guard let ctx = CipherContext() else { throw .library }
        var out = [UInt8](repeating: 0, count: plaintext.count + tagSize)
        let ok: Bool = out.withUnsafeMutableBytes { o in
            let outp = o.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var n: Int32 = 0
            guard EVP_EncryptInit_ex(ctx.raw, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                  EVP_CIPHER_CTX_ctrl(ctx.raw, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
                  EVP_EncryptInit_ex(ctx.raw, nil, nil, key.bindMemory(to: UInt8.self).baseAddress, nonce) == 1
            else { return false }
            if !aad.isEmpty {
                guard EVP_EncryptUpdate(ctx.raw, nil, &n, aad, Int32(aad.count)) == 1 else { return false }
            }
            var written = 0
            if plaintext.count > 0 {
                guard EVP_EncryptUpdate(
                    ctx.raw, outp, &n,
                    plaintext.bindMemory(to: UInt8.self).baseAddress, Int32(plaintext.count)) == 1
                else { return false }
                written = Int(n)
            }
            guard EVP_EncryptFinal_ex(ctx.raw, outp + written, &n) == 1 else { return false }
            written += Int(n)
            guard written == plaintext.count else { return false }
            return EVP_CIPHER_CTX_ctrl(ctx.raw, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), outp + written) == 1
        }
        guard ok else {
            ERR_clear_error()
            throw .library
        }
        return out
    }

    /// Checks the tag over `aad` and `ciphertext` and decrypts into secure
    /// memory. Nothing decrypted is returned unless the tag matches.
    /// (EVP_DecryptInit_ex, EVP_DecryptUpdate, EVP_CTRL_GCM_SET_TAG,
    /// EVP_DecryptFinal_ex)
    static func open(
        _ ciphertext: ArraySlice<UInt8>, tag: ArraySlice<UInt8>, key: UnsafeRawBufferPointer,
        nonce: ArraySlice<UInt8>, aad: ArraySlice<UInt8>
    ) throws(Failure) -> SecureBytes {
        precondition(key.count == keySize && nonce.count == nonceSize && tag.count == tagSize)
        guard ciphertext.count <= Int(Int32.max) - 64, aad.count <= Int(Int32.max) else { throw .library }
        guard let ctx = CipherContext() else { throw .library }
        let out = SecureBytes(zeroedCount: ciphertext.count)
        var tagCopy = Array(tag)
        let nonceCopy = Array(nonce)
        let aadCopy = Array(aad)
        let ctCopy = Array(ciphertext)
        // 1: good, 0: bad tag, -1: library failure.
        let status: Int = out.withUnsafeMutableBytes { o in
            let outp = o.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var n: Int32 = 0
            guard EVP_DecryptInit_ex(ctx.raw, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                  EVP_CIPHER_CTX_ctrl(ctx.raw, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
                  EVP_DecryptInit_ex(ctx.raw, nil, nil, key.bindMemory(to: UInt8.self).baseAddress, nonceCopy) == 1
            else { return -1 }
            if !aadCopy.isEmpty {
                guard EVP_DecryptUpdate(ctx.raw, nil, &n, aadCopy, Int32(aadCopy.count)) == 1 else { return -1 }
            }
            var written = 0
            if !ctCopy.isEmpty {
                guard EVP_DecryptUpdate(ctx.raw, outp, &n, ctCopy, Int32(ctCopy.count)) == 1 else { return -1 }
                written = Int(n)
            }
            guard tagCopy.withUnsafeMutableBytes({
                EVP_CIPHER_CTX_ctrl(ctx.raw, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), $0.baseAddress)
            }) == 1 else { return -1 }
            guard EVP_DecryptFinal_ex(ctx.raw, outp + written, &n) > 0 else { return 0 }
            return written + Int(n) == ctCopy.count ? 1 : -1
        }
        wipe(&tagCopy)
        switch status {
        case 1: return out
        case 0:
            ERR_clear_error()
            throw .authentication
        default:
            ERR_clear_error()
            throw .library
        }
    }
}
