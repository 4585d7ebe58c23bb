import RedactCore

/// Person names, found by position, never by a list alone.
///
/// Rule: German capitalises every noun, so a capitalised word in a name list
/// (`Koch`, `Fischer`, `Braun`) is not a name by itself. A name is taken
///   - after a salutation (`Herr`, `Frau`, `Mr`, `Dear`, `Sehr geehrte`, …) on
///     its line, or on the next line when the salutation ends its line;
///   - after a title (`Dr.`, `Prof.`), title included;
///   - as the value of a name label (`Name:`, `Kontoinhaber`, `Tenant`, …):
///     any name-shaped words when a `:`, a table cell or a line break sets
///     the value off; without one, only if a word is in the name lists; below
///     the label (next line, column), two words or a listed one;
///   - in a table column headed by a name label (`Dozent/in`, `Karteninhaber`,
///     `Assigned to`), every row's cell that is wholly a name;
///   - after a role or relation word (`Treasurer:`, `husband`, `Tochter`,
///     `Approved by`), further names in a label's list (`Kinder: Marco (…),
///     Anna (…)`), and letter-box capitals below an instructed label;
///   - as the birth name after `geb.`, `geborene`, `née`;
///   - as the line after a closing (`Mit freundlichen Grüßen`, `Kind
///     regards`), within three lines, when the whole line is name-shaped and
///     has two words or a listed name;
///   - as the line just above a street, postcode or PO box line (or the part
///     of the line before a street, or above a company or c/o line), when the
///     whole line is name-shaped;
///   - as a listed given name directly followed by a listed surname (`Anna
///     Fischer`), unless the given name is also an everyday word (`Rose`,
///     `Mai`, `August`, `Will`): those need one of the positions above;
///   - as a listed given name followed by an unlisted surname where a person
///     is introduced (see `unlistedSurname`), and as initials before a
///     surname (see `initialled`).
/// A name-shaped word starts with a capital (or is all capitals), has two or
/// more letters, and is not a function word, letter vocabulary, month or
/// weekday, or organisation word; initials (`M.`), titles (`Dr.`,
/// `Prof.`, `Dipl.-Ing.`), particles (`von`, `van der`) and hyphenated
/// parts are taken in. A run that runs into an organisation word (`GmbH`,
/// `Finanzamt`, `Bank`) or a compound ending in one (`Musterbank`) is an
/// organisation and not taken. The salutation
/// word itself is not covered; titles after it are.
/// `Frau Holle` in running text is taken as a name: a salutation followed by
/// a capitalised word is how names are written, and a fairy tale costs one
/// needless box where the opposite rule would miss real people.
enum NameRecognizer {
    /// A run of name-shaped tokens.
    struct Run {
        var first: Int
        var end: Int
        var names = 0
        var listed = 0
        var hitOrganisation = false

        /// One name word at token `k`, listed (a given name or surname the
        /// lists know) unless `listed` is false.
        static func word(_ k: Int, listed: Bool = true) -> Run {
            Run(first: k, end: k + 1, names: 1, listed: listed ? 1 : 0)
        }
    }

    static let words = WordSets.shared
    /// Booking words of a bank statement that open the counterparty's name.
    static let bookingWords: Set<UInt64> = Set(LabelWords.hashes(LabelWords.bookingWords))

    /// The longest run of name-shaped tokens on the line of token `j`,
    /// starting there. `strong`: the position already says "name" (a
    /// surname that is also a month or a common word, `Herr Mai`, is taken).
    static func run(_ ts: TokenStream, from j: Int, strong: Bool, connectors: Bool = false, maxNames: Int = 5) -> Run? {
        let toks = ts.tokens
        guard j < toks.count else { return nil }
        let lineEnd = ts.lineEnd(toks[j].line)
        var r = Run(first: j, end: j)
        var k = j
        var started = false
        // Bounded, so a line of a thousand "Dr." costs no more than a short one.
        let limit = min(lineEnd, j + 16)
        while k < limit && r.names < maxNames {
            let t = toks[k]
            // "Frau Kollegin │ Haslwanter", "Dr. │ Veronika …": a form's field
            // may split a title from the name it opens.
            let afterTitle = started && r.names == 0 && k > j && (toks[k - 1].isPunct(".") || words.titles.contains(toks[k - 1].hash))
            // `Reginald "Reggie" Asante`: a nickname in quotes between the names.
            if r.names > 0, k == r.end, let e = nicknameEnd(ts, k, lineEnd), e < limit, isNameWord(ts, e, strong: strong) {
                k = e
                continue
            }
            guard t.kind == .word, k == j || !t.has(.cellStart) || afterTitle else { break }
            let h = t.hash
            if t.has(.initialUpper), words.titles.contains(h) {
                if !started { r.first = k; started = true }
                k += 1
                // "Dr.", "Dipl.-Ing.", "Dr. med."
                while k < lineEnd, toks[k].glued, toks[k].isPunct(".") || toks[k].isPunct("-") {
                    k += 1
                }
                continue
            }
            if !t.has(.initialUpper) {
                // Lower-case title parts ("med.", "rer. nat.") and particles.
                if started, words.titles.contains(h), k + 1 < lineEnd, toks[k + 1].glued, toks[k + 1].isPunct(".") {
                    k += 2
                    continue
                }
                // "Sabine und Ralf Tiedemann": a connector only between given names.
                let connector = connectors && (ts.isWord(k, "und") || ts.isWord(k, "and")) && r.names > 0
                    && words.given.contains(toks[k - 1].hash) && k + 1 < lineEnd && words.given.contains(toks[k + 1].hash)
                // "Liesbeth van der Bergh", "Anna von der Heide": particles of two words
                // (opening the run where the position says "name": `Surname: de la Garza`).
                if started || strong, words.particles.contains(h), let p = particlesEnd(ts, k, lineEnd, upper: false), p > k + 1 {
                    if !started { r.first = k; started = true }
                    k = p
                    continue
                }
                // "M. de F. da Silva Pereira": a particle before a middle initial.
                if started, words.particles.contains(h), k + 2 < lineEnd, toks[k + 1].kind == .word, toks[k + 1].letters == 1,
                   toks[k + 1].has(.upper), toks[k + 1].has(.spaceBefore), toks[k + 2].glued, toks[k + 2].isPunct(".") {
                    k += 1
                    continue
                }
                if (words.particles.contains(h) || connector),
                   k + 1 < lineEnd, isNameWord(ts, k + 1, strong: strong) {
                    // "Vater von Ionuț": before a given name, `von` is a preposition.
                    if !started, words.isUnambiguousGiven(toks[k + 1].hash), !words.surnames.contains(toks[k + 1].hash) {
                        k += 1
                        r.first = k
                        continue
                    }
                    if !started { r.first = k; started = true }
                    k += 1
                    continue
                }
                break
            }
            // "Ellis Ó Floinn", "K Ó Súilleabháin", "PADRAIG O DRISCOLL": an Irish particle.
            if isGaelicParticle(ts, k, limit) {
                if !started { r.first = k; started = true }
                k += 1
                continue
            }
            if t.letters == 1 {
                // An initial: "M." or "J. R.", or in name position "Mr J Smith".
                if k + 1 < lineEnd, toks[k + 1].glued, toks[k + 1].isPunct(".") {
                    if !started { r.first = k; started = true }
                    k += 2
                    // "H.-U. Brechbühl": the initials of a double given name (Hans-Ulrich).
                    if k + 2 < lineEnd, toks[k].glued, toks[k].isPunct("-"), toks[k + 1].glued, toks[k + 1].kind == .word,
                       toks[k + 1].letters == 1, toks[k + 1].has(.upper), toks[k + 2].glued, toks[k + 2].isPunct(".") {
                        k += 3
                    }
                    r.end = k
                    continue
                }
                // Without its dot only where the position or the words say "name":
                // "Oliver J Hargreaves", "A Krishnamurthy".
                // A middle initial ending the field: "Yolanda M", "DOROTA A".
                if strong, r.names > 0, k == r.end, t.has(.spaceBefore), k + 1 >= lineEnd || toks[k + 1].has(.cellStart) {
                    k += 1
                    r.end = k
                    break
                }
                let plain = strong || (r.names > 0 && words.given.contains(toks[k - 1].hash))
                    || (k + 1 < limit && words.surnames.contains(toks[k + 1].hash))
                if plain, k + 1 < limit, toks[k + 1].has(.spaceBefore), isNameWord(ts, k + 1, strong: strong) || isGaelicParticle(ts, k + 1, limit) {
                    if !started { r.first = k; started = true }
                    k += 1
                    continue
                }
                break
            }
            // "TIMOTHEUS VAN DER BERGH": the particles in capitals; opening the run
            // where the position says "name" (`Surname  DA SILVA PEREIRA`).
            if r.names > 0 || started || strong, t.has(.upper), words.particles.contains(h),
               let p = particlesEnd(ts, k, lineEnd, upper: true) {
                if !started { r.first = k; started = true }
                k = p
                continue
            }
            if words.organisations.contains(h) || isOrganisationCompound(ts, t) { r.hitOrganisation = true; break }
            // A degree after the name ends it: "DR P. KALANI-REED DDS RENTON WA".
            if r.names > 0, postNominals.contains(h), t.has(.upper) || t.has(.capitalised) && t.letters <= 3 { break }
            guard isNameWord(ts, k, strong: strong) else { break }
            if !started { r.first = k; started = true }
            r.names += 1
            if words.given.contains(h) || words.surnames.contains(h) { r.listed += 1 }
            k += 1
            // Hyphenated parts: "Müller-Lüdenscheidt", "Anna-Lena"; after a
            // salutation two families: "Familie Conti/García".
            // A given name's second syllable in lower case: "Hyun-woo", "Mei-ling".
            while k + 1 < lineEnd, toks[k].glued, toks[k].isPunct("-") || (strong && toks[k].isPunct("/")),
                  toks[k + 1].glued, toks[k + 1].kind == .word,
                  toks[k + 1].has(.initialUpper) || (toks[k].isPunct("-") && r.names == 1 && (2...4).contains(toks[k + 1].letters)
                    && (k + 2 >= lineEnd || !toks[k + 2].glued)) {
                if words.organisations.contains(toks[k + 1].hash) { r.hitOrganisation = true; break }
                if words.given.contains(toks[k + 1].hash) || words.surnames.contains(toks[k + 1].hash) { r.listed += 1 }
                k += 2
            }
            r.end = k
            if connectors, k + 1 < lineEnd, toks[k].isPunct("&"), words.given.contains(toks[k - 1].hash),
               words.given.contains(toks[k + 1].hash) { k += 1 }
        }
        if r.hitOrganisation { return r }
        if r.names == 0 { return nil }
        // An organisation word right after the run makes it an organisation ("Muster GmbH").
        if r.end < lineEnd, toks[r.end].kind == .word, !toks[r.end].has(.cellStart),
           words.organisations.contains(toks[r.end].hash) { r.hitOrganisation = true }
        return r
    }

    /// The end of one or more name particles from `k` (`van der`, `VON
    /// DER`) when a name word follows them, all in capitals with `upper`,
    /// all in lower case otherwise.
    static func particlesEnd(_ ts: TokenStream, _ k: Int, _ lineEnd: Int, upper: Bool) -> Int? {
        let toks = ts.tokens
        var p = k
        while p < lineEnd, p - k < 3, toks[p].kind == .word, words.particles.contains(toks[p].hash), toks[p].has(.spaceBefore),
              upper ? toks[p].has(.upper) : !toks[p].has(.initialUpper) { p += 1 }
        guard p > k, p < lineEnd, toks[p].has(.spaceBefore), !toks[p].has(.cellStart), isNameWord(ts, p, strong: false),
              !upper || toks[p].has(.upper) else { return nil }
        return p
    }

    static let quotes: [Unicode.Scalar] = ["\"", "\u{201C}", "\u{201D}", "\u{201E}", "'", "\u{2018}", "\u{2019}"]

    /// A nickname in quotes at `k` (`"Reggie"`, `“TIM”`): one capitalised
    /// word glued between quotes, set off by spaces. Returns the token after
    /// the closing quote.
    static func nicknameEnd(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> Int? {
        let toks = ts.tokens
        guard k + 3 < lineEnd, toks[k].kind == .punct, toks[k].has(.spaceBefore), !toks[k].has(.cellStart),
              quotes.contains(where: { toks[k].isPunct($0) }), toks[k + 1].glued, toks[k + 1].kind == .word,
              toks[k + 1].has(.initialUpper), toks[k + 1].letters >= 2, toks[k + 2].glued,
              quotes.contains(where: { toks[k + 2].isPunct($0) }), toks[k + 3].has(.spaceBefore) else { return nil }
        return k + 3
    }

    /// Irish and Scottish Gaelic surname particles, written apart (`Ó
    /// Floinn`, `Ní Bhriain`, `Mac Giolla`; `O` in capitals where the
    /// accent or apostrophe is dropped).
    static let gaelicParticles = WordHash.set("Ó Ní Nic Uí Ua Mac Mhic")

    /// Whether token `k` is a Gaelic particle before a name word (not an
    /// initial with its dot).
    static func isGaelicParticle(_ ts: TokenStream, _ k: Int, _ limit: Int) -> Bool {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .word, t.has(.initialUpper), gaelicParticles.contains(t.hash), k + 1 < limit else { return false }
        let u = toks[k + 1]
        guard u.kind == .word, u.has(.spaceBefore), !u.has(.cellStart), u.letters >= 3, u.has(.initialUpper) else { return false }
        // A bare `O` only in capitals (`O DRISCOLL`) or before a capitalised word: the
        // accent dropped; not `O.` (an initial).
        return isNameWord(ts, k + 1, strong: false) && !looksLikeNoun(ts, u)
    }

    /// Degrees and qualifications written after a name.
    static let postNominals = WordHash.set("DDS DMD MD DO PhD RN NP PA DPM DVM CPA MBA FRCS MRCP FRCP MRCGP LLB LLM BSc MSc")

    /// Whether token `k` can be a word of a name.
    static func isNameWord(_ ts: TokenStream, _ k: Int, strong: Bool) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.has(.initialUpper), t.letters >= 2 else { return false }
        if words.organisations.contains(t.hash) || isOrganisationCompound(ts, t) { return false }
        if words.notNames.contains(t.hash) || words.cities.contains(t.hash) || LabelTable.shared.isLabelWord(t.hash)
            || endsInInnen(ts, t) {
            return strong && (words.surnames.contains(t.hash) || calendarGiven(ts, k))
        }
        return true
    }

    /// A listed given name that is also a weekday or month abbreviation
    /// (`Thu`, a common Vietnamese given name), in a name position and
    /// followed by another name word on its line (`Mrs Thu Trang Ellsworth`):
    /// a weekday does not stand between a salutation and a surname.
    static func calendarGiven(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        let t = toks[k]
        guard t.has(.capitalised), words.given.contains(t.hash), words.weekdays.contains(t.hash) || words.months.contains(t.hash),
              k + 1 < ts.lineEnd(t.line) else { return false }
        let u = toks[k + 1]
        return u.kind == .word && u.has(.spaceBefore) && !u.has(.cellStart) && u.has(.initialUpper) && u.letters >= 2
            && isNameWord(ts, k + 1, strong: false)
    }

    static let organisationSuffixes: [[UInt32]] = AddressRecognizer.folded([
        "bank", "kasse", "versicherung", "verwaltung", "werke", "zentrum", "klinik", "praxis", "gesellschaft",
        "verband", "verein", "stiftung", "schule", "institut", "ministerium", "behörde", "agentur", "service",
        "versand", "handel", "technik", "consulting", "immobilien", "apotheke", "kanzlei", "finanzamt", "gmbh", "anstalt",
    ])

    /// A compound ending in an organisation word (`Musterbank`,
    /// `Stadtsparkasse`, `Hausverwaltung`) names an organisation.
    static func isOrganisationCompound(_ ts: TokenStream, _ t: Token) -> Bool {
        guard t.kind == .word, t.count >= 7 else { return false }
        return endsWithAny(ts, t, organisationSuffixes, keeping: 3)
    }

