/// One pass over a page's scalars into tokens with line and table-cell
/// positions, the input of every context recognizer.
///
/// A word token is a run of letters and digits (apostrophes between letters
/// stay inside: `O'Brien`); a run of four or more letters directly followed
/// by digits is split there, because OCR fuses labels with their values
/// (`Kundennr12345`), and so is a lower-case run before an `O` and a digit
/// (`codeO4-OO-O4`, OCR's `O` for 0). Every other visible scalar is a one-scalar punctuation
/// token. Lines are counted over non-empty lines only; `gapBefore` says a
/// blank line came first, `pageBefore` that a form feed did. A tab, two or
/// more spaces, `|`, `·` and `•` start a new cell, which is how table columns
/// survive text extraction and OCR. Every tab and every `|` between two
/// tokens is a cell break of its own (`a⇥⇥b`, `| a | | b |`: an empty cell
/// between), and a tab opening a line is an empty first cell (`⇥12345 Ort`
/// is the right column): the page model writes a table row as its cells
/// joined by tabs, so cell indices line up from row to row.
struct Token {
    var start: Int32
    var end: Int32
    /// Index of the token's non-empty line.
    var line: Int32
    /// Index of the cell within the line.
    var cell: Int16
    var kind: Kind
    var flags: Flags
    /// WordHash of the folded scalars (words), or the scalar value (punctuation).
    var hash: UInt64
    var letters: UInt8
    var digits: UInt8

    enum Kind: UInt8 { case word, number, alnum, punct }

    struct Flags: OptionSet {
        var rawValue: UInt8
        /// First letter upper case, some lower case after it.
        static let capitalised = Flags(rawValue: 1)
        /// Has letters, none of them lower case.
        static let upper = Flags(rawValue: 2)
        /// White space (not a line break) right before the token.
        static let spaceBefore = Flags(rawValue: 4)
        static let lineStart = Flags(rawValue: 8)
        static let cellStart = Flags(rawValue: 16)
        /// A blank line comes before this token's line (first token only).
        static let gapBefore = Flags(rawValue: 32)
        /// First scalar is an upper-case letter.
        static let initialUpper = Flags(rawValue: 64)
        /// A form feed (page break) comes before this token's line (first token only).
        static let pageBefore = Flags(rawValue: 128)
    }

    @inline(__always) var range: Range<Int> { Int(start)..<Int(end) }
    @inline(__always) var isWord: Bool { kind == .word }
    @inline(__always) var isPunct: Bool { kind == .punct }
    @inline(__always) func isPunct(_ c: Unicode.Scalar) -> Bool { kind == .punct && hash == UInt64(c.value) }
    @inline(__always) var count: Int { Int(end - start) }
    @inline(__always) func has(_ f: Flags) -> Bool { flags.contains(f) }
    /// Glued to the previous token (no space, same line).
    @inline(__always) var glued: Bool { !flags.contains(.spaceBefore) && !flags.contains(.lineStart) }
}

/// The tokens of one page and where each non-empty line starts.
struct TokenStream {
    let text: Text
    var tokens: [Token] = []
    /// Index of the first token of each non-empty line, plus a final sentinel.
    var lineStarts: [Int32] = []

