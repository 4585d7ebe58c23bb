import RedactCore

/// German health insurance number (Krankenversichertennummer, KVNR, the
/// unchangeable part on the eGK).
///
/// Rule: a capital letter and 9 digits ("A123456780"). Check (GKV): the
/// letter becomes its two-digit alphabet position (A = 01), followed by the
/// first 8 digits; weights 1 2 1 2 ..., digit sums of the products added,
/// modulo 10 is the last digit. No context needed; a label raises the
/// confidence.
enum GermanHealthInsuranceNumber {
    static let kind = "DE Krankenversichertennummer"

    /// The capital that OCR reads as digit scalar `v` (6 for G, 8 for B,
    /// 5 for S, 2 for Z, 1 for I), as 0 (A) ... 25 (Z), or -1.
    static func letterFor(_ v: UInt32) -> Int {
        switch v {
        case 0x36: return 6  // 6 → G
        case 0x38: return 1  // 8 → B
        case 0x35: return 18  // 5 → S
        case 0x32: return 25  // 2 → Z
        case 0x31: return 8  // 1 → I
        default: return -1
        }
    }

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 10, separators: []) else { return }
        // OCR reads the leading capital as a digit (`6017783611` for
        // `G017783611`): only in OCR text, only under its label, and only
        // when the check digit agrees with the letter.
        let misread = c.chars[0].isDigit
        let letter = misread ? (context.contains(.health) && c.ocr.contains(p) ? letterFor(c.chars[0]) : -1) : c.letter(0)
        let repaired = c.digits(1..<10)
        guard letter >= 0, repaired >= 0, repaired + (misread ? 1 : 0) <= 1 else { return }
        var sum = 0
        var weight = 1
        func add(_ x: Int) {
            let product = x * weight
            sum += product / 10 + product % 10
            weight = 3 - weight
        }
        add((letter + 1) / 10)
        add((letter + 1) % 10)
        for k in 1..<9 { add(c.digits[k]) }
        guard sum % 10 == c.digits[9] else { return }
        var confidence = context.contains(.health) ? 0.98 : 0.9
        if repaired > 0 || misread { confidence -= 0.04 }
        out.append(Detection(category: .insuranceID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
