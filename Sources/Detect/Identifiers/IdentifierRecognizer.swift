import RedactCore

/// Runs the identifier families (tax, national, insurance, VAT numbers,
/// BIC, MAC) in one pass over the text.
///
/// The pass visits each token (a run of ASCII letters and digits) once. At a
/// word start it looks for a label ("Steuer-ID", "SSN", "BIC", ...); labels
/// seen in the last `contextReach` scalars, with no digit and at most one
/// line break between them and a candidate, are the candidate's context. A
/// label fused to its value ("StNr12/345/67890") starts a candidate where
/// the label ends. Tokens without digits are only tried for what can be all
/// letters (a BIC in context, a VAT or NINO prefix before a space, a MAC).
/// Where families overlap, the higher confidence wins (a checksum over
/// context over a pattern), then the longer.
enum IdentifierRecognizer {
    /// How far back (scalars) a label gives context.
    static let contextReach = 64

    struct Enabled {
        var tax, national, insurance, vat, bic, mac: Bool
        var any: Bool { tax || national || insurance || vat || bic || mac }

        init(_ e: Set<Category>) {
            tax = e.contains(.taxID)
            national = e.contains(.nationalID)
            insurance = e.contains(.insuranceID)
            vat = e.contains(.vatID)
            bic = e.contains(.bic)
            mac = e.contains(.mac)
        }
    }

    /// `ibans` (sorted) put a BIC next to them in context; nil if IBANs were
    /// not looked for (then they are, for the BIC's sake).
    static func find(in s: Text, enabled categories: Set<Category>, ibans given: [Range<Int>]? = nil,
                     into out: inout [Detection]) {
        let enabled = Enabled(categories)
        guard enabled.any else { return }
        var ibans = given ?? []
        if given == nil, enabled.bic {
            var found: [Detection] = []
            IBANRecognizer.find(in: s, into: &found)
            ibans = found.map(\.range)
        }
        var found: [Detection] = []
        var c = Candidate()
        var labels: [(end: Int, set: LabelSet)] = []
        var nextIBAN = 0
        let n = s.count
        var i = 0
        while i < n {
            let v = s[i].value
            guard v.isASCIIAlnum else { i += 1; continue }
            var j = i + 1
            var hasDigit = v.isDigit
            while j < n, s[j].value.isASCIIAlnum {
                hasDigit = hasDigit || s[j].value.isDigit
                j += 1
            }
            guard Boundary.before(s, i) else { i = j; continue }
            if v.isASCIILetter, let label = Labels.match(s, at: i) {
                if labels.count > 8 { labels.removeFirst(labels.count - 8) }
                labels.append(label)
                if label.end < n, s[label.end].value.isASCIIAlnum {  // fused: "StNr12/345/67890"
                    tryAt(label.end, s, context: label.set, enabled, &c, into: &found)
                }
            }
            let context = labels.isEmpty ? [] : contextAt(i, s, labels)
            if v.isDigit || (OCR.isConfusable(v) && j > i + 1 && s[i + 1].value.isDigit) {
                tryAt(i, s, context: context, enabled, &c, into: &found)
            } else if v.isASCIILetter {
                let shortPrefix = j - i <= 3 && j + 1 < n && s[j].isHorizontalSpace && s[j + 1].value.isDigit
                if hasDigit || shortPrefix {
                    tryAt(i, s, context: context, enabled, &c, into: &found)
                } else if enabled.mac, j - i <= 4, j < n, s[j].value == 0x3A || s[j].value == 0x2D || s[j].value == 0x2E {
                    MACAddress.match(s, at: i, into: &found)
                }
                if enabled.bic, j - i == 8 || j - i == 11 {
                    while nextIBAN < ibans.count, ibans[nextIBAN].upperBound + BIC.ibanDistance < i { nextIBAN += 1 }
                    let near = nextIBAN < ibans.count && ibans[nextIBAN].lowerBound - BIC.ibanDistance <= j
                        && ibans[nextIBAN].upperBound + BIC.ibanDistance >= i && !ibans[nextIBAN].overlaps(i..<j)
                    BIC.match(s, at: i, context: context, nearIBAN: near, &c, into: &found)
                }
            }
            i = j
        }
        out += resolved(found)
    }

