import RedactCore

/// French social security number (NIR, numéro de sécurité sociale).
///
/// Rule: 15 characters, single spaces allowed ("2 55 08 14 168 025 38"):
/// sex 1 2 3 4 7 8, year, month 01-12 or 20-99, department (2 digits, or
/// 2A/2B for Corsica), commune, order number, and a 2-digit key equal to
/// 97 - (the first 13 as a number mod 97), Corsica counting 2A as 19 and
/// 2B as 18. No context needed.
enum FrenchNIR {
    static let kind = "FR NIR"

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 15, separators: .space) else { return }
        var corsica = -1
        let department = c.chars[6] | 0x20
        if c.chars[5] == 0x32, department == 0x61 || department == 0x62 {  // 2A, 2B
            corsica = department == 0x61 ? 19 : 18
            c.chars[6] = 0x30
        }
        let repaired = c.digits(0..<15)
        guard repaired >= 0, repaired <= 2 else { return }
        switch c.digits[0] {
        case 1, 2, 3, 4, 7, 8: break
        default: return
        }
        let month = c.number(3..<5)
        guard (1...12).contains(month) || month >= 20 else { return }
        var n = 0
        for k in 0..<13 {
            let d = (k == 5 && corsica >= 0) ? corsica / 10 : (k == 6 && corsica >= 0 ? corsica % 10 : c.digits[k])
            n = (n * 10 + d) % 97
        }
        guard 97 - n == c.number(13..<15) else { return }
        var confidence = context.contains(.nir) ? 0.99 : 0.96
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .nationalID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
