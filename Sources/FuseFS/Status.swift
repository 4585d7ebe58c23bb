#if canImport(Glibc)
import Glibc
#endif
import CFuse
import Posix
import RedactCore
import Synchronization

/// What a mount tells about itself: `MOUNTPOINT/.redactfs/status`, a
/// read-only JSON document made at each open (renders in flight with their
/// pages, the queue, cache use, counters since the mount, the latest
/// failures, and every file failing now with its reason).
///
/// Not an extended attribute: `ls -l` asks every file for its security
/// label, and answering getxattr at all would cost each listed file a
/// round trip to the daemon. Not a socket: nothing to connect to, and only
/// whoever may enter the mount may read it. The folder is never listed (no
/// source dotfile is shown, so the name is free), so `cp -r`, `rsync`,
/// `tar` and `find` never see it.
public enum ControlFiles {
    public static let folder = ".redactfs"
    public static let status = ".redactfs/status"
    static let folderPath = "/" + folder
    static let statusPath = "/" + status
    /// Handles of control files have this bit set; output handles never do.
    static let handleBit: UInt64 = 1 << 63

    static func isControl(_ path: String) -> Bool {
        path == folderPath || path.hasPrefix(folderPath + "/")
    }
}

/// Snapshots of the status file, one per open handle.
final class ControlHandles: Sendable {
    private let state = Mutex<(next: UInt64, open: [UInt64: [UInt8]])>((1, [:]))

    func open(_ bytes: [UInt8]) -> UInt64 {
        state.withLock { s in
            let h = s.next | ControlFiles.handleBit
            s.next += 1
            s.open[h] = bytes
            return h
        }
    }

    func read(_ h: UInt64, into buf: UnsafeMutablePointer<CChar>, size: Int, offset: Int64) -> Int32 {
        state.withLock { s in
            guard let b = s.open[h] else { return -EBADF }
            guard offset >= 0, offset < Int64(b.count) else { return 0 }
            let n = min(size, b.count - Int(offset))
            b.withUnsafeBytes { UnsafeMutableRawPointer(buf).copyMemory(from: $0.baseAddress! + Int(offset), byteCount: n) }
            return Int32(n)
        }
    }

    func release(_ h: UInt64) {
        _ = state.withLock { $0.open.removeValue(forKey: h) }
    }
}

extension RedactFS {
    /// getattr of the control folder and its file; nil for other paths.
    func controlAttributes(_ path: String) -> stat? {
        guard ControlFiles.isControl(path) else { return nil }
        var st = stat()
        guard let root = try? tree.root.status() else { return nil }
        st.st_uid = root.uid
        st.st_gid = root.gid
        st.st_mtim = Self.wallClock()
        st.st_ctim = st.st_mtim
        st.st_atim = st.st_mtim
        st.st_blksize = 4096
        if path == ControlFiles.folderPath {
            st.st_mode = mode_t(Glibc.S_IFDIR) | 0o555
            st.st_nlink = 2
            st.st_size = 4096
            st.st_ino = ino_t(ControlFiles.handleBit | 1)
        } else if path == ControlFiles.statusPath {
            // Size 0: the document is made at open and read with direct
            // I/O, so readers read to its end whatever the size says.
            st.st_mode = mode_t(Glibc.S_IFREG) | 0o444
            st.st_nlink = 1
            st.st_ino = ino_t(ControlFiles.handleBit | 2)
        } else {
            return nil
        }
        return st
    }

    /// The status document. Shown paths, page counts, sizes, counters and
    /// failure reasons: never document text.
    public func statusJSON() -> String {
        let now = Self.monotonic()
        let (renders, recent, failing) = activity.snapshot()
        let cur = current.withLock { ($0.redactor != nil, $0.failure) }
        func document(failures: ArraySlice<Activity.Failure>) -> String {
            var o = "{\"version\":1"
            o += ",\"source\":" + JSONText.quoted(tree.rootPath)
            o += ",\"mounted_at\":\(mountedAt)"
            o += ",\"pid\":\(getpid())"
            o += ",\"serving\":\(cur.0)"
            if let why = cur.1 { o += ",\"not_serving_because\":" + JSONText.quoted(why) }
            o += ",\"office\":{\"shown\":\(tree.showsOffice)"
            if !tree.showsOffice { o += ",\"reason\":" + JSONText.quoted(NameMap.officeNotShownReason) }
            o += "}"
            o += ",\"renders\":[" + renders.map { r in
                "{\"file\":\(JSONText.quoted(r.shown)),\"page\":\(r.page),\"pages\":\(r.pages),"
                    + "\"seconds\":\(tenths(now - r.started)),"
                    + "\"prefetch\":\(r.prefetch)}"
            }.joined(separator: ",") + "]"
            o += ",\"queued\":{\"opens\":\(scheduler.queuedOpens),\"prefetch\":\(scheduler.queuedPrefetches)}"
            o += ",\"cache\":{\"memory_bytes\":\(cache.heldBytes),\"memory_budget\":\(cache.budget)"
            o += ",\"sealed_bytes\":\(cache.sealedHeldBytes),\"disk_cache\":\(options.disk != nil)}"
            let s = stats
            let counters: [(String, Int)] = [
                ("renders", s.renders.load(ordering: .relaxed)),
                ("prefetched", s.prefetchRenders.load(ordering: .relaxed)),
                ("memory_hits", s.memoryHits.load(ordering: .relaxed)),
                ("sealed_hits", s.sealedHits.load(ordering: .relaxed)),
                ("disk_hits", s.diskHits.load(ordering: .relaxed)),
                ("failures", s.failures.load(ordering: .relaxed)),
                ("deadlines", s.deadlines.load(ordering: .relaxed)),
                ("interrupted", s.interrupts.load(ordering: .relaxed)),
                ("evictions", s.evictions.load(ordering: .relaxed)),
            ]
            o += ",\"counters\":{" + counters.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            o += ",\"failing\":[" + failing.map { f in
                "{\"file\":\(JSONText.quoted(f.shown)),\"reason\":\(JSONText.quoted(f.reason)),\"at\":\(f.at)}"
            }.joined(separator: ",") + "]"
            o += ",\"recent_failures\":[" + failures.map { f in
                "{\"file\":\(JSONText.quoted(f.shown)),\"reason\":\(JSONText.quoted(f.reason)),\"at\":\(f.at)}"
            }.joined(separator: ",") + "]}"
            return o
        }
        return document(failures: recent[...])
    }

    private func tenths(_ seconds: Double) -> String {
        let t = Int((max(0, seconds) * 10).rounded())
        return "\(t / 10).\(t % 10)"
    }

    /// One line for systemd's STATUS=: counts only (the journal keeps it).
    public var statusLine: String {
        let (renders, _, failing) = activity.snapshot()
        let serving = current.withLock { $0.redactor != nil }
        guard serving else { return "not serving: the always-redact terms cannot be loaded" }
        let pages = renders.map { $0.pages > 0 ? "\($0.page)/\($0.pages)" : "?" }.joined(separator: ", ")
        var line = renders.isEmpty ? "idle" : "rendering \(renders.count) file(s) (pages \(pages))"
        let queued = scheduler.queuedOpens
        if queued > 0 { line += ", \(queued) queued" }
        line += "; \(stats.renders.load(ordering: .relaxed)) rendered, "
            + "\(stats.failures.load(ordering: .relaxed)) failed opens, \(failing.count) file(s) failing"
        return line
    }
}
