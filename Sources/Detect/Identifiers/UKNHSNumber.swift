import RedactCore

/// UK NHS number.
///
/// Rule: 10 digits, first not 0 unless after a label (Scottish CHI numbers
/// begin with the day of birth and share the check); weights 10 9 ... 2 on the first nine,
/// 11 - (sum mod 11) is the tenth (11 counts as 0, 10 is never issued).
/// Printed 3-3-4 with spaces or hyphens ("943 476 5919"); unbroken only
/// after a label (NHS).
enum UKNHSNumber {
    static let kind = "UK NHS number"
    static let grouped = Candidate.gapMask([3, 3, 4])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 10, separators: [.space, .hyphen]) else { return }
        let labelled = context.contains(.nhs)
        guard (c.gaps == grouped && c.used.rawValue.nonzeroBitCount == 1) || (c.gaps == 0 && labelled) else { return }
        let repaired = c.digits(0..<10)
        guard repaired >= 0, repaired <= 1, c.digits[0] != 0 || labelled, isValid(c.digits) else { return }
        var confidence = labelled ? 0.98 : 0.93
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .insuranceID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }

    static func isValid(_ d: [Int]) -> Bool {
        var sum = 0
        for k in 0..<9 { sum += d[k] * (10 - k) }
        var check = 11 - sum % 11
        if check == 11 { check = 0 }
        return check != 10 && check == d[9]
    }
}
