import RedactCore

/// Business Identifier Codes (BIC, SWIFT code).
///
/// Rule: 8 or 11 capitals and digits as one word: 4 letters (institution),
/// an ISO 3166 country code, 2 letters or digits (location), optionally 3
/// letters or digits (branch): "COBADEFFXXX". Has no check digit and looks
/// like many words and codes, so only after a label (BIC, SWIFT, SWIFT-Code)
/// or within a few words of an IBAN of the same country (a BIC beside an
/// IBAN is that account's bank: "CARD 4417 WAITROSE" under a British IBAN
/// is a shop, not a Romanian bank). OCR fuses a label in capitals with the
/// code after it ("BICCOBADEFFXXX"): the capitals after "BIC" or "SWIFT"
/// are a BIC when they are exactly 8 or 11.
enum BIC {
    static let kind = "BIC"
    /// How far (scalars) from an IBAN a BIC still counts as its neighbour.
    static let ibanDistance = 40

    /// The BIC labels of one word (`LabelWords.identifiers`).
    static let fusedLabels = Labels.lettersOnly(.bic)

    /// Where the code starts in a token `i..<j` that is "BIC" or "SWIFT" in
    /// capitals fused with 8 or 11 more letters and digits; nil otherwise.
    static func fusedLabelEnd(_ s: Text, _ i: Int, _ j: Int) -> Int? {
        for label in fusedLabels {
            let m = label.count
            let rest = j - i - m
            guard rest == 8 || rest == 11, s.hasPrefix(label, at: i) else { continue }
            for k in i..<(i + m) where s[k].value &- 0x41 >= 26 { return nil }  // capitals only
            return i + m
        }
        return nil
    }

    /// A form field or a narrow cell wraps an 11-character BIC before its
    /// branch code, and the branch of the primary office is `XXX`: after 8
    /// characters ending at `e`, one space or line break and `XXX` as a
    /// word of its own are the rest of the code. The end, or nil.
    static func primaryOfficeEnd(_ s: Text, _ e: Int) -> Int? {
        guard e + 4 <= s.count, s[e].value == 0x20 || s[e].value == 0x0A else { return nil }
        for k in (e + 1)..<(e + 4) where s[k].value != 0x58 { return nil }  // X
        return Boundary.after(s, e + 4) ? e + 4 : nil
    }

    /// `nearIBAN`: the country code of an IBAN within `ibanDistance`, if any.
    static func match(_ s: Text, at p: Int, context: LabelSet, nearIBAN: (UInt32, UInt32)?, _ c: inout Candidate,
                      into out: inout [Detection]) {
        let labelled = context.contains(.bic)
        guard labelled || nearIBAN != nil else { return }
        for n in [11, 8] {
            guard c.collect(s, from: p, count: n, separators: []) else { continue }
            var ok = true
            for k in 0..<6 where !c.isUpper(k) { ok = false }
            for k in 6..<n where !c.isUpper(k) && !c.chars[k].isDigit { ok = false }
            guard ok, CountryCodes.contains(c.chars[4], c.chars[5]) else { continue }
            // Unlabelled, next to an IBAN: the bank of that account, so its country.
            if !labelled, let (a, b) = nearIBAN, c.chars[4] != a || c.chars[5] != b { return }
            let end = n == 8 ? primaryOfficeEnd(s, c.end) ?? c.end : c.end
            out.append(Detection(category: .bic, range: p..<end, confidence: labelled ? 0.9 : 0.85,
                                 reason: .context, kind: kind))
            return
        }
        // OCR text: the `XXX` branch read with an X doubled or lost
        // (`WELADE8LXXxX`, `WELADE8LX` at a photo's edge).
        guard c.ocr.contains(p), let e = ocrBranchEnd(s, p) else { return }
        if !labelled, let (a, b) = nearIBAN, s[p + 4].value != a || s[p + 5].value != b { return }
        out.append(Detection(category: .bic, range: p..<e, confidence: labelled ? 0.85 : 0.8,
                             reason: .context, kind: kind))
    }

    /// The end of 8 BIC characters at `p` followed by 1 to 4 `X` or `x`
    /// that are not exactly `XXX`, then the end of the word; nil otherwise.
    static func ocrBranchEnd(_ s: Text, _ p: Int) -> Int? {
        guard p + 9 <= s.count else { return nil }
        for k in 0..<8 {
            let v = s[p + k].value
            guard v &- 0x41 < 26 || (k >= 6 && v.isDigit) else { return nil }
        }
        guard CountryCodes.contains(s[p + 4].value, s[p + 5].value) else { return nil }
        var e = p + 8
        while e < s.count, e - p < 13, s[e].value | 0x20 == 0x78 { e += 1 }
        guard e > p + 8, e <= p + 12, Boundary.after(s, e) else { return nil }
        return e
    }
}
