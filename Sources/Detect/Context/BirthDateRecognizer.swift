import RedactCore

/// Dates of birth: a date with a birth context. Other dates are not
/// detected.
///
/// Rule: a birth label (`geb.`, `geboren am`, `Geburtsdatum`, `Geb.-Datum`,
/// `DOB`, `Date of birth`, `born`, `né le`, …) followed on its line, within
/// eight tokens (`Geburtsdatum (TT.MM.JJJJ): …`), by a date; or the date
/// opens the next line when the label ends its line; or the label heads a
/// table column and the date is in that column on the next line. A `*`
/// directly before a date (`* 12.03.1980`) is a birth mark too. A birth
/// label heading a table column (`Name⇥Date of birth`, `| Name | DOB |`)
/// makes the date in that column of every row a date of birth, over rule
/// lines and page breaks (see `TableRows`). Dates:
/// `12.03.1980`, `12. 03. 1980`, `03/12/1980`, `12-03-1980`, `1980-03-12`,
/// two-digit years, `12. März 1980`, `12 March 1980`, `March 12, 1980`,
/// `12th of March 1980`; day, month and year are checked for range. OCR's
/// `O` for 0 and `l`/`I` for 1 inside a number are read as digits.
enum BirthDateRecognizer {
    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        let toks = ts.tokens
        var done = -1
        for hit in labels {
            if hit.label.role == .name, hit.label.words.count == 1, childWords.contains(hit.label.words[0]) {
                childDates(ts, hit, into: &out)
            }
        }
        for hit in labels where hit.label.role == .birth {
            if hit.end <= done { continue }
            var found: Range<Int>?
            // The label's last line: a label may wrap ("Our dates⏎of birth, … are …").
            let line = toks[hit.end - 1].line
            // Same line, a few tokens on.
            var j = hit.end
            // "Date of birth (for the portal's check): A. Name 04/17/1979": past an aside in brackets.
            // ("with her date of birth (22.06.2008)": unless the bracket holds the date.)
            if j < ts.lineEnd(line), toks[j].isPunct("("),
               let close = (j..<min(ts.lineEnd(line), j + 14)).first(where: { toks[$0].isPunct(")") }) {
                j = labelledDate(ts, at: j + 1, partial: true) != nil ? j + 1 : close + 1
            }
            let limit = min(ts.lineEnd(line), j + 9)
            // A month and year alone only after a date-of-birth label: `geb. 04/2016`
            // dates a pet on a vet's bill as often as a person.
            let partial = !(hit.label.words.count == 1 && bareBirthWords.contains(hit.label.words[0]))
            while j < limit {
                if let e = labelledDate(ts, at: j, partial: partial) { found = j..<e; break }
                // Another field in another cell ("Geburtsdatum:    Ausstellungsdatum: …").
                if j > hit.end, toks[j].has(.cellStart), toks[j].kind == .word { break }
                j += 1
            }
            if found == nil {
                for (c, _) in Fields.candidates(ts, first: hit.first, end: hit.end) where toks[c].line != line {
                    if let e = labelledDate(ts, at: c, partial: partial) { found = c..<e; break }
                }
            }
            if found == nil { found = belowNumberedField(ts, hit, partial: partial) ?? answerBelowQuestion(ts, hit) }
            if found == nil { found = onlyDateBelowHeader(ts, hit) }
            if let r = found {
                out.append(Detection(category: .dateOfBirth, range: ts.span(r.lowerBound, r.upperBound - 1),
                                     confidence: 0.9, reason: .context, kind: hit.label.kind))
                done = r.upperBound
                // "… are 19 February 1979 (mine) and 8 November 1976 (his)": the list goes on.
                var last = r.upperBound
                while let next = nextListedDate(ts, after: last) {
                    out.append(Detection(category: .dateOfBirth, range: ts.span(next.lowerBound, next.upperBound - 1),
                                         confidence: 0.85, reason: .context, kind: hit.label.kind))
                    last = next.upperBound
                    done = last
                }
            }
            // A column headed `Date of birth`: every row's date in it.
            if isColumnHeader(ts, hit) {
                for c in TableRows.column(ts, header: Int(line), cell: toks[hit.first].cell) where c != found?.lowerBound {
                    guard let e = date(ts, at: c) else { continue }
                    out.append(Detection(category: .dateOfBirth, range: ts.span(c, e - 1), confidence: 0.9,
                                         reason: .context, kind: hit.label.kind))
                }
            }
        }
        datesAfterNames(ts, into: &out)
        datesBeforeOrigin(ts, into: &out)
        // Passport and ID card MRZ lines, licence barcode lines.
        MachineReadableFields.birthDates(ts, into: &out)
        // "* 12.03.1980"
        for k in toks.indices where toks[k].isPunct("*") && k + 1 < toks.count && toks[k + 1].line == toks[k].line {
            if k > 0, toks[k].glued, toks[k - 1].kind != .punct { continue }  // "Note*", footnotes
            if let e = date(ts, at: k + 1) {
                out.append(Detection(category: .dateOfBirth, range: ts.span(k + 1, e - 1), confidence: 0.8,
                                     reason: .context, kind: "birth mark *"))
            }
        }
    }

    /// A record written out in a sentence (`candidate 4471, Ellis
    /// Example,⏎2008-03-19.`): a date set off by a comma right after a
    /// person's name, ending its part, and ten or more years older than the
    /// page's latest date, is the person's date of birth (a signature's or
    /// a meeting's date is of the page's own time: `signed by Dr Ada
    /// Example, 14 October 2025`). The page's own birth label may be pages
    /// away (`… student name, date of birth, …` on the page before).
    static func datesAfterNames(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        var latest: Int?
        func latestYear() -> Int {
            if let latest { return latest }
            // The years of the page's dates (not any number: `2093` may be a code).
            var y = 0
            var k = 0
            while k < toks.count {
                if toks[k].kind == .number || toks[k].kind == .word, let e = date(ts, at: k) {
                    if let v = yearOf(ts, k, e), v > y { y = v }
                    k = e
                } else {
                    k += 1
                }
            }
            latest = y
            return y
        }
        // Where a name ends: a name found, or two name-shaped words with a
        // listed one opening their part (`…, Ellis Example,`).
        var ends = Set<Int>()
        for d in out where d.category == .name { ends.insert(d.range.upperBound) }
        for k in toks.indices where toks[k].isPunct(",") && k > 1 {
            if ends.contains(Int(toks[k - 1].end)) { continue }
            var a = k - 1
            while a > 0, k - a < 4, toks[a - 1].line == toks[k].line, toks[a - 1].kind == .word { a -= 1 }
            guard a > 0, toks[a - 1].isPunct(",") || toks[a - 1].isPunct(":"), toks[a - 1].line == toks[k].line,
                  let r = NameRecognizer.run(ts, from: a, strong: false), r.end == k, r.names >= 2, r.listed >= 1,
                  !r.hitOrganisation else { continue }
            ends.insert(Int(toks[k - 1].end))
        }
        for k in toks.indices where toks[k].isPunct(",") && k > 0 && ends.contains(Int(toks[k - 1].end)) {
            let n = k - 1
            guard n + 2 < toks.count, toks[n + 1].line == toks[n].line else { continue }
            let c = n + 2
            // (The sentence may go on over a page break: `…, Ellis Example,⏎\u{0C}2008-03-19.`)
            guard toks[c].line == toks[n].line
                    || (toks[c].has(.lineStart) && (!ts.hasGap(before: Int(toks[c].line)) || toks[c].has(.pageBefore))),
                  let e = date(ts, at: c), e >= toks.count || toks[e].has(.lineStart) || toks[e].isPunct(".")
                    || toks[e].isPunct(",") || toks[e].isPunct(";") || toks[e].isPunct(")"),
                  let y = yearOf(ts, c, e), y <= latestYear() - 10 else { continue }
            let span = ts.span(c, e - 1)
            if out.contains(where: { $0.category == .dateOfBirth && $0.range.overlaps(span) }) { continue }
            out.append(Detection(category: .dateOfBirth, range: span, confidence: 0.8, reason: .context,
                                 kind: "date after a name"))
        }
        // A date in brackets right after a person's name (`Dependants: Zofia
        // Hale (03.03.2017), Oliver Hale (2020-11-19)`) is when they were
        // born, when it is older than the page's own year (a signature's
        // date is of that year: `Ada Example (14.10.2025)`).
        // The name is one found, or name-shaped words with a listed one
        // (`Luca Lo Presti (2005-01-20)`: a name the document pass finds later).
        // A date that opens a longer bracket (`Sónia Faria (1984-03-08,
        // erwerbstätig bei …)`) gives the person's particulars, the date of
        // birth first, when it is ten years older than the page.
        var brackets = Set<Int>()
        for d in out where d.category == .name {
            if let k = ts.firstToken(atOrAfter: d.range.upperBound), toks[k].isPunct("("), k > 0,
               Int(toks[k - 1].end) == d.range.upperBound { brackets.insert(k) }
        }
        for k in toks.indices where toks[k].isPunct("(") && k > 1 && toks[k - 1].kind == .word && !brackets.contains(k) {
            // Back to where a run of name words may start, a few tokens.
            var a = k - 1
            while a > 0, k - a < 4, toks[a - 1].line == toks[k - 1].line, toks[a - 1].kind == .word, toks[a - 1].has(.initialUpper) { a -= 1 }
            for s in a..<(k - 1) {
                guard let r = NameRecognizer.run(ts, from: s, strong: false), r.end == k, r.names >= 2, r.listed >= 1,
                      !r.hitOrganisation else { continue }
                brackets.insert(k)
                break
            }
        }
        for k in brackets.sorted() {
            // (The bracket may open the next line: `… Luca Lo Presti⏎(2005-01-20), seit …`.)
            guard toks[k].line == toks[k - 1].line || (toks[k].has(.lineStart) && !ts.hasGap(before: Int(toks[k].line))),
                  k + 1 < toks.count,
                  let e = date(ts, at: k + 1), e < toks.count, let y = yearOf(ts, k + 1, e) else { continue }
            guard toks[e].isPunct(")") && y < latestYear() || toks[e].isPunct(",") && y <= latestYear() - 10 else { continue }
            let span = ts.span(k + 1, e - 1)
            if out.contains(where: { $0.category == .dateOfBirth && $0.range.overlaps(span) }) { continue }
            out.append(Detection(category: .dateOfBirth, range: span, confidence: 0.8, reason: .context,
                                 kind: "date in brackets after a name"))
        }
    }

    /// A person's record in a register (`Muster, Anna Lea, 1961-08-14, von
    /// Olten SO, in Aarau`; `…, 02.05.1979, italienische Staatsangehörige,
    /// in Zug`): a date opening its part and followed by the place of
    /// citizenship (Swiss `von` and a capitalised place) or a nationality
    /// is that person's date of birth.
    static func datesBeforeOrigin(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        var k = 0
        while k < toks.count {
            guard toks[k].kind == .number, toks[k].has(.lineStart) || (k > 0 && toks[k - 1].isPunct(",")),
                  let e = date(ts, at: k) else { k += 1; continue }
            defer { k = e }
            guard e + 2 < toks.count, toks[e].isPunct(","), toks[e + 1].line == toks[e].line else { continue }
            let citizen = ts.isWord(e + 1, "von") && toks[e + 2].line == toks[e].line && toks[e + 2].kind == .word
                && toks[e + 2].has(.initialUpper) && !NameRecognizer.salutationWords.contains(toks[e + 2].hash)
            let nationality = (e + 1..<min(e + 4, ts.lineEnd(toks[e].line))).contains { nationalityNoun(ts, $0) }
            guard citizen || nationality else { continue }
            let span = ts.span(k, e - 1)
            if out.contains(where: { $0.category == .dateOfBirth && $0.range.overlaps(span) }) { continue }
            out.append(Detection(category: .dateOfBirth, range: span, confidence: 0.8, reason: .context,
                                 kind: "date before a citizenship"))
        }
    }

    static let nationalityStems: [[UInt32]] = ["staatsangehörig", "staatsbürger"].map { $0.unicodeScalars.map(\.value) }

    /// `Staatsangehörige`, `Staatsangehöriger`, `Staatsbürgerin`: a word for a nationality.
    static func nationalityNoun(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.has(.initialUpper) else { return false }
        let a = Int(t.start)
        return nationalityStems.contains { stem in
            stem.count <= Int(t.end) - a
                && stem.indices.allSatisfy { i in
                    let v = ts.text[a + i].properties.lowercaseMapping.unicodeScalars.first?.value ?? 0
                    return v == stem[i]
                }
        }
    }

    /// The four-digit year of the date in tokens `c..<e`, if it has one.
    static func yearOf(_ ts: TokenStream, _ c: Int, _ e: Int) -> Int? {
        for k in c..<e where ts.tokens[k].kind == .number && ts.tokens[k].count == 4 { return ts.number(k) }
        return nil
    }

    /// A birth label that fills a cell of a row of two or more cells, where
    /// the next cell is not its value (`Name⇥Date of birth⇥City`, `| Name |
    /// DOB |`; not `Geburtsdatum⇥12.03.1980`): it heads a table column.
    static func isColumnHeader(_ ts: TokenStream, _ hit: LabelHit) -> Bool {
        let toks = ts.tokens
        let t = toks[hit.first]
        guard t.has(.cellStart), TableRows.cellCount(ts, Int(t.line)) >= 2 else { return false }
        let lineEnd = ts.lineEnd(t.line)
        var e = hit.end
        while e < lineEnd, toks[e].isPunct(":") || toks[e].isPunct("/") || toks[e].isPunct(")") || toks[e].isPunct("(") {
            e += 1
        }
        // `Kontonummer / Vertragsnummer`: a second label after a slash shares the column.
        if e < lineEnd, e > hit.end, toks[e - 1].isPunct("/"), !toks[e].has(.cellStart) {
            var f = e
            var words = 0
            while f < lineEnd, !toks[f].has(.cellStart), toks[f].kind == .word || toks[f].isPunct(".") || toks[f].isPunct("-") {
                if toks[f].kind == .word { words += 1 }
                f += 1
            }
            if words <= 3 { e = f }
        }
        // `Geburtsdatum (TT.MM.JJJJ)`: a format hint in the header cell.
        if e < lineEnd, !toks[e].has(.cellStart), toks[e - 1].isPunct("(") {
            while e < lineEnd, !toks[e].has(.cellStart), !toks[e].isPunct(")") { e += 1 }
            if e < lineEnd, toks[e].isPunct(")") { e += 1 }
        }
        guard e >= lineEnd || toks[e].has(.cellStart) else { return false }
        return e >= lineEnd || date(ts, at: e) == nil
    }

    /// Birth labels that are a bare word (`geb. 04/2016`, `born 1979`): not
    /// a form's date-of-birth field, and said of animals too.
    static let bareBirthWords = LabelWords.set("geb|geboren|geborene|geborener|née|born")

    /// Relation words whose value is a child (`Kinder: Marco (01.03.2012)`).
    static let childWords = LabelWords.set(LabelWords.childWords)

    /// After a children label (`Kinder: Marco (01.03.2012), Anna
    /// (27.10.2015)`), a date standing alone in brackets on its line is the
    /// child's date of birth: that is how a family list gives them.
    /// The list may stand on the line below its label (a form with the
    /// value under the field) and wrap once (`Anna⏎(27.10.2015)`).
    static func childDates(_ ts: TokenStream, _ hit: LabelHit, into out: inout [Detection]) {
        let toks = ts.tokens
        var line = Int(toks[hit.end - 1].line)
        guard hit.end < ts.lineEnd(Int32(line)) else { return }
        if !toks[hit.end].isPunct(":") {
            // "Ihre Tochter Zeynep (11.06.2024)", "our son Liam (04/02/2015)": the
            // relation word, the child's name and its date in brackets.
            let lineEnd = ts.lineEnd(Int32(line))
            var k = hit.end
            while k < lineEnd, k - hit.end < 3, toks[k].kind == .word, toks[k].has(.initialUpper), toks[k].letters >= 2,
                  !LabelTable.shared.isLabelWord(toks[k].hash) {
                k += 1
            }
            guard k > hit.end, k + 1 < lineEnd, toks[k].isPunct("("), let e = date(ts, at: k + 1), e < lineEnd,
                  toks[e].isPunct(")") else { return }
            out.append(Detection(category: .dateOfBirth, range: ts.span(k + 1, e - 1), confidence: 0.85,
                                 reason: .context, kind: "birth date of a child"))
            return
        }
        var k = hit.end + 1
        func nextLine() -> Bool {
            guard line + 1 < ts.lineCount, !ts.hasGap(before: line + 1) else { return false }
            line += 1
            return true
        }
        if k >= ts.lineEnd(Int32(line)) {
            guard nextLine() else { return }
            k = ts.line(line).lowerBound
        }
        var wrapped = false
        while true {
            let lineEnd = ts.lineEnd(Int32(line))
            while k + 2 < lineEnd {
                if toks[k].isPunct("("), toks[k - 1].kind == .word, let e = date(ts, at: k + 1), e < lineEnd, toks[e].isPunct(")") {
                    out.append(Detection(category: .dateOfBirth, range: ts.span(k + 1, e - 1), confidence: 0.85,
                                         reason: .context, kind: "birth date of a child"))
                    k = e + 1
                } else {
                    k += 1
                }
            }
            // The list goes on when its line ends in a name and the next opens with the bracket.
            guard !wrapped, lineEnd > 0, toks[lineEnd - 1].kind == .word, nextLine(), toks[ts.line(line).lowerBound].isPunct("(")
            else { return }
            wrapped = true
            k = ts.line(line).lowerBound
        }
    }

    static let listJoiners = WordHash.set("and und or oder sowie et")

    /// A further date of a list on the label's line, after the date ending
    /// at `e`: past a short bracket (`(mine)`), a `,`, `;` or `and`/`und`.
    static func nextListedDate(_ ts: TokenStream, after e: Int) -> Range<Int>? {
        let toks = ts.tokens
        guard e > 0, e < toks.count, toks[e].line == toks[e - 1].line else { return nil }
        let lineEnd = ts.lineEnd(toks[e].line)
        var k = e
        if k < lineEnd, toks[k].isPunct("(") {
            var c = k + 1
            while c < lineEnd, c - k < 5, !toks[c].isPunct(")") { c += 1 }
            guard c < lineEnd, toks[c].isPunct(")") else { return nil }
            k = c + 1
        }
        // "A. Muster 04/17/1979;⏎B. Beispiel 1982-11-02": records parted by `;`, each
        // a short name and its date, the next one on the same line or the next.
        if k < lineEnd, toks[k].isPunct(";"), let next = namedDate(ts, from: k + 1) { return next }
        var joined = false
        if k < lineEnd, toks[k].isPunct(",") || toks[k].isPunct(";") { k += 1; joined = true }
        if k < lineEnd, toks[k].kind == .word, listJoiners.contains(toks[k].hash) { k += 1; joined = true }
        guard joined, k < lineEnd, let end = date(ts, at: k) else { return nil }
        return k..<end
    }

    /// From token `k` (or the next line's start, when `k` ends its line and
    /// no gap follows): up to six tokens of a name (capitalised words,
    /// initials, hyphens), then a date; that date.
    static func namedDate(_ ts: TokenStream, from k0: Int) -> Range<Int>? {
        let toks = ts.tokens
        guard k0 < toks.count else { return nil }
        if toks[k0].has(.lineStart), ts.hasGap(before: Int(toks[k0].line)) { return nil }
        let lineEnd = ts.lineEnd(toks[k0].line)
        var k = k0
        while k < lineEnd, k - k0 < 6,
              (toks[k].kind == .word && toks[k].has(.initialUpper)) || (k > k0 && toks[k].glued && (toks[k].isPunct(".") || toks[k].isPunct("-"))) {
            k += 1
        }
        guard k > k0, k < lineEnd, toks[k - 1].kind == .word, let end = date(ts, at: k) else { return nil }
        return k..<end
    }

    /// A label ending its line, the date opening the next: a numbered field
    /// of an ID card or licence (`3. Date and place of birth⏎14.03.1991
    /// UNITED KINGDOM`), or running text wrapped there (`…, ITIN 913-…,
    /// date of birth⏎04/18/2015`).
    static func belowNumberedField(_ ts: TokenStream, _ hit: LabelHit, partial: Bool) -> Range<Int>? {
        let toks = ts.tokens
        let line = Int(toks[hit.end - 1].line)
        guard hit.end == ts.lineEnd(Int32(line)), line + 1 < ts.lineCount, !ts.hasGap(before: line + 1) else { return nil }
        let c = ts.line(line + 1).lowerBound
        guard let e = labelledDate(ts, at: c, partial: partial) else { return nil }
        return c..<e
    }

    /// A question for the date of birth (`Can you confirm … date of birth?`):
    /// the first date on the next line is the answer.
    static func answerBelowQuestion(_ ts: TokenStream, _ hit: LabelHit) -> Range<Int>? {
        let toks = ts.tokens
        let line = Int(toks[hit.end - 1].line)
        guard hit.end < toks.count, toks[hit.end].isPunct("?"), toks[hit.end].line == Int32(line),
              line + 1 < ts.lineCount, !ts.hasGap(before: line + 1) else { return nil }
        let next = ts.line(line + 1)
        var k = next.lowerBound
        while k < next.upperBound {
            if let e = date(ts, at: k) { return k..<e }
            k += 1
        }
        return nil
    }

    /// A birth label in a header row (another label on its line, or a row
    /// of column titles: capitalised words only) whose next line holds
    /// exactly one date: that date, wherever the columns went. Not a label
    /// ending a sentence (`… different name and date of birth.`).
    static func onlyDateBelowHeader(_ ts: TokenStream, _ hit: LabelHit) -> Range<Int>? {
        let toks = ts.tokens
        let line = Int(toks[hit.first].line)
        guard line + 1 < ts.lineCount, !ts.hasGap(before: line + 1) else { return nil }
        let header = ts.line(line)
        if toks[header.upperBound - 1].isPunct(".") { return nil }
        if hit.first > header.lowerBound, toks[hit.first - 1].kind == .word, !toks[hit.first - 1].has(.initialUpper) {
            return nil
        }
        let otherLabel = toks[header].indices.contains(where: { i in
            (i < hit.first || i >= hit.end) && toks[i].kind == .word && LabelTable.shared.isLabelWord(toks[i].hash)
        })
        let titles = header.count >= 2 && header.count <= 8 && hit.end == header.upperBound
            && toks[header.lowerBound..<hit.first].allSatisfy { $0.kind == .word && $0.has(.initialUpper) && $0.letters >= 2 }
        guard otherLabel || titles, hit.first > header.lowerBound || otherLabel else { return nil }
        var found: Range<Int>?
        var k = ts.line(line + 1).lowerBound
        let end = ts.line(line + 1).upperBound
        while k < end {
            if let e = date(ts, at: k) {
                if found != nil { return nil }
                found = k..<e
                k = e
            } else {
                k += 1
            }
        }
        return found
    }

    /// A date right after a birth label: a full date (`date`), or what a
    /// form also takes there: the day, month and year in boxes of their own
    /// (`Date of birth  19  06  1951  (DD MM YYYY)`), or the month and year
    /// only (`date of birth, if known: 09/1981`, `Geburtsdatum: 03.1981`,
    /// `Date of birth: March 1981`).
    static func labelledDate(_ ts: TokenStream, at k: Int, partial: Bool) -> Int? {
        if let e = date(ts, at: k) { return e }
        let toks = ts.tokens
        // "Date of birth: March 1981": the month by name and the year.
        if partial, k < toks.count, toks[k].kind == .word, let e = monthYear(ts, k, ts.lineEnd(toks[k].line)) { return e }
        guard k + 2 < toks.count, toks[k].kind == .number, toks[k].count <= 2, toks[k + 1].line == toks[k].line,
              let a = ts.number(k) else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        /// Not glued on to more digits or letters (`09/1981/2`, `19 06 1951a`).
        func clean(_ e: Int) -> Int? {
            if e < lineEnd, toks[e].glued, toks[e].kind != .punct { return nil }
            if e + 1 < lineEnd, toks[e].glued, toks[e].isPunct(".") || toks[e].isPunct("/") || toks[e].isPunct("-"),
               toks[e + 1].glued, toks[e + 1].kind == .number { return nil }
            return e
        }
        func year(_ i: Int) -> Bool {
            i < lineEnd && toks[i].kind == .number && toks[i].count == 4 && (ts.number(i).map { $0 >= 1890 && $0 <= 2099 } ?? false)
        }
        // "19  06  1951": three numbers apart by spaces only.
        if toks[k + 1].kind == .number, toks[k + 1].count <= 2, toks[k + 1].has(.spaceBefore), year(k + 2), toks[k + 2].has(.spaceBefore),
           let m = ts.number(k + 1), (1...31).contains(a), (1...12).contains(m) {
            return clean(k + 3)
        }
        // "09/1981", "03.1981": a month and a year.
        if partial, (1...12).contains(a), toks[k + 1].glued, toks[k + 1].isPunct("/") || toks[k + 1].isPunct(".") || toks[k + 1].isPunct("-"),
           toks[k + 2].glued, year(k + 2) {
            return clean(k + 3)
        }
        return nil
    }

    /// A short number OCR misread in part as letters: `O3` and `198O`
    /// (O for 0), `l2` and `I2` (l and I for 1). Needs one real digit.
    static func ocrNumber(_ ts: TokenStream, _ k: Int) -> Int? {
        let t = ts.tokens[k]
        guard t.count <= 4, t.digits >= 1 else { return nil }
        var v = 0
        for i in t.range {
            let c = ts.text[i].value
            switch c {
            case 0x30...0x39: v = v * 10 + Int(c - 0x30)
            case 0x4F, 0x6F: v = v * 10  // O o
            case 0x6C, 0x49: v = v * 10 + 1  // l I
            default: return nil
            }
        }
        return v
    }

    static let words = WordSets.shared
    static let ordinalSuffixes = WordHash.set("st nd rd th")

    /// The end of a date starting at token `k`, or nil.
    static func date(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        guard k < toks.count else { return nil }
        let line = toks[k].line
        let lineEnd = ts.lineEnd(line)
        @inline(__always) func num(_ i: Int) -> (value: Int, digits: Int)? {
            guard i < lineEnd else { return nil }
            if toks[i].kind == .number, let v = ts.number(i) { return (v, toks[i].count) }
            if toks[i].kind == .alnum, let v = ocrNumber(ts, i) { return (v, toks[i].count) }
            return nil
        }
        @inline(__always) func sep(_ i: Int) -> UInt32? {
            guard i < lineEnd, toks[i].kind == .punct else { return nil }
            let v = UInt32(truncatingIfNeeded: toks[i].hash)
            return v == 0x2E || v == 0x2F || v == 0x2D ? v : nil
        }
        /// Not glued on to more digits or letters.
        @inline(__always) func clean(_ e: Int) -> Int? {
            if e < toks.count, toks[e].glued, toks[e].kind != .punct { return nil }
            if e + 1 < toks.count, toks[e].glued, toks[e].isPunct(".") || toks[e].isPunct("/"), toks[e + 1].glued,
               toks[e + 1].kind == .number { return nil }
            return e
        }
        func validYear(_ y: (value: Int, digits: Int)) -> Bool {
            y.digits == 2 || (y.digits == 4 && y.value >= 1890 && y.value <= 2099)
        }
        let t = toks[k]
        // Numeric.
        if let a = num(k) {
            if a.digits == 4, let s = sep(k + 1), s != 0x2E, toks[k + 1].glued, let m = num(k + 2), toks[k + 2].glued,
               sep(k + 3) == s, toks[k + 3].glued, let d = num(k + 4), toks[k + 4].glued {
                // 1980-03-12
                guard a.value >= 1890, a.value <= 2099, (1...12).contains(m.value), (1...31).contains(d.value), d.digits <= 2 else { return nil }
                return clean(k + 5)
            }
            if a.digits <= 2, let s = sep(k + 1), toks[k + 1].glued {
                var j = k + 2
                if let m = num(j), m.digits <= 2, toks[j].glued || (s == 0x2E && toks[j].has(.spaceBefore)),
                   sep(j + 1) == s, toks[j + 1].glued, let y = num(j + 2), toks[j + 2].glued || (s == 0x2E && toks[j + 2].has(.spaceBefore)),
                   validYear(y) {
                    let ok: Bool
                    // `/` and `-` are written day first and month first (US `11-19-1982`); `.` day first.
                    if s == 0x2F || s == 0x2D {
                        ok = (a.value >= 1 && m.value >= 1) && ((a.value <= 31 && m.value <= 12) || (a.value <= 12 && m.value <= 31))
                    } else {
                        ok = (1...31).contains(a.value) && (1...12).contains(m.value)
                    }
                    guard ok else { return nil }
                    return clean(j + 3)
                }
                // "12. März 1980"
                if s == 0x2E, (1...31).contains(a.value) {
                    j = k + 2
                    if let e = monthYear(ts, j, lineEnd) { return e }
                }
                // "02-Nov-1951", "02/Nov/51", "02.Nov.1951": the month by name between separators, as
                // clinical and booking systems print it.
                if (1...31).contains(a.value), j < lineEnd, toks[j].glued, toks[j].kind == .word, words.months.contains(toks[j].hash),
                   sep(j + 1) == s, toks[j + 1].glued, let y = num(j + 2), toks[j + 2].glued,
                   validYear(y) {
                    return clean(j + 3)
                }
                return nil
            }
            // "12 March 1980"
            if a.digits <= 2, (1...31).contains(a.value), let e = monthYear(ts, k + 1, lineEnd) { return e }
            return nil
        }
        // "12th March 1980", "12th of March 1980"
        if t.kind == .alnum, t.digits <= 2, t.letters == 2, ts.first(k).value.isDigit {
            var j = k + 1
            if j < lineEnd, ts.isWord(j, "of") { j += 1 }
            return monthYear(ts, j, lineEnd)
        }
        // "March 12, 1980", "March 12th, 1980"
        if t.kind == .word, words.months.contains(t.hash), t.has(.initialUpper) {
            var j = k + 1
            if j < lineEnd, toks[j].glued, toks[j].isPunct(".") { j += 1 }
            var end = lineEnd
            // "date of birth February⏎9, 2016": running text wrapped inside the date.
            if j == lineEnd, j < toks.count, toks[j].line == line + 1, !ts.hasGap(before: Int(line) + 1) {
                end = ts.lineEnd(line + 1)
            }
            guard j < end else { return nil }
            let d = toks[j]
            guard d.has(.spaceBefore) || d.has(.lineStart),
                  (d.kind == .number && d.count <= 2) || (d.kind == .alnum && d.digits <= 2 && d.letters == 2) else { return nil }
            j += 1
            if j < end, toks[j].isPunct(",") { j += 1 }
            let y: (value: Int, digits: Int)?
            if end == lineEnd { y = num(j) } else if j < end, toks[j].kind == .number, let v = ts.number(j) { y = (v, toks[j].count) } else { y = nil }
            guard let y, y.digits == 4, validYear(y) else { return nil }
            return clean(j + 1)
        }
        return nil
    }

    /// Month name then a four-digit year, from token `j`. Running text may
    /// wrap between the two (`d.o.b. 2 October⏎1990`).
    static func monthYear(_ ts: TokenStream, _ j0: Int, _ lineEnd0: Int) -> Int? {
        let toks = ts.tokens
        var j = j0
        var lineEnd = lineEnd0
        // "d.o.b. 2⏎October 1990": or between the day and the month.
        let wrappedBefore = j == lineEnd && j < toks.count && j > 0 && toks[j].has(.lineStart) && toks[j].line == toks[j - 1].line + 1
            && !ts.hasGap(before: Int(toks[j].line)) && TableRows.cellCount(ts, Int(toks[j - 1].line)) <= 1
        if wrappedBefore { lineEnd = ts.lineEnd(toks[j].line) }
        guard j < lineEnd, toks[j].kind == .word, words.months.contains(toks[j].hash), toks[j].has(.spaceBefore) || toks[j].has(.lineStart) || wrappedBefore else { return nil }
        j += 1
        if j < lineEnd, toks[j].glued, toks[j].isPunct(".") { j += 1 }
        if j < lineEnd, toks[j].isPunct(",") { j += 1 }
        var end = lineEnd
        if !wrappedBefore, j == lineEnd, j < toks.count, toks[j].has(.lineStart), toks[j].line == toks[j - 1].line + 1,
           !ts.hasGap(before: Int(toks[j].line)), TableRows.cellCount(ts, Int(toks[j - 1].line)) <= 1 {
            end = ts.lineEnd(toks[j].line)
        }
        guard j < end, toks[j].kind == .number, toks[j].count == 4, let y = ts.number(j), y >= 1890, y <= 2099 else { return nil }
        if j + 1 < toks.count, toks[j + 1].glued, toks[j + 1].kind != .punct { return nil }
        return j + 1
    }
}
