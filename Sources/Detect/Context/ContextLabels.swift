/// The labels and phrases that give a value its meaning, and where a label's
/// value is found on a page.
///
/// A label is one or more words matched case- and diacritic-insensitively;
/// `.`, `-`, `/` and `,` between its words are ignored, so `Kunden-Nr.`,
/// `Kd.-Nr.` and `Kunden Nr` are one label, and `Geb.Datum` is `Geb Datum`.
/// The longest label starting at a word wins.
struct Label {
    enum Role: Equatable {
        /// `Herr`, `Frau`, `Dear`, `Sehr geehrte`: a name follows.
        case salutation
        /// `Name:`, `Kontoinhaber`, `Tenant`: the value is a person's name.
        case name
        /// `geb.`, `Geburtsdatum`, `Date of birth`: the value is a date of birth.
        case birth
        /// `Kundennummer`, `Case No.`: the value is a reference number.
        case reference(confidence: Double)
        /// `Kennzeichen`, `Registration`: the value is a licence plate.
        case plate
        /// `Mit freundlichen Grüßen`, `Kind regards`: a signature follows.
        case closing
        /// `Dr.`, `Prof.`: a name follows, the title is part of it.
        case title
        /// `Benutzer`, `Username`, `Login:`: a person's login name follows.
        case user
        /// `Steuer-ID`, `SSN`, `BIC`: an identifier follows, which the
        /// identifier recognizer finds (`families`); no context recognizer
        /// takes its value.
        case identifier
    }

    let words: [UInt64]
    let role: Role
    /// The fixed text put into `Detection.kind` ("label Kundennummer").
    let kind: String
    /// Only a label when a `:` follows (`Von:`, `To:`, `Bill to:`): the
    /// words are too common otherwise.
    var needsColon = false
    /// A role or relation word (`Treasurer`, `Tochter`): its value must hold
    /// a listed name.
    var needsListed = false
    /// An everyday word as a reference label (`Case`, `DEA`, `Vorgang`):
    /// its value must be a code (`ReferenceRecognizer.isCode`).
    var needsCode = false
    /// The identifier families the same phrase speaks for in
    /// `LabelWords.identifiers` (`Kundennummer`: `.reference`).
    var families: LabelSet = []
}

/// One label found on the page: tokens `first..<end`.
struct LabelHit {
    let label: Label
    let first: Int
    let end: Int
}

struct LabelTable: Sendable {
    /// Labels grouped by first word, longest first; `index` maps a first
    /// word's hash to its group.
    private let groups: [[Label]]
    private let index: HashSet64
    /// Whether a group holds a label that is not only an identifier's, and
    /// one that is.
    private let contextGroup: [Bool]
    private let identifierGroup: [Bool]
    /// Whether a group's first word is a label word (`isLabelWord`).
    private let labelWord: [Bool]

    static let shared = LabelTable()

