import RedactCore

/// References known by their shape and a word of their trade, without a
/// field label: a German court's file number after the court, and the
/// number of a candidate, pupil, patient or inmate written after the noun.
extension ReferenceRecognizer {
    /// Courts, their abbreviations (`AG Landshut`, `LG`, `ArbG`; Austria's
    /// `BG`, `HG`, `OGH` and its file's `GZ`; Switzerland's `BGer`), and the
    /// papers that carry a file number (`PfÜB`, `Beschluss`, `Mahnbescheid`).
    static let courtWords = WordHash.set("""
        ag lg olg arbg lag vg ovg sg lsg fg bgh bag bfh bsg bverwg amtsgericht landgericht oberlandesgericht \
        arbeitsgericht landesarbeitsgericht verwaltungsgericht sozialgericht finanzgericht gericht \
        vollstreckungsgericht insolvenzgericht mahngericht bezirksgericht staatsanwaltschaft sta pfüb \
        az aktenzeichen geschäftszeichen beschluss urteil vollstreckungsbescheid mahnbescheid pfändungsbeschluss \
        überweisungsbeschluss verfahren insolvenzverfahren \
        bg hg lgzrs lgsst ogh vwgh vfgh bvwg lvwg gz geschäftszahl landesgericht handelsgericht gerichtshof \
        bger bvger obergericht kantonsgericht bundesgericht bundesverwaltungsgericht
        """)

