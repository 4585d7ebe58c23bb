/// The rows of a table below its header row, read from cell indices: a row
/// is a line of two or more cells, and a column is the cells with one index.
///
/// Rule: the rows start on the line below the header and go on over rule
/// lines (`|---|---|`, `====`) until a blank line, a line of one cell (a
/// footnote, a total), or a new header (a label word in the column's cell).
/// A table that a page break (form feed) cuts keeps its header: past the
/// footer before the break and the page header after it, the first line
/// with as many cells as the header row resumes the rows, unless the new
/// page repeats a header row (then that header heads what follows).
enum TableRows {
    /// Number of cells of line `l` (the last token's cell index plus one).
    @inline(__always) static func cellCount(_ ts: TokenStream, _ l: Int) -> Int {
        let r = ts.line(l)
        return r.isEmpty ? 0 : Int(ts.tokens[r.upperBound - 1].cell) + 1
    }

    /// A line of only rule punctuation (`|---|:---:|`, `=====`, `____`).
    static func isRule(_ ts: TokenStream, _ l: Int) -> Bool {
        let toks = ts.tokens
        let r = ts.line(l)
        guard !r.isEmpty else { return false }
        for k in r {
            guard toks[k].kind == .punct else { return false }
            switch UInt32(truncatingIfNeeded: toks[k].hash) {
            case 0x2D, 0x3D, 0x5F, 0x2B, 0x3A, 0x2013, 0x2014, 0x2500: continue  // - = _ + : – — ─
            default: return false
            }
        }
        return true
    }

    /// Right under a header: letters alone on their line, no digits, which
    /// is what OCR reads in a rule typed as `|---|---|` (`le`, `Srmerami`).
    static func isRuleNoise(_ ts: TokenStream, _ l: Int) -> Bool {
        let r = ts.line(l)
        let toks = ts.tokens
        if isPhotoRule(ts, l) || isPipeScraps(ts, l) { return true }
        guard r.count <= 4, r.allSatisfy({ toks[$0].digits == 0 }), r.reduce(0, { $0 + toks[$1].count }) <= 12 else { return false }
        // One word (`Srmerami`), or a few letters in cells of their own (`a⇥a⇥a`).
        return cellCount(ts, l) == 1 ? r.count <= 2 : r.allSatisfy { toks[$0].count <= 2 }
    }

    /// What OCR reads in a short rule `|---|---|---|` at image resolution:
    /// the bars as `I`, `l`, `1`, `[`, `]`, the dashes run together
    /// (`I-11`, `l-1-1`): nothing but those scraps, a few of them.
    static func isPipeScraps(_ ts: TokenStream, _ l: Int) -> Bool {
        let r = ts.line(l)
        guard !r.isEmpty, r.count <= 10 else { return false }
        var n = 0
        var bars = 0
        for k in r {
            for i in ts.tokens[k].range {
                switch ts.text[i].value {
                case 0x49, 0x6C, 0x31, 0x7C, 0x5B, 0x5D: bars += 1  // I l 1 | [ ]
                case 0x2D, 0x2013, 0x2014, 0x5F, 0x3D, 0x3A, 0x2B: break  // - – — _ = : +
                default: return false
                }
                n += 1
            }
        }
        return n <= 16 && bars >= 2
    }

    /// What OCR reads in a rule `|---|---|` photographed or scanned at a
    /// slant: the pipes come out as `1`, `11`, `H`, `l`, `]`, the dashes
    /// stay (`H--H---11—1`, `1:11: 1:11:12]`). Rule punctuation (three or
    /// more, at least as many as the rest) and only scraps of one or two
    /// letters or digits between.
    static func isPhotoRule(_ ts: TokenStream, _ l: Int) -> Bool {
        let r = ts.line(l)
        let toks = ts.tokens
        guard !r.isEmpty, r.count <= 40 else { return false }
        var rule = 0, scraps = 0
        for k in r {
            if toks[k].kind == .punct {
                switch UInt32(truncatingIfNeeded: toks[k].hash) {
                case 0x2D, 0x3D, 0x5F, 0x2B, 0x3A, 0x2013, 0x2014, 0x2500, 0x7C, 0x5B, 0x5D: rule += 1  // - = _ + : – — ─ | [ ]
                default: return false
                }
            } else {
                guard toks[k].count <= 2 else { return false }
                scraps += 1
            }
        }
        return rule >= 3 && rule >= scraps
    }