    /// `identifiers`: the identifier labels as printed (`Labels.entries`).
    init(identifiers: [(String, LabelSet)] = Labels.entries) {
        var table: [UInt64: [Label]] = [:]
        func add(_ phrases: String, _ role: Label.Role, kind: String? = nil, needsColon: Bool = false,
                 needsListed: Bool = false, needsCode: Bool = false) {
            for phrase in phrases.split(separator: "|") {
                let words = phrase.split(separator: " ").map { WordHash.hash($0) }
                let first = phrase.split(separator: " ").first!
                let name = kind ?? "label " + first.prefix(1).uppercased() + first.dropFirst()
                table[words[0], default: []].append(Label(words: words, role: role, kind: name, needsColon: needsColon,
                                                          needsListed: needsListed, needsCode: needsCode))
            }
        }
        add(LabelWords.salutations, .salutation, kind: "salutation")
        add(LabelWords.names, .name)
        add(LabelWords.namesWithColon, .name, needsColon: true)
        add(LabelWords.roles, .name, needsListed: true)
        add(LabelWords.birth, .birth)
        for (phrases, kind, confidence) in LabelWords.references {
            add(phrases, .reference(confidence: confidence), kind: "label " + kind)
        }
        for (phrases, kind, confidence) in LabelWords.referencesNeedingCode {
            add(phrases, .reference(confidence: confidence), kind: "label " + kind, needsCode: true)
        }
        add(LabelWords.plates, .plate, kind: "label Kennzeichen")
        add(LabelWords.closings, .closing, kind: "signature")
        add(LabelWords.titles, .title, kind: "title")
        add(LabelWords.users, .user, kind: "user name")
        add(LabelWords.usersWithColon, .user, kind: "user name", needsColon: true)
        // The identifier labels, as words (`St.-Nr.` is `st nr`): a phrase
        // that is a context label too carries its families there.
        var compounds: Set<UInt64> = []
        for (phrase, set) in identifiers {
            let parts = phrase.split { !$0.isLetter }
            let words = parts.map { WordHash.hash($0) }
            if parts.count == 1, parts[0].count >= 6 { compounds.insert(words[0]) }
            if let i = table[words[0]]?.firstIndex(where: { $0.words == words }) {
                table[words[0]]![i].families.formUnion(set)
            } else {
                let first = parts[0]
                table[words[0], default: []].append(Label(words: words, role: .identifier,
                                                          kind: "label " + first.prefix(1).uppercased() + first.dropFirst(),
                                                          families: set))
            }
        }
        for k in table.keys { table[k]!.sort { $0.words.count > $1.words.count } }
        let keys = table.keys.sorted()
        let groups = keys.map { table[$0]! }
        let contextGroup = groups.map { $0.contains { $0.role != .identifier } }
        // An identifier's label that is one compound word (`Steuernummer`,
        // `Reisepass`) is a label word too, so never a name or a street; a
        // short code (`NINO`, `IVA`, `TIN`) is not: people are named so.
        labelWord = keys.indices.map { contextGroup[$0] || compounds.contains(keys[$0]) }
        self.groups = groups
        self.contextGroup = contextGroup
        identifierGroup = groups.map { $0.contains { $0.role == .identifier } }
        index = HashSet64(keys, values: keys.indices.map { Int32($0) })
    }

    /// Whether `hash` is the first word of any context label (`Vertragsnummer`,
    /// `Patient`) or an identifier's label of one compound word
    /// (`Steuernummer`): such a word is not a name, unless it is a given name
    /// that opens a label only with its abbreviation's second word (`Pat.-ID`).
    func isLabelWord(_ hash: UInt64) -> Bool {
        guard let g = index.value(hash) else { return false }
        return labelWord[Int(g)] && !Self.givenNameFirstWords.contains(hash)
    }

    static let givenNameFirstWords = WordHash.set("pat")

    /// Every label on the page, in order, not overlapping. An identifier's
    /// label (`St.-Nr.`) is taken only where no other label starts within
    /// it: it never hides one that a context recognizer reads.
    func scan(_ ts: TokenStream) -> [LabelHit] {
        var hits: [LabelHit] = []
        let toks = ts.tokens
        var k = 0
        while k < toks.count {
            if toks[k].kind == .word, let g = index.value(toks[k].hash) {
                if let hit = contextLabel(ts, at: k, in: Int(g))
                    ?? identifierLabel(ts, at: k, in: Int(g)).flatMap({ hit in
                        (k + 1..<hit.end).contains { contextLabel(ts, at: $0) != nil } ? nil : hit
                    }) {
                    hits.append(hit)
                    k = hit.end
                    continue
                }
            }
            k += 1
        }
        return hits
    }

    /// The longest label of a context recognizer at token `k` (its first
    /// word's group `g`, if known).
    private func contextLabel(_ ts: TokenStream, at k: Int, in g: Int? = nil) -> LabelHit? {
        let toks = ts.tokens
        guard let g = g ?? (toks[k].kind == .word ? index.value(toks[k].hash).map(Int.init) : nil), contextGroup[g]
        else { return nil }
        for label in groups[g] where label.role != .identifier {
            if let end = match(ts, label, at: k), !label.needsColon || Self.colonAt(ts, end),
               !(label.words.count == 1 && Self.needsDot.contains(label.words[0]))
                || toks[end - 1].isPunct(".") || Self.colonAt(ts, end) || Self.hyphenatedCodeAt(ts, end) {
                return LabelHit(label: label, first: k, end: end)
            }
        }
        return nil
    }

