import RedactCore

/// Labelled case, customer, contract, policy, member, staff, patient,
/// account, invoice and other reference numbers.
///
/// Rule: a reference label (`Aktenzeichen`, `Az.`, `Ihr Zeichen`,
/// `Kundennummer`, `Kunden-Nr.`, `Vertragsnummer`, `Versicherungsnummer`,
/// `Mitgliedsnummer`, `Personalnummer`, `Patientennummer`, `Kontonummer`,
/// `Rechnungsnummer`, `Case No.`, `Policy number`, `Customer ID`, `Account`,
/// `Reference`, …) and its value right after it (past `:`, `#`, `Nr.`), on
/// the next line when the label ends its line, or in the next row of the
/// label's table column. A value is letters and digits joined by `-`, `/`,
/// `.` or `_`, with at least one digit and three or more characters; groups
/// separated by single spaces continue it when they hold digits (`123 456
/// 789`) or are one- or two-letter capital codes between numbers (`12 O
/// 345/23`). A value that is only a date, a year, or an IBAN (the IBAN
/// recognizer's), is not taken. Invoice numbers are included, with a lower confidence: on a letter
/// to a person they find that person's record at the issuer.
enum ReferenceRecognizer {
    static let customerWords: Set<UInt64> = Set(["kunde", "kundin", "customer", "client"].map { WordHash.hash($0) })

    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        let toks = ts.tokens
        for hit in labels {
            // `Kunde SW-4471920`: a customer label heads a name or, with a
            // code after it, the customer's number.
            if case .name = hit.label.role, customerWords.contains(toks[hit.first].hash), hit.end == hit.first + 1 {
                for (c, _) in Fields.candidates(ts, first: hit.first, end: hit.end) {
                    guard toks[c].kind != .word || toks[c].has(.upper), let e = value(ts, at: c) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.85,
                                         reason: .context, kind: "Kundennummer"))
                    break
                }
                continue
            }
            guard case .reference(let confidence) = hit.label.role else { continue }
            var taken: Int?
            for (c, _) in Fields.candidates(ts, first: hit.first, end: hit.end) {
                if let e = value(ts, at: c) {
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                         reason: .context, kind: hit.label.kind))
                    taken = c
                    break
                }
            }
            // A column headed `Account no.` or `Personalnummer`: every row's
            // value in it (a payroll register, a member list).
            if BirthDateRecognizer.isColumnHeader(ts, hit) {
                for c in TableRows.column(ts, header: Int(toks[hit.first].line), cell: toks[hit.first].cell) where c != taken {
                    // Date-shaped values count here: a sort code (`11-07-36`) is one.
                    guard let e = value(ts, at: c, dateShaped: true) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                         reason: .context, kind: hit.label.kind))
                }
            }
        }
    }

    /// The end of one glued group of letters, digits and joiners from `k`.
    static func group(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> (end: Int, digits: Int, chars: Int)? {
        let toks = ts.tokens
        guard k < lineEnd, toks[k].kind != .punct else { return nil }
        var e = k + 1
        var digits = Int(toks[k].digits)
        var chars = toks[k].count
        while e < lineEnd, e - k < 40 {
            let u = toks[e]
            if u.glued, u.kind != .punct { digits += Int(u.digits); chars += u.count; e += 1; continue }
            if u.glued, u.isPunct("-") || u.isPunct("/") || u.isPunct(".") || u.isPunct("_"), e + 1 < lineEnd,
               toks[e + 1].glued, toks[e + 1].kind != .punct {
                e += 1
                continue
            }
            break
        }
        return (e, digits, chars)
    }

    static func value(_ ts: TokenStream, at k: Int, dateShaped: Bool = false) -> Int? {
        let toks = ts.tokens
        guard k < toks.count else { return nil }
        let t = toks[k]
        let lineEnd = ts.lineEnd(t.line)
        // A word opening the value must be a code: capitals, or glued to digits.
        if t.kind == .word, !t.has(.upper) {
            guard k + 1 < lineEnd, toks[k + 1].glued else { return nil }
        }
        guard var g = group(ts, k, lineEnd) else { return nil }
        if g.digits == 0 && !(t.kind == .word && t.has(.upper) && t.letters <= 3) { return nil }
        var end = g.end
        var digits = g.digits
        var chars = g.chars
        var groups = 1
        while end < lineEnd, groups < 6, toks[end].has(.spaceBefore), !toks[end].has(.cellStart) {
            guard let next = group(ts, end, lineEnd) else { break }
            let u = toks[end]
            if next.digits > 0, u.kind == .number || u.kind == .alnum || u.has(.upper) {
                g = next
            } else if u.kind == .word, u.has(.upper), u.letters <= 2, next.end == end + 1,
                      let after = group(ts, next.end, lineEnd), after.digits > 0, toks[next.end].has(.spaceBefore) {
                g = (after.end, after.digits, next.chars + after.chars)
            } else {
                break
            }
            end = g.end
            digits += g.digits
            chars += g.chars
            groups += 1
        }
        if digits == 0 || chars < 3 || chars > 40 { return nil }
        // A year alone ("Privacy Policy 2024", "Rechnung 2023") is not a number
        // of anything, except in a column of numbers (`Pers.-Nr.` 2019).
        if !dateShaped, end == k + 1, t.kind == .number, t.count == 4, let y = ts.number(k), y >= 1900, y <= 2099 { return nil }
        // Only a date ("Rechnung 12.03.2024"), or an IBAN.
        if !dateShaped, let d = BirthDateRecognizer.date(ts, at: k), d >= end { return nil }
        if t.kind == .alnum || t.kind == .word, t.letters == 2 || (t.kind == .word && t.count == 2), chars >= 15 {
            let s = ts.text
            let a = Int(t.start)
            // Only where the two letters are a country with IBANs: `FA1129-…`
            // is a mandate reference, not an IBAN.
            if s[a].value.isASCIILetter, s[a + 1].value.isASCIILetter, a + 3 < s.count, s[a + 2].value.isDigit || s[a + 3].value.isDigit,
               IBANRegistry.length(s[a].value, s[a + 1].value) > 0 {
                return nil
            }
        }
        return end
    }
}
