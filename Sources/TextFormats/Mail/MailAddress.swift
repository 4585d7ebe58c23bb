/// One mailbox of an address header (From, To, Cc, Reply-To, ...).
public struct MailAddress: Sendable, Equatable {
    /// The display name, unquoted, encoded words decoded; nil when none.
    /// For the old form `jane@example.org (Jane Doe)` the comment.
    public var displayName: String?
    /// The addr-spec, `local@domain`, as written (a quoted local part keeps
    /// its quotes, a route `@a,@b:` is dropped).
    public var address: String

    public init(displayName: String?, address: String) {
        self.displayName = displayName
        self.address = address
    }

    /// Every mailbox in an address list (RFC 5322 3.4), read leniently: give
    /// the raw header value (encoded words are decoded here, in display
    /// names only, after the structure is read, so a decoded comma or quote
    /// cannot split a name). Groups (`Team: a@b, c@d;`) give their members;
    /// the group's own name is dropped. Broken input gives what can be read:
    /// `Jane Doe jane@example.org` is a name and an address, an unclosed
    /// quote, comment or `<` runs to the end, and an entry without an `@`
    /// (outside `<>`) is kept only when it is a single word (a local user
    /// such as `root`); anything else is skipped. Never fails.
    public static func parseList(_ value: String) -> [MailAddress] {
        let tokens = AddressLexer.tokens(Array(value.unicodeScalars))
        var result: [MailAddress] = []
        var current: [AddressLexer.Lexeme] = []
        var inAngle = false
        for lexeme in tokens {
            let t = lexeme.token
            if case .special(let c) = t {
                if inAngle {
                    if c == ">" { inAngle = false }
                    current.append(lexeme)
                    continue
                }
                switch c {
                case "<":
                    inAngle = true
                    current.append(lexeme)
                    continue
                case ",", ";":
                    if let m = mailbox(current) { result.append(m) }
                    current = []
                    continue
                case ":":
                    // A group's name: dropped, its members follow.
                    current = []
                    continue
                default: break
                }
            }
            current.append(lexeme)
        }
        if let m = mailbox(current) { result.append(m) }
        return result
    }

    /// One mailbox from the tokens between two separators.
    static func mailbox(_ lexemes: [AddressLexer.Lexeme]) -> MailAddress? {
        let tokens = lexemes.map(\.token)
        if let open = tokens.firstIndex(of: .special("<")) {
            var inner = Array(tokens[(open + 1)...])
            if let close = inner.firstIndex(of: .special(">")) { inner = Array(inner[..<close]) }
            if let colon = inner.lastIndex(of: .special(":")) { inner = Array(inner[(colon + 1)...]) }
            let address = spec(inner[...])
            guard !address.isEmpty else { return nil }
            return MailAddress(displayName: phrase(lexemes[..<open]) ?? lastComment(tokens), address: address)
        }
        guard let at = tokens.lastIndex(of: .special("@")) else {
            // Only a lone unquoted word (and comments) is a local address.
            let words = tokens.filter { !$0.isComment }
            guard words.count == 1, case .word(let w, quoted: false) = words[0] else { return nil }
            return MailAddress(displayName: lastComment(tokens), address: w)
        }
        // Local part: word ('.' word)* ending before the `@`; domain:
        // the same after it. Words before the local part are a name.
        var start = at
        func isWordish(_ t: AddressLexer.Token) -> Bool {
            switch t {
            case .word, .domainLiteral: return true
            default: return false
            }
        }
        var j = at - 1
        while j >= 0 && tokens[j].isComment { j -= 1 }
        if j >= 0 && isWordish(tokens[j]) {
            start = j
            while start >= 2, tokens[start - 1] == .special("."), isWordish(tokens[start - 2]) { start -= 2 }
        }
        var end = at + 1
        while end < tokens.count && tokens[end].isComment { end += 1 }
        if end < tokens.count && isWordish(tokens[end]) {
            end += 1
            while end + 1 < tokens.count, tokens[end] == .special("."), isWordish(tokens[end + 1]) { end += 2 }
        }
        let address = spec(tokens[start..<end])
        guard address != "@" else { return nil }
        return MailAddress(displayName: phrase(lexemes[..<start]) ?? lastComment(tokens), address: address)
    }

    /// An addr-spec written back from its tokens, comments dropped.
    static func spec(_ tokens: ArraySlice<AddressLexer.Token>) -> String {
        var out = ""
        for t in tokens {
            switch t {
            case .word(let w, let quoted): out += quoted ? quote(w) : w
            case .domainLiteral(let d): out += "[" + d + "]"
            case .special(let c): out.unicodeScalars.append(c)
            case .comment: continue
            }
        }
        return out
    }

