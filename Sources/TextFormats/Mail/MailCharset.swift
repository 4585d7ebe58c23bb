/// The charsets a mail body or an encoded word may be written in, and how
/// their bytes become text.
///
/// Read: UTF-8, US-ASCII, ISO-8859-1, ISO-8859-15, Windows-1252 and UTF-16
/// (with a mark; without one big-endian, RFC 2781), UTF-16LE, UTF-16BE,
/// under their common aliases. Anything else is unknown.
///
/// Bytes that are not valid UTF-8 in a part labelled UTF-8 or US-ASCII are
/// read as Windows-1252, the way `TextDecoding` reads a text file, rather
/// than refused: mislabelled mail is common (8-bit text sent as us-ascii,
/// Latin-1 sent as utf-8), a refused part hides its whole message from the
/// user, and every byte still becomes a character the detectors see, so
/// digits, addresses and IBANs are found all the same. Windows-1252's five
/// undefined bytes become U+FFFD.
enum MailCharset: Sendable, Equatable {
    case utf8, ascii, latin1, latin9, windows1252, utf16, utf16LE, utf16BE

    /// The charset named by `label` (case-insensitive, surrounding white
    /// space and an RFC 2231 language suffix `*en` ignored), nil when unknown.
    init?(label: String) {
        var l = asciiLowercased(trimmed(label))
        if l.count >= 2, l.hasPrefix("\""), l.hasSuffix("\"") { l = String(l.dropFirst().dropLast()) }
        if let star = l.firstIndex(of: "*") { l = String(l[..<star]) }
        switch l {
        case "utf-8", "utf8", "unicode-1-1-utf-8": self = .utf8
        case "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "us", "iso-ir-6", "cp367", "ibm367", "csascii": self = .ascii
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "iso_8859-1:1987", "latin1", "latin-1", "l1", "cp819", "ibm819", "iso-ir-100", "csisolatin1":
            self = .latin1
        case "iso-8859-15", "iso8859-15", "iso_8859-15", "latin9", "latin-9", "l9", "csisolatin9": self = .latin9
        case "windows-1252", "cp1252", "x-cp1252", "win-1252", "ms-ansi": self = .windows1252
        case "utf-16", "utf16", "ucs-2": self = .utf16
        case "utf-16le", "utf16le": self = .utf16LE
        case "utf-16be", "utf16be": self = .utf16BE
        default: return nil
        }
    }

    /// The text of `bytes` in this charset.
    func decode(_ bytes: ArraySlice<UInt8>) throws(MailError) -> String {
        switch self {
        case .utf8, .ascii:
            if let s = String(validating: bytes, as: UTF8.self) { return s }
            return MailCharset.windows1252(bytes)
        case .latin1: return MailCharset.latin1(bytes)
        case .latin9: return MailCharset.latin9(bytes)
        case .windows1252: return MailCharset.windows1252(bytes)
        case .utf16:
            if bytes.starts(with: [0xFF, 0xFE]) { return try MailCharset.utf16(bytes.dropFirst(2), bigEndian: false) }
            if bytes.starts(with: [0xFE, 0xFF]) { return try MailCharset.utf16(bytes.dropFirst(2), bigEndian: true) }
            return try MailCharset.utf16(bytes, bigEndian: true)
        case .utf16LE:
            return try MailCharset.utf16(bytes.starts(with: [0xFF, 0xFE]) ? bytes.dropFirst(2) : bytes, bigEndian: false)
        case .utf16BE:
            return try MailCharset.utf16(bytes.starts(with: [0xFE, 0xFF]) ? bytes.dropFirst(2) : bytes, bigEndian: true)
        }
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(MailError) -> String {
        do {
            return try TextDecoding.utf16(bytes, bigEndian: bigEndian)
        } catch {
            throw .invalidText
        }
    }

    static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        single(bytes) { UInt32($0) }
    }

    /// ISO-8859-15 is Latin-1 with eight code points replaced (the euro
    /// sign, Š š Ž ž Œ œ Ÿ).
    static func latin9(_ bytes: ArraySlice<UInt8>) -> String {
        single(bytes) { b in
            switch b {
            case 0xA4: return 0x20AC
            case 0xA6: return 0x0160
            case 0xA8: return 0x0161
            case 0xB4: return 0x017D
            case 0xB8: return 0x017E
            case 0xBC: return 0x0152
            case 0xBD: return 0x0153
            case 0xBE: return 0x0178
            default: return UInt32(b)
            }
        }
    }

    /// Windows-1252 that never fails: its undefined bytes become U+FFFD.
    static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        single(bytes) { b in
            guard b >= 0x80 && b <= 0x9F else { return UInt32(b) }
            let v = TextDecoding.cp1252High[Int(b - 0x80)]
            return v == 0 ? 0xFFFD : v
        }
    }

    /// A single-byte charset through its table, written as UTF-8 bytes
    /// first (one pass, no per-character string growth).
    static func single(_ bytes: ArraySlice<UInt8>, _ map: (UInt8) -> UInt32) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 4)
        for b in bytes {
            if b < 0x80 {
                utf8.append(b)
            } else {
                UTF8.encode(Unicode.Scalar(map(b)) ?? "\u{FFFD}", into: { utf8.append($0) })
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Header bytes as text: UTF-8 when valid (RFC 6532 allows it in
    /// headers, and many mailers send it raw), else Windows-1252.
    static func headerText(_ bytes: ArraySlice<UInt8>) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return windows1252(bytes)
    }
}

/// The string of `scalars`, built as UTF-8 bytes in one pass.
func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(scalars.underestimatedCount)
    for c in scalars { UTF8.encode(c, into: { utf8.append($0) }) }
    return String(decoding: utf8, as: UTF8.self)
}

/// ASCII letters lowercased, everything else kept. Header and parameter
/// names and labels are ASCII; `lowercased()` would also fold non-ASCII.
func asciiLowercased(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    for c in s.unicodeScalars {
        if c.value >= 0x41 && c.value <= 0x5A { out.append(Unicode.Scalar(c.value + 0x20)!) } else { out.append(c) }
    }
    return String(out)
}

/// `s` without leading and trailing spaces, tabs, CR and LF.
func trimmed(_ s: String) -> String {
    let u = s.unicodeScalars
    guard let first = u.firstIndex(where: { !isWSPorEOL($0) }) else { return "" }
    let last = u.lastIndex(where: { !isWSPorEOL($0) })!
    return String(u[first...last])
}

@inline(__always) func isWSPorEOL(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\r" || c == "\n"
}