    /// Whether token `t` ends in one of `suffixes` (folded) with at least
    /// `keeping` scalars before it.
    static func endsWithAny(_ ts: TokenStream, _ t: Token, _ suffixes: [[UInt32]], keeping: Int) -> Bool {
        for suffix in suffixes where t.count >= suffix.count + keeping {
            var i = Int(t.end) - 1
            var ok = true
            for c in suffix.reversed() {
                let v = ts.text[i].value
                if (v < 0x80 ? v.lowercasedASCII : WordHash.fold(v)) != c { ok = false; break }
                i -= 1
            }
            if ok { return true }
        }
        return false
    }

    /// German plural feminine forms (`Mieterinnen`, `Kolleginnen`) are
    /// groups of people, never a surname.
    static func endsInInnen(_ ts: TokenStream, _ t: Token) -> Bool {
        guard t.count > 6 else { return false }
        return ts.text.hasPrefix("innen", at: Int(t.end) - 5)
    }

    static func find(_ ts: TokenStream, labels: [LabelHit], nameLines: [Range<Int>], into out: inout [Detection]) {
        let toks = ts.tokens
        // The token ranges found with good evidence, for the family rule at the end.
        var found: [(range: Range<Int>, surnameAlone: Bool)] = []
        func emit(_ r: Run, _ confidence: Double, _ reason: Reason, _ kind: String) {
            let end = withSuffix(ts, lineBroken(ts, r.end))
            let first = afterTitles(ts, r.first, end)
            out.append(Detection(category: .name, range: ts.span(first, end - 1), confidence: confidence,
                                 reason: reason, kind: kind))
            if confidence >= DocumentEvidence.minConfidence { found.append((first..<end, kind == "salutation")) }
        }
        for hit in labels {
            switch hit.label.role {
            case .salutation:
                guard toks[hit.first].has(.initialUpper) else { continue }
                // `HR Operations Specialist`, `MS Teams`: the short forms in
                // capitals are Human Resources and a product, not Herr and Ms.
                // (`MR J SMITH` in a capitals address block stays a salutation.)
                if toks[hit.first].has(.upper), toks[hit.first].letters <= 2, hit.end - hit.first == 1, hit.end < toks.count,
                   toks[hit.end].kind == .word, !toks[hit.end].has(.upper) { continue }
                var j = hit.end
                let line = toks[hit.first].line
                if j >= toks.count { continue }
                if toks[j].line != line {
                    // "Herrn" alone on its line, the name below (in its column).
                    guard Int(line) + 1 < ts.lineCount, toks[j].line == line + 1, !toks[j].has(.gapBefore) else { continue }
                    if toks[hit.first].cell > 0 {
                        guard let c = TableRows.cellToken(ts, line: Int(line) + 1, cell: toks[hit.first].cell) else { continue }
                        j = c
                    }
                } else if toks[j].isPunct(".") {
                    j += 1
                    if j >= toks.count || toks[j].line != line { continue }
                }
                if let r = run(ts, from: j, strong: true), !r.hitOrganisation {
                    emit(r, 0.9, .context, hit.label.kind)
                } else if let r = afterWrappedTitle(ts, j) {
                    // "Frau Dr.⏎Halima Benali": running text wrapped after the title.
                    emit(r, 0.9, .context, hit.label.kind)
                }
            case .name:
                // `Gläubiger-ID`, `Kunden-Nr.`: the label word opens a compound that is another label.
                if hit.end + 1 < toks.count, toks[hit.end].glued, toks[hit.end].isPunct("-"), toks[hit.end + 1].glued,
                   toks[hit.end + 1].kind == .word, numberCompounds.contains(toks[hit.end + 1].hash) { continue }
                // `Child-Pugh A`: a role word opening a hyphenated compound is no label.
                if hit.label.needsListed, hit.end + 1 < toks.count, toks[hit.end].glued, toks[hit.end].isPunct("-"),
                   toks[hit.end + 1].glued, toks[hit.end + 1].kind == .word { continue }
                // `Auftraggeber/Empfänger`: the second half of one header cell.
                if hit.first > 1, toks[hit.first].glued, toks[hit.first - 1].isPunct("/"), toks[hit.first - 1].glued,
                   toks[hit.first - 2].kind == .word, LabelTable.shared.isLabelWord(toks[hit.first - 2].hash) { continue }
                // "Name:" or "Emergency contact:"; a lower-case label in a sentence needs a listed name.
                let labelled = toks[hit.first].has(.initialUpper) || LabelTable.colonAt(ts, hit.end)
                var taken = -1
                let header = isColumnHeader(ts, hit)
                var candidates = Fields.candidates(ts, first: hit.first, end: hit.end)
                // "Vorname        Titel⏎Juliane": a bare word in the next cell may be
                // the next header; the value below is tried first.
                if candidates.count > 1, candidates[0].token == hit.end, toks[hit.end].line == toks[hit.first].line,
                   toks[hit.end].has(.cellStart), let r = run(ts, from: hit.end, strong: true), r.listed == 0 {
                    candidates.append(candidates.removeFirst())
                }
                // "your sister, Tanisha Campbell": a relation or role word, a comma, the person.
                if hit.label.needsListed, hit.end + 1 < toks.count, toks[hit.end].isPunct(","),
                   toks[hit.end + 1].line == toks[hit.first].line {
                    candidates.insert((token: hit.end + 1, setOff: false), at: 0)
                }
                for (c, setOff) in candidates {
                    guard var r = run(ts, from: c, strong: setOff, connectors: true), !r.hitOrganisation else { continue }
                    let lineEnd = ts.lineEnd(toks[c].line)
                    // "Manager, Little Acorns Day Nursery": after a role and a comma, a
                    // name runs to the end of its phrase; more capitalised words make
                    // it an employer's name.
                    if hit.label.needsListed, c == hit.end + 1, toks[hit.end].isPunct(","), r.end < lineEnd,
                       toks[r.end].kind == .word, toks[r.end].has(.initialUpper), !toks[r.end].has(.cellStart) { continue }
                    // "Mustermann, Max": surname, comma, given name; the given name
                    // listed, or the pair is all the field holds.
                    if r.end + 1 < lineEnd, toks[r.end].isPunct(","), let more = run(ts, from: r.end + 1, strong: true),
                       !more.hitOrganisation, words.given.contains(toks[r.end + 1].hash)
                        || (setOff && r.names == 1 && (more.names == 1 || (more.names == 2 && more.listed > 0))
                            && (more.end == lineEnd || toks[more.end].has(.cellStart) || toks[more.end].isPunct("("))) {
                        r.end = more.end
                        r.names += more.names
                        r.listed += more.listed
                    } else if header, r.end + 1 < lineEnd, toks[r.end].isPunct(","), toks[r.end + 1].kind == .word,
                              toks[r.end + 1].has(.capitalised), !toks[r.end + 1].has(.cellStart),
                              r.end + 2 >= lineEnd || toks[r.end + 2].has(.cellStart) {
                        // Under a `Name, Vorname` header: `Nowicki, Jan`.
                        r.end += 2
                        r.names += 1
                    }
                    // In a header row the next cell is the next header (`Teilnehmer  Kurs  Betrag`).
                    if header, toks[c].line == toks[hit.first].line, r.listed == 0 { continue }
                    // A statement's booking text (`Überweisung Okke Brandenburg`):
                    // two or more name-shaped words filling the rest of the cell
                    // are the counterparty, listed or not.
                    let booking = bookingWords.contains(toks[hit.first].hash) && r.names >= 2 && !r.hitOrganisation
                        && (r.end >= lineEnd || toks[r.end].has(.cellStart))
                    // Initials with their dots before a surname are a person's (`lautend auf H.-U. Brechbühl`).
                    let initialled = toks[r.first].letters == 1 && r.first + 1 < r.end && toks[r.first + 1].isPunct(".")
                        && r.names >= 1 && toks[r.end - 1].has(.capitalised)
                    if !(setOff && labelled && !hit.label.needsListed) && r.listed == 0 && !booking && !initialled { continue }
                    // Below the label (next line, table column): one unlisted word
                    // may be anything ("Name⏎Büromaterial"), two or a listed one is a name,
                    // and so is one in capitals filling its field (`SURNAME⏎PUBLIC`, an ID card).
                    if toks[c].line != toks[hit.first].line && r.names < 2 && r.listed == 0
                        && (hit.label.needsListed || !(capitalsWord(ts, r) || fieldBelowColonLabel(ts, hit, r))) { continue }
                    emit(r, setOff ? 0.85 : 0.75, .context, hit.label.kind)
                    taken = r.first
                    // "Pammer (Yıldırım)": a birth or former name in brackets after the value.
                    if setOff, let b = bracketedName(ts, after: r.end) { emit(b, 0.8, .context, hit.label.kind) }
                    // "prepared by Rosalind⏎Achterberg, …": a given name ending its line,
                    // the surname opening the next.
                    if let w = wrappedSurname(ts, after: r) { emit(w, 0.75, .context, hit.label.kind) }
                    // "Kinder: Marco (01.03.2012), Anna (27.10.2015)": a list of names.
                    if setOff { more(ts, after: r.end, emit: { emit($0, 0.8, .context, hit.label.kind) }) }
                    break
                }
                // "Zahlungsempfänger: Name, Vorname (max. 27 Stellen)⏎K O W A L S K I":
                // a label followed by instructions, the value on the next line, maybe
                // written in letter boxes.
                if taken < 0, setOffByColon(ts, hit), Int(toks[hit.first].line) + 1 < ts.lineCount {
                    let next = ts.line(Int(toks[hit.first].line) + 1)
                    if !next.isEmpty, !ts.hasGap(before: Int(toks[hit.first].line) + 1) {
                        if let e = spaced(ts, next.lowerBound) {
                            var r = Run(first: next.lowerBound, end: e)
                            r.names = 1
                            emit(r, 0.8, .context, hit.label.kind)
                        } else if let r = run(ts, from: next.lowerBound, strong: true), !r.hitOrganisation,
                                  r.listed > 0 || (r.names >= 2 && !hit.label.needsListed) {
                            emit(r, 0.8, .context, hit.label.kind)
                        }
                    }
                }
                // "MI: F", "Middle initial  Q": one capital letter is the value.
                if taken < 0, initialLabels.contains(hit.label.words[0]), let (c, _) = candidates.first,
                   toks[c].kind == .word, toks[c].letters == 1, toks[c].has(.upper) {
                    var e = c + 1
                    if e < toks.count, toks[e].glued, toks[e].isPunct(".") { e += 1 }
                    if e >= ts.lineEnd(toks[c].line) || toks[e].has(.cellStart) {
                        let r = Run.word(c, listed: false)
                        emit(r, 0.8, .context, hit.label.kind)
                        taken = c
                    }
                }
                // "Geburtsname / Name at birth / Nom de naissance⏎YILDIZ": an ID card's
                // label with its translations, the value in capitals on the next line.
                if taken < 0, let c = belowTranslatedLabel(ts, hit), let r = run(ts, from: c, strong: true), !r.hitOrganisation,
                   r.first == c, r.end >= ts.lineEnd(toks[c].line), toks[c].has(.upper), r.names <= 3 {
                    emit(r, 0.85, .context, hit.label.kind)
                    taken = r.first
                }
                // "Familienname   Vorname(n)⏎NGUYEN-SCHULZ   EMILIA THAO": a label with a
                // plural mark heading its cell, the value in that cell below.
                if taken < 0, let c = belowBracketedLabel(ts, hit), let r = run(ts, from: c, strong: true), !r.hitOrganisation,
                   r.first == c, r.end >= ts.lineEnd(toks[c].line) || toks[r.end].has(.cellStart), r.names >= 2 || r.listed > 0 || capitalsWord(ts, r) {
                    emit(r, 0.85, .context, hit.label.kind)
                    taken = r.first
                }
                // "Vorname | Dario | Mirjam": a label heading a row of values, one
                // person a column (a tax return's spouses side by side).
                if header, taken >= 0, toks[hit.first].has(.lineStart), toks[taken].line == toks[hit.first].line {
                    row(ts, of: hit, after: taken, emit: { emit($0, 0.85, .context, hit.label.kind) })
                }
                // "Name | IBAN | …" heading a table: every row's cell in that column.
                if header {
                    column(ts, under: hit, skip: taken, emit: { emit($0, 0.85, .context, hit.label.kind) })
                }
            case .title:
                // "Dr. Ulrike Brandstätter", "Prof. Weber": a title opens a name.
                guard toks[hit.first].has(.initialUpper) else { continue }
                // "Claim details for Dr.⏎Mariusz Kowalczyk": running text wrapped after the title.
                if run(ts, from: hit.first, strong: true) == nil, let r = afterWrappedTitle(ts, hit.first) {
                    emit(r, 0.85, .context, hit.label.kind)
                    continue
                }
                if let r = run(ts, from: hit.first, strong: true), !r.hitOrganisation, r.first == hit.first {
                    emit(r, 0.85, .context, hit.label.kind)
                    // "Gemeinschaftspraxis Dr. Sommer / Yıldırım": the partner's surname after a slash.
                    if r.end + 1 < ts.lineEnd(toks[hit.first].line), toks[r.end].isPunct("/"), toks[r.end + 1].has(.spaceBefore),
                       let p = run(ts, from: r.end + 1, strong: true, maxNames: 2), !p.hitOrganisation, p.first == r.end + 1,
                       p.listed > 0 {
                        emit(p, 0.85, .context, hit.label.kind)
                    }
                }
            case .birth:
                // "Kindererziehung Artur (geb. 12.2.96)", "her son Leo (born 2015)":
                // the person whose birth is given right after, in brackets. A
                // given name alone, or a name of one or two words before the bracket.
                if hit.first >= 2, toks[hit.first - 1].isPunct("("), toks[hit.first - 1].line == toks[hit.first].line {
                    let w = hit.first - 2
                    var start = w
                    if w >= 1, toks[w - 1].kind == .word, toks[w - 1].has(.capitalised), toks[w - 1].line == toks[w].line,
                       words.isGiven(toks[w - 1].hash) { start = w - 1 }
                    if toks[w].kind == .word, toks[w].has(.initialUpper), toks[w].letters >= 2, toks[w].line == toks[hit.first].line,
                       !words.notNames.contains(toks[w].hash), !words.organisations.contains(toks[w].hash),
                       words.isGiven(toks[start].hash) || words.isSurname(toks[w].hash) {
                        var r = Run(first: start, end: w + 1)
                        r.names = w + 1 - start
                        r.listed = 1
                        emit(r, 0.8, .context, "birth given")
                    }
                }
                // "Erika Mustermann geb. Musterfrau": the birth name.
                // "Ana Ferraro, geb. 17.04.1986", "für Luka Marković, geb. 9. Mai 2019":
                // the person whose birth follows the comma.
                if let r = beforeBirth(ts, hit) { emit(r, 0.8, .context, "birth given") }
                // (A form may set the birth name off in a cell of its own after the
                // married name: `Hoffmann geb. │ Schäfer`; a `geb.` header cell is not that.)
                let afterName = hit.first > 0 && !toks[hit.first].has(.cellStart) && toks[hit.first - 1].line == toks[hit.first].line
                    && toks[hit.first - 1].kind == .word && toks[hit.first - 1].has(.initialUpper)
                guard maidenLabels.contains(toks[hit.first].hash), hit.label.words.count == 1, hit.end < toks.count,
                      toks[hit.end].line == toks[hit.first].line, !toks[hit.end].has(.cellStart) || afterName else { continue }
                if let r = run(ts, from: hit.end, strong: true, maxNames: 2), !r.hitOrganisation, r.first == hit.end {
                    emit(r, 0.85, .context, "birth name")
                }
            case .closing:
                signature(ts, after: hit, emit: { emit($0, 0.85, .context, "signature") })
            default:
                continue
            }
        }
        for line in nameLines {
            if let r = nameLine(ts, line) {
                emit(r, 0.85, .context, "address block")
                // "TRAN VAN MINH⏎NGUYEN THI HOA⏎4518 S ARCHER AVE": two addressees, one a line.
                let l = Int(toks[line.lowerBound].line)
                if !ts.hasGap(before: l), let above = secondAddressee(ts, line: l - 1, below: r) {
                    emit(above, 0.85, .context, "address block")
                }
            } else if let (a, b) = jointNameLine(ts, line) {
                emit(a, 0.85, .context, "address block")
                emit(b, 0.85, .context, "address block")
            }
        }
        positions(ts, emit: { r, confidence, kind in emit(r, confidence, .context, kind) })
        pairs(ts, emit: { r, listed in
            if listed { emit(r, 0.75, .gazetteer, "given name + surname") } else { emit(r, 0.6, .gazetteer, "given name + word") }
        })
        // Members of a family whose surname the names above found.
        var covered = [Bool](repeating: false, count: toks.count)
        for (r, _) in found { for k in r { covered[k] = true } }
        family(ts, surnames: familySurnames(ts, found), covered: covered, emit: { emit($0, 0.8, .context, "family member") })
    }

