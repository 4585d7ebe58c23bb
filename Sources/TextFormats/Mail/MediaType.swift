/// A Content-Type value (RFC 2045 section 5): type, subtype and parameters.
public struct MediaType: Sendable, Equatable {
    /// Lowercased: "text", "multipart", "application", ...
    public var type: String
    /// Lowercased: "plain", "mixed", "pdf", ...
    public var subtype: String
    /// Names lowercased; values as written, unquoted, RFC 2231 sections
    /// joined and decoded (`name*0*=utf-8''M%C3%BC; name*1=ller` is
    /// `name` = "Müller"). Encoded words (RFC 2047) are not decoded here.
    public var parameters: [String: String]

    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = asciiLowercased(type)
        self.subtype = asciiLowercased(subtype)
        self.parameters = parameters
    }

    /// "type/subtype".
    public var essence: String { type + "/" + subtype }

    public var isMultipart: Bool { type == "multipart" }

    /// message/rfc822 and message/global: a whole message inside a part.
    public var isMessage: Bool { type == "message" && (subtype == "rfc822" || subtype == "global") }

    /// The charset parameter, lowercased; nil when there is none.
    public var charset: String? { parameters["charset"].map { asciiLowercased(trimmed($0)) } }

    /// What a part without Content-Type is (RFC 2045 5.2).
    public static let defaultText = MediaType(type: "text", subtype: "plain", parameters: ["charset": "us-ascii"])

    /// What a part without Content-Type is inside multipart/digest (RFC 2046 5.1.5).
    public static let defaultDigestPart = MediaType(type: "message", subtype: "rfc822")

    /// Parses a Content-Type value; nil when it does not start with
    /// `type/subtype` (RFC 2045 then says: treat it as text/plain).
    public static func parse(_ value: String) -> MediaType? {
        let s = Array(value.unicodeScalars)
        var i = 0
        HeaderLexer.skipCFWS(s, &i)
        let type = HeaderLexer.token(s, &i)
        HeaderLexer.skipCFWS(s, &i)
        guard !type.isEmpty, i < s.count, s[i] == "/" else { return nil }
        i += 1
        HeaderLexer.skipCFWS(s, &i)
        let subtype = HeaderLexer.token(s, &i)
        guard !subtype.isEmpty else { return nil }
        return MediaType(type: type, subtype: subtype, parameters: HeaderLexer.parameters(s, &i))
    }
}

/// A Content-Disposition value (RFC 2183): "inline" or "attachment" and
/// parameters (filename, size, dates), read like Content-Type's.
public struct ContentDisposition: Sendable, Equatable {
    /// Lowercased: "inline", "attachment", or whatever else was written.
    public var type: String
    public var parameters: [String: String]

    public init(type: String, parameters: [String: String] = [:]) {
        self.type = asciiLowercased(type)
        self.parameters = parameters
    }

    public static func parse(_ value: String) -> ContentDisposition {
        let s = Array(value.unicodeScalars)
        var i = 0
        HeaderLexer.skipCFWS(s, &i)
        let type = asciiLowercased(HeaderLexer.token(s, &i))
        return ContentDisposition(type: type, parameters: HeaderLexer.parameters(s, &i))
    }
}

