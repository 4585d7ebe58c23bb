/// How source names become names in the mount, and back.
///
/// The extension (in any case) decides what a file shows as:
///
///     a.pdf                        a.redacted.pdf   every page rasterized
///     c.jpg / c.jpeg               c.redacted.jpg   re-encoded from pixels
///     d.png / .webp / .bmp / .gif  d.redacted.png   re-encoded from pixels (GIF: first frame)
///     b.tif / b.tiff, one page     b.redacted.png   re-encoded from pixels
///     b.tif / b.tiff, more pages   b.redacted.pdf   every TIFF page, one PDF page each
///     e.txt / .md / .log           e.redacted.txt   spans masked, lines kept (UTF-8)
///     g.csv / .tsv                 g.redacted.csv   spans masked in the cells, columns kept
///     h.json                       h.redacted.json  spans masked in the strings, still JSON
///     m.eml                        m.redacted.eml   a new message: headers, bodies, attachments redacted
///     o.docx / .odt / .xlsx / .ods o.redacted.pdf   converted by LibreOffice, then as a PDF
///       / .pptx / .odp / .doc / .rtf                (only where LibreOffice is installed)
///
/// Directories keep their names; everything else, and every dotfile, is
/// not shown. A TIFF is the one file whose shown name depends on more than
/// its name: the lister says whether it holds a second page
/// (`EntryKind.multiPageImage`). Collisions are settled
/// deterministically: a directory wins over a file, and among files the
/// bytewise-first source name wins (`a.PDF` before `a.pdf`, `a.docx`
/// before `a.pdf`, `a.jpeg` before `a.jpg`, `a.pdf` before a multi-page
/// `a.tif`, `a.png` before a single-page one), so a listing and a lookup
/// always agree. Office documents take part only where LibreOffice is
/// installed (`map(_:office:rename:)`).
public enum NameMap {
    public static let outputSuffix = ".redacted.pdf"

    /// What a directory entry is, as far as naming cares.
    public enum EntryKind: Sendable, Equatable {
        case directory
        case file
        /// A file holding more than one page (a multi-page TIFF): shown as a PDF.
        case multiPageImage
    }

    /// What a source file is, by its extension.
    public enum SourceType: Sendable, Equatable, CaseIterable {
        case pdf, png, jpeg, tiff, webp, bmp, gif
        case txt, md, log, csv, tsv, json
        case eml
        case docx, odt, xlsx, ods, pptx, odp, doc, rtf

        /// An office document, converted to a PDF by LibreOffice.
        public var isOffice: Bool {
            switch self {
            case .docx, .odt, .xlsx, .ods, .pptx, .odp, .doc, .rtf: return true
            default: return false
            }
        }

        /// Text read and written as text, its extension kept.
        public var isText: Bool {
            switch self {
            case .txt, .md, .log, .csv, .tsv, .json: return true
            default: return false
            }
        }
    }

    /// What is written for a source.
    public enum OutputType: Sendable, Equatable, CaseIterable {
        case pdf, png, jpeg
        case txt, md, log, csv, tsv, json
        case eml

        public var suffix: String {
            switch self {
            case .pdf: return ".redacted.pdf"
            case .png: return ".redacted.png"
            case .jpeg: return ".redacted.jpg"
            case .txt: return ".redacted.txt"
            case .md: return ".redacted.md"
            case .log: return ".redacted.log"
            case .csv: return ".redacted.csv"
            case .tsv: return ".redacted.tsv"
            case .json: return ".redacted.json"
            case .eml: return ".redacted.eml"
            }
        }

        /// Text (UTF-8), not pixels.
        public var isText: Bool {
            switch self {
            case .txt, .md, .log, .csv, .tsv, .json: return true
            case .pdf, .png, .jpeg, .eml: return false
            }
        }
    }

    static let extensions: [String: SourceType] = [
        "pdf": .pdf, "png": .png, "jpg": .jpeg, "jpeg": .jpeg, "tif": .tiff, "tiff": .tiff,
        "webp": .webp, "bmp": .bmp, "gif": .gif,
        "txt": .txt, "md": .md, "log": .log, "csv": .csv, "tsv": .tsv, "json": .json, "eml": .eml,
        "docx": .docx, "odt": .odt, "xlsx": .xlsx, "ods": .ods, "pptx": .pptx, "odp": .odp, "doc": .doc, "rtf": .rtf,
    ]

    /// The extensions of office documents, as the man page lists them.
    public static let officeExtensions = ["docx", "odt", "xlsx", "ods", "pptx", "odp", "doc", "rtf"]

