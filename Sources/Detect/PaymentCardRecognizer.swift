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
/// groups (a card number followed by other groups, or several card numbers
/// in a row) the longest windows of whole groups that pass are taken; a
/// group of 13-19 digits among them is a number of its own, and where the
/// separator changes ("4012888888881881 4012-8888-8888-1881") the last group
/// may start the next number. OCR damage, in OCR text only: a letter that OCR confuses
/// with a digit (O 0, I/l 1, S 5, B 8) next to a digit counts as that digit
/// (at most two per number, then with a little less confidence); the
/// repaired number must pass Luhn and the issuer ranges. A group of one or
/// two digits that OCR split off by a space is joined to its neighbour when
/// that makes a group of exactly four ("4111 11 11 1111 1111"), also with a
/// little less confidence.
///
/// Luhn lets one wrong number in ten through, so heavier OCR damage needs
/// more evidence: a card label ("Card number", "card no.", "Kreditkarte",
/// "Visa", …) on the same line before the number or on the line above.
/// With one, a number printed in several groups may have look-alikes in
/// up to half its digits (a group is any run of digits and look-alikes that
/// holds a true digit: "48lO l282 4OO8 5O77"), and its groups may stand
/// apart by a wide gap (up to three spaces or a tab: "4442  127S …") or run
/// on over one line break ("5477 8027⏎1798 4233"). Without a label the
/// pieces on either side of such a gap are judged alone, as before.
enum PaymentCardRecognizer {
    static let groupedConfidence = 0.95
    static let plainConfidence = 0.9
    static let maxRepairs = 2
    /// How far back (scalars) a card label is looked for.
    static let labelReach = 80

    /// A text-layer card number that passes only with look-alikes read as digits.
    static let textLayerConfidence = 0.8
    static let textLayerKind = "card, look-alikes read as digits (text layer)"

    /// Look-alike letters count as digits where `ocr` says the text came
    /// from OCR. A text layer can itself be OCR output (an invisible layer
    /// over a scan): there a number that passes only with its look-alikes
    /// read as digits is taken under a card label, burned as a pattern
    /// (`textLayerConfidence`), never as checksum-verified.
    static func find(in s: Text, ocr: OCRText = .none, into out: inout [Detection]) {
        let before = out.count
        scan(in: s, ocr: ocr, into: &out)
        let windows = TextLayerLookAlikes.windows(s, ocr: ocr)
        if windows.isEmpty { return }
        let repaired = TextLayerLookAlikes.rescan(s, windows) { t, all, found in scan(in: t, ocr: all, into: &found) }
        let found = out[before...].map(\.range)
        for d in repaired where !found.contains(where: { $0.overlaps(d.range) })
            && TextLayerLookAlikes.holds(s, d.range, ocr: ocr) && hasLabel(s, before: d.range.lowerBound) {
            out.append(Detection(category: .paymentCard, range: d.range, confidence: textLayerConfidence,
                                 reason: .pattern, kind: textLayerKind))
        }
    }

