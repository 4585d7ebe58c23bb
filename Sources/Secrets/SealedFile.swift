#if canImport(Glibc)
import Glibc
#endif
import Posix
import Synchronization

/// Bytes the daemon would rather not hold in memory, kept in an unnamed
/// temporary file (it vanishes with its last descriptor, or when the daemon
/// dies), sealed chunk by chunk under a `SpillCipher`: the compressed pages
/// of a long render in flight, and outputs that pass the memory budget.
///
/// It is appended to, and can be read back at any time: bytes of the last,
/// unfilled chunk are still in memory (at most one chunk). `close()` seals
/// that chunk too. A chunk that does not open (the file was changed under
/// us) fails the read with EIO; nothing unsealed is ever returned.
public final class SealedFile: @unchecked Sendable {
    public static let sealedChunk = SpillCipher.chunkSize + SpillCipher.tagSize

    private let fd: FileDescriptor
    private let cipher: SpillCipher
    private let file: UInt64
    private struct State {
        var tail: [UInt8] = []
        /// Chunks sealed and written so far.
        var chunks = 0
        var size = 0
        var closed = false
    }
    private let state = Mutex(State())
    /// Only touched under `state`'s lock (it is ~Copyable, so it can't
    /// live inside `State`).
    private var writer: SpillCipher.Writer

    public init(directory: String, cipher: SpillCipher) throws(Errno) {
        fd = try FileDescriptor.unnamedTemporary(in: directory)
        self.cipher = cipher
        writer = cipher.writer()
        file = writer.file
    }

    /// A file holding `bytes`, closed.
    public convenience init(_ bytes: [UInt8], directory: String, cipher: SpillCipher) throws(Errno) {
        try self.init(directory: directory, cipher: cipher)
        _ = try append(bytes)
        try close()
    }

    /// Bytes appended so far.
    public var size: Int { state.withLock { $0.size } }

    /// Appends `bytes`; where they now stand.
    public func append(_ bytes: [UInt8]) throws(Errno) -> Range<Int> {
        try state.withLock { s throws(Errno) -> Range<Int> in
            precondition(!s.closed, "append to a closed sealed file")
            let at = s.size
            s.tail.append(contentsOf: bytes)
            s.size += bytes.count
            var used = 0
            while s.tail.count - used >= SpillCipher.chunkSize {
                try sealChunk(&s, from: used, count: SpillCipher.chunkSize)
                used += SpillCipher.chunkSize
            }
            if used > 0 { s.tail.removeFirst(used) }
            return at..<(at + bytes.count)
        }
    }

    /// Seals what is left; the file takes no more bytes.
    public func close() throws(Errno) {
        try state.withLock { s throws(Errno) in
            guard !s.closed else { return }
            if !s.tail.isEmpty { try sealChunk(&s, from: 0, count: s.tail.count) }
            s.tail = []
            s.closed = true
        }
    }

    private func sealChunk(_ s: inout State, from: Int, count: Int) throws(Errno) {
        let sealed: [UInt8]
        do {
            sealed = try s.tail.withUnsafeBytes { p throws(SpillCipher.Failure) in
                try writer.seal(UnsafeRawBufferPointer(rebasing: p[from..<(from + count)]))
            }
        } catch { throw .ioError }
        let at = Int64(s.chunks) * Int64(Self.sealedChunk)
        let wrote: Result<Void, Errno> = sealed.withUnsafeBytes { p in
            do throws(Errno) { try fd.writeAll(p, at: at); return .success(()) } catch { return .failure(error) }
        }
        try wrote.get()
        s.chunks += 1
    }

    /// The bytes at `range`.
    public func read(_ range: Range<Int>) throws(Errno) -> [UInt8] {
        if range.isEmpty { return [] }
        var out = [UInt8](repeating: 0, count: range.count)
        let r: Result<Int, Errno> = out.withUnsafeMutableBytes { p in
            do throws(Errno) { return .success(try read(into: p.baseAddress!, count: range.count, at: range.lowerBound)) } catch {
                return .failure(error)
            }
        }
        let n = try r.get()
        guard n == range.count else { throw .ioError }
        return out
    }

    /// Copies up to `count` bytes from `offset` into `buffer`; the number
    /// copied (0 at the end).
    public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(Errno) -> Int {
        // What is sealed already never changes; only the tail needs the lock.
        let (size, chunks, tail) = state.withLock { s in
            (s.size, s.chunks, offset + count > s.chunks * SpillCipher.chunkSize ? s.tail : [])
        }
        guard offset >= 0, offset < size, count > 0 else { return 0 }
        let end = min(size, offset + count)
        var at = offset
        while at < end {
            let index = at / SpillCipher.chunkSize
            let chunkStart = index * SpillCipher.chunkSize
            if index >= chunks {
                let n = end - at
                tail.withUnsafeBytes { p in
                    (buffer + (at - offset)).copyMemory(from: p.baseAddress! + (at - chunkStart), byteCount: n)
                }
                at += n
                continue
            }
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

    /// The raw file, for tests that look at what is on disk.
    public func rawBytes() throws(Errno) -> [UInt8] {
        let chunks = state.withLock { $0.chunks }
        return try fd.read(count: chunks * Self.sealedChunk, at: 0)
    }

    /// Writes `raw` over the file, for tests that tamper with it.
    func overwriteForTests(_ raw: [UInt8]) throws(Errno) {
        let r: Result<Void, Errno> = raw.withUnsafeBytes { p in
            do throws(Errno) { try fd.writeAll(p, at: 0); return .success(()) } catch { return .failure(error) }
        }
        try r.get()
    }
}
