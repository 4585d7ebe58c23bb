import RedactCore

/// German pension insurance number (Rentenversicherungsnummer, also the
/// social insurance number on the SV-Ausweis).
///
/// Rule: 12 characters: 2-digit area, birth date DDMMYY, the initial of the
/// birth name (a capital letter), a 2-digit serial, a check digit; single
/// spaces allowed between the parts ("65 170839 J 003"). Check: the letter
/// becomes its two-digit alphabet position (A = 01), the 12 digits are
/// weighted 2 1 2 5 7 1 2 1 2 1 2 1, the digit sums of the products added,
/// modulo 10. No context needed.
enum GermanPensionNumber {
    static let kind = "DE Rentenversicherungsnummer"
    static let weights = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]
    static let allowedGaps: UInt32 = (1 << 2) | (1 << 8) | (1 << 9)

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 12, separators: .space), c.gaps & ~allowedGaps == 0 else { return }
        let letter = c.letter(8)
        guard letter >= 0 else { return }
        let r1 = c.digits(0..<8)
        let r2 = c.digits(9..<12)
        guard r1 >= 0, r2 >= 0, r1 + r2 <= 2 else { return }
        let day = c.number(2..<4), month = c.number(4..<6)
        guard (1...31).contains(day), (1...12).contains(month) else { return }
        var sum = 0
        var w = 0
        func add(_ x: Int) {
            let product = x * weights[w]
            sum += product / 10 + product % 10
            w += 1
        }
        for k in 0..<8 { add(c.digits[k]) }
        add((letter + 1) / 10)
        add((letter + 1) % 10)
        add(c.digits[9])
        add(c.digits[10])
        guard sum % 10 == c.digits[11] else { return }
        var confidence = context.contains(.pension) ? 0.99 : 0.96
        if r1 + r2 > 0 { confidence -= 0.04 }
        out.append(Detection(category: .insuranceID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