    static func scan(in s: Text, ocr: OCRText, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        // Group boundaries of the current run: start and end index of each group.
        var starts: [Int] = []
        var ends: [Int] = []
        var lengths: [Int] = []  // digits per group (a joined group spans a space)
        var digits = [Int](repeating: 0, count: 19)
        var soft: [Bool] = []  // soft[g]: a wide gap or line break stood before group g
        while i < n {
            guard s[i].value.isDigit else { i += 1; continue }
            let i0 = i
            starts.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            lengths.removeAll(keepingCapacity: true)
            soft.removeAll(keepingCapacity: true)
            var separator: UInt32 = 0
            var lineBreaks = 0
            var j = i
            var wasSoft = false
            // Where the next number starts when this one ends at another
            // separator ("4012888888881881 4012-8888-8888-1881"): its last
            // group may be the first of the next.
            var restart: Int? = nil
            while true {
                let g = j
                j = groupEnd(s, j, ocr) ?? j
                starts.append(g)
                ends.append(j)
                lengths.append(j - g)
                soft.append(wasSoft)
                if j + 1 < n, isSeparator(s[j].value), groupEnd(s, j + 1, ocr) != nil {
                    if separator == 0 || separator == s[j].value {
                        separator = s[j].value
                        j += 1
                        wasSoft = false
                        continue
                    }
                    if starts.count > 1 { restart = g }
                    break
                }
                // A wide gap or a line break: kept for now, judged below.
                guard separator != 0x2D, let next = softGapEnd(s, j, lineBreaks: &lineBreaks),
                      groupEnd(s, next, ocr) != nil
                else { break }
                j = next
                wasSoft = true
            }
            i = j
            // A group glued to what follows or precedes ("… 5766 04.04.", a
            // date in the next table column) is not part of the card: drop it
            // and keep the groups that stand apart.
            while starts.count > 1, !boundaryAfter(s, ends[ends.count - 1]) {
                starts.removeLast(); ends.removeLast(); lengths.removeLast(); soft.removeLast()
            }
            while starts.count > 1, !boundaryBefore(s, starts[0]) {
                starts.removeFirst(); ends.removeFirst(); lengths.removeFirst(); soft.removeFirst()
            }
            if !boundaryBefore(s, starts[0]) || !boundaryAfter(s, ends[ends.count - 1]) { continue }
            soft[0] = false
            var label = Label(at: starts[0])  // looked up once, when needed
            // Each piece between soft gaps on its own, as printed.
            let before = out.count
            var p = 0
            while p < starts.count {
                var q = p + 1
                while q < starts.count, !soft[q] { q += 1 }
                if p == 0 && q == starts.count {  // no gap: the run as it is, without copies
                    scanRun(s, starts: starts, ends: ends, lengths: lengths, separator: separator,
                            label: &label, digits: &digits, into: &out)
                } else {
                    scanRun(s, starts: Array(starts[p..<q]), ends: Array(ends[p..<q]), lengths: Array(lengths[p..<q]),
                            separator: separator, label: &label, digits: &digits, into: &out)
                }
                p = q
            }
            // Across the gaps only with a card label, and only if no piece was a card.
            if out.count == before, soft.contains(true), label.isPresent(s) {
                scanRun(s, starts: starts, ends: ends, lengths: lengths, separator: separator,
                        label: &label, digits: &digits, into: &out)
            }
            if let r = restart, r > i0, !out[before...].contains(where: { $0.range.contains(r) }) { i = r }
        }
    }

    /// Checks the groups of one run (joining split groups, refusing odd
    /// ones) and scans its windows.
    static func scanRun(_ s: Text, starts: [Int], ends: [Int], lengths: [Int], separator: UInt32,
                        label: inout Label, digits: inout [Int], into out: inout [Detection]) {
        var starts = starts, ends = ends, lengths = lengths
        let first = starts[0], end = ends[ends.count - 1]
        let joined = separator != 0x2D && joinSplitGroups(&starts, &ends, &lengths)
        // Groups must look like card groups when there are several, except
        // that a whole card number may stand among them: numbers written
        // unbroken in a row ("4111111111111111 5500000000000004") are
        // judged one by one, and the groups between them on their own.
        if starts.count > 1 {
            var whole = false
            for g in 0..<starts.count where lengths[g] < 3 || lengths[g] > 8 {
                guard (13...19).contains(lengths[g]), ends[g] - starts[g] == lengths[g] else { return }
                whole = true
            }
            if whole {
                var p = 0
                for g in 0...starts.count where g == starts.count || lengths[g] > 8 {
                    if g > p {
                        scanRun(s, starts: Array(starts[p..<g]), ends: Array(ends[p..<g]), lengths: Array(lengths[p..<g]),
                                separator: separator, label: &label, digits: &digits, into: &out)
                    }
                    if g < starts.count {
                        scanWindows(s, starts: [starts[g]], ends: [ends[g]], lengths: [lengths[g]], joined: false,
                                    label: &label, digits: &digits, into: &out)
                    }
                    p = g + 1
                }
                return
            }
        } else if end - first < 13 || end - first > 19 {
            return
        }
        scanWindows(s, starts: starts, ends: ends, lengths: lengths, joined: joined, label: &label,
                    digits: &digits, into: &out)
    }

