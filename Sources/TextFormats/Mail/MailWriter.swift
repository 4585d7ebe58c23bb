/// Writes a new message from values: header fields and parts. Nothing is
/// copied from an input message; every byte is produced here.
///
/// The output is deterministic (the same values give the same bytes): the
/// multipart boundary is derived from a hash of the encoded content, not
/// from randomness or the clock.
public struct MailWriter: Sendable {
    /// One part of the new message.
    public enum Part: Sendable {
        /// text/plain; charset=utf-8, written quoted-printable: the text
        /// (redacted text is mostly ASCII) stays readable in the raw
        /// message, so a person or a test can check what was masked with
        /// grep, and lines stay at 76 whatever the input's line lengths.
        case text(String)
        /// A file, written base64 in lines of 76 with Content-Disposition
        /// attachment. `mediaType` is `type/subtype` (anything else is
        /// written as application/octet-stream); `filename` may be any
        /// text (written RFC 2231 and RFC 2047 encoded when not ASCII).
        case attachment(data: [UInt8], mediaType: String, filename: String?)
        /// A whole message inside this one (message/rfc822, a forwarded
        /// mail), itself written by a writer. 7bit: RFC 2046 allows no
        /// other encoding for it, and the writer's output is 7-bit with
        /// short CRLF lines. Parsed back, it is a nested message.
        case message(MailWriter, filename: String?)
    }

    /// Header fields in order, the values as text (not encoded): non-ASCII
    /// words are written as RFC 2047 UTF-8 B words, lines folded at white
    /// space to at most 78 columns. White space runs become one space and
    /// line breaks in a value become spaces (no header can be injected).
    /// For address fields give `MailAddress.format(_:)` of the list.
    /// MIME-Version, Content-Type and Content-Transfer-Encoding are the
    /// writer's own: naming them here is an error.
    public var headers: [(String, String)]
    /// One part gives a single-part message, several multipart/mixed.
    /// None gives an empty text part.
    public var parts: [Part]

    public init(headers: [(String, String)] = [], parts: [Part] = []) {
        self.headers = headers
        self.parts = parts
    }

    /// The message: CRLF line ends, 7-bit clean.
    public func bytes() throws(MailError) -> [UInt8] {
        let crlf = MailWriter.crlf
        var out: [UInt8] = []
        for (name, value) in headers {
            guard MailWriter.isValidName(name) else { throw .invalidHeaderName }
            let lower = asciiLowercased(name)
            guard lower != "mime-version", lower != "content-type", lower != "content-transfer-encoding" else { throw .invalidHeaderName }
            out += MailWriter.field(name, value)
        }
        out += MailWriter.field("MIME-Version", "1.0")
        var encoded: [Encoded] = []
        for part in parts.isEmpty ? [.text("")] : parts { encoded.append(try MailWriter.encode(part)) }
        if encoded.count == 1 {
            out += encoded[0].headers
            out += crlf
            out += encoded[0].body
            // The message ends with a line break. After quoted-printable
            // that does not end in one, a soft break, which decodes to
            // nothing, so the text reads back exactly.
            if !encoded[0].body.isEmpty && encoded[0].body.suffix(2) != [0x0D, 0x0A] {
                if case .text = parts.first ?? .text("") { out.append(UInt8(ascii: "=")) }
                out += crlf
            }
            return out
        }
        let boundary = MailWriter.boundary(for: encoded)
        out += MailWriter.fieldRaw("Content-Type", ["multipart/mixed;", "boundary=\"" + boundary + "\""])
        out += crlf
        for p in encoded {
            out += Array(("--" + boundary).utf8) + crlf
            out += p.headers
            out += crlf
            out += p.body
            out += crlf
        }
        out += Array(("--" + boundary + "--").utf8) + crlf
        return out
    }

    // MARK: parts

    struct Encoded {
        var headers: [UInt8]
        var body: [UInt8]
    }

