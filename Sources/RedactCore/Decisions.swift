/// What a user decided about one document, as a difference from what
/// detection proposes: detections kept visible, strings to redact wherever
/// they stand in it, and areas to black out. A document nobody reviewed has
/// no entry. Stored sealed (`SealedKind.decisions`), all documents in one
/// file; the layout is in redactfs-decisions(5).
public struct DocumentDecisions: Equatable, Sendable {
    public var binding: DocumentBinding
    public var kept: [KeptDetection] = []
    /// Added strings, as typed; matched like always-redact terms, in this
    /// document only.
    public var added: [String] = []
    public var areas: [Area] = []

    public init(binding: DocumentBinding) { self.binding = binding }

    public var isEmpty: Bool { kept.isEmpty && added.isEmpty && areas.isEmpty }

    /// A box to black out on a page, in points from the page's top-left.
    public struct Area: Equatable, Sendable {
        public var page: Int
        public var rect: Rect
        public init(page: Int, rect: Rect) { self.page = page; self.rect = rect }
    }
}

/// A detection the user keeps visible on one page, named by what it is
/// rather than by its number in a listing: the page, the category and the
/// text. Every detection of that category and text on that page stays
/// visible (a listing shows them as one entry); the same text on another
/// page is decided there. A source that changed so that no such detection
/// exists any more leaves the decision stale: reported, never applied to
/// something else.
public struct KeptDetection: Hashable, Sendable {
    public var page: Int
    public var category: Category
    public var text: String

    public init(page: Int, category: Category, text: String) {
        self.page = page
        self.category = category
        self.text = text
    }
}

/// Which file decisions belong to. The same inode of the same file system,
/// born at the same time, is the same document wherever it was moved or
/// renamed to (the birth time tells it from a later file that reuses the
/// inode number). A file under a new inode (copied, or saved by writing a
/// new file over the old name) is the same document only if its content is
/// the same, byte for byte (`contentDigest`, SHA-256 of the file). Another
/// file that takes the name is not.
public struct DocumentBinding: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var birthSeconds: Int64
    public var birthNanoseconds: UInt32
    /// The file's size: only a file of this size can have this content,
    /// so no other file is read whole to find out.
    public var size: UInt64
    public var contentDigest: [UInt8]

    public init(device: UInt64, inode: UInt64, birthSeconds: Int64, birthNanoseconds: UInt32, size: UInt64,
                contentDigest: [UInt8]) {
        self.device = device
        self.inode = inode
        self.birthSeconds = birthSeconds
        self.birthNanoseconds = birthNanoseconds
        self.size = size
        self.contentDigest = contentDigest
    }

    /// The same inode, born at the same time. A birth time of zero (a file
    /// system that keeps none) never matches: the inode alone is not proof.
    public func sameFile(_ other: DocumentBinding) -> Bool {
        device == other.device && inode == other.inode && birthSeconds == other.birthSeconds
            && birthNanoseconds == other.birthNanoseconds && (birthSeconds != 0 || birthNanoseconds != 0)
    }
}

/// Every document's decisions, and their byte layout.
public struct DecisionBook: Equatable, Sendable {
    public var documents: [DocumentDecisions] = []

    public init(documents: [DocumentDecisions] = []) { self.documents = documents }

    /// The decisions for the file with `file`'s inode and birth, else for
    /// one with its content. `digest` (the whole file read) is asked for
    /// only when an entry has `file`'s size; a failure to read it fails the
    /// lookup, never passes as "no decisions".
    public func find<E: Error>(_ file: DocumentBinding, digest: () throws(E) -> [UInt8]) throws(E) -> DocumentDecisions? {
        if let d = documents.first(where: { $0.binding.sameFile(file) }) { return d }
        let sameSize = documents.filter { $0.binding.size == file.size }
        if sameSize.isEmpty { return nil }
        let content = try digest()
        return sameSize.first { $0.binding.contentDigest == content }
    }

    /// Sets (or, when empty, removes) the entry for `decisions.binding`'s document.
    public mutating func set(_ decisions: DocumentDecisions) {
        documents.removeAll { $0.binding.sameFile(decisions.binding) || $0.binding.contentDigest == decisions.binding.contentDigest }
        if !decisions.isEmpty { documents.append(decisions) }
    }

    // MARK: - Bytes (redactfs-decisions(5))

    public static let formatVersion: UInt8 = 1

    public enum DecodeError: Error, Equatable, Sendable {
        case version(UInt8)
        case truncated
        case invalid(String)
    }

