#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Seals the chunks of files that exist only while the mount runs (open
/// outputs moved out of memory when they pass the cache budget), under a
/// key made at random when the mount starts and never written anywhere.
/// A file left behind by a crash, or read by anyone while the mount runs,
/// is noise.
///
/// Each file gets a number of its own and each chunk its index; together
/// they are the AES-GCM nonce, so no nonce is ever used twice under the
/// key. The file number and chunk index are also the associated data: a
/// chunk moved within or between files does not open.
public final class SpillCipher: Sendable {
    /// Plaintext bytes per chunk; a chunk on disk is this plus the tag.
    public static let chunkSize = 64 << 10
    public static let tagSize = AESGCM.tagSize

    private let key: SecureBytes
    private let files = Atomic<UInt64>(0)

    public enum Failure: Error, Equatable {
        case random
        case library
        /// A chunk did not open: it was changed, moved or cut.
        case damaged
    }

    public init() throws(Failure) {
        guard let k = Random.bytes(AESGCM.keySize) else { throw .random }
        var raw = k
        key = SecureBytes(copying: raw)
        wipe(&raw)
    }

    /// One sealed file's chunks are numbered under a file number that is
    /// never handed out again.
    public struct Writer: ~Copyable {
        let cipher: SpillCipher
        public let file: UInt64
        private(set) var next: UInt32 = 0

        init(cipher: SpillCipher, file: UInt64) {
            self.cipher = cipher
            self.file = file
        }

        /// Seals the next chunk (at most `chunkSize` bytes): ciphertext ‖ tag.
        public mutating func seal(_ chunk: UnsafeRawBufferPointer) throws(Failure) -> [UInt8] {
            precondition(chunk.count <= SpillCipher.chunkSize)
            let index = next
            next += 1
            let (nonce, aad) = SpillCipher.nonce(file: file, chunk: index)
            do {
                return try cipher.key.withUnsafeBytes { k throws(AESGCM.Failure) in
                    try AESGCM.seal(chunk, key: k, nonce: nonce, aad: aad)
                }
            } catch { throw .library }
        }
    }

    /// A writer for a new file.
    public func writer() -> Writer {
        Writer(cipher: self, file: files.add(1, ordering: .relaxed).newValue)
    }

    /// Opens chunk `index` of `file` (ciphertext ‖ tag) into `out`, which
    /// must hold the plaintext (the sealed size less the tag).
    public func open(_ sealed: ArraySlice<UInt8>, file: UInt64, chunk index: UInt32) throws(Failure) -> SecureBytes {
        guard sealed.count >= Self.tagSize else { throw .damaged }
        let (nonce, aad) = Self.nonce(file: file, chunk: index)
        let split = sealed.endIndex - Self.tagSize
        do {
            return try key.withUnsafeBytes { k throws(AESGCM.Failure) in
                try AESGCM.open(sealed[sealed.startIndex..<split], tag: sealed[split...], key: k,
                                nonce: nonce[...], aad: aad[...])
            }
        } catch .authentication {
            throw .damaged
        } catch {
            throw .library
        }
    }

    static func nonce(file: UInt64, chunk: UInt32) -> (nonce: [UInt8], aad: [UInt8]) {
        var n = [UInt8](repeating: 0, count: 12)
        for i in 0..<8 { n[i] = UInt8((file >> (56 - 8 * UInt64(i))) & 0xFF) }
        for i in 0..<4 { n[8 + i] = UInt8((chunk >> (24 - 8 * UInt32(i))) & 0xFF) }
        return (n, Array("redactfs spill v1".utf8) + n)
    }
}
