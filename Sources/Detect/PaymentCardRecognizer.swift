import RedactCore

/// Payment card numbers (PANs).
///
/// Rule: 13-19 digits, written as one run or in groups of 3-8 digits joined
/// by one separator used throughout (a space, no-break space or hyphen:
/// "4111 1111 1111 1111", "3782-822463-10005"), that pass the Luhn check AND
/// fall in an issuer's range with that issuer's length:
///   Visa 4 (13, 16, 19) · Mastercard 51-55, 2221-2720 (16) ·
///   American Express 34, 37 (15) · Discover 6011, 644-649, 65 (16-19) ·
///   JCB 3528-3589 (16-19) · Diners Club 300-305, 36, 38, 39 (14-19) ·
///   UnionPay 62 (16-19) · Maestro 50, 56-58, 63, 67 (13-19).
/// The number must not be part of a longer digit run: no digit, letter or
/// decimal point/comma-with-digit directly before or after. In a longer run of
/// groups (a card number followed by other groups) the longest window of
/// whole groups that passes is taken. OCR damage: a letter that OCR confuses
/// with a digit (O 0, I/l 1, S 5, B 8) next to a digit counts as that digit
/// (at most two per number, then with a little less confidence); the
/// repaired number must pass Luhn and the issuer ranges. A group of one or
/// two digits that OCR split off by a space is joined to its neighbour when
/// that makes a group of exactly four ("4111 11 11 1111 1111"), also with a
/// little less confidence.
enum PaymentCardRecognizer {
    static let groupedConfidence = 0.95
    static let plainConfidence = 0.9
    static let maxRepairs = 2

    static func find(in s: Text, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        // Group boundaries of the current run: start and end index of each group.
        var starts: [Int] = []
        var ends: [Int] = []
        var lengths: [Int] = []  // digits per group (a joined group spans a space)
        var digits = [Int](repeating: 0, count: 19)
        while i < n {
            guard s[i].value.isDigit else { i += 1; continue }
            let runStart = i
            starts.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            var separator: UInt32 = 0
            var j = i
            while true {
                let g = j
                while j < n, isDigitish(s, j) { j += 1 }
                starts.append(g)
                ends.append(j)
                lengths.append(j - g)
                guard j + 1 < n, isSeparator(s[j].value), isDigitish(s, j + 1) else { break }
                if separator == 0 { separator = s[j].value } else if separator != s[j].value { break }
                j += 1
            }
            i = j
            // A group glued to what follows or precedes ("… 5766 04.04.", a
            // date in the next table column) is not part of the card: drop it
            // and keep the groups that stand apart.
            var first = runStart
            while starts.count > 1, !boundaryAfter(s, ends[ends.count - 1]) {
                starts.removeLast(); ends.removeLast(); lengths.removeLast()
            }
            while starts.count > 1, !boundaryBefore(s, starts[0]) {
                starts.removeFirst(); ends.removeFirst(); lengths.removeFirst()
                first = starts[0]
            }
            let end = ends[ends.count - 1]
            if !boundaryBefore(s, first) || !boundaryAfter(s, end) { continue }
            let joined = separator != 0x2D && joinSplitGroups(&starts, &ends, &lengths)
            // Groups must look like card groups when there are several.
            if starts.count > 1 {
                var ok = true
                for g in 0..<starts.count where lengths[g] < 3 || lengths[g] > 8 { ok = false; break }
                if !ok { continue }
            } else if end - first < 13 || end - first > 19 {
                continue
            }
            scanWindows(s, starts: starts, ends: ends, lengths: lengths, joined: joined, digits: &digits, into: &out)
        }
    }

    /// Tries windows of whole groups, longest first and then leftmost; keeps
    /// non-overlapping valid ones.
    static func scanWindows(_ s: Text, starts: [Int], ends: [Int], lengths: [Int], joined: Bool, digits: inout [Int],
                            into out: inout [Detection]) {
        let groups = starts.count
        var taken: [Range<Int>] = []  // group index ranges already used
        var confidence = groups > 1 ? groupedConfidence : plainConfidence
        if joined { confidence -= 0.04 }
        for width in stride(from: groups, through: 1, by: -1) {
            for first in 0...(groups - width) {
                let last = first + width - 1
                if taken.contains(where: { $0.overlaps(first..<(last + 1)) }) { continue }
                var count = 0
                for g in first...last { count += lengths[g] }
                if count < 13 || count > 19 { continue }
                var k = 0
                var repaired = 0
                for g in first...last {
                    for t in starts[g]..<ends[g] {
                        let v = s[t].value
                        if isSeparator(v) { continue }  // inside a joined group
                        if v.isDigit {
                            digits[k] = v.digitValue
                        } else {
                            digits[k] = OCR.digit(v)
                            repaired += 1
                        }
                        k += 1
                    }
                }
                if repaired <= maxRepairs && luhnIsValid(digits, count) && issuerMatches(digits, count) {
                    taken.append(first..<(last + 1))
                    out.append(Detection(category: .paymentCard, range: starts[first]..<ends[last],
                                         confidence: repaired > 0 && !joined ? confidence - 0.04 : confidence,
                                         reason: .checksum))
                }
            }
        }
    }