/// Reading structured header values (Content-Type, Content-Disposition)
/// on unicode scalars. Every loop advances, every construct (quoted string,
/// comment) ends at the end of the input when it is not closed.
enum HeaderLexer {
    /// RFC 2045 tspecials and the controls, which end a token.
    static func isTokenChar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        guard v > 0x20, v != 0x7F else { return false }
        switch c {
        case "(", ")", "<", ">", "@", ",", ";", ":", "\\", "\"", "/", "[", "]", "?", "=": return false
        default: return true
        }
    }

    /// Skips white space, line breaks and (nested) comments.
    static func skipCFWS(_ s: [Unicode.Scalar], _ i: inout Int) {
        while i < s.count {
            if isWSPorEOL(s[i]) {
                i += 1
            } else if s[i] == "(" {
                _ = comment(s, &i)
            } else {
                return
            }
        }
    }

    /// The comment at `i` (at `(`), without its outer parentheses; nesting
    /// is counted, not recursed into.
    static func comment(_ s: [Unicode.Scalar], _ i: inout Int) -> String {
        var out = String.UnicodeScalarView()
        var depth = 0
        while i < s.count {
            let c = s[i]
            i += 1
            if c == "\\", i < s.count {
                out.append(s[i]); i += 1
                continue
            }
            if c == "(" {
                depth += 1
                if depth == 1 { continue }
            } else if c == ")" {
                depth -= 1
                if depth == 0 { break }
            }
            out.append(c)
        }
        return String(out)
    }

    static func token(_ s: [Unicode.Scalar], _ i: inout Int) -> String {
        let start = i
        while i < s.count, isTokenChar(s[i]) { i += 1 }
        return String(String.UnicodeScalarView(s[start..<i]))
    }

    /// The quoted string at `i` (at `"`), unquoted: quoted pairs are
    /// unescaped, line breaks of folding dropped.
    static func quoted(_ s: [Unicode.Scalar], _ i: inout Int) -> String {
        var out = String.UnicodeScalarView()
        i += 1
        while i < s.count {
            let c = s[i]
            i += 1
            if c == "\"" { break }
            if c == "\\", i < s.count {
                out.append(s[i]); i += 1
            } else if c != "\r" && c != "\n" {
                out.append(c)
            }
        }
        return String(out)
    }

    /// `; name=value` pairs from `i` on, RFC 2231 applied. A value not in
    /// quotes runs to the next `;` (trimmed): senders write unquoted file
    /// names with spaces. Unparseable stretches are skipped to the next `;`.
    static func parameters(_ s: [Unicode.Scalar], _ i: inout Int) -> [String: String] {
        var raw: [(name: String, value: String)] = []
        while i < s.count {
            if s[i] != ";" {
                // Garbage between parameters: skip to the next separator.
                HeaderLexer.skipCFWS(s, &i)
                if i < s.count, s[i] != ";" {
                    if s[i] == "\"" { _ = quoted(s, &i) } else { i += 1 }
                }
                continue
            }
            i += 1
            skipCFWS(s, &i)
            let name = asciiLowercased(token(s, &i))
            skipCFWS(s, &i)
            guard !name.isEmpty, i < s.count, s[i] == "=" else { continue }
            i += 1
            skipCFWS(s, &i)
            var value: String
            if i < s.count, s[i] == "\"" {
                value = quoted(s, &i)
            } else {
                let start = i
                while i < s.count, s[i] != ";" { i += 1 }
                value = trimmed(String(String.UnicodeScalarView(s[start..<i])))
            }
            if raw.count < 200 { raw.append((name, value)) }
        }
        return RFC2231.combine(raw)
    }
}

/// RFC 2231 parameter value continuations and character sets.
enum RFC2231 {
    /// Plain parameters as they are; `name*`, `name*0`, `name*0*`, `name*1`
    /// ... joined in section order (up to the first missing section), the
    /// `*` sections percent-decoded, the whole decoded in the charset the
    /// first section names (UTF-8, or Windows-1252 when the bytes are not
    /// UTF-8, when it names none or one we do not read). The combined value
    /// replaces a plain parameter of the same name. The first plain
    /// parameter of a name wins over later repeats.
    static func combine(_ raw: [(name: String, value: String)]) -> [String: String] {
        var plain: [String: String] = [:]
        var sections: [String: [Int: (extended: Bool, value: String)]] = [:]
        var order: [String] = []
        for (name, value) in raw {
            guard let star = name.firstIndex(of: "*") else {
                if plain[name] == nil { plain[name] = value }
                continue
            }
            let base = String(name[..<star])
            // `name*` (one extended value), `name*N` or `name*N*`.
            var rest = name[name.index(after: star)...]
            var extended = rest.isEmpty
            if rest.hasSuffix("*") { extended = true; rest = rest.dropLast() }
            let number: Int
            if rest.isEmpty {
                number = 0
            } else {
                guard rest.count <= 3, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(rest) else { continue }
                number = n
            }
            guard !base.isEmpty else { continue }
            if sections[base] == nil { sections[base] = [:]; order.append(base) }
            if sections[base]![number] == nil { sections[base]![number] = (extended, value) }
        }
        var result = plain
        for base in order {
            guard let secs = sections[base] else { continue }
            var bytes: [UInt8] = []
            var charset: MailCharset? = nil
            var n = 0
            while let sec = secs[n] {
                var v = Array(sec.value.utf8)[...]
                if sec.extended {
                    if n == 0, let q1 = v.firstIndex(of: UInt8(ascii: "'")),
                       let q2 = v[(q1 + 1)...].firstIndex(of: UInt8(ascii: "'")) {
                        charset = MailCharset(label: String(decoding: v[..<q1], as: UTF8.self))
                        v = v[(q2 + 1)...]
                    }
                    bytes.append(contentsOf: percentDecoded(v))
                } else {
                    bytes.append(contentsOf: v)
                }
                n += 1
            }
            guard n > 0 else { continue }
            result[base] = (try? (charset ?? .utf8).decode(bytes[...])) ?? MailCharset.headerText(bytes[...])
        }
        return result
    }

    static func percentDecoded(_ v: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(v.count)
        var i = v.startIndex
        while i < v.endIndex {
            if v[i] == UInt8(ascii: "%"), i + 2 < v.endIndex,
               let h = TransferEncoding.hexValue(v[i + 1]), let l = TransferEncoding.hexValue(v[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(v[i])
                i += 1
            }
        }
        return out
    }
}
