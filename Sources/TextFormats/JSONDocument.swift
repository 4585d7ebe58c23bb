import RedactCore

/// A JSON text split into the pieces redaction needs: every string and
/// number with the key it stands under, and everything between them
/// (punctuation, whitespace, `true`, `false`, `null`) as ranges of the
/// decoded text.
///
/// A file may hold several values one after another (JSON Lines, one
/// record per line, is often named `.json`). Anything else that is not
/// RFC 8259 JSON (comments, trailing commas, single quotes) is refused:
/// the caller then reads the file as plain text, since a masked value in
/// text the tool cannot parse could not be written back as valid JSON
/// anyway.
///
/// Parsing is iterative (a stack of open containers, no recursion), so a
/// hostile file nested a million levels deep costs memory, not the stack.
public struct JSONDocument: Sendable {
    public enum Kind: Sendable, Equatable {
        /// An object member's name.
        case key
        /// A string value.
        case string
        /// A number value, as written.
        case number
    }

    /// A string or a number.
    public struct Value: Sendable {
        public var kind: Kind
        /// The token in the decoded text (a string's quotes included).
        public var token: Range<Int>
        /// What it means: a string unescaped, a number as written.
        public var scalars: [Unicode.Scalar]
        /// The name of the member it is (or whose array it is in); for a
        /// key, nil.
        public var key: [Unicode.Scalar]?
    }

    public enum ParseError: Error, Equatable {
        /// Not JSON at this scalar offset (the offset only: never text).
        case invalid(at: Int)
    }

    public let text: [Unicode.Scalar]
    public private(set) var values: [Value] = []

    public init(parsing text: [Unicode.Scalar]) throws(ParseError) {
        self.text = text
        try parse()
    }

    /// The text with the values in `masked` (index into `values` → spans
    /// of that value's `scalars`) replaced: a string keeps its quotes with
    /// the masks inside; a masked number becomes a string, since a mask is
    /// not a number. Every other value is written as it stood.
    public func serialized(masked: [Int: [(range: Range<Int>, category: Category)]]) -> String {
        var out = String.UnicodeScalarView()
        var at = 0
        for (i, v) in values.enumerated() {
            guard let spans = masked[i], !spans.isEmpty else { continue }
            out.append(contentsOf: text[at..<v.token.lowerBound])
            out.append(contentsOf: JSONText.quoted(Masking.apply(spans, to: v.scalars)).unicodeScalars)
            at = v.token.upperBound
        }
        out.append(contentsOf: text[at...])
        return String(out)
    }

    // MARK: parsing

    private enum Container {
        /// An object: the member name being read, and what comes next.
        case object(key: [Unicode.Scalar]?, expect: ObjectState)
        /// An array: the name it stands under, and what comes next.
        case array(key: [Unicode.Scalar]?, expect: ArrayState)
    }

    private enum ObjectState { case keyOrEnd, key, colon, value, commaOrEnd }
    private enum ArrayState { case valueOrEnd, value, commaOrEnd }

    private mutating func parse() throws(ParseError) {
        var stack: [Container] = []
        var i = 0
        let n = text.count
        // Top level: values one after another.
        while true {
            while i < n, Self.isSpace(text[i]) { i += 1 }
            guard i < n else { break }
            let c = text[i]
            guard let top = stack.last else {
                try startValue(at: &i, stack: &stack, key: nil)
                continue
            }
            switch top {
            case .object(let key, let expect):
                switch (expect, c) {
                case (.keyOrEnd, "}"), (.commaOrEnd, "}"):
                    stack.removeLast()
                    i += 1
                case (.keyOrEnd, "\""), (.key, "\""):
                    let (end, name) = try Self.string(text, at: i)
                    values.append(Value(kind: .key, token: i..<end, scalars: name, key: nil))
                    stack[stack.count - 1] = .object(key: name, expect: .colon)
                    i = end
                case (.colon, ":"):
                    stack[stack.count - 1] = .object(key: key, expect: .value)
                    i += 1
                case (.value, _):
                    stack[stack.count - 1] = .object(key: key, expect: .commaOrEnd)
                    try startValue(at: &i, stack: &stack, key: key)
                case (.commaOrEnd, ","):
                    stack[stack.count - 1] = .object(key: nil, expect: .key)
                    i += 1
                default:
                    throw .invalid(at: i)
                }
            case .array(let key, let expect):
                switch (expect, c) {
                case (.valueOrEnd, "]"), (.commaOrEnd, "]"):
                    stack.removeLast()
                    i += 1
                case (.valueOrEnd, _), (.value, _):
                    stack[stack.count - 1] = .array(key: key, expect: .commaOrEnd)
                    try startValue(at: &i, stack: &stack, key: key)
                case (.commaOrEnd, ","):
                    stack[stack.count - 1] = .array(key: key, expect: .value)
                    i += 1
                default:
                    throw .invalid(at: i)
                }
            }
        }
        guard stack.isEmpty else { throw .invalid(at: n) }
    }

