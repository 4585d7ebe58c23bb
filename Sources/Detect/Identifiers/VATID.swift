import RedactCore

/// EU (and UK) VAT identification numbers, and the Swiss UID.
///
/// Rule: the country prefix, optionally one space, hyphen or dot, then the
/// national number (single spaces, hyphens or dots allowed inside, one kind
/// throughout: "DE 123 456 789", "DE-123-456-789"; the Austrian U may stand
/// apart: "AT U12345678"). A prefix in lower case ("de 123 456 789") counts
/// when set apart from the number or after a VAT label. Each number with
/// its published check:
///   DE 9 digits, ISO 7064 MOD 11,10 · AT U + 8 digits, Luhn-like with +4 ·
///   NL 9 digits + B + 2 digits, 11-proof or MOD 97 over the whole ID ·
///   FR 2-digit key + SIREN, key = (12 + 3 · SIREN mod 97) mod 97 ·
///   IT 11 digits, Luhn · ES DNI/NIE rule or CIF (letter, 7 digits, control
///   digit or letter) · BE 10 digits, 97 - first 8 mod 97 · GB 9 digits,
///   weights 8..2 + last two ≡ 0 or -55 mod 97 · EL 9 digits, powers of 2
///   mod 11 · PL 10 digits, weights 6 5 7 2 3 4 5 6 7 mod 11 · PT 9 digits,
///   weights 9..2 mod 11 · DK 8 digits, weights 2 7 6 5 4 3 2 1 mod 11 · LU 8
///   digits, first 6 mod 89 · FI 8 digits, weights 7 9 10 5 8 4 2 mod 11 ·
///   SE 12 digits ending 01, Luhn on the first 10 · XI as GB · HR 11 digits,
///   MOD 11,10 · CHE (the Swiss UID, `CHE-123.456.789`) 9 digits, weights
///   5 4 3 2 7 6 5 4 mod 11.
/// No context needed. The other EU states (CZ SK HU SI RO BG LT LV EE CY MT
/// IE) by their length only, after a VAT label (USt-IdNr., VAT, TVA, IVA,
/// BTW, UID): a pattern with context.
enum VATID {
    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        let n = s.count
        guard p + 4 <= n else { return }
        let a = s[p].value, b = s[p + 1].value
        guard a.isASCIILetter, b.isASCIILetter else { return }
        // People type the prefix in lower case ("de 123 456 789"); fused to
        // its digits and without a VAT label that is a code ("de136695976").
        let lower = a &- 0x61 < 26 || b &- 0x61 < 26
        var q = p + 2
        let code = ((a & ~0x20) << 8) | (b & ~0x20)
        var apart = false
        if code == 0x4154 {  // AT: "ATU", also "AT U…", "AT-U-…"
            if prefixSeparator(s, q), s[q + 1].value | 0x20 == 0x75 {
                q += 1
                apart = true
            }
            guard q < n, s[q].value | 0x20 == 0x75 else { return }
            q += 1
        }
        if code == 0x4348 {  // CH: the company number `CHE-123.456.789` (UID), its `E` fused to `CH`
            guard q < n, s[q].value | 0x20 == 0x65 else { return }
            q += 1
        }
        guard q < n else { return }
        if prefixSeparator(s, q) {
            q += 1
            apart = true
        }
        guard q < n, s[q].value.isASCIIAlnum, !lower || apart || context.contains(.vat) else { return }
        let kind: String
        switch code {
        case 0x4445: kind = "DE VAT ID"; guard digits(s, q, 9, &c), germany(c.digits) else { return }
        case 0x4154: kind = "AT VAT ID"; guard digits(s, q, 8, &c), austria(c.digits) else { return }
        case 0x4E4C: kind = "NL VAT ID"; guard netherlands(s, q, &c) else { return }
        case 0x4652: kind = "FR VAT ID"; guard digits(s, q, 11, &c), france(c) else { return }
        case 0x4954: kind = "IT VAT ID"; guard digits(s, q, 11, &c), luhn(c.digits, 11) else { return }
        case 0x4553: kind = "ES VAT ID"; guard spain(s, q, &c) else { return }
        case 0x4245: kind = "BE VAT ID"; guard digits(s, q, 10, &c), belgium(c) else { return }
        case 0x4742: kind = "GB VAT ID"; guard digits(s, q, 9, &c), britain(c) else { return }
        case 0x454C: kind = "EL VAT ID"; guard digits(s, q, 9, &c), greece(c.digits) else { return }
        case 0x504C: kind = "PL VAT ID"; guard digits(s, q, 10, &c), poland(c.digits) else { return }
        case 0x5054: kind = "PT VAT ID"; guard digits(s, q, 9, &c), portugal(c.digits) else { return }
        case 0x444B: kind = "DK VAT ID"; guard digits(s, q, 8, &c), denmark(c.digits) else { return }
        case 0x4C55: kind = "LU VAT ID"; guard digits(s, q, 8, &c), luxembourg(c) else { return }
        case 0x4649: kind = "FI VAT ID"; guard digits(s, q, 8, &c), finland(c.digits) else { return }
        case 0x5345: kind = "SE VAT ID"; guard digits(s, q, 12, &c), sweden(c) else { return }
        case 0x5849: kind = "XI VAT ID"; guard digits(s, q, 9, &c), britain(c) else { return }
        case 0x4852: kind = "HR VAT ID"; guard digits(s, q, 11, &c), croatia(c.digits) else { return }
        case 0x4348: kind = "CH UID"; guard digits(s, q, 9, &c), switzerland(c.digits) else { return }
        default:
            labelledOnly(s, at: p, q, code: code, context: context, &c, into: &out)
            return
        }
        let confidence = context.contains(.vat) ? 0.99 : 0.96
        out.append(Detection(category: .vatID, range: p..<c.end, confidence: confidence, reason: .checksum, kind: kind))
    }

    /// Digit counts of the VAT IDs found by shape and label only.
    static func lengths(_ code: UInt32) -> ClosedRange<Int>? {
        switch code {
        case 0x435A: return 8...10  // CZ
        case 0x534B: return 10...10  // SK
        case 0x4855, 0x5349, 0x4D54: return 8...8  // HU SI MT
        case 0x524F: return 2...10  // RO
        case 0x4247: return 9...10  // BG
        case 0x4C54: return 9...12  // LT (9 or 12)
        case 0x4C56: return 11...11  // LV
        case 0x4545: return 9...9  // EE
        default: return nil
        }
    }

    static func labelledOnly(_ s: Text, at p: Int, _ q: Int, code: UInt32, context: LabelSet, _ c: inout Candidate,
                             into out: inout [Detection]) {
        guard context.contains(.vat) else { return }
        let kind = "EU VAT ID"
        if let range = lengths(code) {
            for n in range.reversed() where n != 10 && n != 11 || code != 0x4C54 {
                guard digits(s, q, n, &c) else { continue }
                out.append(Detection(category: .vatID, range: p..<c.end, confidence: 0.85,
                                     reason: .context, kind: kind))
                return
            }
            return
        }
        if code == 0x4359 {  // CY: 8 digits and a letter
            guard c.collect(s, from: q, count: 9, separators: []), c.digits(0..<8) == 0, c.isUpper(8) else { return }
        } else if code == 0x4945 {  // IE: 7 digits and one or two letters
            let two = c.collect(s, from: q, count: 9, separators: []) && c.digits(0..<7) == 0 && c.isUpper(7)
                && c.isUpper(8)
            guard two || (c.collect(s, from: q, count: 8, separators: []) && c.digits(0..<7) == 0 && c.isUpper(7))
            else { return }
        } else {
            return
        }
        out.append(Detection(category: .vatID, range: p..<c.end, confidence: 0.85, reason: .context, kind: kind))
    }

    /// Exactly `count` digits from `q`, no OCR repair: the prefix already
    /// makes the reading specific. Single spaces, hyphens or dots may stand
    /// between them ("DE 123 456 789", "DE-123-456-789", "DE 123.456.789"),
    /// one kind throughout: a mix is two numbers side by side.
    static func digits(_ s: Text, _ q: Int, _ count: Int, _ c: inout Candidate) -> Bool {
        c.collect(s, from: q, count: count, separators: [.space, .hyphen, .dot]) && oneKind(c.used)
            && c.digits(0..<count) == 0
    }

    @inline(__always) static func oneKind(_ used: Separators) -> Bool { used.rawValue & (used.rawValue &- 1) == 0 }

    /// One space, hyphen or dot between the country code and the number
    /// ("DE 123…", "DE-123…"), followed by a letter or digit.
    @inline(__always) static func prefixSeparator(_ s: Text, _ q: Int) -> Bool {
        guard q + 1 < s.count, s[q + 1].value.isASCIIAlnum else { return false }
        let sep = Separators.of(s[q].value)
        return sep == .space || sep == .hyphen || sep == .dot
    }

    static func germany(_ d: [Int]) -> Bool { d[0] != 0 && SteuerID.mod11_10(d, 8) == d[8] }

    static func austria(_ d: [Int]) -> Bool {
        var sum = 0
        for k in 0..<7 {
            let x = k % 2 == 1 ? d[k] * 2 : d[k]
            sum += x / 10 + x % 10
        }
        return (10 - (sum + 4) % 10) % 10 == d[7]
    }

    static func netherlands(_ s: Text, _ q: Int, _ c: inout Candidate) -> Bool {
        guard c.collect(s, from: q, count: 12, separators: []), c.chars[9] | 0x20 == 0x62,
              c.digits(0..<9) == 0, c.digits(10..<12) == 0 else { return false }
        var sum = 0
        for k in 0..<8 { sum += c.digits[k] * (9 - k) }
        if sum % 11 == c.digits[8] { return true }  // 11-proof (RSIN based)
        // MOD 97 over "NL" + number + "B" + suffix, letters as 10 + index.
        var r = (23 * 100 + 21) % 97
        for k in 0..<12 {
            r = k == 9 ? (r * 100 + 11) % 97 : (r * 10 + c.digits[k]) % 97
        }
        return r == 1
    }

    static func france(_ c: Candidate) -> Bool {
        let siren = c.number(2..<11)
        return (12 + 3 * (siren % 97)) % 97 == c.number(0..<2)
    }

    static func luhn(_ d: [Int], _ count: Int) -> Bool { PaymentCardRecognizer.luhnIsValid(d, count) }

    static func spain(_ s: Text, _ q: Int, _ c: inout Candidate) -> Bool {
        guard c.collect(s, from: q, count: 9, separators: []) else { return false }
        let first = c.chars[0], last = c.chars[8]
        if first.isDigit || first == 0x58 || first == 0x59 || first == 0x5A {  // DNI, NIE
            guard c.digits(1..<8) == 0, c.isUpper(8) else { return false }
            var n = c.number(1..<8)
            if first.isDigit { n += first.digitValue * 10_000_000 } else { n += Int(first - 0x58) * 10_000_000 }
            return SpanishDNI.letters[n % 23] == last
        }
        guard c.isUpper(0), c.digits(1..<8) == 0 else { return false }
        if first == 0x4B || first == 0x4C || first == 0x4D {  // K L M: DNI letter over 7 digits
            return SpanishDNI.letters[c.number(1..<8) % 23] == last
        }
        guard "ABCDEFGHJNPQRSUVW".unicodeScalars.contains(where: { $0.value == first }) else { return false }
        var sum = 0
        for k in 1...7 {
            if k % 2 == 0 {
                sum += c.digits[k]
            } else {
                let x = c.digits[k] * 2
                sum += x / 10 + x % 10
            }
        }
        let control = (10 - sum % 10) % 10
        if last.isDigit { return last.digitValue == control }
        return last == Array("JABCDEFGHI".unicodeScalars)[control].value
    }

    static func belgium(_ c: Candidate) -> Bool {
        c.digits[0] <= 1 && 97 - c.number(0..<8) % 97 == c.number(8..<10)
    }

    /// CH UID: weights 5 4 3 2 7 6 5 4 over the first eight digits, check
    /// digit 11 - sum mod 11 (11 is 0, 10 is never issued).
    static func switzerland(_ d: [Int]) -> Bool {
        let w = [5, 4, 3, 2, 7, 6, 5, 4]
        let r = 11 - (0..<8).reduce(0) { $0 + d[$1] * w[$1] } % 11
        return r != 10 && (r == 11 ? 0 : r) == d[8]
    }

    static func britain(_ c: Candidate) -> Bool {
        var sum = 0
        for k in 0..<7 { sum += c.digits[k] * (8 - k) }
        sum += c.number(7..<9)
        return sum % 97 == 0 || (sum + 55) % 97 == 0
    }

    static func luxembourg(_ c: Candidate) -> Bool { c.number(0..<6) % 89 == c.number(6..<8) }

    static func sweden(_ c: Candidate) -> Bool { c.number(10..<12) == 1 && luhn(c.digits, 10) }

    static func croatia(_ d: [Int]) -> Bool { SteuerID.mod11_10(d, 10) == d[10] }

    static func greece(_ d: [Int]) -> Bool {
        var sum = 0
        for k in 0..<8 { sum += d[k] << (8 - k) }
        return sum % 11 % 10 == d[8]
    }

    static func poland(_ d: [Int]) -> Bool {
        let w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
        var sum = 0
        for k in 0..<9 { sum += d[k] * w[k] }
        return sum % 11 == d[9]
    }

    static func portugal(_ d: [Int]) -> Bool {
        var sum = 0
        for k in 0..<8 { sum += d[k] * (9 - k) }
        let check = 11 - sum % 11
        return (check >= 10 ? 0 : check) == d[8]
    }

    static func denmark(_ d: [Int]) -> Bool {
        let w = [2, 7, 6, 5, 4, 3, 2, 1]
        var sum = 0
        for k in 0..<8 { sum += d[k] * w[k] }
        return d[0] != 0 && sum % 11 == 0
    }

    static func finland(_ d: [Int]) -> Bool {
        let w = [7, 9, 10, 5, 8, 4, 2]
        var sum = 0
        for k in 0..<7 { sum += d[k] * w[k] }
        var check = 11 - sum % 11
        if check == 11 { check = 0 }
        return check != 10 && check == d[7]
    }
}
