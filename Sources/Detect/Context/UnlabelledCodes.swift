import RedactCore

/// Identifiers found by their shape alone, wherever they stand: the fail-
/// closed end of reference detection.
///
/// Forms, letters and statements name the numbers that find a person's
/// record in endless ways (`Rahmennummern:`, `certificate MGIC-…`, `Your
/// Allpay card`, `holder's number`, a column nobody labelled), and each new
/// kind of document brings labels no list has seen: on documents the rules
/// had never met, two in five references were missed, nearly all of them
/// labelled in words no rule knew. What such numbers share is their shape,
/// and few things that are no one's have it:
///   - a code: one group of capitals and digits, joined by `-`, `/`, `.`
///     or `_`, with five or more digits (`WAW4417830K`, `AP-55190287`,
///     `R117452/25/06`, `285FK417092`);
///   - a bare number of eight or more digits (`19077342`, `509123784`).
/// A missed identifier is a leak; a blacked order number costs a reader a
/// glance. So these are redacted unless the line says what they are and
/// that is no one's (an invoice, order, shipment, article, tax or bank
/// code, a page, a company's register number), or they are a sample.
/// Amounts, dates, times, postcodes and phone numbers do not have the
/// shape (no letters, and fewer than eight digits in one run) or are
/// another recognizer's. Lower-case letters are words, hashes and file
/// names, not codes; `O` and `I` standing for digits are OCR's, and the
/// number they damage is read elsewhere.
enum UnlabelledCodes {
    static let confidence = 0.6
    static let kind = "identifier by its shape"
    static let minimumCodeDigits = 5
    static let minimumNumberDigits = 8
    /// The longest IBAN; longer runs are barcodes and noise.
    static let maximumLength = 34

    static func find(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        var k = 0
        while k < toks.count {
            let t = toks[k]
            // A group starts at a word or number not glued to one before it
            // or to a joiner (`-`, `/`, `.`, `_` inside a code).
            guard t.kind != .punct, !(k > 0 && t.glued && (toks[k - 1].kind != .punct || isJoiner(toks[k - 1]))) else {
                k += 1
                continue
            }
            let lineEnd = ts.lineEnd(t.line)
            if let e = groupedNumberEnd(ts, k, lineEnd), !saysNotPersonal(ts, k), !ReferenceRecognizer.isSample(ts, k) {
                out.append(Detection(category: .reference, range: ts.span(groupedStart(ts, k), e - 1), confidence: confidence,
                                     reason: .pattern, kind: kind))
                k = e
                continue
            }
            guard let g = ReferenceRecognizer.group(ts, k, lineEnd) else { k += 1; continue }
            defer { k = max(k + 1, g.end) }
            guard isIdentifierShaped(ts, k, g.end, digits: g.digits), !saysNotPersonal(ts, k),
                  !ReferenceRecognizer.isSample(ts, k) else { continue }
            let start = toks[k].kind == .number ? prefixStart(ts, k) : k
            out.append(Detection(category: .reference, range: ts.span(start, codeEnd(ts, k, g.end) - 1), confidence: confidence,
                                 reason: .pattern, kind: kind))
        }
    }

    /// Numbers found by shape or by a number word in running text yield to
    /// what any other rule found covering the same scalars: an IBAN, an ID with its
    /// check digit, a labelled identifier, a field of a licence's barcode
    /// text. They are the net under the other rules, not a second opinion.
    static func settle(_ found: inout [Detection]) {
        let weak = found.indices.filter { found[$0].kind == kind || found[$0].kind == NumberWordValues.kind }
        guard !weak.isEmpty else { return }
        var drop: Set<Int> = []
        for i in weak {
            let d = found[i]
            let shape = d.kind == kind
            // Another category only when it covers it all: a date or phone
            // number read inside a code (`25/06` of `R117452/25/06`) would
            // leave the rest. A labelled reference decides its own bounds.
            if found.indices.contains(where: { j in
                guard j != i, found[j].range.overlaps(d.range) else { return false }
                if found[j].category == .reference { return shape && found[j].kind != kind }
                return found[j].range.lowerBound <= d.range.lowerBound && found[j].range.upperBound >= d.range.upperBound
            }) { drop.insert(i) }
        }
        if drop.isEmpty { return }
        found = found.indices.filter { !drop.contains($0) }.map { found[$0] }
    }

