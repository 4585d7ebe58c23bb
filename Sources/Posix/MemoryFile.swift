#if canImport(Glibc)
import Glibc
#endif
import CPosix

/// An anonymous file in memory (memfd_create): no name in any file system,
/// gone when its last descriptor closes, never on disk. Sealed once
/// written, so no one can change what a worker reads.
public enum MemoryFile {
    static let closeOnExec: UInt32 = 0x1      // MFD_CLOEXEC
    static let allowSealing: UInt32 = 0x2     // MFD_ALLOW_SEALING
    static let addSeals: Int32 = 1033         // F_ADD_SEALS
    /// F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE
    static let allSeals: Int32 = 0x1 | 0x2 | 0x4 | 0x8

    /// A new, empty memory file, close-on-exec, that can be sealed.
    public static func create(_ name: String) throws(Errno) -> FileDescriptor {
        let fd = rf_memfd_create(name, closeOnExec | allowSealing)
        guard fd >= 0 else { throw Errno.current }
        return FileDescriptor(owning: fd)
    }

    /// Copies all of `source` (from its start, whatever its offset) into
    /// the empty memory file `file`, leaving both offsets where they were.
    /// Returns the bytes copied; EFBIG past `max` (a source that grows
    /// while it is copied must not fill memory).
    public static func fill(_ file: FileDescriptor, from source: FileDescriptor, max: Int64) throws(Errno) -> Int64 {
        var at: Int64 = 0
        while true {
            let piece = try source.read(count: 1 << 20, at: at)
            if piece.isEmpty { return at }
            guard at + Int64(piece.count) <= max else { throw Errno(rawValue: EFBIG) }
            var failure: Errno?
            piece.withUnsafeBytes { b in
                do throws(Errno) { try file.writeAll(b, at: at) } catch { failure = error }
            }
            if let failure { throw failure }
            at += Int64(piece.count)
        }
    }

    /// No more writes, growth or shrinking, ever.
    public static func seal(_ file: FileDescriptor) throws(Errno) {
        guard fcntl(file.rawValue, addSeals, allSeals) == 0 else { throw Errno.current }
    }
}
