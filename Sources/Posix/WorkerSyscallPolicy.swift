#if canImport(Glibc)
import Glibc
#endif

/// One entry of the worker's seccomp filter: what a syscall returns, always
/// or when one argument matches. Plain values, so the policy can be read and
/// checked without installing it.
public struct SyscallRule: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        case allow
        /// The call fails with this errno and does nothing.
        case fail(Int32)
    }

    public enum Condition: Sendable, Equatable {
        case always
        /// (argument & mask) == value
        case maskedEqual(arg: Int, mask: UInt64, value: UInt64)
        /// argument != value
        case notEqual(arg: Int, value: UInt64)
    }

    public var name: String
    public var result: Result
    public var condition: Condition

    public init(_ name: String, _ result: Result, _ condition: Condition = .always) {
        self.name = name
        self.result = result
        self.condition = condition
    }
}

/// The worker's seccomp filter as an allow-list (DESIGN, "Untrusted input").
///
/// Anything no rule names fails with `defaultErrno`, ENOSYS, rather than
/// killing the worker. Both stop the call; the difference is what happens to
/// an honest worker when a library update on the user's machine starts
/// calling something new. glibc and the libraries read ENOSYS as "this kernel
/// does not have it" and fall back (glibc from clone3 to clone and from
/// openat2 to openat, GLib from eventfd to a pipe) or report an ordinary
/// error, so the file is still served or fails alone; a kill would cost the user that file
/// every time, with nothing in the log but a dead worker. An attacker gains
/// nothing from the errno: the call did not happen either way.
///
/// What a hijacked parser would need to leak or persist anything keeps an
/// explicit EPERM (and EACCES for opens that write), so it reads as refused,
/// not missing, and tests can tell the two apart.
///
/// Argument checks where they are cheap and close a real path: threads but
/// no processes (clone), signals only to the worker itself (tgkill), no
/// signal routing to other processes (fcntl F_SETOWN/F_SETSIG), no changing
/// limits (prlimit64), no terminal ioctls such as TIOCSTI, a few prctl
/// options. Numeric values not taken from Glibc are Linux's generic ones
/// (x86_64, arm64, s390x); clone's flags are argument 1 on s390x, 0 elsewhere.
public enum WorkerSyscallPolicy {
    public static let defaultErrno: Int32 = ENOSYS

    /// Calls every worker makes or may make after the lock-down, found by
    /// running the integration suite (text PDFs, scans with OCR and OSD,
    /// every image format, damaged and hostile files) under strace, plus the
    /// harmless ones glibc, libgomp, fontconfig, poppler and tesseract reach
    /// on other paths or versions.
    public static let allowed: [String] = [
        // memory
        "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "mincore", "msync", "membarrier",
        // threads, waiting, time (threads are created with clone, checked below)
        "futex", "futex_waitv", "set_robust_list", "get_robust_list", "set_tid_address", "rseq",
        "sched_yield", "sched_getaffinity", "sched_getparam", "sched_getscheduler",
        "sched_get_priority_min", "sched_get_priority_max", "getcpu",
        "nanosleep", "clock_nanosleep", "clock_gettime", "clock_getres", "gettimeofday", "time",
        "getrusage", "times", "getitimer", "setitimer", "alarm", "exit", "exit_group", "restart_syscall",
        // wake-ups inside the process (GLib falls back from eventfd to a pipe
        // and aborts if neither exists)
        "eventfd", "eventfd2", "pipe", "pipe2",
        // signals to itself (tgkill is checked below)
        "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigpending", "rt_sigtimedwait",
        "rt_sigsuspend", "sigaltstack",
        // reading: descriptors it was handed, fonts, data files, /proc/self
        "read", "readv", "pread64", "preadv", "preadv2", "write", "writev",
        "close", "close_range", "lseek", "dup", "dup2", "dup3",
        "fstat", "stat", "lstat", "newfstatat", "statx", "fstatfs", "statfs",
        "access", "faccessat", "faccessat2", "readlink", "readlinkat", "getdents", "getdents64",
        "getcwd", "fadvise64", "readahead", "poll", "ppoll", "select", "pselect6",
        // who and where am I
        "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getresuid",
        "getresgid", "getgroups", "getpgrp", "getpgid", "getsid", "getpriority", "uname", "sysinfo",
        "getrlimit", "getrandom",
    ]

