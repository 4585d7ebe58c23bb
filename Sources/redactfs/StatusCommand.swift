#if canImport(Glibc)
import Glibc
#endif
import Foundation
import FuseFS
import Posix
import RedactCore

/// `redactfs status [PATH...] [--json]`: what a mount is doing, read from
/// its `.redactfs/status` file; for a file in a mount, why it could not be
/// served. Without PATH, every redactfs mount this process can see.
struct StatusCommand {
    var paths: [String]
    var json: Bool

    static func parse(_ args: [String]) throws(UsageError) -> StatusCommand {
        var c = ArgumentCursor(args, usage: Usage.status)
        var paths: [String] = []
        var json = false
        while let a = c.next() {
            switch a {
            case "--json": json = true
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option '\(a)'", usage: Usage.status) }
                paths.append(a)
            }
        }
        return StatusCommand(paths: paths, json: json)
    }

    func run() -> ExitCode {
        let mounts = Self.mounts()
        var targets = paths
        if targets.isEmpty {
            targets = mounts
            if targets.isEmpty {
                printErr("Error: no redactfs mount")
                return .noInput
            }
        }
        var code = ExitCode.success
        for (i, path) in targets.enumerated() {
            if !json && i > 0 { printOut("") }
            if let failed = show(path, mounts: mounts) { code = failed }
        }
        return code
    }

    /// Prints one path's status; the exit code when it has none to give.
    private func show(_ path: String, mounts: [String]) -> ExitCode? {
        guard let r = realpath(path, nil) else {
            printErr("Error: \(path): \(Errno.current)")
            return .noInput
        }
        let full = String(cString: r)
        free(r)
        // The innermost mount holding the path.
        guard let root = mounts.filter({ full == $0 || full.hasPrefix($0 == "/" ? "/" : $0 + "/") })
            .max(by: { $0.utf8.count < $1.utf8.count }) else {
            printErr("Error: \(path) is not a redactfs mount or a file in one")
            return .noInput
        }
        let doc: [UInt8]
        do { doc = try Self.readAll(root + "/" + ControlFiles.status) } catch {
            printErr("Error: cannot read the status of \(root): \(error)")
            return error == Errno(rawValue: EACCES) ? .noInput : .ioError
        }
        guard let obj = try? JSONSerialization.jsonObject(with: Data(doc)) as? [String: Any] else {
            printErr("Error: \(root): the mount's status is not readable JSON")
            return .dataError
        }
        if full == root {
            printOut(json ? String(decoding: doc, as: UTF8.self) : Self.describe(obj, mountpoint: path))
            return nil
        }
        // A file in the mount: its reason, if it is failing now.
        let relative = String(full.dropFirst(root == "/" ? 1 : root.utf8.count + 1))
        let failing = obj["failing"] as? [[String: Any]] ?? []
        let reason = failing.first { ($0["file"] as? String) == relative }?["reason"] as? String
        if json {
            printOut("{\"file\":\(JSONText.quoted(path)),\"error\":\(reason.map(JSONText.quoted) ?? "null")}")
        } else if let reason {
            printOut("\(path): \(reason)")
        } else {
            printOut("\(path): no failure recorded (it was served, or has not been opened since the mount)")
        }
        return nil
    }

    static func readAll(_ path: String) throws(Errno) -> [UInt8] {
        let fd = try FileDescriptor.open(path, flags: O_RDONLY)
        var all: [UInt8] = []
        while true {
            let piece = try fd.read(count: 1 << 16, at: Int64(all.count))
            if piece.isEmpty { return all }
            all += piece
        }
    }

    /// Mount points of type fuse.redactfs, from /proc/self/mounts.
    static func mounts() -> [String] {
        guard let table = MountPointProblem.readMounts() else { return [] }
        return table.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count >= 3, f[2] == "fuse.redactfs" else { return nil }
            return MountPointProblem.unescape(String(f[1]))
        }
    }

    // MARK: - Human-readable

    static func describe(_ s: [String: Any], mountpoint: String) -> String {
        func int(_ v: Any?) -> Int { (v as? NSNumber)?.intValue ?? 0 }
        var lines: [String] = []
        let since = int(s["mounted_at"])
        let up = since > 0 ? " for \(duration(Int(time(nil)) - since))" : ""
        lines.append("\(mountpoint): redacted view of \(s["source"] as? String ?? "?") (pid \(int(s["pid"])), mounted\(up))")
        if (s["serving"] as? Bool) == false {
            lines.append("  NOT SERVING: \(s["not_serving_because"] as? String ?? "the always-redact terms cannot be loaded")")
        }
        if let office = s["office"] as? [String: Any] {
            lines.append((office["shown"] as? Bool) == true
                ? "  office files: shown (converted by LibreOffice)"
                : "  office files: not shown: \(office["reason"] as? String ?? "LibreOffice (soffice) not found")")
        }
        let renders = s["renders"] as? [[String: Any]] ?? []
        if renders.isEmpty {
            lines.append("  rendering: nothing")
        } else {
            lines.append("  rendering:")
            for r in renders {
                let pages = int(r["pages"]) > 0 ? "page \(int(r["page"])) of \(int(r["pages"]))" : "starting"
                let secs = (r["seconds"] as? NSNumber)?.doubleValue ?? 0
                let bg = (r["prefetch"] as? Bool) == true ? " (prefetch)" : ""
                lines.append("    \(r["file"] as? String ?? "?"): \(pages), \(String(format: "%.1f", secs)) s\(bg)")
            }
        }
        let q = s["queued"] as? [String: Any] ?? [:]
        lines.append("  queued: \(int(q["opens"])) open(s), \(int(q["prefetch"])) prefetch")
        let c = s["cache"] as? [String: Any] ?? [:]
        lines.append("  cache: \(bytes(int(c["memory_bytes"]))) of \(bytes(int(c["memory_budget"]))) in memory, "
                     + "\(bytes(int(c["sealed_bytes"]))) sealed on disk; disk cache "
                     + ((c["disk_cache"] as? Bool) == true ? "on" : "off"))
        let k = s["counters"] as? [String: Any] ?? [:]
        lines.append("  since mount: \(int(k["renders"])) rendered (\(int(k["prefetched"])) prefetched), "
                     + "\(int(k["memory_hits"]) + int(k["sealed_hits"])) from memory, \(int(k["disk_hits"])) from disk, "
                     + "\(int(k["failures"])) failed open(s), \(int(k["deadlines"])) past the deadline, "
                     + "\(int(k["interrupted"])) interrupted")
        let failures = s["recent_failures"] as? [[String: Any]] ?? []
        if failures.isEmpty {
            lines.append("  failures: none")
        } else {
            lines.append("  failing now: \((s["failing"] as? [Any])?.count ?? 0) file(s); latest failures:")
            for f in failures.reversed() {
                lines.append("    \(clock(int(f["at"])))  \(f["file"] as? String ?? "?"): \(f["reason"] as? String ?? "?")")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func duration(_ s: Int) -> String {
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        if s < 86400 { return "\(s / 3600) h \(s % 3600 / 60) min" }
        return "\(s / 86400) d \(s % 86400 / 3600) h"
    }

    static func bytes(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1 << 20 { return String(format: "%.1f KiB", Double(n) / 1024) }
        if n < 1 << 30 { return String(format: "%.1f MiB", Double(n) / 1048576) }
        return String(format: "%.1f GiB", Double(n) / 1073741824)
    }

    /// Local time of day, HH:MM:SS.
    static func clock(_ epoch: Int) -> String {
        var t = time_t(epoch)
        var tm = tm()
        localtime_r(&t, &tm)
        return String(format: "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec)
    }
}
