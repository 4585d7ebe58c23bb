/// Decoding the bytes of a text file (`.txt`, `.md`, `.csv`, `.tsv`, `.log`,
/// `.json`) into text, or refusing them as not text.
///
/// Accepted: UTF-8 (with or without a byte-order mark), UTF-16 with a
/// byte-order mark (either byte order), and Windows-1252 (a superset of
/// Latin-1's printable characters) when the bytes are not valid UTF-8. The
/// text is then written out as UTF-8 whatever it came in as.
///
/// Not text, and so not shown (fail closed): a NUL byte in a file without a
/// UTF-16 mark, invalid UTF-16, one of the five bytes Windows-1252 leaves
/// undefined in a file that is not UTF-8, and control characters other than
/// tab, line feed, vertical tab, form feed, carriage return and escape (the
/// last for coloured logs). A binary file named `.txt` fails here.
public enum TextDecoding {
    public enum Encoding: String, Sendable, Equatable {
        case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndian, windows1252
    }

    public enum Failure: Error, Sendable, Equatable {
        /// A NUL byte, a control character, or bytes no accepted encoding reads.
        case notText
    }

    /// The text of `bytes` and the encoding it was read in.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> (text: String, encoding: Encoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard let s = utf8(bytes[3...]) else { throw .notText }
            return (try checked(s), .utf8WithBOM)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return (try checked(try utf16(bytes[2...], bigEndian: false)), .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (try checked(try utf16(bytes[2...], bigEndian: true)), .utf16BigEndian) }
        guard !bytes.contains(0) else { throw .notText }
        if let s = utf8(bytes[...]) { return (try checked(s), .utf8) }
        return (try checked(try windows1252(bytes)), .windows1252)
    }

    /// Valid UTF-8 only (no replacement characters).
    static func utf8(_ bytes: ArraySlice<UInt8>) -> String? {
        var it = bytes.makeIterator()
        return strictly(UTF8(), &it)
    }

    /// Every code unit of `it` decoded by `codec`, or nil at the first
    /// invalid sequence (the standard library would put U+FFFD there).
    static func strictly<C: UnicodeCodec, I: IteratorProtocol>(_ codec: C, _ it: inout I) -> String? where I.Element == C.CodeUnit {
        var decoder = codec
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): scalars.append(s)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(Failure) -> String {
        guard bytes.count % 2 == 0 else { throw .notText }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var it = units.makeIterator()
        guard let s = strictly(UTF16(), &it) else { throw .notText }
        return s
    }

    /// Windows-1252 for 0x80...0x9F (undefined: 0x81, 0x8D, 0x8F, 0x90, 0x9D),
    /// Latin-1 (the same code points) elsewhere.
    static func windows1252(_ bytes: [UInt8]) throws(Failure) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            if b >= 0x80 && b <= 0x9F {
                let v = cp1252High[Int(b - 0x80)]
                guard v != 0, let s = Unicode.Scalar(v) else { throw .notText }
                scalars.append(s)
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    /// 0x80...0x9F in Windows-1252; 0 where it defines nothing.
    static let cp1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// `s` when it holds no control character but tab, line feed, vertical
    /// tab, form feed, carriage return and escape, and no NUL.
    static func checked(_ s: String) throws(Failure) -> String {
        for c in s.unicodeScalars {
            let v = c.value
            if v < 0x20 {
                switch v {
                case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B: continue
                default: throw .notText
                }
            }
            if v == 0x7F || (v >= 0x80 && v <= 0x9F) { throw .notText }
        }
        return s
    }
}
