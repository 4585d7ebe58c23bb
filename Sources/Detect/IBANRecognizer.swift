import RedactCore

/// International Bank Account Numbers.
///
/// Rule: at the start of a word, a country code of two letters with an entry
/// in the SWIFT registry table, two check digits, then the BBAN: letters and
/// digits, optionally broken by single spaces (as printed, "DE89 3704 0044
/// 0532 0130 00", or grouped otherwise, also with single dashes between the
/// groups: "DE89-3704-0044-…"), until exactly the country's length is
/// reached; the next scalar must not be a letter or digit. Valid only if the
/// ISO 7064 MOD 97-10 checksum over BBAN + country + check digits is 1 and
/// the check digits are 02-98. A candidate that fails is not an IBAN. Letters
/// may be lower case (OCR), though country codes are printed in capitals.
/// OCR damage, in OCR text only (the `ocr` ranges; a text layer's letters
/// are what they are): if the characters as read fail, letters that OCR confuses with
/// digits (O 0, I/l 1, S 5, B 8) standing next to a digit are read as those
/// digits (at most two, one check digit may be one) and the repaired form
/// must pass; it is reported with a little less confidence. Heavier damage
/// ("DE48 5737 l289 2lOl 7856 l9"): every look-alike inside a printed group
/// that holds at least one true digit is read as its digit, up to a third of
/// the characters; groups of letters only (a bank code, "GB61 MONZ …") stay
/// as read. MOD 97 lets one wrong candidate in 97 through, and a candidate
/// already needs a registered country code, the country's exact length and
/// a word boundary, so this costs little precision. Where a country's BBAN
/// is digits only (DE, AT, BE, ES, …) a letter left in it after repair
/// makes the candidate no IBAN. A number may run on over one line break
/// between its groups (after the country code and check digits).
enum IBANRecognizer {
    static let confidence = 1.0
    static let repairedConfidence = 0.96
    static let groupRepairedConfidence = 0.92
    static let maxRepairs = 2

    /// Letter repairs only where `ocr` covers the candidate: in a text
    /// layer an "O" is an O.
    static func find(in s: Text, ocr: OCRText = .none, into out: inout [Detection]) {
        let mayRepair = !ocr.isEmpty
        let n = s.count
        var i = 0
        var chars = [UInt32](repeating: 0, count: IBANRegistry.maxLength)
        var read = chars
        var groupStarts = [Bool](repeating: false, count: IBANRegistry.maxLength)
        while i + 4 <= n {
            // OCR of a form with one box per character reads "D E 8 9 3 7 …":
            // the first four characters may then stand one space apart.
            let spaced = i + 7 <= n && s[i + 1].value == 0x20 && s[i + 3].value == 0x20 && s[i + 5].value == 0x20
                && s[i].value &- 0x41 < 26 && s[i + 2].value &- 0x41 < 26
            let step = spaced ? 2 : 1
            let a = s[i].value, b = s[i + step].value
            let c1 = s[i + 2 * step].value, c2 = s[i + 3 * step].value
            // Check digits: two digits, or one and an OCR look-alike.
            let lookAlikeCheck = (c1.isDigit && OCR.isConfusable(c2)) || (OCR.isConfusable(c1) && c2.isDigit)
            let checkDigits = (c1.isDigit && c2.isDigit) || (lookAlikeCheck && (mayRepair || hasLabel(s, before: i)))
            guard a.isASCIILetter, b.isASCIILetter, checkDigits else {
                i += 1
                continue
            }
            // Not inside a word, except right after its label: OCR fuses
            // "IBAN DE89…" into "IBANDE89…".
            if i > 0, s[i - 1].isWordScalar, !Self.followsLabel(s, i) { i += 1; continue }
            let length = IBANRegistry.length(a, b)
            if length == 0 { i += 1; continue }
            if let end = collect(s, from: i, length: length, spaced: spaced, into: &chars, groupStarts: &groupStarts) {
                let numeric = IBANRegistry.hasNumericBBAN(a, b)
                var valid = isValid(chars, length, numeric: numeric)
                var conf = confidence
                if !valid, mayRepair, ocr.covers(s, i..<end) {
                    for k in 0..<length { read[k] = chars[k] }
                    if repair(&chars, length) {
                        valid = isValid(chars, length, numeric: numeric)
                        conf = repairedConfidence
                    }
                    if !valid, repairGroups(&read, length, groupStarts: groupStarts) {
                        valid = isValid(read, length, numeric: numeric)
                        conf = groupRepairedConfidence
                    }
                }
                if valid {
                    out.append(Detection(category: .iban, range: i..<end, confidence: conf, reason: .checksum))
                    i = end
                    continue
                }
                // A text layer that is itself OCR output (an invisible text
                // layer over a scan): read look-alikes as digits only for a
                // number labelled or printed as an IBAN, and burn it as a
                // pattern, never as checksum-verified.
                if !ocr.covers(s, i..<end), textLayerRepairAllowed(s, i, length: length, groupStarts: groupStarts) {
                    for k in 0..<length { read[k] = chars[k] }
                    var ok = repair(&chars, length) && isValid(chars, length, numeric: numeric)
                    if !ok { ok = repairGroups(&read, length, groupStarts: groupStarts) && isValid(read, length, numeric: numeric) }
                    if ok {
                        out.append(Detection(category: .iban, range: i..<end, confidence: textLayerConfidence,
                                             reason: .pattern, kind: textLayerKind))
                        i = end
                        continue
                    }
                }
            }
            i += 1
        }
    }

