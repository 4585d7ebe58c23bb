import RedactCore

/// Spanish national identity number (DNI) and foreigner's number (NIE).
///
/// Rule: DNI 8 digits and a control letter; NIE X, Y or Z, 7 digits and a
/// control letter (X Y Z count as 0 1 2); a hyphen or space may stand
/// before the letter ("12345678-Z") and after the NIE's first letter
/// ("X-1234567-L"), the same one throughout. Letters in either case, as
/// people type them ("12345678-z"). The letter is TRWAGMYFPDXBNJZSQVHLCKE at
/// the number mod 23. No context needed.
enum SpanishDNI {
    static let dniKind = "ES DNI"
    static let nieKind = "ES NIE"
    static let letters = Array("TRWAGMYFPDXBNJZSQVHLCKE".unicodeScalars.map(\.value))
    static let beforeLetter: UInt32 = 1 << 8
    static let afterPrefix: UInt32 = 1 << 1

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 9, separators: [.hyphen, .space]), c.used != [.hyphen, .space],
              c.chars[8].isASCIILetter
        else { return }
        let n: Int
        let repaired: Int
        let kind: String
        let first = c.chars[0] & ~0x20
        switch first {
        case 0x58, 0x59, 0x5A:  // X Y Z
            guard c.gaps & ~(beforeLetter | afterPrefix) == 0 else { return }
            repaired = c.digits(1..<8)
            n = Int(first - 0x58) * 10_000_000 + c.number(1..<8)
            kind = nieKind
        default:
            guard c.gaps & ~beforeLetter == 0 else { return }
            repaired = c.digits(0..<8)
            n = c.number(0..<8)
            kind = dniKind
        }
        guard repaired >= 0, repaired <= 1 else { return }
        guard letters[n % 23] == c.chars[8] & ~0x20 else { return }
        var confidence = context.contains(.dni) ? 0.98 : 0.94
        if repaired > 0 { confidence -= 0.04 }
        out.append(Detection(category: .nationalID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }
}
