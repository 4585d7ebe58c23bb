/// RFC 2047 encoded words (`=?charset?B|Q?text?=`) in header values.
public enum EncodedWords {
    /// `value` with every encoded word decoded.
    ///
    /// - Charsets: those `MailCharset` reads (UTF-8, US-ASCII, ISO-8859-1,
    ///   ISO-8859-15, Windows-1252, UTF-16), with an RFC 2231 language
    ///   suffix (`utf-8*de`) allowed. A word in any other charset, or one
    ///   whose B text is not base64, is left as it was written: undecoded
    ///   but visible, so nothing in it is lost to the caller.
    /// - White space between two encoded words is dropped (RFC 2047 6.2);
    ///   the bytes of adjacent words in the same charset are joined before
    ///   decoding, so a UTF-8 character split over two words (as Outlook
    ///   and Thunderbird write them) decodes.
    /// - Encoded words are decoded wherever they stand, also inside quoted
    ///   strings and glued to other text, as mail clients do (RFC 2047
    ///   forbids both; senders do both).
    ///
    /// A word left as written still holds the sender's text, only encoded:
    /// a redacted copy must not carry it. `decodeStrictly` says so.
    public static func decode(_ value: String) -> String {
        var failure: MailError? = nil
        return decode(value, failure: &failure)
    }

    /// `decode`, but a word that cannot be decoded throws: an unknown
    /// charset `.unknownCharset(label)`, B text that is not base64
    /// `.invalidBase64`. For the redaction of headers, where text that
    /// cannot be read cannot be checked and so must not be passed on.
    public static func decodeStrictly(_ value: String) throws(MailError) -> String {
        var failure: MailError? = nil
        let text = decode(value, failure: &failure)
        if let failure { throw failure }
        return text
    }

    static func decode(_ value: String, failure: inout MailError?) -> String {
        guard value.utf8.count >= 8, value.utf8.contains(UInt8(ascii: "?")) else { return value }
        let s = Array(value.unicodeScalars)
        var out = ScalarBuffer()
        out.scalars.reserveCapacity(s.count)
        var pending: (charset: MailCharset, bytes: [UInt8])?
        var pendingSpace: [Unicode.Scalar] = []
        var afterWord = false
        var i = 0
        while i < s.count {
            if s[i] == "=", i + 1 < s.count, s[i + 1] == "?", let w = word(s, at: i) {
                if let cs = MailCharset(label: w.charset), let bytes = w.bytes {
                    if pending?.charset == cs {
                        pending!.bytes.append(contentsOf: bytes)
                    } else {
                        out.flush(&pending)
                        pending = (cs, bytes)
                    }
                    // White space between two words is dropped.
                    pendingSpace.removeAll(keepingCapacity: true)
                    afterWord = true
                } else {
                    if failure == nil {
                        failure = MailCharset(label: w.charset) == nil ? MailError.unknownCharset(label: w.charset) : .invalidBase64
                    }
                    out.flush(&pending)
                    out.scalars += pendingSpace
                    pendingSpace.removeAll(keepingCapacity: true)
                    out.scalars += s[i..<w.end]
                    afterWord = false
                }
                i = w.end
                continue
            }
            let c = s[i]
            if afterWord && isWSPorEOL(c) {
                pendingSpace.append(c)
            } else {
                if afterWord {
                    out.flush(&pending)
                    out.scalars += pendingSpace
                    pendingSpace.removeAll(keepingCapacity: true)
                    afterWord = false
                }
                out.scalars.append(c)
            }
            i += 1
        }
        out.flush(&pending)
        out.scalars += pendingSpace
        return string(out.scalars)
    }

    /// Decoded text being built; the bytes of pending words are decoded
    /// together when a word in another charset or plain text follows.
    struct ScalarBuffer {
        var scalars: [Unicode.Scalar] = []

        mutating func flush(_ pending: inout (charset: MailCharset, bytes: [UInt8])?) {
            guard let p = pending else { return }
            let text = (try? p.charset.decode(p.bytes[...])) ?? MailCharset.headerText(p.bytes[...])
            scalars += text.unicodeScalars
            pending = nil
        }
    }

    /// The encoded word starting at `i` (at `=?`): its charset label, its
    /// bytes (nil when the B text is not base64) and the index after `?=`.
    /// Nil when the text at `i` is not an encoded word. Each attempt reads
    /// only up to the third `?`, so a value full of `=?` stays linear.
    static func word(_ s: [Unicode.Scalar], at start: Int) -> (charset: String, bytes: [UInt8]?, end: Int)? {
        var i = start + 2
        let charsetStart = i
        while i < s.count, s[i] != "?", i - charsetStart < 64 {
            let v = s[i].value
            guard v > 0x20, v < 0x7F else { return nil }
            i += 1
        }
        guard i < s.count, s[i] == "?", i > charsetStart, i + 2 < s.count, s[i + 2] == "?" else { return nil }
        let charset = String(String.UnicodeScalarView(s[charsetStart..<i]))
        let encoding = s[i + 1]
        guard encoding == "B" || encoding == "b" || encoding == "Q" || encoding == "q" else { return nil }
        i += 3
        let textStart = i
        while i < s.count, s[i] != "?" {
            let v = s[i].value
            guard v > 0x20, v < 0x7F else { return nil }
            i += 1
        }
        guard i + 1 < s.count, s[i + 1] == "=" else { return nil }
        var raw: [UInt8] = []
        raw.reserveCapacity(i - textStart)
        for c in s[textStart..<i] { raw.append(UInt8(c.value)) }
        let bytes: [UInt8]?
        if encoding == "B" || encoding == "b" {
            bytes = try? TransferEncoding.decodeBase64(raw[...])
        } else {
            bytes = qDecode(raw)
        }
        return (charset, bytes, i + 2)
    }

    /// RFC 2047 Q: `_` is a space, `=XX` a byte, anything else itself.
    static func qDecode(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b == UInt8(ascii: "_") {
                out.append(0x20)
            } else if b == UInt8(ascii: "="), i + 2 < raw.count,
                      let h = TransferEncoding.hexValue(raw[i + 1]), let l = TransferEncoding.hexValue(raw[i + 2]) {
                out.append(h << 4 | l)
                i += 2
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }

    /// Most bytes of UTF-8 in one written word: 39 bytes are 52 base64
    /// characters, 64 with `=?utf-8?B?` and `?=`, so a word fits on a
    /// folded line after any usual header name (RFC 2047 allows 75).
    static let bytesPerWord = 39

    /// `text` as B-encoded UTF-8 words, split between characters (never
    /// inside one), each at most 64 characters long. B rather than Q:
    /// base64 text is safe in every place a word may stand (a phrase, a
    /// comment, unstructured text), where Q has a different set of
    /// characters it must escape in each.
    public static func encode(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for c in text.unicodeScalars {
            let u = Array(String(c).utf8)
            if chunk.count + u.count > bytesPerWord {
                words.append(word(chunk))
                chunk = []
            }
            chunk.append(contentsOf: u)
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?utf-8?B?" + String(decoding: TransferEncoding.encodeBase64(bytes, lineLength: 0), as: UTF8.self) + "?="
    }
}
