import RedactCore

/// Detection over the whole document, after every page has been read:
/// a value found with good evidence anywhere (a name after `Herr` or in a
/// signature, an ID after its label, an e-mail) is redacted at every other
/// occurrence in the document, on every page: the surname or the given
/// name alone, in upper case, in a table, in a footer.
///
/// Why: the evidence for a value is often in one place only. The letter
/// says `Sehr geehrte Frau Kaya` once; the footer, the table of bookings
/// and the second page say `Kaya` with no context at all.
///
/// What is carried over holds no document text beyond the values
/// themselves, which stay in this process like the always-redact terms.
public struct DocumentEvidence: Sendable, Equatable {
    /// Folded values (see `TermMatcher`) with the category they were found as.
    var values: [Value] = []
    var seen: Set<Value> = []
    /// Folded towns of the document's addresses (the word after a postcode):
    /// a one-word "name" that is one of them was a place read as a name
    /// (`Ort, Datum, Unterschrift: Göttingen, 16.10.2025`), and carrying it
    /// would black the town in every letterhead and footer.
    var places: Set<String> = []

    struct Value: Hashable, Sendable {
        var text: String
        var category: Category
        /// A name part that is also a month (`Mai` of `Hoang Thi Mai`): matched
        /// only where it cannot be the month (no number, no `im`, `in`, `of` at it).
        var weak = false
        /// Another spelling or one part of a double name (`spellings`): not
        /// where it opens a firm's name (`Kessler Rohstoffhandel AG`).
        var piece = false
        /// One word of a name of several (`Perret` of `Jean-Marc Perret`):
        /// not inside a firm's name (`Transports Perret Sàrl`).
        var part = false

        /// The flags as one number, to order values the same way on every run.
        var flags: Int { (weak ? 1 : 0) + (piece ? 2 : 0) + (part ? 4 : 0) }
    }

    public init() {}

    public var isEmpty: Bool { values.isEmpty }
    public var count: Int { values.count }

    /// Detections worth carrying over: facts (checksums, labels, terms)
    /// and confident guesses. Categories a recognizer finds wherever they
    /// stand anyway (IP and MAC addresses, URLs) and multi-line addresses
    /// are not carried.
    static let minConfidence = 0.7
    static let carried: Set<Category> = [.name, .email, .phone, .iban, .paymentCard, .taxID, .nationalID,
                                         .insuranceID, .vatID, .reference, .dateOfBirth, .bic, .licencePlate]

    /// Adds the values of one page's detections.
    public mutating func add(_ found: [Detection], in text: PageText) {
        let words = WordSets.shared
        for d in found where d.category == .address { addPlaces(Array(text.scalars[d.range.clamped(to: 0..<text.scalars.count)])) }
        for d in found where Self.carried.contains(d.category) && d.confidence >= Self.minConfidence {
            let r = d.range.clamped(to: 0..<text.scalars.count)
            let scalars = Array(text.scalars[r])
            let whole = Self.trimmed(scalars)
            // Too short to say anything on its own: `Li` is a name, `12` is not a reference.
            let alnum = whole.filter { TokenStream.isWordScalar($0) }.count
            if alnum >= (d.category == .name ? 2 : 4) { insert(whole, d.category) }
            guard d.category == .name else { continue }
            // `Meißner` is written `MEISSNER` in capitals.
            if whole.contains("ß") { insert(whole.flatMap { $0 == "ß" ? ["s", "s"] : [$0] }, .name) }
            // "Ruben de Vries" → "de Vries", "Siobhán Ní Bhriain" → "Ní Bhriain":
            // the surname with its particles, as a signature or a footer writes it.
            if let tail = Self.surnameWithParticles(whole) { insert(tail, .name) }
            // The parts of a name: the surname or given name alone, as a
            // signature, a table or a salutation writes it. A part that is
            // also an ordinary word (`Mai`, `Rose` is kept: people are
            // called that, and this document names one) is skipped only
            // when it is a function word, a month or letter vocabulary.
            for part in Self.words(whole) where part.count >= 3 {
                let h = WordHash.hash(String(String.UnicodeScalarView(part)))
                if words.months.contains(h), part.first?.isUppercaseFast == true {
                    insert(part, .name, weak: true)
                    continue
                }
                if words.notNames.contains(h) || words.cities.contains(h) || words.titles.contains(h) || words.particles.contains(h) {
                    continue
                }
                insert(part, .name, part: true)
                if part.contains("ß") { insert(part.flatMap { $0 == "ß" ? ["s", "s"] : [$0] }, .name, part: true) }
                for variant in Self.spellings(part) { insert(variant, .name, piece: true) }
            }
        }
    }

