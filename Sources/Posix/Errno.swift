#if canImport(Glibc)
import Glibc
#endif

/// An errno value as a type, so failures travel as values and are mapped to
/// a number only where a number is needed (the FUSE boundary, exit codes).
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current errno.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let ioError = Errno(rawValue: EIO)
    public static let readOnlyFileSystem = Errno(rawValue: EROFS)
    public static let notDirectory = Errno(rawValue: ENOTDIR)
    public static let isDirectory = Errno(rawValue: EISDIR)
    public static let interrupted = Errno(rawValue: EINTR)
    public static let tooManySymlinks = Errno(rawValue: ELOOP)
    public static let noAttribute = Errno(rawValue: ENODATA)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let timedOut = Errno(rawValue: ETIMEDOUT)

    public var description: String {
        guard let s = strerror(rawValue) else { return "errno \(rawValue)" }
        return String(cString: s)
    }
}

/// Runs a syscall, retrying on EINTR. Never use it for close(2): a close that
/// was interrupted has still released the descriptor on Linux.
@inline(__always)
public func retryOnInterrupt<T: BinaryInteger>(_ body: () -> T) -> Result<T, Errno> {
    while true {
        let r = body()
        if r >= 0 { return .success(r) }
        let e = Errno.current
        if e != .interrupted { return .failure(e) }
    }
}
