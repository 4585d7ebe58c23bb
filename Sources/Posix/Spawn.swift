#if canImport(Glibc)
import Glibc
#endif

/// Starting a helper process (a page worker, the office converter): this
/// executable re-run, with exactly the descriptors and environment given.
public enum Spawn {
    /// What one of the child's low descriptors is.
    public enum Descriptor: Sendable {
        /// A copy of this process's descriptor.
        case copy(Int32)
        /// /dev/null (for reading on 0, for writing elsewhere): what a
        /// library prints, with bytes of the document in it, goes nowhere.
        case devNull
    }

    /// Starts `executable` with `arguments` (the first is argv[0]) and only
    /// `environment`. Descriptors in `files` are set up as given; every other
    /// one of ours is close-on-exec. Signal dispositions are the defaults and
    /// none is blocked (the daemon ignores SIGPIPE and blocks signals in its
    /// threads; a child must not inherit that). With `ownGroup`, the child
    /// leads a process group of its own, so the whole group can be killed.
    /// Errors: posix_spawn's errno.
    public static func start(_ executable: String, arguments: [String], environment: [String],
                             files: [(Int32, Descriptor)], ownGroup: Bool = false) throws(Errno) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, d) in files {
            switch d {
            case .copy(let from): posix_spawn_file_actions_adddup2(&actions, from, fd)
            case .devNull: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attr, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attr, Int16(flags))
        var pid: pid_t = 0
        let rc = withCStrings(arguments) { a in withCStrings(environment) { e in posix_spawn(&pid, executable, &actions, &attr, a, e) } }
        guard rc == 0 else { throw Errno(rawValue: rc) }
        return pid
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
public func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let c = strings.map { strdup($0) } + [nil]
    defer { c.forEach { free($0) } }
    return body(c)
}
