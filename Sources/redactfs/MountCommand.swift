#if canImport(Glibc)
import Glibc
#endif
import Detect
import FuseFS
import Pipeline
import Posix
import RedactCore

struct MountCommand {
    var source: String
    var mountpoint: String
    var common = CommonOptions()
    var mount = MountOptions()
    var cache = MountCacheFlags()

    /// `redactfs mount SOURCE MOUNTPOINT [options]`
    static func parse(_ args: [String]) throws(UsageError) -> MountCommand {
        var c = ArgumentCursor(args, usage: Usage.mount)
        var positionals: [String] = []
        var common = CommonOptions()
        var mount = MountOptions()
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            if try c.mountSetting(a, into: &common) { continue }
            switch a {
            case "--foreground", "-f": mount.foreground = true
            case "-o": try parseDashO(try c.value(for: "-o"), common: &common, mount: &mount)
            case "-d", "--debug": mount.debug = true; mount.foreground = true
            case "--log-file": mount.logFile = try c.value(for: a)
            case "-v", "--verbose": Log.setVerbose(true)
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: Usage.mount) }
                positionals.append(a)
            }
        }
        guard positionals.count == 2 else {
            throw UsageError(message: "mount needs SOURCE and MOUNTPOINT", usage: Usage.mount)
        }
        // The config file is read now: a problem in it stops us before
        // anything is checked or mounted (78).
        return MountCommand(source: positionals[0], mountpoint: positionals[1], common: common, mount: mount,
                            cache: try MountCacheFlags(common))
    }

    /// The `-o` list. Our own settings (every flag's `-o` form: dpi=N,
    /// cache_size=N, prefetch, noprefetch, ...) go with the flags, checked
    /// by the same code; generic mount options that mount(8) and fstab add
    /// are dropped (the mount is always read-only); libfuse's own options
    /// pass through after a check of their form (`FuseOptionCheck`); any
    /// other is a usage error before anything is mounted.
    static func parseDashO(_ list: String, common: inout CommonOptions, mount: inout MountOptions) throws(UsageError) {
        let ignored: Set<String> = ["ro", "rw", "dev", "nodev", "suid", "nosuid", "exec", "noexec",
                                    "auto", "noauto", "user", "nouser", "users", "nofail", "_netdev",
                                    "defaults", "async", "sync", "atime", "noatime", "relatime", "comment"]
        for item in list.split(separator: ",").map(String.init) {
            let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = kv[0], value = kv.count == 2 ? kv[1] : nil
            let name = String(key.map { $0 == "-" ? "_" : $0 })
            func need() throws(UsageError) -> String {
                guard let v = value, !v.isEmpty else { throw UsageError(message: "-o \(key) needs a value", usage: Usage.mount) }
                return v
            }
            func noValue() throws(UsageError) {
                if value != nil { throw UsageError(message: "-o \(key) takes no value", usage: Usage.mount) }
            }
            if let setting = ConfigKey.allCases.first(where: { $0.hasFlag && $0.dashO == name }) {
                if setting.isSwitch { try noValue() }
                try common.give(setting, setting.isSwitch ? "yes" : try need(), as: "-o \(key)", usage: Usage.mount)
                continue
            }
            if let setting = ConfigKey.allCases.first(where: { $0.isSwitch && (name == "no" + $0.dashO || name == "no_" + $0.dashO) }) {
                try noValue()
                try common.give(setting, "no", as: "-o \(key)", usage: Usage.mount)
                continue
            }
            switch name {
            case "config": common.configFile = try need()
            case "foreground": try noValue(); mount.foreground = true
            case "nonempty": try noValue(); mount.allowNonEmpty = true
            case "log_file": mount.logFile = try need()
            case "verbose": try noValue(); Log.setVerbose(true)
            case "debug": try noValue(); mount.debug = true; mount.foreground = true
            default:
                if ignored.contains(key) || key.hasPrefix("x-") { continue }
                if let problem = FuseOptionCheck.problem(key, value) {
                    throw UsageError(message: problem, usage: Usage.mount)
                }
                mount.fuseOptions.append(item)
            }
        }
    }

    /// The daemon's address-space cap beyond twice the cache budget (see
    /// the man page, LIMITS).
    static let addressSpaceBase: UInt64 = 4 << 30

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.mount)
        let office = try common.configuration()
        guard isDirectory(source) else {
            printErr("Error: the source \(source) is not a folder")
            return .noInput
        }
        guard isDirectory(mountpoint) else {
            printErr("Error: the mount point \(mountpoint) is not a folder")
            return .cannotCreate
        }
        guard access("/dev/fuse", R_OK | W_OK) == 0 else {
            printErr("Error: /dev/fuse is not usable (is the fuse3 package installed and the module loaded?)")
            return .unavailable
        }
        // Absolute paths: after daemonizing the working directory is /.
        guard let src = realpath(source, nil) else { printErr("Error: cannot resolve \(source)"); return .noInput }
        let sourcePath = String(cString: src)
        free(src)
        guard let mnt = realpath(mountpoint, nil) else { printErr("Error: cannot resolve \(mountpoint)"); return .cannotCreate }
        let mountPath = String(cString: mnt)
        free(mnt)
        if let problem = MountPointProblem.check(mountPath, source: sourcePath, allowNonEmpty: mount.allowNonEmpty) {
            printErr("Error: the mount point \(mountpoint) \(problem.message)")
            switch problem {
            case .insideSource: return .usage
            case .alreadyMounted, .notEmpty: return .cannotCreate
            }
        }
        var mount = mount
        mount.fsName = sourcePath
        if let path = mount.logFile {
            // Opened here, relative to where we were started; the daemon
            // then runs in /.
            do { try Log.toFile(path) } catch {
                printErr("Error: cannot open the log file \(path): \(error)")
                return .cannotCreate
            }
        }
        Hardening.lockDownDaemon()
        // Terms: loaded before the mount exists, so a missing or wrong key
        // or a tampered file stops us before anything is served.
        let setup = TermsSetup(common: common)
        let matcher: TermMatcher
        var identity = termsIdentity([])
        let termsNote: String
        if setup.neverInitialised {
            matcher = TermMatcher([])
            termsNote = "no always-redact terms set up ('redactfs init'): detection only"
        } else {
            switch setup.loadWithIdentity() {
            case .success(let (m, id)):
                matcher = m
                identity = id
                termsNote = "always-redact terms loaded"
            case .failure(let f):
                printErr("Error: \(f.message)")
                return f.code
            }
        }
        // Review decisions: a decision file that fails to open stops the
        // mount too, before anything is served without them.
        let decisions: DecisionBook
        switch setup.loadDecisions() {
        case .success(let b): decisions = b
        case .failure(let f):
            printErr("Error: \(f.message)")
            return f.code
        }
        let cacheOptions: CacheOptions
        switch cache.options(setup: setup) {
        case .success(let o): cacheOptions = o
        case .failure(let f):
            printErr("Error: \(f.message)")
            return f.code
        }
        let fs: RedactFS
        do {
            fs = try RedactFS(source: sourcePath, redactor: Redactor(settings: settings, terms: matcher, limits: office.limits,
                                                                     soffice: office.sofficePath),
                              termsIdentity: identity, decisions: decisions, options: cacheOptions)
        } catch {
            printErr("Error: cannot open the source \(source): \(error)")
            return .noInput
        }
        // The worker and the log never need the terminal's SIGPIPE behaviour.
        signal(SIGPIPE, SIG_IGN)
        // Address space: what a mount at rest reserves (thread stacks,
        // malloc arenas: about 1.2 GiB at two cores) with room to spare, plus
        // twice the output budget (outputs held, and one being assembled).
        Hardening.capAddressSpace(Self.addressSpaceBase + 2 * UInt64(cacheOptions.memoryBytes))
        do {
            try serve(fs, at: mountpoint, options: mount) {
                Log.info("mounted at \(mountpoint) (dpi \(settings.dpi); \(termsNote); \(cache.summary))")
                if !setup.neverInitialised {
                    TermsWatcher(setup: setup, settings: settings, limits: office.limits, soffice: office.sofficePath, fs: fs).start()
                }
                // After going to the background: a worker started before
                // the fork would belong to the process that exits.
                fs.keepSpareWorkers()
                SystemdNotify.ready()
            }
        } catch {
            if case .setup(let m) = error { printErr("Error: \(m)") }
            return .unavailable
        }
        cacheOptions.disk?.flush()
        Log.info("unmounted \(mountpoint); \(fs.statsLine)")
        return .success
    }
}

func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
}