    /// Where a number found by its shape starts: at its letters in front
    /// when it has them (`TC 5513 8820 9`, `CHB 70183526 KT`), two to four
    /// capitals apart from the number, that are no label, number word or
    /// unit. Half a number burned leaves the other half to read, and a
    /// label's abbreviation nobody listed (`CRN`) is blacked with it.
    static func prefixStart(_ ts: TokenStream, _ k: Int) -> Int {
        let toks = ts.tokens
        let p = k - 1
        guard p >= 0, toks[p].line == toks[k].line, !toks[k].has(.cellStart), toks[k].has(.spaceBefore),
              toks[p].kind == .word, toks[p].has(.upper), toks[p].letters == toks[p].count, (2...4).contains(toks[p].count),
              !(p > 0 && toks[p].glued), ReferenceRecognizer.mayBeCodeLetters(ts, p) else { return k }
        // (Not the last word of a name in capitals: `ALASKA AIR 0272117446`, a merchant's.)
        if p > 0, toks[p - 1].line == toks[p].line, !toks[p].has(.cellStart), toks[p - 1].kind == .word, toks[p - 1].has(.upper),
           toks[p - 1].letters >= 2 { return k }
        return p
    }

    /// Where a number in groups starts: at its letters (`prefixStart`), or
    /// at one capital opening its cell or line before it (`A 219 447 805`,
    /// an alien number in a table's cell).
    static func groupedStart(_ ts: TokenStream, _ k: Int) -> Int {
        let p = prefixStart(ts, k)
        guard p == k, k > 0 else { return p }
        let toks = ts.tokens
        let q = toks[k - 1]
        guard q.line == toks[k].line, !toks[k].has(.cellStart), q.kind == .word, q.count == 1, q.has(.upper),
              q.has(.cellStart) || q.has(.lineStart), !contactLetters.contains(q.hash) else { return k }
        return k - 1
    }

    /// The letters a letterhead writes before its numbers: `T 0131 496
    /// 0720` (telephone), `F`ax, `M`obile, `P`hone, `D`irect, `H`ome, `O`ffice.
    static let contactLetters = WordHash.set("t f m p d h o e w")

    /// Whether word `k` is part of an e-mail address: its run of glued
    /// tokens holds an `@`.
    static func inEmailAddress(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        var a = k
        while a > 0, k - a < 16, toks[a].glued { a -= 1 }
        var e = k + 1
        while e < toks.count, e - k < 16, toks[e].glued { e += 1 }
        return (a..<e).contains { toks[$0].isPunct("@") }
    }

    /// A code found by its shape, with the groups written after it that
    /// are part of it: digit groups (`117290483 16`) and a closing letter
    /// group (`70183526 KT`). Half a number burned leaves the other half to
    /// read. (A prefix of capitals is as often a label, `CRN 117290483`.)
    static func codeEnd(_ ts: TokenStream, _ c: Int, _ e: Int) -> Int {
        let toks = ts.tokens
        var e = e
        let lineEnd = ts.lineEnd(toks[c].line)
        var groups = 0
        while groups < 4, e < lineEnd, toks[e].has(.spaceBefore), !toks[e].has(.cellStart), toks[e].kind == .number,
              toks[e].count <= 6, e + 1 >= lineEnd || !toks[e + 1].glued {
            e += 1
            groups += 1
        }
        if let tail = ReferenceRecognizer.closingLetters(ts, e) { e = tail }
        return e
    }

    /// The end of a number written in groups of digits with one space
    /// between them, as account and customer numbers are printed (`1172
    /// 9048 324`, `512 904 377`, `7704 1129 6603`): three or more groups
    /// (two after letters of its own, `VSP 5520 1187`),
    /// the first ones of three or four digits, the last of one to five,
    /// nine to twenty digits in all, the whole of what stands there. Not
    /// years in a row (`2023 2024 2025`), not an amount's tail (`… 377,50`),
    /// not a phone number written with its `+` (a phone number the phone
    /// rules read is theirs: `settle`).
    static func groupedNumberEnd(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> Int? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .number, (3...4).contains(t.count) else { return nil }
        // The run's start: not inside a longer number (`+49 …`, `DE89 3704 …`, `12 3456 …`,
        // `NL69 IWQQ 6004 …`: an IBAN's shape is the IBAN rules' to check).
        if k > 0, toks[k - 1].line == t.line, !t.has(.cellStart),
           toks[k - 1].isPunct("+") || t.glued || toks[k - 1].kind == .number || toks[k - 1].kind == .alnum { return nil }
        if k > 1, toks[k - 1].line == t.line, toks[k - 2].line == t.line, !t.has(.cellStart), !toks[k - 1].has(.cellStart),
           toks[k - 1].kind == .word, toks[k - 1].has(.upper), toks[k - 2].kind == .alnum, toks[k - 2].count == 4 { return nil }
        var e = k + 1
        while e < lineEnd, e - k < 8, toks[e].kind == .number, toks[e].has(.spaceBefore), !toks[e].has(.cellStart),
              Int(toks[e].start) - Int(toks[e - 1].end) == 1 {
            e += 1
        }
        guard toks[k..<(e - 1)].allSatisfy({ (3...4).contains($0.count) }), (1...5).contains(toks[e - 1].count) else { return nil }
        let digits = toks[k..<e].reduce(0) { $0 + $1.count }
        let years = (k..<e).filter { toks[$0].count == 4 && ts.number($0).map { (1900...2099).contains($0) } ?? false }.count
        let groups = e - k
        // Two groups will do after the number's own letters (`VSP 5520 1187`).
        let lettered = prefixStart(ts, k) < k && groups == 2 && digits >= 8 && toks[k + 1].count >= 3
        guard groups >= 3 || lettered, (lettered ? 8 : 9)...20 ~= digits, years < max(groups - 1, 1) else { return nil }
        // A card number's shape (four groups of four) is the card rules' to check,
        // also where a line break cut it (`5235⏎9658 7229 6608`).
        if toks[k..<e].allSatisfy({ $0.count == 4 }) {
            if groups == 4 { return nil }
            let l = Int(t.line)
            if toks[k].has(.lineStart), k > 0, toks[k - 1].line == t.line - 1, toks[k - 1].kind == .number, toks[k - 1].count == 4 { return nil }
            if e == lineEnd, e < toks.count, toks[e].line == t.line + 1, toks[e].kind == .number, toks[e].count == 4, l >= 0 { return nil }
        }
        // The whole of it: no word or amount glued on (`377,50`, `117kg`).
        if e < lineEnd, toks[e].glued, toks[e].kind != .punct || toks[e].isPunct(",") || toks[e].isPunct(".") && e + 1 < lineEnd
            && toks[e + 1].glued && toks[e + 1].kind == .number { return nil }
        return e
    }

