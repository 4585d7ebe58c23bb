import RedactCore

/// Italian fiscal code (codice fiscale) of a person.
///
/// Rule: 16 characters: 6 letters (surname, name), 2 digits (year), a month
/// letter (A B C D E H L M P R S T), 2 digits (day, +40 for women), a letter
/// and 3 digits (place), a check letter. For homonyms (omocodia) any of the
/// seven digits may be replaced by L M N P Q R S T U V (0-9). Check: the
/// characters in odd positions (1st, 3rd, ...) through the odd table, those
/// in even positions as their value (0-9, A = 0 ... Z = 25), sum mod 26 as a
/// letter. Lower case (OCR) is read as upper case. No context needed.
enum ItalianCodiceFiscale {
    static let kind = "IT codice fiscale"
    /// Odd-position values for 0-9 and for A-Z.
    static let oddDigits = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21]
    static let oddLetters = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25,
                             24, 23]
    static let digitPositions = [6, 7, 9, 10, 12, 13, 14]
    static let letterPositions = [0, 1, 2, 3, 4, 5, 8, 11, 15]
    /// Month letters A B C D E H L M P R S T as a bit set.
    static let months: UInt32 = {
        var m: UInt32 = 0
        for v in "ABCDEHLMPRST".unicodeScalars { m |= 1 << (v.value - 0x41) }
        return m
    }()
    /// Omocodia letters L M N P Q R S T U V as a bit set.
    static let omocodia: UInt32 = {
        var m: UInt32 = 0
        for v in "LMNPQRSTUV".unicodeScalars { m |= 1 << (v.value - 0x41) }
        return m
    }()

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard c.collect(s, from: p, count: 16, separators: []) else { return }
        for k in 0..<16 where c.chars[k].isASCIILetter { c.chars[k] &= ~0x20 }  // upper case
        guard isValid(c.chars) else { return }
        let confidence = context.contains(.codiceFiscale) ? 0.99 : 0.96
        out.append(Detection(category: .nationalID, range: p..<c.end, confidence: confidence,
                             reason: .checksum, kind: kind))
    }

    static func isValid(_ v: [UInt32]) -> Bool {
        @inline(__always) func isLetter(_ k: Int) -> Bool { v[k] &- 0x41 < 26 }
        for k in letterPositions where !isLetter(k) { return false }
        var realDigits = 0
        for k in digitPositions {
            if v[k].isDigit { realDigits += 1; continue }
            guard isLetter(k), omocodia & (1 << (v[k] - 0x41)) != 0 else { return false }
        }
        // A code has its digits; omocodia replaces a few, from the right.
        guard realDigits >= 3, months & (1 << (v[8] - 0x41)) != 0 else { return false }
        var sum = 0
        for k in 0..<15 {
            let x = v[k]
            if k % 2 == 0 {
                sum += x.isDigit ? oddDigits[x.digitValue] : oddLetters[Int(x - 0x41)]
            } else {
                sum += x.isDigit ? x.digitValue : Int(x - 0x41)
            }
        }
        return Int(v[15] - 0x41) == sum % 26
    }
}