    /// The name opening the next line when only titles (`Dr.`, `Prof. Dr.`)
    /// follow a salutation at `j` to the end of its line, in running text.
    static func afterWrappedTitle(_ ts: TokenStream, _ j: Int) -> Run? {
        let toks = ts.tokens
        guard j < toks.count else { return nil }
        let line = toks[j].line
        let lineEnd = ts.lineEnd(line)
        var k = j
        while k < lineEnd, toks[k].kind == .word, toks[k].has(.initialUpper), words.titles.contains(toks[k].hash) {
            k += 1
            while k < lineEnd, toks[k].glued, toks[k].isPunct(".") { k += 1 }
        }
        guard k > j, k == lineEnd, k < toks.count, toks[k].line == line + 1, !toks[k].has(.gapBefore), toks[k].cell == 0,
              toks[j].cell == 0, let r = run(ts, from: k, strong: true, maxNames: 3), r.first == k, !r.hitOrganisation,
              endsName(ts, r.end, ts.lineEnd(toks[k].line)) else { return nil }
        return r
    }

    /// A name hyphenated at the end of its line (`Wierz-⏎bicka`, OCR or
    /// typesetting) goes on with the first word of the next line when that
    /// word is lower-case. Returns the end of the name.
    static func lineBroken(_ ts: TokenStream, _ end: Int) -> Int {
        let toks = ts.tokens
        guard end > 0, end + 1 < toks.count, toks[end].isPunct("-"), toks[end].glued,
              toks[end - 1].kind == .word, toks[end + 1].line == toks[end].line + 1, ts.lineEnd(toks[end].line) == end + 1,
              !toks[end + 1].has(.gapBefore), toks[end + 1].kind == .word, toks[end + 1].letters >= 2,
              !toks[end + 1].has(.initialUpper) || isNameWord(ts, end + 1, strong: false) else { return end }
        return end + 2
    }

    /// One name-shaped word in brackets right after a name (`Pammer
    /// (Yıldırım)`, `Weber (geb. Kraus)` is the birth label's): the name
    /// before marriage or the one used.
    static func bracketedName(_ ts: TokenStream, after end: Int) -> Run? {
        let toks = ts.tokens
        guard end + 2 < toks.count, toks[end].isPunct("("), toks[end].line == toks[end - 1].line, toks[end + 1].glued,
              toks[end + 1].kind == .word, toks[end + 1].has(.initialUpper), toks[end + 1].letters >= 2, !isAcronym(ts, toks[end + 1]),
              isNameWord(ts, end + 1, strong: false), !looksLikeNoun(ts, toks[end + 1]) else { return nil }
        let e = hyphenEnd(ts, end + 2, ts.lineEnd(toks[end].line))
        guard e < toks.count, toks[e].isPunct(")"), toks[e].line == toks[end].line else { return nil }
        var r = Run(first: end + 1, end: e)
        r.names = 1
        return r
    }

    /// A mixed-case acronym (`SENCo`, `GPhC`, `NHSmail`): two capitals
    /// opening a word that has lower case too; a name has one (`McAllister`).
    static func isAcronym(_ ts: TokenStream, _ t: Token) -> Bool {
        guard t.has(.capitalised), t.count >= 3 else { return false }
        return TokenStream.isUpper(ts.text[Int(t.start) + 1])
    }

    /// The further cells of a row headed by a name label, after the value
    /// taken from its first cell: each that is wholly a name, with a listed
    /// word or of two words (one word under a given-name or surname label).
    static func row(_ ts: TokenStream, of hit: LabelHit, after taken: Int, emit: (Run) -> Void) {
        let toks = ts.tokens
        let lineEnd = ts.lineEnd(toks[hit.first].line)
        let single = singleWordHeaders.contains(hit.label.words[0])
        var c = taken + 1
        while c < lineEnd {
            defer { c += 1 }
            guard toks[c].has(.cellStart), let r = run(ts, from: c, strong: true, connectors: true), r.first == c,
                  !r.hitOrganisation, r.end >= lineEnd || toks[r.end].has(.cellStart) else { continue }
            if r.listed > 0 || r.names >= 2 || (single && toks[c].has(.capitalised)) { emit(r) }
        }
    }

    /// Whether a `:` follows the label and the rest of its line describes
    /// the field rather than fills it (`Name, Vorname/Firma (max. 27
    /// Stellen)`): it holds another label word.
    static func setOffByColon(_ ts: TokenStream, _ hit: LabelHit) -> Bool {
        let toks = ts.tokens
        let lineEnd = ts.lineEnd(toks[hit.first].line)
        guard hit.end < lineEnd, toks[hit.end].isPunct(":") else { return false }
        return toks[(hit.end + 1)..<lineEnd].contains { $0.kind == .word && LabelTable.shared.isLabelWord($0.hash) }
    }

    /// Letters in boxes, read by OCR as capitals one space apart (`K O W A L
    /// S K I   M A R T A`): at least five (`I B A N` is a box label), to the end of the line. Returns
    /// the end.
    static func spaced(_ ts: TokenStream, _ k: Int) -> Int? {
        let toks = ts.tokens
        let lineEnd = ts.lineEnd(toks[k].line)
        var j = k
        while j < lineEnd, toks[j].kind == .word, toks[j].letters == 1, toks[j].has(.initialUpper),
              j == k || toks[j].has(.spaceBefore) {
            j += 1
        }
        return j - k >= 5 && j == lineEnd ? j : nil
    }

    /// Further names in a label's list on its line, after `,`, `;`, `und`,
    /// `and`, `&`, past a bracket (`Marco (2012), Anna (2015)`): each must
    /// open with a listed given name.
    static func more(_ ts: TokenStream, after end: Int, emit: (Run) -> Void) {
        let toks = ts.tokens
        guard end < toks.count else { return }
        let lineEnd = ts.lineEnd(toks[end].line)
        var k = end
        var found = 0
        while k < lineEnd, found < 8 {
            if toks[k].isPunct("(") {
                // Skip a short bracket.
                var c = k + 1
                while c < min(lineEnd, k + 12), !toks[c].isPunct(")") { c += 1 }
                guard c < lineEnd, toks[c].isPunct(")") else { return }
                k = c + 1
                continue
            }
            guard toks[k].isPunct(",") || toks[k].isPunct(";") || toks[k].isPunct("&") || ts.isWord(k, "und")
                    || ts.isWord(k, "and") else { return }
            k += 1
            if k < lineEnd, let r = surnameFirst(ts, k, introducedOnly: false) {
                emit(r)
                found += 1
                k = r.end
                continue
            }
            // "Imhof, Walter und Imhof-Kaufmann, Rosmarie": a register's surname,
            // comma, listed given name.
            if k < lineEnd, let r = run(ts, from: k, strong: true, maxNames: 2), !r.hitOrganisation, r.first == k, r.names == 1,
               r.end + 1 < lineEnd, toks[r.end].isPunct(","), words.isUnambiguousGiven(toks[r.end + 1].hash),
               let g = run(ts, from: r.end + 1, strong: true, maxNames: 2), !g.hitOrganisation, g.first == r.end + 1 {
                var whole = r
                whole.end = g.end
                whole.names += g.names
                whole.listed += g.listed
                emit(whole)
                found += 1
                k = whole.end
                continue
            }
            guard k < lineEnd, words.isUnambiguousGiven(toks[k].hash), let r = run(ts, from: k, strong: true),
                  !r.hitOrganisation, r.first == k else { return }
            emit(r)
            found += 1
            k = r.end
        }
    }

    /// Name labels that head a column of people only (not `Name`, which heads
    /// products too, nor `Empfänger`, which heads companies too).
    static let peopleHeaders = LabelWords.set(LabelWords.peopleHeaders)

    /// Labels whose value is an initial (`MI: F`).
    static let initialLabels = LabelWords.set(LabelWords.initialLabels)

    /// Headers of a column that holds one name word per row.
    static let singleWordHeaders = LabelWords.set(LabelWords.singleWordHeaders)

    /// A run that is one word in capitals (`MUSTERMANN`, `PUBLIC`) filling its
    /// cell or line: how ID cards, passports and forms print a surname or a
    /// given name below its label.
    /// A form's field: the label alone on its line, ending in a colon
    /// (`Familienname:`), and on the line right below one capitalised word
    /// filling it (`Quast`). A header cell without a colon (`Name⏎Büromaterial`)
    /// is not a field.
    static func fieldBelowColonLabel(_ ts: TokenStream, _ hit: LabelHit, _ r: Run) -> Bool {
        let toks = ts.tokens
        guard r.names == 1, hit.end < toks.count, toks[hit.first].has(.lineStart), toks[hit.end].isPunct(":"),
              hit.end + 1 == ts.lineEnd(toks[hit.first].line) else { return false }
        let t = toks[r.first]
        guard t.kind == .word, t.has(.initialUpper), t.has(.lineStart), t.line == toks[hit.first].line + 1,
              !ts.hasGap(before: Int(t.line)) else { return false }
        return r.end >= ts.lineEnd(t.line)
    }

    static func capitalsWord(_ ts: TokenStream, _ r: Run) -> Bool {
        let toks = ts.tokens
        guard r.names == 1 else { return false }
        let t = toks[r.first]
        guard t.kind == .word, t.has(.upper), t.letters >= 2, !capitalsNotNames.contains(t.hash) else { return false }
        return r.end >= ts.lineEnd(t.line) || toks[r.end].has(.cellStart)
    }

    /// Capitals below a name label that fill a field without naming anyone.
    static let capitalsNotNames = WordHash.set("""
        NONE NIL NA KEINE KEINER KEIN ENTFÄLLT ENTFAELLT UNBEKANNT UNKNOWN MALE FEMALE MÄNNLICH WEIBLICH DIVERS \
        DEUTSCH GERMAN BRITISH AMERICAN USA UK EU SPECIMEN MUSTER SAMPLE VOID TEST
        """)

    /// A name label alone in the first cell of a row of three or more cells
    /// heads a table column (`Name  Abteilung  Kartennummer`).
    static func isColumnHeader(_ ts: TokenStream, _ hit: LabelHit) -> Bool {
        let toks = ts.tokens
        let t = toks[hit.first]
        guard t.has(.cellStart) else { return false }
        let lineEnd = ts.lineEnd(t.line)
        var e = hit.end
        while e < lineEnd, toks[e].isPunct(":") || toks[e].isPunct("/") || toks[e].isPunct(")") {
            e += 1
            // `Auftraggeber/Empfänger`, `Name/Firma`: a second header word after the slash.
            if toks[e - 1].isPunct("/"), e < lineEnd, toks[e].glued, toks[e].kind == .word { e += 1 }
        }
        guard e >= lineEnd || toks[e].has(.cellStart) else { return false }
        return toks[lineEnd - 1].cell >= 2
    }

    /// The cells of the column headed by `hit`, down to the end of the table
    /// (over a page break when the rows go on, see `TableRows`). A cell is a candidate
    /// when it is wholly name-shaped. The column is a column of names when
    /// its header is a role (`Karteninhaber`) or at least half of its
    /// candidates hold a listed name (or initials and a surname): then every candidate of two or more words is taken; otherwise
    /// (`Name  Menge  Preis` over products) only the cells with a listed name.
    static func column(_ ts: TokenStream, under hit: LabelHit, skip: Int, emit: (Run) -> Void) {
        let toks = ts.tokens
        var cells: [Run] = []
        for c in TableRows.column(ts, header: Int(toks[hit.first].line), cell: toks[hit.first].cell) {
            guard var run = run(ts, from: c, strong: true, connectors: true), !run.hitOrganisation, run.first == c else { continue }
            let lineEnd = ts.lineEnd(toks[c].line)
            // "Delgado, Marco A.": surname, comma, given names filling the cell.
            if run.end + 1 < lineEnd, toks[run.end].isPunct(","), !toks[run.end + 1].has(.cellStart),
               let more = Self.run(ts, from: run.end + 1, strong: true, connectors: true), !more.hitOrganisation {
                var e = more.end
                if e < lineEnd, toks[e].isPunct("."), toks[e].glued { e += 1 }
                if e >= lineEnd || toks[e].has(.cellStart) {
                    run.end = e
                    run.names += more.names
                    run.listed += more.listed
                }
            } else if run.end + 1 < lineEnd, toks[run.end].isPunct(","), toks[run.end + 1].kind == .word,
                      toks[run.end + 1].has(.capitalised), !toks[run.end + 1].has(.cellStart),
                      run.end + 2 >= lineEnd || toks[run.end + 2].has(.cellStart) {
                // "Nowicki, Jan": a given name that is also a month or a
                // word, alone after the comma in a name column, is the name.
                run.end += 2
                run.names += 1
            }
            let ends = run.end >= lineEnd || toks[run.end].has(.cellStart) || toks[run.end].isPunct(",")
                || toks[run.end].isPunct("(")
            if ends { cells.append(run) }
        }
        func strong(_ r: Run) -> Bool { r.listed > 0 || r.end - r.first > r.names }
        // A role header (`Karteninhaber`, `Dozent/in`) or a person header
        // (`Mitarbeiter`, `Patient`) names people; `Name` may head products,
        // `Empfänger` companies.
        let single = singleWordHeaders.contains(hit.label.words[0])
        let names = hit.label.needsListed || peopleHeaders.contains(hit.label.words[0]) || single
            || cells.filter(strong).count * 2 >= cells.count
        // A column of given names or surnames (`Vorname`, `Surname`, `Preferred
        // name`) holds one word per cell.
        // An unlisted single word only in the first row (a form's one value row):
        // further down, the cells may belong to the next block of the form.
        let firstRow = cells.first.map { toks[$0.first].line }
        for r in cells where r.first != skip
            && (strong(r) || (names && (r.names >= 2 || capitalsWord(ts, r)
                || (single && r.names == 1 && toks[r.first].line == firstRow)))) { emit(r) }
    }

    /// A line (or part of one) that is nothing but a name, optionally after
    /// a salutation, `Familie` or `c/o`.
    static func nameLine(_ ts: TokenStream, _ range: Range<Int>) -> Run? {
        let toks = ts.tokens
        var a = range.lowerBound
        var b = range.upperBound
        guard a < b else { return nil }
        var introduced = false
        // "bei Okonjo": the German c/o, the household the addressee lives with
        // (a form may set the name off in a cell of its own: `bei │ Okonjo`).
        if b - a >= 2, ts.isWord(a, "bei"), toks[a + 1].has(.initialUpper) { a += 1; introduced = true }
        // Only the first cell: the rest of the line may be another column.
        if a + 1 < b, let c = toks[(a + 1)..<b].firstIndex(where: { $0.has(.cellStart) }) { b = c }
        while b > a, toks[b - 1].isPunct(",") || toks[b - 1].isPunct(";") { b -= 1 }
        // "2. CHLOE MAE FERRIS-QUINN", "3. DESMOND FERRIS (guarantor)": a claim
        // form's numbered parties, each with a role in brackets after the name.
        if b - a >= 3, toks[a].kind == .number, toks[a].count <= 2, toks[a + 1].glued, toks[a + 1].isPunct(".") || toks[a + 1].isPunct(")") {
            a += 2
        }
        if b - a >= 4, toks[b - 1].isPunct(")"), let o = toks[a..<b].lastIndex(where: { $0.isPunct("(") }), o > a + 1,
           ((o + 1)..<(b - 1)).allSatisfy({ toks[$0].kind == .word && !toks[$0].has(.initialUpper) }) {
            b = o
        }
        // `Bisheriger Hauptwohnsitz⏎Example-Straße 9, …`: the field's label, not the addressee.
        if AddressLabels.isLabel(ts, a..<b) { return nil }
        // c/o, z. Hd., Attn
        if b - a > 3, ts.isWord(a, "c"), toks[a + 1].isPunct("/"), ts.isWord(a + 2, "o") { a += 3; introduced = true }
        if a < b, toks[a].kind == .word, salutationWords.contains(toks[a].hash) {
            a += 1
            if a < b, toks[a].isPunct(".") { a += 1 }
            introduced = true
        }
        guard a < b, let r = run(ts, from: a, strong: true, connectors: true), !r.hitOrganisation, r.end == b else {
            return nil
        }
        if r.names >= 2 || r.listed > 0 || introduced { return r }
        return nil
    }

