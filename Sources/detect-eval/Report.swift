import RedactCore

/// The targets of issue 4, printed next to each figure.
enum Target {
    static let checksumRecall = 0.98
    static let nameAddressRecall = 0.95
    static let nonPersonalShare = 0.02
    static let megabytesPerSecond = 5.0

    static let checksumCategories: Set<Category> = [.iban, .paymentCard, .taxID, .nationalID, .insuranceID, .vatID]

    static func recall(for c: Category) -> Double? {
        if checksumCategories.contains(c) { return checksumRecall }
        if c == .name || c == .address { return nameAddressRecall }
        return nil
    }
}

func ratio(_ a: Int, _ b: Int) -> Double? { b == 0 ? nil : Double(a) / Double(b) }

func fmt(_ x: Double?) -> String {
    guard let x else { return "    -" }
    return String(format: "%5.3f", x)
}

func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : s + String(repeating: " ", count: w - s.count) }
func lpad(_ s: String, _ w: Int) -> String { s.count >= w ? s : String(repeating: " ", count: w - s.count) + s }

func text(_ doc: Document, _ r: Range<Int>) -> String {
    var v = String.UnicodeScalarView()
    v.append(contentsOf: doc.text[r])
    return String(v)
}

/// Prints the quality table; returns the targets missed.
func printQuality(_ docs: [Document], _ scores: [DocumentScore], verbose: Bool) -> [String] {
    var total: [Category: Tally] = [:]
    var np = 0, npRed = 0, neg = 0, negRed = 0
    for s in scores {
        for (c, t) in s.perCategory { total[c, default: Tally()].add(t) }
        np += s.nonPersonal; npRed += s.nonPersonalRedacted
        neg += s.negatives; negRed += s.negativesRedacted
    }
    var missed: [String] = []
    print("detection quality: \(docs.count) documents, token level (see corpus/detection/README.md)")
    print("  category     units  recall  full   own     target   predicted  precision   spans  found")
    var all = Tally()
    for c in Category.allCases where c != .term {
        let t = total[c, default: Tally()]
        all.add(t)
        let r = ratio(t.found, t.gold)
        var mark = ""
        // A category without gold units in this corpus has nothing to miss.
        if let goal = Target.recall(for: c), t.gold > 0 {
            let ok = (r ?? 0) >= goal
            mark = String(format: ">= %.2f %@", goal, ok ? "ok" : "MISS")
            if !ok { missed.append("recall \(c.rawValue)") }
        }
        print("  \(pad(c.rawValue, 12)) \(lpad(String(t.gold), 5))  \(fmt(r))  \(fmt(ratio(t.full, t.gold)))  \(fmt(ratio(t.own, t.gold)))  \(pad(mark, 10)) \(lpad(String(t.predicted), 8))   \(fmt(ratio(t.correct, t.predicted)))  \(lpad(String(t.spans), 6))  \(fmt(ratio(t.spansFound, t.spans)))")
    }
    print("  \(pad("all", 12)) \(lpad(String(all.gold), 5))  \(fmt(ratio(all.found, all.gold)))  \(fmt(ratio(all.full, all.gold)))  \(fmt(ratio(all.own, all.gold)))  \(pad("", 10)) \(lpad(String(all.predicted), 8))   \(fmt(ratio(all.correct, all.predicted)))  \(lpad(String(all.spans), 6))  \(fmt(ratio(all.spansFound, all.spans)))")
    let share = ratio(npRed, np) ?? 0
    let ok = share <= Target.nonPersonalShare
    if !ok { missed.append("non-personal share") }
    print(String(format: "  non-personal words redacted: %d of %d = %.2f%%  (target <= %.0f%% %@)",
                 npRed, np, share * 100, Target.nonPersonalShare * 100, ok ? "ok" : "MISS"))
    print("  hard negatives (near-miss checksums) redacted: \(negRed) of \(neg)")

    print("misses and false positives by document (units):")
    var any = false
    for (doc, s) in zip(docs, scores) {
        var parts: [String] = []
        var byCat: [Category: (Int, Int)] = [:]
        for (c, _) in s.misses { byCat[c, default: (0, 0)].0 += 1 }
        for (c, _) in s.falsePositives { byCat[c, default: (0, 0)].1 += 1 }
        for c in byCat.keys.sorted() {
            let (m, f) = byCat[c]!
            parts.append("\(c.rawValue) " + [m > 0 ? "missed \(m)" : nil, f > 0 ? "fp \(f)" : nil].compactMap { $0 }.joined(separator: ", "))
        }
        if s.nonPersonalRedacted > 0 { parts.append("non-personal redacted \(s.nonPersonalRedacted)") }
        guard !parts.isEmpty else { continue }
        any = true
        print("  \(pad(s.name, 34)) \(parts.joined(separator: "; "))")
        if verbose {
            for (c, u) in s.misses { print("      miss \(c.rawValue) line \(u.line): \(text(doc, u.range))") }
            for (c, u) in s.falsePositives { print("      fp   \(c.rawValue) line \(u.line): \(text(doc, u.range))") }
            for u in s.flaggedNonPersonal { print("      non-personal line \(u.line): \(text(doc, u.range))") }
        }
    }
    if !any { print("  none") }
    if !verbose { print("  (counts only; --verbose shows the words)") }
    return missed
}