    public func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.u8(Self.formatVersion)
        w.u32(documents.count)
        for d in documents {
            w.u64(d.binding.device); w.u64(d.binding.inode)
            w.u64(UInt64(bitPattern: d.binding.birthSeconds)); w.u32(Int(d.binding.birthNanoseconds))
            w.u64(d.binding.size)
            w.bytes(d.binding.contentDigest)
            w.u32(d.kept.count)
            for k in d.kept {
                w.u32(k.page); w.string(k.category.rawValue); w.string(k.text)
            }
            w.u32(d.added.count)
            for a in d.added { w.string(a) }
            w.u32(d.areas.count)
            for a in d.areas {
                w.u32(a.page)
                for v in [a.rect.x, a.rect.y, a.rect.width, a.rect.height] { w.u64(v.bitPattern) }
            }
        }
        return w.out
    }

    public static func decode(_ b: [UInt8]) throws(DecodeError) -> DecisionBook {
        var r = ByteReader(b)
        let v = try r.u8()
        guard v == formatVersion else { throw .version(v) }
        var book = DecisionBook()
        for _ in 0..<(try r.count()) {
            let device = try r.u64(), inode = try r.u64()
            let birth = Int64(bitPattern: try r.u64()), nanos = try r.u32()
            guard nanos < 1_000_000_000 else { throw .invalid("birth nanoseconds") }
            let size = try r.u64()
            let digest = try r.bytes()
            var d = DocumentDecisions(binding: DocumentBinding(device: device, inode: inode, birthSeconds: birth,
                                                               birthNanoseconds: UInt32(nanos), size: size, contentDigest: digest))
            for _ in 0..<(try r.count()) {
                let page = try r.u32()
                guard let category = Category(rawValue: try r.string()) else { throw .invalid("category") }
                d.kept.append(KeptDetection(page: page, category: category, text: try r.string()))
            }
            for _ in 0..<(try r.count()) { d.added.append(try r.string()) }
            for _ in 0..<(try r.count()) {
                let page = try r.u32()
                let x = Double(bitPattern: try r.u64()), y = Double(bitPattern: try r.u64())
                let w = Double(bitPattern: try r.u64()), h = Double(bitPattern: try r.u64())
                guard [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0 else { throw .invalid("area") }
                d.areas.append(.init(page: page, rect: Rect(x: x, y: y, width: w, height: h)))
            }
            book.documents.append(d)
        }
        guard r.atEnd else { throw .invalid("bytes after the last document") }
        return book
    }
}

/// Big-endian fields: u8, u32, u64; byte strings and UTF-8 strings as a
/// u32 length and the bytes.
struct ByteWriter {
    var out: [UInt8] = []
    mutating func u8(_ v: UInt8) { out.append(v) }
    mutating func u32(_ v: Int) {
        precondition(v >= 0 && v <= Int(UInt32.max), "u32 out of range")
        for s in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> s)) }
    }
    mutating func u64(_ v: UInt64) {
        for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: v >> UInt64(s))) }
    }
    mutating func bytes(_ b: [UInt8]) { u32(b.count); out += b }
    mutating func string(_ s: String) { bytes(Array(s.utf8)) }
}

struct ByteReader {
    let b: [UInt8]
    var at = 0
    init(_ b: [UInt8]) { self.b = b }
    var atEnd: Bool { at == b.count }

    mutating func take(_ n: Int) throws(DecisionBook.DecodeError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= b.count - at else { throw .truncated }
        defer { at += n }
        return b[at..<(at + n)]
    }
    mutating func u8() throws(DecisionBook.DecodeError) -> UInt8 { try take(1).first! }
    mutating func u32() throws(DecisionBook.DecodeError) -> Int {
        try take(4).reduce(0) { $0 << 8 | Int($1) }
    }
    mutating func u64() throws(DecisionBook.DecodeError) -> UInt64 {
        try take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    /// A count of entries: each takes at least a byte, so a count larger
    /// than what is left is damage, not a reason to allocate.
    mutating func count() throws(DecisionBook.DecodeError) -> Int {
        let n = try u32()
        guard n <= b.count - at else { throw .truncated }
        return n
    }
    mutating func bytes() throws(DecisionBook.DecodeError) -> [UInt8] { Array(try take(try u32())) }
    mutating func string() throws(DecisionBook.DecodeError) -> String {
        let raw = try bytes()
        guard let s = String(validating: raw, as: UTF8.self) else { throw .invalid("text is not UTF-8") }
        return s
    }
}
