import RedactCore

/// The numbered fields of an EU driving licence (Directive 2006/126/EC,
/// annex I), as a photocopy's OCR or a fleet manager's transcript gives
/// them: `1.` surname, `2.` given names, `3.` date (and place) of birth,
/// `5.` licence number, each code alone on its line with the value on the
/// next, or the value after it on the same line.
///
/// Rule: only within 40 lines after a licence heading (`Führerschein`,
/// `driving licence`, `driver's license`, `permis de conduire`,
/// `rijbewijs`), where nothing else says what `1.` means.
enum LicenceFields {
    static func find(_ ts: TokenStream, enabled: Set<Category>, into out: inout [Detection]) {
        let toks = ts.tokens
        var l = 0
        while l < ts.lineCount {
            defer { l += 1 }
            guard isHeading(ts, l) else { continue }
            var k = l + 1
            while k < min(ts.lineCount, l + 41) {
                defer { k += 1 }
                let r = ts.line(k)
                // `DD⏎20230628 1A42 7719`: the document discriminator of a US card.
                if r.count == 1, toks[r.lowerBound].kind == .word, toks[r.lowerBound].has(.upper), ts.isWord(r.lowerBound, "dd"),
                   k + 1 < ts.lineCount, enabled.contains(.reference) {
                    let c = ts.line(k + 1).lowerBound
                    if let e = ReferenceRecognizer.value(ts, at: c) {
                        out.append(Detection(category: .reference, range: ts.span(c, e - 1), confidence: 0.85,
                                             reason: .context, kind: kind))
                    }
                    continue
                }
                guard r.count >= 2, toks[r.lowerBound].kind == .number, toks[r.lowerBound].count == 1,
                      toks[r.lowerBound + 1].isPunct("."), toks[r.lowerBound + 1].glued,
                      let field = ts.number(r.lowerBound), [1, 2, 3, 5].contains(field) else { continue }
                // The value: the rest of the line, or the next line (also
                // when the rest is the field's caption: `1. Surname⏎…`).
                var value = (r.lowerBound + 2)..<r.upperBound
                if value.isEmpty || (value.count <= 3 && toks[value].allSatisfy({ $0.kind == .word })
                    && LabelTable.shared.isLabelWord(toks[value.lowerBound].hash)), k + 1 < ts.lineCount {
                    value = ts.line(k + 1)
                }
                guard !value.isEmpty else { continue }
                switch field {
                case 1, 2:
                    // A name is a few words (`1. Dr Helena …, Programme Leader, …` in a
                    // list of referees is a sentence, not a licence field).
                    guard enabled.contains(.name), toks[value].filter({ $0.kind == .word }).count <= 4,
                          toks[value].allSatisfy({ $0.kind == .word && $0.has(.initialUpper) || $0.isPunct("-") || $0.isPunct(",") })
                    else { continue }
                    out.append(Detection(category: .name, range: ts.span(value.lowerBound, value.upperBound - 1),
                                         confidence: 0.85, reason: .context, kind: kind))
                case 3:
                    guard enabled.contains(.dateOfBirth), let e = BirthDateRecognizer.date(ts, at: value.lowerBound) else { continue }
                    out.append(Detection(category: .dateOfBirth, range: ts.span(value.lowerBound, e - 1),
                                         confidence: 0.85, reason: .context, kind: kind))
                default:
                    guard enabled.contains(.reference), let e = ReferenceRecognizer.value(ts, at: value.lowerBound) else { continue }
                    out.append(Detection(category: .reference, range: ts.span(value.lowerBound, e - 1),
                                         confidence: 0.85, reason: .context, kind: kind))
                }
            }
        }
        aamva(ts, enabled: enabled, into: &out)
        if enabled.contains(.reference) { cardAccessNumber(ts, into: &out) }
    }

    /// The card access number (CAN) of a German ID card, six digits alone on
    /// their line in a transcript of the card's front (within 25 lines after
    /// `Personalausweis`): it unlocks the card's chip.
    static func cardAccessNumber(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        guard let h = toks.firstIndex(where: { $0.kind == .word && $0.hash == personalausweis }) else { return }
        let first = Int(toks[h].line)
        for l in (first + 1)..<min(ts.lineCount, first + 26) {
            let r = ts.line(l)
            guard r.count == 1, toks[r.lowerBound].kind == .number, toks[r.lowerBound].count == 6 else { continue }
            out.append(Detection(category: .reference, range: toks[r.lowerBound].range, confidence: 0.8, reason: .context,
                                 kind: "ID card access number"))
        }
    }

    static let personalausweis = WordHash.hash("personalausweis")

    static let kind = "driving licence field"

    /// The element lines of a US or Canadian licence's PDF417 barcode as a
    /// reader or OCR gives them (AAMVA DL/ID card design standard), read by
    /// `MachineReadableFields.aamvaFields`, the one parser of them: `DAQ`
    /// licence number and `DCF` document discriminator (reference), `DCS`
    /// family name, `DAC` first, `DAD` middle and `DCT` given names, `DAA`
    /// full name, `DBB` date of birth, `DAG`/`DAH` street, `DAI` city, `DAK`
    /// postal code.
    static func aamva(_ ts: TokenStream, enabled: Set<Category>, into out: inout [Detection]) {
        let s = ts.text
        for field in MachineReadableFields.aamvaFields(ts) {
            guard let category = MachineReadableFields.aamvaCategory[field.code], enabled.contains(category) else { continue }
            if category == .dateOfBirth, !MachineReadableFields.isLicenceDate(field.value.map { s[$0].value }) { continue }
            out.append(Detection(category: category, range: field.value, confidence: 0.85, reason: .context,
                                 kind: "licence barcode"))
        }
    }

    /// A line naming a driving licence (not a field: `Driver's license: GA 0583…`).
    static func isHeading(_ ts: TokenStream, _ l: Int) -> Bool {
        let toks = ts.tokens
        let r = ts.line(l)
        if r.contains(where: { toks[$0].isPunct(":") }) { return false }
        for k in r where toks[k].kind == .word {
            let h = toks[k].hash
            if h == führerschein || h == rijbewijs { return true }
            if k + 1 < r.upperBound, toks[k + 1].kind == .word {
                let n = toks[k + 1].hash
                if (h == driving || h == drivers || h == driver || h == driverApos) && (n == licence || n == license) { return true }
            }
            if h == permis, k + 2 < r.upperBound, toks[k + 1].hash == de, toks[k + 2].hash == conduire { return true }
        }
        return false
    }

    static let führerschein = WordHash.hash("führerschein")
    static let rijbewijs = WordHash.hash("rijbewijs")
    static let driving = WordHash.hash("driving")
    static let drivers = WordHash.hash("drivers")
    static let driver = WordHash.hash("driver")
    static let driverApos = WordHash.hash("driver's")
    static let licence = WordHash.hash("licence")
    static let license = WordHash.hash("license")
    static let permis = WordHash.hash("permis")
    static let de = WordHash.hash("de")
    static let conduire = WordHash.hash("conduire")
}
