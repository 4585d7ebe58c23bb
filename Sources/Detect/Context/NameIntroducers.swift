/// Positions that introduce a person without a label, added for held-out
/// documents: a transfer's counterparty, a SEPA purpose field, an
/// electronic signature, the `I, NAME,` of a declaration and Vietnamese
/// names written given names first.
extension NameRecognizer {
    static func introducerPositions(_ ts: TokenStream, emit: (Run, Double, String) -> Void) {
        transferParty(ts, emit: { emit($0, 0.8, "transfer counterparty") })
        sepaPurpose(ts, emit: { emit($0, 0.75, "name in payment purpose") })
        electronicSignature(ts, emit: { emit($0, 0.85, "signature") })
        declarant(ts, emit: { emit($0, 0.8, "declarant") })
        vietnameseGivenFirst(ts, emit: { emit($0, 0.8, "given names + surname") })
        addressedNote(ts, emit: { emit($0, 0.75, "addressee of a note") })
        lowerCaseTitles(ts, emit: { emit($0, 0.8, "title") })
        estate(ts, emit: { emit($0, 0.8, "estate of") })
        splitNameFields(ts, emit: { emit($0, 0.85, "name field") })
        greetingLine(ts, emit: { emit($0, 0.8, "greeting") })
        datedPerson(ts, emit: { emit($0, 0.8, "name (date)") })
        signOffInitials(ts, emit: { emit($0, 0.75, "initials signing a note") })
    }

    /// A person with a date in brackets right after the name (`Nicht zu
    /// berücksichtigen: Luca Lo Presti (2005-01-20)`, `mit⏎Sónia Patrícia
    /// Faria (1984-03-08, erwerbstätig bei …)`): how registers and letters
    /// list a person with a date of birth. Two to four name-shaped words
    /// (particles between allowed) where a person is introduced, one of them
    /// a listed given name: nouns before a date (`Antrag vom (…)`) are not.
    static func datedPerson(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for c in toks.indices where toks[c].isPunct("(") && c >= 2 && c + 1 < toks.count {
            guard toks[c].has(.spaceBefore), toks[c + 1].glued, toks[c + 1].kind == .number, toks[c - 1].line == toks[c].line,
                  toks[c - 1].kind == .word, BirthDateRecognizer.date(ts, at: c + 1) != nil else { continue }
            for s in stride(from: max(0, c - 6), to: c - 1, by: 1) where toks[s].line == toks[c].line && toks[s].kind == .word {
                guard toks[s].has(.capitalised), let r = run(ts, from: s, strong: false, maxNames: 4), r.first == s, r.end == c,
                      !r.hitOrganisation, r.names >= 2, introduced(ts, s),
                      (s..<c).contains(where: { toks[$0].kind == .word && words.isUnambiguousGiven(toks[$0].hash)
                          && !wordLikeGiven.contains(toks[$0].hash) }),
                      (s..<c).allSatisfy({ toks[$0].kind != .word || words.particles.contains(toks[$0].hash)
                          || plainNameWord(ts, $0) || listedGiven(ts, $0) }) else { continue }
                emit(r)
                break
            }
        }
    }

    /// Initials signing a note at the end of a line, after a dash that
    /// follows the end of a sentence (`… gutgeschrieben. – E. Y.`, `Paid in
    /// full. - J.S.`): who wrote or received it.
    static func signOffInitials(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for d in toks.indices where d >= 1 && d + 2 < toks.count
            && (toks[d].isPunct("\u{2013}") || toks[d].isPunct("\u{2014}") || toks[d].isPunct("-")) {
            let lineEnd = ts.lineEnd(toks[d].line)
            guard toks[d].has(.spaceBefore), toks[d + 1].has(.spaceBefore), toks[d - 1].line == toks[d].line,
                  toks[d - 1].isPunct(".") || toks[d - 1].isPunct("!"), let e = initialsEnd(ts, d + 1, lineEnd),
                  e - (d + 1) >= 4, e == lineEnd else { continue }
            var r = Run(first: d + 1, end: e)
            r.names = 1
            emit(r)
        }
    }