    static func encode(_ part: Part) throws(MailError) -> Encoded {
        switch part {
        case .text(let text):
            var h = fieldRaw("Content-Type", ["text/plain;", "charset=utf-8"])
            h += fieldRaw("Content-Transfer-Encoding", ["quoted-printable"])
            return Encoded(headers: h, body: TransferEncoding.encodeQuotedPrintable(text))
        case .attachment(let data, let type, let filename):
            let essence = MediaType.parse(type).map { $0.essence } ?? "application/octet-stream"
            var ct = [essence + (filename == nil ? "" : ";")]
            var cd = ["attachment" + (filename == nil ? "" : ";")]
            if let filename {
                ct += nameParameter(filename)
                cd += filenameParameters(filename)
            }
            var h = fieldRaw("Content-Type", ct)
            h += fieldRaw("Content-Disposition", cd)
            h += fieldRaw("Content-Transfer-Encoding", ["base64"])
            return Encoded(headers: h, body: TransferEncoding.encodeBase64(data))
        case .message(let inner, let filename):
            var h = fieldRaw("Content-Type", ["message/rfc822"])
            if let filename { h += fieldRaw("Content-Disposition", ["attachment;"] + filenameParameters(filename)) }
            h += fieldRaw("Content-Transfer-Encoding", ["7bit"])
            return Encoded(headers: h, body: try inner.bytes())
        }
    }

    /// Content-Type `name`: a quoted string, as RFC 2047 words when not
    /// ASCII (not standard, but what Outlook and Thunderbird write and
    /// what every client reads; RFC 2231 is in Content-Disposition).
    static func nameParameter(_ filename: String) -> [String] {
        let clean = cleaned(filename)
        if isPlainASCII(clean) { return ["name=" + MailAddress.quote(clean)] }
        let words = EncodedWords.encode(clean)
        var tokens = words
        tokens[0] = "name=\"" + tokens[0]
        tokens[tokens.count - 1] += "\""
        return tokens
    }

    /// Content-Disposition `filename`: a quoted string when ASCII, else
    /// RFC 2231 UTF-8 percent-encoding in sections of at most 60
    /// characters (`filename*0*=utf-8''...; filename*1*=...`).
    static func filenameParameters(_ filename: String) -> [String] {
        let clean = cleaned(filename)
        if isPlainASCII(clean) && clean.utf8.count <= 60 { return ["filename=" + MailAddress.quote(clean)] }
        var sections: [String] = []
        var current = "utf-8''"
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for b in clean.utf8 {
            let keep = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F
            var piece = String.UnicodeScalarView()
            if keep { piece.append(Unicode.Scalar(b)) } else { piece.append("%"); piece.append(hex[Int(b >> 4)]); piece.append(hex[Int(b & 15)]) }
            if current.unicodeScalars.count + piece.count > 60 {
                sections.append(current)
                current = ""
            }
            current.unicodeScalars.append(contentsOf: piece)
        }
        sections.append(current)
        if sections.count == 1 { return ["filename*=" + sections[0]] }
        return sections.enumerated().map { n, s in "filename*\(n)*=" + s + (n + 1 < sections.count ? ";" : "") }
    }

    // MARK: header fields

