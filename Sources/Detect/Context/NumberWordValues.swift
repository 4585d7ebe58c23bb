import RedactCore

/// The value after a word that says "number" anywhere in a line, not only
/// where a field's label opens it: `Ausweis-Nr. E 4417 2093, gültig bis …`,
/// `Your Allpay card number is 9826 4410 0287 6300 118`, `holder's number
/// 509123784`, `Nr. OM 7 004 218 553 vom 12.03.2024`. Running text names
/// a person's numbers as freely as forms do, and the number word is what
/// every such phrase has; the value may be written in groups, which the
/// shape of a code alone (`UnlabelledCodes`) does not take.
///
/// Rule: `Nr`, `No`, `Number`, `Nummer`, `ID`, a compound ending in a
/// number word (`Kindergeld-Nummer`, `Rahmennummern`, `Mitgliedskennung`)
/// or a word for what a person holds (`account`, `Sparbuch`, `Police`), past `.`, `:`, `#`
/// and a copula (`is`, `ist`, `lautet`), then a value (on the same line, or
/// opening the next when the word ends its line) of six or more digits
/// in all or a code of six or more capitals and digits
/// (`ReferenceRecognizer.value`: groups, short capital codes between
/// them; not a date, amount or year). Not where the words before say the
/// number is no one's (telephone, invoice, order, article, page, house).
enum NumberWordValues {
    /// (Six when the value is written in parts.)
    static let minimumDigits = 5
    static let kind = "value after a number word"
    static let idWords = WordHash.set("id")
    /// Words for what a person holds at an institution, written right
    /// before its number as often as a number word is (`mortgage account
    /// 7704 1129 6603`, `Sparbuch 5102 448 117`, `Police GVL 88.4471.02`,
    /// `SDLT5 certificate 4418720 0193MS`).
    static let holdingWords = WordHash.set("account acct konto sparbuch depot policy police polizze certificate zertifikat mandate mandat")

    /// Six or more digits in all, or one code of six or more capitals and
    /// digits (`eVB-Nr.: K3P9Z2W`, an insurer's confirmation code; OCR's
    /// `YSKOP7RST` for `Y5K0P7R3T`, its look-alike letters counted as the
    /// digits they stand for in a code of eight or more).
    static func isNumber(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        let digits = toks[c..<e].reduce(0) { $0 + Int($1.digits) }
        if digits >= 6 { return true }
        // Five digits only as one number (`Attorney No. 61884`), not joined
        // parts: `Kontoauszug Nr. 6/2024`, `Gutachten Nr. 25/077` number a
        // statement or a report of the year.
        if digits >= minimumDigits, e == c + 1, toks[c].kind == .number { return true }
        guard digits >= 1, ReferenceRecognizer.isCode(ts, c, e) else { return false }
        let length = Int(toks[e - 1].end - toks[c].start)
        if digits >= 2, length >= 6 { return true }
        guard length >= 8 else { return false }
        let lookAlikes = (Int(toks[c].start)..<Int(toks[e - 1].end)).filter { OCR.isConfusable(ts.text[$0].value) }.count
        return digits + lookAlikes >= 3
    }

    static let mailWords = WordHash.set("certified registered recorded einschreiben einschreibens rückschein")

    /// `by certified mail, restricted delivery, article no. 9589 0710 …`:
    /// a registered letter's article number names the letter sent to a
    /// person, not a shop's article (`mailWords` within eight words before).
    static func isMailPiece(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        guard k > 0, toks[k - 1].kind == .word, ts.isWord(k - 1, "article") || ts.isWord(k - 1, "artikel") else { return false }
        var j = k - 2
        var words = 0
        while j >= 0, words < 8, toks[j].line + 1 >= toks[k].line {
            if toks[j].kind == .word {
                if mailWords.contains(toks[j].hash) { return true }
                words += 1
            } else if toks[j].isPunct(".") || toks[j].isPunct(";") {
                return false
            }
            j -= 1
        }
        return false
    }

    /// `Musternummer 12 345 678 901`: a number word that says the value is a sample.
    static func isSampleWord(_ w: String) -> Bool {
        ["muster", "beispiel", "sample", "example"].contains { w.hasPrefix($0) }
    }

    /// `Nr`, `No`, `Number`, `Nummer`, `ID` in capitals, or a compound ending in one.
    static func isNumberWord(_ ts: TokenStream, _ t: Token) -> Bool {
        Fields.numberWords.contains(t.hash) || idWords.contains(t.hash) && t.has(.upper) || ReferenceRecognizer.endsInNumberWord(ts, t)
    }