    /// A court's file number (`2 M 1187/25`, `3 Ca 1234/24`, `VII ZR 12/21`,
    /// `5 Js 4471/24`, Austria's `2 Fam 114/19k` with its check letter)
    /// with a court or its paper at most six words before it on its line
    /// (or ending the line before, when the number opens its line): the
    /// chamber, one or two register letters, the running number, `/` and
    /// the year. Its shape is fixed by the courts' own
    /// register rules; a payslip's garnishment line or a letter's prose
    /// names it without a label.
    static func courtFileNumbers(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            guard toks[k].kind == .number || toks[k].kind == .word, k == 0 || !toks[k].glued,
                  let e = fileNumber(ts, at: k) else { continue }
            let line = toks[k].line
            var j = k - 1
            var context = false
            // (`des BG Salzburg, GZ⏎2 Fam 114/19k`: the court may end the line before.)
            let wrapped = toks[k].has(.lineStart) && !ts.hasGap(before: Int(line))
            while j >= max(0, k - 6), toks[j].line == line || (wrapped && toks[j].line + 1 == line) {
                if toks[j].kind == .word, courtWords.contains(toks[j].hash) { context = true; break }
                j -= 1
            }
            guard context else { continue }
            out.append(Detection(category: .reference, range: ts.span(k, e - 1), confidence: 0.85, reason: .context,
                                 kind: "court file number"))
            k = e - 1
        }
    }

    /// The end of a court file number starting at token `c`.
    /// Without `chamber`, a register's number may open it (`G 1418/2025`,
    /// a register office's).
    static func fileNumber(_ ts: TokenStream, at c: Int, chamber: Bool = true) -> Int? {
        let toks = ts.tokens
        guard c < toks.count else { return nil }
        let lineEnd = ts.lineEnd(toks[c].line)
        let t = toks[c]
        var k = c
        if (t.kind == .number && t.count <= 3) || (t.kind == .word && t.has(.upper) && t.count <= 4 && isRoman(ts, c)) {
            k += 1
        } else if chamber {
            return nil
        }
        var codes = 0
        while k < lineEnd, codes < 2, toks[k].kind == .word, toks[k].has(.initialUpper), toks[k].count <= 3,
              toks[k].has(.spaceBefore) || k == c, !toks[k].has(.cellStart) || k == c {
            k += 1
            codes += 1
        }
        guard codes > 0, k - c > codes || !chamber, k + 2 < lineEnd, toks[k].kind == .number, toks[k].count <= 6, toks[k].has(.spaceBefore),
              !toks[k].has(.cellStart), toks[k + 1].isPunct("/"), toks[k + 1].glued, toks[k + 2].glued,
              (toks[k + 2].kind == .number && (toks[k + 2].count == 2 || toks[k + 2].count == 4)) || isCheckedYear(ts, k + 2)
        else { return nil }
        let e = k + 3
        if e < lineEnd, toks[e].glued, toks[e].kind != .punct || toks[e].isPunct("/") || toks[e].isPunct("-") { return nil }
        return e
    }

    /// An Austrian file number's year with its check letter (`19k` of `2 Fam
    /// 114/19k`): two digits and one lower-case letter.
    static func isCheckedYear(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .alnum, t.count == 3, t.digits == 2 else { return false }
        let s = ts.text
        let a = Int(t.start)
        return s[a].value.isDigit && s[a + 1].value.isDigit && s[a + 2].isLowercaseFast
    }

    /// An office's or court's abbreviation in mixed case, two to five
    /// letters with a capital after the first (`StA`, Standesamt; `BvR`,
    /// a constitutional complaint's register; `AmtsG`): it may open a file
    /// number as capitals do.
    static func isOfficeAbbreviation(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.has(.initialUpper), !t.has(.upper), (2...5).contains(t.count), t.letters == t.count else { return false }
        return t.range.dropFirst().contains { ts.text[$0].isUppercaseFast }
    }

    static func isRoman(_ ts: TokenStream, _ k: Int) -> Bool {
        ts.tokens[k].range.allSatisfy { "IVXL".unicodeScalars.contains(ts.text[$0]) }
    }

    /// Nouns for a person that a number follows as their number in a
    /// register (`candidate 4471`, `pupil 20417`, `inmate 118842`).
    static let personNouns = WordHash.set("""
        candidate pupil student inmate prisoner detainee patient participant employee member applicant claimant \
        kandidat kandidatin schüler schülerin häftling teilnehmer teilnehmerin mitglied
        """)

    /// Police ranks before an officer's collar or badge number (`PC 4417
    /// Fraser …`, `Sgt 2291`); the two-letter ones only in capitals.
    static let rankWords = WordHash.set("pc dc ps sgt constable officer deputy trooper detective")

    /// A person noun and right after it a number of four to ten digits (not
    /// a year) that ends there (`candidate 4471, Ellis …`, `pupil 20417)`):
    /// the person's number in the school's, prison's or club's register.
    static func personNumbers(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word
            && (personNouns.contains(toks[k].hash) || rankWords.contains(toks[k].hash)) {
            if toks[k].count <= 2, !toks[k].has(.upper) { continue }
            let c = k + 1
            guard c < toks.count, toks[c].line == toks[k].line, toks[c].has(.spaceBefore), !toks[c].has(.cellStart),
                  toks[c].kind == .number, (3...10).contains(toks[c].count) else { continue }
            if toks[c].count == 3, !rankWords.contains(toks[k].hash) { continue }
            if toks[c].count == 4, let y = ts.number(c), y >= 1900, y <= 2099 { continue }
            let e = c + 1
            let lineEnd = ts.lineEnd(toks[c].line)
            let ends = e >= lineEnd || toks[e].has(.cellStart)
                || (toks[e].glued && (toks[e].isPunct(",") || toks[e].isPunct(";") || toks[e].isPunct(")")
                    || (toks[e].isPunct(".") && (e + 1 >= lineEnd || !toks[e + 1].glued))))
            // After a rank the officer's name may follow the number.
            let rank = rankWords.contains(toks[k].hash) && (toks[k].count > 2 || toks[k].has(.upper))
            let named = rank && (3...6).contains(toks[c].count) && e < lineEnd && toks[e].has(.spaceBefore)
                && toks[e].kind == .word && toks[e].has(.initialUpper)
            guard ends || named else { continue }
            out.append(Detection(category: .reference, range: toks[c].range, confidence: 0.8, reason: .context,
                                 kind: "number of a person"))
        }
    }
}