    /// Why office documents are not shown, for `redactfs status`.
    public static var officeNotShownReason: String {
        "LibreOffice (soffice) not found: " + officeExtensions.map { "." + $0 }.joined(separator: " ")
            + " files are not shown"
    }

    /// The output type written for a source type.
    public static func outputType(for source: SourceType, multiPage: Bool = false) -> OutputType {
        switch source {
        case .pdf: return .pdf
        case .tiff: return multiPage ? .pdf : .png
        case .jpeg: return .jpeg
        case .png, .webp, .bmp, .gif: return .png
        case .txt: return .txt
        case .md: return .md
        case .log: return .log
        case .csv: return .csv
        case .tsv: return .tsv
        case .json: return .json
        case .eml: return .eml
        case .docx, .odt, .xlsx, .ods, .pptx, .odp, .doc, .rtf: return .pdf
        }
    }

    /// The output type a shown name ends in (`x.redacted.png` → `.png`).
    public static func outputType(forShown name: String) -> OutputType? {
        for t in OutputType.allCases where name.hasSuffix(t.suffix) { return t }
        return nil
    }

    /// The source type of a file name, or nil if such files are not shown.
    public static func sourceType(forFile name: String) -> SourceType? {
        guard !name.hasPrefix("."), let (_, type) = split(name) else { return nil }
        return type
    }

    /// The output type of a file name, or nil if such files are not shown.
    public static func outputType(forFile name: String, multiPage: Bool = false) -> OutputType? {
        sourceType(forFile: name).map { outputType(for: $0, multiPage: multiPage) }
    }

    /// The name a source file shows under, or nil if it is not shown.
    public static func outputName(forFile name: String, multiPage: Bool = false) -> String? {
        guard !name.hasPrefix("."), let (stem, type) = split(name) else { return nil }
        return stem + outputType(for: type, multiPage: multiPage).suffix
    }

    /// The name a source directory shows under, or nil if it is hidden.
    public static func outputName(forDirectory name: String) -> String? {
        name.hasPrefix(".") ? nil : name
    }

    /// (`letter`, .pdf) for `letter.pdf` / `letter.PDF`; nil for other
    /// extensions and for a bare `.pdf`.
    static func split(_ name: String) -> (stem: String, type: SourceType)? {
        let u = Array(name.utf8)
        guard let dot = u.lastIndex(of: UInt8(ascii: ".")), dot > 0, u.count - dot - 1 <= 4 else { return nil }
        let ext = String(decoding: u[(dot + 1)...], as: UTF8.self).lowercased()
        guard let type = extensions[ext] else { return nil }
        return (String(decoding: u[..<dot], as: UTF8.self), type)
    }

    /// Maps a directory's entries (source name and kind, in any order) to
    /// shown name → (source name, kind). The same input always gives the
    /// same map, whatever order the entries came in. `rename` is applied to
    /// directory names and file stems (the mount passes the always-redact
    /// terms' `redactName`). Office documents take part only with
    /// `office` (LibreOffice is installed); without it they are not shown
    /// and take no name from another file.
    public static func map(_ entries: [(name: String, kind: EntryKind)], office: Bool = false,
                           rename: (String) -> String = { $0 }) -> [String: (source: String, kind: EntryKind)] {
        let sorted = entries.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var out: [String: (source: String, kind: EntryKind)] = [:]
        // Names that only differ in what `rename` took out would collide;
        // they get " (2)", " (3)" … in source order, so none is hidden.
        var renamedNames: Set<String> = []
        func place(_ shown: String, suffix: String, _ value: (source: String, kind: EntryKind), renamed: Bool) {
            if out[shown + suffix] == nil {
                out[shown + suffix] = value
                if renamed { renamedNames.insert(shown + suffix) }
                return
            }
            guard renamed || renamedNames.contains(shown + suffix) else { return }
            var n = 2
            while out["\(shown) (\(n))\(suffix)"] != nil { n += 1 }
            out["\(shown) (\(n))\(suffix)"] = value
        }
        for e in sorted where e.kind == .directory {
            guard let shown = outputName(forDirectory: e.name) else { continue }
            let r = rename(shown)
            place(r, suffix: "", (e.name, .directory), renamed: r != shown)
        }
        for e in sorted where e.kind != .directory {
            guard !e.name.hasPrefix("."), let (stem, type) = split(e.name), office || !type.isOffice else { continue }
            let r = rename(stem)
            place(r, suffix: outputType(for: type, multiPage: e.kind == .multiPageImage).suffix,
                  (e.name, e.kind), renamed: r != stem)
        }
        return out
    }
}