    @inline(__always) static func isJoiner(_ t: Token) -> Bool {
        t.isPunct("-") || t.isPunct("/") || t.isPunct(".") || t.isPunct("_")
    }

    /// Tokens `c..<e` (one glued group) as a code or a long bare number.
    static func isIdentifierShaped(_ ts: TokenStream, _ c: Int, _ e: Int, digits: Int) -> Bool {
        let toks = ts.tokens
        let s = ts.text
        var letters = 0
        var onlyLookAlikes = true
        var joined = false
        for k in c..<e {
            let t = toks[k]
            if t.kind == .punct { joined = true; continue }
            guard t.letters == 0 || t.has(.upper) else { return false }
            letters += Int(t.letters)
            if t.letters > 0 {
                for i in t.range where s[i].value.isASCIILetter && s[i] != "O" && s[i] != "I" { onlyLookAlikes = false }
            }
        }
        // (A group glued on to a word is part of that word: `44781Bochum`.)
        if e < toks.count, toks[e].glued, toks[e].kind != .punct { return false }
        let length = Int(toks[e - 1].end - toks[c].start)
        if letters == 0 {
            // One unbroken run: `4.118.270` and `12-34-56` are amounts, dates, sort codes.
            if !joined { return e == c + 1 && (minimumNumberDigits...maximumLength).contains(digits) }
            // Digits joined by `/` or `-`, ten or more in all, in three parts
            // or more (`25-4588310-0-1`, a tax parcel's `10-21-0281-044`) or
            // with a doubled slash and a run of five (`36204//0188317`): a
            // file, parcel or account number; not a date, amount or sort code.
            // (Three parts or more, or a doubled slash: `0301-234567` and `0431/123456` are phone numbers.)
            let parts = (c..<e).filter { toks[$0].kind == .number }.count
            // A member's number with the suffix of the person on the policy or
            // the item in a series (`77301920-01`, `483271906-001`): seven or more
            // digits, a dash, one to three; nine or more in all.
            if e == c + 3, toks[c].count >= 7, toks[c + 1].isPunct("-"), toks[c + 2].count <= 3, digits >= 9 { return true }
            let doubled = (c..<(e - 1)).contains { toks[$0].isPunct("/") && toks[$0 + 1].isPunct("/") }
            return digits >= 10 && length <= maximumLength && (parts >= 3 || doubled)
                && (c..<e).allSatisfy { toks[$0].kind == .number || toks[$0].isPunct("/") || toks[$0].isPunct("-") }
                && (parts >= 3 || (c..<e).contains { toks[$0].kind == .number && toks[$0].count >= 5 })
                && !isTimestamp(ts, c, e)
        }
        guard length <= maximumLength, !isCheckedShape(ts, c, e, length: length) else { return false }
        guard digits >= minimumCodeDigits, !onlyLookAlikes else { return false }
        // A short code in one piece is a name more often than a number
        // (`ED25519`, a key type; `X11`); a person's code is longer or joined.
        guard joined || length >= 8 else { return false }
        return !isParcelTracking(ts, c, e) && !isTimestamp(ts, c, e)
    }

