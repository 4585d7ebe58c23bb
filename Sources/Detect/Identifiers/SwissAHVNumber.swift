import RedactCore

/// Swiss social security number (AHV-Nummer / numéro AVS, AHVN13).
///
/// Rule: 13 digits starting 756, printed "756.1234.5678.97" (dots or
/// spaces in 3-4-4-2 groups) or unbroken; the last is the EAN-13 check
/// digit (weights 1 3 1 3 ... from the left, 10 - sum mod 10). No context
/// needed.
enum SwissAHVNumber {
    static let kind = "CH AHV"
    static let grouped = Candidate.gapMask([3, 4, 4, 2])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard s[p].value == 0x37, c.collect(s, from: p, count: 13, separators: [.dot, .space]),
              c.gaps == 0 || (c.gaps == grouped && c.used.rawValue.nonzeroBitCount == 1)
        else { return }
        let repaired = c.digits(0..<13)
        guard repaired >= 0, repaired <= 1, c.number(0..<3) == 756 else { return }
        var sum = 0
        for k in 0..<12 { sum += c.digits[k] * (k % 2 == 0 ? 1 : 3) }
        guard (10 - sum % 10) % 10 == c.digits[12] else { return }
        var confidence = context.contains(.ahv) ? 0.99 : 0.96
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .insuranceID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