    /// The end of a name from its first particle (`de Vries`, `van der
    /// Bergh`, `Ní Bhriain-Okoro`) when a given name stands before it and a
    /// surname after it.
    static func surnameWithParticles(_ whole: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        let parts = words(whole)
        guard parts.count >= 3 else { return nil }
        let w = WordSets.shared
        for i in 1..<(parts.count - 1) {
            let h = WordHash.hash(String(String.UnicodeScalarView(parts[i])))
            let lower = parts[i].first?.isLowercaseFast == true
            guard lower && w.particles.contains(h) || NameRecognizer.gaelicParticles.contains(h) else { continue }
            return Array(parts[i...].joined(separator: [" "]))
        }
        return nil
    }

    /// How else a statement or a register writes a surname: without its
    /// apostrophe (`O'Driscoll-Haugen` as `ODRISCOLL-HAUGEN`, a booking
    /// text has no apostrophes), and each part of a double name alone
    /// (`Haugen`, `O'Driscoll`), as a payroll or a bank shortens it. Parts of
    /// three or more letters that the lists do not know as other words.
    static func spellings(_ part: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        let apostrophe: (Unicode.Scalar) -> Bool = { $0 == "'" || $0 == "\u{2019}" }
        var out: [[Unicode.Scalar]] = []
        if part.contains(where: apostrophe) { out.append(part.filter { !apostrophe($0) }) }
        guard part.contains("-") else { return out }
        let words = WordSets.shared
        for piece in part.split(separator: "-") where piece.filter({ $0.isAlphabeticFast }).count >= 3 {
            guard piece.first?.isUppercaseFast == true else { continue }
            let h = WordHash.hash(String(String.UnicodeScalarView(piece)))
            if words.notNames.contains(h) || words.cities.contains(h) || words.titles.contains(h) || words.months.contains(h)
                || words.organisations.contains(h) || LabelTable.shared.isLabelWord(h) {
                continue
            }
            out.append(Array(piece))
            if piece.contains(where: apostrophe) { out.append(piece.filter { !apostrophe($0) }) }
        }
        return out
    }

    /// Adds another document part's evidence.
    public mutating func merge(_ other: DocumentEvidence) {
        for v in other.values where seen.insert(v).inserted { values.append(v) }
        places.formUnion(other.places)
    }

    /// The towns in an address: a capitalised word right after a run of four
    /// or five digits (`37085 Göttingen`, `8400 Winterthur`).
    mutating func addPlaces(_ s: [Unicode.Scalar]) {
        var i = 0
        while i < s.count {
            guard s[i].isNumericFast, i == 0 || !TokenStream.isWordScalar(s[i - 1]) else { i += 1; continue }
            var j = i
            while j < s.count, s[j].isNumericFast { j += 1 }
            var k = j
            while k < s.count, s[k] == " " || s[k] == "\u{A0}" { k += 1 }
            if (4...5).contains(j - i), k > j, k < s.count, s[k].isUppercaseFast {
                var e = k
                while e < s.count, s[e].isAlphabeticFast || s[e] == "-" { e += 1 }
                places.insert(Self.folded(Array(s[k..<e])))
            }
            i = max(j, i + 1)
        }
    }

