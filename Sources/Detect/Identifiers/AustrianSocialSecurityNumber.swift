import RedactCore

/// Austrian social security number (Versicherungsnummer, SVNR).
///
/// Rule: 10 digits: a 3-digit serial (first digit not 0), a check digit,
/// the birth date DDMMYY; weights 3 7 9 0 5 8 4 2 1 6, sum mod 11 is the
/// check digit (10 is never issued). Printed "1237 010180" (without a
/// label only so, with a real date); unbroken only after a label
/// (Sozialversicherungsnummer, SVNR, VSNR).
enum AustrianSocialSecurityNumber {
    static let kind = "AT SVNR"
    static let weights = [3, 7, 9, 0, 5, 8, 4, 2, 1, 6]

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 10, separators: .space) else { return }
        let labelled = context.contains(.austrianSV)
        guard c.gaps == 1 << 4 || (c.gaps == 0 && labelled) else { return }
        let repaired = c.digits(0..<10)
        guard repaired >= 0, repaired <= 1, c.digits[0] != 0 else { return }
        let day = c.number(4..<6), month = c.number(6..<8)
        guard labelled || ((1...31).contains(day) && (1...12).contains(month)) else { return }
        var sum = 0
        for k in 0..<10 { sum += c.digits[k] * weights[k] }
        guard sum % 11 == c.digits[3] else { return }
        var confidence = labelled ? 0.98 : 0.92
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .insuranceID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
