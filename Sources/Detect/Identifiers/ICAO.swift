/// ICAO 9303 check digits, as in the machine-readable zone of passports and
/// ID cards: digits as themselves, letters A = 10 ... Z = 35, `<` = 0,
/// weights 7 3 1 repeating, sum modulo 10.
enum ICAO {
    /// The value of one character, or -1.
    @inline(__always) static func value(_ v: UInt32) -> Int {
        if v.isDigit { return v.digitValue }
        if v &- 0x41 < 26 { return Int(v - 0x41) + 10 }
        if v == 0x3C { return 0 }
        return -1
    }

    static func checkDigit(_ chars: [UInt32], _ r: Range<Int>) -> Int {
        let weights = (7, 3, 1)
        var sum = 0
        for (i, k) in r.enumerated() {
            let w = i % 3 == 0 ? weights.0 : (i % 3 == 1 ? weights.1 : weights.2)
            sum += value(chars[k]) * w
        }
        return sum % 10
    }
}
