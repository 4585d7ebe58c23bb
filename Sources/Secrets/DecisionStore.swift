#if canImport(Glibc)
import Glibc
#endif
import Posix
import RedactCore

/// Why the decision file could not be read or written. Messages name the
/// file, never what it holds.
public enum DecisionStoreError: Error, Equatable, Sendable {
    case unreadable(path: String, Errno)
    case notRegularFile(path: String)
    case tooLarge(path: String, size: Int64)
    case sealed(path: String, SealedError)
    case malformed(path: String, DecisionBook.DecodeError)
    case cannotLock(path: String, Errno)
    case cannotWrite(path: String, Errno)

    public var message: String {
        switch self {
        case .unreadable(let p, let e): return "cannot read the decision file \(p): \(e)"
        case .notRegularFile(let p): return "the decision file \(p) is not a regular file"
        case .tooLarge(let p, let n): return "the decision file \(p) is \(n) bytes, more than a decision file can be"
        case .sealed(let p, let e): return "the decision file \(p) \(e.message)"
        case .malformed(let p, let e): return "the decision file \(p) is authentic but malformed (\(e))"
        case .cannotLock(let p, let e): return "cannot lock \(p): \(e)"
        case .cannotWrite(let p, let e): return "cannot write the decision file \(p): \(e)"
        }
    }
}

/// Every document's review decisions, sealed with the user's key in one
/// file (`SealedKind.decisions`; layout in redactfs-decisions(5)). An
/// absent file is an empty book; a file that fails to open is never
/// overwritten and fails closed for every document. Writes replace the
/// file atomically under an exclusive lock on `<path>.lock`.
public struct DecisionStore: Sendable {
    public var path: String
    public static let maxFileSize = 1 << 27

    public init(path: String) { self.path = path }

    public var lockPath: String { path + ".lock" }

    public func load(key: SecretKey) throws(DecisionStoreError) -> DecisionBook {
        let sealed: [UInt8]
        switch SealedFileIO.read(path, maxSize: Self.maxFileSize) {
        case .success(let b): sealed = b
        case .failure(.notFound): return DecisionBook()
        case .failure(.unreadable(let e)): throw .unreadable(path: path, e)
        case .failure(.notRegularFile): throw .notRegularFile(path: path)
        case .failure(.tooLarge(let n)): throw .tooLarge(path: path, size: n)
        }
        let plain: SecureBytes
        do { plain = try Sealed.open(sealed, kind: .decisions, key: key) } catch { throw .sealed(path: path, error) }
        do { return try DecisionBook.decode(plain.withUnsafeBytes { Array($0) }) } catch { throw .malformed(path: path, error) }
    }

    /// Under the lock: loads the book, lets `body` change it, and writes it
    /// back (mode 0600) if it changed.
    public func modify(key: SecretKey, _ body: (inout DecisionBook) -> Void) throws(DecisionStoreError) {
        let lock: FileDescriptor
        switch SealedFileIO.lockExclusive(lockPath) {
        case .success(let fd): lock = fd
        case .failure(let e): throw .cannotLock(path: lockPath, e)
        }
        let before = try load(key: key)
        var book = before
        body(&book)
        if book != before {
            let sealed: [UInt8]
            do { sealed = try Sealed.seal(book.encoded(), kind: .decisions, key: key) } catch { throw .sealed(path: path, error) }
            do { try AtomicFile.write(sealed, to: path, mode: 0o600) } catch { throw .cannotWrite(path: path, error) }
        }
        withExtendedLifetime(lock) {}
    }
}

extension DocumentBinding {
    /// The binding of the file behind `fd`: its inode and birth time, and
    /// the SHA-256 of its content (read whole; only when `digest`).
    public static func of(_ fd: FileDescriptor, digest: Bool) throws(Errno) -> DocumentBinding {
        let st = try fd.status()
        let birth = try fd.birthTime()
        return DocumentBinding(device: st.device, inode: st.inode, birthSeconds: birth?.seconds ?? 0,
                               birthNanoseconds: birth?.nanoseconds ?? 0, size: UInt64(max(0, st.size)),
                               contentDigest: digest ? try Digest.sha256(of: fd) : [])
    }

    /// The decisions `book` holds for the file behind `fd`, if any: by its
    /// inode first, by its content only if none matches that way and an
    /// entry has its size. A file that cannot be read throws: the caller
    /// fails the document rather than serve it without its decisions.
    public static func decisions(in book: DecisionBook, for fd: FileDescriptor) throws(Errno) -> DocumentDecisions? {
        if book.documents.isEmpty { return nil }
        let file = try of(fd, digest: false)
        return try book.find(file, digest: { () throws(Errno) in try Digest.sha256(of: fd) })
    }
}
