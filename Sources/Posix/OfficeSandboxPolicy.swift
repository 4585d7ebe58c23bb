#if canImport(Glibc)
import Glibc
#endif
import CPosix

/// One Landlock rule: what may be done beneath `path` (or to the file
/// itself). Plain values, so the policy can be read and tested without
/// installing it.
public struct LandlockRule: Sendable, Equatable {
    public struct Access: OptionSet, Sendable, Equatable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        /// Read files and list folders.
        public static let read = Access(rawValue: Int32(RF_LANDLOCK_READ))
        /// Run programs (execve).
        public static let execute = Access(rawValue: Int32(RF_LANDLOCK_EXECUTE))
        /// Write to existing files.
        public static let writeFile = Access(rawValue: Int32(RF_LANDLOCK_WRITE_FILE))
        /// Bind a UNIX socket to a new name.
        public static let makeSocket = Access(rawValue: Int32(RF_LANDLOCK_MAKE_SOCKET))
        /// Remove a file (not a folder).
        public static let removeFile = Access(rawValue: Int32(RF_LANDLOCK_REMOVE_FILE))
        /// Make, write, rename and remove anything.
        public static let create = Access(rawValue: Int32(RF_LANDLOCK_CREATE))
    }

    public var path: String
    public var access: Access

    public init(_ path: String, _ access: Access) {
        self.path = path
        self.access = access
    }
}

/// The sandbox LibreOffice converts a document in (`redactfs __office`).
///
/// soffice is far too large for an allow-list: it is not a worker of ours
/// but a whole office suite that starts helper programs (its own start
/// script, `oosplash`, `soffice.bin`, `paperconf`, `gpgconf`). So the
/// file system is the fence (Landlock), and seccomp takes away what no
/// conversion needs: the network and the kernel's riskiest facilities.
///
/// Measured with strace on LibreOffice 7.4 (Debian 12) converting .docx,
/// .odt, .xlsx, .pptx: it reads /usr (program, fonts, registry), /etc
/// (fontconfig, /etc/libreoffice/registry, passwd, nsswitch), the
/// fontconfig cache, /var/spool/libreoffice (the shared extension cache,
/// a symlink from /usr/lib/libreoffice/share/uno_packages/cache), /proc
/// (self/exe, filesystems, crypto/fips_enabled) and /dev/urandom; it
/// writes its profile, HOME and TMPDIR (all in the private folder) and
/// binds its single-instance pipe at /tmp/OSL_PIPE_<uid>_SingleOfficeIPC_<hash>,
/// a path LibreOffice hard-codes (TMPDIR is not used for it), and removes
/// it when it quits; without that socket it aborts at start.
public enum OfficeSandboxPolicy {
    /// System folders: read, and programs in them run.
    public static let programFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32"]
    /// System data: read only.
    public static let readOnly = [
        "/etc", "/var/cache/fontconfig", "/var/spool/libreoffice", "/var/lib/libreoffice",
        "/proc", "/sys/devices/system/cpu", "/dev/urandom", "/dev/random", "/dev/zero",
    ]

    /// The Landlock rules for a conversion whose private folder is
    /// `privateFolder` and whose LibreOffice lives in `installFolder` (nil:
    /// under /usr). Nothing of the user's (home, mounts, other temp files)
    /// can be read; only the private folder can be written. /tmp only
    /// for LibreOffice's pipe: a socket may be made there and removed, no
    /// file read, written or made. Processes outside the sandbox cannot be
    /// traced or read through /proc (Landlock's own rule for ptrace).
    public static func landlock(privateFolder: String, installFolder: String? = nil) -> [LandlockRule] {
        var rules = programFolders.map { LandlockRule($0, [.read, .execute]) }
        if let installFolder, !programFolders.contains(where: { installFolder == $0 || installFolder.hasPrefix($0 + "/") }) {
            rules.append(LandlockRule(installFolder, [.read, .execute]))
        }
        rules += readOnly.map { LandlockRule($0, .read) }
        rules.append(LandlockRule("/dev/null", [.read, .writeFile]))
        rules.append(LandlockRule("/tmp", [.makeSocket, .removeFile]))
        rules.append(LandlockRule(privateFolder, [.read, .create]))
        return rules
    }

