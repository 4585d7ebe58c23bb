#if canImport(Glibc)
import Glibc
#endif
import CPosix

/// File-status facts we use, copied out of `struct stat`.
public struct FileStatus: Sendable, Equatable {
    public var device: UInt64
    public var inode: UInt64
    public var mode: UInt32
    public var size: Int64
    public var mtime: timespec
    public var ctime: timespec
    public var uid: UInt32
    public var gid: UInt32
    public var nlink: UInt64

    public init(_ st: stat) {
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        mode = UInt32(st.st_mode)
        size = Int64(st.st_size)
        mtime = st.st_mtim
        ctime = st.st_ctim
        uid = st.st_uid
        gid = st.st_gid
        nlink = UInt64(st.st_nlink)
    }

    public var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    public var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    public var isSymlink: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFLNK) }

    public static func == (a: FileStatus, b: FileStatus) -> Bool {
        a.device == b.device && a.inode == b.inode && a.mode == b.mode && a.size == b.size
            && a.mtime.tv_sec == b.mtime.tv_sec && a.mtime.tv_nsec == b.mtime.tv_nsec
            && a.ctime.tv_sec == b.ctime.tv_sec && a.ctime.tv_nsec == b.ctime.tv_nsec
    }
}

/// An owned file descriptor, closed exactly once when the owner dies.
public final class FileDescriptor: @unchecked Sendable {
    public let rawValue: Int32
    private var released = false

    public init(owning fd: Int32) { rawValue = fd }

    deinit { if !released { _ = Glibc.close(rawValue) } }

    /// Gives up ownership: the caller now closes the descriptor.
    public func release() -> Int32 {
        released = true
        return rawValue
    }

    /// Opens `name` relative to this directory without following a final
    /// symlink and without ever becoming a controlling terminal. (openat(2))
    public func openAt(_ name: String, flags: Int32) throws(Errno) -> FileDescriptor {
        let r = retryOnInterrupt { Glibc.openat(rawValue, name, flags | O_CLOEXEC | O_NOCTTY) }
        switch r {
        case .success(let fd): return FileDescriptor(owning: fd)
        case .failure(let e): throw e
        }
    }

    /// `openAt` for a name given as its bytes (`FileName`).
    public func openAt(bytes name: [UInt8], flags: Int32) throws(Errno) -> FileDescriptor {
        let c = name.map { CChar(bitPattern: $0) } + [0]
        let r = retryOnInterrupt { Glibc.openat(rawValue, c, flags | O_CLOEXEC | O_NOCTTY) }
        switch r {
        case .success(let fd): return FileDescriptor(owning: fd)
        case .failure(let e): throw e
        }
    }

    /// `statusAt` for a name given as its bytes (`FileName`).
    public func statusAt(bytes name: [UInt8], followSymlink: Bool = false) throws(Errno) -> FileStatus {
        var st = stat()
        let c = name.map { CChar(bitPattern: $0) } + [0]
        let flags = followSymlink ? 0 : AT_SYMLINK_NOFOLLOW
        let r = retryOnInterrupt { Glibc.fstatat(rawValue, c, &st, flags) }
        if case .failure(let e) = r { throw e }
        return FileStatus(st)
    }

    /// Status of this descriptor. (fstat(2))
    public func status() throws(Errno) -> FileStatus {
        var st = stat()
        let r = retryOnInterrupt { Glibc.fstat(rawValue, &st) }
        if case .failure(let e) = r { throw e }
        return FileStatus(st)
    }

    /// When the file was created (statx STATX_BTIME), nil where the file
    /// system keeps no birth time.
    public func birthTime() throws(Errno) -> (seconds: Int64, nanoseconds: UInt32)? {
        var sec: Int64 = 0
        var nsec: UInt32 = 0
        let r = retryOnInterrupt { rf_birth_time(rawValue, &sec, &nsec) }
        if case .failure(let e) = r { throw e }
        return sec == 0 && nsec == 0 ? nil : (sec, nsec)
    }

    /// Status of `name` in this directory, not following a final symlink.
    /// (fstatat(2) with AT_SYMLINK_NOFOLLOW)
    public func statusAt(_ name: String, followSymlink: Bool = false) throws(Errno) -> FileStatus {
        var st = stat()
        let flags = followSymlink ? 0 : AT_SYMLINK_NOFOLLOW
        let r = retryOnInterrupt { Glibc.fstatat(rawValue, name, &st, flags) }
        if case .failure(let e) = r { throw e }
        return FileStatus(st)
    }