    /// The families that can start at `p`, by its first character.
    static func tryAt(_ p: Int, _ s: Text, context: LabelSet, _ e: Enabled, _ c: inout Candidate,
                      into out: inout [Detection]) {
        let v = s[p].value
        if v.isDigit || OCR.isConfusable(v) {
            if e.tax {
                SteuerID.match(s, at: p, context: context, &c, into: &out)
                Steuernummer.match(s, at: p, context: context, &c, into: &out)
            }
            if e.insurance {
                GermanPensionNumber.match(s, at: p, context: context, &c, into: &out)
                UKNHSNumber.match(s, at: p, context: context, &c, into: &out)
                AustrianSocialSecurityNumber.match(s, at: p, context: context, &c, into: &out)
                SwissAHVNumber.match(s, at: p, context: context, &c, into: &out)
            }
            if e.national {
                FrenchNIR.match(s, at: p, context: context, &c, into: &out)
                DutchBSN.match(s, at: p, context: context, &c, into: &out)
            }
            if e.national || e.tax {
                USSocialSecurityNumber.match(s, at: p, context: context, &c, into: &out)
            }
        }
        if v.isDigit || v == 0x58 || v == 0x59 || v == 0x5A || OCR.isConfusable(v), e.national {
            SpanishDNI.match(s, at: p, context: context, &c, into: &out)
        }
        if v.isASCIILetter {
            if e.insurance { GermanHealthInsuranceNumber.match(s, at: p, context: context, &c, into: &out) }
            if e.national {
                GermanIDDocument.match(s, at: p, context: context, &c, into: &out)
                UKNationalInsuranceNumber.match(s, at: p, context: context, &c, into: &out)
                ItalianCodiceFiscale.match(s, at: p, context: context, &c, into: &out)
            }
            if e.vat { VATID.match(s, at: p, context: context, &c, into: &out) }
        }
        if e.mac, v.isHexDigit { MACAddress.match(s, at: p, into: &out) }
    }

    /// The labels that speak for a candidate at `p`.
    static func contextAt(_ p: Int, _ s: Text, _ labels: [(end: Int, set: LabelSet)]) -> LabelSet {
        var set: LabelSet = []
        for label in labels.reversed() {
            if label.end > p { continue }
            if p - label.end > contextReach { break }
            var breaks = 0
            var clean = true
            for k in label.end..<p {
                let v = s[k].value
                if v.isDigit { clean = false; break }
                let crlf = v == 0x0D && k + 1 < p && s[k + 1].value == 0x0A
                if v == 0x0A || v == 0x2028 || (v == 0x0D && !crlf) {
                    breaks += 1
                    if breaks > 1 { clean = false; break }
                }
            }
            if clean { set.formUnion(label.set) }
        }
        return set
    }

    static let categories: Set<Category> = [.taxID, .nationalID, .insuranceID, .vatID, .bic, .mac]

    /// The overlap rules against the other recognizers' `found`: an IBAN
    /// wins; a checksum or labelled identifier beats a phone number, a phone
    /// number beats an unlabelled pattern (an SSN in hyphens); of a payment
    /// card and an identifier on the same digits the more confident stays.
    /// Adds the identifiers that stay to `found`.
    static func settle(_ ids: [Detection], into found: inout [Detection]) {
        if ids.isEmpty { return }
        var ids = ids
        ids.removeAll { id in found.contains { $0.category == .iban && $0.range.overlaps(id.range) } }
        found.removeAll { d in
            switch d.category {
            case .phone: return ids.contains { $0.reason != .pattern && $0.range.overlaps(d.range) }
            case .paymentCard: return ids.contains { $0.confidence > d.confidence && $0.range.overlaps(d.range) }
            default: return false
            }
        }
        ids.removeAll { id in
            found.contains { d in
                (d.category == .paymentCard || (d.category == .phone && id.reason == .pattern))
                    && d.range.overlaps(id.range)
            }
        }
        found += ids
    }

    /// Keeps, of overlapping detections, the most confident (then the longer,
    /// then the earlier); sorted by start.
    static func resolved(_ found: [Detection]) -> [Detection] {
        if found.count < 2 { return found }
        let ranked = found.sorted {
            if $0.confidence != $1.confidence { return $0.confidence > $1.confidence }
            if $0.range.count != $1.range.count { return $0.range.count > $1.range.count }
            return $0.range.lowerBound < $1.range.lowerBound
        }
        var kept: [Detection] = []
        for d in ranked where !kept.contains(where: { $0.range.overlaps(d.range) }) { kept.append(d) }
        return kept.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
