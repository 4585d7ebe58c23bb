/// Family members named by a surname the page already knows as a person's.
///
/// Why: a letter names its addressee with good evidence (`Ms FOLASADE
/// OKORO-BAIRD`) and then her children or partner in a table or a list
/// (`| Chidera Iona Baird |`, `Baird, Morven`), often with given names no
/// list holds. The surname is the evidence: a person's surname with
/// name-shaped words before it (or after it and a comma) where a person is
/// introduced is another member of the family. Each given name found this
/// way is then carried to its other occurrences by the document pass.
extension NameRecognizer {
    /// The surnames of the names found on the page (`found`: token ranges of
    /// name runs, with whether the position named a surname alone, as a
    /// salutation does): the last word of a name of two or more words, each
    /// part of a double surname. A word the lists know as a given name only
    /// (`Ruben` of `Herr Ruben`) or as another word is left out.
    static func familySurnames(_ ts: TokenStream, _ found: [(range: Range<Int>, surnameAlone: Bool)]) -> Set<UInt64> {
        let toks = ts.tokens
        var out: Set<UInt64> = []
        for (r, alone) in found where !r.isEmpty {
            // `Imhof, Walter`: in a register's order the surname is before the comma.
            let comma = r.first(where: { toks[$0].isPunct(",") })
            guard let last = (r.lowerBound..<(comma ?? r.upperBound)).reversed().first(where: { toks[$0].kind == .word && toks[$0].letters >= 3 })
            else { continue }
            let words = r.filter { toks[$0].kind == .word && toks[$0].letters >= 2 && !Self.words.titles.contains(toks[$0].hash) }
            // The double surname's parts, glued by hyphens.
            var first = last
            while first >= r.lowerBound + 2, toks[first].glued, toks[first - 1].isPunct("-"), toks[first - 1].glued,
                  toks[first - 2].kind == .word { first -= 2 }
            let compound = first < last
            guard words.count >= 2 || compound || alone || comma != nil else { continue }
            for k in stride(from: first, through: last, by: 2) where toks[k].letters >= 3 && toks[k].has(.initialUpper) {
                let h = toks[k].hash
                if Self.words.isUnambiguousGiven(h) && !Self.words.surnames.contains(h) { continue }
                if Self.words.notNames.contains(h) || Self.words.cities.contains(h) || Self.words.organisations.contains(h)
                    || Self.words.particles.contains(h) { continue }
                out.insert(h)
            }
        }
        return out
    }

    /// A word that may be a family member's given name before or after a
    /// known surname: name-shaped, not a noun, role, relation, salutation or
    /// title, written in capitals only when the surname is.
    static func familyGiven(_ ts: TokenStream, _ k: Int, capitals: Bool) -> Bool {
        let t = ts.tokens[k]
        guard t.kind == .word, t.letters >= 2, capitals ? t.has(.upper) : t.has(.capitalised) else { return false }
        let h = t.hash
        if salutationWords.contains(h) || words.titles.contains(h) || relationsAfter.contains(h) || words.months.contains(h)
            || words.weekdays.contains(h) || deviceWords.contains(h) || isRoleCompound(ts, t) || isAgentNoun(ts, t) { return false }
        return plainNameWord(ts, k) || listedGiven(ts, k)
    }