    /// Reads up to `count` bytes at `offset`. (pread(2))
    public func read(count: Int, at offset: Int64) throws(Errno) -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let r = buf.withUnsafeMutableBytes { p in
                retryOnInterrupt { Glibc.pread(rawValue, p.baseAddress! + got, count - got, off_t(offset) + off_t(got)) }
            }
            switch r {
            case .success(0): buf.removeSubrange(got...); return buf
            case .success(let n): got += n
            case .failure(let e): throw e
            }
        }
        return buf
    }

    /// Reads exactly `count` bytes from the current position, or fewer at end of file. (read(2))
    public func readFully(into p: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        var got = 0
        while got < p.count {
            let r = retryOnInterrupt { Glibc.read(rawValue, p.baseAddress! + got, p.count - got) }
            switch r {
            case .success(0): return got
            case .success(let n): got += n
            case .failure(let e): throw e
            }
        }
        return got
    }

    /// Writes all bytes, retrying short writes. (write(2))
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var done = 0
        while done < bytes.count {
            let r = retryOnInterrupt { Glibc.write(rawValue, bytes.baseAddress! + done, bytes.count - done) }
            switch r {
            case .success(let n): done += n
            case .failure(let e): throw e
            }
        }
    }

    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { p in
            do throws(Errno) { try writeAll(p); return .success(()) } catch { return .failure(error) }
        }
        try r.get()
    }

    /// The entry names of this directory, without "." and "..", sorted
    /// bytewise so every listing is deterministic. (fdopendir(3), readdir(3))
    public func directoryEntries() throws(Errno) -> [String] {
        try directoryEntryBytes().map { String(decoding: $0, as: UTF8.self) }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The names in this directory as their bytes, "." and ".." left out,
    /// in byte order. (Not every name is UTF-8: see `FileName`.)
    public func directoryEntryBytes() throws(Errno) -> [[UInt8]] {
        let dupfd = Glibc.fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
        guard dupfd >= 0 else { throw Errno.current }
        guard let dir = Glibc.fdopendir(dupfd) else {
            let e = Errno.current
            _ = Glibc.close(dupfd)
            throw e
        }
        defer { Glibc.closedir(dir) }
        Glibc.rewinddir(dir)
        var names: [[UInt8]] = []
        while let ent = Glibc.readdir(dir) {
            let name: [UInt8] = withUnsafePointer(to: ent.pointee.d_name) { p in
                p.withMemoryRebound(to: UInt8.self, capacity: 256) { q in
                    Array(UnsafeBufferPointer(start: q, count: strlen(UnsafeRawPointer(q).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The target of the symlink `name` in this directory. (readlinkat(2))
    public func readLinkAt(_ name: String) throws(Errno) -> String {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = Glibc.readlinkat(rawValue, name, &buf, buf.count - 1)
        guard n >= 0 else { throw Errno.current }
        buf[n] = 0
        return String(cString: buf)
    }

    /// An unnamed file in `directory`, mode 0600, for reading and writing,
    /// that no one can ever link into the tree: it vanishes when closed,
    /// even after a crash. (open(2) with O_TMPFILE | O_EXCL)
    public static func unnamedTemporary(in directory: String) throws(Errno) -> FileDescriptor {
        let r = retryOnInterrupt { rf_open_unnamed_temporary(directory) }
        switch r {
        case .success(let fd): return FileDescriptor(owning: fd)
        case .failure(let e): throw e
        }
    }

    /// Writes all bytes at `offset`, retrying short writes. (pwrite(2))
    public func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(Errno) {
        var done = 0
        while done < bytes.count {
            let r = retryOnInterrupt {
                Glibc.pwrite(rawValue, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            switch r {
            case .success(let n): done += n
            case .failure(let e): throw e
            }
        }
    }

    /// `open` for a path given as its bytes.
    public static func open(bytes path: [UInt8], flags: Int32) throws(Errno) -> FileDescriptor {
        let c = path.map { CChar(bitPattern: $0) } + [0]
        let r = retryOnInterrupt { Glibc.open(c, flags | O_CLOEXEC | O_NOCTTY) }
        switch r {
        case .success(let fd): return FileDescriptor(owning: fd)
        case .failure(let e): throw e
        }
    }

    /// Opens a path (absolute, or relative to the working directory).
    public static func open(_ path: String, flags: Int32) throws(Errno) -> FileDescriptor {
        let r = retryOnInterrupt { Glibc.open(path, flags | O_CLOEXEC | O_NOCTTY) }
        switch r {
        case .success(let fd): return FileDescriptor(owning: fd)
        case .failure(let e): throw e
        }
    }
}
