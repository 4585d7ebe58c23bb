import RedactCore

/// A table turned on its side (`| Vorname | Dario | Mirjam |`): the label
/// in the first column speaks for every cell of its row
/// (`TableRows.furtherRowCells`). The recognizers take the label's value in
/// the next cell; here the cells after it get the same reading, when that
/// first value was found and each further cell is wholly a value of the
/// same kind: a name, a date of birth, a reference.
enum RowLabels {
    static func find(_ ts: TokenStream, labels: [LabelHit], enabled: Set<Category>, into out: inout [Detection]) {
        let toks = ts.tokens
        for hit in labels {
            let category: Category
            switch hit.label.role {
            case .name: category = .name
            case .birth: category = .dateOfBirth
            case .reference: category = .reference
            default: continue
            }
            guard enabled.contains(category) else { continue }
            let cells = TableRows.furtherRowCells(ts, first: hit.first, end: hit.end)
            guard let second = cells.first else { continue }
            // The first value cell: the one before the first further cell.
            var v = second - 1
            while v > hit.end, !toks[v].has(.cellStart) { v -= 1 }
            let firstCell = ts.span(v, second - 1)
            guard out.contains(where: { $0.category == category && $0.range.overlaps(firstCell) }) else { continue }
            for c in cells {
                let e = TableRows.cellEnd(ts, c)
                let span = ts.span(c, e - 1)
                if out.contains(where: { $0.category == category && $0.range.overlaps(span) }) { continue }
                guard let end = value(ts, hit, category, at: c, cellEnd: e) else { continue }
                out.append(Detection(category: category, range: ts.span(c, end - 1), confidence: 0.85, reason: .context,
                                     kind: hit.label.kind))
            }
        }
    }

    /// The end of a value of `category` that fills the cell from `c` to `e`, or nil.
    static func value(_ ts: TokenStream, _ hit: LabelHit, _ category: Category, at c: Int, cellEnd e: Int) -> Int? {
        switch category {
        case .dateOfBirth:
            guard let d = BirthDateRecognizer.date(ts, at: c), d == e else { return nil }
            return d
        case .name:
            guard let r = NameRecognizer.run(ts, from: c, strong: true, connectors: true), !r.hitOrganisation, r.end == e,
                  r.names >= 1, r.listed > 0 || !hit.label.needsListed else { return nil }
            return r.end
        case .reference:
            guard let v = ReferenceRecognizer.value(ts, at: c), v == e, !ReferenceRecognizer.isSample(ts, c),
                  !hit.label.needsCode || ReferenceRecognizer.isCode(ts, c, v) else { return nil }
            return v
        default:
            return nil
        }
    }
}