    static let maidenLabels = LabelWords.set(LabelWords.maidenLabels)

    static let salutationWords = LabelWords.set(LabelWords.salutationWords)

    /// The signature after a closing phrase.
    static func signature(_ ts: TokenStream, after hit: LabelHit, emit: (Run) -> Void) {
        let toks = ts.tokens
        let line = Int(toks[hit.first].line)
        var j = hit.end
        // The rest of the closing's cell (another closing may stand beside it).
        if j < toks.count, toks[j].line == line, !(toks[j].has(.cellStart) && toks[j].cell != toks[hit.first].cell) {
            // "Kind regards, Jane Doe"
            while j < toks.count, toks[j].line == line, toks[j].isPunct(",") { j += 1 }
            // "thanks monique": a message signed in lower case, a listed given name ending the line.
            if j < toks.count, toks[j].line == line, toks[j].kind == .word, !toks[j].has(.initialUpper),
               words.isUnambiguousGiven(toks[j].hash), j + 1 == ts.lineEnd(Int32(line)) || toks[j + 1].isPunct(".") {
                let r = Run.word(j)
                emit(r)
                return
            }
            if j < toks.count, toks[j].line == line {
                if let r = run(ts, from: j, strong: true), !r.hitOrganisation, r.names >= 2 || r.listed > 0 {
                    emit(r)
                    return
                }
                // "Freundliche Grüsse aus Zürich⏎Name": a short rest on a line the closing opens.
                var cellEnd = j + 1
                while cellEnd < ts.lineEnd(Int32(line)), !toks[cellEnd].has(.cellStart) { cellEnd += 1 }
                guard toks[hit.first].has(.cellStart), cellEnd - j <= 4 else { return }
            }
        }
        var l = line + 1
        var looked = 0
        // A closing in a later column (two signatures side by side): the name
        // is in that column's cell below.
        let column = toks[hit.first].cell
        while l < ts.lineCount && looked < 3 {
            guard let r = column == 0 ? ts.line(l) : TableRows.cellRange(ts, line: l, cell: column) else {
                l += 1
                continue
            }
            l += 1
            var a = r.lowerBound
            // "i. A.", "i.V.", "ppa.", "gez."
            if a + 3 < r.upperBound, ts.isWord(a, "i"), toks[a + 1].isPunct("."), ts.isWord(a + 2, "a") || ts.isWord(a + 2, "v"),
               toks[a + 3].isPunct(".") {
                a += 4
            }
            while a < r.upperBound {
                if toks[a].kind == .word, toks[a].count <= 3, !toks[a].has(.initialUpper) || ts.isWord(a, "ppa") || ts.isWord(a, "gez") {
                    a += 1
                    while a < r.upperBound, toks[a].isPunct(".") { a += 1 }
                } else { break }
            }
            if a >= r.upperBound { continue }
            // Lines of only punctuation (a drawn signature line).
            if !toks[a..<r.upperBound].contains(where: { $0.kind != .punct }) { continue }
            looked += 1
            guard let run = run(ts, from: a, strong: true, connectors: true), !run.hitOrganisation else { continue }
            let endsLine = run.end == r.upperBound || toks[run.end].isPunct(",") || toks[run.end].isPunct("(")
                || lineBroken(ts, run.end) > run.end
                || toks[run.end].has(.cellStart)
            // Two words, a listed name, or initials and a surname (`J. Abernethy`).
            if endsLine && (run.names >= 2 || run.listed > 0 || run.end - run.first > run.names) {
                emit(run)
                return
            }
        }
    }

    /// Listed given name(s) followed by a listed surname on one line.
    /// Given names that are also adjectives (`Frank Talk`, `Christian
    /// Values`): fine before a listed surname, not before any word.
    static let wordLikeGiven = WordHash.set("Frank Christian Ernst Jack Justin Earnest Hope Major Ray Don Art Chase Dean Grant Guy")
    static let introducers = WordHash.set("""
        von an für mit bei durch zwischen und sowie by from to for with and of via \
        contact call ask asked email emailed phone phoned ring rang tell told thank thanks met meet see saw cc per attn \
        husband wife son daughter mother father brother sister partner spouse tenant landlord colleague manager \
        contractor employee member patient client customer applicant claimant witness officer is ist \
        authorize authorise authorizes authorises appoint appoints nominate nominates bevollmächtige bevollmächtigen
        """)
    static let nounSuffixes: [[UInt32]] = AddressRecognizer.folded([
        "ung", "heit", "keit", "schaft", "tät", "ion", "nis", "tum", "ment", "chen", "lein", "ismus", "ik", "ie",
        "ur", "enz", "anz", "ei", "tag", "zeit", "amt", "geld", "kosten", "steuer", "betrag", "vertrag", "antrag",
        "ness", "ity", "ship", "ance", "ence",
    ])

    /// A listed given name followed by a surname not in the lists (`Tobias
    /// Quast`) only where a person is being introduced: at the start of a
    /// line or cell, after punctuation, or after `von`, `an`, `mit`, `to`,
    /// `from`, … ("Überweisung an Tobias Quast"), never after a verb
    /// ("heute hat Peter Geburtstag"); and the word must not look like a noun.
    static func unlistedSurname(_ ts: TokenStream, given k: Int, surname j: Int) -> Bool {
        let toks = ts.tokens
        let t = toks[j]
        guard !wordLikeGiven.contains(toks[k].hash), t.has(.capitalised), t.letters >= 3, isNameWord(ts, j, strong: false),
              !words.givenAmbiguous.contains(t.hash) else { return false }
        if looksLikeNoun(ts, t) { return false }
        return introduced(ts, k)
    }

    /// A surname after a listed given name and middle initials (`John Q.
    /// Public`, `Mary K. Whitfield`): given name, initial and dot are how a
    /// person's name is written, so the surname need not be listed nor the
    /// name introduced; it must still be name-shaped and not look like a noun.
    static func middleInitialled(_ ts: TokenStream, surname j: Int) -> Bool {
        let t = ts.tokens[j]
        guard t.has(.capitalised) || t.has(.upper), t.letters >= 2, isNameWord(ts, j, strong: false) else { return false }
        return !looksLikeNoun(ts, t)
    }

    /// A word ending like a German or English abstract noun (`-ung`, `-heit`, `-ness`).
    static func looksLikeNoun(_ ts: TokenStream, _ t: Token) -> Bool {
        endsWithAny(ts, t, nounSuffixes, keeping: 2)
    }

    /// Whether a name starting at token `k` stands where a person is
    /// introduced: at the start of a line or cell, after punctuation, or
    /// after `von`, `an`, `mit`, `to`, `from`, `and`, …, never after a verb.
    /// `openingCounts`: whether the start of a line or cell is enough (not
    /// for a given name that is also a word: `Mark Weber erklärt`).
    static func introduced(_ ts: TokenStream, _ k: Int, openingCounts: Bool = true) -> Bool {
        let toks = ts.tokens
        let g = toks[k]
        if g.has(.lineStart) || g.has(.cellStart) || k == 0 { return openingCounts }
        let p = toks[k - 1]
        // "BAO TRAN C/O MAI TRAN": care of a person.
        if k >= 3, p.kind == .word, p.letters == 1, ts.isWord(k - 1, "o"), toks[k - 2].isPunct("/"), ts.isWord(k - 3, "c") {
            return true
        }
        // "2. Owen Pickavance, Manager", "b) Lena Stöckl": a numbered item opens like a line.
        if k >= 2, p.isPunct(".") || p.isPunct(")"), p.glued, g.has(.spaceBefore), listMarker(ts, k - 2) { return openingCounts }
        // "made between (1) Edwin Lisle Parfitt and (2) …": a party's number in brackets.
        if k >= 3, p.isPunct(")"), p.glued, g.has(.spaceBefore), toks[k - 3].isPunct("("), toks[k - 2].glued,
           toks[k - 2].kind == .number && toks[k - 2].digits <= 2 || toks[k - 2].kind == .word && toks[k - 2].letters == 1 {
            return true
        }
        if p.kind == .punct {
            return p.isPunct(",") || p.isPunct(":") || p.isPunct("(") || p.isPunct("/") || p.isPunct(";")
                || p.isPunct("\u{2013}") || p.isPunct("\u{2014}") || (p.isPunct("-") && g.has(.spaceBefore))
        }
        // "booked with HCA Ravinder Kaur Bhamra": a role's acronym between the
        // introducing word and the name.
        if k >= 2, p.kind == .word, p.has(.upper), roleAcronyms.contains(p.hash), toks[k - 2].line == g.line,
           toks[k - 2].kind == .word, !toks[k - 2].has(.initialUpper), introducers.contains(toks[k - 2].hash) {
            return true
        }
        return p.kind == .word && !p.has(.initialUpper) && introducers.contains(p.hash)
    }

    /// Health and care roles written as acronyms before a name (`HCA`, `GP`,
    /// `RN`, `OT`): a health-care assistant, a doctor, a nurse, a therapist.
    static let roleAcronyms = WordHash.set("GP HCA RN RGN RMN OT PT SLT ANP CNS HV DN NP CPN APN LPN CNA EMT")

    /// A list item's number or letter opening its line (`2`, `b`, `iv`),
    /// before its `.` or `)`.
    static func listMarker(_ ts: TokenStream, _ m: Int) -> Bool {
        let t = ts.tokens[m]
        guard t.has(.lineStart) else { return false }
        if t.kind == .number { return t.digits <= 2 }
        // Not `i.` (`i. A. Meyer`, the German "on behalf of").
        return t.kind == .word && !t.has(.initialUpper) && (t.letters == 1 && !ts.isWord(m, "i") || romanNumerals.contains(t.hash))
    }

    static let romanNumerals = WordHash.set("ii iii iv vi vii viii ix xi xii")

    /// Initials with dots directly followed by a listed surname (`G.
    /// Ehlers`, `L.Meißner`, `K. M. Engelhardt`) where a person is
    /// introduced (line or cell start, `(`, `:`, `,`, `an`, `by`, …).
    static func initialled(_ ts: TokenStream, _ k: Int) -> Run? {
        let toks = ts.tokens
        guard introduced(ts, k) else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        guard let j = initialsEnd(ts, k, lineEnd), j < lineEnd, toks[j].kind == .word, toks[j].has(.initialUpper), toks[j].letters >= 2,
              !words.organisations.contains(toks[j].hash) else { return nil }
        // An unlisted surname only after `:` or `(`, or in a cell inside a line
        // (a row of signatures), never opening a line (`A. Allgemeines`).
        if !words.surnames.contains(toks[j].hash) {
            let g = toks[k]
            let after = k > 0 && !g.has(.lineStart) && (toks[k - 1].isPunct(":") || toks[k - 1].isPunct("(") || g.has(.cellStart)
                || signedAfterDate(ts, k, surname: j))
            guard after, isNameWord(ts, j, strong: false), !looksLikeNoun(ts, toks[j]) else { return nil }
        }
        var end = j + 1
        while end + 1 < lineEnd, toks[end].glued, toks[end].isPunct("-"), toks[end + 1].glued,
              toks[end + 1].kind == .word, toks[end + 1].has(.initialUpper) { end += 2 }
        if end < lineEnd, toks[end].kind == .word, words.organisations.contains(toks[end].hash) { return nil }
        // "L. Fernández Ortega"
        if end < lineEnd, toks[end].kind == .word, toks[end].has(.spaceBefore), !toks[end].has(.cellStart),
           words.surnames.contains(toks[end].hash) { end += 1 }
        var r = Run(first: k, end: end)
        r.names = 1
        r.listed = 1
        return r
    }

    /// Whether the initials at `k` follow a date and a comma (`Wien,
    /// 01.12.2025, I. Schwarzenberger-Hödl`, `übernommen am 08.01.2024, K.
    /// Rüdisser (Lohnverrechnung)`): place, date and signature of a form.
    /// The surname at `j` must end the line or its field (`,`, `(`, a cell).
    static func signedAfterDate(_ ts: TokenStream, _ k: Int, surname j: Int) -> Bool {
        let toks = ts.tokens
        guard k >= 4, toks[k - 1].isPunct(","), toks[k - 2].kind == .number, toks[k - 2].digits == 4, toks[k - 2].glued,
              toks[k - 3].isPunct(".") || toks[k - 3].isPunct("/"), toks[k - 3].glued, toks[k - 4].kind == .number,
              toks[k - 1].line == toks[k].line else { return false }
        let lineEnd = ts.lineEnd(toks[j].line)
        let e = hyphenEnd(ts, j + 1, lineEnd)
        return e >= lineEnd || toks[e].has(.cellStart) || toks[e].isPunct(",") || toks[e].isPunct("(")
    }

    /// Initials ending their line and the surname opening the next, where a
    /// narrow column or running text wrapped the name (`signed by K.⏎Osei-Mensah`,
    /// `Clerk: D.⏎Okafor-Lindqvist │ Fee paid`): the initials introduced after
    /// `:`, `by`, `(` or opening a cell, the surname name-shaped and ending its
    /// phrase. The initials and the surname, one a line.
    static func wrappedInitials(_ ts: TokenStream, _ k: Int) -> (Run, Run)? {
        let toks = ts.tokens
        let lineEnd = ts.lineEnd(toks[k].line)
        guard let j = initialsEnd(ts, k, lineEnd), j == lineEnd, j < toks.count, !toks[k].has(.lineStart) else { return nil }
        let p = toks[k - 1]
        guard toks[k].has(.cellStart) || p.isPunct(":") || p.isPunct("(") || ts.isWord(k - 1, "by") || ts.isWord(k - 1, "von") else {
            return nil
        }
        let s = toks[j]
        guard s.line == toks[k].line + 1, !s.has(.gapBefore), s.kind == .word, s.has(.capitalised), s.letters >= 2,
              isNameWord(ts, j, strong: false), !roleNouns.contains(s.hash),
              words.surnames.contains(s.hash) || (!looksLikeNoun(ts, s) && !words.isGiven(s.hash)) else { return nil }
        let nextEnd = ts.lineEnd(s.line)
        let e = hyphenEnd(ts, j + 1, nextEnd)
        guard endsName(ts, e, nextEnd), !(e < nextEnd && toks[e].kind == .word && words.organisations.contains(toks[e].hash)),
              (j..<e).allSatisfy({ toks[$0].kind != .word || !words.organisations.contains(toks[$0].hash) }) else { return nil }
        var a = Run(first: k, end: j)
        a.names = 1
        var b = Run(first: j, end: e)
        b.names = 1
        b.listed = words.surnames.contains(s.hash) ? 1 : 0
        return (a, b)
    }