    init(_ s: Text) {
        text = s
        tokens.reserveCapacity(s.count / 5 + 8)
        let n = s.count
        var i = 0
        var line: Int32 = -1
        var cell: Int16 = 0
        var newLine = true
        var blankLines = 0
        var spaces = 0
        // Cell breaks since the last token: tabs and bars each count (a bar
        // opening a line is the table's border, not a break).
        var breaks = 0
        var tabs = 0
        var page = false
        // A line of nothing but a table's bars (`|`, the end of a row a
        // narrow page wrapped) is no blank line: the table goes on.
        var bars = false
        while i < n {
            let c = s[i]
            let v = c.value
            switch v {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                if v == 0x0D, i + 1 < n, s[i + 1].value == 0x0A { i += 1 }
                if v == 0x0C { page = true }
                if newLine { if !bars { blankLines += 1 } } else { newLine = true; blankLines = 0 }
                bars = false
                spaces = 0
                breaks = 0
                tabs = 0
                i += 1
                continue
            case 0x09:
                spaces += 2
                breaks += 1
                tabs += 1
                i += 1
                continue
            case 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
                spaces += 1
                i += 1
                continue
            case 0x7C, 0xB7, 0x2022, 0x2023, 0x25AA:  // | · • ‣ ▪
                if v == 0x7C { bars = true }
                breaks += 1
                spaces += 1
                i += 1
                continue
            case 0xAD, 0x200B, 0x200C, 0x200D, 0xFEFF:  // invisible
                i += 1
                continue
            default: break
            }
            var flags: Token.Flags = []
            if newLine {
                line += 1
                lineStarts.append(Int32(tokens.count))
                // Leading tabs are empty cells; a leading bar is a border.
                cell = Int16(min(tabs + max(0, breaks - tabs - 1), 64))
                flags.insert(.lineStart)
                flags.insert(.cellStart)
                if blankLines > 0 { flags.insert(.gapBefore) }
                if page { flags.insert(.pageBefore) }
                newLine = false
                blankLines = 0
                page = false
            } else if breaks > 0 || spaces >= 2 {
                cell &+= Int16(max(1, min(breaks, 64)))
                flags.insert(.cellStart)
                flags.insert(.spaceBefore)
            } else if spaces == 1 {
                flags.insert(.spaceBefore)
            }
            spaces = 0
            breaks = 0
            tabs = 0
            let start = i
            if Self.isWordScalar(c) {
                var h = WordHash.seed
                var letters = 0, digits = 0, lower = 0, upper = 0
                var runLetters = 0
                let firstUpper = Self.isUpper(c)
                while i < n {
                    let d = s[i]
                    let dv = d.value
                    if dv.isDigit {
                        if runLetters >= 4 && digits == 0 && i > start { break }
                        digits += 1
                        runLetters = 0
                    } else if Self.isWordScalar(d) {
                        if dv >= 0x300 && dv < 0x370 { h = WordHash.add(h, d); i += 1; continue }
                        // `Sort codeO4-OO-O4`: OCR's `O` for a zero opens a
                        // value fused to a lower-case label.
                        if dv == 0x4F, runLetters >= 4, digits == 0, Self.isLower(s[i - 1]), i + 1 < n, s[i + 1].value.isDigit { break }
                        letters += 1
                        runLetters += 1
                        if Self.isUpper(d) { upper += 1 } else if Self.isLower(d) { lower += 1 }
                    } else if (dv == 0x27 || dv == 0x2019), i > start, i + 1 < n, letters > 0,
                              s[i + 1].value < 0x80 ? s[i + 1].value.isASCIILetter : s[i + 1].isAlphabeticFast {
                        // apostrophe inside a word
                    } else {
                        break
                    }
                    h = WordHash.add(h, d)
                    i += 1
                }
                if firstUpper && lower > 0 { flags.insert(.capitalised) }
                if letters > 0 && lower == 0 { flags.insert(.upper) }
                if firstUpper { flags.insert(.initialUpper) }
                let kind: Token.Kind = digits == 0 ? .word : (letters == 0 ? .number : .alnum)
                tokens.append(Token(start: Int32(start), end: Int32(i), line: line, cell: cell, kind: kind, flags: flags,
                                    hash: h, letters: UInt8(min(letters, 255)), digits: UInt8(min(digits, 255))))
            } else {
                i += 1
                tokens.append(Token(start: Int32(start), end: Int32(i), line: line, cell: cell, kind: .punct, flags: flags,
                                    hash: UInt64(v), letters: 0, digits: 0))
            }
        }
        lineStarts.append(Int32(tokens.count))
    }

    @inline(__always) static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v.isASCIIAlnum }
        if v >= 0x300 && v < 0x370 { return true }
        if v >= 0xC0 && v < 0x250 { return v != 0xD7 && v != 0xF7 }
        return c.isAlphabeticFast || c.properties.numericType == .decimal
    }

    @inline(__always) static func isUpper(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v &- 0x41 < 26 }
        return c.isUppercaseFast
    }

    @inline(__always) static func isLower(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v &- 0x61 < 26 }
        return c.isLowercaseFast
    }

    var lineCount: Int { lineStarts.count - 1 }

    /// Token indices of non-empty line `l`.
    @inline(__always) func line(_ l: Int) -> Range<Int> {
        if l < 0 || l >= lineCount { return 0..<0 }
        return Int(lineStarts[l])..<Int(lineStarts[l + 1])
    }

    /// The end of the token range of line `l` (exclusive).
    @inline(__always) func lineEnd(_ l: Int32) -> Int { Int(lineStarts[Int(l) + 1]) }

    /// Whether a blank line separates line `l` from the one before.
    func hasGap(before l: Int) -> Bool {
        let r = line(l)
        return r.isEmpty ? true : tokens[r.lowerBound].has(.gapBefore)
    }

    /// The first token starting at or after scalar offset `i` (tokens are in
    /// text order): a binary search, for finds that know only their range.
    func firstToken(atOrAfter i: Int) -> Int? {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].start) < i { lo = mid + 1 } else { hi = mid }
        }
        return lo < tokens.count ? lo : nil
    }

    /// Scalar range from the start of token `a` to the end of token `b`.
    @inline(__always) func span(_ a: Int, _ b: Int) -> Range<Int> {
        Int(tokens[a].start)..<Int(tokens[b].end)
    }

    /// The decimal value of a number token (nil when longer than 9 digits).
    func number(_ k: Int) -> Int? {
        let t = tokens[k]
        guard t.kind == .number, t.count <= 9 else { return nil }
        var v = 0
        for i in t.range { v = v * 10 + text[i].value.digitValue }
        return v
    }

    /// The scalar at the start of token `k`.
    @inline(__always) func first(_ k: Int) -> Unicode.Scalar { text[Int(tokens[k].start)] }

    /// Whether token `k` is the word `w` (ASCII, case-insensitive).
    func isWord(_ k: Int, _ w: StaticString) -> Bool {
        let t = tokens[k]
        return t.count == w.utf8CodeUnitCount && text.hasPrefix(w, at: Int(t.start))
    }
}
