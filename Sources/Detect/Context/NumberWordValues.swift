import RedactCore

/// The value after a word that says "number" anywhere in a line, not only
/// where a field's label opens it: `Ausweis-Nr. E 4417 2093, gültig bis …`,
/// `Your Allpay card number is 9826 4410 0287 6300 118`, `holder's number
/// 509123784`, `Nr. OM 7 004 218 553 vom 12.03.2024`. Running text names
/// a person's numbers as freely as forms do, and the number word is what
/// every such phrase has; the value may be written in groups, which the
/// shape of a code alone (`UnlabelledCodes`) does not take.
///
/// Rule: `Nr`, `No`, `Number`, `Nummer`, `ID` or a compound ending in a
/// number word (`Kindergeld-Nummer`, `Rahmennummern`, `Mitgliedskennung`), past `.`, `:`, `#`
/// and a copula (`is`, `ist`, `lautet`), then a value of six or more digits
/// in all or a code of six or more capitals and digits
/// (`ReferenceRecognizer.value`: groups, short capital codes between
/// them; not a date, amount or year). Not where the words before say the
/// number is no one's (telephone, invoice, order, article, page, house).
enum NumberWordValues {
    static let minimumDigits = 6
    static let kind = "value after a number word"
    static let idWords = WordHash.set("id")

    /// Six or more digits in all, or one code of six or more capitals and
    /// digits (`eVB-Nr.: K3P9Z2W`, an insurer's confirmation code).
    static func isNumber(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        let digits = toks[c..<e].reduce(0) { $0 + Int($1.digits) }
        if digits >= minimumDigits { return true }
        return digits >= 2 && ReferenceRecognizer.isCode(ts, c, e) && Int(toks[e - 1].end - toks[c].start) >= 6
    }

    /// `Musternummer 12 345 678 901`: a number word that says the value is a sample.
    static func isSampleWord(_ w: String) -> Bool {
        ["muster", "beispiel", "sample", "example"].contains { w.hasPrefix($0) }
    }

    static func find(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word {
            let t = toks[k]
            guard Fields.numberWords.contains(t.hash) || idWords.contains(t.hash) && t.has(.upper)
                    || ReferenceRecognizer.endsInNumberWord(ts, t) else { continue }
            let lineEnd = ts.lineEnd(t.line)
            var c = k + 1
            while c < lineEnd, toks[c].isPunct(".") || toks[c].isPunct(":") || toks[c].isPunct("#") || toks[c].isPunct(")") { c += 1 }
            if c < lineEnd, toks[c].kind == .word, ReferenceRecognizer.copulas.contains(toks[c].hash) { c += 1 }
            guard c < lineEnd, c > k + 1 || toks[c].has(.spaceBefore), let e = ReferenceRecognizer.value(ts, at: c),
                  ReferenceRecognizer.isWhole(ts, e),
                  isNumber(ts, c, e),
                  // (The number word itself counts: `Telefonnummer`, `Hausnummer`.)
                  !UnlabelledCodes.saysNotPersonal(ts, k + 1), !ReferenceRecognizer.isSample(ts, k),
                  !isSampleWord(ReferenceRecognizer.word(ts, k)) else { continue }
            out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.8, reason: .context,
                                 kind: kind))
        }
        maskedTails(ts, into: &out)
    }

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
            while b >= max(0, k - 4), toks[b].line == toks[k].line {
                if toks[b].kind == .word, accountWords.contains(toks[b].hash) { named = true; break }
                b -= 1
            }
            guard named else { continue }
            out.append(Detection(category: .reference, range: toks[c].range, confidence: 0.8, reason: .context,
                                 kind: "last digits of an account"))
        }
    }
}
