/// One always-redact term: its text and whether it matches inside words
/// (`substring`) or only as whole words (the default).
public struct Term: Sendable, Equatable {
    public var text: String
    public var substring: Bool

    public init(text: String, substring: Bool = false) {
        self.text = text
        self.substring = substring
    }

    /// The form two terms are compared in to find duplicates: lowercased
    /// (Swift's `==` on strings already treats canonically equivalent
    /// Unicode as equal).
    public var folded: String { text.lowercased() }

    /// The longest term, in UTF-8 bytes.
    public static let maxBytes = 1024
    /// The most terms a list holds.
    public static let maxCount = 100_000

    /// Cleans one input line into a term's text: surrounding whitespace
    /// dropped, inner runs of whitespace made one space. Nil for a line
    /// that is empty after that.
    public static func normalize(_ line: Substring) -> String? {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for s in line.unicodeScalars {
            if s.isWhitespaceFast || s.value < 0x20 || (0x7F...0x9F).contains(s.value) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(s)
        }
        return out.isEmpty ? nil : String(out)
    }
}

/// What merging new terms into a list did (counts only, never text).
public struct TermMerge: Sendable, Equatable {
    public var added = 0
    /// Already present (after folding), left as they were.
    public var duplicates = 0
    /// Already present as whole-word terms and now substring terms.
    public var widened = 0
    public init() {}
}

extension Array where Element == Term {
    /// Adds terms not yet present (compared folded). A term given again
    /// with `substring` makes a whole-word entry a substring one (it then
    /// redacts more, never less); a term given again without it leaves the
    /// entry as it is.
    @discardableResult
    public mutating func merge(_ new: [Term]) -> TermMerge {
        var index: [String: Int] = [:]
        for (i, t) in enumerated() where index[t.folded] == nil { index[t.folded] = i }
        var r = TermMerge()
        for t in new {
            let f = t.folded
            if let i = index[f] {
                if t.substring && !self[i].substring {
                    self[i].substring = true
                    r.widened += 1
                } else {
                    r.duplicates += 1
                }
            } else {
                index[f] = count
                append(t)
                r.added += 1
            }
        }
        return r
    }
}

/// Why a decrypted term list was refused. Never quotes the list.
public enum TermCodecError: Error, Equatable, Sendable {
    case empty
    case unsupportedVersion(UInt8)
    case truncated(offset: Int)
    case reservedFlags(term: Int)
    case emptyTerm(term: Int)
    case termTooLong(term: Int)
    case invalidText(term: Int)
    case tooManyTerms(Int)
    case trailingBytes(offset: Int)

    public var message: String {
        switch self {
        case .empty: return "the term list is empty (not even a version byte)"
        case .unsupportedVersion(let v): return "the term list has version \(v), which this redactfs does not know"
        case .truncated(let o): return "the term list ends early at byte \(o)"
        case .reservedFlags(let i): return "term \(i) has unknown flag bits set"
        case .emptyTerm(let i): return "term \(i) is empty"
        case .termTooLong(let i): return "term \(i) is longer than \(Term.maxBytes) bytes"
        case .invalidText(let i): return "term \(i) is not valid UTF-8 text on one line"
        case .tooManyTerms(let n): return "the term list claims \(n) terms, more than \(Term.maxCount)"
        case .trailingBytes(let o): return "the term list has extra bytes after its last term (from byte \(o))"
        }
    }
}

/// The plaintext inside a sealed term file, documented in
/// redactfs-terms(5):
///
///     offset  size  field
///     0       1     version, 0x01
///     1       4     term count, big-endian
///     then per term:
///             1     flags: bit 0 substring, bits 1-7 zero
///             2     text length in bytes, big-endian, 1...1024
///             n     text, UTF-8, no control characters
///
/// Nothing may follow the last term.
public enum TermCodec {
    public static let version: UInt8 = 1
    static let flagSubstring: UInt8 = 0x01

    /// Encodes into secure memory.
    public static func encode(_ terms: [Term]) -> SecureBytes {
        var size = 5
        for t in terms { size += 3 + t.text.utf8.count }
        let out = SecureBytes(zeroedCount: size)
        out.withUnsafeMutableBytes { p in
            var o = 0
            func put(_ b: UInt8) { p[o] = b; o += 1 }
            put(version)
            let n = UInt32(terms.count)
            put(UInt8(n >> 24)); put(UInt8((n >> 16) & 0xFF)); put(UInt8((n >> 8) & 0xFF)); put(UInt8(n & 0xFF))
            for t in terms {
                let len = t.text.utf8.count
                precondition(len >= 1 && len <= Term.maxBytes, "term length checked before encoding")
                put(t.substring ? flagSubstring : 0)
                put(UInt8(len >> 8)); put(UInt8(len & 0xFF))
                for b in t.text.utf8 { put(b) }
            }
            precondition(o == size)
        }
        return out
    }

