import RedactCore

/// Dutch citizen service number (burgerservicenummer, BSN; formerly sofi
/// number).
///
/// Rule: 9 digits passing the 11-proof (9·d1 + 8·d2 + ... + 2·d8 - d9 ≡ 0
/// mod 11, not all zero). About one in eleven 9-digit numbers passes by
/// chance, so only after a label (BSN, Burgerservicenummer, Sofinummer),
/// unbroken or with dots or spaces ("1234.56.782", "123 456 782").
enum DutchBSN {
    static let kind = "NL BSN"

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard context.contains(.bsn), c.collect(s, from: p, count: 9, separators: [.dot, .space]),
              c.used.rawValue.nonzeroBitCount <= 1 else { return }
        let repaired = c.digits(0..<9)
        guard repaired >= 0, repaired <= 1, isValid(c.digits) else { return }
        out.append(Detection(category: .nationalID, range: p..<c.end, confidence: repaired > 0 ? 0.93 : 0.97,
                             reason: .checksum, kind: kind))
    }

    static func isValid(_ d: [Int]) -> Bool {
        var sum = 0
        var any = false
        for k in 0..<8 {
            sum += d[k] * (9 - k)
            if d[k] != 0 { any = true }
        }
        sum -= d[8]
        return any && sum % 11 == 0
    }
}