    /// Socket types (the low four bits of socket()'s second argument) that
    /// can send to a named socket without connect(): datagrams and the like.
    static let connectionlessTypes: [UInt64] = [
        UInt64(SOCK_DGRAM.rawValue), UInt64(SOCK_RAW.rawValue), UInt64(SOCK_RDM.rawValue),
        UInt64(SOCK_SEQPACKET.rawValue), UInt64(SOCK_PACKET.rawValue),
    ]

    /// Refused whatever the arguments (EPERM): facilities with a record of
    /// privilege-escalation bugs, other processes' memory, and changes to
    /// the process's view of the system.
    public static let denied = [
        "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open", "userfaultfd",
        "ptrace", "process_vm_readv", "process_vm_writev", "keyctl", "add_key", "request_key",
        "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
        "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "open_tree", "move_mount",
        "fsopen", "fsmount", "fsconfig", "fspick", "mount_setattr", "swapon", "swapoff", "reboot",
        "acct", "quotactl", "settimeofday", "clock_settime", "adjtimex", "sethostname", "setdomainname",
        "iopl", "ioperm", "name_to_handle_at", "open_by_handle_at",
        // No UNIX-socket connection out of the sandbox: Landlock does not
        // look at connect() to a named socket (a session bus, an ssh agent,
        // a display). LibreOffice's own pipe needs no connect (measured).
        "connect",
        // Leaving the process group would escape the deadline's kill.
        "setsid", "setpgid",
    ]

    /// A deny-list: everything else is allowed (`defaultErrno` 0).
    public static let defaultErrno: Int32 = 0

    /// The seccomp filter. No network: socket() only for AF_UNIX, and only
    /// stream sockets (which reach nothing without connect, refused above);
    /// socketpair() for LibreOffice's own helpers.
    public static func seccomp() -> [SyscallRule] {
        var r = denied.map { SyscallRule($0, .fail(EPERM)) }
        let unix = UInt64(AF_UNIX)
        for name in ["socket", "socketpair"] {
            r.append(SyscallRule(name, .fail(EAFNOSUPPORT), .notEqual(arg: 0, value: unix)))
        }
        r += connectionlessTypes.map { SyscallRule("socket", .fail(EPERM), .maskedEqual(arg: 1, mask: 0xF, value: $0)) }
        return r
    }
}

extension Hardening {
    /// Locks this process down for a LibreOffice conversion; everything it
    /// executes afterwards inherits it (no_new_privs, the Landlock domain
    /// and the seccomp filter survive execve). No core files, not
    /// dumpable, killed with its parent; the address space and CPU time
    /// capped. False if no_new_privs, Landlock (where the kernel has it)
    /// or the filter could not be set: the caller must not run soffice.
    /// (setrlimit, prctl, landlock_restrict_self, seccomp)
    public static func lockDownOffice(privateFolder: String, installFolder: String?,
                                      addressSpaceBytes: UInt64 = 4 << 30, cpuSeconds: UInt64 = 600) -> Bool {
        setLimit(RLIMIT_CORE, 0)
        setLimit(RLIMIT_AS, addressSpaceBytes)
        setLimit(RLIMIT_CPU, cpuSeconds)
        _ = rf_set_nondumpable()
        guard rf_set_no_new_privs() == 0 else { return false }
        _ = rf_set_parent_death_signal(SIGKILL)
        guard restrict(OfficeSandboxPolicy.landlock(privateFolder: privateFolder, installFolder: installFolder)) != .failed else {
            return false
        }
        return installFilter(OfficeSandboxPolicy.seccomp(), defaultErrno: OfficeSandboxPolicy.defaultErrno) == 0
    }

    /// Installs `rules` as this process's Landlock domain.
    /// (landlock_create_ruleset, landlock_add_rule, landlock_restrict_self)
    static func restrict(_ rules: [LandlockRule]) -> ReadRestriction {
        let paths = rules.map { strdup($0.path) }
        defer { paths.forEach { free($0) } }
        let c = zip(rules, paths).map { rf_landlock_rule(path: UnsafePointer($1), allow: $0.access.rawValue) }
        let rc = c.withUnsafeBufferPointer { rf_landlock_restrict($0.baseAddress, Int32($0.count)) }
        if rc == 0 { return .restricted(abi: Int(rf_landlock_abi())) }
        if rc == -ENOSYS || rc == -EOPNOTSUPP { return .unavailable }
        return .failed
    }
}