    /// A display name from its words and dots, one space where the input
    /// had white space, encoded words decoded; nil when there are no words.
    static func phrase(_ lexemes: ArraySlice<AddressLexer.Lexeme>) -> String? {
        var out = ""
        for l in lexemes {
            switch l.token {
            case .word(let w, _):
                if l.spaced && !out.isEmpty { out += " " }
                out += w
            case .special(let c) where c == ".":
                if l.spaced && !out.isEmpty { out += " " }
                out += "."
            default: continue
            }
        }
        let name = trimmed(EncodedWords.decode(out))
        return name.isEmpty ? nil : name
    }

    static func lastComment(_ tokens: [AddressLexer.Token]) -> String? {
        for t in tokens.reversed() {
            if case .comment(let c) = t {
                let name = trimmed(EncodedWords.decode(c))
                if !name.isEmpty { return name }
            }
        }
        return nil
    }

    /// `s` as a quoted string: `"` and `\` escaped.
    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            if c == "\"" || c == "\\" { out += "\\" }
            out.unicodeScalars.append(c)
        }
        return out + "\""
    }

    /// This mailbox written for a header value: `name <address>`, the name
    /// as it is when it is plain words, quoted when it holds specials, as
    /// B encoded words when it is not ASCII; `address` alone without a name.
    public var formatted: String {
        guard let name = displayName, !trimmed(name).isEmpty else { return address }
        let n = trimmed(name)
        let ascii = n.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }
        let written: String
        if !ascii {
            written = EncodedWords.encode(n).joined(separator: " ")
        } else if n.unicodeScalars.allSatisfy({ $0 == " " || AddressLexer.isAtext($0) }) && !n.contains("  ") {
            written = n
        } else {
            written = MailAddress.quote(n)
        }
        return written + " <" + address + ">"
    }

    /// An address list for a header value: the mailboxes `formatted`,
    /// separated by `, `.
    public static func format(_ list: [MailAddress]) -> String {
        list.map(\.formatted).joined(separator: ", ")
    }
}

/// Tokens of an address header: words (atoms, or quoted strings unquoted),
/// comments, domain literals and the specials that give structure.
enum AddressLexer {
    enum Token: Equatable {
        case word(String, quoted: Bool)
        case comment(String)
        case domainLiteral(String)
        case special(Unicode.Scalar)

        var isComment: Bool { if case .comment = self { return true } else { return false } }
    }

    /// A token and whether white space (or a comment) came before it.
    struct Lexeme {
        var token: Token
        var spaced: Bool
    }

    static func isSpecial(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "<", ">", "@", ",", ";", ":", ".", "(", ")", "[", "]", "\"", "\\": return true
        default: return false
        }
    }

    /// RFC 5322 atext, and anything beyond ASCII (RFC 6532).
    static func isAtext(_ c: Unicode.Scalar) -> Bool {
        c.value >= 0x80 || (c.value > 0x20 && c.value < 0x7F && !isSpecial(c))
    }

    static func tokens(_ s: [Unicode.Scalar]) -> [Lexeme] {
        var tokens: [Token] = []
        var spacedFlags: [Bool] = []
        var spaced = false
        var i = 0
        while i < s.count {
            let c = s[i]
            let before = tokens.count
            if isWSPorEOL(c) || c.value < 0x20 || c.value == 0x7F {
                spaced = true
                i += 1
                continue
            }
            var out: [Token] = []
            if c == "(" {
                out.append(.comment(HeaderLexer.comment(s, &i)))
            } else if c == "\"" {
                out.append(.word(HeaderLexer.quoted(s, &i), quoted: true))
            } else if c == "[" {
                var d = String.UnicodeScalarView()
                i += 1
                while i < s.count, s[i] != "]" {
                    if !isWSPorEOL(s[i]) { d.append(s[i]) }
                    i += 1
                }
                i += 1
                out.append(.domainLiteral(String(d)))
            } else if isSpecial(c) {
                if c != ")" && c != "]" && c != "\\" { out.append(.special(c)) }
                i += 1
            } else {
                let start = i
                while i < s.count, isAtext(s[i]) { i += 1 }
                out.append(.word(String(String.UnicodeScalarView(s[start..<i])), quoted: false))
            }
            tokens.append(contentsOf: out)
            spacedFlags.append(contentsOf: out.map { _ in spaced })
            spaced = spaced && tokens.count == before
            if case .comment = out.first { spaced = true }
        }
        return zip(tokens, spacedFlags).map { Lexeme(token: $0, spaced: $1) }
    }
}
