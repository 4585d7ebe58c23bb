#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that a crash at any moment leaves either the old
/// file or the new one: a temporary file in the same folder, fsync, rename
/// over the target, fsync of the folder.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(Errno) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let dirFD = try FileDescriptor.open(dir.isEmpty ? "/" : dir, flags: O_RDONLY | O_DIRECTORY)
        try write(bytes, named: base, in: dirFD, mode: mode)
    }

    /// The same, for `name` in an open directory. With `removingStale`,
    /// temporaries of `name` left by killed writers go first; a caller that
    /// writes many names into one big folder may clean up its own way
    /// instead of listing the folder on every write.
    public static func write(_ bytes: [UInt8], named base: String, in dirFD: FileDescriptor, mode: mode_t,
                             removingStale: Bool = true) throws(Errno) {
        if removingStale { removeStale(base: base, in: dirFD) }
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        // Unique enough with O_EXCL: a clash fails instead of overwriting.
        // Created with mode 0, so nobody else can open it before fchmod.
        let tmp = temporaryName(for: base) + "\(getpid())-\(ts.tv_sec)\(ts.tv_nsec)"
        let fd = try dirFD.openAt(tmp, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
        do throws(Errno) {
            guard fchmod(fd.rawValue, mode) == 0 else { throw Errno.current }
            try fd.writeAll(bytes)
            guard fsync(fd.rawValue) == 0 else { throw Errno.current }
            guard renameat(dirFD.rawValue, tmp, dirFD.rawValue, base) == 0 else { throw Errno.current }
        } catch {
            unlinkat(dirFD.rawValue, tmp, 0)
            throw error
        }
        _ = fsync(dirFD.rawValue)
    }

    /// The prefix of every temporary written for `base`: a dotfile, so
    /// listings that skip dotfiles never show it.
    public static func temporaryName(for base: String) -> String { ".\(base).tmp-" }

    /// Whether `name` is a temporary of this writer (of any base).
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-")
    }

    /// Removes temporary files of `base` left by writers that were killed
    /// between creating and renaming them (their process is gone). A live
    /// writer's file is left alone, whoever it is.
    static func removeStale(base: String, in dirFD: FileDescriptor) {
        let prefix = temporaryName(for: base)
        guard let names = try? dirFD.directoryEntries() else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlinkat(dirFD.rawValue, name, 0)
            }
        }
    }
}
