import RedactCore

/// Dates of birth and addresses that ID documents print for machines: the
/// machine-readable zone of passports and ID cards (ICAO 9303) and the
/// element lines of a US or Canadian driver's licence barcode (AAMVA DL/ID
/// card standard) as a barcode reader or OCR gives them.
///
/// Rule: an MRZ line holds the birth date as YYMMDD followed by its ICAO
/// check digit, and the expiry date with its own, in fixed places: on the
/// second line of an ID card (TD1, `870914 7 < 311103 5 D<<…`) at its
/// start, on the second line of a passport (TD3, TD2) after the document
/// number, its check digit and the nationality; both check digits must
/// hold. AAMVA lines open with a three-letter element ID (`DBB` date of
/// birth, `DAG` street, `DAI` city, `DAK` postal code, …); they count only
/// where four or more such lines stand on the page, among them the birth
/// date (`DBB`, eight digits) and the licence number or a name (`DAQ`,
/// `DCS`, `DAC`) that every barcode holds.
enum MachineReadableFields {
    /// An element ID packed into one number: three capitals.
    @inline(__always) static func key(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 { a << 16 | b << 8 | c }
    static func key(_ code: String) -> UInt32 {
        let v = code.unicodeScalars.map(\.value)
        return key(v[0], v[1], v[2])
    }

    /// AAMVA element IDs (DL/ID card design standard, 2020).
    static let aamvaElements: Set<UInt32> = Set([
        "DAQ", "DCS", "DAC", "DAD", "DCT", "DAA", "DBA", "DBB", "DBC", "DBD", "DAU", "DAY", "DAG", "DAH", "DAI", "DAJ",
        "DAK", "DCF", "DCG", "DCA", "DCB", "DCD", "DDE", "DDF", "DDG", "DAW", "DAZ", "DCK", "DDA", "DDB", "DDK",
    ].map(key))
    /// The elements that are part of a postal address.
    static let aamvaAddress: Set<UInt32> = Set(["DAG", "DAH", "DAI", "DAK"].map(key))
    static let dbb = key("DBB")
    /// The licence number and the holder's names.
    static let aamvaHolder: Set<UInt32> = Set(["DAQ", "DCS", "DAC", "DCT"].map(key))

    /// The AAMVA element lines of the page: the element ID and the scalar
    /// range of its value (to the end of the line). Empty unless the page
    /// looks like a barcode's text (see the type's comment).
    static func aamvaFields(_ ts: TokenStream) -> [(code: UInt32, value: Range<Int>)] {
        var out: [(UInt32, Range<Int>)] = []
        let toks = ts.tokens
        let s = ts.text
        for l in 0..<ts.lineCount {
            let r = ts.line(l)
            guard let k = r.first, toks[k].kind == .word || toks[k].kind == .alnum, toks[k].count >= 3,
                  s[Int(toks[k].start)].value == 0x44 else { continue }  // D
            let a = Int(toks[k].start)
            let b = s[a + 1].value, c = s[a + 2].value
            guard b &- 0x41 < 26, c &- 0x41 < 26 else { continue }
            let code = key(0x44, b, c)
            guard aamvaElements.contains(code) else { continue }
            let end = Int(toks[r.upperBound - 1].end)
            if a + 3 < end { out.append((code, (a + 3)..<end)) }
        }
        // The barcode's header (`ANSI 636…`, the issuer number) vouches for
        // a short dump; without it four element lines are needed.
        let header = (0..<ts.lineCount).contains { l in
            let r = ts.line(l)
            return r.count >= 2 && ts.isWord(r.lowerBound, "ansi") && s.hasPrefix("636", at: Int(toks[r.lowerBound + 1].start))
        }
        if out.count < (header ? 2 : 4) { return [] }
        // Every licence barcode holds the birth date (eight digits) and the
        // licence number or the holder's names (a page break may part them).
        let birth = out.contains { $0.0 == dbb && $0.1.count == 8 && $0.1.allSatisfy { s[$0].value.isDigit } }
        return birth && out.contains(where: { aamvaHolder.contains($0.0) }) ? out : []
    }

    /// What each AAMVA element that names or locates the holder is.
    static let aamvaCategory: [UInt32: Category] = {
        var m: [UInt32: Category] = [:]
        for c in ["DAQ", "DCF"] { m[key(c)] = .reference }
        for c in ["DCS", "DAC", "DAD", "DCT", "DAA"] { m[key(c)] = .name }
        for c in ["DAG", "DAH", "DAI", "DAK"] { m[key(c)] = .address }
        m[dbb] = .dateOfBirth
        return m
    }()

    /// A `DBB` value: eight digits, MMDDCCYY (US) or CCYYMMDD (Canada).
    static func isLicenceDate(_ d: [UInt32]) -> Bool {
        guard d.count == 8, d.allSatisfy({ $0.isDigit }) else { return false }
        let v = d.map { Int($0 - 0x30) }
        let mmdd = (1...12).contains(v[0] * 10 + v[1]) && (1...31).contains(v[2] * 10 + v[3])
            && (1890...2099).contains(v[4] * 1000 + v[5] * 100 + v[6] * 10 + v[7])
        let yyyymmdd = (1890...2099).contains(v[0] * 1000 + v[1] * 100 + v[2] * 10 + v[3])
            && (1...12).contains(v[4] * 10 + v[5]) && (1...31).contains(v[6] * 10 + v[7])
        return mmdd || yyyymmdd
    }

    /// Dates of birth in the page's MRZ lines (a licence barcode's `DBB` is
    /// `LicenceFields.aamva`'s, with the barcode's other elements).
    static func birthDates(_ ts: TokenStream, into out: inout [Detection]) {
        // MRZ: lines of capitals, digits and `<`, 30 (TD1), 36 (TD2) or 44 (TD3) long.
        let s = ts.text
        let toks = ts.tokens
        for l in 0..<ts.lineCount {
            let r = ts.line(l)
            guard !r.isEmpty else { continue }
            let a = Int(toks[r.lowerBound].start), e = Int(toks[r.upperBound - 1].end)
            let n = e - a
            guard n == 30 || n == 36 || n == 44 else { continue }
            var ok = true
            for i in a..<e {
                let v = s[i].value
                if !(v.isDigit || v &- 0x41 < 26 || v == 0x3C) { ok = false; break }
            }
            guard ok else { continue }
            // TD1 second line: birth date first; TD2/TD3 second line: after 13 characters.
            for start in n == 30 ? [0] : [13] {
                let b = a + start
                guard isDateWithCheck(s, b), isSex(s[b + 7].value), isDateWithCheck(s, b + 8, birth: false) else { continue }
                if start == 13, !checkDigitHolds(s, a, 9) { continue }
                out.append(Detection(category: .dateOfBirth, range: b..<(b + 6), confidence: 0.9, reason: .checksum,
                                     kind: "MRZ birth date"))
            }
        }
    }

    @inline(__always) static func isSex(_ v: UInt32) -> Bool { v == 0x4D || v == 0x46 || v == 0x58 || v == 0x3C }

    /// YYMMDD at `b` and its check digit after it.
    static func isDateWithCheck(_ s: Text, _ b: Int, birth: Bool = true) -> Bool {
        for i in b..<(b + 7) where !s[i].value.isDigit { return false }
        let mm = s[b + 2].value.digitValue * 10 + s[b + 3].value.digitValue
        let dd = s[b + 4].value.digitValue * 10 + s[b + 5].value.digitValue
        guard (1...12).contains(mm), (1...31).contains(dd) else { return false }
        return checkDigitHolds(s, b, 6)
    }

    /// ICAO 9303: weights 7 3 1 over `n` characters from `b` (`<` 0, A 10 …),
    /// the digit after them is the sum mod 10.
    static func checkDigitHolds(_ s: Text, _ b: Int, _ n: Int) -> Bool {
        let weights = [7, 3, 1]
        var sum = 0
        for k in 0..<n {
            let v = s[b + k].value
            let x: Int
            if v.isDigit { x = v.digitValue } else if v &- 0x41 < 26 { x = Int(v - 0x41) + 10 } else if v == 0x3C { x = 0 } else { return false }
            sum += x * weights[k % 3]
        }
        let c = s[b + n].value
        return c.isDigit && c.digitValue == sum % 10
    }
}