    /// The longest label of an identifier only at token `k`, in group `g`.
    private func identifierLabel(_ ts: TokenStream, at k: Int, in g: Int) -> LabelHit? {
        guard identifierGroup[g] else { return nil }
        for label in groups[g] where label.role == .identifier {
            if let end = match(ts, label, at: k) { return LabelHit(label: label, first: k, end: end) }
        }
        return nil
    }

    /// Abbreviations that are labels only written as such (`Az.`, `Az:`):
    /// `AZ 85001` is Arizona.
    static let needsDot = WordHash.set("az gz akz kd vertr mag")

    /// `GZ BS-ME-25-118402`: a code in hyphenated parts, letters first,
    /// follows on the line (`AZ 85001` is Arizona and a ZIP code).
    static func hyphenatedCodeAt(_ ts: TokenStream, _ j: Int) -> Bool {
        let toks = ts.tokens
        guard j + 2 < toks.count, toks[j].line == toks[j - 1].line, toks[j].kind == .word || toks[j].kind == .alnum,
              toks[j].has(.upper) || toks[j].kind == .alnum, toks[j + 1].glued, toks[j + 1].isPunct("-"), toks[j + 2].glued else { return false }
        var k = j
        while k < toks.count, k == j || toks[k].glued, toks[k].line == toks[j].line {
            if toks[k].digits > 0 { return true }
            k += 1
        }
        return false
    }

    static func colonAt(_ ts: TokenStream, _ j: Int) -> Bool {
        j < ts.tokens.count && ts.tokens[j].line == ts.tokens[j - 1].line && ts.tokens[j].isPunct(":")
    }

    /// The end (exclusive) of `label` matched at token `k`, with a glued
    /// trailing `.` taken in.
    private func match(_ ts: TokenStream, _ label: Label, at k: Int) -> Int? {
        let toks = ts.tokens
        var line = toks[k].line
        var j = k + 1
        for w in label.words.dropFirst() {
            while j < toks.count, toks[j].line == line, toks[j].kind == .punct,
                  toks[j].isPunct(".") || toks[j].isPunct("-") || toks[j].isPunct("/") || toks[j].isPunct("\u{2013}")
                  || toks[j].isPunct(",") || (toks[j].isPunct("_") && toks[j].glued) {
                j += 1
            }
            // A label wrapped in running text ("Our dates⏎of birth are …",
            // "under lease⏎no. DBR-…", "checking account⏎no. 0004…"): the rest
            // opens the next line, outside any table.
            if j < toks.count, toks[j].line == line + 1, toks[j].has(.lineStart),
               label.role == .birth || (!toks[k].has(.lineStart) && TableRows.cellCount(ts, Int(line)) <= 1 && toks[j].cell == 0),
               !ts.hasGap(before: Int(line) + 1), toks[j].kind == .word, toks[j].hash == w {
                line += 1
                j += 1
                continue
            }
            // `Loan #`, `Account #:`: the sign for a number word.
            if j < toks.count, toks[j].line == line, toks[j].isPunct("#"), Fields.numberWords.contains(w) {
                j += 1
                continue
            }
            // Not across a cell break: `Name⇥Vorname` are two column headers.
            guard j < toks.count, toks[j].line == line, toks[j].kind == .word, toks[j].hash == w,
                  !toks[j].has(.cellStart) else { return nil }
            j += 1
        }
        if j < toks.count, toks[j].glued, toks[j].isPunct(".") { j += 1 }
        return j
    }
}

/// Where the value of a label may start, in the order worth trying.
enum Fields {
    static let copulas: Set<UInt64> = Set(["is", "ist", "lautet", "lauten", "was", "war", "reads"].map { WordHash.hash($0) })
    static let numberWords: Set<UInt64> = Set(["nr", "no", "nummer", "number", "num"].map { WordHash.hash($0) })