    static func pairs(_ ts: TokenStream, emit: (Run, Bool) -> Void) {
        let toks = ts.tokens
        var k = 0
        let n = toks.count
        while k < n {
            let t = toks[k]
            guard t.kind == .word, t.has(.initialUpper) else { k += 1; continue }
            if t.letters == 1 {
                // "G. Ehlers", "K. M. Engelhardt": initials and a listed surname, where a person is introduced.
                if let r = initialled(ts, k) { emit(r, true); k = r.end }
                else if let (a, b) = wrappedInitials(ts, k) { emit(a, true); emit(b, true); k = b.end }
                else { k += 1 }
                continue
            }
            // A given name that is also a word (`June`, `Grace`) only before a listed
            // surname, where a person is introduced: "helpers: June Ashworth".
            guard t.letters >= 2 else { k += 1; continue }
            // "Dependent claimed: Tran Bao Ngoc", "Nguyen Thi Lan": Vietnamese order.
            if let r = surnameFirst(ts, k, introducedOnly: true) {
                emit(r, true)
                k = r.end
                continue
            }
            let ambiguous = !words.given.contains(t.hash) && words.givenAmbiguous.contains(t.hash)
                && !wordLikeGiven.contains(t.hash)
            guard ambiguous || words.isUnambiguousGiven(t.hash) else { k += 1; continue }
            // "Bitte keine Nüsse: Leon und Amira": two listed given names joined.
            if !ambiguous, let y = coordinated(ts, k) {
                let a = Run.word(k)
                let b = Run.word(y)
                emit(a, true)
                emit(b, true)
                k = y + 1
                continue
            }
            let lineEnd = ts.lineEnd(t.line)
            var j = k + 1
            var givens = 1
            var initials = 0
            // More given names or initials.
            while j < lineEnd, givens < 4 {
                // `Reginald "Reggie" Asante`: a nickname in quotes.
                if let e = nicknameEnd(ts, j, lineEnd) { j = e; continue }
                let u = toks[j]
                if u.kind == .word, u.has(.initialUpper), u.has(.spaceBefore), !u.has(.cellStart) {
                    if u.letters == 1, j + 1 < lineEnd, toks[j + 1].glued, toks[j + 1].isPunct(".") {
                        j += 2; givens += 1; initials += 1; continue
                    }
                    if words.isUnambiguousGiven(u.hash), j + 1 < lineEnd, toks[j + 1].kind == .word,
                       toks[j + 1].has(.initialUpper), words.surnames.contains(toks[j + 1].hash) || words.given.contains(toks[j + 1].hash) {
                        j += 1; givens += 1; continue
                    }
                    // "Héctor Manuel de la Garza": a second listed given name before the
                    // surname's particles.
                    if words.isUnambiguousGiven(u.hash), j + 1 < lineEnd, toks[j + 1].kind == .word, !toks[j + 1].has(.initialUpper),
                       words.particles.contains(toks[j + 1].hash), let p = particlesEnd(ts, j + 1, lineEnd, upper: false),
                       words.surnames.contains(toks[p].hash) {
                        j += 1; givens += 1; continue
                    }
                    // "Margaret Anne Whiteside and …": two listed given names, an unlisted
                    // surname ending the phrase, where a person is introduced.
                    if givens == 1, initials == 0, words.isUnambiguousGiven(u.hash), !words.surnames.contains(u.hash),
                       j + 1 < lineEnd, toks[j + 1].has(.spaceBefore), !toks[j + 1].has(.cellStart),
                       unlistedSurname(ts, given: k, surname: j + 1), endsName(ts, hyphenEnd(ts, j + 2, lineEnd), lineEnd) {
                        j += 1; givens += 1; continue
                    }
                } else if u.glued, u.isPunct("-"), j + 1 < lineEnd, toks[j + 1].glued, words.given.contains(toks[j + 1].hash) {
                    j += 2; continue  // Anna-Lena
                }
                break
            }
            // "(Eirlys⏎Prosser)": a listed given name ending its line, a listed
            // surname opening the next one in running text.
            if !ambiguous, givens == 1, j == k + 1, j == lineEnd, j < n, t.cell == 0, toks[j].line == t.line + 1, !toks[j].has(.gapBefore),
               toks[j].kind == .word, toks[j].has(.capitalised), toks[j].cell == 0, words.surnames.contains(toks[j].hash),
               !words.organisations.contains(toks[j].hash), !(j + 1 < n && toks[j + 1].line == toks[j].line && toks[j + 1].has(.cellStart)) {
                // "Rhiannon⏎Pryce-Lewis": the surname's hyphenated parts with it.
                var r = Run(first: k, end: hyphenEnd(ts, j + 1, ts.lineEnd(toks[j].line)))
                r.names = 2
                r.listed = 2
                emit(r, true)
                k = r.end
                continue
            }
            // "TUITION CHILD AOIFE⏎ │ HAUGEN": a table cell wrapped between a
            // listed given name ending the cell and a listed surname alone on
            // the cell's next line.
            if !ambiguous, givens == 1, j == k + 1, t.cell > 0, j == lineEnd || toks[j].has(.cellStart),
               let (g, w) = wrappedCell(ts, k) {
                emit(g, true)
                emit(w, true)
                k += 1
                continue
            }
            // Particles before the surname ("Ludwig van Beethoven", "Ellis Ó Floinn").
            while j + 1 < lineEnd, toks[j].kind == .word, !toks[j].has(.initialUpper) && words.particles.contains(toks[j].hash)
                    || (toks[j].has(.spaceBefore) && isGaelicParticle(ts, j, lineEnd)) { j += 1 }
            guard j < lineEnd, toks[j].kind == .word, toks[j].has(.initialUpper), toks[j].has(.spaceBefore),
                  !toks[j].has(.cellStart), toks[j].letters >= 2, !words.organisations.contains(toks[j].hash) else { k += 1; continue }
            let listed = words.surnames.contains(toks[j].hash)
            // A given name that is also a word: before a listed surname where a
            // person is introduced, or before another listed given name or an
            // initial opening its line or phrase (`Héctor Manuel de la Garza`,
            // `Héctor M. de la Garza`): a word is not followed by a given name.
            if ambiguous {
                guard listed, givens == 1 ? introduced(ts, k, openingCounts: false)
                                          : givens - initials >= 2 || introduced(ts, k) else { k += 1; continue }
            }
            guard listed || (givens - initials <= 2 && initials == 0 && unlistedSurname(ts, given: k, surname: j))
                    || (givens == initials + 1 && initials > 0 && middleInitialled(ts, surname: j)) else { k += 1; continue }
            var end = j + 1
            while end + 1 < lineEnd, toks[end].glued, toks[end].isPunct("-"), toks[end + 1].glued,
                  toks[end + 1].kind == .word, toks[end + 1].has(.initialUpper) { end += 2 }
            // A second listed surname: "Diego García Herrera", "Lucía Fernández Ortega".
            if listed, end < lineEnd, toks[end].kind == .word, toks[end].has(.initialUpper), toks[end].has(.spaceBefore),
               !toks[end].has(.cellStart), toks[end].letters >= 2, words.surnames.contains(toks[end].hash), !words.organisations.contains(toks[end].hash) {
                end += 1
            }
            if end < lineEnd, toks[end].kind == .word, words.organisations.contains(toks[end].hash) { k = end; continue }
            var first = k
            // A title just before: "Dr. Anna Fischer".
            if first >= 2, toks[first - 1].isPunct("."), toks[first - 2].kind == .word, words.titles.contains(toks[first - 2].hash),
               toks[first - 2].line == t.line {
                first -= 2
            }
            var r = Run(first: first, end: end)
            r.names = givens + 1
            r.listed = r.names
            emit(r, listed)
            k = end
            // "Tobias Lindqvist und Maren Lindqvist-Ahrens": a partner with the
            // same or a listed surname after `und`, `and`, `&`.
            if let p = partner(ts, after: end, surname: toks[j].hash) {
                emit(p, true)
                k = p.end
            } else if let (g, w) = wrappedPartner(ts, after: end, surname: toks[j].hash) {
                emit(g, true)
                emit(w, true)
                k = w.end
            }
        }
    }

    /// Whether a name ending at `e` ends its phrase: the line or cell ends,
    /// punctuation or a lower-case word follows.
    static func endsName(_ ts: TokenStream, _ e: Int, _ lineEnd: Int) -> Bool {
        let toks = ts.tokens
        return e >= lineEnd || toks[e].has(.cellStart) || (toks[e].kind == .punct && !toks[e].isPunct("-"))
            || (toks[e].kind == .word && !toks[e].has(.initialUpper))
    }

    /// The given name `k` ending its table cell, and a listed surname
    /// alone in the same cell of the next line, a continuation row (its
    /// first cell empty): the two as one name.
    static func wrappedCell(_ ts: TokenStream, _ k: Int) -> (Run, Run)? {
        let toks = ts.tokens
        let t = toks[k]
        let next = Int(t.line) + 1
        guard next < ts.lineCount, !ts.hasGap(before: next), let first = ts.line(next).first, toks[first].cell > 0,
              let c = TableRows.cellRange(ts, line: next, cell: t.cell), c.lowerBound == c.upperBound - 1 || toks[c.lowerBound + 1].kind == .punct else { return nil }
        let j = c.lowerBound
        guard toks[j].kind == .word, toks[j].has(.initialUpper), toks[j].letters >= 2, words.surnames.contains(toks[j].hash),
              t.has(.upper) == toks[j].has(.upper), !words.organisations.contains(toks[j].hash), isNameWord(ts, j, strong: false) else { return nil }
        let g = Run.word(k)
        let r = Run.word(j)
        return (g, r)
    }

    @inline(__always) static func isAnd(_ ts: TokenStream, _ k: Int) -> Bool {
        ts.tokens[k].isPunct("&") || ts.isWord(k, "und") || ts.isWord(k, "and")
    }

    /// A listed given name `k`, introduced, then `und`/`and`/`&`, then another
    /// listed given name standing alone (the line may break after `und`).
    /// Returns the second name's token.
    static func coordinated(_ ts: TokenStream, _ k: Int) -> Int? {
        let toks = ts.tokens
        let y = k + 2
        guard y < toks.count, toks[k + 1].line == toks[k].line, isAnd(ts, k + 1), !toks[y].has(.gapBefore),
              toks[y].kind == .word, toks[y].has(.initialUpper), toks[y].letters >= 2, words.isUnambiguousGiven(toks[y].hash),
              introduced(ts, k) else { return nil }
        // The second stands alone: no surname after it.
        if y + 1 < toks.count, toks[y + 1].line == toks[y].line, toks[y + 1].kind == .word, toks[y + 1].has(.initialUpper) {
            return nil
        }
        return y
    }

    /// The partner after a name ending at `end` in running text wrapped
    /// between their names (`Alasdair Urquhart and Fenella⏎Urquhart-Bain`):
    /// `and`, a name-shaped word ending the line, the same surname (its
    /// hyphenated parts too) opening the next. The given name and the
    /// surname, one a line.
    static func wrappedPartner(_ ts: TokenStream, after end: Int, surname: UInt64) -> (Run, Run)? {
        let toks = ts.tokens
        guard end + 2 < toks.count else { return nil }
        let lineEnd = ts.lineEnd(toks[end].line)
        let s = end + 2
        guard s == lineEnd, isAnd(ts, end), toks[end].cell == 0, isNameWord(ts, end + 1, strong: false),
              !looksLikeNoun(ts, toks[end + 1]), toks[end + 1].has(.capitalised),
              toks[s].line == toks[end].line + 1, !toks[s].has(.gapBefore), toks[s].cell == 0, toks[s].kind == .word,
              toks[s].has(.initialUpper), toks[s].hash == surname else { return nil }
        let e = hyphenEnd(ts, s + 1, ts.lineEnd(toks[s].line))
        guard e >= ts.lineEnd(toks[s].line) || !(toks[e].kind == .word && words.organisations.contains(toks[e].hash)) else { return nil }
        var w = Run(first: s, end: e)
        w.names = 1
        w.listed = 1
        return (Run.word(end + 1, listed: false), w)
    }

    /// The partner after a name ending at `end`: `und`, a name-shaped word,
    /// and the same surname (hyphenated parts allowed) or a listed one.
    static func partner(_ ts: TokenStream, after end: Int, surname: UInt64) -> Run? {
        let toks = ts.tokens
        guard end + 2 < toks.count else { return nil }
        let lineEnd = ts.lineEnd(toks[end].line)
        guard end + 2 < lineEnd, isAnd(ts, end), isNameWord(ts, end + 1, strong: false), !looksLikeNoun(ts, toks[end + 1]),
              toks[end + 2].kind == .word, toks[end + 2].has(.initialUpper), toks[end + 2].has(.spaceBefore),
              toks[end + 2].hash == surname || words.surnames.contains(toks[end + 2].hash),
              !words.organisations.contains(toks[end + 2].hash) else { return nil }
        var e = end + 3
        while e + 1 < lineEnd, toks[e].glued, toks[e].isPunct("-"), toks[e + 1].glued,
              toks[e + 1].kind == .word, toks[e + 1].has(.initialUpper) { e += 2 }
        if e < lineEnd, toks[e].kind == .word, words.organisations.contains(toks[e].hash) { return nil }
        var r = Run(first: end + 1, end: e)
        r.names = 2
        r.listed = 1
        return r
    }
}

// MARK: - Spans, and positions that introduce a person without a label

extension NameRecognizer {
    /// Academic titles, not personal data: a name's span starts after them
    /// (`Dr. med.`, `Dipl.-Ing.`, `Mag.`). Without a dot only `Dr`, `Prof`.
    static let spanTitles = WordHash.set("""
        Dr Prof Professor Dipl Ing Med Dent Vet Rer Nat Jur Phil Oec Pol Habil Mag Univ Priv Doz Dres Kfm Kffr \
        Kollege Kollegin Colleague
        """)
    /// (`Frau Kollegin Haslwanter`: the colleague is no part of the name.)
    static let undottedTitles = WordHash.set("Dr Prof Professor Dres Kollege Kollegin Colleague")

    /// The first token of a name span from `first` to `end`, past its titles;
    /// `first` when nothing of a name would be left.
    static func afterTitles(_ ts: TokenStream, _ first: Int, _ end: Int) -> Int {
        let toks = ts.tokens
        var a = first
        while a < end, toks[a].kind == .word, spanTitles.contains(toks[a].hash) {
            var b = a + 1
            while b < end, toks[b].glued, toks[b].isPunct(".") || toks[b].isPunct("-") { b += 1 }
            guard b > a + 1 || undottedTitles.contains(toks[a].hash) else { break }
            a = b
        }
        guard a < end, toks[a..<end].contains(where: { $0.kind == .word && $0.letters >= 2 }) else { return first }
        return a
    }

    static let suffixes = WordHash.set("Jr Jnr Sr Snr")
    static let romanSuffixes = WordHash.set("II III IV")

    /// The end of a name with its generational suffix (`Washington Jr.`,
    /// `Smith, Sr.`, `Henry Ford III`) taken in.
    static func withSuffix(_ ts: TokenStream, _ end: Int) -> Int {
        let toks = ts.tokens
        guard end > 0, end < toks.count, toks[end - 1].kind == .word else { return end }
        let line = toks[end - 1].line
        var k = end
        if k + 1 < toks.count, toks[k].isPunct(","), toks[k + 1].line == line { k += 1 }
        guard k < toks.count, toks[k].line == line, toks[k].kind == .word, toks[k].has(.spaceBefore), !toks[k].has(.cellStart),
              toks[k].has(.initialUpper), suffixes.contains(toks[k].hash) || (toks[k].has(.upper) && romanSuffixes.contains(toks[k].hash))
        else { return end }
        k += 1
        if k < toks.count, toks[k].glued, toks[k].isPunct(".") { k += 1 }
        return k
    }

    /// Runs `find` adds beyond the labels: `emit(run, confidence, kind)`.
    static func positions(_ ts: TokenStream, emit: (Run, Double, String) -> Void) {
        apposition(ts, emit: { emit($0, 0.8, "name, role") })
        roleBefore(ts, emit: { emit($0, 0.8, "role name") })
        bracketedRelation(ts, emit: { emit($0, 0.8, "name (relation)") })
        agent(ts, emit: { emit($0, 0.8, "by name") })
        ranks(ts, emit: { emit($0, 0.85, "rank") })
        spokeTo(ts, emit: { emit($0, 0.8, "spoke to") })
        bookings(ts, emit: { emit($0, 0.8, "booking counterparty") })
        machineReadable(ts, emit: { emit($0, 0.85, "machine-readable zone") })
        devices(ts, emit: { emit($0, 0.8, "device name") })
        surnameComma(ts, emit: { emit($0, 0.8, "surname, given name") })
        purposeColumn(ts, emit: { emit($0, 0.75, "given name in payment purpose") })
        fusedTitle(ts, emit: { emit($0, 0.8, "title") })
        introducerPositions(ts, emit: emit)
    }

    static let purposeHeaders = LabelWords.set(LabelWords.purposeHeaders)

