import RedactCore

/// Labels of a postal address field: `Address:`, `Home address`,
/// `Anschrift`, `Wohnadresse`, `Correspondence address`, `Address of the
/// property let:`. A form asks for the address of the person it is about,
/// so what sits in such a field is that person's address, and the label
/// line above a block ends the search for a letterhead (the organisation
/// words of the lines above belong to other fields: `Social Security
/// number⏎…⏎Home address⏎1 Example Rd`).
enum AddressLabels {
    /// Words that name the field: one of them must be in the label.
    static let heads = WordHash.set("""
        Address Addresses Anschrift Adresse Wohnadresse Wohnanschrift Privatanschrift Privatadresse Meldeadresse \
        Meldeanschrift Heimatadresse Zustelladresse Postanschrift Wohnsitz Hauptwohnsitz Nebenwohnsitz Correspondence
        """)
    /// Words that qualify it (`Home address`, `Address of the property let`, `Neue Anschrift`).
    static let qualifiers = WordHash.set("""
        Home Postal Mailing Residential Current Previous Last Permanent Former Forwarding Private Main Billing \
        Correspondence Contact Usual Full New Old for of the property let patient tenant landlord applicant \
        employee member owner Neue Alte Bisherige Aktuelle Frühere Derzeitige des der Mieters Vermieters \
        Neuer Alter Bisheriger Aktueller Früherer Derzeitiger Weiterer Weitere \
        Patienten Versicherten Antragstellers Kindes
        """)

    /// Whether tokens `r` (a line or a cell) are only an address label,
    /// maybe with its colon: `Home address`, `Anschrift:`.
    static func isLabel(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        if isFieldList(ts, r) { return true }
        guard !r.isEmpty else { return false }
        var a = r.lowerBound
        var e = r.upperBound
        if toks[e - 1].isPunct(":") { e -= 1 }
        // A form's field number before it (`4. Home address`) and an aside in brackets
        // after it (`Home address (street, city, state, ZIP)`) say nothing of whose.
        if e - a >= 3, toks[a].kind == .number, toks[a].count <= 2, toks[a + 1].isPunct(".") || toks[a + 1].isPunct(")") { a += 2 }
        if e - a >= 3, toks[e - 1].isPunct(")"), let open = (a..<e).first(where: { toks[$0].isPunct("(") }), open > a {
            e = open
        }
        guard e - a <= 7 else { return false }
        guard e > a, toks[a].kind == .word, toks[a].has(.initialUpper) else { return false }
        var head = false
        for k in a..<e {
            let t = toks[k]
            if t.isPunct("/") || t.isPunct(",") || t.isPunct("-") { continue }
            guard t.kind == .word else { return false }
            if heads.contains(t.hash) { head = true } else if !qualifiers.contains(t.hash) { return false }
        }
        return head
    }

    /// Words that open a form's caption for a person's name (`Name, Vorname
    /// des Versicherten`, `Surname / Forenames`).
    static let personCaptionHeads = WordHash.set("""
        Name Vorname Nachname Familienname Surname Forename Forenames Surnames
        """)

    /// Whether tokens `r` (a line) are a form's caption for a person's name:
    /// it opens with a name word, holds no digit, and is short. The address
    /// under the name it captions is that person's, whatever organisation
    /// (the insurer of a certificate form) is printed above the caption.
    static func isPersonCaption(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard !r.isEmpty, r.count <= 12, toks[r.lowerBound].kind == .word,
              personCaptionHeads.contains(toks[r.lowerBound].hash) else { return false }
        return !toks[r].contains { $0.kind == .number || $0.kind == .alnum }
    }

    /// The parts of an address a form asks for, one field per part.
    static let partWords = WordHash.set("""
        Straße Strasse Str Hausnummer Hausnr Haus-Nr Nr Stiege Stg Tür Top Stock PLZ Postleitzahl Ort Wohnort Gemeinde \
        Land Street House Number Apt Apartment Unit Flat City Town State ZIP Postcode County Country
        """)

    /// A form's address field that names its parts (`Straße / Haus-Nr. /
    /// Stiege / Tür`, `Straße bzw. Ort (wenn keine Straßennamen) / Haus-Nr.`,
    /// `Street, City, State, ZIP`): no digit, at least two separators, at least
    /// three of the parts. (A value has digits; a sentence has no such list.)
    static func isFieldList(_ ts: TokenStream, _ r: Range<Int>) -> Bool {
        let toks = ts.tokens
        guard r.count >= 5, r.count <= 24 else { return false }
        var parts = 0, separators = 0
        for k in r {
            let t = toks[k]
            if t.kind == .number || t.kind == .alnum { return false }
            if t.isPunct("/") || t.isPunct(",") { separators += 1 }
            if t.kind == .word, partWords.contains(t.hash) { parts += 1 }
        }
        return separators >= 2 && parts >= 3
    }

    /// Whether line `l` is only an address label (the value below it).
    static func isLabelLine(_ ts: TokenStream, _ l: Int) -> Bool {
        isLabel(ts, ts.line(l))
    }

    /// Where the value of an address label opening line `l` starts: past
    /// the label's `:` or the cell break after it (`Address:  9 Example
    /// Rise`, `Correspondence⇥Example Farmhouse, …`); nil if the line does
    /// not open with one.
    static func valueStart(_ ts: TokenStream, line l: Int) -> Int? {
        let toks = ts.tokens
        let r = ts.line(l)
        guard r.count >= 2 else { return nil }
        var e = r.lowerBound + 1
        while e < r.upperBound, e - r.lowerBound < 7, !toks[e].has(.cellStart), !toks[e].isPunct(":") { e += 1 }
        guard e < r.upperBound, isLabel(ts, r.lowerBound..<e) else { return nil }
        if toks[e].isPunct(":") { e += 1 }
        return e < r.upperBound ? e : nil
    }
}