    /// Other members of a family whose surname the page knows: up to three
    /// name-shaped words (particles between allowed: `Liesbeth van der
    /// Bergh`) right before the surname, the first opening a line or cell or
    /// following `,`, `(`, `:`, `and`, …, the surname ending its phrase (not
    /// `Baird Haulage Ltd`); or the surname, a comma and one or two such
    /// words (in capitals or not: a register writes `BAIRD, Morven`) ending
    /// the cell or phrase.
    static func family(_ ts: TokenStream, surnames: Set<UInt64>, covered: [Bool], emit: (Run) -> Void) {
        guard !surnames.isEmpty else { return }
        let toks = ts.tokens
        let german = isGermanPage(ts)
        func endsPhrase(_ e: Int, _ lineEnd: Int) -> Bool {
            e >= lineEnd || toks[e].has(.cellStart) || toks[e].kind == .punct && !toks[e].isPunct("-") && !toks[e].isPunct("&")
                || (toks[e].kind == .word && !toks[e].has(.initialUpper)) || toks[e].kind == .number
        }
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            let t = toks[k]
            guard t.kind == .word, t.has(.initialUpper), t.letters >= 3, surnames.contains(t.hash), !covered[k] else { continue }
            let lineEnd = ts.lineEnd(t.line)
            // The whole double surname the word belongs to.
            var s = k
            while s >= 2, toks[s].glued, toks[s - 1].isPunct("-"), toks[s - 1].glued, toks[s - 2].kind == .word { s -= 2 }
            let e = hyphenEnd(ts, k + 1, lineEnd)
            let capitals = t.has(.upper)
            // Given names before: "Chidera Iona Baird", "Liesbeth van der Bergh".
            var b = s
            while b > 0, toks[b - 1].line == t.line, toks[b - 1].kind == .word, !toks[b - 1].has(.initialUpper),
                  words.particles.contains(toks[b - 1].hash), !toks[b].has(.cellStart) { b -= 1 }
            var first = b
            var givens = 0
            while givens < 2, first > 0, !toks[first].has(.cellStart), toks[first].has(.spaceBefore) {
                var g = first - 1
                // A hyphenated given name: "Jamie-Lee".
                while g >= 2, toks[g].glued, toks[g - 1].isPunct("-"), toks[g - 1].glued, toks[g - 2].kind == .word { g -= 2 }
                guard toks[g].line == t.line, toks[g].kind == .word,
                      (g..<first).allSatisfy({ toks[$0].kind != .word || familyGiven(ts, $0, capitals: capitals) })
                else { break }
                first = g
                givens += 1
            }
            // German capitalises its nouns (`Gasthof Wolf`, `Fliesen Romano`): there,
            // a word no list knows as a name only in a table cell holding the name alone.
            let fillsCell = toks[first].has(.cellStart) && (e >= lineEnd || toks[e].has(.cellStart)) && toks[lineEnd - 1].cell >= 1
            let listed = (first..<b).allSatisfy { toks[$0].kind != .word || words.isGiven(toks[$0].hash) || words.surnames.contains(toks[$0].hash) }
            if givens > 0, !covered[first], introduced(ts, first), endsPhrase(e, lineEnd), !german || listed || fillsCell,
               !(e < lineEnd && toks[e].kind == .word && words.organisations.contains(toks[e].hash)) {
                var r = Run(first: first, end: e)
                r.names = givens + 1
                r.listed = 1
                emit(r)
                k = e - 1
                continue
            }
            // Given names after a comma: "Baird, Morven".
            guard s == k, e + 1 < lineEnd, toks[e].isPunct(","), introduced(ts, s), toks[e + 1].has(.spaceBefore) else { continue }
            var g = e + 1
            var n = 0
            while n < 2, g < lineEnd, g == e + 1 || (toks[g].has(.spaceBefore) && !toks[g].has(.cellStart)),
                  familyGiven(ts, g, capitals: false) || familyGiven(ts, g, capitals: true) {
                g = hyphenEnd(ts, g + 1, lineEnd)
                n += 1
            }
            // (German too: a known surname, a comma and a word ending the phrase is a register's entry.)
            guard n > 0, endsPhrase(g, lineEnd) || toks[g].isPunct(",") else { continue }
            var r = Run(first: s, end: g)
            r.names = n + 1
            r.listed = 1
            emit(r)
            k = g - 1
        }
    }

    /// A German role or job noun: a role word alone (`Halter`, `Inhaber`) or
    /// a long word ending in the feminine agent suffix (`Obergerichtsvollzieherin`,
    /// `Sachbearbeiterin`); a given name is short or ends otherwise.
    static func isAgentNoun(_ ts: TokenStream, _ t: Token) -> Bool {
        guard t.has(.capitalised) else { return false }
        if endsWithAny(ts, t, roleSuffixes, keeping: 0) { return true }
        return t.count >= 9 && endsWithAny(ts, t, agentSuffixes, keeping: 5)
    }

    static let agentSuffixes: [[UInt32]] = AddressRecognizer.folded(["erin", "eurin", "istin", "antin", "entin"])

    static let germanFunctionWords = WordHash.set("der die das den dem des und nicht mit für ist von zu ein eine einen auf im wird")
    static let englishFunctionWords = WordHash.set("the and of to for is with from this that your you are be on by will")

    /// Whether the page's running text is German (more German function
    /// words than English ones).
    static func isGermanPage(_ ts: TokenStream) -> Bool {
        var balance = 0
        for t in ts.tokens where t.kind == .word && !t.has(.initialUpper) {
            if germanFunctionWords.contains(t.hash) { balance += 1 } else if englishFunctionWords.contains(t.hash) { balance -= 1 }
        }
        return balance > 0
    }
}
