#if canImport(Glibc)
import Glibc
#endif
import CFuse
import Posix
import Synchronization

/// How to mount.
public struct MountOptions: Sendable {
    public var foreground = false
    /// Extra `-o` options passed to libfuse (allow_other, …).
    public var fuseOptions: [String] = []
    /// More threads than renders can run at once, so slow renders never
    /// starve lookups and stats elsewhere in the mount (libfuse's default
    /// cap of 10 would).
    public var maxThreads: UInt32 = 64
    public var debug = false
    /// Mount over a folder that holds files (they are hidden while mounted).
    public var allowNonEmpty = false
    /// Shown as the mount's source by df, findmnt and /proc/mounts.
    public var fsName = "redactfs"
    /// Where log lines go instead of standard error or, in the
    /// background, syslog (`--log-file`).
    public var logFile: String?
    public init() {}
}

/// Why a mount point is refused before anything is mounted: the checks
/// that keep a mount from looping, stacking or hiding files unasked.
public enum MountPointProblem: Equatable, Sendable {
    /// The mount point is the source or inside it: the mount would show itself.
    case insideSource
    /// Something is mounted there already.
    case alreadyMounted(String)
    /// It holds files, which the mount would hide (unless -o nonempty).
    case notEmpty

    /// `mountpoint` and `source` are resolved, absolute paths.
    public static func check(_ mountpoint: String, source: String, allowNonEmpty: Bool,
                             mounts: String? = readMounts()) -> MountPointProblem? {
        if mountpoint == source || mountpoint.hasPrefix(source == "/" ? "/" : source + "/") { return .insideSource }
        if let mounts, let what = Self.mounted(at: mountpoint, in: mounts) { return .alreadyMounted(what) }
        if !allowNonEmpty, !isEmptyDirectory(mountpoint) { return .notEmpty }
        return nil
    }

    /// What is mounted at `path` per /proc/self/mounts (fields are octal-escaped).
    static func mounted(at path: String, in mounts: String) -> String? {
        for line in mounts.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count >= 3, unescape(String(f[1])) == path else { continue }
            return "\(unescape(String(f[0]))) (\(f[2]))"
        }
        return nil
    }

    public static func unescape(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 3 < b.count, let v = UInt8(String(decoding: b[(i + 1)...(i + 3)], as: UTF8.self), radix: 8) {
                out.append(v)
                i += 4
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func readMounts() -> String? {
        guard let fd = try? FileDescriptor.open("/proc/self/mounts", flags: O_RDONLY) else { return nil }
        var all: [UInt8] = []
        while let piece = try? fd.read(count: 1 << 16, at: Int64(all.count)), !piece.isEmpty { all += piece }
        return String(decoding: all, as: UTF8.self)
    }

    static func isEmptyDirectory(_ path: String) -> Bool {
        guard let d = opendir(path) else { return false }
        defer { closedir(d) }
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    public var message: String {
        switch self {
        case .insideSource: return "is the source or inside it: the mount would show itself"
        case .alreadyMounted(let what): return "already has \(what) mounted on it; unmount it first"
        case .notEmpty: return "is not empty: its files would be hidden while mounted (use -o nonempty to mount anyway)"
        }
    }
}

public enum MountError: Error {
    case setup(String)
}

/// Mounts `fs` at `mountpoint`, serves until unmounted or signalled
/// (SIGTERM, SIGINT, SIGHUP unmount cleanly), and returns.
public func serve(_ fs: RedactFS, at mountpoint: String, options: MountOptions,
                  onReady: () -> Void) throws(MountError) {
    // libfuse splits -o at commas: a comma or backslash in the path is escaped.
    var fsName = ""
    for c in options.fsName {
        if c == "\\" || c == "," { fsName.append("\\") }
        fsName.append(c)
    }
    var opts = ["ro", "fsname=" + fsName, "subtype=redactfs"]
    // The kernel checks mode bits itself (default_permissions) only when
    // other users may enter the mount: then it must. Without allow_other
    // only the mounting user gets in, the daemon opens sources as that
    // user, and the check would cost a GETATTR of the folder per path
    // lookup (attributes never stay cached here), tripling `ls -l`.
    let shared = options.fuseOptions.contains { $0 == "allow_other" || $0 == "allow_root" }
    if shared && !options.fuseOptions.contains("default_permissions") { opts.append("default_permissions") }
    opts += options.fuseOptions
    var argv = ["redactfs", "-o", opts.joined(separator: ",")]
    if options.debug { argv.append("-d") }

    var cargs = argv.map { strdup($0) }
    defer { for p in cargs { free(p) } }
    var args = fuse_args(argc: Int32(cargs.count), argv: nil, allocated: 0)
    var ops = Operations.table()
    let ctx = Unmanaged.passRetained(fs)
    defer { ctx.release() }

    let f: OpaquePointer? = cargs.withUnsafeMutableBufferPointer { buf in
        args.argv = buf.baseAddress
        return fuse_new(&args, &ops, MemoryLayout<fuse_operations>.size, ctx.toOpaque())
    }
    guard let f else { throw .setup("could not set up FUSE (bad -o option?)") }
    defer { fuse_destroy(f) }
    guard fuse_mount(f, mountpoint) == 0 else {
        throw .setup("could not mount at \(mountpoint) (is /dev/fuse usable and the mount point an empty folder?)")
    }
    defer { fuse_unmount(f) }
    let se = fuse_get_session(f)
    guard fuse_set_signal_handlers(se) == 0 else { throw .setup("could not install signal handlers") }
    defer { fuse_remove_signal_handlers(se) }
    // fuse_daemonize points the standard streams at /dev/null. A daemon
    // in the background never writes to the terminal (or pipe) it left:
    // its lines go to the --log-file, else to syslog (the journal).
    guard fuse_daemonize(options.foreground ? 1 : 0) == 0 else { throw .setup("could not go to the background") }
    if !options.foreground && !Log.hasFile { Log.toSyslog() }
    onReady()

    guard let cfg = fuse_loop_cfg_create() else { throw .setup("out of memory") }
    defer { fuse_loop_cfg_destroy(cfg) }
    fuse_loop_cfg_set_max_threads(cfg, options.maxThreads)
    fuse_loop_cfg_set_idle_threads(cfg, 8)
    let status = StatusNotifier(fs)
    status.start()
    let rc = fuse_loop_mt(f, cfg)
    status.stop()
    SystemdNotify.stopping()
    // The loop returns the signal number when a signal ended it: a clean exit.
    if rc < 0 { throw .setup("FUSE loop failed (\(-rc))") }
}

/// Sends systemd the mount's status line when it changes, looked at twice
/// a second, when systemd listens ($NOTIFY_SOCKET).
final class StatusNotifier: @unchecked Sendable {
    private let fs: RedactFS
    private let stopped = Atomic<Bool>(false)

    init(_ fs: RedactFS) { self.fs = fs }

    func start() {
        guard SystemdNotify.isListening else { return }
        _ = DetachedThread.start { [self] in
            var last = ""
            while !stopped.load(ordering: .acquiring) {
                let line = fs.statusLine
                if line != last {
                    SystemdNotify.status(line)
                    last = line
                }
                usleep(500_000)
            }
        }
    }

    func stop() { stopped.store(true, ordering: .releasing) }
}
