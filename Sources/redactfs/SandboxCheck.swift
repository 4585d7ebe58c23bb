#if canImport(Glibc)
import Glibc
#endif
import Posix

/// `redactfs __sandbox-check DIR`: locks itself down exactly as a worker
/// does, then tries what a hijacked worker would try and prints one
/// `name=ok` or `name=errnoN` line each. The integration tests read it to
/// check the filter and limits on this kernel; it is not for users.
enum SandboxCheck {
    static func run(_ dir: String) -> Never {
        // Asked before the lock-down: the seccomp filter refuses Landlock's
        // own calls afterwards.
        let abi = Hardening.landlockABI
        guard Hardening.lockDownWorker() else {
            print("lockdown=failed")
            exit(1)
        }
        func report(_ name: String, _ rc: Int32) {
            print("\(name)=\(rc >= 0 ? "ok" : "errno\(errno)")")
        }
        func probe(_ name: String, _ args: Int...) -> Int32 {
            let e = Hardening.probeSyscall(name, args: args)
            errno = e
            return e == 0 ? 0 : -1
        }
        report("socket_inet", socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        report("socket_unix", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0))
        print("landlock=\(abi.map { "abi\($0)" } ?? "unavailable")")
        // System data stays readable; the user's files do not (Landlock).
        report("open_read", open("/usr/lib/os-release", O_RDONLY))
        report("open_private", open(dir + "/existing", O_RDONLY))
        report("list_private", open(dir, O_RDONLY | O_DIRECTORY))
        report("open_proc_self", open("/proc/self/environ", O_RDONLY))
        report("open_create", open(dir + "/created", O_WRONLY | O_CREAT, 0o600))
        report("open_rdwr", open(dir + "/existing", O_RDWR))
        report("open_trunc", open(dir + "/existing", O_RDONLY | O_TRUNC))
        report("unlink", unlink(dir + "/existing"))
        report("mkdir", mkdir(dir + "/sub", 0o700))
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        report("execve", execv("/bin/true", &argv))
        // The allow-list: calls no rule names fail with ENOSYS (the old
        // deny-list let them through), and glibc's fallbacks still work.
        report("unlisted_setpriority", probe("setpriority", 0, 0, 19))
        report("unlisted_syslog", probe("syslog", 10))
        report("clone3", probe("clone3"))
        report("openat2", probe("openat2", Int(AT_FDCWD)))
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { _ in nil }, nil)
        if made == 0 { pthread_join(thread, nil) }
        print("thread=\(made == 0 ? "ok" : "errno\(made)")")
        // Argument checks: threads but no processes, signals and limits
        // only for itself, no terminal ioctls, no undoing the lock-down.
        let child = fork()
        if child == 0 { _exit(0) }
        if child > 0 { waitpid(child, nil, 0) }
        report("fork", child)
        let me = Int(getpid()), parent = Int(getppid())
        report("tgkill_self", probe("tgkill", me, me, 0))
        report("tgkill_parent", probe("tgkill", parent, parent, 0))
        report("fcntl_getfl", probe("fcntl", 1, Int(F_GETFL)))
        report("fcntl_setown", probe("fcntl", 1, Int(F_SETOWN), parent))
        // A null argument: even unfiltered, nothing could be typed anywhere.
        report("ioctl_tiocsti", probe("ioctl", 1, Int(TIOCSTI), 0))
        report("prctl_set_dumpable", probe("prctl", 4 /* PR_SET_DUMPABLE */, 1))
        var lower = rlimit(rlim_cur: 16, rlim_max: 16)
        report("setrlimit", setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lower))
        var l = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &l)
        print("rlimit_as=\(l.rlim_cur)")
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &l)
        print("rlimit_fsize=\(l.rlim_cur)")
        getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &l)
        print("rlimit_core=\(l.rlim_cur)")
        // mmap, not malloc: an optimiser may drop an unused malloc.
        let big = mmap(nil, 4 << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        print("malloc_4g=\(big == MAP_FAILED ? "refused" : "ok")")
        exit(0)
    }
}

/// `redactfs __office-check DIR`: locks itself down exactly as a
/// LibreOffice conversion does (private folder DIR/private), then tries
/// what a hostile document inside soffice would try and prints one
/// `name=ok` or `name=errnoN` line each. For the integration tests.
enum OfficeSandboxCheck {
    static func run(_ dir: String) -> Never {
        let priv = dir + "/private"
        print("landlock=\(Hardening.landlockABI.map { "abi\($0)" } ?? "unavailable")")
        guard Hardening.lockDownOffice(privateFolder: priv, installFolder: nil) else {
            print("lockdown=failed")
            exit(1)
        }
        func report(_ name: String, _ rc: Int32) {
            print("\(name)=\(rc >= 0 ? "ok" : "errno\(errno)")")
        }
        // The network: nothing but UNIX stream sockets, and no connect.
        report("socket_inet", socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        report("socket_inet_dgram", socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0))
        report("socket_inet6", socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0))
        report("socket_netlink", socket(AF_NETLINK, Int32(SOCK_RAW.rawValue), 0))
        report("socket_unix_dgram", socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0))
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        report("socket_unix", s)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let path = Array((dir + "/listening").utf8CString)
        withUnsafeMutableBytes(of: &addr.sun_path) { b in
            for (i, c) in path.prefix(b.count - 1).enumerated() { b[i] = UInt8(bitPattern: c) }
        }
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        report("connect_unix", connected)
        let uring = Hardening.probeSyscall("io_uring_setup", args: [1, 0])
        errno = uring
        report("io_uring_setup", uring == 0 ? 0 : -1)
        report("setsid", setsid())
        // Files: the system readable, the user's files not, only the
        // private folder writable.
        report("read_system", open("/etc/passwd", O_RDONLY))
        // Another process's environment (Landlock's rule for ptrace).
        report("read_parent_environ", open("/proc/\(getppid())/environ", O_RDONLY))
        report("read_outside", open(dir + "/secret", O_RDONLY))
        report("list_outside", open(dir, O_RDONLY | O_DIRECTORY))
        report("write_private", open(priv + "/made", O_WRONLY | O_CREAT, 0o600))
        report("write_tmp", open("/tmp/redactfs-office-check-\(getpid())", O_WRONLY | O_CREAT | O_EXCL, 0o600))
        unlink("/tmp/redactfs-office-check-\(getpid())")
        report("write_outside", open(dir + "/made", O_WRONLY | O_CREAT, 0o600))
        // Programs still run (soffice is a shell script).
        let child = fork()
        if child == 0 {
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            execv("/bin/true", &argv)
            _exit(127)
        }
        var status: Int32 = 0
        if child > 0 { waitpid(child, &status, 0) }
        print("exec=\(child > 0 && status == 0 ? "ok" : "failed")")
        exit(0)
    }
}
