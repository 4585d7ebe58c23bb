#if canImport(Glibc)
import Glibc
#endif
import Posix
import Secrets

/// An open output moved out of memory because open files alone held more
/// than the cache budget: its bytes sealed chunk by chunk (`SpillCipher`,
/// a key that lives only in this process) in an unnamed temporary file
/// that vanishes when the last handle closes, or when the daemon dies.
///
/// Reads open only the chunks they touch. The kernel's page cache in front
/// of the mount keeps what is read often; this file only bounds what the
/// daemon itself must hold.
final class SpillFile: Sendable {
    let size: Int
    let fd: FileDescriptor
    private let file: UInt64
    private let cipher: SpillCipher

    static let sealedChunk = SpillCipher.chunkSize + SpillCipher.tagSize

    /// Seals `bytes` into a new unnamed file in `directory`.
    init(_ bytes: [UInt8], directory: String, cipher: SpillCipher) throws(Errno) {
        fd = try FileDescriptor.unnamedTemporary(in: directory)
        size = bytes.count
        self.cipher = cipher
        var writer = cipher.writer()
        file = writer.file
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { all in
            var at = 0, index: Int64 = 0
            while at < all.count {
                let n = min(SpillCipher.chunkSize, all.count - at)
                let sealed: [UInt8]
                do { sealed = try writer.seal(UnsafeRawBufferPointer(rebasing: all[at..<(at + n)])) } catch {
                    return .failure(.ioError)
                }
                let wrote: Result<Void, Errno> = sealed.withUnsafeBytes { p in
                    do throws(Errno) {
                        try fd.writeAll(p, at: index * Int64(Self.sealedChunk))
                        return .success(())
                    } catch { return .failure(error) }
                }
                if case .failure = wrote { return wrote }
                at += n
                index += 1
            }
            return .success(())
        }
        try r.get()
    }

    /// Copies up to `count` bytes from `offset` into `buffer`; the number
    /// copied (0 at the end). A chunk that does not open fails with EIO.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(Errno) -> Int {
        guard offset >= 0, offset < size, count > 0 else { return 0 }
        let end = min(size, offset + count)
        var at = offset
        while at < end {
            let index = at / SpillCipher.chunkSize
            let chunkStart = index * SpillCipher.chunkSize
            let plain = min(SpillCipher.chunkSize, size - chunkStart)
            let sealed = try fd.read(count: plain + SpillCipher.tagSize, at: Int64(index) * Int64(Self.sealedChunk))
            let opened: SecureBytes
            do { opened = try cipher.open(sealed[...], file: file, chunk: UInt32(index)) } catch {
                throw .ioError
            }
            let from = at - chunkStart, n = min(end, chunkStart + plain) - at
            opened.withUnsafeBytes { p in
                (buffer + (at - offset)).copyMemory(from: p.baseAddress! + from, byteCount: n)
            }
            at += n
        }
        return end - offset
    }
}
