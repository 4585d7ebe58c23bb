/// The families a label before a value speaks for.
struct LabelSet: OptionSet, Sendable {
    let rawValue: UInt32
    static let steuerID = LabelSet(rawValue: 1 << 0)
    static let steuernummer = LabelSet(rawValue: 1 << 1)
    static let pension = LabelSet(rawValue: 1 << 2)
    static let health = LabelSet(rawValue: 1 << 3)
    static let idCard = LabelSet(rawValue: 1 << 4)
    static let passport = LabelSet(rawValue: 1 << 5)
    static let ssn = LabelSet(rawValue: 1 << 6)
    static let itin = LabelSet(rawValue: 1 << 7)
    static let nino = LabelSet(rawValue: 1 << 8)
    static let nhs = LabelSet(rawValue: 1 << 9)
    static let nir = LabelSet(rawValue: 1 << 10)
    static let dni = LabelSet(rawValue: 1 << 11)
    static let codiceFiscale = LabelSet(rawValue: 1 << 12)
    static let bsn = LabelSet(rawValue: 1 << 13)
    static let austrianSV = LabelSet(rawValue: 1 << 14)
    static let ahv = LabelSet(rawValue: 1 << 15)
    static let vat = LabelSet(rawValue: 1 << 16)
    static let bic = LabelSet(rawValue: 1 << 17)
    /// Invoice, customer, order, file numbers: what follows is not a
    /// personal identifier, even if its digits happen to pass a check.
    static let reference = LabelSet(rawValue: 1 << 31)
}

/// Labels that name an identifier ("Steuer-ID", "St.-Nr.", "SSN", "BIC"),
/// matched case-insensitively at the start of a word, reading I/l/1/| and
/// O/0 as OCR does. A label may be fused to its value ("StNr12/345/67890")
/// but not to further letters.
enum Labels {
    static let socialInsurance: LabelSet = [.pension, .austrianSV, .ahv]
    static let insurance: LabelSet = [.pension, .health, .austrianSV]
    static let document: LabelSet = [.idCard, .passport]

    static let entries: [(String, LabelSet)] = [
        // German tax
        ("steuer-id", .steuerID), ("steuerid", .steuerID), ("steuer-idnr", .steuerID),
        ("steuer-identifikationsnummer", .steuerID), ("steueridentifikationsnummer", .steuerID),
        ("identifikationsnummer", .steuerID), ("idnr", .steuerID), ("id-nr", .steuerID),
        ("tin", [.steuerID, .itin]), ("tax id", [.steuerID, .itin]),
        ("tax identification number", [.steuerID, .itin]),
        ("steuernummer", .steuernummer), ("steuer-nummer", .steuernummer), ("steuer-nr", .steuernummer),
        ("steuernr", .steuernummer), ("st.-nr", .steuernummer), ("st-nr", .steuernummer),
        ("st.nr", .steuernummer), ("stnr", .steuernummer), ("tax number", .steuernummer),
        ("tax no", .steuernummer),
        // German, Austrian, Swiss social insurance
        ("rentenversicherungsnummer", .pension), ("rv-nummer", .pension), ("rv-nr", .pension),
        ("rvnr", .pension), ("sozialversicherungsnummer", socialInsurance),
        ("sozialversicherungs-nr", socialInsurance), ("sv-nummer", socialInsurance),
        ("sv-nr", socialInsurance), ("svnr", socialInsurance), ("versicherungsnummer", insurance),
        ("versicherungs-nr", insurance), ("vsnr", insurance), ("vers.-nr", insurance),
        ("krankenversichertennummer", .health), ("versichertennummer", .health),
        ("krankenversicherungsnummer", .health), ("versicherten-nr", .health), ("kvnr", .health),
        ("kv-nummer", .health), ("kv-nr", .health),
        ("ahv", .ahv), ("avs", .ahv), ("ahv-nummer", .ahv), ("ahv-nr", .ahv),
        // German identity documents
        ("personalausweisnummer", .idCard), ("personalausweis", .idCard), ("ausweisnummer", .idCard),
        ("ausweis-nr", .idCard), ("ausweisnr", .idCard), ("ausweis", .idCard),
        ("id card", .idCard), ("identity card", .idCard),
        ("reisepassnummer", .passport), ("reisepass", .passport), ("passnummer", .passport),
        ("pass-nr", .passport), ("passnr", .passport), ("passport", .passport),
        ("dokumentennummer", document), ("document number", document), ("document no", document),
        // US, UK
        ("ssn", .ssn), ("social security", .ssn), ("soc. sec", .ssn), ("itin", .itin),
        ("national insurance", .nino), ("nino", .nino), ("ni number", .nino), ("ni no", .nino),
        ("nhs", .nhs),
        // France, Spain, Italy, the Netherlands
        ("nir", .nir), ("insee", .nir), ("sécurité sociale", .nir), ("securite sociale", .nir),
        ("sécu", .nir), ("dni", .dni), ("nif", .dni), ("documento nacional", .dni),
        ("codice fiscale", .codiceFiscale), ("cod. fisc", .codiceFiscale), ("cod.fisc", .codiceFiscale),
        ("bsn", .bsn), ("burgerservicenummer", .bsn), ("sofinummer", .bsn), ("sofi-nummer", .bsn),
        // VAT, BIC
        ("ust-idnr", .vat), ("ust-id", .vat), ("ustid", .vat), ("ust.-idnr", .vat),
        ("umsatzsteuer-identifikationsnummer", .vat), ("umsatzsteuer-id", .vat), ("vat", .vat),
        ("tva", .vat), ("iva", .vat), ("btw", .vat), ("uid", .vat),
        ("bic", .bic), ("swift", .bic), ("swift-code", .bic), ("bic-code", .bic),
        // Reference numbers (German, English)
        ("rechnungsnummer", .reference), ("rechnungs-nr", .reference), ("rechnungsnr", .reference),
        ("kundennummer", .reference), ("kunden-nr", .reference), ("kundennr", .reference),
        ("bestellnummer", .reference), ("bestell-nr", .reference), ("auftragsnummer", .reference),
        ("auftrags-nr", .reference), ("aktenzeichen", .reference), ("vertragsnummer", .reference),
        ("vertrags-nr", .reference), ("vorgangsnummer", .reference), ("belegnummer", .reference),
        ("artikelnummer", .reference), ("art.-nr", .reference),
        ("invoice no", .reference), ("invoice number", .reference), ("order no", .reference),
        ("order number", .reference), ("customer no", .reference), ("customer number", .reference),
        ("account no", .reference), ("account number", .reference), ("reference no", .reference),
        ("reference number", .reference), ("ref", .reference), ("policy no", .reference),
        ("policy number", .reference), ("contract no", .reference), ("tracking number", .reference),
    ]

