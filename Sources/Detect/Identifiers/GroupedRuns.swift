import RedactCore

/// Identifiers inside a longer grouped number.
///
/// A run of digit groups joined by single spaces, hyphens or dots on one
/// line ("DE00 3415 9673 0204 0396 62", an IBAN that fails MOD 97, or a
/// long transaction number) holds, by chance, many digit strings that pass
/// some check: its tail reads as a Steuer-ID, a phone number, an NHS
/// number. Such a part is not reported as that identifier unless the run
/// has a reason to be split there: every other group of the run is covered
/// by detections of its own (two card numbers in a row), or what is left
/// is a date (the next column of a table). A label inside a run ends it
/// anyway: a run holds digits only. Otherwise the run is in doubt, and a
/// privacy tool redacts the whole run rather than nothing: as a reference
/// number (a pattern, low confidence), or as the part's category where
/// references are switched off; where a detection of another category
/// already covers the whole run the part is dropped. An invalid IBAN stays
/// no IBAN: the run is a number of unknown kind.
enum GroupedRuns {
    /// The categories found by checksum or pattern on digits alone. Not
    /// payment cards: their recognizer takes the windows of whole groups of
    /// a run itself (a card number followed by other groups is the card),
    /// and Luhn with the issuer's ranges and length says where it ends.
    static let parts: Set<Category> = [.taxID, .nationalID, .insuranceID, .phone]
    static let doubtConfidence = 0.6
    static let kind = "part of a longer number"

    static func settle(_ s: Text, enabled: Set<Category>, _ found: inout [Detection]) {
        guard found.contains(where: { parts.contains($0.category) }) else { return }
        let all = found
        var replaced: [Int: Detection?] = [:]
        for (k, d) in all.enumerated() where parts.contains(d.category) {
            guard let run = run(s, around: d.range), run != d.range else { continue }
            let others = all.indices.filter { $0 != k && all[$0].range.overlaps(run) }
            if explained(s, run, part: d.range, by: others.map { all[$0].range }) { continue }
            if others.contains(where: { all[$0].range.overlaps(d.range) && all[$0].range.lowerBound <= run.lowerBound
                && all[$0].range.upperBound >= run.upperBound && all[$0].category != d.category }) {
                replaced[k] = .some(nil)  // another category redacts the whole run already
                continue
            }
            let category: Category = enabled.contains(.reference) ? .reference : d.category
            replaced[k] = Detection(category: category, range: run, confidence: min(d.confidence, doubtConfidence),
                                    reason: .pattern, kind: kind)
        }
        if replaced.isEmpty { return }
        found = all.indices.compactMap { k -> Detection? in
            if let r = replaced[k] { return r }
            return all[k]
        }
    }

    /// Whether the groups of `run` outside `part` are each covered by one
    /// of `ranges` that does not overlap `part`, or form a date.
    static func explained(_ s: Text, _ run: Range<Int>, part: Range<Int>, by ranges: [Range<Int>]) -> Bool {
        let beside = ranges.filter { !$0.overlaps(part) }
        for side in [run.lowerBound..<part.lowerBound, part.upperBound..<run.upperBound] where !side.isEmpty {
            var lo = side.lowerBound, hi = side.upperBound
            while lo < hi, !s[lo].value.isASCIIAlnum { lo += 1 }
            while hi > lo, !s[hi - 1].value.isASCIIAlnum { hi -= 1 }
            if lo == hi { continue }
            if PhoneRecognizer.isOnlyDates(s, lo..<hi) || isShortDate(s, lo..<hi) { continue }
            var p = lo
            while p < hi {
                guard s[p].value.isASCIIAlnum else { p += 1; continue }
                var e = p
                while e < hi, s[e].value.isASCIIAlnum { e += 1 }
                let group = p..<e
                if !beside.contains(where: { $0.lowerBound <= group.lowerBound && $0.upperBound >= group.upperBound }) {
                    return false
                }
                p = e
            }
        }
        return true
    }

    /// "dd.mm" (a date without its year, before the table's next column).
    static func isShortDate(_ s: Text, _ r: Range<Int>) -> Bool {
        r.count == 5 && s[r.lowerBound + 2].value == 0x2E
            && [0, 1, 3, 4].allSatisfy { s[r.lowerBound + $0].value.isDigit }
    }

    @inline(__always) static func isJoint(_ v: UInt32) -> Bool {
        switch v {
        case 0x20, 0xA0, 0x202F, 0x2009, 0x2D, 0x2E: return true
        default: return false
        }
    }

    /// Whether the digit group ending at `e` stands apart on its right: no
    /// letter glued to it, no decimal comma.
    @inline(__always) static func endsApart(_ s: Text, _ e: Int) -> Bool {
        guard e < s.count else { return true }
        let v = s[e].value
        if v.isASCIIAlnum || s[e].isWordScalar { return false }
        return !(v == 0x2C && e + 1 < s.count && s[e + 1].value.isDigit)
    }

    /// The run of digit groups that `r` lies in, from the group where it
    /// starts to the group where it ends, grown by whole groups either side
    /// across single spaces, hyphens or dots; the first group may be an
    /// IBAN's head ("DE00"). Nil if `r` does not start and end on a digit
    /// group's edges.
    static func run(_ s: Text, around r: Range<Int>) -> Range<Int>? {
        let n = s.count
        guard !r.isEmpty, r.upperBound <= n, s[r.lowerBound].value.isDigit, s[r.upperBound - 1].value.isDigit
        else { return nil }
        if r.lowerBound > 0, s[r.lowerBound - 1].value.isASCIIAlnum { return nil }
        if !endsApart(s, r.upperBound) { return nil }
        var lo = r.lowerBound
        while lo >= 2, isJoint(s[lo - 1].value), s[lo - 2].value.isDigit {
            var p = lo - 2
            while p > 0, s[p - 1].value.isDigit { p -= 1 }
            if p > 0, s[p - 1].value.isASCIILetter {
                // "DE00": two letters at a word start before two digits.
                if lo - 1 - p == 2, p >= 2, s[p - 2].value.isASCIILetter, p == 2 || !s[p - 3].isWordScalar { lo = p - 2 }
                break
            }
            if p > 0, s[p - 1].isWordScalar || s[p - 1].value == 0x2B { break }  // "+49 …" is a phone number's own
            lo = p
        }
        var hi = r.upperBound
        while hi + 1 < n, isJoint(s[hi].value), s[hi + 1].value.isDigit {
            var e = hi + 1
            while e < n, s[e].value.isDigit { e += 1 }
            guard endsApart(s, e) else { break }
            hi = e
        }
        return lo..<hi
    }
}
