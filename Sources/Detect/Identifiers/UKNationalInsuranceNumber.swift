import RedactCore

/// UK National Insurance number (NINO).
///
/// Rule: two letters, six digits, a suffix A-D ("QQ 12 34 56 C" with
/// spaces as printed, or unbroken). First letter not D F I Q U V; second
/// not D F I O Q U V; the prefixes BG GB KN NK NT TN ZZ are never issued.
/// Without the suffix only after a label (National Insurance, NINO, NI
/// number). Letters in lower case ("qq 12 34 56 c", as people type it) count
/// when the number is spaced as printed or a label stands before it; fused
/// and in lower case without one it is some code ("ab123456c"), unless it
/// fills a table cell of its own (a spreadsheet column). No check
/// digit: a pattern. Digits that count up or repeat ("AB 12 34 56 C", the
/// sample format on HMRC's pages) are redacted too: a real number may have
/// them, and hiding a sample costs nothing.
enum UKNationalInsuranceNumber {
    static let kind = "UK NINO"
    static let printed = Candidate.gapMask([2, 2, 2, 2, 1])
    static let printedShort = Candidate.gapMask([2, 2, 2, 2])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard s[p].value.isASCIILetter else { return }
        let labelled = context.contains(.nino)
        if c.collect(s, from: p, count: 9, separators: .space), c.gaps == 0 || c.gaps == printed,
           labelled || c.gaps == printed || isUpper(c, [0, 1, 8]) || aloneInCell(s, p, c.end), prefixIsValid(c),
           c.digits(2..<8) == 0,
           (c.chars[8] | 0x20) &- 0x61 < 4 {
            out.append(Detection(category: .nationalID, range: p..<c.end, confidence: labelled ? 0.92 : 0.85,
                                 reason: labelled ? .context : .pattern, kind: kind))
            return
        }
        if labelled, c.collect(s, from: p, count: 8, separators: .space),
           c.gaps == 0 || c.gaps == printedShort, prefixIsValid(c), c.digits(2..<8) == 0 {
            out.append(Detection(category: .nationalID, range: p..<c.end, confidence: 0.88,
                                 reason: .context, kind: kind))
        }
    }

    /// Whether `p..<end` fills a table cell (a tab or `|` before and after
    /// it, spaces aside): a NINO typed in lower case into a spreadsheet
    /// column, where no code shares its cell.
    static func aloneInCell(_ s: Text, _ p: Int, _ end: Int) -> Bool {
        var a = p
        while a > 0, s[a - 1].value == 0x20 { a -= 1 }
        guard a > 0, s[a - 1].value == 0x09 || s[a - 1].value == 0x7C else { return false }
        var b = end
        while b < s.count, s[b].value == 0x20 { b += 1 }
        return b < s.count && (s[b].value == 0x09 || s[b].value == 0x7C)
    }

    @inline(__always) static func isUpper(_ c: Candidate, _ ks: [Int]) -> Bool { ks.allSatisfy { c.isUpper($0) } }

    /// The prefix rules on `chars[0...1]`, in either case.
    static func prefixIsValid(_ c: Candidate) -> Bool {
        let u0 = c.chars[0] & ~0x20, u1 = c.chars[1] & ~0x20
        guard u0 &- 0x41 < 26, u1 &- 0x41 < 26, c.chars[0].isASCIILetter, c.chars[1].isASCIILetter else { return false }
        let a = Int(u0 - 0x41), b = Int(u1 - 0x41)
        let badFirst = "DFIQUV".unicodeScalars, badSecond = "DFIOQUV".unicodeScalars
        if badFirst.contains(where: { Int($0.value - 0x41) == a }) { return false }
        if badSecond.contains(where: { Int($0.value - 0x41) == b }) { return false }
        switch (a + 0x41, b + 0x41) {
        case (0x42, 0x47), (0x47, 0x42), (0x4B, 0x4E), (0x4E, 0x4B), (0x4E, 0x54), (0x54, 0x4E), (0x5A, 0x5A):
            return false
        default:
            return true
        }
    }
}
