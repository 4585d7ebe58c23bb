#if canImport(Glibc)
import Glibc
#endif
import CPosix

/// Process-wide protections that need no policy.
public enum Hardening {
    /// Resource caps for a worker. The wall-clock deadline is the parent's;
    /// these catch what a deadline cannot (a decompression bomb that eats
    /// memory in a second) and back it up (CPU).
    public struct WorkerLimits: Sendable, Equatable {
        /// Address space. Tesseract at 300 dpi and poppler on big pages stay
        /// well under 1.5 GiB; a hostile document that wants more fails.
        public var addressSpaceBytes: UInt64 = 3 << 30
        public var cpuSeconds: UInt64 = 600
        public var openFiles: UInt64 = 256
        public init() {}
    }

    /// Syscalls a parser and renderer never needs. Denied with EPERM: the
    /// network (DESIGN: no socket), running programs, debugging or reading
    /// other processes, changing the file system, and kernel facilities with
    /// a record of privilege-escalation bugs.
    ///
    /// This is a deny-list, not an allow-list: poppler, cairo, fontconfig,
    /// leptonica and tesseract call a wide and version-dependent set of
    /// syscalls, and a missing allow entry kills a worker on a user's
    /// machine. What is listed here is exactly what an attacker who owns a
    /// worker would need to leak or persist anything.
    public static let deniedSyscalls: [String] = [
        // network
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
        "sendto", "sendmsg", "sendmmsg", "recvfrom", "recvmsg", "recvmmsg",
        // other programs and processes
        "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
        "kill", "tkill", "pidfd_open", "pidfd_getfd", "pidfd_send_signal",
        // the file system (opens for writing are refused separately)
        "creat", "rename", "renameat", "renameat2", "unlink", "unlinkat", "rmdir", "mkdir", "mkdirat",
        "link", "linkat", "symlink", "symlinkat", "truncate", "chmod", "fchmod", "fchmodat",
        "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat",
        "mknod", "mknodat", "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr",
        "fremovexattr", "name_to_handle_at", "open_by_handle_at",
        // namespaces, mounts and kernel facilities
        "mount", "umount2", "pivot_root", "chroot", "setns", "unshare", "move_mount", "fsopen",
        "fsmount", "open_tree", "bpf", "perf_event_open", "userfaultfd", "io_uring_setup",
        "io_uring_enter", "io_uring_register", "keyctl", "add_key", "request_key",
        "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
        "reboot", "swapon", "swapoff", "acct", "quotactl", "settimeofday", "clock_settime",
        "adjtimex", "sethostname", "setdomainname", "iopl", "ioperm", "personality",
    ]

    /// No core files, not dumpable or ptrace-able by other processes of the
    /// user, no privilege gain through exec, die with the parent; resource
    /// caps; then the seccomp filter. Returns false if the filter could not
    /// be installed: the caller must then refuse to parse anything.
    /// (setrlimit, prctl PR_SET_DUMPABLE / NO_NEW_PRIVS / PDEATHSIG, seccomp)
    @discardableResult
    public static func lockDownWorker(_ limits: WorkerLimits = WorkerLimits()) -> Bool {
        setLimit(RLIMIT_CORE, 0)
        setLimit(RLIMIT_AS, limits.addressSpaceBytes)
        setLimit(RLIMIT_CPU, limits.cpuSeconds)
        setLimit(RLIMIT_NOFILE, limits.openFiles)
        // A write to a file fails with EFBIG instead of killing the worker
        // with SIGXFSZ; pipes (our stdout) are not files and are unaffected.
        signal(SIGXFSZ, SIG_IGN)
        setLimit(RLIMIT_FSIZE, 0)
        _ = rf_set_nondumpable()
        guard rf_set_no_new_privs() == 0 else { return false }
        _ = rf_set_parent_death_signal(SIGKILL)
        let names = deniedSyscalls.map { strdup($0) }
        defer { names.forEach { free($0) } }
        let rc = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { buf in
            rf_sandbox_deny(buf.baseAddress, Int32(buf.count), EPERM)
        }
        return rc == 0
    }

    /// The daemon itself: no core files (its memory holds the key and terms)
    /// and not dumpable.
    public static func lockDownDaemon() {
        setLimit(RLIMIT_CORE, 0)
        _ = rf_set_nondumpable()
    }

    private static func setLimit(_ resource: __rlimit_resource, _ value: UInt64) {
        var current = rlimit()
        getrlimit(__rlimit_resource_t(resource.rawValue), &current)
        // Never raise a limit someone already lowered.
        let v = min(rlim_t(value), current.rlim_max)
        var l = rlimit(rlim_cur: v, rlim_max: v)
        setrlimit(__rlimit_resource_t(resource.rawValue), &l)
    }
}

/// A pipe whose both ends close on exec. (pipe2 with O_CLOEXEC)
public func makePipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var fds: [Int32] = [0, 0]
    guard rf_pipe_cloexec(&fds) == 0 else { throw Errno.current }
    return (FileDescriptor(owning: fds[0]), FileDescriptor(owning: fds[1]))
}
