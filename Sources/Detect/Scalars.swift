/// Small character tests on scalar values shared by the recognizers. ASCII
/// is decided inline; anything else asks the Unicode properties.
typealias Text = UnsafeBufferPointer<Unicode.Scalar>

extension UInt32 {
    @inline(__always) var isDigit: Bool { self &- 0x30 < 10 }
    @inline(__always) var isASCIILetter: Bool { (self | 0x20) &- 0x61 < 26 }
    @inline(__always) var isASCIIAlnum: Bool { isDigit || isASCIILetter }
    @inline(__always) var isHexDigit: Bool { isDigit || (self | 0x20) &- 0x61 < 6 }
    @inline(__always) var lowercasedASCII: UInt32 { isASCIILetter ? self | 0x20 : self }
    @inline(__always) var digitValue: Int { Int(self &- 0x30) }
}

extension Unicode.Scalar {
    /// A letter or digit of any script: part of a word.
    @inline(__always) var isWordScalar: Bool {
        let v = value
        if v < 0x80 { return v.isASCIIAlnum }
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// Horizontal white space, including no-break and narrow spaces; not
    /// line breaks.
    @inline(__always) var isHorizontalSpace: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    @inline(__always) var isWhitespaceOrNewline: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default: return false
        }
    }
}

extension Text {
    /// Whether the scalars at `i...` are `word` (ASCII, compared case-insensitively).
    @inline(__always) func hasPrefix(_ word: StaticString, at i: Int) -> Bool {
        let n = word.utf8CodeUnitCount
        if i < 0 || i + n > count { return false }
        let p = word.utf8Start
        for k in 0..<n where self[i + k].value.lowercasedASCII != UInt32(p[k]) { return false }
        return true
    }

    /// `hasPrefix(_:at:)` for a word of lower-case ASCII scalars.
    @inline(__always) func hasPrefix(_ word: [UInt32], at i: Int) -> Bool {
        let n = word.count
        if i < 0 || i + n > count { return false }
        for k in 0..<n where self[i + k].value.lowercasedASCII != word[k] { return false }
        return true
    }
}
