/// Unicode property tests that answer ASCII inline. The standard library
/// looks every scalar up in its property tables
/// (`_swift_stdlib_getBinaryProperties`), which was 5-6% of a text PDF's
/// cold open in perf: detection and the font check ask these questions of
/// every scalar of every page, and most scalars of most documents are ASCII.
/// Each answers exactly what its `properties` counterpart answers.
extension Unicode.Scalar {
    /// `properties.isAlphabetic`.
    @inline(__always) public var isAlphabeticFast: Bool {
        let v = value
        if v < 0x80 { return (v | 0x20) &- 0x61 < 26 }
        return properties.isAlphabetic
    }

    /// `properties.isWhitespace`.
    @inline(__always) public var isWhitespaceFast: Bool {
        let v = value
        if v < 0x80 { return v == 0x20 || v &- 0x09 < 5 }
        return properties.isWhitespace
    }

    /// `properties.numericType != nil`.
    @inline(__always) public var isNumericFast: Bool {
        let v = value
        if v < 0x80 { return v &- 0x30 < 10 }
        return properties.numericType != nil
    }

    /// `properties.isUppercase`.
    @inline(__always) public var isUppercaseFast: Bool {
        let v = value
        if v < 0x80 { return v &- 0x41 < 26 }
        return properties.isUppercase
    }

    /// `properties.isLowercase`.
    @inline(__always) public var isLowercaseFast: Bool {
        let v = value
        if v < 0x80 { return v &- 0x61 < 26 }
        return properties.isLowercase
    }
}
