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
        /// A backstop only: the parent checks each page's and the document's
        /// CPU time (`Limits`) ten times a second. One worker may read a
        /// whole long document, so this is the document's budget (3600 s)
        /// with a margin, not a page's.
        public var cpuSeconds: UInt64 = 3700
        public var openFiles: UInt64 = 256
        public init() {}
    }

    /// No core files, not dumpable or ptrace-able by other processes of the
    /// user, no privilege gain through exec, die with the parent; resource
    /// caps; reads limited to system data by Landlock where the kernel has
    /// it (`restrictReads`); then the seccomp allow-list
    /// (`WorkerSyscallPolicy`, which says why anything unlisted fails with
    /// ENOSYS). Returns false if either could not be installed: the caller
    /// must then refuse to parse anything.
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
        // Landlock before seccomp: its own syscalls are not on the allow-list.
        guard restrictReads() != .failed else { return false }
        return installFilter(WorkerSyscallPolicy.rules(pid: getpid()),
                             defaultErrno: WorkerSyscallPolicy.defaultErrno) == 0
    }

    /// The kernel's Landlock ABI, nil when it has none.
    public static var landlockABI: Int? {
        let v = rf_landlock_abi()
        return v > 0 ? Int(v) : nil
    }

    public enum ReadRestriction: Equatable, Sendable {
        /// In force, at this Landlock ABI.
        case restricted(abi: Int)
        /// This kernel has no Landlock (or it is disabled): seccomp alone.
        case unavailable
        case failed
    }

    /// Seccomp cannot look at paths: a worker taken over by a hostile
    /// document could still open any file the user can read (a key, a
    /// mail folder) and draw it into the page it returns, which the user
    /// then shares. Landlock limits what it may read to `readablePaths`;
    /// the source and pipes are descriptors opened before, unaffected.
    /// (landlock_create_ruleset, landlock_add_rule, landlock_restrict_self)
    static func restrictReads() -> ReadRestriction {
        let paths = readablePaths().map { strdup($0) }
        defer { paths.forEach { free($0) } }
        let rc = paths.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            rf_landlock_read_only($0.baseAddress, Int32($0.count))
        }
        if rc == 0 { return .restricted(abi: Int(rf_landlock_abi())) }
        if rc == -ENOSYS || rc == -EOPNOTSUPP { return .unavailable }
        return .failed
    }

    /// What a locked-down worker may read: system data under /usr
    /// (poppler's CMaps and encodings, tesseract's models, fonts), the
    /// fontconfig configuration and caches, the time zone, CPU topology,
    /// and the folders of the shared libraries it has loaded (a toolchain
    /// outside /usr may load more of itself later) with their prefix's
    /// `share` folder. Nothing under a home
    /// folder: the worker's environment has no HOME, so fontconfig looks
    /// for no user fonts.
    public static func readablePaths() -> [String] {
        var paths = ["/usr", "/etc/fonts", "/etc/localtime", "/var/cache/fontconfig", "/sys/devices/system/cpu"]
        for lib in loadedLibraryFolders() {
            // A library installed under another prefix (/opt/x/lib) keeps
            // its data beside it (/opt/x/share: tessdata, poppler-data).
            var dirs = [lib]
            let parts = lib.split(separator: "/")
            if let i = parts.firstIndex(where: { $0 == "lib" || $0 == "lib64" || $0 == "lib32" }), i > 0 {
                dirs.append("/" + parts[..<i].joined(separator: "/") + "/share")
            }
            for dir in dirs where !paths.contains(where: { dir == $0 || dir.hasPrefix($0 + "/") }) {
                paths.append(dir)
            }
        }
        return paths
    }

    /// Folders of the shared objects mapped into this process. (/proc/self/maps)
    static func loadedLibraryFolders() -> [String] {
        guard let f = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(f) }
        var out: [String] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard let slash = s.firstIndex(of: "/") else { continue }
            let path = s[slash...].trimmingSuffix("\n")
            guard path.contains(".so"), let end = path.lastIndex(of: "/"), end > path.startIndex else { continue }
            let dir = String(path[..<end])
            if !out.contains(dir) { out.append(dir) }
        }
        return out
    }

    /// Hands the rules to libseccomp; 0 or a negative errno. (rf_sandbox_install)
    static func installFilter(_ rules: [SyscallRule], defaultErrno: Int32) -> Int32 {
        let names = rules.map { strdup($0.name) }
        defer { names.forEach { free($0) } }
        let c = zip(rules, names).map { rule, name in
            var r = rf_seccomp_rule(name: UnsafePointer(name), result: 0, arg: -1,
                                    op: Int32(RF_SECCOMP_MASKED_EQ), mask: 0, value: 0)
            if case .fail(let e) = rule.result { r.result = e }
            switch rule.condition {
            case .always:
                break
            case .maskedEqual(let arg, let mask, let value):
                r.arg = Int32(arg); r.mask = mask; r.value = value
            case .notEqual(let arg, let value):
                r.arg = Int32(arg); r.op = Int32(RF_SECCOMP_NE); r.value = value
            }
            return r
        }
        return c.withUnsafeBufferPointer { rf_sandbox_install($0.baseAddress, Int32($0.count), defaultErrno) }
    }

    /// Makes the raw syscall `name` with up to four arguments and returns 0
    /// or its errno; for `redactfs __sandbox-check`, which must see the
    /// filter's answer without glibc's fallbacks. (syscall)
    public static func probeSyscall(_ name: String, args: [Int]) -> Int32 {
        let a = args + Array(repeating: 0, count: max(0, 4 - args.count))
        return rf_sandbox_probe(name, a[0], a[1], a[2], a[3]) < 0 ? errno : 0
    }

    /// The daemon itself: no core files (its memory holds the key and terms)
    /// and not dumpable.
    public static func lockDownDaemon() {
        setLimit(RLIMIT_CORE, 0)
        _ = rf_set_nondumpable()
    }

    /// Caps this process's address space (RLIMIT_AS), soft and hard; never
    /// raises a lower cap. The daemon's backstop against its own growth:
    /// it holds the key and the terms, and a cap it sets itself works with
    /// no cgroup (by hand, from fstab) as well as under systemd's
    /// MemoryMax=. Workers inherit it and lower it further.
    public static func capAddressSpace(_ bytes: UInt64) {
        setLimit(RLIMIT_AS, bytes)
    }

    static func setLimit(_ resource: __rlimit_resource, _ value: UInt64) {
        var current = rlimit()
        getrlimit(__rlimit_resource_t(resource.rawValue), &current)
        // Never raise a limit someone already lowered.
        let v = min(rlim_t(value), current.rlim_max)
        var l = rlimit(rlim_cur: v, rlim_max: v)
        setrlimit(__rlimit_resource_t(resource.rawValue), &l)
    }
}

/// A pipe whose both ends close on exec. (pipe2 with O_CLOEXEC)
///
/// `capacity` asks for a larger pipe buffer than the default 64 KiB
/// (F_SETPIPE_SZ): a worker's page is megabytes of pixels, and each
/// buffer's worth costs the reader and the writer a wake-up. Not getting it
/// (the per-user pipe quota, /proc/sys/fs/pipe-max-size) is not an error.
public func makePipe(capacity: Int? = nil) throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    var fds: [Int32] = [0, 0]
    guard rf_pipe_cloexec(&fds) == 0 else { throw Errno.current }
    if let capacity { _ = rf_pipe_set_size(fds[1], Int32(clamping: capacity)) }
    return (FileDescriptor(owning: fds[0]), FileDescriptor(owning: fds[1]))
}

private extension Substring {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