    /// Swiss and Austrian degrees written in lower case before a name,
    /// without `Dr.` (`med. vet. Ilaria Gadient`, `lic. iur. Reto Casutt`):
    /// two or three name-shaped words after the degree, opening with a listed
    /// given name or after a degree of two parts with a listed word. (After
    /// `Dr.` the title rule takes the whole.)
    static func lowerCaseTitles(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        func part(_ j: Int) -> Bool {
            j + 1 < toks.count && toks[j].kind == .word && !toks[j].has(.initialUpper) && toks[j].letters >= 2
                && words.titles.contains(toks[j].hash) && toks[j + 1].glued && toks[j + 1].isPunct(".")
        }
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            guard part(k), !(k >= 1 && toks[k - 1].isPunct(".")) else { continue }
            // Running text may wrap inside the degree or the name (`med.⏎vet. Urs Gadmer`,
            // `med. vet. Urs⏎Gadmer`): a line below with no blank line between.
            func sameText(_ j: Int) -> Bool {
                toks[j].line == toks[j - 1].line || (toks[j].line == toks[j - 1].line + 1 && !toks[j].has(.gapBefore) && toks[j].cell == 0)
            }
            var s = k
            var parts = 0
            while part(s), s == k || sameText(s) { s += 2; parts += 1 }
            guard s < toks.count, sameText(s), toks[s].has(.capitalised), !(toks[s].line == toks[s - 1].line && !toks[s].has(.spaceBefore)),
                  let r = run(ts, from: s, strong: false, maxNames: 3), r.first == s, !r.hitOrganisation,
                  words.isUnambiguousGiven(toks[s].hash) || (parts >= 2 && r.listed > 0),
                  (s..<r.end).allSatisfy({ toks[$0].kind != .word || plainNameWord(ts, $0) }) else { k = s - 1; continue }
            if r.names == 1 {
                guard let w = wrappedSurname(ts, after: r) else { k = s - 1; continue }
                emit(r)
                emit(w)
                k = w.end - 1
                continue
            }
            emit(r)
            k = r.end - 1
        }
    }

    /// The person whose estate it is: `The Estate of Edwin Lisle Parfitt
    /// deceased`, `estate of the late Nora Quill`, `Nachlass nach Ida Wimmer`,
    /// `Verlassenschaft nach …` (Austria). Two to four name-shaped words
    /// ending where a name ends (punctuation, the line, a lower-case word).
    static let estateWords = WordHash.set("estate nachlass nachlasssache verlassenschaft verlassenschaftssache")
    static let estateLinks = WordHash.set("of nach des der von")
    static let lateWords = WordHash.set("the late verstorbenen verstorbene verst")
    static let deceasedWords = WordHash.set("deceased dec decd verstorben")

    static func estate(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && estateWords.contains(toks[k].hash) {
            // `real estate of`: property, no person's estate.
            if k > 0, ts.isWord(k - 1, "real") { continue }
            let lineEnd = ts.lineEnd(toks[k].line)
            var s = k + 1
            guard s < lineEnd, toks[s].kind == .word, estateLinks.contains(toks[s].hash), !toks[s].has(.initialUpper) || toks[k].has(.upper)
            else { continue }
            s += 1
            while s < lineEnd, toks[s].kind == .word, lateWords.contains(toks[s].hash), !toks[s].has(.initialUpper) || toks[s].has(.upper) {
                s += 1
                if s < lineEnd, toks[s].glued, toks[s].isPunct(".") { s += 1 }
            }
            guard s < lineEnd, toks[s].kind == .word, toks[s].has(.initialUpper),
                  let r = run(ts, from: s, strong: false, maxNames: 4), r.first == s, !r.hitOrganisation, r.names >= 2,
                  nameWordsOnly(ts, r) else { continue }
            let e = r.end
            // `Estate of Edwin Parfitt Deceased`: a heading capitalises the word after the name.
            guard e >= lineEnd || toks[e].kind == .punct || (toks[e].kind == .word && !toks[e].has(.initialUpper)) || toks[e].has(.cellStart)
                    || deceasedWords.contains(toks[e].hash) else { continue }
            emit(r)
        }
    }

    /// A form's row of short name fields (`Last name: Quennell   First: Ottilie
    /// M.I.: R.`): `First:`, `Last:`, `Middle:` alone are everyday words, but
    /// on a line that holds another name field they are the given name,
    /// surname and middle name.
    static let shortNameFields = WordHash.set("first last middle given")
    static let nameFieldWords = WordHash.set("first last middle given surname forename forenames nachname vorname familienname")

    static func splitNameFields(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.capitalised) && shortNameFields.contains(toks[k].hash) {
            let line = toks[k].line
            let lineEnd = ts.lineEnd(line)
            guard k + 1 < lineEnd, toks[k + 1].isPunct(":"), toks[k + 1].glued else { continue }
            var s = k + 2
            if s >= lineEnd || toks[s].has(.cellStart) {
                // The value below: in the field's cell of the next row when other
                // fields follow (`Last name: │ First: │ M.I.:`), or opening the
                // next line when the field ends its line (wrapped text).
                let next = Int(line) + 1
                guard next < ts.lineCount, !ts.hasGap(before: next) else { continue }
                if s < lineEnd {
                    guard let c = TableRows.cellToken(ts, line: next, cell: toks[k].cell) else { continue }
                    s = c
                } else {
                    s = ts.line(next).lowerBound
                }
            }
            // Another name field on the line: a field word before `:` or `name:`.
            let others = ts.line(Int(line)).contains { m in
                guard m != k, toks[m].kind == .word, nameFieldWords.contains(toks[m].hash), m + 1 < lineEnd else { return false }
                if toks[m + 1].isPunct(":") { return true }
                return m + 2 < lineEnd && ts.isWord(m + 1, "name") && toks[m + 2].isPunct(":")
            }
            guard others, toks[s].kind == .word, toks[s].has(.initialUpper), let r = run(ts, from: s, strong: true, maxNames: 3),
                  r.first == s, !r.hitOrganisation, r.end >= ts.lineEnd(toks[s].line) || toks[r.end].has(.cellStart) else { continue }
            emit(r)
        }
    }

    /// A letter greeting its reader by given name alone, with no `Dear`
    /// (`Ottilie,` on its own line after a blank one, the text below): a
    /// listed given name, maybe with a surname, then the comma ending the line.
    static func greetingLine(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for l in 0..<ts.lineCount {
            let range = ts.line(l)
            guard range.count >= 2, range.count <= 4, ts.hasGap(before: l), l + 1 < ts.lineCount,
                  toks[range.upperBound - 1].isPunct(","), toks[range.lowerBound].has(.capitalised),
                  words.isUnambiguousGiven(toks[range.lowerBound].hash), !wordLikeGiven.contains(toks[range.lowerBound].hash),
                  let r = run(ts, from: range.lowerBound, strong: false, maxNames: 2), !r.hitOrganisation,
                  r.end == range.upperBound - 1, let next = ts.line(l + 1).first, toks[next].has(.initialUpper)
            else { continue }
            emit(r)
        }
    }

    static let requests = WordHash.set("please pls plz bitte kindly can could")

    /// A note to a colleague: a listed given name opening its line, a dash
    /// or comma, a request (`Darnell – please call …`, `Anna, bitte …`).
    static func addressedNote(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.lineStart) && toks[k].has(.capitalised) {
            guard k + 2 < ts.lineEnd(toks[k].line), words.isUnambiguousGiven(toks[k].hash), !wordLikeGiven.contains(toks[k].hash),
                  toks[k + 1].isPunct("\u{2013}") || toks[k + 1].isPunct("-") || toks[k + 1].isPunct(","),
                  toks[k + 2].kind == .word, !toks[k + 2].has(.initialUpper), requests.contains(toks[k + 2].hash) else { continue }
            let r = Run.word(k)
            emit(r)
        }
    }

    /// Person-to-person transfers on a statement: a payment app or a wire,
    /// then `TO` or `FROM` (`ZELLE TO`, `VENMO FROM`, `WIRE IN FROM`,
    /// `INCOMING WIRE FROM`): the party is a person or a firm, and a firm's
    /// name of two or three words is no personal data lost.
    static let transferServices = WordHash.set("ZELLE VENMO PAYPAL CASHAPP WIRE")
    static let transferFillers = WordHash.set("IN OUT TRANSFER PAYMENT PMT INCOMING OUTGOING INTL INTERNATIONAL")
    static let transferDirections = WordHash.set("TO FROM")
    /// Words of a booking text that end the party's name (`CONF# …`, `REF …`).
    static let bookingStops = WordHash.set("CONF REF MEMO ID ON FOR VIA TRN IBAN ACCT ACCOUNT BIC SWIFT BANK")

    static func transferParty(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.initialUpper) && transferServices.contains(toks[k].hash) {
            let upper = toks[k].has(.upper)
            let lineEnd = ts.lineEnd(toks[k].line)
            var d = k + 1
            var fillers = 0
            while d < lineEnd, fillers < 2, toks[d].kind == .word, transferFillers.contains(toks[d].hash), !toks[d].has(.cellStart) {
                d += 1
                fillers += 1
            }
            guard d + 1 < lineEnd, toks[d].kind == .word, transferDirections.contains(toks[d].hash), !toks[d].has(.cellStart),
                  toks[d].has(.upper) == upper else { continue }
            let s = d + 1
            var e = s
            var names = 0
            var ends: [Int] = []
            while e < lineEnd, names < 4, !toks[e].has(.cellStart) || e == s {
                if isGaelicParticle(ts, e, lineEnd) { e += 1; continue }
                let t = toks[e]
                guard t.kind == .word, t.letters >= 2, t.has(.spaceBefore), upper ? t.has(.upper) : t.has(.capitalised),
                      !bookingStops.contains(t.hash), isNameWord(ts, e, strong: false), !looksLikeNoun(ts, t) else { break }
                // `CONF#`, `REF:`: a field's code glued to its mark.
                if e + 1 < lineEnd, toks[e + 1].glued, toks[e + 1].isPunct("#") || toks[e + 1].isPunct(":") { break }
                e = hyphenEnd(ts, e + 1, lineEnd)
                names += 1
                ends.append(e)
            }
            guard names >= 2 else { continue }
            // More than three words is a firm or a place after the name: the
            // first two only when a listed given name opens them.
            guard names <= 3 || words.isGiven(toks[s].hash) else { continue }
            emit(upperRun(s, names <= 3 ? ends[names - 1] : ends[1]))
        }
    }

    /// The SEPA purpose field (`SVWZ:`, `SVWZ+`, `Verwendungszweck:`) of a
    /// booking text names whom the money is for: a listed given name alone
    /// (`Nachhilfe Mathe Elif Okt.`) and `Surname, Given` (`Entgelt 09/2025
    /// Aydogan, Deniz`), up to the end of the cell or the next field code.
    static let purposeCodes = WordHash.set("SVWZ Verwendungszweck")
    static let sepaFields = WordHash.set("EREF MREF CRED SVWZ ABWA ABWE KREF IBAN BIC PURP")
    /// Occasions of a gift or an allowance, before whom it is for.
    static let occasions = WordHash.set("Geburtstag Namenstag Taschengeld Geburtstagsgeschenk Birthday Bday")

    static func sepaPurpose(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && purposeCodes.contains(toks[k].hash) && toks[k].has(.initialUpper) {
            guard k + 1 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct(":") || toks[k + 1].isPunct("+") else { continue }
            let lineEnd = ts.lineEnd(toks[k].line)
            var j = k + 2
            while j < lineEnd, !toks[j].has(.cellStart) {
                let t = toks[j]
                if t.kind == .word, t.has(.upper), sepaFields.contains(t.hash), j + 1 < lineEnd, toks[j + 1].isPunct(":") { break }
                guard t.kind == .word, t.has(.capitalised), t.letters >= 3 else { j += 1; continue }
                let next = j + 1 < lineEnd && !toks[j + 1].has(.cellStart) ? j + 1 : -1
                // "Aydogan, Deniz": a surname, a comma, a listed given name.
                if next > 0, toks[next].isPunct(","), next + 1 < lineEnd, toks[next + 1].kind == .word, toks[next + 1].has(.capitalised),
                   !toks[next + 1].has(.cellStart), words.isUnambiguousGiven(toks[next + 1].hash), plainNameWord(ts, j) {
                    var r = Run(first: j, end: next + 2)
                    r.names = 2
                    r.listed = 1
                    emit(r)
                    j = next + 2
                    continue
                }
                // "Geburtstag Kasia", "Taschengeld Zofia": a name-shaped word after
                // an occasion of a gift is whom it is for, listed or not.
                if j > k + 2, toks[j - 1].kind == .word, occasions.contains(toks[j - 1].hash), plainNameWord(ts, j),
                   !relationsAfter.contains(t.hash), !words.organisations.contains(t.hash) {
                    let r = Run.word(j, listed: false)
                    emit(r)
                    j += 1
                    continue
                }
                // A given name before a surname is the pair's to take.
                if words.isUnambiguousGiven(t.hash), !wordLikeGiven.contains(t.hash), !words.notNames.contains(t.hash),
                   !(next > 0 && toks[next].kind == .word && toks[next].has(.initialUpper) && words.surnames.contains(toks[next].hash)) {
                    let r = Run.word(j)
                    emit(r)
                }
                j += 1
            }
        }
    }

    /// The US electronic signature `/s/ M. Ybarra`: the name after the mark.
    static func electronicSignature(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].isPunct("/") && k + 3 < toks.count {
            guard ts.isWord(k + 1, "s"), toks[k + 1].glued, toks[k + 2].isPunct("/"), toks[k + 2].glued,
                  toks[k + 3].line == toks[k].line, !toks[k + 3].glued,
                  let r = run(ts, from: k + 3, strong: true, maxNames: 3), r.first == k + 3, !r.hitOrganisation,
                  r.names >= 2 || r.listed > 0 || r.end - r.first > r.names else { continue }
            emit(r)
        }
    }

    /// `I, Jane Roe, authorize …`, `I, the undersigned …`: the declarant's
    /// name between the commas after `I`, two to four name-shaped words.
    static func declarant(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].letters == 1 && ts.isWord(k, "i") && toks[k].has(.upper) {
            let s = k + 2
            guard s < toks.count, toks[k + 1].isPunct(","), toks[s].line == toks[k].line, toks[s].kind == .word,
                  toks[s].has(.initialUpper), let r = run(ts, from: s, strong: false, maxNames: 4), r.first == s,
                  !r.hitOrganisation, r.names >= 2, r.end < ts.lineEnd(toks[s].line), toks[r.end].isPunct(","),
                  (s..<r.end).allSatisfy({ toks[$0].kind != .word || toks[$0].letters == 1 || plainNameWord(ts, $0) }) else { continue }
            emit(r)
        }
    }

    /// Vietnamese names written the Western way, given names first: the
    /// middle name `Thi`/`Van`, one or two more name words, a common
    /// Vietnamese surname (`Thi Bich Ngoc Nguyen`, `Van Long Tran`); and the
    /// same after the surname and a comma (`Nguyen, Thi Bich Ngoc`).
    static func vietnameseGivenFirst(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        func nameWord(_ j: Int, _ lineEnd: Int) -> Bool {
            j < lineEnd && toks[j].kind == .word && toks[j].has(.initialUpper) && toks[j].has(.spaceBefore) && !toks[j].has(.cellStart)
                && toks[j].letters >= 2 && !words.organisations.contains(toks[j].hash) && !looksLikeNoun(ts, toks[j])
                && (vietnameseMiddle.contains(toks[j].hash) || isNameWord(ts, j, strong: false)
                    || words.given.contains(toks[j].hash) || words.givenAmbiguous.contains(toks[j].hash))
        }
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            let t = toks[k]
            guard t.kind == .word, t.has(.initialUpper) else { continue }
            let lineEnd = ts.lineEnd(t.line)
            if vietnameseMiddle.contains(t.hash) {
                var e = k + 1
                while e < min(lineEnd, k + 3), nameWord(e, lineEnd), !vietnameseSurnames.contains(toks[e].hash) { e += 1 }
                guard e > k + 1, nameWord(e, lineEnd), vietnameseSurnames.contains(toks[e].hash) else { continue }
                var r = Run(first: k, end: e + 1)
                r.names = e + 1 - k
                r.listed = 1
                emit(r)
                k = e
            } else if vietnameseSurnames.contains(t.hash), k + 2 < lineEnd, toks[k + 1].isPunct(","),
                      toks[k + 2].kind == .word, vietnameseMiddle.contains(toks[k + 2].hash), toks[k + 2].has(.initialUpper) {
                var e = k + 3
                while e < min(lineEnd, k + 5), nameWord(e, lineEnd) { e += 1 }
                // The given names fill the field: nothing name-like after them.
                guard e >= lineEnd || toks[e].has(.cellStart) || toks[e].kind != .word else { continue }
                var r = Run(first: k, end: e)
                r.names = e - k - 1
                r.listed = 1
                emit(r)
                k = e - 1
            }
        }
    }
}