    /// End of the digit group at `j`: a run of digits and look-alike letters
    /// (of OCR text) that holds at least one true digit; nil if there is none.
    @inline(__always) static func groupEnd(_ s: Text, _ j: Int, _ ocr: OCRText) -> Int? {
        let n = s.count
        var k = j
        var digit = false
        while k < n {
            let v = s[k].value
            if v.isDigit {
                digit = true
            } else if !OCR.isConfusable(v) || !ocr.contains(k) {
                break
            }
            k += 1
        }
        return digit ? k : nil
    }

    /// After a group ending at `j`: the index past a wide gap (two or three
    /// spaces, or a tab) or past one line break with spaces around it, or
    /// nil. A run may cross one line break in all.
    static func softGapEnd(_ s: Text, _ j: Int, lineBreaks: inout Int) -> Int? {
        let n = s.count
        var k = j
        var spaces = 0
        var tab = false
        var breaks = 0
        while k < n, k - j < 12 {
            let v = s[k].value
            if v == 0x20 || v == 0xA0 || v == 0x202F || v == 0x2009 {
                spaces += 1
            } else if v == 0x09 {
                tab = true
            } else if v == 0x0A || v == 0x2028 {
                breaks += 1
            } else if v == 0x0D {
                if k + 1 < n, s[k + 1].value == 0x0A { k += 1 }
                breaks += 1
            } else {
                break
            }
            k += 1
        }
        if k == j || k >= n { return nil }
        if breaks == 1 {
            guard lineBreaks == 0 else { return nil }
            lineBreaks = 1
            return k
        }
        if breaks == 0, (2...3).contains(spaces) || (tab && spaces == 0) { return k }
        return nil
    }

    /// Whether a card label stands before a run: looked up on first use.
    struct Label {
        let at: Int
        var known: Bool? = nil

        init(at: Int) { self.at = at }

        mutating func isPresent(_ s: Text) -> Bool {
            if let k = known { return k }
            let k = PaymentCardRecognizer.hasLabel(s, before: at)
            known = k
            return k
        }
    }

    /// Whether a card label stands on the same line before `p` or on the
    /// line above, within `labelReach` scalars.
    static func hasLabel(_ s: Text, before p: Int) -> Bool {
        var j = p
        let floor = max(0, p - labelReach)
        var lines = 0
        while j > floor {
            let v = s[j - 1].value
            if v == 0x0A || v == 0x2028 {
                lines += 1
                if lines > 1 { return false }
                j -= 1
                continue
            }
            guard v.isASCIILetter else { j -= 1; continue }
            let end = j
            while j > floor, s[j - 1].value.isASCIILetter { j -= 1 }
            if isCardWord(s, j..<end) { return true }
        }
        return false
    }

    /// `LabelWords.cards`, as lower-case scalars.
    static let cardWords: [[UInt32]] = LabelWords.cards.split(separator: "|").map { $0.unicodeScalars.map(\.value) }

    /// "card", "cards", "cardholder", "creditcard", "…karte" (Kreditkarte,
    /// Girokarte), or an issuer's name.
    static func isCardWord(_ s: Text, _ r: Range<Int>) -> Bool {
        let m = r.count
        if m >= 4, s.hasPrefix("card", at: r.lowerBound) || s.hasPrefix("card", at: r.upperBound - 4) { return true }
        if m >= 5, s.hasPrefix("karte", at: r.upperBound - 5) { return true }
        for w in cardWords where w.count == m && s.hasPrefix(w, at: r.lowerBound) { return true }
        return false
    }

    /// Tries windows of whole groups, longest first and then leftmost; keeps
    /// non-overlapping valid ones.
    static func scanWindows(_ s: Text, starts: [Int], ends: [Int], lengths: [Int], joined: Bool,
                            label: inout Label, digits: inout [Int], into out: inout [Detection]) {
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
                        if !v.isASCIIAlnum { continue }  // inside a joined group
                        if v.isDigit {
                            digits[k] = v.digitValue
                        } else {
                            digits[k] = OCR.digit(v)
                            repaired += 1
                        }
                        k += 1
                    }
                }
                // Heavy damage: only in a grouped number, under a card label,
                // with at least half the digits as read.
                let trusted = repaired <= maxRepairs || (width > 1 && repaired * 2 <= count && label.isPresent(s))
                if trusted && luhnIsValid(digits, count) && issuerMatches(digits, count) {
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