    /// Labels by their first letter (a-z), longest first, as folded scalars.
    static let byLetter: [[([UInt32], LabelSet)]] = {
        var table = [[([UInt32], LabelSet)]](repeating: [], count: 26)
        for (word, set) in entries {
            let v = word.unicodeScalars.map(\.value)
            table[Int(v[0] - 0x61)].append((v, set))
        }
        for k in 0..<26 { table[k].sort { $0.0.count > $1.0.count } }
        return table
    }()

    /// Case folding for ASCII and Latin-1 letters ("É" as "é").
    @inline(__always) static func fold(_ v: UInt32) -> UInt32 {
        if v &- 0x41 < 26 { return v | 0x20 }
        if v &- 0xC0 < 0x1F && v != 0xD7 { return v + 0x20 }
        return v
    }

    /// Whether text scalar `t` reads as label scalar `w`, allowing the OCR
    /// confusions of I, l, 1 and | and of O and 0 ("Steuer-lD").
    @inline(__always) static func same(_ t: UInt32, _ w: UInt32) -> Bool {
        let f = fold(t)
        if f == w { return true }
        switch w {
        case 0x69: return f == 0x6C || t == 0x31 || t == 0x7C  // i
        case 0x6C: return f == 0x69 || t == 0x31 || t == 0x7C  // l
        case 0x6F: return t == 0x30  // o
        default: return false
        }
    }

    /// The longest label starting at `p` (an ASCII letter): its end and set.
    static func match(_ s: Text, at p: Int) -> (end: Int, set: LabelSet)? {
        let first = s[p].value | 0x20
        guard first &- 0x61 < 26 else { return nil }
        if let m = match(s, at: p, in: byLetter[Int(first - 0x61)]) { return m }
        switch first {  // OCR: "ldNr" for "IdNr", "Ip" for "lp"
        case 0x6C: return match(s, at: p, in: byLetter[Int(0x69 - 0x61)])
        case 0x69: return match(s, at: p, in: byLetter[Int(0x6C - 0x61)])
        default: return nil
        }
    }

    static func match(_ s: Text, at p: Int, in labels: [([UInt32], LabelSet)]) -> (end: Int, set: LabelSet)? {
        let n = s.count
        for (word, set) in labels {
            let m = word.count
            if p + m > n { continue }
            var k = 1
            while k < m, same(s[p + k].value, word[k]) { k += 1 }
            if k < m { continue }
            if p + m < n {
                let next = s[p + m]
                if next.isWordScalar && !next.value.isDigit { continue }
            }
            return (p + m, set)
        }
        return nil
    }
}