    /// A text-layer IBAN that passes only with look-alikes read as digits.
    static let textLayerConfidence = 0.8
    static let textLayerKind = "IBAN, look-alikes read as digits (text layer)"

    /// Whether a text-layer candidate at `i` may have its look-alike letters
    /// read as digits: an IBAN label stands before it (on its line or the
    /// line above, no digit between), or it is printed in groups of four as
    /// IBANs are ("DE48 5737 l289 2lOl 7856 l9").
    static func textLayerRepairAllowed(_ s: Text, _ i: Int, length: Int, groupStarts: [Bool]) -> Bool {
        if hasLabel(s, before: i) { return true }
        for k in 1..<length where groupStarts[k] != (k % 4 == 0) { return false }
        return length > 8
    }

    /// The IBAN's labels (`LabelWords.ibans`), as lower-case scalars.
    static let labels: [[UInt32]] = LabelWords.ibans.split(separator: "|").map { $0.unicodeScalars.map(\.value) }

    /// Whether the word "IBAN" stands before `i` on its line or the line
    /// above, within 48 scalars, with no digit between (also fused:
    /// "IBANGB61…").
    static func hasLabel(_ s: Text, before i: Int) -> Bool {
        var k = i
        let floor = max(0, i - 48)
        var breaks = 0
        while k > floor {
            let v = s[k - 1].value
            if v.isDigit { return false }
            if v == 0x0A || v == 0x2028 {
                breaks += 1
                if breaks > 1 { return false }
            }
            for label in labels {
                let m = label.count
                if k >= m, k - m >= floor, s.hasPrefix(label, at: k - m), k - m == 0 || !s[k - m - 1].isWordScalar { return true }
            }
            k -= 1
        }
        return false
    }

    /// SEPA remittance field tags that banks run into the value before
    /// them ("IBAN+DE70…453BIC+COBADEFFXXX"): an IBAN may end glued to one.
    static let sepaTags: [StaticString] = ["BIC+", "EREF+", "KREF+", "MREF+", "CRED+", "DEBT+", "SVWZ+", "ABWA+", "ABWE+",
                                           "IBAN+", "COAM+", "OAMT+", "PURP+"]

    /// Whether a SEPA field tag (in capitals, with its `+`) starts at `j`.
    static func sepaTagAt(_ s: Text, _ j: Int) -> Bool {
        for tag in sepaTags {
            let m = tag.utf8CodeUnitCount
            guard j + m <= s.count else { continue }
            var ok = true
            tag.withUTF8Buffer { b in
                for k in 0..<m where s[j + k].value != UInt32(b[k]) { ok = false; break }
            }
            if ok { return true }
        }
        return false
    }

    /// Whether `i` directly follows the word "IBAN" (any case) that starts
    /// a word.
    static func followsLabel(_ s: Text, _ i: Int) -> Bool {
        labels.contains { label in
            let m = label.count
            return i >= m && s.hasPrefix(label, at: i - m) && (i == m || !s[i - m - 1].isWordScalar)
        }
    }

