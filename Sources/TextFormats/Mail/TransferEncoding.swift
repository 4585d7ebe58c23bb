/// Content-Transfer-Encoding (RFC 2045 section 6): base64 and
/// quoted-printable, both ways. All work is on bytes, in one pass.
enum TransferEncoding {
    // MARK: base64

    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// 0...63 for an alphabet byte, 0xFF otherwise.
    static let base64Values: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    /// Decodes base64, ignoring white space and line breaks anywhere (mailers
    /// break lines at 76 and some add trailing blanks). Padding ends a
    /// quantum; decoding goes on after it, so two base64 bodies pasted
    /// together read as one. A missing final padding is tolerated, a lone
    /// sixth-bit character at the end is dropped. Any other byte throws:
    /// a body we cannot read exactly is not guessed at.
    static func decodeBase64(_ input: ArraySlice<UInt8>) throws(MailError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var acc: UInt32 = 0
        var n = 0
        for b in input {
            let v = base64Values[Int(b)]
            if v != 0xFF {
                acc = acc << 6 | UInt32(v)
                n += 1
                if n == 4 {
                    out.append(UInt8(truncatingIfNeeded: acc >> 16))
                    out.append(UInt8(truncatingIfNeeded: acc >> 8))
                    out.append(UInt8(truncatingIfNeeded: acc))
                    acc = 0
                    n = 0
                }
            } else if b == UInt8(ascii: "=") {
                flush(&acc, &n, into: &out)
            } else if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A || b == 0x0C || b == 0x0B {
                continue
            } else {
                throw .invalidBase64
            }
        }
        flush(&acc, &n, into: &out)
        return out
    }

    /// The bytes of an incomplete quantum of `n` characters (2 or 3).
    private static func flush(_ acc: inout UInt32, _ n: inout Int, into out: inout [UInt8]) {
        if n == 2 {
            out.append(UInt8(truncatingIfNeeded: acc >> 4))
        } else if n == 3 {
            out.append(UInt8(truncatingIfNeeded: acc >> 10))
            out.append(UInt8(truncatingIfNeeded: acc >> 2))
        }
        acc = 0
        n = 0
    }

    /// Base64 of `bytes`, padded, in lines of `lineLength` characters
    /// separated by CRLF (0: one line). No line break after the last line.
    static func encodeBase64(_ bytes: [UInt8], lineLength: Int = 76) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 3 * 4 + bytes.count / 57 * 2 + 8)
        var column = 0
        func put(_ c: UInt8) {
            if lineLength > 0 && column == lineLength {
                out.append(0x0D); out.append(0x0A)
                column = 0
            }
            out.append(c)
            column += 1
        }
        var i = 0
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            put(alphabet[Int(v >> 18 & 63)]); put(alphabet[Int(v >> 12 & 63)])
            put(alphabet[Int(v >> 6 & 63)]); put(alphabet[Int(v & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let v = UInt32(bytes[i]) << 16
            put(alphabet[Int(v >> 18 & 63)]); put(alphabet[Int(v >> 12 & 63)]); put(UInt8(ascii: "=")); put(UInt8(ascii: "="))
        } else if rest == 2 {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            put(alphabet[Int(v >> 18 & 63)]); put(alphabet[Int(v >> 12 & 63)]); put(alphabet[Int(v >> 6 & 63)]); put(UInt8(ascii: "="))
        }
        return out
    }

    // MARK: quoted-printable

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// Decodes quoted-printable: `=XX` (either case) is a byte, `=` at the
    /// end of a line is a soft break, white space at the end of a line is
    /// transport padding and dropped (RFC 2045 6.7 (3)), a `=` not followed
    /// by two hex digits is kept as it is. Line ends (CRLF or LF) are kept
    /// as written.
    static func decodeQuotedPrintable(_ input: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var lineStart = input.startIndex
        while lineStart < input.endIndex {
            // One line: [lineStart, contentEnd) then the line end (if any).
            var eol = lineStart
            while eol < input.endIndex && input[eol] != 0x0A { eol += 1 }
            var contentEnd = eol
            var lineEnd: [UInt8] = []
            if eol < input.endIndex {
                if contentEnd > lineStart && input[contentEnd - 1] == 0x0D {
                    contentEnd -= 1
                    lineEnd = [0x0D, 0x0A]
                } else {
                    lineEnd = [0x0A]
                }
            }
            while contentEnd > lineStart && (input[contentEnd - 1] == 0x20 || input[contentEnd - 1] == 0x09) { contentEnd -= 1 }
            var soft = false
            if contentEnd > lineStart && input[contentEnd - 1] == UInt8(ascii: "=") {
                soft = true
                contentEnd -= 1
            }
            var i = lineStart
            while i < contentEnd {
                let b = input[i]
                if b == UInt8(ascii: "="), i + 2 < contentEnd,
                   let h = hexValue(input[i + 1]), let l = hexValue(input[i + 2]) {
                    out.append(h << 4 | l)
                    i += 3
                } else {
                    out.append(b)
                    i += 1
                }
            }
            if !soft { out.append(contentsOf: lineEnd) }
            lineStart = eol < input.endIndex ? eol + 1 : input.endIndex
        }
        return out
    }

    /// Quoted-printable of UTF-8 text, lines at most 76 characters, CRLF
    /// line ends (a text line break, LF or CRLF, becomes a hard CRLF break;
    /// a lone CR is encoded). Encoded: `=`, bytes outside printable ASCII
    /// but tab, a space or tab before a line end, and the `F` of a line
    /// that starts `From ` (mbox tools would mangle it) and a lone `.` line
    /// (SMTP would eat it).
    static func encodeQuotedPrintable(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var w = QPWriter()
        w.out.reserveCapacity(bytes.count + bytes.count / 8)
        let from = Array("From ".utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) {
                w.hardBreak()
                i += b == 0x0D ? 2 : 1
                continue
            }
            let atLineStart = w.column == 0
            let nextIsEnd = i + 1 == bytes.count || bytes[i + 1] == 0x0A || (bytes[i + 1] == 0x0D && i + 2 < bytes.count && bytes[i + 2] == 0x0A)
            let escape: Bool
            if b == UInt8(ascii: "=") || b == 0x0D || b >= 0x7F || (b < 0x20 && b != 0x09) {
                escape = true
            } else if (b == 0x20 || b == 0x09) && nextIsEnd {
                escape = true
            } else if atLineStart && b == UInt8(ascii: "F") && bytes[i...].starts(with: from) {
                escape = true
            } else {
                escape = atLineStart && b == UInt8(ascii: ".") && nextIsEnd
            }
            w.put(b, escaped: escape)
            i += 1
        }
        return w.out
    }

    /// Quoted-printable output with its column, for the soft breaks.
    struct QPWriter {
        var out: [UInt8] = []
        var column = 0
        static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

        /// `b`, as `=XX` when `escaped`, after a soft break when the line
        /// would pass 75 characters (76 with the `=`).
        mutating func put(_ b: UInt8, escaped: Bool) {
            let width = escaped ? 3 : 1
            if column + width > 75 {
                out.append(UInt8(ascii: "=")); out.append(0x0D); out.append(0x0A)
                column = 0
            }
            if escaped {
                out.append(UInt8(ascii: "="))
                out.append(QPWriter.hex[Int(b >> 4)])
                out.append(QPWriter.hex[Int(b & 15)])
            } else {
                out.append(b)
            }
            column += width
        }

        mutating func hardBreak() {
            out.append(0x0D); out.append(0x0A)
            column = 0
        }
    }
}
