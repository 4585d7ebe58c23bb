#if canImport(Glibc)
import Glibc
#endif
import CPosix

/// Process-wide protections that need no policy.
public enum Hardening {
    /// No core files, not dumpable or ptrace-able by other processes of the
    /// user, no privilege gain through exec, and die with the parent.
    /// (setrlimit RLIMIT_CORE, prctl PR_SET_DUMPABLE / NO_NEW_PRIVS / PDEATHSIG)
    public static func lockDownWorker() {
        var zero = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &zero)
        _ = rf_set_nondumpable()
        _ = rf_set_no_new_privs()
        _ = rf_set_parent_death_signal(SIGKILL)
    }

    /// The daemon itself: no core files (its memory holds the key and terms)
    /// and not dumpable.
    public static func lockDownDaemon() {
        var zero = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &zero)
        _ = rf_set_nondumpable()
    }
}

/// A pipe whose both ends close on exec. (pipe2 with O_CLOEXEC)
public func makePipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var fds: [Int32] = [0, 0]
    guard rf_pipe_cloexec(&fds) == 0 else { throw Errno.current }
    return (FileDescriptor(owning: fds[0]), FileDescriptor(owning: fds[1]))
}
