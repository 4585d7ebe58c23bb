#if canImport(Glibc)
import Glibc
#endif
import Posix

/// Why the term file could not be read or written. Messages name the file
/// and the fix; they never contain a term.
public enum TermStoreError: Error, Equatable, Sendable {
    case notFound(path: String)
    case unreadable(path: String, Errno)
    case notRegularFile(path: String)
    case tooLarge(path: String, size: Int64)
    case sealed(path: String, SealedError)
    case malformed(path: String, TermCodecError)
    /// The list built by `modify` cannot be stored (empty or overlong
    /// text, too many terms).
    case invalidTerms(String)
    case cannotLock(path: String, Errno)
    case cannotWrite(path: String, Errno)

    public var message: String {
        switch self {
        case .notFound(let p):
            return "no term file at \(p); create one with 'redactfs init' or name it with --terms-file"
        case .unreadable(let p, let e):
            return "cannot read the term file \(p): \(e)"
        case .notRegularFile(let p):
            return "the term file \(p) is not a regular file"
        case .tooLarge(let p, let n):
            return "the term file \(p) is \(n) bytes, more than a term file can be (\(TermStore.maxFileSize)); it is not a term file"
        case .sealed(let p, .authenticationFailed):
            return "the term file \(p) \(SealedError.authenticationFailed.message). "
                + "Check that the right key is used (--key-file), or restore the file from a backup"
        case .sealed(let p, let e):
            return "the term file \(p) \(e.message)"
        case .malformed(let p, let e):
            return "the term file \(p) is authentic but malformed: \(e.message)"
        case .invalidTerms(let why):
            return "the term list cannot be stored: \(why)"
        case .cannotLock(let p, let e):
            return "cannot lock \(p): \(e)"
        case .cannotWrite(let p, let e):
            return "cannot write the term file \(p): \(e)"
        }
    }
}

/// The sealed always-redact term list on disk (format: redactfs-terms(5)).
/// Reads need no lock (writes replace the file atomically); every
/// read-modify-write holds an exclusive flock(2) on `<path>.lock`, so two
/// writers at once lose neither's change.
public struct TermStore: Sendable {
    public var path: String
    /// The largest sealed term file accepted.
    public static let maxFileSize = 1 << 27

    public init(path: String) { self.path = path }

    /// The lock file next to the term file (never deleted: deleting a lock
    /// file lets two writers hold "the" lock at once).
    public var lockPath: String { path + ".lock" }

    /// Whether something exists at `path`.
    public func exists() -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Reads, authenticates and decodes the term list.
    public func load(key: SecretKey) throws(TermStoreError) -> [Term] {
        let sealed = try readSealed()
        let plain: SecureBytes
        do { plain = try Sealed.open(sealed, kind: .terms, key: key) } catch { throw .sealed(path: path, error) }
        do { return try TermCodec.decode(plain) } catch { throw .malformed(path: path, error) }
    }

    /// Replaces the file with a sealed empty list (for `redactfs init`).
    public func create(key: SecretKey) throws(TermStoreError) {
        let lock = try lockExclusive()
        try store([], key: key)
        withExtendedLifetime(lock) {}
    }

    /// Under the lock: loads the list (an absent file is an empty list),
    /// lets `body` change it, and writes it back atomically (mode 0600) if
    /// it changed. A file that fails to open is never overwritten.
    public func modify(key: SecretKey, _ body: (inout [Term]) -> Void) throws(TermStoreError) {
        let lock = try lockExclusive()
        let before: [Term]
        do { before = try load(key: key) } catch .notFound { before = [] }
        var terms = before
        body(&terms)
        if terms != before { try store(terms, key: key) }
        withExtendedLifetime(lock) {}
    }

    private func store(_ terms: [Term], key: SecretKey) throws(TermStoreError) {
        guard terms.count <= Term.maxCount else { throw .invalidTerms("more than \(Term.maxCount) terms") }
        for (i, t) in terms.enumerated() {
            let ok = Array(t.text.utf8).withUnsafeBytes { p in
                p.count >= 1 && p.count <= Term.maxBytes && TermCodec.validText(p) != nil
            }
            guard ok else {
                throw .invalidTerms("term \(i + 1) is empty, longer than \(Term.maxBytes) bytes, or holds control characters")
            }
        }
        let plain = TermCodec.encode(terms)
        let sealed: [UInt8]
        do { sealed = try Sealed.seal(plain, kind: .terms, key: key) } catch { throw .sealed(path: path, error) }
        do { try AtomicFile.write(sealed, to: path, mode: 0o600) } catch { throw .cannotWrite(path: path, error) }
    }

    private func readSealed() throws(TermStoreError) -> [UInt8] {
        switch SealedFileIO.read(path, maxSize: TermStore.maxFileSize) {
        case .success(let b): return b
        case .failure(.notFound): throw .notFound(path: path)
        case .failure(.unreadable(let e)): throw .unreadable(path: path, e)
        case .failure(.notRegularFile): throw .notRegularFile(path: path)
        case .failure(.tooLarge(let n)): throw .tooLarge(path: path, size: n)
        }
    }

    private func lockExclusive() throws(TermStoreError) -> FileDescriptor {
        switch SealedFileIO.lockExclusive(lockPath) {
        case .success(let fd): return fd
        case .failure(let e): throw .cannotLock(path: lockPath, e)
        }
    }
}

/// Reading a sealed file and locking it for a read-modify-write: shared by
/// the term file and the decision file.
enum SealedFileIO {
    enum ReadFailure: Error {
        case notFound
        case unreadable(Errno)
        case notRegularFile
        case tooLarge(Int64)
    }

    static func read(_ path: String, maxSize: Int) -> Result<[UInt8], ReadFailure> {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK) } catch {
            return .failure(error == .noSuchFileOrDirectory ? .notFound : .unreadable(error))
        }
        let st: FileStatus
        do { st = try fd.status() } catch { return .failure(.unreadable(error)) }
        guard st.isRegular else { return .failure(.notRegularFile) }
        guard st.size <= Int64(maxSize) else { return .failure(.tooLarge(st.size)) }
        do { return .success(try fd.read(count: Int(st.size), at: 0)) } catch { return .failure(.unreadable(error)) }
    }

    /// Opens (creating, mode 0600) the lock file and waits for an exclusive
    /// lock, held until the returned descriptor is closed. The lock file is
    /// never deleted: deleting one lets two writers hold "the" lock at once.
    /// (open(2), flock(2) LOCK_EX)
    static func lockExclusive(_ lp: String) -> Result<FileDescriptor, Errno> {
        let opened = retryOnInterrupt { open(lp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600) }
        let fd: FileDescriptor
        switch opened {
        case .success(let raw): fd = FileDescriptor(owning: raw)
        case .failure(let e): return .failure(e)
        }
        if case .failure(let e) = retryOnInterrupt({ flock(fd.rawValue, LOCK_EX) }) { return .failure(e) }
        return .success(fd)
    }
}
