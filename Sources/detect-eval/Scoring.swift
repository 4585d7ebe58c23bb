import Detect
import RedactCore

/// A measured unit: a maximal run of non-space scalars, cut at span edges.
struct Unit: Sendable {
    var range: Range<Int>
    var line: Int
}

/// Counts for one category (gold side and predicted side).
struct Tally: Sendable {
    var gold = 0, found = 0, full = 0
    /// Gold units found by a detection of their own category (the rest were
    /// covered by another category, which redacts them all the same).
    var own = 0
    /// Gold spans, and those whose every unit was found.
    var spans = 0, spansFound = 0
    var predicted = 0, correct = 0
    mutating func add(_ o: Tally) {
        gold += o.gold; found += o.found; full += o.full; own += o.own
        spans += o.spans; spansFound += o.spansFound
        predicted += o.predicted; correct += o.correct
    }
}

struct DocumentScore: Sendable {
    var name: String
    var perCategory: [Category: Tally] = [:]
    var nonPersonal = 0, nonPersonalRedacted = 0
    var negatives = 0, negativesRedacted = 0
    /// Units for --verbose: missed gold units and false-positive predicted units.
    var misses: [(Category, Unit)] = []
    var falsePositives: [(Category, Unit)] = []
    var flaggedNonPersonal: [Unit] = []
}

@inline(__always) func isSpace(_ s: Unicode.Scalar) -> Bool { s.isWhitespaceFast }

/// The non-space runs of `text` inside `range`.
func units(_ text: [Unicode.Scalar], in range: Range<Int>, lineOf: (Int) -> Int) -> [Unit] {
    var result: [Unit] = []
    var i = range.lowerBound
    while i < range.upperBound {
        while i < range.upperBound, isSpace(text[i]) { i += 1 }
        let start = i
        while i < range.upperBound, !isSpace(text[i]) { i += 1 }
        if i > start { result.append(Unit(range: start..<i, line: lineOf(start))) }
    }
    return result
}

/// Scores one document at token level.
///
/// A gold unit is found when detections of any category cover more than
/// half of its scalars ("full" when they cover all). A predicted unit (a
/// detection's non-space run) is correct when more than half of it lies in
/// gold or optional spans of any category. A non-personal unit (non-space run
/// outside every gold and optional span) is redacted when detections cover
/// more than half of it.
func score(_ doc: Document, _ detections: [Detection]) -> DocumentScore {
    let n = doc.text.count
    var lineStarts: [Int] = [0]
    for (i, s) in doc.text.enumerated() where s == "\n" { lineStarts.append(i + 1) }
    let lineOf: (Int) -> Int = { offset in
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
    var covered = [Bool](repeating: false, count: n)
    for d in detections {
        for i in d.range.clamped(to: 0..<n) { covered[i] = true }
    }
    var labelled = [Bool](repeating: false, count: n)
    var negative = [Bool](repeating: false, count: n)
    for s in doc.spans {
        for i in s.range {
            if s.mark == .negative { negative[i] = true } else { labelled[i] = true }
        }
    }
    func count(_ flags: [Bool], _ r: Range<Int>) -> Int { r.reduce(0) { $0 + (flags[$1] ? 1 : 0) } }
    var coveredBy: [Category: [Bool]] = [:]
    for d in detections {
        var flags = coveredBy[d.category] ?? [Bool](repeating: false, count: n)
        for i in d.range.clamped(to: 0..<n) { flags[i] = true }
        coveredBy[d.category] = flags
    }

    var result = DocumentScore(name: doc.name)
    for s in doc.spans where s.mark == .gold {
        var t = result.perCategory[s.category, default: Tally()]
        var whole = true
        for u in units(doc.text, in: s.range, lineOf: lineOf) {
            t.gold += 1
            let c = count(covered, u.range)
            if 2 * c > u.range.count {
                t.found += 1
            } else {
                whole = false
                result.misses.append((s.category, u))
            }
            if c == u.range.count { t.full += 1 }
            if let own = coveredBy[s.category], 2 * count(own, u.range) > u.range.count { t.own += 1 }
        }
        t.spans += 1
        if whole { t.spansFound += 1 }
        result.perCategory[s.category] = t
    }
    for d in detections {
        var t = result.perCategory[d.category, default: Tally()]
        for u in units(doc.text, in: d.range.clamped(to: 0..<n), lineOf: lineOf) {
            t.predicted += 1
            if 2 * count(labelled, u.range) > u.range.count { t.correct += 1 } else { result.falsePositives.append((d.category, u)) }
        }
        result.perCategory[d.category] = t
    }
    // Non-personal units: non-space runs of unlabelled scalars.
    var i = 0
    while i < n {
        while i < n, isSpace(doc.text[i]) || labelled[i] { i += 1 }
        let start = i
        while i < n, !isSpace(doc.text[i]), !labelled[i] { i += 1 }
        guard i > start else { continue }
        let r = start..<i
        let redacted = 2 * count(covered, r) > r.count
        result.nonPersonal += 1
        if redacted {
            result.nonPersonalRedacted += 1
            result.flaggedNonPersonal.append(Unit(range: r, line: lineOf(start)))
        }
        if 2 * count(negative, r) > r.count {
            result.negatives += 1
            if redacted { result.negativesRedacted += 1 }
        }
    }
    return result
}
