#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Log lines. Callers pass counts, categories, timings, relative paths and
/// errno values only; nothing here ever formats document text or terms.
///
/// Where they go is chosen once, before the daemon's threads start:
/// standard error (the journal under systemd, a terminal in the
/// foreground), a file (`--log-file`), or syslog for a daemon that went to
/// the background, which must never write to the terminal it left.
public enum Log {
    public static func info(_ line: String) { emit(LOG_INFO, "redactfs: " + line) }
    public static func error(_ line: String) { emit(LOG_ERR, "redactfs: error: " + line) }
    /// Detail for whoever tunes or debugs (stage timings): only with
    /// `--verbose`.
    public static func debug(_ line: String) {
        if verbose.load(ordering: .relaxed) { emit(LOG_DEBUG, "redactfs: " + line) }
    }

    private static let verbose = Atomic<Bool>(false)
    public static func setVerbose(_ on: Bool) { verbose.store(on, ordering: .relaxed) }

    /// A descriptor to write to, or `syslogTarget`.
    private static let target = Atomic<Int32>(2)
    private static let syslogTarget: Int32 = -1

    /// Appends to `path` (created 0600): from now on every line goes there.
    /// The descriptor closes on exec, so workers never inherit it.
    public static func toFile(_ path: String) throws(Errno) {
        let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        let old = target.exchange(fd, ordering: .acquiringAndReleasing)
        if old > 2 { close(old) }
    }

    /// Whether lines go to a file of the user's choosing.
    public static var hasFile: Bool { target.load(ordering: .acquiring) > 2 }

    /// From now on every line goes to syslog (the journal on systemd
    /// machines), facility user, tagged `redactfs[PID]`. glibc's socket to
    /// /dev/log is local (AF_UNIX) and closes on exec.
    public static func toSyslog() {
        openlog(ident, LOG_PID, LOG_USER)
        target.store(syslogTarget, ordering: .releasing)
    }

    /// openlog keeps the pointer: it must live as long as the process.
    nonisolated(unsafe) private static let ident: UnsafeMutablePointer<CChar> = strdup("redactfs")

    private static func emit(_ priority: Int32, _ line: String) {
        let fd = target.load(ordering: .acquiring)
        if fd == syslogTarget {
            line.withCString { s in withVaList([s]) { vsyslog(priority, "%s", $0) } }
            return
        }
        // One write(2) per line so concurrent lines never interleave.
        var bytes = Array(line.utf8)
        bytes.append(10)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
