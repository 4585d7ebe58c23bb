#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how the mount is (sd_notify), by hand: libfuse 3.14 does
/// not do it. The only socket the program opens besides the FUSE device
/// and syslog's, and only when systemd hands us $NOTIFY_SOCKET.
public enum SystemdNotify {
    /// The mount is up.
    public static func ready() { send("READY=1") }

    /// A line `systemctl status` shows. Counts only: the journal outlives
    /// the mount, so no file names.
    public static func status(_ line: String) { send("STATUS=" + line) }

    /// The mount is going away (a signal or an unmount ended the loop).
    public static func stopping() { send("STOPPING=1") }

    /// Whether systemd listens (so callers can skip building a status).
    public static var isListening: Bool {
        guard let env = getenv("NOTIFY_SOCKET") else { return false }
        return env.pointee != 0
    }

    private static func send(_ message: String) {
        guard let env = getenv("NOTIFY_SOCKET") else { return }
        var path = String(cString: env)
        guard !path.isEmpty else { return }
        // "@name" is an abstract socket: a leading NUL byte.
        let abstract = path.hasPrefix("@")
        if abstract { path.removeFirst() }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let cap = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count + (abstract ? 1 : 0) < cap else { return }
        withUnsafeMutableBytes(of: &addr.sun_path) { p in
            var o = 0
            if abstract { p[0] = 0; o = 1 }
            for (i, b) in bytes.enumerated() { p[o + i] = b }
        }
        let len = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 1 : 0))
        let msg = Array(message.utf8)
        _ = withUnsafePointer(to: &addr) { ap in
            ap.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                msg.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, sa, len) }
            }
        }
    }
}
