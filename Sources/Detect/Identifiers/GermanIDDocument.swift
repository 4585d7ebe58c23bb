import RedactCore

/// German identity card (Personalausweis, since 2010) and passport
/// (Reisepass) document numbers.
///
/// Rule: 9 characters from the document alphabet (digits and the capitals
/// C F G H J K L M N P R T V W X Y Z, no vowels), the first one a letter
/// (an authority code: L M N P R T V W X Y on ID cards, C F G H J K on
/// passports), at least one digit; then the ICAO 9303 check digit (weights
/// 7 3 1) as printed on the document ("T220001293"), also in the
/// machine-readable zone ("C01X00T478D<<..."). Without the check
/// digit only after a label (Ausweisnummer, Passnummer, Document number).
/// In OCR text a look-alike (O I l S B, none of them in the alphabet) after
/// the first character is read as its digit (at most two).
enum GermanIDDocument {
    static let idCardKind = "DE Personalausweis"
    static let passportKind = "DE Reisepass"

    /// Bit k set: the capital letter A + k belongs to the document alphabet.
    static let alphabet: UInt32 = {
        var mask: UInt32 = 0
        for v in "CFGHJKLMNPRTVWXYZ".unicodeScalars { mask |= 1 << (v.value - 0x41) }
        return mask
    }()
    static let idCardFirst: UInt32 = mask("LMNPRTVWXY")
    static let passportFirst: UInt32 = mask("CFGHJK")

    static func mask(_ letters: String) -> UInt32 {
        var m: UInt32 = 0
        for v in letters.unicodeScalars { m |= 1 << (v.value - 0x41) }
        return m
    }

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        let first = s[p].value
        guard first &- 0x41 < 26 else { return }
        let bit: UInt32 = 1 << (first - 0x41)
        let isIDCard = idCardFirst & bit != 0
        guard isIDCard || passportFirst & bit != 0 else { return }
        let kind = isIDCard ? idCardKind : passportKind
        if collectWithCheckDigit(s, p, &c) {
            // OCR's look-alikes (O I l S B) are no letters of the alphabet: in
            // OCR text they are the digits they resemble ("MHO75WLXXO").
            var repaired = 0
            for k in 1..<10 where OCR.isConfusable(c.chars[k]) && c.ocr.contains(p + k) {
                c.chars[k] = UInt32(0x30 + OCR.digit(c.chars[k]))
                repaired += 1
            }
            if repaired <= 2, serialIsValid(c), c.chars[9].isDigit, ICAO.checkDigit(c.chars, 0..<9) == c.chars[9].digitValue {
                let labelled = !context.isDisjoint(with: Labels.document)
                let confidence = (labelled ? 0.98 : 0.93) - (repaired > 0 ? 0.04 : 0)
                out.append(Detection(category: .nationalID, range: p..<c.end, confidence: confidence,
                                     reason: .checksum, kind: kind))
                return
            }
        }
        let label: LabelSet = isIDCard ? .idCard : .passport
        if context.contains(label), c.collect(s, from: p, count: 9, separators: []), serialIsValid(c) {
            out.append(Detection(category: .nationalID, range: p..<c.end, confidence: 0.85,
                                 reason: .context, kind: kind))
        }
    }

    /// Serial and check digit, standing alone or as in a passport's
    /// machine-readable zone, where the nationality follows at once
    /// ("C01X00T478D<<6408125F...").
    static func collectWithCheckDigit(_ s: Text, _ p: Int, _ c: inout Candidate) -> Bool {
        if c.collect(s, from: p, count: 10, separators: []) { return true }
        let n = s.count
        guard p + 12 <= n, s[p + 10].value == 0x44, s[p + 11].value == 0x3C else { return false }  // "D<"
        for k in 0..<10 {
            let v = s[p + k].value
            guard v.isASCIIAlnum else { return false }
            c.chars[k] = v
        }
        c.count = 10
        c.end = p + 10
        return true
    }

    /// The first 9 characters are of the alphabet, with at least one digit.
    static func serialIsValid(_ c: Candidate) -> Bool {
        var digits = 0
        for k in 0..<9 {
            let v = c.chars[k]
            if v.isDigit {
                digits += 1
            } else if v &- 0x41 >= 26 || alphabet & (1 << (v - 0x41)) == 0 {
                return false
            }
        }
        return digits > 0
    }
}