    /// Reads a scalar value, or opens a container, at `i`.
    private mutating func startValue(at i: inout Int, stack: inout [Container], key: [Unicode.Scalar]?) throws(ParseError) {
        let c = text[i]
        switch c {
        case "{":
            stack.append(.object(key: nil, expect: .keyOrEnd))
            i += 1
        case "[":
            stack.append(.array(key: key, expect: .valueOrEnd))
            i += 1
        case "\"":
            let (end, value) = try Self.string(text, at: i)
            values.append(Value(kind: .string, token: i..<end, scalars: value, key: key))
            i = end
        case "-", "0"..."9":
            let end = try Self.number(text, at: i)
            values.append(Value(kind: .number, token: i..<end, scalars: Array(text[i..<end]), key: key))
            i = end
        case "t", "f", "n":
            for word in ["true", "false", "null"] {
                let w = Array(word.unicodeScalars)
                if i + w.count <= text.count, Array(text[i..<(i + w.count)]) == w {
                    i += w.count
                    try Self.expectDelimiter(text, at: i)
                    return
                }
            }
            throw .invalid(at: i)
        default:
            throw .invalid(at: i)
        }
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r"
    }

    /// After a number or literal: the end, whitespace or punctuation.
    private static func expectDelimiter(_ t: [Unicode.Scalar], at i: Int) throws(ParseError) {
        guard i < t.count else { return }
        switch t[i] {
        case " ", "\t", "\n", "\r", ",", "]", "}", ":": return
        default: throw .invalid(at: i)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`; the end offset.
    private static func number(_ t: [Unicode.Scalar], at start: Int) throws(ParseError) -> Int {
        var i = start
        func digits() -> Int {
            let s = i
            while i < t.count, ("0"..."9").contains(t[i]) { i += 1 }
            return i - s
        }
        if t[i] == "-" { i += 1 }
        guard i < t.count else { throw .invalid(at: i) }
        if t[i] == "0" { i += 1 } else if digits() == 0 { throw .invalid(at: i) }
        if i < t.count, t[i] == "." {
            i += 1
            guard digits() > 0 else { throw .invalid(at: i) }
        }
        if i < t.count, t[i] == "e" || t[i] == "E" {
            i += 1
            if i < t.count, t[i] == "+" || t[i] == "-" { i += 1 }
            guard digits() > 0 else { throw .invalid(at: i) }
        }
        try expectDelimiter(t, at: i)
        return i
    }

    /// The string starting at the quote at `start`: its end (after the
    /// closing quote) and its value. A `\u` escape of a lone surrogate
    /// stands as U+FFFD in the value (it is no scalar), as decoders do.
    private static func string(_ t: [Unicode.Scalar], at start: Int) throws(ParseError) -> (Int, [Unicode.Scalar]) {
        var i = start + 1
        var value: [Unicode.Scalar] = []
        while i < t.count {
            let c = t[i]
            if c == "\"" { return (i + 1, value) }
            if c.value < 0x20 { throw .invalid(at: i) }
            if c != "\\" {
                value.append(c)
                i += 1
                continue
            }
            guard i + 1 < t.count else { throw .invalid(at: i) }
            let e = t[i + 1]
            i += 2
            switch e {
            case "\"": value.append("\"")
            case "\\": value.append("\\")
            case "/": value.append("/")
            case "b": value.append("\u{08}")
            case "f": value.append("\u{0C}")
            case "n": value.append("\n")
            case "r": value.append("\r")
            case "t": value.append("\t")
            case "u":
                let high = try hex4(t, at: i)
                i += 4
                if (0xD800..<0xDC00).contains(high), i + 6 <= t.count, t[i] == "\\", t[i + 1] == "u",
                   let low = try? hex4(t, at: i + 2), (0xDC00..<0xE000).contains(low) {
                    i += 6
                    value.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    value.append(Unicode.Scalar(high) ?? "\u{FFFD}")
                }
            default:
                throw .invalid(at: i - 1)
            }
        }
        throw .invalid(at: t.count)
    }

    private static func hex4(_ t: [Unicode.Scalar], at i: Int) throws(ParseError) -> UInt32 {
        guard i + 4 <= t.count else { throw .invalid(at: i) }
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            guard let d = hexDigit(t[k]) else { throw .invalid(at: k) }
            v = v << 4 | d
        }
        return v
    }

    private static func hexDigit(_ c: Unicode.Scalar) -> UInt32? {
        switch c.value {
        case 0x30...0x39: return c.value - 0x30
        case 0x41...0x46: return c.value - 0x41 + 10
        case 0x61...0x66: return c.value - 0x61 + 10
        default: return nil
        }
    }
}