    static func folded(_ s: [Unicode.Scalar]) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: Folded(s).scalars)
        return String(v)
    }

    private mutating func insert(_ scalars: [Unicode.Scalar], _ category: Category, weak: Bool = false, piece: Bool = false,
                                 part: Bool = false) {
        guard !scalars.isEmpty else { return }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        let v = Value(text: String(s), category: category, weak: weak, piece: piece, part: part)
        if seen.insert(v).inserted { values.append(v) }
    }

    /// The value without white space or punctuation at either end.
    static func trimmed(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var lo = 0, hi = s.count
        while lo < hi, !TokenStream.isWordScalar(s[lo]) { lo += 1 }
        while hi > lo, !TokenStream.isWordScalar(s[hi - 1]) { hi -= 1 }
        return Array(s[lo..<hi])
    }

    /// Runs of letters (apostrophes and hyphens inside kept) of a name.
    static func words(_ s: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = []
        var cur: [Unicode.Scalar] = []
        for c in s {
            if c.isAlphabeticFast || ((c == "'" || c == "\u{2019}" || c == "-") && !cur.isEmpty) {
                cur.append(c)
            } else {
                if !cur.isEmpty { out.append(cur) }
                cur = []
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out.map { w in
            var w = w
            while let l = w.last, l == "-" || l == "'" || l == "\u{2019}" { w.removeLast() }
            return w
        }.filter { !$0.isEmpty }
    }

    /// A matcher for the values, built once per document.
    /// Values are sorted first: pages arrive in any order from several
    /// workers, and the output must not depend on it.
    public func matcher() -> DocumentMatcher {
        let values = places.isEmpty ? values : values.filter {
            $0.category != .name || $0.text.contains(" ") || !places.contains(Self.folded(Array($0.text.unicodeScalars)))
        }
        return DocumentMatcher(values.sorted {
            ($0.category, $0.text, $0.flags) < ($1.category, $1.text, $1.flags)
        })
    }
}

/// Finds the carried values on a page (whole words, case- and
/// diacritic-insensitive, across line breaks and cells, folded as terms
/// are: see `TermMatcher`).
///
/// A payroll register carries a thousand names: the values are indexed by
/// their first word, so a page is read once whatever their number.
public struct DocumentMatcher: Sendable {
    /// `cased`: a name written with capitals where it was found; an
    /// occurrence all in lower case is then a word (`the will of`), not it.
    private let patterns: [(folded: [Unicode.Scalar], category: Category, cased: Bool, weak: Bool, piece: Bool, part: Bool)]
    /// First word of each pattern (folded) → the patterns that start with
    /// it, by length and then by `hash` of the whole pattern. A first word
    /// may start thousands of patterns (the area code of every phone number
    /// in a customer list); each occurrence then costs one lookup per
    /// length, not one comparison per pattern.
    private let byFirstWord: [String: [(length: Int, byHash: [UInt64: [Int]])]]
    /// `hash` of every key of `byFirstWord`: a page's words are looked up
    /// here first, without building a string, and almost none is a key
    /// (building one per word was a third of the document pass's time).
    private let firstWordHashes: Set<UInt64>

    init(_ values: [DocumentEvidence.Value]) {
        var patterns: [([Unicode.Scalar], Category, Bool, Bool, Bool, Bool)] = []
        var index: [String: [Int]] = [:]
        for v in values {
            var f = Folded(Array(v.text.unicodeScalars)).scalars
            while f.first == " " { f.removeFirst() }
            while f.last == " " { f.removeLast() }
            guard let first = f.first, Self.isWord(first) else { continue }
            var end = 0
            while end < f.count, Self.isWord(f[end]) { end += 1 }
            index[Self.key(f[0..<end]), default: []].append(patterns.count)
            let cased = v.category == .name && v.text.unicodeScalars.contains { $0.isUppercaseFast }
            patterns.append((f, v.category, cased, v.weak, v.piece, v.part))
        }
        self.patterns = patterns
        byFirstWord = index.mapValues { ks in
            var byLength: [Int: [UInt64: [Int]]] = [:]
            for k in ks { byLength[patterns[k].0.count, default: [:]][Self.hash(patterns[k].0[...]), default: []].append(k) }
            return byLength.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        firstWordHashes = Set(index.keys.map { Self.hash(Array($0.unicodeScalars)[...]) })
    }

    /// FNV-1a over the scalar values of `s`.
    static func hash(_ s: ArraySlice<Unicode.Scalar>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in s { h = (h ^ UInt64(c.value)) &* 0x100_0000_01b3 }
        return h
    }

    /// The patterns whose first word is `hay[i..<end]`, nil if none; of
    /// those, the ones whose whole text stands at `i` (and `length`: only
    /// that long), in pattern order.
    private func candidates(_ hay: [Unicode.Scalar], at i: Int, firstWordEnd end: Int, length: Int? = nil) -> [Int]? {
        let s = hay[i..<end]
        guard firstWordHashes.contains(Self.hash(s)), let groups = byFirstWord[Self.key(s)] else { return nil }
        var out: [Int] = []
        for (n, byHash) in groups where length == nil || n == length {
            guard i + n <= hay.count, let ks = byHash[Self.hash(hay[i..<(i + n)])] else { continue }
            out += ks.filter { hay[i..<(i + n)].elementsEqual(patterns[$0].folded) }
        }
        return out.sorted()
    }

    public var isEmpty: Bool { patterns.isEmpty }

    static func isWord(_ c: Unicode.Scalar) -> Bool {
        c.isAlphabeticFast || c.isNumericFast
    }

    /// `r` grown left over up to three initials (`E`, `E.`, `E S`) right before it.
    static func withInitials(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Range<Int> {
        var lo = r.lowerBound
        for _ in 0..<3 {
            var k = lo
            guard k > 0, s[k - 1] == " " else { break }
            k -= 1
            if k > 0, s[k - 1] == "." { k -= 1 }
            // (After a space or an opening quote or bracket: `by "K. Osei"`.)
            guard k > 0, s[k - 1].isUppercaseFast, k == 1 || !s[k - 2].isAlphabeticFast,
                  k == 1 || s[k - 2] == " " || s[k - 2] == "\t" || s[k - 2] == "\n" || s[k - 2] == "\"" || s[k - 2] == "\u{201C}"
                    || s[k - 2] == "\u{201E}" || s[k - 2] == "(" else { break }
            lo = k - 1
        }
        return lo..<r.upperBound
    }

    /// `r` (one word) grown left over one capitalised word right before it
    /// that may be a given name: the family name is this document's
    /// person's, and a given name is what stands before a family name
    /// (`her late husband Jory Tregothnan`, `Occupants: Emi Holloway`).
    /// The word must be a listed given name, not at the start of a
    /// sentence, and not a word the lists know as something else.
    static func withGivenName(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Range<Int> {
        // (Of a surname with a particle too: `Luca Lo Presti` after `Lo Presti`.)
        guard r.lowerBound >= 3, s[r.lowerBound - 1] == " ",
              !s[r].contains(where: { !$0.isAlphabeticFast && $0 != "-" && $0 != " " }) else {
            return r
        }
        var a = r.lowerBound - 1
        while a > 0, s[a - 1].isAlphabeticFast || (s[a - 1] == "-" && a >= 2 && s[a - 2].isAlphabeticFast) { a -= 1 }
        let word = s[a..<(r.lowerBound - 1)]
        guard word.count >= 2, let f = word.first, f.isUppercaseFast else { return r }
        let capitals = !s[r].contains { $0.isLowercaseFast }
        // The same case as the surname: `JORY TREGOTHNAN`, `Jory Tregothnan`.
        guard capitals ? !word.contains(where: { $0.isLowercaseFast })
                       : word.dropFirst().contains(where: { $0.isLowercaseFast }) else { return r }
        // Not after the end of a sentence: `… paid. Holloway` has no given name.
        var b = a - 1
        while b >= 0, s[b] == " " { b -= 1 }
        if b >= 0, s[b] == "." || s[b] == "!" || s[b] == "?" {
            return r
        }
        let h = WordHash.hash(String(String.UnicodeScalarView(word)))
        let w = WordSets.shared
        // A listed given name only: German capitalises every noun
        // (`Großmutter Helga`, `Sanitär Wolf`), and capitals say nothing.
        guard w.isUnambiguousGiven(h) else { return r }
        if w.notNames.contains(h) || w.cities.contains(h) || w.titles.contains(h) || w.organisations.contains(h)
            || w.particles.contains(h) || LabelTable.shared.isLabelWord(h) || NameRecognizer.roleNouns.contains(h)
            || NameRecognizer.relationsAfter.contains(h) {
            return r
        }
        return a..<r.upperBound
    }

    /// `r` grown right over one capital letter standing alone after it
    /// (`O'SULLIVAN D`), when the match is written in capitals.
    static func withTrailingInitial(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Range<Int> {
        let hi = r.upperBound
        guard hi + 1 < s.count, s[hi] == " ", s[hi + 1].isUppercaseFast,
              hi + 2 == s.count || s[hi + 2].isWhitespaceFast || s[hi + 2] == "." || s[hi + 2] == ","
                || s[hi + 2] == ";" || s[hi + 2] == ")",
              !s[r].contains(where: { $0.isLowercaseFast }) else { return r }
        return r.lowerBound..<(hi + 2)
    }

    /// Whether a part of a double name found alone stands in a firm's name
    /// (`Kessler Rohstoffhandel AG`, `Kanzlei Kühn & Partner`) or in
    /// another hyphenated compound (`Wolf-Brunnen`).
    static func inFirmOrCompound(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        if r.upperBound < s.count, s[r.upperBound] == "-" { return true }
        if r.lowerBound > 0, s[r.lowerBound - 1] == "-" { return true }
        return inFirm(s, r)
    }

    /// Whether the word at `r` stands in a firm's name: an organisation word
    /// (or a compound ending in one) right before it, or right after it or
    /// after `&`, `und`, `and` (`Kanzlei Kühn`, `Kühn & Partner`, `Perret Sàrl`).
    static func inFirm(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        // The word before: `Kanzlei Kühn`, `Praxis Wolf`.
        var e = r.lowerBound
        while e > 0, s[e - 1] == " " { e -= 1 }
        if e < r.lowerBound {
            var a = e
            while a > 0, s[a - 1].isAlphabeticFast { a -= 1 }
            if a < e, isOrganisation(s[a..<e]) { return true }
        }
        var a = r.upperBound
        while a < s.count, s[a] == " " { a += 1 }
        // `Kühn & Partner`, `Loibl und Söhne`.
        if a < s.count, s[a] == "&" {
            a += 1
            while a < s.count, s[a] == " " { a += 1 }
        } else if a + 4 < s.count, key(s[a..<(a + 4)]).lowercased() == "und " || key(s[a..<(a + 4)]).lowercased() == "and " {
            a += 4
        }
        guard a > r.upperBound else { return false }
        var b = a
        while b < s.count, s[b].isAlphabeticFast { b += 1 }
        guard b > a else { return false }
        return isOrganisation(s[a..<b])
    }

    /// An organisation word or a compound ending in one (`GmbH`,
    /// `Rohstoffhandel`, `Präzisionstechnik`).
    static func isOrganisation(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        if WordSets.shared.organisations.contains(WordHash.hash(key(word))) { return true }
        guard word.count >= 7 else { return false }
        let folded = word.map { $0.value < 0x80 ? $0.value.lowercasedASCII : WordHash.fold($0.value) }
        return NameRecognizer.organisationSuffixes.contains { suffix in
            folded.count >= suffix.count + 3 && Array(folded.suffix(suffix.count)) == suffix
        }
    }

    /// Words before a month (`im Mai`, `Anfang Mai`, `in May`, `end of June`).
    static let monthContext: Set<String> = [
        "im", "in", "am", "bis", "seit", "ab", "vom", "zum", "anfang", "mitte", "ende", "des", "den", "der", "dem",
        "monat", "of", "since", "until", "from", "to", "by", "early", "late", "mid", "end", "und", "and", "oder", "or",
        "jeden", "every", "this", "next", "last", "diesen", "nachsten", "letzten",
    ]

    /// Whether the month-word at `i..<stop` of the folded page stands where
    /// the month cannot: no number next to it, no month word before it.
    static func notMonth(_ hay: [Unicode.Scalar], _ i: Int, _ stop: Int) -> Bool {
        // "Mai-Abrechnung", "Mai/Juni", "04/Mai": a month in a compound or a range.
        if stop < hay.count, hay[stop] == "-" || hay[stop] == "/" { return false }
        if i > 0, hay[i - 1] == "-" || hay[i - 1] == "/" { return false }
        var a = i - 1
        while a >= 0, hay[a] == " " || hay[a] == "." || hay[a] == "," { a -= 1 }
        if a >= 0, hay[a].isNumericFast { return false }
        var b = stop
        while b < hay.count, hay[b] == " " || hay[b] == "." || hay[b] == "," || hay[b] == "'" || hay[b] == "/" { b += 1 }
        if b < hay.count, hay[b].isNumericFast { return false }
        var e = i - 1
        while e >= 0, hay[e] == " " { e -= 1 }
        var w = e
        while w >= 0, isWord(hay[w]) { w -= 1 }
        if e > w, monthContext.contains(key(hay[(w + 1)...e])) { return false }
        return true
    }

    static func hasCapital(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
        s.contains { $0.isUppercaseFast }
    }

    static func key(_ s: ArraySlice<Unicode.Scalar>) -> String {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s)
        return String(v)
    }

    /// Occurrences on this page not already covered by `existing`
    /// detections of any category: the ones the document pass adds.
    public func additions(in text: PageText, existing: [Detection]) -> [Detection] {
        if patterns.isEmpty || text.scalars.isEmpty { return [] }
        var covered = [Bool](repeating: false, count: text.scalars.count)
        for d in existing {
            for i in d.range.clamped(to: 0..<covered.count) { covered[i] = true }
        }
        let folded = Folded(text.scalars)
        let hay = folded.scalars
        var hits: [(Range<Int>, Category, piece: Bool, part: Bool)] = []
        var i = 0
        while i < hay.count {
            guard Self.isWord(hay[i]), i == 0 || !Self.isWord(hay[i - 1]) else { i += 1; continue }
            var end = i
            while end < hay.count, Self.isWord(hay[end]) { end += 1 }
            if let candidates = candidates(hay, at: i, firstWordEnd: end) {
                for k in candidates {
                    let stop = i + patterns[k].folded.count
                    guard stop == hay.count || !Self.isWord(hay[stop]) else { continue }
                    if !patterns[k].cased || Self.hasCapital(text.scalars[folded.origin[i]...folded.origin[stop - 1]]),
                       !patterns[k].weak || Self.notMonth(hay, i, stop) {
                        hits.append((folded.origin[i]..<(folded.origin[stop - 1] + 1), patterns[k].category, patterns[k].piece,
                                     patterns[k].part))
                    }
                }
            } else if end - i >= 4, hay[end - 1] == "s",
                      let candidates = candidates(hay, at: i, firstWordEnd: end - 1, length: end - 1 - i) {
                // A name with a possessive `s` (`Rebeccas-MBP`, `Annas Rad`): the
                // name alone, capitalised, and the `s` with it.
                // Not a word of its own: `This` is no `Thi` with an `s`.
                let word = WordHash.hash(Self.key(hay[i..<end]))
                let known = WordSets.shared.notNames.contains(word) || WordSets.shared.given.contains(word)
                    || WordSets.shared.surnames.contains(word)
                for k in candidates where !known && patterns[k].category == .name && patterns[k].cased && patterns[k].folded.count == end - 1 - i
                    && Self.hasCapital(text.scalars[folded.origin[i]...folded.origin[i]]) {
                    hits.append((folded.origin[i]..<(folded.origin[end - 1] + 1), .name, patterns[k].piece, patterns[k].part))
                }
            }
            i = end
        }
        // Longest first, so a whole name wins over its parts.
        hits.sort { a, b in
            a.0.count != b.0.count ? a.0.count > b.0.count
                : (a.0.lowerBound, a.1) < (b.0.lowerBound, b.1)
        }
        var out: [Detection] = []
        for (r, category, piece, part) in hits {
            var r = r.clamped(to: 0..<covered.count)
            // `Miss E S Nakamura-Holt`: initials before a surname found
            // elsewhere are the same person's.
            if category == .name { r = Self.withInitials(text.scalars, r) }
            // `her late husband Jory Tregothnan`: a given name before a surname found elsewhere.
            if category == .name {
                let g = Self.withGivenName(text.scalars, r)
                if !covered[g.lowerBound] { r = g }
            }
            // `O'SULLIVAN D`: in capitals, an initial after the surname is the same person's.
            if category == .name { r = Self.withTrailingInitial(text.scalars, r) }
            // `Kessler Rohstoffhandel AG`: a person's surname in a firm's name is the firm's.
            if piece, Self.inFirmOrCompound(text.scalars, r) { continue }
            // `Transports Perret Sàrl`: one word of a person's name inside a firm's name.
            if part, Self.inFirm(text.scalars, r) { continue }
            // Only visible scalars count: a range over separators alone adds nothing.
            guard r.contains(where: { !covered[$0] && !text.scalars[$0].isWhitespaceFast }) else { continue }
            out.append(Detection(category: category, range: r, confidence: 0.8, reason: .context,
                                 kind: "same value elsewhere in the document"))
            for j in r { covered[j] = true }
        }
        return out.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }
}
