import RedactCore

/// UK National Insurance number (NINO).
///
/// Rule: two capitals, six digits, a suffix A-D ("QQ 12 34 56 C" with
/// spaces as printed, or unbroken). First letter not D F I Q U V; second
/// not D F I O Q U V; the prefixes BG GB KN NK NT TN ZZ are never issued.
/// Without the suffix only after a label (National Insurance, NINO, NI
/// number). No check digit: a pattern. Digits that count up or repeat
/// ("AB 12 34 56 C", the sample format on HMRC's pages) are a sample unless a
/// label says otherwise.
enum UKNationalInsuranceNumber {
    static let kind = "UK NINO"
    static let printed = Candidate.gapMask([2, 2, 2, 2, 1])
    static let printedShort = Candidate.gapMask([2, 2, 2, 2])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard s[p].value &- 0x41 < 26 else { return }
        if c.collect(s, from: p, count: 9, separators: .space), c.gaps == 0 || c.gaps == printed,
           prefixIsValid(c), c.digits(2..<8) == 0, c.chars[8] &- 0x41 < 4 {
            let labelled = context.contains(.nino)
            guard labelled || !isPlaceholder(c) else { return }
            out.append(Detection(category: .nationalID, range: p..<c.end, confidence: labelled ? 0.92 : 0.85,
                                 reason: labelled ? .context : .pattern, kind: kind))
            return
        }
        if context.contains(.nino), c.collect(s, from: p, count: 8, separators: .space),
           c.gaps == 0 || c.gaps == printedShort, prefixIsValid(c), c.digits(2..<8) == 0 {
            out.append(Detection(category: .nationalID, range: p..<c.end, confidence: 0.88,
                                 reason: .context, kind: kind))
        }
    }

    /// Digits 2..<8 (after `digits`) run up by one ("123456") or are all the same.
    static func isPlaceholder(_ c: Candidate) -> Bool {
        var up = true, same = true
        for k in 3..<8 {
            if c.digits[k] != c.digits[k - 1] + 1 { up = false }
            if c.digits[k] != c.digits[k - 1] { same = false }
        }
        return up || same
    }

    static func prefixIsValid(_ c: Candidate) -> Bool {
        let a = c.letter(0), b = c.letter(1)
        guard a >= 0, b >= 0 else { return false }
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