    /// Shapes whose recognizer decides by a check: an IBAN (two letters, two
    /// digits, fifteen or more characters in all) and a GB driving licence
    /// number (sixteen characters, five of them letters or `9` first). What
    /// fails its check there is a near miss, a sample or a typo, and stays.
    static func isCheckedShape(_ ts: TokenStream, _ c: Int, _ e: Int, length: Int) -> Bool {
        let s = ts.text
        let a = Int(ts.tokens[c].start)
        func letter(_ i: Int) -> Bool { s[a + i].value >= 0x41 && s[a + i].value <= 0x5A }
        if length >= 15, letter(0), letter(1), s[a + 2].value.isDigit, s[a + 3].value.isDigit { return true }
        if length == 16, e == c + 1 || ts.tokens[c + 1..<e].allSatisfy({ $0.glued && $0.kind != .punct }),
           (0..<5).allSatisfy({ letter($0) || s[a + $0] == "9" }), letter(0) {
            return true
        }
        return false
    }

    /// An ISO 8601 time stamp as logs write it (`2024-05-14T09`, then `:12:33Z`).
    static func isTimestamp(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        guard e - c >= 5, toks[c].kind == .number, toks[c].count == 4, toks[c + 1].isPunct("-") else { return false }
        for k in c..<e where toks[k].letters > 0 {
            for i in toks[k].range where ts.text[i].value.isASCIILetter && ts.text[i] != "T" && ts.text[i] != "Z" { return false }
        }
        return true
    }

    /// A UPS shipment number (`1Z` and sixteen capitals and digits): a
    /// parcel's, printed on every label, not its recipient's.
    static func isParcelTracking(_ ts: TokenStream, _ c: Int, _ e: Int) -> Bool {
        let toks = ts.tokens
        guard e == c + 1 || (e == c + 2 && toks[c + 1].glued), toks[e - 1].end - toks[c].start == 18 else { return false }
        let a = Int(toks[c].start)
        return ts.text[a] == "1" && ts.text[a + 1] == "Z"
    }

    /// Numbers of firms, forms, batches and standards, beyond
    /// `ReferenceRecognizer.notPersonalNumbers`.
    static let registerWords = WordHash.set("""
        registered company companies handelsregister amtsgericht hrb hra fn firmenbuch uid betriebsnummer betriebs bsnr \
        eref kref orig originator sha md5 isbn issn doi batch omb form formular vordruck template vorlage \
        partnership llp authority regulation regulated authorised authorized bgbl lgbl gvbl abl
        """)
    /// The ACH entry classes (`PPD ID`, `WEB ID`): codes only in capitals
    /// (not `EMIS web no.`, a GP system's patient number).
    static let entryClasses = WordHash.set("ppd ccd web iat")

    /// `durch Vorlage seines Reisepasses Nr. 42187756`: `Vorlage` before an
    /// article or possessive is the showing of a document, not a template
    /// (`Vorlage 3`), and the number after it is the document's.
    static func isPresenting(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        guard ts.isWord(k, "vorlage"), k + 1 < toks.count, toks[k + 1].line == toks[k].line, toks[k + 1].kind == .word else { return false }
        return presentedArticles.contains(toks[k + 1].hash)
    }
    static let presentedArticles = WordHash.set("""
        des der eines einer seines seiner ihres ihrer meines meiner ihres ihrer unseres dessen deren
        """)

    /// Whether the words before the code on its line (up to six, within its
    /// cell, and within its clause: not past `;` or a spaced dash before a
    /// word, `IBAN GB50 … – reference "CIM24-0918"`) say it is a number
    /// that is no one's own. (A word of an e-mail address says nothing:
    /// `k.oberndorfer@ok-steuer.at, Klientennummer OK-2210-38`.)
    static func saysNotPersonal(_ ts: TokenStream, _ c: Int) -> Bool {
        let toks = ts.tokens
        var k = c - 1
        var words = 0
        while k >= 0, toks[k].line == toks[c].line, words < 6 {
            let t = toks[k]
            if t.kind == .word {
                words += 1
                if registerWords.contains(t.hash) && !isPresenting(ts, k) || ReferenceRecognizer.isNotPersonalNumberWord(ts, k)
                    || (t.has(.upper) && entryClasses.contains(t.hash)), !inEmailAddress(ts, k) { return true }
            } else if t.isPunct(";")
                || ((t.isPunct("-") || t.isPunct("\u{2013}") || t.isPunct("\u{2014}")) && t.has(.spaceBefore)
                    && k + 1 < c && toks[k + 1].has(.spaceBefore) && toks[k + 1].kind == .word) {
                break
            }
            if t.has(.cellStart) { break }
            k -= 1
        }
        return false
    }
}
