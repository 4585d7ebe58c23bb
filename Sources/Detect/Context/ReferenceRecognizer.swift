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
    static let customerWords: Set<UInt64> = Set(LabelWords.hashes(LabelWords.customerWords))

    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        let toks = ts.tokens
        let firstFound = out.count
        ukDrivingLicences(ts, into: &out)
        numberLabels(ts, labels: labels, into: &out)
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
                // `reference "CIM24-0918"`: the value in quotes.
                let c = afterOpeningQuote(ts, c)
                // (A court's file number with its register letters, `GZ 2 Fam 114/19k`, before any shorter reading.)
                if let e = fileNumber(ts, at: c) ?? value(ts, at: c, dateShaped: isSortCode(ts, hit)) ?? wrappedValue(ts, at: c),
                   !hit.label.needsCode || (isCode(ts, c, e) && isWhole(ts, e)) || afterNumberWord(ts, c),
                   !isSample(ts, c), !partsOnlyKinds.contains(hit.label.kind) || e > c + 1 {
                    // (`Driver license no.: TX 27840516`: the state code is taken with
                    // the number, as the licence is cited.)
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                         reason: .context, kind: hit.label.kind))
                    taken = c
                    break
                }
            }
            if taken == nil, !partsOnlyKinds.contains(hit.label.kind), let (c, e) = fieldBelow(ts, hit), !isSample(ts, c),
               !hit.label.needsCode || isCode(ts, c, e) {
                out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                     reason: .context, kind: hit.label.kind))
                taken = c
            }
            if taken == nil, confidence >= 0.8, !partsOnlyKinds.contains(hit.label.kind), let (c, e) = valueAfterAside(ts, hit),
               !isSample(ts, c) {
                out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                     reason: .context, kind: hit.label.kind))
                taken = c
            }
            // An ID card's number only after its `Nr.` (`Ausweis⏎(Nr. B-VA 4417/93)`), in parts.
            if taken == nil, let (c, e) = valueFurtherOn(ts, hit, invoice: confidence < 0.8), !isSample(ts, c),
               hit.label.kind != idCardKind || (afterNumberWord(ts, c) && e > c + 1),
               !partsOnlyKinds.contains(hit.label.kind) || e > c + 1 {
                out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                     reason: .context, kind: hit.label.kind))
                taken = c
            }
            // A column headed `Account no.` or `Personalnummer`: every row's
            // value in it (a payroll register, a member list).
            // (Not `Account⇥40917736`: a label whose value is beside it heads no column.)
            if isColumnHeader(ts, hit), taken.map({ toks[$0].line != toks[hit.first].line }) ?? true {
                var rows = TableRows.column(ts, header: Int(toks[hit.first].line), cell: toks[hit.first].cell, numbers: true)
                // OCR drops the rule under a header and leaves a gap there: the
                // first row, found below the header past it, leads the others.
                if rows.isEmpty, let t = taken, toks[t].line > toks[hit.first].line, toks[t].has(.cellStart),
                   toks[t].cell == toks[hit.first].cell {
                    rows = TableRows.column(ts, header: Int(toks[t].line), cell: toks[t].cell, numbers: true)
                }
                for c in rows where c != taken {
                    // Date-shaped values count here: a sort code (`11-07-36`) is one.
                    guard let e = value(ts, at: c, dateShaped: true) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: confidence,
                                         reason: .context, kind: hit.label.kind))
                }
            }
        }
        siblings(ts, of: firstFound, into: &out)
        bookingTexts(ts, into: &out)
        capitalAbbreviations(ts, into: &out)
        accountColumns(ts, into: &out)
        courtFileNumbers(ts, into: &out)
        personNumbers(ts, into: &out)
        NumberWordValues.find(ts, into: &out)
        UnlabelledCodes.find(ts, into: &out)
    }

    /// Other numbers in a labelled number's format on the page (`PCN
    /// number: CU81447290` … `Previous notices for this keeper: CU81301155,
    /// CU80994418`): a labelled code of two or three capitals and six or
    /// more digits makes every code of the same capitals and length a
    /// reference (not after invoice labels).
    static func siblings(_ ts: TokenStream, of first: Int, into out: inout [Detection]) {
        let toks = ts.tokens
        let s = ts.text
        var formats: [(prefix: UInt64, letters: UInt8, count: Int)] = []
        func format(_ t: Token) -> (UInt64, UInt8, Int)? {
            guard t.kind == .alnum, t.has(.upper), (2...3).contains(t.letters), t.digits >= 6 else { return nil }
            let a = Int(t.start)
            for i in a..<(a + Int(t.letters)) where !s[i].value.isASCIILetter { return nil }
            return (WordHash.hash(s, a..<(a + Int(t.letters))), t.letters, t.count)
        }
        for d in out[first...] where d.category == .reference && d.confidence >= 0.8 {
            var lo = 0, hi = toks.count
            while lo < hi {
                let m = (lo + hi) / 2
                if Int(toks[m].start) < d.range.lowerBound { lo = m + 1 } else { hi = m }
            }
            guard lo < toks.count, Int(toks[lo].start) == d.range.lowerBound, Int(toks[lo].end) == d.range.upperBound,
                  let f = format(toks[lo]) else { continue }
            if !formats.contains(where: { $0 == f }) { formats.append(f) }
        }
        guard !formats.isEmpty else { return }
        let taken = Set(out[first...].filter { $0.category == .reference }.map(\.range.lowerBound))
        for t in toks where !taken.contains(Int(t.start)) {
            guard let f = format(t), formats.contains(where: { $0 == f }) else { continue }
            out.append(Detection(category: .reference, range: t.range, confidence: 0.8, reason: .context,
                                 kind: "format of a labelled number"))
        }
    }

    /// `ACH` is the US electronic debit or credit (`ACH DEBIT VENMO PAYMENT
    /// 1032885541`): the long number in it is the individual's ID at the
    /// originator, except the originator's own after `ID` (`PPD ID`, `WEB ID`).
    static let bookingCodes = WordHash.set("dd ddr so sto ach")
    static let originatorIDWords = WordHash.set("id")
    static let bookingLabels = LabelWords.set(LabelWords.bookingLabels)

    /// A direct debit or standing order on a statement (`DD OVO ENERGY CUST
    /// 7730418`, `28 Mar DD BRITISH GAS 88301442`): the payee's number for
    /// the account holder, a run of six or more digits after the payee's
    /// name in the booking text, with `CUST`, `ACC`, `REF`, `MANDATE` before
    /// it taken in. The code (`DD`, `SO`, `STO`, `DDR`, in capitals) opens
    /// its cell or follows the booking date; the search stops at the amount.
    static func bookingTexts(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        let months = WordSets.shared.months
        for k in toks.indices where toks[k].kind == .word && toks[k].count <= 3 && bookingCodes.contains(toks[k].hash) {
            let t = toks[k]
            guard t.has(.upper) else { continue }
            let lineEnd = ts.lineEnd(t.line)
            guard t.has(.cellStart) || (k > 0 && toks[k - 1].line == t.line && !t.has(.cellStart)
                && (toks[k - 1].kind == .number || months.contains(toks[k - 1].hash))) else { continue }
            guard k + 1 < lineEnd, toks[k + 1].kind == .word, toks[k + 1].has(.upper) else { continue }
            var j = k + 1
            var words = 0
            var cells = 0
            while j < lineEnd, words < 8 {
                let u = toks[j]
                if u.has(.cellStart) {
                    cells += 1
                    if cells > 2 { break }
                }
                if u.kind == .word {
                    guard u.has(.upper) else { break }
                    words += 1
                } else if u.kind == .number || u.kind == .alnum {
                    let amount = (j + 2 < lineEnd && toks[j + 1].glued && (toks[j + 1].isPunct(".") || toks[j + 1].isPunct(","))
                        && toks[j + 2].glued && toks[j + 2].kind == .number)
                        || (j > 0 && u.glued && toks[j - 1].kind == .punct)
                    if amount { break }
                    if u.digits >= 6, j + 1 >= lineEnd || !toks[j + 1].glued {
                        if toks[j - 1].kind == .word, originatorIDWords.contains(toks[j - 1].hash) { j += 1; continue }
                        var a = j
                        if j - 1 > k, !u.has(.cellStart), toks[j - 1].kind == .word, bookingLabels.contains(toks[j - 1].hash) { a = j - 1 }
                        out.append(Detection(category: .reference, range: ts.span(a, j), confidence: 0.8,
                                             reason: .context, kind: "booking text"))
                        break
                    }
                } else if !(u.isPunct("/") || u.isPunct("&") || u.isPunct("-") || u.isPunct("'")) {
                    break
                }
                j += 1
            }
        }
    }

    /// Label abbreviations as banks and payroll systems print them in a
    /// booking text, in capitals and without their `Nr.` (`LOHN/GEHALT
    /// 08/2025 PERS 55120`, `BEITRAG MITGL 20417`, `KD 448120`).
    /// The US ones as ACH and card descriptors print them (`EMP 118842`,
    /// `CONF# P25090544172`, `LOAN 0081447720`, `MBR 20417`).
    static let capitalLabels = WordHash.set("""
        pers persnr pnr kd kdnr kundennr mitgl mitglnr vertr vertrnr vsnr emp empl conf loan mbr
        """)

    /// A capitals abbreviation of `capitalLabels` (a `#` may follow it) and
    /// right after it in its cell the number of four to twelve digits, or a
    /// code of letters and digits (`VSNR HR-4410-2281-07`): the employee's,
    /// customer's, member's or contract's number (not an amount: `KD
    /// 1.250,00`).
    static func capitalAbbreviations(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.upper) && toks[k].letters >= 2
            && capitalLabels.contains(toks[k].hash) {
            var c = k + 1
            if c + 1 < toks.count, toks[c].glued, toks[c].isPunct("#") || toks[c].isPunct(":") { c += 1 }
            guard c < toks.count, toks[c].line == toks[k].line, toks[c].has(.spaceBefore) || c > k + 1,
                  !toks[c].has(.cellStart) else { continue }
            var e = c + 1
            if toks[c].kind == .number, (4...12).contains(toks[c].count) {
                if e < toks.count, toks[e].glued, toks[e].kind != .punct { continue }
                if e + 1 < toks.count, toks[e].glued, toks[e].isPunct(",") || toks[e].isPunct("."), toks[e + 1].glued,
                   toks[e + 1].kind == .number { continue }
                if e + 1 < toks.count, toks[e].glued, toks[e].isPunct("-") || toks[e].isPunct("/"), toks[e + 1].glued,
                   let v = value(ts, at: c), isLooseCode(ts, c, v) {
                    e = v
                }
            } else if let v = value(ts, at: c), isCode(ts, c, v), isWhole(ts, v) {
                e = v
            } else {
                continue
            }
            out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.8, reason: .context,
                                 kind: "booking text"))
        }
    }

    static let accountHeaders = WordHash.set("user customer client member account kunde kundin mitglied nutzer benutzer")

    /// A table column headed by the account holder (`User`, `Customer`,
    /// `Member`, `Kunde`, alone in its cell of a row of three or more) that
    /// holds codes instead of names (`C-0048812`): each is the person's
    /// account number.
    static func accountColumns(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for l in 0..<ts.lineCount where TableRows.cellCount(ts, l) >= 3 {
            let r = ts.line(l)
            for k in r where toks[k].has(.cellStart) && toks[k].kind == .word
                && (accountHeaders.contains(toks[k].hash) || exportHeaders.contains(toks[k].hash)) {
                let plain = accountHeaders.contains(toks[k].hash) && (k + 1 >= r.upperBound || toks[k + 1].has(.cellStart))
                let field = !plain && isExportField(ts, k, r.upperBound)
                guard plain || field else { continue }
                for c in TableRows.column(ts, header: l, cell: toks[k].cell) {
                    guard let e = value(ts, at: c), e >= ts.lineEnd(toks[c].line) || toks[e].has(.cellStart),
                          isCode(ts, c, e) || (field && toks[c..<e].reduce(0) { $0 + Int($1.digits) } >= 4) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.85,
                                         reason: .context, kind: "column Kundennummer"))
                }
            }
        }
    }

    /// The record a system export keys by (`user_id`, `customer_no`,
    /// `employee-id`, `patient_ref`): a field name of the column.
    static let exportHeaders = WordHash.set("user customer client member account kunde mitglied employee staff patient policy case")
    static let exportIDs = WordHash.set("id no nr num number ref code key")

    /// `user_id`, `customer-no`: an export header word joined to an ID word
    /// by `_` or `-`, filling its cell.
    static func isExportField(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> Bool {
        let toks = ts.tokens
        guard k + 2 < lineEnd, toks[k + 1].glued, toks[k + 1].isPunct("_") || toks[k + 1].isPunct("-"),
              toks[k + 2].glued, toks[k + 2].kind == .word, exportIDs.contains(toks[k + 2].hash) else { return false }
        return k + 3 >= lineEnd || toks[k + 3].has(.cellStart)
    }

    static let licenceKind = "label Führerscheinnummer"
    /// `Ausweisnummer`: only a value in parts (a bare card number is the ID
    /// recognizer's, checked by its check digit).
    static let idCardKind = "label Ausweisnummer"
    /// Labels whose bare one-token value is an ID recognizer's to judge by
    /// its check digit (`Versichertennummer A123456789`, a German health
    /// insurance number); written in parts (`702.118.553-01`, a Swiss
    /// insurer's) it is the insurer's reference.
    static let partsOnlyKinds: Set<String> = [idCardKind, "label Versichertennummer"]

    /// A reference label heading a column (`BirthDateRecognizer.isColumnHeader`),
    /// also with a stray dash after it in its cell (`Mitgl.-Nr. -`: a ruling
    /// stroke read as text).
    static func isColumnHeader(_ ts: TokenStream, _ hit: LabelHit) -> Bool {
        if BirthDateRecognizer.isColumnHeader(ts, hit) { return true }
        let toks = ts.tokens
        let t = toks[hit.first]
        guard t.has(.cellStart), TableRows.cellCount(ts, Int(t.line)) >= 2 else { return false }
        let lineEnd = ts.lineEnd(t.line)
        var e = hit.end
        var dashes = 0
        while e < lineEnd, !toks[e].has(.cellStart), toks[e].isPunct("-") || toks[e].isPunct("\u{2013}") || toks[e].isPunct("\u{2014}") {
            e += 1
            dashes += 1
        }
        return dashes > 0 && (e >= lineEnd || toks[e].has(.cellStart))
    }

    static let sampleWords = WordHash.set("example examples sample beispiel beispielsweise muster format exemple")

    /// A value shown as a sample (`Example UPN format: A123456789012`,
    /// `z. B. 12345`, `e.g. AB-1234`): a word of example a few words before
    /// it on its line (a word of its own: not `shop.example`).
    static func isSample(_ ts: TokenStream, _ c: Int) -> Bool {
        let toks = ts.tokens
        var k = c - 1
        // The sentence may have begun on the line before (`An example of a
        // Child Benefit⏎number in our leaflet is CHB 00000000 AB`).
        let line = Int(toks[c].line)
        let wrapped = line > 0 && !ts.hasGap(before: line) && TableRows.cellCount(ts, line) == 1
            && TableRows.cellCount(ts, line - 1) == 1
        while k >= max(0, c - (wrapped ? 16 : 10)), toks[k].line == toks[c].line || (wrapped && Int(toks[k].line) == line - 1) {
            let t = toks[k]
            if t.kind == .word {
                if sampleWords.contains(t.hash), !t.glued, !(k + 1 < c && toks[k + 1].glued && toks[k + 1].isPunct(".")) {
                    return true
                }
                // `e.g.`, `z. B.`
                if t.count == 1, k >= 2, toks[k - 1].isPunct("."), toks[k - 2].count == 1,
                   (ts.isWord(k, "g") && ts.isWord(k - 2, "e")) || (ts.isWord(k, "b") && ts.isWord(k - 2, "z")) { return true }
            }
            k -= 1
        }
        return false
    }

    /// Opening quotes: `reference "CIM24-0918"`, `Az. „4 C 118/25“`.
    static let openingQuotes: Set<UInt64> = Set("\"'\u{201C}\u{201E}\u{2018}\u{201A}\u{00AB}\u{00BB}\u{2039}\u{203A}".unicodeScalars.map { UInt64($0.value) })

    /// Past a quote glued to the value after it.
    static func afterOpeningQuote(_ ts: TokenStream, _ c: Int) -> Int {
        let toks = ts.tokens
        guard c + 1 < toks.count, toks[c].kind == .punct, openingQuotes.contains(toks[c].hash), toks[c + 1].glued,
              toks[c + 1].kind != .punct else { return c }
        return c + 1
    }

    /// A value whose letters end a line and whose number opens the next
    /// (`Teil II Nr.: HT⏎4418293`, a narrow column's wrap): the capitals
    /// (one to three) alone at the line's end, then a value of digits.
    static func wrappedValue(_ ts: TokenStream, at c: Int) -> Int? {
        let toks = ts.tokens
        guard c < toks.count, toks[c].kind == .word, toks[c].has(.upper), toks[c].letters <= 3,
              c + 1 == ts.lineEnd(toks[c].line), c + 1 < toks.count, toks[c + 1].line == toks[c].line + 1,
              !ts.hasGap(before: Int(toks[c + 1].line)), toks[c + 1].kind == .number,
              let e = value(ts, at: c + 1), toks[(c + 1)..<e].reduce(0, { $0 + Int($1.digits) }) >= 4, isWhole(ts, e)
        else { return nil }
        return e
    }

    /// The value after an aside that follows the label: up to ten words,
    /// commas and brackets, ending in a colon (`MHIC license number of
    /// Defendant (Maryland Home Improvement Commission): 01-139874`) or in
    /// a closing bracket before the next cell (`Unique Taxpayer Reference
    /// (Self⏎Assessment)⇥47716 20958`, the bracket wrapped in a narrow
    /// column). A line of prose may wrap the aside (`Kassenzeichen
    /// des⏎Hauptzollamts: 4401.1887.3302.6`). The value is a code or six
    /// or more digits, whole.
    static func valueAfterAside(_ ts: TokenStream, _ hit: LabelHit) -> (Int, Int)? {
        let toks = ts.tokens
        var line = toks[hit.end - 1].line
        var j = hit.end
        var words = 0, depth = 0, wrapped = false, bracketed = false
        func code(_ c: Int) -> (Int, Int)? {
            guard c < toks.count, toks[c].line == line, let e = value(ts, at: c), isWhole(ts, e),
                  isLooseCode(ts, c, e) || toks[c..<e].reduce(0, { $0 + Int($1.digits) }) >= 6 else { return nil }
            return (c, e)
        }
        while j < toks.count, j < hit.end + 24 {
            let t = toks[j]
            if t.line != line {
                // Only a bracket left open, or a line of prose, wraps to the next line.
                guard depth > 0 || (TableRows.cellCount(ts, Int(line)) == 1 && TableRows.cellCount(ts, Int(t.line)) == 1),
                      !wrapped, t.line == line + 1, !ts.hasGap(before: Int(t.line)) else { return nil }
                wrapped = true
                line = t.line
            } else if t.has(.cellStart) {
                return bracketed && depth == 0 && words > 0 ? code(j) : nil
            }
            if t.kind == .word {
                words += 1
                if words > 10 { return nil }
            } else if t.isPunct("(") {
                depth += 1
                bracketed = true
            } else if t.isPunct(")") {
                depth -= 1
                if depth < 0 { return nil }
            } else if t.isPunct(":") {
                return depth == 0 && words > 0 ? code(j + 1) : nil
            } else if !(t.isPunct(",") || t.isPunct("-") || t.isPunct("/") || t.isPunct("&") || t.isPunct("'") || t.isPunct("\u{2019}")) {
                return nil
            }
            j += 1
        }
        return nil
    }

    /// Whether the value `c..<e` is a code rather than a count, an amount or
    /// a word: one glued group holding letters and digits (`FR-24-1708`,
    /// `BV4827311`), or a run of seven or more digits.
    static func isCode(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        var letters = 0, digits = 0
        for k in c..<e {
            let t = toks[k]
            if k > c, !t.glued { letters = 0; digits = 0 }
            if t.kind == .number, t.count >= 7 { return true }
            letters += Int(t.letters)
            digits += Int(t.digits)
            if letters > 0, digits > 0 { return true }
        }
        return false
    }

    /// A code, or a number of six or more digits written with a joiner
    /// (`7731-0442`, `4.118.270`), that is not an amount (`1.234,56`).
    static func isLooseCode(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        if isCode(ts, c, e) { return true }
        let toks = ts.tokens
        var digits = 0, joined = false
        for k in c..<e {
            if toks[k].kind == .punct { joined = true } else { digits += Int(toks[k].digits) }
        }
        if e < toks.count, toks[e].glued, toks[e].isPunct(",") { return false }
        return joined && digits >= 6
    }

    /// A file number of a German court or authority (`14 M 2291/23`, `VII ZR
    /// 12/21`, `3 K 1234/2019`): a register code of capitals between the
    /// chamber's number and the running number, which ends in `/` and the year.
    static func isFileNumber(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        guard e - c >= 5, toks[e - 1].kind == .number, toks[e - 1].count == 2 || toks[e - 1].count == 4, toks[e - 1].glued,
              toks[e - 2].isPunct("/"), toks[e - 2].glued, toks[e - 3].kind == .number, toks[e - 3].has(.spaceBefore),
              !toks[e - 3].has(.lineStart) else { return false }
        var code = 0
        for k in c..<(e - 3) {
            let t = toks[k]
            if k > c, !t.has(.spaceBefore) { return false }
            if t.kind == .word {
                guard t.has(.upper), t.letters <= 3 else { return false }
                code += 1
            } else if !(t.kind == .number && t.count <= 3 && k == c) {
                return false
            }
        }
        return code > 0
    }

    /// `Sort code`: its value is written like a date (`09-01-29`).
    static func isSortCode(_ ts: TokenStream, _ hit: LabelHit) -> Bool {
        hit.end == hit.first + 2 && ts.isWord(hit.first, "sort") && ts.isWord(hit.first + 1, "code")
    }

    /// `(Nr. B-VA 4417/93)`: the value follows `Nr.`, `No.`, `Nummer`.
    static func afterNumberWord(_ ts: TokenStream, _ c: Int) -> Bool {
        let toks = ts.tokens
        var k = c - 1
        if k >= 0, toks[k].isPunct(".") || toks[k].isPunct(":") { k -= 1 }
        return k >= 0 && toks[k].line == toks[c].line && toks[k].kind == .word && Fields.numberWords.contains(toks[k].hash)
    }

    /// Whether a value ending before `e` is the whole of what stands there
    /// (not `NL69` of `is NL69 IWQQ 6004 …`).
    static func isWhole(_ ts: TokenStream, _ e: Int) -> Bool {
        let toks = ts.tokens
        return e >= ts.lineEnd(toks[e - 1].line) || toks[e].has(.cellStart) || toks[e].kind == .punct
            || (toks[e].kind == .word && !toks[e].has(.upper))
    }

    static let possessives = WordHash.set("your our my ihre ihr unsere unser meine mein")

    /// A label alone on its line, after at most a possessive (`Your caller
    /// ID⏎704412`, `Ihre Kundennummer⏎448120`): a form's field with its
    /// value below, which is the whole of the next line or its first cell.
    static func fieldBelow(_ ts: TokenStream, _ hit: LabelHit) -> (Int, Int)? {
        let toks = ts.tokens
        let line = Int(toks[hit.first].line)
        let r = ts.line(line)
        // (`Driver's license no.⏎…`: the label's own dot or colon may end the line.)
        var end = hit.end
        while end < r.upperBound, end < hit.end + 2, toks[end].isPunct(".") || toks[end].isPunct(":") { end += 1 }
        guard end == r.upperBound, line + 1 < ts.lineCount, !ts.hasGap(before: line + 1),
              (r.lowerBound..<hit.first).allSatisfy({ toks[$0].kind == .word && possessives.contains(toks[$0].hash) }),
              hit.first - r.lowerBound <= 1 else { return nil }
        let next = ts.line(line + 1)
        guard let e = value(ts, at: next.lowerBound),
              e == next.upperBound || toks[e].has(.cellStart) || (toks[e].isPunct(".") && e + 1 == next.upperBound) else { return nil }
        return (next.lowerBound, e)
    }

    static let qualifierWords = WordHash.set("des der bei beim of for at with von vom im am zum zur the")
    /// A label the tables do not know, by how it is built: a field opening
    /// its line or cell whose last word says "number" (`Objektnummer:`,
    /// `Verfügungs-Nr.:`, `Depot number:`, `Member ref:`, `Locker ID:`) and
    /// a code after its colon. Forms name the numbers that find a person's
    /// record in endless ways; the shape of the label is what they share.
    /// Not the numbers that are no one's: phone and fax, invoice, order,
    /// article, shipment, tax and bank codes, pages, rooms, postcodes.
    static func numberLabels(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        let toks = ts.tokens
        let labelled = Set(labels.map(\.first))
        for k in toks.indices where toks[k].kind == .word && (toks[k].has(.lineStart) || toks[k].has(.cellStart)) && !labelled.contains(k) {
            let lineEnd = ts.lineEnd(toks[k].line)
            // The label: up to four words (and `-`, `.`, `/`, `#`) before a colon.
            var j = k
            var words = 0
            while j < lineEnd, j - k < 8, !toks[j].isPunct(":"), toks[j].kind == .word || toks[j].isPunct("-") || toks[j].isPunct(".")
                    || toks[j].isPunct("/") || toks[j].isPunct("#"), j == k || !toks[j].has(.cellStart) {
                if toks[j].kind == .word { words += 1 }
                j += 1
            }
            // A known label inside it has had its say (`Ihre Versichertennummer:`).
            guard words >= 1, words <= 4, j < lineEnd, toks[j].isPunct(":"), !(k..<j).contains(where: labelled.contains) else { continue }
            var last = j - 1
            while last > k, toks[last].kind == .punct, !toks[last].isPunct("#") { last -= 1 }
            let says = toks[last].isPunct("#") || (toks[last].kind == .word
                && (Fields.numberWords.contains(toks[last].hash) || identifierWords.contains(toks[last].hash)
                    || endsInNumberWord(ts, toks[last])))
            guard says, !(k...last).contains(where: { isNotPersonalNumberWord(ts, $0) }) else { continue }
            func code(_ c: Int) -> Int? {
                if let e = wrappedValue(ts, at: c) { return e }
                guard c < toks.count, let e = value(ts, at: c), isLooseCode(ts, c, e) || isCode(ts, c, e), isWhole(ts, e) else { return nil }
                return e
            }
            var c = j + 1
            var e = c < lineEnd ? code(c) : nil
            if e == nil, c >= lineEnd || toks[c].has(.cellStart) {
                // A form that puts the value below its label, in the same cell
                // (`Member ID: ⇥ Group no.:⏎BFH… ⇥ 77410-02`).
                let below = Int(toks[k].line) + 1
                if below < ts.lineCount, !ts.hasGap(before: below), let b = TableRows.cellToken(ts, line: below, cell: toks[k].cell) {
                    c = b
                    e = code(b)
                }
            }
            guard let e else { continue }
            out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.8, reason: .context,
                                 kind: "number label"))
        }
    }

    /// Beyond `Fields.numberWords` (`Nr`, `No`, `Number`): the other words a number's label ends in.
    static let identifierWords = WordHash.set("id ref reference referenz code kennung zeichen zahl")
    /// (`zeichens`: the genitive, `unter Angabe des Kassenzeichens 6.1020.004418.3`.)
    static let numberSuffixes = AddressRecognizer.folded(["nummer", "nummern", "kennung", "zeichen", "zeichens", "referenz"])

    /// Token `i` is a word saying the number it labels is no one's own
    /// (`notPersonalNumbers`, or a compound opening with one of
    /// `notPersonalPrefixes`: `Telefonnummer`, `Bestellnr`).
    static func isNotPersonalNumberWord(_ ts: TokenStream, _ i: Int) -> Bool {
        let t = ts.tokens[i]
        guard t.kind == .word else { return false }
        if notPersonalNumbers.contains(t.hash) { return true }
        let w = word(ts, i)
        return notPersonalPrefixes.contains { w.hasPrefix($0) }
    }

    /// `Objektnummer`, `Mitgliedskennung`, `Rahmennummern`: a compound ending in a number word.
    static func endsInNumberWord(_ ts: TokenStream, _ t: Token) -> Bool {
        NameRecognizer.endsWithAny(ts, t, numberSuffixes, keeping: 3)
    }

    /// Token `k` in lower case.
    static func word(_ ts: TokenStream, _ k: Int) -> String {
        var v = String.UnicodeScalarView()
        for i in ts.tokens[k].range { v.append(ts.text[i]) }
        return String(v).lowercased()
    }

    /// Numbers a form labels that are no one's own.
    static let notPersonalNumbers = WordHash.set("""
        telefon tel phone fax mobil mobile handy durchwahl rechnung rechnungsnummer invoice bestell bestellnummer order \
        artikel artikelnummer article item sku sendung sendungsnummer shipment tracking steuer steuernummer ust vat \
        iban bic blz swift seite page version zimmer room raum haus hausnummer plz postleitzahl postcode zip \
        gläubiger creditor hrb registergericht aktien isin wkn serien serial modell model produkt product lot charge \
        art pos lfd check cheque scheck
        """)
    static let notPersonalPrefixes = [
        "telefon", "rechnung", "bestell", "artikel", "sendung", "steuer", "serien", "produkt", "gläubiger", "fax",
    ]

    /// A GB driving licence number wherever it stands: sixteen characters
    /// that spell the holder's surname (five, `9` filling), decade, birth
    /// month (+50 for women), day and year, two initials (`9` filling), a
    /// check digit and two letters: `MORGA753116SM9IJ`. Nothing else has
    /// the shape, and the birth date in it is checked.
    static func ukDrivingLicences(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind != .punct && toks[k].has(.upper) || toks[k].kind == .alnum {
            if k > 0, toks[k].glued, toks[k - 1].kind != .punct { continue }
            // The tokenizer parts letters from the digits after them (`MORGA`, `753116SM9IJ`).
            var e = k + 1
            while e < toks.count, toks[e].glued, toks[e].kind != .punct, Int(toks[e].end - toks[k].start) <= 16 { e += 1 }
            guard Int(toks[e - 1].end - toks[k].start) == 16, e >= toks.count || !toks[e].glued || toks[e].kind == .punct else { continue }
            let c = Array(ts.text[Int(toks[k].start)..<Int(toks[e - 1].end)])
            func upper9(_ x: Unicode.Scalar) -> Bool { (x.value >= 0x41 && x.value <= 0x5A) || x == "9" }
            func digit(_ i: Int) -> Int? { c[i].value.isDigit ? Int(c[i].value - 0x30) : nil }
            guard c[0..<5].allSatisfy(upper9), c[0].value >= 0x41, (5..<11).allSatisfy({ digit($0) != nil }),
                  c[11...12].allSatisfy(upper9), digit(13) != nil, c[14...15].allSatisfy({ $0.value >= 0x41 && $0.value <= 0x5A })
            else { continue }
            let month = digit(6)! * 10 + digit(7)!, day = digit(8)! * 10 + digit(9)!
            guard (1...12).contains(month) || (51...62).contains(month), (1...31).contains(day),
                  !PlateRecognizer.isSample(ts, k) else { continue }
            out.append(Detection(category: .reference, range: ts.span(k, e - 1), confidence: 0.9, reason: .pattern,
                                 kind: "GB driving licence number"))
        }
    }

    static let copulas = WordHash.set("is ist lautet")

    /// A value that is not where a field's value sits, in prose:
    /// - past a short qualifier, a genitive or a preposition and up to four
    ///   words (`Mitgliedsnummer des Hauptmieters 7731-0442`, `Ihre
    ///   Kundennummer bei der Gläubigerin⇥MH-20991407`), when it is a code;
    /// - opening the next line, when the label ends a line of running text
    ///   (`attached to ticket⏎OPS-3318`), when it is a code (not after an
    ///   invoice label);
    /// - after `is`/`lautet` later in the sentence (`Your Unique Taxpayer
    ///   Reference for Self Assessment, …, is 62039 18847`), with six or
    ///   more digits.
    static func valueFurtherOn(_ ts: TokenStream, _ hit: LabelHit, invoice: Bool) -> (Int, Int)? {
        let toks = ts.tokens
        func whole(_ e: Int) -> Bool { isWhole(ts, e) }
        let line = toks[hit.first].line
        let lineEnd = ts.lineEnd(line)
        var j = hit.end
        if j < lineEnd, toks[j].kind == .word, !toks[j].has(.initialUpper), qualifierWords.contains(toks[j].hash) {
            var words = 0
            while j < lineEnd, toks[j].kind == .word, !toks[j].has(.upper), words < 5 { j += 1; words += 1 }
            if j < lineEnd, words <= 4, let e = value(ts, at: j), isLooseCode(ts, j, e), whole(e) { return (j, e) }
            j = hit.end
        }
        if j >= lineEnd, !invoice, !toks[hit.first].has(.lineStart), Int(line) + 1 < ts.lineCount, !ts.hasGap(before: Int(line) + 1) {
            let next = ts.line(Int(line) + 1)
            var c = next.lowerBound
            // "… Ihr Ausweis⏎(Nr. B-VA 4417/93)": the bracket and `Nr.` wrapped along.
            if c + 2 < next.upperBound, toks[c].isPunct("("), toks[c + 1].kind == .word, Fields.numberWords.contains(toks[c + 1].hash) {
                c += 2
                if c < next.upperBound, toks[c].isPunct(".") || toks[c].isPunct(":") { c += 1 }
            }
            // (`des BG Salzburg, GZ⏎2 Fam 114/19k`: a court's file number, whose register letters a value does not read.)
            if let e = fileNumber(ts, at: c) ?? value(ts, at: c, dateShaped: isSortCode(ts, hit)),
               (isCode(ts, c, e) && whole(e)) || isFileNumber(ts, c, e) || fileNumber(ts, at: c, chamber: false) == e
                || fileNumber(ts, at: c) == e
                || afterNumberWord(ts, c) || isSortCode(ts, hit) {
                return (c, e)
            }
        }
        // One capitalised word naming the institution between the label and
        // its code, which may open the next line (`Vertrag Pensionskasse⏎PK-…`).
        // (Not after an everyday word: `file Form W-2c`.)
        if !invoice, !hit.label.needsCode, hit.end < lineEnd, toks[hit.end].kind == .word, toks[hit.end].has(.initialUpper),
           !toks[hit.end].has(.cellStart),
           !LabelTable.shared.isLabelWord(toks[hit.end].hash), !Fields.numberWords.contains(toks[hit.end].hash) {
            var c = hit.end + 1
            var wrapped = false
            if c == lineEnd, Int(line) + 1 < ts.lineCount, !ts.hasGap(before: Int(line) + 1) {
                c = ts.line(Int(line) + 1).lowerBound
                wrapped = true
            }
            if c < toks.count, wrapped || (c < lineEnd && !toks[c].has(.cellStart) && toks[c].has(.spaceBefore)),
               let e = value(ts, at: c), isCode(ts, c, e), whole(e), toks[c..<e].reduce(0, { $0 + Int($1.digits) }) >= 4 {
                return (c, e)
            }
        }
        // The copula later in the sentence, at most two lines on.
        var k = hit.end
        while k < min(toks.count, hit.end + 40), toks[k].line <= line + 2 {
            let t = toks[k]
            if t.isPunct("."), k + 1 < toks.count, !toks[k + 1].glued { return nil }
            if t.isPunct(";") || t.isPunct("?") || t.isPunct("!") { return nil }
            // (The value may open the next line: `Your Medicare number is⏎5EG4-TE5-MK72.`)
            if t.kind == .word, copulas.contains(t.hash), k + 1 < toks.count,
               toks[k + 1].line == t.line || (toks[k + 1].line == t.line + 1 && k + 1 == ts.lineEnd(t.line) && !ts.hasGap(before: Int(t.line) + 1)),
               let e = value(ts, at: k + 1) {
                let digits = toks[(k + 1)..<e].reduce(0) { $0 + Int($1.digits) }
                return (digits >= 6 || isCode(ts, k + 1, e)) && whole(e) ? (k + 1, e) : nil
            }
            k += 1
        }
        return nil
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
            // A doubled slash between digits (`36204//0188317`, a Jobcenter's BG number).
            if u.glued, u.isPunct("/"), toks[e - 1].kind == .number, e + 2 < lineEnd, toks[e + 1].glued, toks[e + 1].isPunct("/"),
               toks[e + 2].glued, toks[e + 2].kind == .number {
                e += 2
                continue
            }
            break
        }
        return (e, digits, chars)
    }

    /// Currency codes and units: after a number they say what it counts.
    static let unitWords = WordHash.set("EUR USD GBP CHF CAD AUD JPY PLN CZK SEK NOK DKK TRY kg km kWh KW PS CCM")

    /// The end of a group of one to three capitals, or one lower-case
    /// letter, at `e` that closes a number before it: a court's register
    /// letters (`318/24 KP`), a benefit number's suffix (`CHB 70183526
    /// KT`), a register number's check letter (`FN 512233 k`). It ends the
    /// value's line or cell, or comes before punctuation; it is no unit or
    /// currency (`1.500 EUR`) and no label (`12345 Tel`).
    /// Whether word `k` may be letters of a number's own (`CHB`, `KT`): no
    /// unit or currency, label, number word or word saying whose it is not.
    static func mayBeCodeLetters(_ ts: TokenStream, _ k: Int) -> Bool {
        let h = ts.tokens[k].hash
        return !unitWords.contains(h) && !LabelTable.shared.isLabelWord(h) && !Fields.numberWords.contains(h)
            && !NumberWordValues.idWords.contains(h) && !isNotPersonalNumberWord(ts, k)
    }

    static func closingLetters(_ ts: TokenStream, _ e: Int) -> Int? {
        let toks = ts.tokens
        guard e < toks.count, e > 0, toks[e].line == toks[e - 1].line, toks[e].has(.spaceBefore), !toks[e].has(.cellStart),
              toks[e - 1].kind != .punct else { return nil }
        let u = toks[e]
        guard u.kind == .word, u.letters == u.count,
              (u.has(.upper) && u.letters <= 3) || (u.letters == 1 && !u.has(.initialUpper)),
              mayBeCodeLetters(ts, e) else { return nil }
        // Whole: then the line's or cell's end, or punctuation that is no joiner into more
        // (a lower-case letter only before `,` `;` `)` `.`: `118 m³` is a unit).
        let n = e + 1
        if n >= ts.lineEnd(u.line) || toks[n].has(.cellStart) { return n }
        if !u.has(.upper), !(toks[n].isPunct(",") || toks[n].isPunct(";") || toks[n].isPunct(")") || toks[n].isPunct(".")) { return nil }
        if toks[n].kind == .punct, !(n + 1 < toks.count && toks[n + 1].glued && toks[n + 1].kind != .punct) { return n }
        return nil
    }

    static func value(_ ts: TokenStream, at k: Int, dateShaped: Bool = false) -> Int? {
        let toks = ts.tokens
        guard k < toks.count else { return nil }
        let t = toks[k]
        let lineEnd = ts.lineEnd(t.line)
        // A word opening the value must be a code: capitals, an office's
        // abbreviation (`StA 41.2-E 688/2025`, `BvR`), or glued to digits.
        let abbreviation = t.kind == .word && isOfficeAbbreviation(ts, k)
        if t.kind == .word, !t.has(.upper), !abbreviation {
            guard k + 1 < lineEnd, toks[k + 1].glued else { return nil }
        }
        guard var g = group(ts, k, lineEnd) else { return nil }
        if g.digits == 0 && !(t.kind == .word && (t.has(.upper) && t.letters <= 3 || abbreviation)) { return nil }
        var end = g.end
        var digits = g.digits
        var chars = g.chars
        var groups = 1
        // The value goes on with one more group.
        func take(_ next: (end: Int, digits: Int, chars: Int)) {
            g = next
            end = g.end
            digits += g.digits
            chars += g.chars
            groups += 1
        }
        while end < lineEnd, groups < 6, !toks[end].has(.cellStart) {
            // A joiner with a stray space after it (`UR- 0425- 11/25`, a form
            // field's text run): the number goes on after the space.
            if toks[end].glued, toks[end].isPunct("-") || toks[end].isPunct("/"), toks[end - 1].kind != .punct,
               end + 1 < lineEnd, toks[end + 1].has(.spaceBefore), !toks[end + 1].has(.cellStart), toks[end + 1].kind == .number,
               let next = group(ts, end + 1, lineEnd) {
                take(next)
                continue
            }
            guard toks[end].has(.spaceBefore) else { break }
            // Parts set apart by a spaced dash (`421.2 – 36204BG0188317`, a file plan's number and the case's),
            // or by a dash with a stray space before it (`RS-LBTT-8841 -20937`).
            if toks[end].isPunct("-") || toks[end].isPunct("\u{2013}"), end + 1 < lineEnd,
               toks[end + 1].has(.spaceBefore) || (toks[end].isPunct("-") && toks[end + 1].kind == .number),
               !toks[end + 1].has(.cellStart), let next = group(ts, end + 1, lineEnd), next.digits >= 4 {
                take(next)
                continue
            }
            // A spaced slash between numbers (`AM 2025 / 118 604`, a Swiss
            // office's year and running number).
            if toks[end].isPunct("/"), toks[end - 1].kind == .number, end + 1 < lineEnd, toks[end + 1].has(.spaceBefore),
               !toks[end + 1].has(.cellStart), toks[end + 1].kind == .number, let next = group(ts, end + 1, lineEnd),
               next.digits >= 2 {
                take(next)
                continue
            }
            guard let next = group(ts, end, lineEnd) else { break }
            let u = toks[end]
            if next.digits > 0, u.kind == .number || u.kind == .alnum || u.has(.upper) {
                take(next)
            } else if u.kind == .word, u.has(.upper), u.letters <= 2, next.end == end + 1,
                      let after = group(ts, next.end, lineEnd), after.digits > 0, toks[next.end].has(.spaceBefore) {
                take((after.end, after.digits, next.chars + after.chars))
            } else {
                break
            }
        }
        if digits == 0 || chars < 3 || chars > 40 { return nil }
        // A letter that closes the number (`318/24 KP`, `CHB 70183526 KT`, `FN 512233 k`) is part of it.
        if let tail = closingLetters(ts, end) { end = tail }
        // An amount (`Kauf auf Rechnung⇥219,97`, `1.234,56`) is not the number of anything.
        if end + 1 < lineEnd, toks[end].glued, toks[end].isPunct(","), toks[end + 1].glued, toks[end + 1].kind == .number,
           toks[end + 1].count <= 3, toks[end - 1].kind == .number {
            return nil
        }
        // A year alone ("Privacy Policy 2024", "Rechnung 2023") is not a number
        // of anything, except in a column of numbers (`Pers.-Nr.` 2019).
        if !dateShaped, end == k + 1, t.kind == .number, t.count == 4, let y = ts.number(k), y >= 1900, y <= 2099 { return nil }
        // Only a date ("Rechnung 12.03.2024"), or an IBAN.
        if !dateShaped, let d = BirthDateRecognizer.date(ts, at: k), d >= end { return nil }
        if t.kind == .alnum || t.kind == .word, t.letters == 2 || (t.kind == .word && t.count == 2), chars >= 15 {
            let s = ts.text
            let a = Int(t.start)
            // Only where the two letters are a country with IBANs: `FA1129-…`
            // is a mandate reference, not an IBAN; and where two check
            // digits follow them (`DE89…`, `DE 89…`): OCR's `PK-0Ö/2025/…`
            // is a file number.
            let checkDigits = a + 4 < s.count
                && (s[a + 2].value.isDigit || (s[a + 3].value.isDigit && s[a + 4].value.isDigit))
            if s[a].value.isASCIILetter, s[a + 1].value.isASCIILetter, checkDigits,
               IBANRegistry.length(s[a].value, s[a + 1].value) > 0 {
                return nil
            }
        }
        return end
    }
}