    /// Reads `length` letters and digits from `start`, skipping single spaces
    /// between them, into `chars`; returns the end index, or nil if the text
    /// does not hold exactly that many before a word boundary.
    /// `groupStarts[k]` tells whether a space stood before `chars[k]`.
    static func collect(_ s: Text, from start: Int, length: Int, spaced: Bool = false,
                        into chars: inout [UInt32], groupStarts: inout [Bool]) -> Int? {
        let n = s.count
        var j = start
        var k = 0
        var lineBreak = false
        var dashed = false
        while k < length {
            guard j < n else { return nil }
            let v = s[j].value
            if v.isASCIIAlnum {
                chars[k] = v
                groupStarts[k] = k > 0 && !s[j - 1].value.isASCIIAlnum
                k += 1
                j += 1
            } else if k >= 4 || spaced, s[j].isHorizontalSpace, s[j].value != 0x09, j + 1 < n, s[j + 1].value.isASCIIAlnum {
                j += 1  // one space between groups, never right after the country code
            } else if k >= 4, !spaced, s[j].value == 0x2D, j + 1 < n, s[j + 1].value.isASCIIAlnum {
                j += 1  // or one dash: "DE89-3704-0044-…"
                dashed = true
            } else if k >= 4, !spaced, !lineBreak, let next = lineBreakEnd(s, j), next < n, s[next].value.isASCIIAlnum {
                j = next  // the number runs on on the next line, once
                lineBreak = true
            } else {
                return nil
            }
        }
        if j < n, s[j].isWordScalar, !sepaTagAt(s, j) { return nil }
        // Grouped with dashes, a dash and more after the last group means a longer number.
        if dashed, j + 1 < n, s[j].value == 0x2D, s[j + 1].value.isASCIIAlnum { return nil }
        return j
    }

    /// After a group ending at `j`: the index past a line break (LF, CRLF or
    /// U+2028, a space allowed either side of it), or nil.
    static func lineBreakEnd(_ s: Text, _ j: Int) -> Int? {
        let n = s.count
        var k = j
        if k < n, s[k].value == 0x20 { k += 1 }
        guard k < n else { return nil }
        switch s[k].value {
        case 0x0A, 0x2028: k += 1
        case 0x0D: k += (k + 1 < n && s[k + 1].value == 0x0A) ? 2 : 1
        default: return nil
        }
        if k < n, s[k].value == 0x20 { k += 1 }
        return k
    }

    /// Reads OCR look-alike letters next to a digit (after the country code)
    /// as digits; true if it changed one and no more than `maxRepairs`.
    static func repair(_ chars: inout [UInt32], _ length: Int) -> Bool {
        var repaired = 0
        for k in 2..<length {
            let v = chars[k]
            let d = OCR.digit(v)
            guard d >= 0 else { continue }
            let nextToDigit = chars[k - 1].isDigit || (k + 1 < length && chars[k + 1].isDigit)
            if nextToDigit || k < 4 {
                chars[k] = UInt32(0x30 + d)
                repaired += 1
            }
        }
        return repaired > 0 && repaired <= maxRepairs
    }

    /// Reads every look-alike letter in the check digits, and in each BBAN
    /// group (between spaces) that holds a true digit, as its digit; true if
    /// it changed at least one and no more than a third of the characters.
    static func repairGroups(_ chars: inout [UInt32], _ length: Int, groupStarts: [Bool]) -> Bool {
        var repaired = 0
        for k in 2..<4 where OCR.isConfusable(chars[k]) {
            chars[k] = UInt32(0x30 + OCR.digit(chars[k]))
            repaired += 1
        }
        var g = 4
        while g < length {
            var e = g + 1
            while e < length, !groupStarts[e] { e += 1 }
            var hasDigit = false
            for k in g..<e where chars[k].isDigit { hasDigit = true; break }
            if hasDigit {
                for k in g..<e where OCR.isConfusable(chars[k]) {
                    chars[k] = UInt32(0x30 + OCR.digit(chars[k]))
                    repaired += 1
                }
            }
            g = e
        }
        return repaired > 0 && repaired * 3 <= length
    }

    /// The checksum, and digits only in the BBAN where the country's BBAN
    /// is numeric.
    @inline(__always) static func isValid(_ chars: [UInt32], _ length: Int, numeric: Bool) -> Bool {
        if numeric {
            for k in 4..<length where !chars[k].isDigit { return false }
        }
        return checksumIsValid(chars, length)
    }

    /// MOD 97-10 over the rearranged IBAN (`chars[4...]` then `chars[0..<4]`),
    /// letters as 10...35.
    static func checksumIsValid(_ chars: [UInt32], _ length: Int) -> Bool {
        let check = chars[2].digitValue * 10 + chars[3].digitValue
        if check < 2 || check > 98 { return false }
        var r = 0
        for k in 0..<length {
            let v = chars[(k + 4) % length]
            if v.isDigit {
                r = (r * 10 + v.digitValue) % 97
            } else {
                let x = Int((v | 0x20) - 0x61) + 10
                r = (r * 100 + x) % 97
            }
        }
        return r == 1
    }
}