    /// Separators skipped between a label and its value.
    @inline(__always) static func isSeparator(_ t: Token) -> Bool {
        guard t.kind == .punct else { return false }
        switch UInt32(truncatingIfNeeded: t.hash) {
        case 0x3A, 0x23, 0x3D, 0x2E, 0x2D, 0x2013, 0x2014, 0x3E, 0xFF1A: return true  // : # = . - – — > ：
        default: return false
        }
    }

    /// A label that follows only a form's field number at the start of its
    /// line (`5. Licence number`, `d Control number`, `12) Kundennummer`):
    /// it opens the field as surely as one opening its line.
    static func afterFieldNumber(_ ts: TokenStream, _ first: Int) -> Bool {
        let toks = ts.tokens
        let line = toks[first].line
        var k = first - 1
        if k >= 0, toks[k].line == line, toks[k].isPunct(".") || toks[k].isPunct(")") { k -= 1 }
        guard k >= 0, toks[k].line == line, toks[k].has(.lineStart) else { return false }
        let t = toks[k]
        return (t.kind == .number && t.count <= 2) || (t.kind == .word && t.count == 1)
    }

    /// Candidates for the first value token of a label spanning tokens
    /// `first..<end`: right after it on its line (past `:` and the like), or
    /// after a `:` a few tokens on (`Name des Versicherten: …`), the first
    /// token of the next line when the label ends its line, and the token in
    /// the same table column on the next line when the label heads a column.
    /// `colon` says whether a separator or a layout break sets the value off.
    static func candidates(_ ts: TokenStream, first: Int, end: Int) -> [(token: Int, setOff: Bool)] {
        let toks = ts.tokens
        var out: [(Int, Bool)] = []
        // The line the label ends on: a label wrapped in running text
        // (`lease⏎no. …`) has its value after its last word.
        let line = toks[end - 1].line
        var j = end
        var sawSeparator = false
        var sawColon = false
        while j < toks.count, toks[j].line == line, isSeparator(toks[j]) {
            if toks[j].isPunct(":") || toks[j].isPunct("#") || toks[j].isPunct("\u{FF1A}") { sawColon = true }
            j += 1
            sawSeparator = true
        }
        let lineEnd = ts.lineEnd(line)
        // "Your Medicare number is 5EG4-…", "Ihre Kundennummer lautet 123",
        // "Ausweis (Nr. B-VA 4417/93)": a copula or an opening bracket with
        // `Nr.` stands between the label and its value.
        if !sawSeparator, j + 1 < lineEnd, toks[j].kind == .word, copulas.contains(toks[j].hash) {
            out.append((j + 1, true))
        } else if !sawSeparator, j + 1 < lineEnd, toks[j].isPunct("(") {
            var c = j + 1
            if c < lineEnd, toks[c].kind == .word, numberWords.contains(toks[c].hash) {
                c += 1
                if c < lineEnd, toks[c].isPunct(".") || toks[c].isPunct(":") { c += 1 }
            }
            if c < lineEnd { out.append((c, true)) }
            // A hint in brackets between the label and its value: `Unique
            // pupil number (if known) H33…`, `Student ID (office use): …`.
            // (The next cell also ends the hint: `Student ID (office⇥SJ-…`.)
            var r = j + 1
            while r < min(lineEnd, j + 6), !toks[r].isPunct(")"), !toks[r].has(.cellStart) { r += 1 }
            if r < lineEnd, toks[r].has(.cellStart) {
                out.append((r, true))
            } else if r < lineEnd, toks[r].isPunct(")") {
                r += 1
                while r < lineEnd, isSeparator(toks[r]) { r += 1 }
                if r < lineEnd { out.append((r, true)) }
            }
        }
        if j < lineEnd {
            out.append((j, sawSeparator || toks[j].cell != toks[end - 1].cell))
            if !sawSeparator {
                var c = j
                while c < min(lineEnd, j + 6) {
                    if toks[c].isPunct(":") {
                        if c + 1 < lineEnd {
                            out.append((c + 1, true))
                        } else if Int(line) + 1 < ts.lineCount {
                            out.append((ts.line(Int(line) + 1).lowerBound, true))  // "Name und Anschrift:⏎…"
                        }
                        break
                    }
                    c += 1
                }
            }
        } else if Int(line) + 1 < ts.lineCount, toks[first].has(.cellStart) || sawColon || afterFieldNumber(ts, first),
                  toks[first].cell == 0 || TableRows.cellToken(ts, line: Int(line) + 1, cell: toks[first].cell) == nil {
            // A label ending its line heads a field ("Geburtsdatum⏎12.03.1980"),
            // unless it merely ends a sentence; a label in a later cell heads
            // that cell's column (below).
            out.append((ts.line(Int(line) + 1).lowerBound, true))
        }
        // A paper form's caption in capitals with a qualifier after it
        // (`VORNAME lt. Geburtsurkunde`, `FAMILIENNAME vor der ersten
        // Eheschließung`, `NAME (in Blockschrift)`): the value opens the next line.
        // (Or the caption alone on its line: `FAMILIENNAME⏎Beispiel`.)
        if toks[first].has(.lineStart), toks[first].has(.upper), toks[first].letters >= 3, lineEnd - j <= 8,
           j >= lineEnd || toks[j].isPunct("(") || (toks[j].kind == .word && !toks[j].has(.initialUpper)),
           toks[j..<lineEnd].allSatisfy({ $0.kind == .word || $0.isPunct("(") || $0.isPunct(")") || $0.isPunct(".") }),
           Int(line) + 1 < ts.lineCount, !ts.hasGap(before: Int(line) + 1) {
            let c = ts.line(Int(line) + 1).lowerBound
            if !out.contains(where: { $0.0 == c }) { out.append((c, true)) }
        }
        // A label ending its cell inside a row whose cell wrapped onto the next
        // line (`LASTSCHRIFT MREF:⇥128,00⏎⇥⇥⇥SWS-V-…`): the value opens that cell there.
        if !toks[first].has(.cellStart), j >= lineEnd || toks[j].cell != toks[end - 1].cell, toks[end - 1].cell > 0,
           Int(line) + 1 < ts.lineCount, let c = TableRows.cellToken(ts, line: Int(line) + 1, cell: toks[end - 1].cell),
           c == ts.line(Int(line) + 1).lowerBound, !out.contains(where: { $0.0 == c }) {
            out.append((c, true))
        }
        // A header row that lost its column spacing (OCR: "Patient Geburtsdatum
        // Kasse"): the first column's value opens the next line.
        if toks[first].has(.lineStart), j < lineEnd, toks[j].kind == .word, LabelTable.shared.isLabelWord(toks[j].hash),
           Int(line) + 1 < ts.lineCount {
            let c = ts.line(Int(line) + 1).lowerBound
            if !out.contains(where: { $0.0 == c }) { out.append((c, true)) }
        }
        // A column header: the value is in the same cell of the next line.
        let cell = toks[first].cell
        // The label may follow one qualifier in its cell (`Legal last name`, `Patient first name`).
        let opensCell = toks[first].has(.cellStart)
            || (first > 0 && toks[first - 1].line == line && toks[first - 1].has(.cellStart) && toks[first - 1].kind == .word
                && toks[first - 1].has(.initialUpper) && toks[first - 1].cell == cell)
        // Or the label stands inside its cell and the cell's colon ends it, past
        // at most one word (`Bei Antwort bitte Geschäftszahl angeben:⇥Datum:`
        // over a row of values): a header row of a letter's reference block.
        var cellEnd = end
        var trailing = 0
        while cellEnd < lineEnd, !toks[cellEnd].has(.cellStart) {
            if toks[cellEnd].kind == .word { trailing += 1 }
            cellEnd += 1
        }
        let colonEndsCell = cellEnd > end && cellEnd < lineEnd && toks[cellEnd - 1].isPunct(":") && trailing <= 1
        if opensCell && (j >= lineEnd || toks[j].cell != cell) || colonEndsCell, Int(line) + 1 < ts.lineCount {
            let next = ts.line(Int(line) + 1)
            if toks[first].cell > 0 || j < lineEnd {
                for c in next where toks[c].cell == cell && (toks[c].has(.cellStart) || toks[c].has(.lineStart)) {
                    if !out.contains(where: { $0.0 == c }) { out.append((c, true)) }
                    break
                }
            }
        }
        return out
    }
}
