import RedactCore

/// US Social Security number and Individual Taxpayer Identification Number.
///
/// Rule: 9 digits AAA-GG-SSSS. SSN: area not 000, 666 or 900-999, group not
/// 00, serial not 0000. ITIN: area 9xx with group 50-65, 70-88, 90-92 or
/// 94-99. Grouped 3-2-4 with hyphens or spaces ("123-45-6789", "123 45
/// 6789") a pattern; unbroken only after a label (SSN, Social Security,
/// ITIN, TIN). There is no check digit, but the shape is the SSA's own: a
/// valid-range SSN beats a phone number on the same digits ("078-05-1120"
/// is also a German number), unless a phone label stands before them (see
/// `IdentifierRecognizer.settle`). ITINs with spaces still need a label.
/// An SSA claim number is the SSN with a beneficiary code glued to it
/// ("123-45-6789A", "123-45-6789B1"): the SSN in it is found (hyphens only).
enum USSocialSecurityNumber {
    static let ssnKind = "US SSN"
    static let itinKind = "US ITIN"
    static let grouped = Candidate.gapMask([3, 2, 4])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard s[p].value.isDigit else { return }
        if !c.collect(s, from: p, count: 9, separators: [.hyphen, .space]) {
            matchClaimNumber(s, at: p, &c, into: &out)
            return
        }
        guard c.digits(0..<9) == 0 else { return }
        let dashed = c.gaps == grouped && c.used == .hyphen
        let spaced = c.gaps == grouped && c.used == .space
        guard dashed || spaced || c.gaps == 0 else { return }
        let area = c.number(0..<3), group = c.number(3..<5), serial = c.number(5..<9)
        if area >= 900 {
            let itinGroup = (50...65).contains(group) || (70...88).contains(group) || (90...92).contains(group)
                || (94...99).contains(group)
            guard itinGroup else { return }
            let labelled = !context.isDisjoint(with: [.itin, .ssn])
            guard dashed || labelled else { return }
            out.append(Detection(category: .taxID, range: p..<c.end, confidence: labelled ? 0.9 : 0.75,
                                 reason: labelled ? .context : .pattern, kind: itinKind))
            return
        }
        guard area != 0, area != 666, group != 0, serial != 0 else { return }
        let labelled = context.contains(.ssn)
        guard dashed || spaced || labelled else { return }
        out.append(Detection(category: .nationalID, range: p..<c.end, confidence: labelled ? 0.9 : 0.7,
                             reason: labelled ? .context : .pattern, kind: ssnKind))
    }

    /// "ddd-dd-dddd" followed by one capital and optionally one more
    /// capital or digit, then a token boundary: the SSN part, as a pattern.
    static func matchClaimNumber(_ s: Text, at p: Int, _ c: inout Candidate, into out: inout [Detection]) {
        let n = s.count
        guard p + 12 <= n, s[p + 3].value == 0x2D, s[p + 6].value == 0x2D, s[p + 11].value &- 0x41 < 26 else { return }
        for k in 0..<11 {
            let v = s[p + k].value
            if k == 3 || k == 6 { if v != 0x2D { return } } else if !v.isDigit { return }
        }
        guard s[p + 11].value &- 0x41 < 26 else { return }
        var end = p + 12
        if end < n, s[end].value &- 0x41 < 26 || s[end].value.isDigit { end += 1 }
        guard Boundary.after(s, end) else { return }
        guard c.collect(s, from: p, count: 9, separators: .hyphen) || c.end == p + 11, c.digits(0..<9) == 0 else { return }
        let area = c.number(0..<3), group = c.number(3..<5), serial = c.number(5..<9)
        guard area != 0, area != 666, area < 900, group != 0, serial != 0 else { return }
        out.append(Detection(category: .nationalID, range: p..<(p + 11), confidence: 0.7, reason: .pattern, kind: ssnKind))
    }
}