    public static func decode(_ plain: SecureBytes) throws(TermCodecError) -> [Term] {
        try plain.withUnsafeBytes { (p) throws(TermCodecError) in try decode(p) }
    }

    public static func decode(_ p: UnsafeRawBufferPointer) throws(TermCodecError) -> [Term] {
        guard p.count >= 1 else { throw .empty }
        guard p[0] == version else { throw .unsupportedVersion(p[0]) }
        guard p.count >= 5 else { throw .truncated(offset: p.count) }
        let n = Int(p[1]) << 24 | Int(p[2]) << 16 | Int(p[3]) << 8 | Int(p[4])
        guard n <= Term.maxCount else { throw .tooManyTerms(n) }
        var terms: [Term] = []
        terms.reserveCapacity(n)
        var o = 5
        for i in stride(from: 1, through: n, by: 1) {
            guard o + 3 <= p.count else { throw .truncated(offset: p.count) }
            let flags = p[o]
            guard flags & ~flagSubstring == 0 else { throw .reservedFlags(term: i) }
            let len = Int(p[o + 1]) << 8 | Int(p[o + 2])
            o += 3
            guard len > 0 else { throw .emptyTerm(term: i) }
            guard len <= Term.maxBytes else { throw .termTooLong(term: i) }
            guard o + len <= p.count else { throw .truncated(offset: p.count) }
            let bytes = UnsafeRawBufferPointer(rebasing: p[o..<(o + len)])
            guard let text = validText(bytes) else { throw .invalidText(term: i) }
            terms.append(Term(text: text, substring: flags & flagSubstring != 0))
            o += len
        }
        guard o == p.count else { throw .trailingBytes(offset: o) }
        return terms
    }

    /// The text if it is well-formed UTF-8 without control characters (so
    /// a term always fits on one line of `terms export`).
    static func validText(_ bytes: UnsafeRawBufferPointer) -> String? {
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var it = bytes.makeIterator()
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value)
                    || s.value == 0x2028 || s.value == 0x2029 { return nil }
                scalars.append(s)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        return String(scalars)
    }
}

/// Why lines of input could not become terms. Names lines, never text.
public enum TermInputError: Error, Equatable, Sendable {
    case invalidUTF8(line: Int)
    case tooLong(line: Int)
    case tooMany

    public var message: String {
        switch self {
        case .invalidUTF8(let l): return "line \(l) is not valid UTF-8 text"
        case .tooLong(let l): return "line \(l) is longer than \(Term.maxBytes) bytes; a term must be shorter"
        case .tooMany: return "more than \(Term.maxCount) terms"
        }
    }
}

extension Term {
    /// Terms from text with one term per line (LF or CRLF). Empty lines are
    /// skipped; each line is cleaned with `normalize`. The whole input is
    /// refused if any line is not UTF-8 or too long.
    public static func parseLines(_ bytes: UnsafeRawBufferPointer, substring: Bool) throws(TermInputError) -> [Term] {
        var terms: [Term] = []
        var line = 0
        var start = 0
        var i = 0
        while start < bytes.count {
            i = start
            while i < bytes.count && bytes[i] != 10 { i += 1 }
            line += 1
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
            var decoder = UTF8()
            var it = raw.makeIterator()
            var scalars = String.UnicodeScalarView()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s)
                case .emptyInput: break loop
                case .error: throw .invalidUTF8(line: line)
                }
            }
            if let text = normalize(Substring(String(scalars))) {
                guard text.utf8.count <= maxBytes else { throw .tooLong(line: line) }
                terms.append(Term(text: text, substring: substring))
                guard terms.count <= maxCount else { throw .tooMany }
            }
            start = i + 1
        }
        return terms
    }
}

extension Term {
    /// `parseLines` over an array.
    public static func parseLines(_ bytes: [UInt8], substring: Bool) throws(TermInputError) -> [Term] {
        let r: Result<[Term], TermInputError> = bytes.withUnsafeBytes { p in
            do throws(TermInputError) { return .success(try parseLines(p, substring: substring)) } catch { return .failure(error) }
        }
        return try r.get()
    }
}