    static func find(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word {
            let t = toks[k]
            guard isNumberWord(ts, t) || holdingWords.contains(t.hash) else { continue }
            let lineEnd = ts.lineEnd(t.line)
            var c = k + 1
            // `Account no.`: the number word that follows speaks for itself.
            if holdingWords.contains(t.hash), c < lineEnd, Fields.numberWords.contains(toks[c].hash) { continue }
            while c < lineEnd, toks[c].isPunct(".") || toks[c].isPunct(":") || toks[c].isPunct("#") || toks[c].isPunct(")") { c += 1 }
            if c < lineEnd, toks[c].kind == .word, ReferenceRecognizer.copulas.contains(toks[c].hash) { c += 1 }
            // Prose wraps: the number word ends its line and the value opens
            // the next (`unter der Beitragsnummer⏎512 904 377 abgemeldet`).
            // (Prose only: under a table's header row stands its first row.)
            let wrapped = c == lineEnd && c < toks.count && toks[c].line == t.line + 1 && toks[c].cell == 0
                && !ts.hasGap(before: Int(t.line) + 1) && TableRows.cellCount(ts, Int(t.line)) == 1
                && TableRows.cellCount(ts, Int(t.line) + 1) == 1
            guard c < lineEnd || wrapped, c > k + 1 || toks[c].has(.spaceBefore) || wrapped, let e = ReferenceRecognizer.value(ts, at: c),
                  ReferenceRecognizer.isWhole(ts, e),
                  isNumber(ts, c, e),
                  // (`BOISE ID 83702`: Idaho's code before a ZIP code.)
                  !(idWords.contains(t.hash) && e == c + 1 && toks[c].kind == .number && toks[c].count == 5),
                  // (The number word itself counts: `Telefonnummer`, `Hausnummer`.)
                  !UnlabelledCodes.saysNotPersonal(ts, k + 1) || isMailPiece(ts, k), !ReferenceRecognizer.isSample(ts, k),
                  !isSampleWord(ReferenceRecognizer.word(ts, k)) else { continue }
            // (`Driver's license no.⏎MI K 552 118 740 336`: the state code is taken with the number.)
            out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.8, reason: .context,
                                 kind: kind))
        }
        maskedTails(ts, into: &out)
        lastDigits(ts, into: &out)
        columns(ts, into: &out)
    }

    static let tailKind = "last digits of an account"
    static let lastWords = WordHash.set("last letzten letzte final")
    static let fourWords = WordHash.set("four vier")
    static let digitWords = WordHash.set("digits digit ziffern stellen")

    /// `last 4 digits of SSN`, `Last 4 of acct`, `letzten 4 Ziffern`: the end
    /// of the label (past `digits`) at token `k`, or nil.
    static func lastDigitsLabelEnd(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> Int? {
        let toks = ts.tokens
        guard toks[k].kind == .word, lastWords.contains(toks[k].hash), k + 1 < lineEnd else { return nil }
        guard ts.number(k + 1).map({ (3...6).contains($0) }) ?? fourWords.contains(toks[k + 1].hash) else { return nil }
        let e = k + 2
        // (`digits` or `of` must follow: `the last 4 years 2021–2024` is a period.)
        if e < lineEnd, toks[e].kind == .word, digitWords.contains(toks[e].hash) { return e + 1 }
        return e < lineEnd && ts.isWord(e, "of") ? e + 1 : nil
    }

    /// `Debtor 1 – last 4 digits of SSN: 3318`, a column headed `Last 4 of
    /// acct`: the tail US forms and schedules print to say whose account or
    /// number they mean. It is redacted like the number itself: with the
    /// name beside it, it is what links a record to the person.
    static func lastDigits(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && lastWords.contains(toks[k].hash) {
            let lineEnd = ts.lineEnd(toks[k].line)
            guard let e = lastDigitsLabelEnd(ts, k, lineEnd) else { continue }
            // The value on the label's line, within its cell, after at most a
            // few words naming the number (`of SSN`, `of acct`) and `:`.
            var c = e
            var words = 0
            while c < lineEnd, !toks[c].has(.cellStart), words <= 3, toks[c].kind != .number {
                if toks[c].kind == .word { words += 1 }
                c += 1
            }
            if c < lineEnd, !toks[c].has(.cellStart), toks[c].kind == .number, (3...6).contains(toks[c].count),
               ReferenceRecognizer.isWhole(ts, c + 1) {
                out.append(Detection(category: .reference, range: toks[c].range, confidence: 0.8, reason: .context,
                                     kind: tailKind))
                continue
            }
            // A column's header: every row's tail below it.
            guard TableRows.cellCount(ts, Int(toks[k].line)) >= 2 else { continue }
            for r in TableRows.column(ts, header: Int(toks[k].line), cell: toks[k].cell, numbers: true) {
                guard toks[r].kind == .number, (3...6).contains(toks[r].count), ReferenceRecognizer.isWhole(ts, r + 1) else { continue }
                out.append(Detection(category: .reference, range: toks[r].range, confidence: 0.8, reason: .context,
                                     kind: tailKind))
            }
        }
    }

    /// A table column whose header ends in a number word (`DR-Nr.`,
    /// `Customer Reference Number`, `Mitgliedsnummer`, `Member ID`): every
    /// row's value in it of four or more digits, or a code. Not where the
    /// header says the number is no one's (`Tel.-Nr.`, `Invoice No.`,
    /// `Art.-Nr.`).
    static func columns(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for l in 0..<ts.lineCount where TableRows.cellCount(ts, l) >= 2 {
            let r = ts.line(l)
            // A header row names its columns: no cell of it holds a number
            // (but a form's field number may open a cell: `12. Employee ID / payroll no.`).
            guard !r.contains(where: { k in
                (toks[k].kind == .number || toks[k].kind == .alnum)
                    && !(toks[k].has(.cellStart) && toks[k].kind == .number && toks[k].count <= 2 && k + 1 < r.upperBound && toks[k + 1].isPunct("."))
            }) else { continue }
            for k in r where toks[k].has(.cellStart) {
                let end = TableRows.cellEnd(ts, k)
                guard let w = (k..<end).last(where: { toks[$0].kind == .word }), isNumberWord(ts, toks[w]),
                      !(k..<end).contains(where: { ReferenceRecognizer.isNotPersonalNumberWord(ts, $0) }),
                      !isSampleWord(ReferenceRecognizer.word(ts, w)) else { continue }
                for c in TableRows.column(ts, header: l, cell: toks[k].cell, numbers: true) {
                    guard let e = ReferenceRecognizer.value(ts, at: c), ReferenceRecognizer.isWhole(ts, e),
                          toks[c..<e].reduce(0, { $0 + Int($1.digits) }) >= 4 || ReferenceRecognizer.isCode(ts, c, e) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.8, reason: .context,
                                         kind: columnKind))
                }
            }
        }
    }
    static let columnKind = "column headed by a number word"

    static let endingWords = WordHash.set("ending endend endet")
    static let endingJoiners = WordHash.set("in with auf mit")
    static let accountWords = WordHash.set("account acct card loan policy konto karte kreditkarte girokonto darlehen vertrag")

    /// `account ending 40917`, `card ending in 4417`, `Konto endend auf
    /// 3390`: the last digits a statement leaves of a person's number. A
    /// tail is what a letter shows to say whose account it means, so it is
    /// redacted like the number.
    static func maskedTails(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && endingWords.contains(toks[k].hash) {
            let lineEnd = ts.lineEnd(toks[k].line)
            var c = k + 1
            if c < lineEnd, toks[c].kind == .word, endingJoiners.contains(toks[c].hash) { c += 1 }
            guard c < lineEnd, toks[c].kind == .number, (3...6).contains(toks[c].count), ReferenceRecognizer.isWhole(ts, c + 1) else { continue }
            var b = k - 1
            var named = false
            // (`… (account⏎ending 4471, …)`: a narrow column wraps the phrase.)
            let wrapped = toks[k].has(.lineStart) && k > 0 && !ts.hasGap(before: Int(toks[k].line))
            while b >= max(0, k - 4), toks[b].line == toks[k].line || (wrapped && toks[b].line + 1 == toks[k].line) {
                if toks[b].kind == .word, accountWords.contains(toks[b].hash) { named = true; break }
                b -= 1
            }
            guard named else { continue }
            out.append(Detection(category: .reference, range: toks[c].range, confidence: 0.8, reason: .context,
                                 kind: tailKind))
        }
        // `****7741`, `XXXX-XXXX-4417`: a number masked but for its tail.
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            guard toks[k].kind == .number, (3...6).contains(toks[k].count), k >= 3, toks[k].glued || toks[k - 1].isPunct("-") else { continue }
            var b = k - 1
            var masks = 0
            var first = k
            while b >= 0, toks[b].line == toks[k].line, masks < 24 {
                let t = toks[b]
                if t.isPunct("-") { b -= 1; continue }
                guard t.isPunct("*") || t.isPunct("•") || (t.kind == .word && isAllX(ts, t)) else { break }
                masks += t.kind == .word ? t.count : 1
                first = b
                b -= 1
            }
            guard masks >= 3 else { continue }
            out.append(Detection(category: .reference, range: Int(toks[first].start)..<Int(toks[k].end), confidence: 0.8,
                                 reason: .context, kind: tailKind))
        }
    }

    /// A word of only `x` or `X` (`XXXX`): a mask.
    static func isAllX(_ ts: TokenStream, _ t: Token) -> Bool {
        t.range.allSatisfy { ts.text[$0].value | 0x20 == 0x78 }
    }
}