    /// Never needed by a parser or renderer: the network (DESIGN: no socket),
    /// running programs, debugging or reading other processes, changing the
    /// file system, and kernel facilities with a record of
    /// privilege-escalation bugs. They would fail under the default as well;
    /// they are listed to fail with EPERM, as refused.
    public static let denied: [String] = [
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

    // Linux UAPI values Swift's Glibc does not export (no _GNU_SOURCE).
    static let cloneThread: UInt64 = 0x0001_0000  // CLONE_THREAD
    static let fSetSig: UInt64 = 10, fGetSig: UInt64 = 11, fSetOwnEx: UInt64 = 15, fGetOwnEx: UInt64 = 16
    static let fOFDGetLk: UInt64 = 36, fOFDSetLk: UInt64 = 37, fOFDSetLkw: UInt64 = 38
    static let fGetLease: UInt64 = 1025, fSetPipeSize: UInt64 = 1031, fGetPipeSize: UInt64 = 1032
    static let fAddSeals: UInt64 = 1033, fGetSeals: UInt64 = 1034
    static let prGetDumpable: UInt64 = 3, prSetName: UInt64 = 15, prGetName: UInt64 = 16
    static let prGetNoNewPrivs: UInt64 = 39, prSetVMA: UInt64 = 0x5356_4D41

    /// Only the low 32 bits: `int` arguments may carry anything above them.
    static let int32Mask: UInt64 = 0xFFFF_FFFF

    /// The whole filter for a worker whose process id is `pid` (tgkill may
    /// only signal threads of that process).
    public static func rules(pid: Int32) -> [SyscallRule] {
        var r = allowed.map { SyscallRule($0, .allow) }
        r += denied.map { SyscallRule($0, .fail(EPERM)) }

        // Opens: reading only. Writing, creating or truncating is refused;
        // the flags are argument 1 of open and 2 of openat. openat2 hides
        // its flags in a struct a filter cannot read, so it is left to the
        // default and glibc falls back to openat.
        for (name, arg) in [("open", 1), ("openat", 2)] {
            let accmode = UInt64(O_ACCMODE), create = UInt64(O_CREAT), trunc = UInt64(O_TRUNC)
            r.append(SyscallRule(name, .allow, .maskedEqual(arg: arg, mask: accmode | create | trunc,
                                                            value: UInt64(O_RDONLY))))
            for (mask, value) in [(accmode, UInt64(O_WRONLY)), (accmode, UInt64(O_RDWR)),
                                  (accmode, accmode), (create, create), (trunc, trunc)] {
                r.append(SyscallRule(name, .fail(EACCES), .maskedEqual(arg: arg, mask: mask, value: value)))
            }
        }

        // Threads, never processes: fork() and posix_spawn() are clone
        // without CLONE_THREAD. clone3 passes its flags in a struct; it is
        // left to the default and glibc falls back to clone.
        #if arch(s390x)
        let flags = 1
        #else
        let flags = 0
        #endif
        r.append(SyscallRule("clone", .allow, .maskedEqual(arg: flags, mask: cloneThread, value: cloneThread)))
        r.append(SyscallRule("clone", .fail(EPERM), .maskedEqual(arg: flags, mask: cloneThread, value: 0)))

        // abort() and raise() signal the calling thread with tgkill; another
        // process (the daemon, anything of the user's) may not be signalled.
        let me = UInt64(UInt32(bitPattern: pid))
        r.append(SyscallRule("tgkill", .allow, .maskedEqual(arg: 0, mask: ~0, value: me)))
        r.append(SyscallRule("tgkill", .fail(EPERM), .notEqual(arg: 0, value: me)))

        // Reading limits is fine (getrlimit goes through prlimit64 with no
        // new limit); setting them, ours or another process's, is not.
        r.append(SyscallRule("prlimit64", .allow, .maskedEqual(arg: 2, mask: ~0, value: 0)))
        r.append(SyscallRule("prlimit64", .fail(EPERM), .notEqual(arg: 2, value: 0)))

        // fcntl: descriptor flags, status flags, locks, seals, pipe sizes.
        // F_SETOWN/F_SETOWN_EX/F_SETSIG would let I/O signal another process.
        let fcntlAllowed: [UInt64] = [
            UInt64(F_DUPFD), UInt64(F_DUPFD_CLOEXEC), UInt64(F_GETFD), UInt64(F_SETFD), UInt64(F_GETFL),
            UInt64(F_SETFL), UInt64(F_GETLK), UInt64(F_SETLK), UInt64(F_SETLKW), UInt64(F_GETOWN),
            fGetSig, fGetOwnEx, fOFDGetLk, fOFDSetLk, fOFDSetLkw, fGetLease, fSetPipeSize, fGetPipeSize,
            fAddSeals, fGetSeals,
        ]
        r += fcntlAllowed.map { SyscallRule("fcntl", .allow, .maskedEqual(arg: 1, mask: int32Mask, value: $0)) }
        r += [UInt64(F_SETOWN), fSetOwnEx, fSetSig].map {
            SyscallRule("fcntl", .fail(EPERM), .maskedEqual(arg: 1, mask: int32Mask, value: $0))
        }

        // ioctl: isatty, bytes pending, non-blocking and close-on-exec
        // switches, window size. Not TIOCSTI (typing into a terminal the
        // worker could open for reading) nor any device's ioctls.
        let ioctlAllowed: [UInt64] = [UInt64(TCGETS), UInt64(TIOCGWINSZ), UInt64(FIONREAD),
                                      UInt64(FIONBIO), UInt64(FIOCLEX), UInt64(FIONCLEX)]
        r += ioctlAllowed.map { SyscallRule("ioctl", .allow, .maskedEqual(arg: 1, mask: int32Mask, value: $0)) }

        // prctl: thread names and harmless queries; not PR_SET_DUMPABLE,
        // PR_SET_PDEATHSIG or anything else that undoes the lock-down.
        let prctlAllowed: [UInt64] = [prGetDumpable, prSetName, prGetName, prGetNoNewPrivs, prSetVMA]
        r += prctlAllowed.map { SyscallRule("prctl", .allow, .maskedEqual(arg: 0, mask: int32Mask, value: $0)) }
        return r
    }
}
