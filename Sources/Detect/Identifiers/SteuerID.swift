import RedactCore

/// German tax identification number (Steuerliche Identifikationsnummer, IdNr).
///
/// Rule: 11 digits, single spaces allowed anywhere ("12 345 678 901", OCR
/// splits); the first digit is not 0; among the first ten digits exactly one
/// digit occurs twice or three times (three times not all adjacent) and all
/// others at most once; the eleventh is the ISO 7064 MOD 11,10 check digit.
/// No context needed; a label ("Steuer-ID", "IdNr", "TIN") raises the
/// confidence.
enum SteuerID {
    static let kind = "DE Steuer-ID"

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 11, separators: .space) else { return }
        let repaired = c.digits(0..<11)
        guard repaired >= 0, repaired <= 2, isValid(c.digits) else { return }
        var confidence = context.contains(.steuerID) ? 0.99 : 0.95
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .taxID, range: p..<c.end, confidence: confidence, reason: .checksum, kind: kind))
    }

    static func isValid(_ d: [Int]) -> Bool {
        if d[0] == 0 { return false }
        var counts: UInt64 = 0  // four bits per digit value
        for k in 0..<10 { counts += 1 << UInt64(4 * d[k]) }
        var repeated = -1
        var times = 0
        for digit in 0..<10 {
            let t = Int((counts >> UInt64(4 * digit)) & 0xF)
            if t < 2 { continue }
            if repeated >= 0 || t > 3 { return false }
            repeated = digit
            times = t
        }
        if repeated < 0 { return false }
        if times == 3 {
            for k in 0..<8 where d[k] == repeated && d[k + 1] == repeated && d[k + 2] == repeated { return false }
        }
        return mod11_10(d, 10) == d[10]
    }

    /// ISO 7064 MOD 11,10 check digit over `d[0..<n]` (also used by the
    /// German VAT ID).
    static func mod11_10(_ d: [Int], _ n: Int, from start: Int = 0) -> Int {
        var product = 10
        for k in start..<(start + n) {
            var sum = (d[k] + product) % 10
            if sum == 0 { sum = 10 }
            product = (sum * 2) % 11
        }
        let check = 11 - product
        return check == 10 ? 0 : check
    }
}
