import RedactCore

/// Phone numbers that a form or a letter's info block gives as a field:
/// under a column caption (`Durchwahl:` over `22471`) or after a label
/// with its colon (`Durchwahl: 214`, `Tel.: 0234 55 08-214`).
///
/// Why: `PhoneRecognizer` reads numbers by libphonenumber's metadata, which
/// does not know an extension on its own, a range newer than its data, or
/// an invented one. For a privacy tool a number in a phone field is a phone
/// number whatever the metadata says (fail closed); the field, not the
/// number's shape, says so.
///
/// Rule: a cell that is only a phone label (`LabelWords`-like words below,
/// maybe with `:`/`.`), and the cell of the same column on the next line
/// (no blank line between); or the rest of a label's cell after its colon.
/// The value is only digits and phone punctuation (`+ - / ( ) .`, spaces),
/// three to fifteen digits, no date and no decimal amount.
enum PhoneFields {
    /// Whole words that caption a phone field.
    static let captions = WordHash.set("""
        Tel Telefon Telephone Phone Fax Telefax Mobil Mobile Handy Mobiltelefon Durchwahl Nebenstelle Direktwahl \
        Klappe Ext Extension Cell Telefonnummer Faxnummer Handynummer Mobilnummer
        """)

    static func find(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && captions.contains(toks[k].hash)
            && (toks[k].has(.cellStart) || toks[k].has(.lineStart)) {
            let l = Int(toks[k].line)
            let r = ts.line(l)
            // The caption's cell: the word, maybe `.` / `-Nr` / `:`.
            var e = k + 1
            var colon = false
            while e < r.upperBound, !toks[e].has(.cellStart), e - k <= 3, toks[e].kind == .punct || ts.isWord(e, "nr") {
                if toks[e].isPunct(":") { colon = true }
                e += 1
            }
            if e < r.upperBound, !toks[e].has(.cellStart) {
                // A label and its value in one cell: `Durchwahl: 214`.
                guard colon else { continue }
                var b = e
                while b < r.upperBound, !toks[b].has(.cellStart) { b += 1 }
                emit(ts, e..<b, into: &out)
                continue
            }
            // A caption cell: the value is the same column's cell below.
            guard l + 1 < ts.lineCount, !ts.hasGap(before: l + 1),
                  let below = TableRows.cellRange(ts, line: l + 1, cell: toks[k].cell) else { continue }
            emit(ts, below, into: &out)
        }
    }

    /// Reports tokens `r` as a phone number if they are only one.
    static func emit(_ ts: TokenStream, _ r: Range<Int>, into out: inout [Detection]) {
        let toks = ts.tokens
        guard !r.isEmpty, r.count <= 12 else { return }
        var digits = 0
        for k in r {
            let t = toks[k]
            if t.kind == .number { digits += t.count; continue }
            guard t.kind == .punct, t.isPunct("+") || t.isPunct("-") || t.isPunct("/") || t.isPunct("(") || t.isPunct(")")
                || t.isPunct(".") || t.isPunct("\u{2013}") else { return }
        }
        guard (3...15).contains(digits), toks[r.lowerBound].kind == .number || toks[r.lowerBound].isPunct("+")
            || toks[r.lowerBound].isPunct("(") else { return }
        var last = r.upperBound - 1
        if toks[last].isPunct(".") { last -= 1 }
        guard toks[last].kind == .number else { return }
        let span = ts.span(r.lowerBound, last)
        // A date (`04.11.2025`) or a decimal is no number to call.
        if PhoneRecognizer.isOnlyDates(ts.text, span) || isDecimal(ts, r) { return }
        out.append(Detection(category: .phone, range: span, confidence: 0.85, reason: .context, kind: "phone field"))
    }

    /// `12.50`, `1.234`: two numbers glued by one `.`, the second of two or three digits.
    static func isDecimal(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        return r.count == 3 && toks[r.lowerBound + 1].isPunct(".") && toks[r.lowerBound + 1].glued
            && toks[r.lowerBound + 2].glued && toks[r.lowerBound + 2].count <= 3
    }
}