    /// The first token of the cell with index `cell` on line `l`, if that
    /// line has such a cell.
    @inline(__always) static func cellToken(_ ts: TokenStream, line l: Int, cell: Int16) -> Int? {
        let toks = ts.tokens
        for k in ts.line(l) {
            if toks[k].cell == cell { return toks[k].has(.cellStart) ? k : nil }
            if toks[k].cell > cell { return nil }
        }
        return nil
    }

    /// The tokens of the cell with index `cell` on line `l`, if that line
    /// has such a cell.
    static func cellRange(_ ts: TokenStream, line l: Int, cell: Int16) -> Range<Int>? {
        guard let a = cellToken(ts, line: l, cell: cell) else { return nil }
        let r = ts.line(l)
        var b = a + 1
        while b < r.upperBound, !ts.tokens[b].has(.cellStart) { b += 1 }
        return a..<b
    }

    /// Where the page after a break resumes the table whose header row
    /// (line `header`) has `cells` cells, looking on from line `from` (the
    /// first line that did not continue the rows): the line index, or nil.
    static func resumeAfterPageBreak(_ ts: TokenStream, from: Int, header: Int, cells: Int, cell: Int16) -> Int? {
        let toks = ts.tokens
        guard cells >= 2 else { return nil }
        // The footer of the page: a few lines before the form feed.
        var p = from
        while p < min(ts.lineCount, from + 6), !toks[ts.line(p).lowerBound].has(.pageBefore) { p += 1 }
        guard p < ts.lineCount, toks[ts.line(p).lowerBound].has(.pageBefore) else { return nil }
        // The page header: a few lines before the rows go on.
        var q = p
        while q < min(ts.lineCount, p + 8) {
            if q > p, toks[ts.line(q).lowerBound].has(.pageBefore) { return nil }
            if cellCount(ts, q) == cells, cellToken(ts, line: q, cell: cell) != nil {
                // A header row of its own heads what follows (a repeated one
                // is found as a label and heads the rest itself).
                return isHeaderRow(ts, q, like: header) ? nil : q
            }
            q += 1
        }
        return nil
    }

    /// Whether line `l` is a table's header row: a cell opens with a label
    /// word, or with the word that opens the same cell of line `header`.
    static func isHeaderRow(_ ts: TokenStream, _ l: Int, like header: Int) -> Bool {
        let toks = ts.tokens
        let h = ts.line(header)
        for k in ts.line(l) where toks[k].has(.cellStart) && toks[k].kind == .word {
            if LabelTable.shared.isLabelWord(toks[k].hash) { return true }
            if let m = h.first(where: { toks[$0].cell == toks[k].cell && toks[$0].has(.cellStart) }),
               toks[m].kind == .word, toks[m].hash == toks[k].hash { return true }
        }
        return false
    }

    /// The first token of the column's cell (index `cell`) in each row
    /// below the header row on line `header`, at most `limit` rows. In a
    /// column of `numbers`, a row of words only (no digit in any cell) is
    /// the next table's header (`Wohnanschrift⇥⇥Telefon` under
    /// `Versicherungsnummer`), and ends it.
    static func column(_ ts: TokenStream, header: Int, cell: Int16, limit: Int = 400, numbers: Bool = false) -> [Int] {
        let toks = ts.tokens
        let cells = cellCount(ts, header)
        var out: [Int] = []
        var l = header + 1
        var resumed = 0
        while l < ts.lineCount, out.count < limit {
            let r = ts.line(l)
            if isRule(ts, l) || (l == header + 1 && isRuleNoise(ts, l)) { l += 1; continue }
            let ends = ts.hasGap(before: l) || (toks[r.upperBound - 1].cell == 0 && toks[r.lowerBound].kind == .word)
            // The tail of a row's last cell that a narrow page wrapped onto a
            // line of its own (`plangemäß |`) between two full rows: not the
            // table's end (a line of words under the header still is).
            if ends, l > header + 1, cellCount(ts, l - 1) == cells, !ts.hasGap(before: l), cells >= 3, l + 1 < ts.lineCount,
               !ts.hasGap(before: l + 1),
               cellCount(ts, l + 1) == cells, r.count <= 6 {
                l += 1
                continue
            }
            let c = ends ? nil : cellToken(ts, line: l, cell: cell)
            // The header of the next table.
            // (`Familienmitglied: Rose, Ida` is a label with its value, a sub-row.)
            // (A lone letter is no header: `d` opens `D.O.B.`, and it is also the
            // tail of a word its narrow cell wrapped, `MacLeo⏎d`.)
            // (Nor is a label with its value in one cell: `Kundenkonto 6640 1182 907`
            // is a row's entry, and the rows go on below it.)
            // (Nor a title or salutation opening a person's name: `Dr Oyelaran Adebisi`, `Mr Declan Ó Briain`.)
            let newHeader = c.map { toks[$0].kind == .word && toks[$0].count > 1 && LabelTable.shared.isLabelWord(toks[$0].hash)
                && !($0 + 1 < r.upperBound && toks[$0 + 1].isPunct(":"))
                && !(WordSets.shared.titles.contains(toks[$0].hash) || NameRecognizer.salutationWords.contains(toks[$0].hash))
                && !cellHoldsDigits(ts, $0) } ?? false
            if ends || newHeader {
                guard !newHeader, resumed < 20,
                      let q = resumeAfterPageBreak(ts, from: l, header: header, cells: cells, cell: cell) else { break }
                resumed += 1
                l = q
                if let c = cellToken(ts, line: q, cell: cell) { out.append(c) }
                l += 1
                continue
            }
            if numbers, let c, toks[c].kind == .word, !r.contains(where: { toks[$0].kind == .number || toks[$0].kind == .alnum }) {
                break
            }
            if let c { out.append(c) }
            l += 1
        }
        return out
    }

