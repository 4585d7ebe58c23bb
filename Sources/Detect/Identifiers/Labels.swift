/// The families a label before a value speaks for.
struct LabelSet: OptionSet, Sendable {
    let rawValue: UInt32
    static let steuerID = LabelSet(rawValue: 1 << 0)
    static let steuernummer = LabelSet(rawValue: 1 << 1)
    static let pension = LabelSet(rawValue: 1 << 2)
    static let health = LabelSet(rawValue: 1 << 3)
    static let idCard = LabelSet(rawValue: 1 << 4)
    static let passport = LabelSet(rawValue: 1 << 5)
    static let ssn = LabelSet(rawValue: 1 << 6)
    static let itin = LabelSet(rawValue: 1 << 7)
    static let nino = LabelSet(rawValue: 1 << 8)
    static let nhs = LabelSet(rawValue: 1 << 9)
    static let nir = LabelSet(rawValue: 1 << 10)
    static let dni = LabelSet(rawValue: 1 << 11)
    static let codiceFiscale = LabelSet(rawValue: 1 << 12)
    static let bsn = LabelSet(rawValue: 1 << 13)
    static let austrianSV = LabelSet(rawValue: 1 << 14)
    static let ahv = LabelSet(rawValue: 1 << 15)
    static let vat = LabelSet(rawValue: 1 << 16)
    static let bic = LabelSet(rawValue: 1 << 17)
    /// Invoice, customer, order, file numbers: what follows is not a
    /// personal identifier, even if its digits happen to pass a check.
    static let reference = LabelSet(rawValue: 1 << 31)
}

/// Labels that name an identifier ("Steuer-ID", "St.-Nr.", "SSN", "BIC"),
/// matched case-insensitively at the start of a word, reading I/l/1/| and
/// O/0 as OCR does. A label may be fused to its value ("StNr12/345/67890")
/// but not to further letters. The phrases are `LabelWords.identifiers`,
/// which the label table reads too.
enum Labels {
    static let socialInsurance: LabelSet = [.pension, .austrianSV, .ahv]
    static let insurance: LabelSet = [.pension, .health, .austrianSV]
    static let document: LabelSet = [.idCard, .passport]

    /// Every label as printed, with its families, in table order.
    static let entries: [(String, LabelSet)] = entries(LabelWords.identifiers)

    static func entries(_ groups: [(String, LabelSet)]) -> [(String, LabelSet)] {
        groups.flatMap { phrases, set in phrases.split(separator: "|").map { (String($0), set) } }
    }

    /// Labels by their first letter (a-z), longest first, as folded scalars.
    static let byLetter: [[([UInt32], LabelSet)]] = byLetter(entries)

    static func byLetter(_ entries: [(String, LabelSet)]) -> [[([UInt32], LabelSet)]] {
        var table = [[([UInt32], LabelSet)]](repeating: [], count: 26)
        for (word, set) in entries {
            let v = word.unicodeScalars.map(\.value)
            table[Int(v[0] - 0x61)].append((v, set))
        }
        for k in 0..<26 { table[k].sort { $0.0.count > $1.0.count } }
        return table
    }

    /// The labels of `family` that are letters only ("BIC", "SWIFT"): the
    /// ones OCR runs into a code in capitals ("BICCOBADEFFXXX").
    static func lettersOnly(_ family: LabelSet) -> [[UInt32]] {
        entries.filter { $0.1.contains(family) && $0.0.unicodeScalars.allSatisfy { $0.value &- 0x61 < 26 } }
            .map { $0.0.unicodeScalars.map(\.value) }
    }

    /// Case folding for ASCII and Latin-1 letters ("É" as "é").
    @inline(__always) static func fold(_ v: UInt32) -> UInt32 {
        if v &- 0x41 < 26 { return v | 0x20 }
        if v &- 0xC0 < 0x1F && v != 0xD7 { return v + 0x20 }
        return v
    }

    /// Whether text scalar `t` reads as label scalar `w`, allowing the OCR
    /// confusions of I, l, 1 and | and of O and 0 ("Steuer-lD").
    @inline(__always) static func same(_ t: UInt32, _ w: UInt32) -> Bool {
        let f = fold(t)
        if f == w { return true }
        switch w {
        case 0x69: return f == 0x6C || t == 0x31 || t == 0x7C  // i
        case 0x6C: return f == 0x69 || t == 0x31 || t == 0x7C  // l
        case 0x6F: return t == 0x30  // o
        default: return false
        }
    }

    /// The longest label starting at `p` (an ASCII letter): its end and set.
    static func match(_ s: Text, at p: Int, byLetter: [[([UInt32], LabelSet)]] = byLetter) -> (end: Int, set: LabelSet)? {
        let first = s[p].value | 0x20
        guard first &- 0x61 < 26 else { return nil }
        if let m = match(s, at: p, in: byLetter[Int(first - 0x61)]) { return m }
        switch first {  // OCR: "ldNr" for "IdNr", "Ip" for "lp"
        case 0x6C: return match(s, at: p, in: byLetter[Int(0x69 - 0x61)])
        case 0x69: return match(s, at: p, in: byLetter[Int(0x6C - 0x61)])
        default: return nil
        }
    }

    static func match(_ s: Text, at p: Int, in labels: [([UInt32], LabelSet)]) -> (end: Int, set: LabelSet)? {
        let n = s.count
        for (word, set) in labels {
            let m = word.count
            if p + m > n { continue }
            var k = 1
            while k < m, same(s[p + k].value, word[k]) { k += 1 }
            if k < m { continue }
            if p + m < n {
                let next = s[p + m]
                if next.isWordScalar && !next.value.isDigit { continue }
            }
            return (p + m, set)
        }
        return nil
    }
}
