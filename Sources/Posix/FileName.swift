import Foundation

/// How a source file name's bytes are shown in the mount, and back.
///
/// Linux file names are bytes: any but "/" and NUL. A name that is UTF-8
/// with no control character and no backslash is shown as it is. Any other
/// is shown escaped: each byte of an invalid UTF-8 sequence and each byte of
/// a control character (U+0000–U+001F, U+007F, U+0080–U+009F) as `\xHH`
/// (two lower-case hex digits), each backslash as `\\`, everything else as
/// it is. So `Brief` newline `2024.pdf` is shown as `Brief\x0a2024.pdf`,
/// and `Müller.pdf` written in Latin-1 (the byte FC) as `M\xfcller.pdf`. An escaped name always holds a
/// backslash and a name shown as it is never does, so every shown name maps
/// back to exactly one source name (`bytes`).
public enum FileName {
    public static func shown(_ bytes: [UInt8]) -> String {
        let s = escaped(bytes, everyNonASCIIByte: false)
        // Swift compares strings by canonical equivalence: `café` composed
        // (NFC) and decomposed (NFD) are ==, and so are U+2000 and U+2002.
        // Two source files with such names must not be shown as names that
        // compare equal, so a name that is not in NFC is shown with each of
        // its non-ASCII bytes escaped: the composed one as it is, the other
        // as `cafe\xcc\x81`.
        if isNFC(s) { return s }
        return escaped(bytes, everyNonASCIIByte: true)
    }

    /// Whether `s` is its own NFC form, scalar for scalar.
    static func isNFC(_ s: String) -> Bool {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        return s.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(s.unicodeScalars)
    }

    private static func escaped(_ bytes: [UInt8], everyNonASCIIByte: Bool) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        func hex(_ b: UInt8) {
            let digits = Array("0123456789abcdef".unicodeScalars)
            out.append("\\"); out.append("x")
            out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)])
        }
        while i < bytes.count {
            if let (scalar, n) = decode(bytes, at: i) {
                if needsEscape(scalar) || (everyNonASCIIByte && !scalar.isASCII) {
                    for b in bytes[i..<(i + n)] { hex(b) }
                } else if scalar == "\\" {
                    out.append("\\"); out.append("\\")
                } else {
                    out.append(scalar)
                }
                i += n
            } else {
                hex(bytes[i])
                i += 1
            }
        }
        return String(out)
    }

    /// The source name's bytes for a shown name; nil when `shown` is not
    /// the way any name is shown (a stray or malformed escape).
    public static func bytes(_ shown: String) -> [UInt8]? {
        // Most names: no escape, nothing that would have been escaped.
        if !shown.unicodeScalars.contains(where: { $0 == "\\" || needsEscape($0) }) {
            return isNFC(shown) ? Array(shown.utf8) : nil
        }
        let s = Array(shown.unicodeScalars)
        var out: [UInt8] = []
        var i = 0
        while i < s.count {
            if s[i] == "\\" {
                guard i + 1 < s.count else { return nil }
                if s[i + 1] == "\\" {
                    out.append(0x5C)
                    i += 2
                } else if s[i + 1] == "x", i + 3 < s.count, let hi = nibble(s[i + 2]), let lo = nibble(s[i + 3]) {
                    out.append(hi << 4 | lo)
                    i += 4
                } else {
                    return nil
                }
            } else {
                out.append(contentsOf: Array(String(s[i]).utf8))
                i += 1
            }
        }
        // One shown form per name: `\x41` is not how `A` is shown.
        // Scalar for scalar: `==` would take a decomposed name for its composed form.
        return Self.shown(out).unicodeScalars.elementsEqual(shown.unicodeScalars) ? out : nil
    }

    /// A control character: C0, DEL, C1.
    static func needsEscape(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value)
    }

    private static func nibble(_ c: Unicode.Scalar) -> UInt8? {
        switch c.value {
        case 0x30...0x39: return UInt8(c.value - 0x30)
        case 0x61...0x66: return UInt8(c.value - 0x61 + 10)
        default: return nil
        }
    }

    /// The well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms,
    /// no surrogates, nothing past U+10FFFF) and its length.
    static func decode(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = b[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let n: Int, minimum: UInt32
        var v: UInt32
        switch b0 {
        case 0xC2...0xDF: n = 2; v = UInt32(b0 & 0x1F); minimum = 0x80
        case 0xE0...0xEF: n = 3; v = UInt32(b0 & 0x0F); minimum = 0x800
        case 0xF0...0xF4: n = 4; v = UInt32(b0 & 0x07); minimum = 0x10000
        default: return nil
        }
        guard i + n <= b.count else { return nil }
        for k in 1..<n {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            v = v << 6 | UInt32(c & 0x3F)
        }
        guard v >= minimum, v <= 0x10FFFF, !(0xD800...0xDFFF).contains(v), let scalar = Unicode.Scalar(v) else { return nil }
        return (scalar, n)
    }
}
