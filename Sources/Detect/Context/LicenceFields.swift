import RedactCore

/// The numbered fields of an EU driving licence (Directive 2006/126/EC,
/// annex I), as a photocopy's OCR or a fleet manager's transcript gives
/// them: `1.` surname, `2.` given names, `3.` date (and place) of birth,
/// `5.` licence number, each code alone on its line with the value on the
/// next, or the value after it on the same line.
///
/// Rule: only within 30 lines after a licence heading (`Führerschein`,
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
            while k < min(ts.lineCount, l + 31) {
                defer { k += 1 }
                let r = ts.line(k)
                guard r.count >= 2, toks[r.lowerBound].kind == .number, toks[r.lowerBound].count == 1,
                      toks[r.lowerBound + 1].isPunct("."), toks[r.lowerBound + 1].glued,
                      let field = ts.number(r.lowerBound), [1, 2, 3, 5].contains(field) else { continue }
                // The value: the rest of the line, or the next line.
                var value = (r.lowerBound + 2)..<r.upperBound
                if value.isEmpty, k + 1 < ts.lineCount { value = ts.line(k + 1) }
                guard !value.isEmpty else { continue }
                switch field {
                case 1, 2:
                    guard enabled.contains(.name),
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
    }

    static let kind = "driving licence field"

    /// A line naming a driving licence.
    static func isHeading(_ ts: TokenStream, _ l: Int) -> Bool {
        let toks = ts.tokens
        let r = ts.line(l)
        for k in r where toks[k].kind == .word {
            let h = toks[k].hash
            if h == führerschein || h == rijbewijs { return true }
            if k + 1 < r.upperBound, toks[k + 1].kind == .word {
                let n = toks[k + 1].hash
                if (h == driving || h == drivers || h == driver) && (n == licence || n == license) { return true }
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
    static let licence = WordHash.hash("licence")
    static let license = WordHash.hash("license")
    static let permis = WordHash.hash("permis")
    static let de = WordHash.hash("de")
    static let conduire = WordHash.hash("conduire")
}