    static let crlf: [UInt8] = [0x0D, 0x0A]

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
    }

    static func isPlainASCII(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `s` with controls (line breaks, tabs, ...) as spaces and white space
    /// runs as one space, trimmed.
    static func cleaned(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for c in s.unicodeScalars {
            if c.value < 0x20 || c.value == 0x7F || c == " " || (c.value >= 0x80 && c.value < 0xA0) || c == "\u{2028}" || c == "\u{2029}" {
                space = true
                continue
            }
            if space && !out.isEmpty { out.append(" ") }
            space = false
            out.append(c)
        }
        return String(out)
    }

    /// A field from a text value: words that are plain ASCII are written as
    /// they are, each run of other words (with the spaces between them) as
    /// encoded words, so an address list keeps its `<a@b>` and a subject
    /// stays readable where it can.
    static func field(_ name: String, _ value: String) -> [UInt8] {
        let words = cleaned(value).split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var tokens: [String] = []
        var run: [String] = []
        func flushRun() {
            if !run.isEmpty { tokens += EncodedWords.encode(run.joined(separator: " ")) }
            run = []
        }
        for w in words {
            // A word too long for any line (998) is encoded, and so split.
            // So is one a reader would decode (`=?koi8-r?B?...?=` that the
            // caller could not read, and so could not redact): written as
            // text, it is shown as text. Only UTF-8 B words that decode, as
            // `EncodedWords.encode` and `MailAddress.format` give them, pass.
            if isPlainASCII(w) && w.utf8.count <= 900 && (!w.contains("=?") || isOwnEncodedWord(w)) {
                flushRun()
                tokens.append(w)
            } else {
                run.append(w)
            }
        }
        flushRun()
        return fieldRaw(name, tokens)
    }

    /// Whether `w` is one UTF-8 B encoded word whose text is valid
    /// UTF-8 (optionally with a `"` or `,`/`;` around it, as in an address
    /// list): text this library would decode the same way.
    static func isOwnEncodedWord(_ w: String) -> Bool {
        var u = Substring(w).unicodeScalars
        while let f = u.first, f == "\"" || f == "(" { u.removeFirst() }
        while let l = u.last, l == "\"" || l == "," || l == ";" || l == ")" { u.removeLast() }
        let core = String(u)
        guard core.hasPrefix("=?utf-8?B?"), core.hasSuffix("?="), core.utf8.count >= 12 else { return false }
        let text = Array(core.utf8.dropFirst(10).dropLast(2))
        guard !text.contains(UInt8(ascii: "?")), let bytes = try? TransferEncoding.decodeBase64(text[...]) else { return false }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// A field from tokens that are already ASCII, one space between them,
    /// a fold (CRLF and a space) before a token that would pass column 78.
    static func fieldRaw(_ name: String, _ tokens: [String]) -> [UInt8] {
        var out = Array((name + ":").utf8)
        var column = out.count
        var onLine = 0
        for t in tokens {
            let n = t.utf8.count
            if onLine > 0 && column + 1 + n > 78 {
                out += crlf
                column = 0
                onLine = 0
            }
            out.append(0x20)
            out += Array(t.utf8)
            column += 1 + n
            onLine += 1
        }
        out += crlf
        return out
    }

    // MARK: boundary

    /// A boundary that no encoded part contains: `=_` (which neither
    /// quoted-printable nor base64 can produce, `=` being always followed
    /// by hex digits, a line break or `=` there) and a 64-bit FNV-1a hash
    /// of the parts, with a counter mixed in until no part contains the
    /// delimiter (checked, not assumed).
    static func boundary(for parts: [Encoded], seed: UInt64? = nil) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for p in parts {
            for b in p.headers { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            for b in p.body { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        if let seed { h = seed }
        var counter: UInt64 = 0
        while true {
            let b = candidate(h, counter)
            let delimiter = Array(("--" + b).utf8)
            if !parts.contains(where: { contains($0.headers, delimiter) || contains($0.body, delimiter) }) { return b }
            counter += 1
        }
    }

    /// `=_redactfs_` and 16 hex digits of `hash` mixed with `counter`.
    static func candidate(_ hash: UInt64, _ counter: UInt64) -> String {
        var x = hash ^ (counter &* 0x9E37_79B9_7F4A_7C15)
        var digits = String.UnicodeScalarView()
        let hex = Array("0123456789abcdef".unicodeScalars)
        for _ in 0..<16 {
            digits.append(hex[Int(x & 15)])
            x >>= 4
        }
        return "=_redactfs_" + String(digits)
    }

    /// Whether `needle` occurs in `hay`.
    static func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, hay.count >= needle.count else { return false }
        let first = needle[0]
        var i = 0
        let last = hay.count - needle.count
        while i <= last {
            if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