    /// Joins each group of one or two digits to the neighbour with which it
    /// makes exactly four digits; true if any was joined. Leaves the groups
    /// as they are (to be refused) where that is not possible.
    static func joinSplitGroups(_ starts: inout [Int], _ ends: inout [Int], _ lengths: inout [Int]) -> Bool {
        if starts.count < 2 { return false }
        // More than two short pieces look like a row of small numbers
        // ("41 11 11 11 ..."), not like one damaged card number.
        var short = 0
        for l in lengths where l < 3 { short += 1 }
        if short > 2 { return false }
        var joined = false
        var g = 0
        while g < starts.count {
            guard lengths[g] < 3 else { g += 1; continue }
            if g + 1 < starts.count, lengths[g] + lengths[g + 1] == 4 {
                ends[g] = ends[g + 1]
                lengths[g] = 4
                starts.remove(at: g + 1)
                ends.remove(at: g + 1)
                lengths.remove(at: g + 1)
            } else if g > 0, lengths[g - 1] + lengths[g] == 4 {
                ends[g - 1] = ends[g]
                lengths[g - 1] = 4
                starts.remove(at: g)
                ends.remove(at: g)
                lengths.remove(at: g)
            } else {
                return joined
            }
            joined = true
        }
        return joined
    }

    /// A digit, or a look-alike letter (O I l S B) next to a digit.
    @inline(__always) static func isDigitish(_ s: Text, _ j: Int) -> Bool {
        let v = s[j].value
        if v.isDigit { return true }
        guard OCR.isConfusable(v) else { return false }
        return (j > 0 && s[j - 1].value.isDigit) || (j + 1 < s.count && s[j + 1].value.isDigit)
    }

    @inline(__always) static func isSeparator(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0xA0 || v == 0x2D || v == 0x202F || v == 0x2009
    }

    static func boundaryBefore(_ s: Text, _ i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = s[i - 1]
        if p.isWordScalar { return false }
        if (p.value == 0x2E || p.value == 0x2C), i > 1, s[i - 2].value.isDigit { return false }
        return true
    }

    static func boundaryAfter(_ s: Text, _ j: Int) -> Bool {
        guard j < s.count else { return true }
        if s[j].isWordScalar { return false }
        if (s[j].value == 0x2E || s[j].value == 0x2C), j + 1 < s.count, s[j + 1].value.isDigit { return false }
        return true
    }

    /// The Luhn (mod 10) check over `d[0..<count]`.
    static func luhnIsValid(_ d: [Int], _ count: Int) -> Bool {
        var sum = 0
        var double = false
        for k in stride(from: count - 1, through: 0, by: -1) {
            var x = d[k]
            if double {
                x *= 2
                if x > 9 { x -= 9 }
            }
            sum += x
            double.toggle()
        }
        return sum % 10 == 0
    }

    /// Whether the number's prefix and length belong to a known issuer.
    static func issuerMatches(_ d: [Int], _ count: Int) -> Bool {
        let p2 = d[0] * 10 + d[1]
        let p3 = p2 * 10 + d[2]
        let p4 = p3 * 10 + d[3]
        switch d[0] {
        case 4:  // Visa
            return count == 13 || count == 16 || count == 19
        case 2:  // Mastercard 2-series
            return (2221...2720).contains(p4) && count == 16
        case 3:
            if p2 == 34 || p2 == 37 { return count == 15 }  // American Express
            if (3528...3589).contains(p4) { return count >= 16 }  // JCB
            if (300...305).contains(p3) || p2 == 36 || p2 == 38 || p2 == 39 { return count >= 14 }  // Diners Club
            return false
        case 5:
            if (51...55).contains(p2) { return count == 16 }  // Mastercard
            if p2 == 50 || (56...58).contains(p2) { return count >= 13 }  // Maestro
            return false
        case 6:
            if p4 == 6011 || (644...649).contains(p3) || p2 == 65 { return count >= 16 }  // Discover
            if p2 == 62 { return count >= 16 }  // UnionPay
            if p2 == 63 || p2 == 67 { return count >= 13 }  // Maestro
            return false
        default:
            return false
        }
    }
}