    /// A table turned on its side (`| Vorname | Dario | Mirjam |`, `|
    /// Geburtsdatum | 14.05.1983 | 2.11.1985 |`): its first column holds the
    /// labels and every further column one person, so a row's label speaks
    /// for every cell of its row, not only the next. For a label filling
    /// the first cell of a row of three or more cells, in a table where at
    /// least two such rows open with a label: the first tokens of the cells
    /// after the first value cell, up to a cell that is itself a label (a
    /// row of label/value pairs, `Name⇥X⇥Geburtsdatum⇥Y`); empty otherwise.
    static func furtherRowCells(_ ts: TokenStream, first: Int, end: Int) -> [Int] {
        let toks = ts.tokens
        let t = toks[first]
        guard t.has(.lineStart), t.cell == 0 else { return [] }
        let l = Int(t.line)
        let r = ts.line(l)
        var e = end
        while e < r.upperBound, !toks[e].has(.cellStart), toks[e].isPunct(":") || toks[e].isPunct(".") { e += 1 }
        // A few words may qualify the label in its cell (`Date of birth on ID`, `Name (as on passport)`).
        var qualifiers = 0
        while e < r.upperBound, !toks[e].has(.cellStart), qualifiers < 4, toks[e].kind == .word || toks[e].kind == .punct {
            e += 1
            qualifiers += 1
        }
        guard e < r.upperBound, toks[e].has(.cellStart), cellCount(ts, l) >= 3 else { return [] }
        // Two or more rows of the table open with a label.
        var labelled = 0
        for dir in [-1, 1] {
            var m = dir < 0 ? l : l + 1
            while m >= 0, m < ts.lineCount, abs(m - l) <= 30 {
                if dir < 0 ? (m < l && ts.hasGap(before: m + 1)) : ts.hasGap(before: m) { break }
                if isRule(ts, m) { m += dir; continue }
                guard cellCount(ts, m) >= 3 else { break }
                let f = ts.line(m).lowerBound
                if toks[f].kind == .word, toks[f].count > 1, LabelTable.shared.isLabelWord(toks[f].hash) { labelled += 1 }
                m += dir
            }
        }
        guard labelled >= 2 else { return [] }
        var out: [Int] = []
        var k = e + 1
        while k < r.upperBound {
            if toks[k].has(.cellStart) {
                if toks[k].kind == .word, toks[k].count > 1, LabelTable.shared.isLabelWord(toks[k].hash) { break }
                out.append(k)
            }
            k += 1
        }
        return out
    }

    /// Whether the cell that token `k` opens holds a number: a header cell
    /// names its column, it does not carry a value.
    static func cellHoldsDigits(_ ts: TokenStream, _ k: Int) -> Bool {
        (k..<cellEnd(ts, k)).contains { ts.tokens[$0].kind == .number || (ts.tokens[$0].kind == .alnum && ts.tokens[$0].digits > 0) }
    }

    /// The end of the cell that token `k` opens.
    static func cellEnd(_ ts: TokenStream, _ k: Int) -> Int {
        let lineEnd = ts.lineEnd(ts.tokens[k].line)
        var e = k + 1
        while e < lineEnd, !ts.tokens[e].has(.cellStart) { e += 1 }
        return e
    }
}
