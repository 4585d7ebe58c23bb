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
        guard Hardening.lockDownWorker() else {
            print("lockdown=failed")
            exit(1)
        }
        func report(_ name: String, _ rc: Int32) {
            print("\(name)=\(rc >= 0 ? "ok" : "errno\(errno)")")
        }
        report("socket_inet", socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        report("socket_unix", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0))
        report("open_read", open("/proc/self/status", O_RDONLY))
        report("open_create", open(dir + "/created", O_WRONLY | O_CREAT, 0o600))
        report("open_rdwr", open(dir + "/existing", O_RDWR))
        report("open_trunc", open(dir + "/existing", O_RDONLY | O_TRUNC))
        report("unlink", unlink(dir + "/existing"))
        report("mkdir", mkdir(dir + "/sub", 0o700))
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        report("execve", execv("/bin/true", &argv))
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