    /// A listed given name standing alone in a statement's payment purpose
    /// (`Taschengeld Zofia Juni`, `Zuschuss Zahnspange Lena`): the person
    /// the money is for. Only in the column under a purpose header.
    static func purposeColumn(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.cellStart) && purposeHeaders.contains(toks[k].hash) {
            let line = toks[k].line
            guard toks[ts.lineEnd(line) - 1].cell >= 2 else { continue }
            for c in TableRows.column(ts, header: Int(line), cell: toks[k].cell) {
                let lineEnd = ts.lineEnd(toks[c].line)
                var j = c
                while j < lineEnd, j == c || !toks[j].has(.cellStart) {
                    let t = toks[j]
                    if t.kind == .word, t.has(.capitalised), t.letters >= 3, words.isUnambiguousGiven(t.hash),
                       !wordLikeGiven.contains(t.hash),
                       !(j + 1 < lineEnd && toks[j + 1].kind == .word && toks[j + 1].has(.initialUpper) && !toks[j + 1].has(.cellStart)
                         && words.surnames.contains(toks[j + 1].hash)) {
                        let r = Run.word(j)
                        emit(r)
                    }
                    j += 1
                }
            }
        }
    }

    /// A label opening its line followed only by its translations after `/`
    /// (`Name / Surname / Nom`): the first token of the next line.
    static func belowTranslatedLabel(_ ts: TokenStream, _ hit: LabelHit) -> Int? {
        let toks = ts.tokens
        let line = toks[hit.first].line
        let lineEnd = ts.lineEnd(line)
        guard toks[hit.first].has(.lineStart), hit.end < lineEnd, toks[hit.end].isPunct("/"),
              toks[hit.end..<lineEnd].allSatisfy({ $0.kind == .word || $0.isPunct("/") || $0.isPunct("'") }),
              Int(line) + 1 < ts.lineCount, !ts.hasGap(before: Int(line) + 1) else { return nil }
        return ts.line(Int(line) + 1).first
    }

    /// The surname on the next line after a lone listed given name that ends
    /// its line in running text: a capitalised name-shaped word followed by
    /// `,`, `.`, `;`, `)` or the end of its line.
    static func wrappedSurname(_ ts: TokenStream, after r: Run) -> Run? {
        let toks = ts.tokens
        let g = r.end - 1
        guard r.names == 1, g >= 0, toks[g].kind == .word, words.isUnambiguousGiven(toks[g].hash),
              let w = wrappedWord(ts, after: r, lowerCaseAfter: false), !words.isGiven(toks[w.first].hash) else { return nil }
        return w
    }

    /// The capitalised name-shaped word opening the next line after a run
    /// that ends its line in running text, itself ending in `,`, `.`, `;`,
    /// `)` or its line (or a lower-case word, with `lowerCaseAfter`): the
    /// rest of a name the line wrap cut.
    static func wrappedWord(_ ts: TokenStream, after r: Run, lowerCaseAfter: Bool = true) -> Run? {
        let toks = ts.tokens
        let g = r.end - 1
        guard g >= 0, r.end < toks.count, r.end == ts.lineEnd(toks[g].line) else { return nil }
        let j = r.end
        guard toks[j].line == toks[g].line + 1, !toks[j].has(.gapBefore), toks[j].kind == .word, toks[j].has(.capitalised),
              toks[j].cell == 0, plainNameWord(ts, j) else { return nil }
        // After a later cell (`… · Geschäftsführer Korbinian⏎Loibl`) only when
        // the next line is one cell: a footer wrapped, not a table's next row.
        if toks[g].cell > 0, toks[ts.lineEnd(toks[j].line) - 1].cell > 0 { return nil }
        let e = hyphenEnd(ts, j + 1, ts.lineEnd(toks[j].line))
        guard e >= ts.lineEnd(toks[j].line) || toks[e].isPunct(",") || toks[e].isPunct(".") || toks[e].isPunct(";")
                || toks[e].isPunct(")") || (lowerCaseAfter && toks[e].kind == .word && !toks[e].has(.initialUpper)) else { return nil }
        var w = Run(first: j, end: e)
        w.names = 1
        return w
    }

    /// A label with a plural mark (`Vorname(n)`, `Name(s)`) filling its cell:
    /// the first token of the same cell on the next line.
    static func belowBracketedLabel(_ ts: TokenStream, _ hit: LabelHit) -> Int? {
        let toks = ts.tokens
        let e = hit.end
        let line = toks[hit.first].line
        guard e + 2 < toks.count, toks[e].isPunct("("), toks[e].glued, toks[e + 1].kind == .word, toks[e + 1].letters <= 2,
              toks[e + 2].isPunct(")"), e + 3 >= ts.lineEnd(line) || toks[e + 3].has(.cellStart),
              Int(line) + 1 < ts.lineCount, !ts.hasGap(before: Int(line) + 1) else { return nil }
        if toks[hit.first].has(.lineStart) { return ts.line(Int(line) + 1).first }
        return TableRows.cellToken(ts, line: Int(line) + 1, cell: toks[hit.first].cell)
    }

    /// The person before `, geb.` / `, born` and a date: one to three
    /// name-shaped words with a listed one, where a person is introduced
    /// (`Era Ramadani, geb. 19.09.2014`, `für Luka Marković, geb. …`).
    static func beforeBirth(_ ts: TokenStream, _ hit: LabelHit) -> Run? {
        let toks = ts.tokens
        let c = hit.first - 1
        guard c >= 1, toks[c].isPunct(","), toks[c].line == toks[hit.first].line else { return nil }
        for s in stride(from: max(0, c - 3), to: c, by: 1) where toks[s].line == toks[c].line && toks[s].kind == .word {
            guard let r = run(ts, from: s, strong: false, maxNames: 3), r.first == s, r.end == c, !r.hitOrganisation,
                  r.listed > 0, introduced(ts, s),
                  (s..<c).allSatisfy({ toks[$0].kind != .word || toks[$0].letters == 1 || plainNameWord(ts, $0) }) else { continue }
            return r
        }
        return nil
    }

    /// A surname in capitals, a comma and a listed given name (`NAKAMURA,
    /// Hiroshi`, `AL-KHATIB, Yara`), as registers and ID checks write a
    /// person: the surname listed or the name introduced.
    static func surnameComma(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        var k = 0
        while k + 2 < toks.count {
            defer { k += 1 }
            if let r = registerEntry(ts, k) {
                emit(r)
                k = r.end
                continue
            }
            guard upperNameWord(ts, k), k == 0 || !(toks[k - 1].isPunct("-") && toks[k - 1].glued) else { continue }
            let line = toks[k].line
            let lineEnd = ts.lineEnd(line)
            let c = hyphenEnd(ts, k + 1, lineEnd)
            guard c + 1 < lineEnd, toks[c].isPunct(",") else { continue }
            // "NGUYEN, T.M.H.", "OKAFOR, J. A.": a listed surname and initials with
            // their dots ending the phrase (not `WASHINGTON, D.C. 20529`, a place).
            if let e = initialsEnd(ts, c + 1, lineEnd), e - (c + 1) >= 2, words.surnames.contains(toks[k].hash), introduced(ts, k),
               !(e == c + 5 && ts.isWord(c + 1, "d") && ts.isWord(c + 3, "c")),
               e >= lineEnd || toks[e].has(.cellStart) || (toks[e].kind == .punct && !toks[e].isPunct("-"))
                || (toks[e].kind == .word && !toks[e].has(.initialUpper)) {
                var r = Run(first: k, end: e)
                r.names = 1
                r.listed = 1
                emit(r)
                k = e
                continue
            }
            // (`HYNES, TIAGO D.`: all in capitals, as forms are filled in.)
            guard toks[c + 1].kind == .word, toks[c + 1].has(.capitalised) || toks[c + 1].has(.upper) && toks[c + 1].letters >= 2,
                  words.isUnambiguousGiven(toks[c + 1].hash) else { continue }
            guard words.surnames.contains(toks[k].hash) || introduced(ts, k) || (k > 0 && toks[k - 1].isPunct("\"")) else { continue }
            var e = c + 2
            // A second given name: "OYELARAN-FITCH, ABIMBOLA MORENIKE".
            if e < lineEnd, toks[e].kind == .word, toks[e].letters >= 2, toks[e].has(.spaceBefore), !toks[e].has(.cellStart),
               toks[e].has(.upper) == toks[c + 1].has(.upper), words.isUnambiguousGiven(toks[e].hash) {
                e += 1
            }
            // A middle initial: "NGUYEN-WHITAKER, Lauren E".
            if e < lineEnd, toks[e].kind == .word, toks[e].letters == 1, toks[e].has(.upper), toks[e].has(.spaceBefore) {
                e += 1
                if e < lineEnd, toks[e].glued, toks[e].isPunct(".") { e += 1 }
            }
            var r = Run(first: k, end: e)
            r.names = 2
            r.listed = 1
            emit(r)
            k = e
        }
    }

    /// A register's entry after a field's colon, in mixed case: `Austritt:
    /// Brunner-Cavelti, Marco (10198)`, `Mieter: Okafor, Chinedu, seit …`.
    /// A name-shaped surname (hyphenated parts too), a comma, a listed given
    /// name (maybe a second given name), then a bracket, a comma or the end
    /// of the line.
    static func registerEntry(_ ts: TokenStream, _ k: Int) -> Run? {
        let toks = ts.tokens
        guard toks[k].kind == .word, toks[k].has(.capitalised), plainNameWord(ts, k), !words.isGiven(toks[k].hash) else { return nil }
        // After a field's colon, or opening its line or cell as a form's value
        // does below its label (`Name of Policyholder (Last, First, Middle
        // Initial)⏎Hynes, Declan P.`); there the entry must fill the line or cell.
        let afterColon = k >= 1 && toks[k - 1].isPunct(":") && toks[k - 1].line == toks[k].line
            && toks[k].has(.spaceBefore) && !toks[k].has(.cellStart)
        // `| Obligee Adeyemi-Kowalczyk, Folasade T. |`, `| Child Kowalczyk, Ireoluwa |`:
        // a party's role opening the cell, then the entry.
        let afterRole = k >= 1 && toks[k - 1].kind == .word && toks[k - 1].line == toks[k].line
            && (toks[k - 1].has(.cellStart) || toks[k - 1].has(.lineStart)) && roleBeforeNouns.contains(toks[k - 1].hash)
        let opening = toks[k].has(.lineStart) || toks[k].has(.cellStart) || afterRole
        guard afterColon || opening else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        let c = hyphenEnd(ts, k + 1, lineEnd)
        // (The first given name may be one no list holds when a listed one
        // follows it: `Kowalczyk, Ireoluwa Zofia`.)
        guard c + 1 < lineEnd, toks[c].isPunct(","), ((k + 1)..<c).allSatisfy({ toks[$0].kind != .word || plainNameWord(ts, $0) }),
              toks[c + 1].kind == .word, toks[c + 1].has(.capitalised),
              words.isUnambiguousGiven(toks[c + 1].hash)
                || (c + 2 < lineEnd && plainNameWord(ts, c + 1) && toks[c + 2].kind == .word && toks[c + 2].has(.capitalised)
                    && toks[c + 2].has(.spaceBefore) && words.isUnambiguousGiven(toks[c + 2].hash)),
              !wordLikeGiven.contains(toks[c + 1].hash) else { return nil }
        var e = hyphenEnd(ts, c + 2, lineEnd)
        if e < lineEnd, toks[e].kind == .word, toks[e].has(.capitalised), toks[e].has(.spaceBefore), words.isUnambiguousGiven(toks[e].hash) {
            e = hyphenEnd(ts, e + 1, lineEnd)
        }
        // A middle initial with its dot: `Adeyemi-Kowalczyk, Folasade T.`.
        if e + 1 < lineEnd, toks[e].kind == .word, toks[e].letters == 1, toks[e].has(.upper), toks[e].has(.spaceBefore),
           toks[e + 1].glued, toks[e + 1].isPunct(".") {
            e += 2
        }
        if afterColon {
            guard e >= lineEnd || toks[e].isPunct("(") || toks[e].isPunct(",") || toks[e].isPunct(";") else { return nil }
        } else {
            guard e >= lineEnd || toks[e].has(.cellStart) else { return nil }
        }
        var r = Run(first: k, end: e)
        r.names = 2
        r.listed = 1
        return r
    }

    /// The end of one to three upper-case initials with their dots from `k`,
    /// glued or spaced (`T.M.H.`, `J. A.`), or nil.
    static func initialsEnd(_ ts: TokenStream, _ k: Int, _ lineEnd: Int) -> Int? {
        let toks = ts.tokens
        var e = k
        var n = 0
        while n < 3, e + 1 < lineEnd, toks[e].kind == .word, toks[e].letters == 1, toks[e].has(.upper),
              e == k || toks[e].glued || toks[e].has(.spaceBefore), !toks[e].has(.cellStart) || e == k,
              toks[e + 1].glued, toks[e + 1].isPunct(".") {
            e += 2
            n += 1
        }
        return n > 0 ? e : nil
    }

    /// A title fused with a name by OCR or a form (`Dr​Helen Fairbairn`,
    /// `DrHelen`): `Dr`, `Prof` glued to a listed given name, a surname after it.
    static func fusedTitle(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].count >= 5 && toks[k].has(.capitalised) {
            let t = toks[k]
            let a = Int(t.start)
            let n: Int
            if ts.text.hasPrefix("dr", at: a), TokenStream.isUpper(ts.text[a + 2]) { n = 2 }
            else if ts.text.hasPrefix("prof", at: a), t.count > 6, TokenStream.isUpper(ts.text[a + 4]) { n = 4 }
            else { continue }
            guard words.isUnambiguousGiven(WordHash.hash(ts.text, (a + n)..<Int(t.end))) else { continue }
            var r = Run.word(k)
            if k + 1 < ts.lineEnd(t.line), toks[k + 1].has(.spaceBefore), !toks[k + 1].has(.cellStart), plainNameWord(ts, k + 1) {
                r.end = hyphenEnd(ts, k + 2, ts.lineEnd(t.line))
                r.names = 2
            }
            emit(r)
        }
    }

    /// Whether token `k` is a capitalised or upper-case word that may be part
    /// of a name and does not look like a noun or a job.
    static func plainNameWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        return isNameWord(ts, k, strong: false) && !looksLikeNoun(ts, t) && !roleNouns.contains(t.hash)
    }

    /// A listed given name whose ending looks like a noun's (`Terrence`,
    /// `Constance`): a name word all the same.
    static func listedGiven(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        return words.isUnambiguousGiven(t.hash) && isNameWord(ts, k, strong: false) && !roleNouns.contains(t.hash)
    }

    /// Whether the words of `r` are all a name's where the position says
    /// "person": plain name words, initials and titles; a listed given name
    /// whose ending looks like a noun's (`Arthur`, `Constance`) and an
    /// unlisted surname after a listed given name (`Owen Pickavance`) too.
    static func nameWordsOnly(_ ts: TokenStream, _ r: Run) -> Bool {
        let toks = ts.tokens
        let givenFirst = words.isUnambiguousGiven(toks[r.first].hash)
        return (r.first..<r.end).allSatisfy { k in
            let t = toks[k]
            if t.kind != .word || t.letters == 1 || words.titles.contains(t.hash) || plainNameWord(ts, k) { return true }
            return isNameWord(ts, k, strong: false) && !roleNouns.contains(t.hash)
                && (words.isUnambiguousGiven(t.hash) || (k > r.first && givenFirst))
        }
    }

    /// Jobs and roles written after a name and a comma (`Oona Raitt, fraud
    /// analyst`, `Frank Terhoeven, Kundenberater`, `Marschall, Sekretariat`).
    static let roleNouns = WordHash.set("""
        analyst clerk officer manager administrator assistant adviser advisor coordinator secretary director \
        supervisor consultant specialist representative agent handler caseworker nurse midwife physician \
        pharmacist therapist technician engineer accountant bookkeeper solicitor paralegal attorney lawyer \
        notary teacher headteacher registrar receptionist inspector investigator auditor examiner underwriter \
        adjuster assessor surveyor controller treasurer chairperson trustee \
        kundenberater kundenberaterin berater beraterin sachbearbeiter sachbearbeiterin sachbearbeitung \
        mitarbeiter mitarbeiterin sekretariat sekretär sekretärin klassenlehrer klassenlehrerin lehrer lehrerin \
        leiter leiterin referent referentin assistent assistentin steuerberater steuerberaterin rechtsanwalt \
        rechtsanwältin fachärztin pflegefachkraft prokurist prokuristin teamleiter teamleiterin abteilungsleiter \
        abteilungsleiterin filialleiter filialleiterin bearbeiter bearbeiterin disponent disponentin \
        counselor counsellor navigator practitioner physiotherapist dietitian dietician radiographer sonographer \
        phlebotomist psychologist psychiatrist paediatrician pediatrician dentist hygienist optometrist podiatrist \
        chaplain banker teller broker planner recruiter interviewer \
        geschäftsführer geschäftsführerin sozialarbeiter sozialarbeiterin physiotherapeut physiotherapeutin \
        oberarzt oberärztin assistenzarzt assistenzärztin stationsarzt stationsärztin kundenbetreuer kundenbetreuerin \
        personalreferent personalreferentin
        """)

    /// A name set off by a comma and followed by a job: `Oyelola Banjo,
    /// compliance analyst`, `Witness: Kateryna Shevchuk, Operations Manager`.
    /// The name is two or three name-shaped words where a person is
    /// introduced (start of a line or cell, after `:`, `by`, …); one word only
    /// after a colon (`Bearbeitet: Marschall, Sekretariat`). The job is one of
    /// `roleNouns` within the next three words, none of them a function word.
    static func apposition(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for c in toks.indices where toks[c].isPunct(",") && c >= 1 {
            let line = toks[c].line
            let lineEnd = ts.lineEnd(line)
            var j = c + 1
            var role = false
            while j < min(lineEnd, c + 4), toks[j].kind == .word, !toks[j].has(.cellStart) || j == c + 1 {
                if roleNouns.contains(toks[j].hash) || isRoleCompound(ts, toks[j]) { role = true; break }
                if words.notNames.contains(toks[j].hash) || toks[j].letters < 2 { break }
                j += 1
            }
            // "Capital Physio, therapist Jonah Pryce": a role followed by a name
            // introduces that name, it says nothing of the words before the comma.
            guard role, !(j + 1 < lineEnd && toks[j + 1].kind == .word && toks[j + 1].has(.capitalised) && !toks[j + 1].has(.cellStart)
                          && words.isGiven(toks[j + 1].hash)) else { continue }
            var best: Run?
            for s in stride(from: max(0, c - 5), to: c, by: 1) where toks[s].line == line && toks[s].kind == .word {
                guard let r = run(ts, from: s, strong: false), r.first == s, r.end == c, !r.hitOrganisation,
                      introduced(ts, s) else { continue }
                let colon = s > 0 && toks[s - 1].isPunct(":") && toks[s - 1].line == line
                guard r.names >= 2 || (r.names == 1 && colon), nameWordsOnly(ts, r) else { continue }
                best = r
                break
            }
            if let r = best { emit(r) }
        }
    }

    /// (Phrases hash whole, like every label list: `next of kin` never makes `of` a relation.)
    static let relationsAfter = LabelWords.set(LabelWords.relationsAfter)

    /// A person named before a relation or role in brackets: `Morag Penrose
    /// (daughter)`, `Lea Brandl (Tochter)`, `checked by Tamsin (secretary)`.
    /// Carers, next of kin and family members are listed this way on forms
    /// and in letters, often with names no list holds. Two or three
    /// name-shaped words; one only where a person is introduced (after `:`,
    /// `by`, at the start of a line or cell).
    static func bracketedRelation(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for c in toks.indices where toks[c].isPunct("(") && c >= 1 && c + 2 < toks.count {
            let line = toks[c].line
            // `(daughter)`, `(adult, mother of …)`: the relation among the bracket's first words.
            var q = c + 1
            while q < min(toks.count, c + 4), toks[q].line == line, !relationsAfter.contains(toks[q].hash),
                  toks[q].kind == .word && !toks[q].has(.initialUpper) || toks[q].isPunct(",") { q += 1 }
            guard q + 1 < toks.count, toks[q].line == line, toks[q].kind == .word, relationsAfter.contains(toks[q].hash),
                  toks[q + 1].isPunct(")") || toks[q + 1].isPunct(",") || ts.isWord(q + 1, "of") else { continue }
            for s in stride(from: max(0, c - 4), to: c, by: 1) where toks[s].line == line && toks[s].kind == .word {
                guard let r = run(ts, from: s, strong: false, maxNames: 3), r.first == s, r.end == c, !r.hitOrganisation,
                      (s..<c).allSatisfy({ toks[$0].kind != .word || (toks[$0].letters == 1 && toks[$0].has(.initialUpper))
                          || (plainNameWord(ts, $0) && !toks[$0].has(.upper)) }),
                      !toks[s + 1..<c].contains(where: { $0.has(.cellStart) }) else { continue }
                // One word: listed, or right after `by` or a colon (`for Child (son)` is no one).
                let after = s > 0 && toks[s - 1].line == line
                    && (toks[s - 1].isPunct(":") || ts.isWord(s - 1, "by") || ts.isWord(s - 1, "von"))
                guard r.names >= 2 || (r.names == 1 && (after || (r.listed > 0 && introduced(ts, s)))) else { continue }
                emit(r)
                break
            }
        }
    }

    /// A job or relation right before a person's name: `paramedic Chipo
    /// Ndlovu`, `engineer Rhydian Pugh`, `Agentin Sevda Aksoy`, `Our school
    /// nurse, Olufunke Adeyemo, RN`, `(Sohn Ayaan)`. Two or three
    /// name-shaped words ending where a name ends (punctuation, the end of
    /// the line or cell, a lower-case word); one only after a relation, in
    /// brackets or before a comma.
    static func roleBefore(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && (roleNouns.contains(toks[k].hash) || roleBeforeNouns.contains(toks[k].hash)
                                                             || relationsAfter.contains(toks[k].hash) || isRoleCompound(ts, toks[k])
                                                             || isAgentNoun(ts, toks[k])
                                                             || (toks[k].has(.upper) && roleAcronyms.contains(toks[k].hash))) {
            var s = k + 1
            var copula = false
            var comma = false
            // "Inh. Fabrice Vuilleumier": the role abbreviated with its dot.
            if s + 1 < toks.count, toks[s].glued, toks[s].isPunct("."), toks[k].letters <= 4 { s += 1 }
            if s < toks.count, toks[s].isPunct(","), toks[s].line == toks[k].line { s += 1; comma = true }
            // "Your account representative is Leontyne Marsh": the role, a copula,
            // the person (on a form, maybe in the next field).
            else if s + 1 < toks.count, toks[s].line == toks[k].line, toks[s].kind == .word, copulas.contains(toks[s].hash),
                    !relationsAfter.contains(toks[k].hash) { s += 1; copula = true }
            // "with her husband⏎Gareth.", "representative is⏎Leontyne Marsh", "the
            // driver,⏎Conall Breen.": running text wrapped after the relation, the
            // copula or the role's comma.
            let wrapped = s < toks.count && s == ts.lineEnd(toks[k].line) && toks[s].line == toks[k].line + 1
                && toks[k].cell == 0 && toks[s].cell == 0 && !toks[s].has(.gapBefore)
                && (relationsAfter.contains(toks[k].hash) || copula || comma)
            // "Zusteller K. Petersen (…)": initials with their dots and a surname.
            let initialled = s + 2 < toks.count && toks[s].kind == .word && toks[s].letters == 1 && toks[s].has(.upper)
                && toks[s + 1].glued && toks[s + 1].isPunct(".") && toks[s].line == toks[k].line
            guard s < toks.count, toks[s].line == toks[k].line || wrapped, toks[s].kind == .word, toks[s].has(.capitalised) || initialled,
                  !toks[s].has(.cellStart) || wrapped || copula, let r = run(ts, from: s, strong: false, maxNames: 3), r.first == s,
                  !r.hitOrganisation else { continue }
            let lineEnd = ts.lineEnd(toks[s].line)
            let e = r.end
            let ends = e >= lineEnd || toks[e].has(.cellStart) || toks[e].isPunct(",") || toks[e].isPunct(".")
                || toks[e].isPunct(")") || toks[e].isPunct(";") || toks[e].isPunct("(")
                || (toks[e].kind == .word && !toks[e].has(.initialUpper))
            // A listed name among them: German capitalises the nouns after a
            // job as well (`Sachbearbeiterin Individuelle Konten`). An English
            // job in lower case set off by commas on both sides (`our field
            // inspector, Keoni Palakiko, on …`) is apposition: any two or three name words.
            let apposition = comma && !toks[k].has(.initialUpper) && !relationsAfter.contains(toks[k].hash) && r.names >= 2
                && e < lineEnd && toks[e].isPunct(",")
            // A double surname (`Swantje Hinrichsen-Buć`): German nouns after a job are rarely two capitalised parts.
            let doubleSurname = r.names == 2 && e - s >= 4 && toks[e - 2].isPunct("-") && toks[e - 2].glued && toks[e - 1].has(.capitalised)
                && plainNameWord(ts, e - 1)
            guard ends, r.listed > 0 || r.names == 1 || apposition || doubleSurname,
                  (s..<e).allSatisfy({ toks[$0].kind != .word || (initialled && toks[$0].letters == 1)
                      || ((plainNameWord(ts, $0) || listedGiven(ts, $0) || (words.surnames.contains(toks[$0].hash) && isNameWord(ts, $0, strong: false)))
                          && !toks[$0].has(.upper)) })
            else { continue }
            if initialled {
                guard r.names == 1, ends else { continue }
                emit(r)
                continue
            }
            // "representative is Leontyne⏎Marsh,": the line wrap cut the name; one
            // of its two words listed.
            if r.names == 1, !relationsAfter.contains(toks[k].hash), e >= lineEnd, let w = wrappedWord(ts, after: r, lowerCaseAfter: false),
               r.listed > 0 || words.surnames.contains(toks[w.first].hash) {
                emit(r)
                emit(w)
                continue
            }
            if r.names < 2 {
                // One word: a relation's child or partner (`Sohn Ayaan)`, `son Ayaan,`).
                // After a wrap, a listed given name ending its sentence too (`husband⏎Gareth.`).
                guard r.names == 1, relationsAfter.contains(toks[k].hash), e < lineEnd,
                      toks[e].isPunct(")") || toks[e].isPunct(",") || (wrapped && toks[e].isPunct(".") && words.isUnambiguousGiven(toks[s].hash)),
                      !words.surnames.contains(toks[s].hash) || words.given.contains(toks[s].hash)
                else { continue }
            }
            emit(r)
        }
    }

    static let copulas = WordHash.set("is was ist war")

    /// German role compounds (`Hausverwalterin`, `Zulassungsbesitzerin`,
    /// `Fahrzeughalter`, `Bereichsleiterin`): the last part says the word is a
    /// person's role, whatever the first part is about.
    static let roleSuffixes: [[UInt32]] = AddressRecognizer.folded([
        "verwalterin", "verwalter", "besitzerin", "besitzer", "inhaberin", "inhaber", "halterin", "halter",
        "eigentümerin", "eigentümer", "vertreterin", "vertreter", "beauftragte", "beauftragter", "leiterin", "leiter",
        "beraterin", "berater", "betreuerin", "betreuer", "pflegerin", "pfleger", "ärztin", "prüferin", "prüfer",
        "gutachterin", "gutachter", "führerin", "führer", "meisterin", "meister", "vorsteherin", "vorsteher",
        "bearbeiterin", "bearbeiter", "therapeutin", "therapeut",
        // `Auskunftsperson`, `Kontaktperson`, `Bezugsperson`: the person asked or named.
        "person",
    ])
    /// `Sicherheitsfachkraft`, `Pflegekraft`, `Lehrkraft`: staff of a kind (but
    /// `Kraft` alone is a surname).
    static let staffSuffixes: [[UInt32]] = AddressRecognizer.folded(["kraft"])

    /// A capitalised compound ending in a role (`Hausverwalterin`), at least
    /// three letters before it.
    static func isRoleCompound(_ ts: TokenStream, _ t: Token) -> Bool {
        t.has(.capitalised) && t.count >= 8 && (endsWithAny(ts, t, roleSuffixes, keeping: 3) || endsWithAny(ts, t, staffSuffixes, keeping: 4))
    }

    /// Second halves that make a name label a number's label (`Gläubiger-ID`, `Kunden-Nr.`).
    static let numberCompounds = WordHash.set("id nr no nummer number kennung code konto identifikationsnummer")

    /// Jobs that stand before a name and not after one.
    static let roleBeforeNouns = WordHash.set("""
        nurse paramedic engineer agentin agent bewirtschafterin bewirtschafter hausmeister hausmeisterin \
        zusteller zustellerin arbeitgeber arbeitgeberin inhaber inhaberin inh contact kontaktperson \
        caretaker driver doctor dr surgeon consultant midwife constable detective sergeant clerk \
        verwalterin verwalter betreuerin betreuer pflegerin pfleger ärztin arzt \
        fao attn worker guarantor executor executrix beneficiary \
        defendant claimant plaintiff respondent appellant petitioner debtor obligor obligee child \
        beklagte beklagter kläger klägerin schuldner schuldnerin gläubigerin antragsteller antragstellerin
        """)

    /// German participles before `von` that name who did it (`geprüft von`).
    static let agentParticiples = WordHash.set("""
        erstellt geprüft bearbeitet unterschrieben unterzeichnet genehmigt ausgestellt aufgenommen verfasst \
        angeordnet veranlasst zugestellt übergeben abgezeichnet freigegeben
        """)

    /// Words after `by` that are no one: how a thing is sent or paid.
    static let notAgents = WordHash.set("""
        Order Delivery Class Post Mail Transfer Debit Credit Cheque Check Card Phone Email Courier Hand Fax \
        Appointment Request Default Law Design Way Air Sea Road Rail Train Bus Car Standing Direct Special Recorded
        """)

    /// A person after `by` (`reviewed by`, `driven by`, `scanned 06/24 by`):
    /// two or three capitalised name-shaped words, or initials and one, set
    /// off after it by `,`, `(`, `.`, `;`, a dash, the end of the line or cell.
    static func agent(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        let by = WordHash.hash("by")
        let von = WordHash.hash("von")
        for k in toks.indices where toks[k].kind == .word && !toks[k].has(.initialUpper)
            && (toks[k].hash == by || (toks[k].hash == von && k > 0 && agentParticiples.contains(toks[k - 1].hash))) {
            let german = toks[k].hash == von
            var s = k + 1
            if s < toks.count, toks[s].isPunct(":") { s += 1 }
            // "logged by K. Albright", "by J. R. Hollis": initials with their dots open a name too.
            let initialled = s + 1 < toks.count && toks[s].kind == .word && toks[s].letters == 1 && toks[s].has(.upper)
                && toks[s + 1].glued && toks[s + 1].isPunct(".")
            guard s + 1 < toks.count, toks[s].line == toks[k].line, toks[s].kind == .word, toks[s].has(.capitalised) || initialled,
                  let r = run(ts, from: s, strong: false, maxNames: 3), r.first == s, !r.hitOrganisation else { continue }
            // "geprüft von Schäfer-Bilgin am 6.11.": a double surname alone, the
            // sentence going on in lower case.
            if german, r.names == 1, !initialled, r.end - s >= 3, toks[r.end - 2].isPunct("-"), toks[r.end - 2].glued,
               (s..<r.end).allSatisfy({ toks[$0].kind != .word || (plainNameWord(ts, $0) && toks[$0].has(.capitalised)) }),
               r.end >= ts.lineEnd(toks[s].line) || toks[r.end].kind == .punct || (toks[r.end].kind == .word && !toks[r.end].has(.initialUpper)) {
                emit(r)
                continue
            }
            guard r.names >= 2 || (initialled && r.names == 1) else {
                // "approved by Lucinda⏎Oyelaran-Hughes": running text wrapped between the names.
                if r.names == 1, plainNameWord(ts, s), !notAgents.contains(toks[s].hash), !toks[s].has(.upper),
                   let w = wrappedWord(ts, after: r), !notAgents.contains(toks[w.first].hash) {
                    emit(r)
                    emit(w)
                }
                continue
            }
            let lineEnd = ts.lineEnd(toks[s].line)
            guard r.end >= lineEnd || toks[r.end].isPunct(",") || toks[r.end].isPunct("(") || toks[r.end].isPunct(".")
                    || toks[r.end].isPunct(";") || toks[r.end].has(.cellStart)
                    || (toks[r.end].has(.spaceBefore) && (toks[r.end].isPunct("-") || toks[r.end].isPunct("\u{2013}"))) else { continue }
            guard (s..<r.end).allSatisfy({ toks[$0].kind != .word || toks[$0].letters == 1
                || (plainNameWord(ts, $0) && !notAgents.contains(toks[$0].hash) && !toks[$0].has(.upper)) }) else { continue }
            emit(r)
        }
    }

    /// Ranks written before a name like a salutation: `Officer M. Sterling`,
    /// `Detective Sergeant Ann Cole`, `PC J. Hill`.
    static let rankWords = WordHash.set("""
        Officer Constable Sergeant Sgt Detective Det Inspector Insp Deputy Sheriff Trooper Captain Lieutenant \
        Ofc Cpl Corporal Tpr Dep Supt Superintendent Lt Capt Cmdr Commander Marshal \
        Judge Justice Magistrate Kommissar Kommissarin Polizeikommissar Polizeikommissarin Polizeimeister Polizeimeisterin \
        Polizeiobermeister Polizeihauptmeister Polizeioberkommissar Polizeihauptkommissar Kriminalkommissar \
        Kriminaloberkommissar Kriminalhauptkommissar Inspektor Inspektorin Revierinspektor Gruppeninspektor \
        Bezirksinspektor Abteilungsinspektor Chefinspektor RevInsp GrInsp BezInsp AbtInsp ChefInsp
        """)

    /// Police ranks as written before a name: British (`PC 4417 Fraser Abernethy`,
    /// `DS Kaur`) and German (`PHK Jan Beispiel` in a speed camera's
    /// evidence line, `KOK Muster` in a police letter).
    static let rankAbbreviations = WordHash.set("PC DC DS DI DCI PCSO WPC SGT PM POM PHM PK POK PHK EPHK KK KOK KHK EKHK")

    /// After a capitalised rank: initials and a surname, or a given name and
    /// a surname (one of them listed).
    static func ranks(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word
            && (toks[k].has(.capitalised) && rankWords.contains(toks[k].hash) || toks[k].has(.upper) && rankAbbreviations.contains(toks[k].hash)) {
            var s = k + 1
            // "Ofc. Marisol …", "Det. Sgt. …": a rank abbreviated with its dot.
            if s < toks.count, toks[s].glued, toks[s].isPunct(".") { s += 1 }
            while s < toks.count, toks[s].line == toks[k].line, toks[s].kind == .word, rankWords.contains(toks[s].hash) {
                s += 1
                if s < toks.count, toks[s].glued, toks[s].isPunct(".") { s += 1 }
            }
            // "PC 4417 Fraser Abernethy": the officer's collar number between.
            if s + 1 < toks.count, toks[s].line == toks[k].line, toks[s].kind == .number, toks[s].digits <= 6 { s += 1 }
            guard s + 1 < toks.count, toks[s].line == toks[k].line, toks[s].has(.spaceBefore), !toks[s].has(.cellStart),
                  let r = run(ts, from: s, strong: false, maxNames: 2), r.first == s, !r.hitOrganisation else { continue }
            let initialled = toks[s].letters == 1 && toks[s + 1].isPunct(".")
            // "Messbeamter PHK Tobias⏎Beispiel.": the line wrap cut the name.
            if r.names == 1, !initialled, let w = wrappedSurname(ts, after: r) {
                emit(r)
                emit(w)
                continue
            }
            guard r.names >= 1, initialled || (r.names == 2 && r.listed > 0),
                  (s..<r.end).allSatisfy({ toks[$0].kind != .word || toks[$0].letters == 1 || plainNameWord(ts, $0) }) else { continue }
            emit(r)
        }
    }

    static let talkVerbs = WordHash.set("spoke speak speaking talked talking chatted telephoned phoned emailed")

    /// A listed given name alone after `spoke to`, `talked with`,
    /// `telephoned to`: the person spoken to (`spoke to Craig in the team`).
    static func spokeTo(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && talkVerbs.contains(toks[k].hash) {
            let s = k + 2
            guard s < toks.count, toks[s].line == toks[k + 1].line, ts.isWord(k + 1, "to") || ts.isWord(k + 1, "with"),
                  toks[s].kind == .word, toks[s].has(.capitalised), words.isUnambiguousGiven(toks[s].hash),
                  let r = run(ts, from: s, strong: false, maxNames: 2), r.first == s, !r.hitOrganisation else { continue }
            emit(r)
        }
    }

    /// Statement codes of a payment to or from a person: standing order,
    /// faster payment out and in, bill payment, bank giro credit, transfer.
    static let bookingCodes = WordHash.set("SO STO FPO FPI BP BGC TFR TRF")
    /// Person-to-person payment services on card statements (`VENMO *NAME`).
    static let paymentServices = WordHash.set("VENMO ZELLE PAYPAL CASHAPP")

    /// The counterparty in the booking text of an upper-case statement line,
    /// after a person-payment code in its own cell (`FPO`, `SO`, `INTERNATIONAL
    /// PAYMENT`): initials and a surname (`J MACDONALD-BAIRD`, also after one
    /// word: `SO RENT M PATEL`), a surname and an initial opening the text
    /// (`OKAFOR N`), or two name words with a listed one (`PRIYA MISTRY`). After
    /// `VENMO *`, `ZELLE`, `PAYPAL *`: the two words that follow.
    static func bookings(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && toks[k].has(.upper) && toks[k].has(.cellStart) {
            let lineEnd = ts.lineEnd(toks[k].line)
            var d = k + 1
            if paymentServices.contains(toks[k].hash) || (toks[k].hash == WordHash.hash("CASH") && d < lineEnd && ts.isWord(d, "app")) {
                if d < lineEnd, ts.isWord(d, "app") { d += 1 }
                while d < lineEnd, toks[d].isPunct("*") { d += 1 }
                guard d + 1 < lineEnd, upperNameWord(ts, d), upperNameWord(ts, d + 1), !toks[d + 1].has(.cellStart) else { continue }
                let e = d + 2
                guard e >= lineEnd || toks[e].has(.cellStart) || toks[e].kind != .word || !upperNameWord(ts, e) else { continue }
                emit(upperRun(d, e))
                continue
            }
            if !bookingCodes.contains(toks[k].hash) {
                // "INTERNATIONAL PAYMENT", "FASTER PAYMENT", "STANDING ORDER", "BANK TRANSFER"
                guard d < lineEnd, toks[d].has(.upper), !toks[d].has(.cellStart),
                      (toks[k].hash == WordHash.hash("INTERNATIONAL") || toks[k].hash == WordHash.hash("FASTER")) && ts.isWord(d, "payment")
                        || (toks[k].hash == WordHash.hash("STANDING") && ts.isWord(d, "order"))
                        || (toks[k].hash == WordHash.hash("BANK") && ts.isWord(d, "transfer")) else { continue }
                d += 1
            }
            guard d + 1 < lineEnd, toks[d].kind == .word, toks[d].has(.upper) else { continue }
            var cellEnd = d + 1
            while cellEnd < lineEnd, !toks[cellEnd].has(.cellStart) { cellEnd += 1 }
            // A surname and its initial opening the text (not `RENT M PATEL`:
            // a listed surname after the initial is the one it belongs to).
            if upperNameWord(ts, d) {
                let e = hyphenEnd(ts, d + 1, cellEnd)
                if e < cellEnd, toks[e].kind == .word, toks[e].letters == 1, toks[e].has(.upper), toks[e].has(.spaceBefore),
                   words.surnames.contains(toks[d].hash) || !(e + 1 < cellEnd && words.surnames.contains(toks[e + 1].hash)) {
                    emit(upperRun(d, e + 1))
                    continue
                }
            }
            // Initials and a surname, at the start or after one word.
            var found = false
            for i in [d, d + 1] where i + 1 < cellEnd {
                if toks[i].kind == .word, toks[i].letters == 1, toks[i].has(.upper), upperNameWord(ts, i + 1), toks[i + 1].has(.spaceBefore) {
                    emit(upperRun(i, hyphenEnd(ts, i + 2, cellEnd)))
                    found = true
                    break
                }
            }
            if found { continue }
            guard upperNameWord(ts, d) else { continue }
            let e1 = hyphenEnd(ts, d + 1, cellEnd)
            // Two name words, one listed.
            if e1 < cellEnd, upperNameWord(ts, e1), toks[e1].has(.spaceBefore) {
                let e2 = hyphenEnd(ts, e1 + 1, cellEnd)
                if words.given.contains(toks[d].hash) || words.surnames.contains(toks[d].hash) || words.surnames.contains(toks[e1].hash) {
                    emit(upperRun(d, e2))
                }
            }
        }
    }

    static func upperRun(_ a: Int, _ b: Int) -> Run {
        var r = Run(first: a, end: b)
        r.names = b - a
        return r
    }

    /// An upper-case word of two or more letters that may be a name.
    static func upperNameWord(_ ts: TokenStream, _ k: Int) -> Bool {
        let t = ts.tokens[k]
        return t.kind == .word && t.has(.upper) && t.letters >= 2 && isNameWord(ts, k, strong: false) && !looksLikeNoun(ts, t)
    }

    /// `k` past hyphenated parts glued to the word before it (`MACDONALD-BAIRD`).
    static func hyphenEnd(_ ts: TokenStream, _ k: Int, _ limit: Int) -> Int {
        let toks = ts.tokens
        var e = k
        while e + 1 < limit, toks[e].glued, toks[e].isPunct("-"), toks[e + 1].glued, toks[e + 1].kind == .word { e += 2 }
        return e
    }

    /// The name line of a machine-readable zone (ICAO 9303): upper-case
    /// words between `<` fillers, ending in fillers (`MUSTERMANN<<ERIKA<<<<`);
    /// on a passport's first line after the document code and the issuing
    /// state (`P<DEUMUSTERMANN<<ERIKA<<<`). Each word is a name.
    static func machineReadable(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for l in 0..<ts.lineCount {
            let r = ts.line(l)
            guard r.count >= 6, toks[r.upperBound - 1].isPunct("<") else { continue }
            var fillers = 0
            var double = false
            var ok = true
            for k in r {
                if toks[k].isPunct("<") {
                    fillers += 1
                    if k > r.lowerBound, toks[k - 1].isPunct("<") { double = true }
                } else if toks[k].kind != .word || !toks[k].has(.upper) || (k > r.lowerBound && !toks[k].glued) {
                    ok = false
                    break
                }
            }
            guard ok, double, fillers >= 5 else { continue }
            var k = r.lowerBound
            // "P<D<<", "P<DEU…": the document code and the issuing state are no name.
            if toks[k].letters <= 2, k + 1 < r.upperBound, toks[k + 1].isPunct("<"), !(k + 2 < r.upperBound && toks[k + 2].isPunct("<")) {
                k += 2
                guard k < r.upperBound, toks[k].kind == .word, toks[k].letters > 3 else { continue }
                // The state is the word's first three letters: cover the word whole
                // (a state code beside a name is no leak).
            }
            while k < r.upperBound {
                if toks[k].kind == .word, toks[k].letters >= 2 { emit(upperRun(k, k + 1)) }
                k += 1
            }
        }
    }

    static let deviceWords = WordHash.set("iPhone iPad iMac MacBook MBP MBA Galaxy Pixel Laptop Notebook PC Handy Tablet Android")

    /// A person's name in a device's network name: `iPhone-von-Merle`,
    /// `Laptop-Frederik-Hansen`, `Rebeccas-MBP`, `Anna-PC`.
    static func devices(_ ts: TokenStream, emit: (Run) -> Void) {
        let toks = ts.tokens
        for k in toks.indices where toks[k].kind == .word && deviceWords.contains(toks[k].hash) {
            let lineEnd = ts.lineEnd(toks[k].line)
            // After: "iPhone-von-Merle", "Laptop-Frederik-Hansen".
            if k + 2 < lineEnd, toks[k + 1].glued, toks[k + 1].isPunct("-"), toks[k + 2].glued, toks[k + 2].kind == .word {
                var s = k + 2
                if ts.isWord(s, "von") || ts.isWord(s, "de") || ts.isWord(s, "di"), s + 2 < lineEnd, toks[s + 1].isPunct("-"),
                   toks[s + 2].glued { s += 2 }
                if toks[s].kind == .word, toks[s].has(.capitalised), toks[s].letters >= 2,
                   s > k + 2 || words.isGiven(toks[s].hash) {
                    emit(upperRun(s, hyphenEnd(ts, s + 1, lineEnd)))
                    continue
                }
            }
            // Before: "Rebeccas-MBP", "Anna-PC".
            if k >= 2, toks[k].glued, toks[k - 1].isPunct("-"), toks[k - 1].glued, toks[k - 2].kind == .word,
               toks[k - 2].has(.capitalised) {
                let t = toks[k - 2]
                let stem = Int(t.end) - 1
                let possessive = t.count > 3 && (ts.text[stem] == "s")
                if words.isGiven(t.hash) || (possessive && words.isGiven(WordHash.hash(ts.text, Int(t.start)..<stem))) {
                    emit(upperRun(k - 2, k - 1))
                }
            }
        }
    }

    /// A Vietnamese name, surname first (`Nguyen Thi Lan`, `Tran Bao Ngoc`,
    /// `TRAN VAN MINH`): one of the common Vietnamese surnames, then one or
    /// two name-shaped words of which one is the middle name `Thi`/`Van` or a
    /// listed given name. `introducedOnly`: only where a person is introduced.
    static func surnameFirst(_ ts: TokenStream, _ k: Int, introducedOnly: Bool) -> Run? {
        let toks = ts.tokens
        guard k < toks.count, toks[k].kind == .word, toks[k].has(.initialUpper), vietnameseSurnames.contains(toks[k].hash),
              !introducedOnly || introduced(ts, k) else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        var e = k + 1
        var marked = false
        while e < min(lineEnd, k + 3), toks[e].kind == .word, toks[e].has(.initialUpper), toks[e].has(.spaceBefore),
              !toks[e].has(.cellStart), toks[e].letters >= 2, !words.organisations.contains(toks[e].hash),
              !looksLikeNoun(ts, toks[e]), vietnameseMiddle.contains(toks[e].hash) || words.isGiven(toks[e].hash)
                || isNameWord(ts, e, strong: false) {
            if vietnameseMiddle.contains(toks[e].hash) || words.isGiven(toks[e].hash) { marked = true }
            e += 1
        }
        guard e > k + 1, marked else { return nil }
        // Two name words after a listed given name is someone else's order: not here.
        if e < lineEnd, toks[e].kind == .word, toks[e].has(.initialUpper), toks[e].has(.spaceBefore), !toks[e].has(.cellStart) {
            return nil
        }
        var r = Run(first: k, end: e)
        r.names = e - k
        r.listed = 1
        return r
    }

    static let vietnameseSurnames = WordHash.set("""
        Nguyen Nguyễn Tran Trần Pham Phạm Hoang Hoàng Huynh Huỳnh Phan Vu Vũ Vo Võ Dang Đặng Bui Bùi Ngo Ngô Duong \
        Dương Truong Trương Dinh Đinh Trinh Trịnh Luong Lương Doan Đoàn
        """)
    static let vietnameseMiddle = WordHash.set("Thi Thị Van Văn")

    /// The line above an address block's name line, when it is a second
    /// addressee written the same way (`TRAN VAN MINH⏎NGUYEN THI HOA`): wholly
    /// a name with a listed word, in capitals when the name below is.
    static func secondAddressee(_ ts: TokenStream, line l: Int, below: Run) -> Run? {
        let toks = ts.tokens
        let range = ts.line(l)
        guard !range.isEmpty, let r = nameLine(ts, range), r.names >= 2, r.listed > 0 else { return nil }
        let upperBelow = toks[below.first].has(.upper)
        guard toks[r.first].has(.upper) == upperBelow else { return nil }
        return r
    }

    /// A name line holding two names joined by `&`, `and`, `und`
    /// (`TRAN VAN MINH & NGUYEN THI HOA`): each wholly a name of two or more words.
    static func jointNameLine(_ ts: TokenStream, _ range: Range<Int>) -> (Run, Run)? {
        let toks = ts.tokens
        guard let j = toks[range].indices.first(where: { isAnd(ts, $0) }), j > range.lowerBound, j + 1 < range.upperBound,
              let a = run(ts, from: range.lowerBound, strong: true), a.end == j, a.names >= 2, !a.hitOrganisation,
              let b = run(ts, from: j + 1, strong: true), !b.hitOrganisation, b.names >= 2 else { return nil }
        var e = b.end
        while e < range.upperBound, toks[e].isPunct(",") { e += 1 }
        guard e == range.upperBound || toks[e].has(.cellStart), a.listed + b.listed > 0 else { return nil }
        return (a, b)
    }
}
