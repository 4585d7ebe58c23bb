/// Bounds-checked reads from an untrusted byte array: every read returns
/// nil instead of trapping when it would run past the end.
struct ByteReader {
    let bytes: [UInt8]
    /// Big-endian (Motorola) unless set.
    var littleEndian = false

    init(_ bytes: [UInt8], littleEndian: Bool = false) {
        self.bytes = bytes
        self.littleEndian = littleEndian
    }

    var count: Int { bytes.count }

    func has(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && bytes.count - offset >= length
    }

    func u8(_ o: Int) -> Int? { has(o, 1) ? Int(bytes[o]) : nil }

    func u16(_ o: Int) -> Int? {
        guard has(o, 2) else { return nil }
        let a = Int(bytes[o]), b = Int(bytes[o + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u24le(_ o: Int) -> Int? {
        guard has(o, 3) else { return nil }
        return Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16
    }

    func u32(_ o: Int) -> Int? {
        guard has(o, 4) else { return nil }
        let a = Int(bytes[o]), b = Int(bytes[o + 1]), c = Int(bytes[o + 2]), d = Int(bytes[o + 3])
        return littleEndian ? a | b << 8 | c << 16 | d << 24 : a << 24 | b << 16 | c << 8 | d
    }

    func matches(_ magic: [UInt8], at o: Int) -> Bool {
        guard has(o, magic.count) else { return false }
        for (i, m) in magic.enumerated() where bytes[o + i] != m { return false }
        return true
    }
}
