/// How source names become names in the mount, and back.
///
/// `a.pdf` (extension in any case) shows as `a.redacted.pdf`; directories
/// keep their names; everything else, and every dotfile, is not shown.
/// Collisions are settled deterministically: a directory wins over a file,
/// and among files the bytewise-first source name wins (`a.PDF` before
/// `a.pdf`), so a listing and a lookup always agree.
public enum NameMap {
    public static let outputSuffix = ".redacted.pdf"

    /// What a directory entry is, as far as naming cares.
    public enum EntryKind: Sendable, Equatable {
        case directory
        case file
    }

    /// The name a source file shows under, or nil if it is not shown.
    public static func outputName(forFile name: String) -> String? {
        guard !name.hasPrefix("."), let stem = pdfStem(name) else { return nil }
        return stem + outputSuffix
    }

    /// The name a source directory shows under, or nil if it is hidden.
    public static func outputName(forDirectory name: String) -> String? {
        name.hasPrefix(".") ? nil : name
    }

    /// `letter` for `letter.pdf` / `letter.PDF`; nil for other names and
    /// for a bare `.pdf`.
    static func pdfStem(_ name: String) -> String? {
        let u = Array(name.utf8)
        guard u.count > 4 else { return nil }
        let ext = u[(u.count - 4)...]
        guard ext.first == UInt8(ascii: "."),
              String(decoding: ext.dropFirst(), as: UTF8.self).lowercased() == "pdf" else { return nil }
        return String(decoding: u[..<(u.count - 4)], as: UTF8.self)
    }

    /// Maps a directory's entries (source name and kind, in any order) to
    /// shown name → (source name, kind). The same input always gives the
    /// same map, whatever order the entries came in.
    public static func map(_ entries: [(name: String, kind: EntryKind)]) -> [String: (source: String, kind: EntryKind)] {
        let sorted = entries.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var out: [String: (source: String, kind: EntryKind)] = [:]
        for e in sorted where e.kind == .directory {
            if let shown = outputName(forDirectory: e.name) { out[shown] = (e.name, .directory) }
        }
        for e in sorted where e.kind == .file {
            if let shown = outputName(forFile: e.name), out[shown] == nil { out[shown] = (e.name, .file) }
        }
        return out
    }
}
