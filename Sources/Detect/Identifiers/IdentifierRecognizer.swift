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
/// No digit group of an international phone number ("+49 1511 …") starts a
/// candidate. In a table drawn with `|`, a label that begins a header cell
/// speaks for the values below it in the same column (the number of `|`
/// before them on their line), until a line without `|` ends the table.
/// After a reference label alone ("Rechnungsnummer", "Order
/// number", "Aktenzeichen") only VAT IDs and MAC addresses are looked for:
/// digits that pass a check there do so by chance.
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
    /// `ocr`: the scalars that came from OCR, where look-alike letters in
    /// digit groups may be read as digits.
    ///
    /// A text layer can be OCR output itself (an invisible layer over a
    /// scan): a checksummed identifier that passes only with the text
    /// layer's look-alikes read as digits is taken when a label of an
    /// identifier stands before it or it is printed in groups, reported as a
    /// pattern (`textLayerConfidence`), never as checksum-verified.
    static func find(in s: Text, enabled categories: Set<Category>, ibans given: [Range<Int>]? = nil,
                     ocr: OCRText = .none, into out: inout [Detection]) {
        var found: [Detection] = []
        scan(in: s, enabled: categories, ibans: given, ocr: ocr, into: &found)
        let windows = TextLayerLookAlikes.windows(s, ocr: ocr)
        if !windows.isEmpty {
            let repaired = TextLayerLookAlikes.rescan(s, windows) { t, all, found in
                scan(in: t, enabled: categories, ibans: [], ocr: all, into: &found)
            }
            for d in repaired where d.reason == .checksum && !found.contains(where: { $0.range.overlaps(d.range) })
                && TextLayerLookAlikes.holds(s, d.range, ocr: ocr) && (isGrouped(s, d.range) || isLabelled(s, d.range.lowerBound)) {
                found.append(Detection(category: d.category, range: d.range, confidence: textLayerConfidence,
                                       reason: .pattern, kind: d.kind + textLayerSuffix))
            }
            found.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        out += found
    }

    static let textLayerConfidence = 0.8
    static let textLayerSuffix = ", look-alikes read as digits (text layer)"

    /// Whether the value is printed in groups (a space, hyphen, dot or slash
    /// between its characters).
    static func isGrouped(_ s: Text, _ r: Range<Int>) -> Bool {
        r.contains { k in !s[k].value.isASCIIAlnum }
    }

    /// Whether an identifier's label (not a reference label alone) speaks
    /// for a value at `p` (see `contextAt`).
    static func isLabelled(_ s: Text, _ p: Int) -> Bool {
        var labels: [(start: Int, end: Int, set: LabelSet)] = []
        var i = max(0, p - 2 * contextReach)
        while i < p {
            if s[i].value.isASCIILetter, i == 0 || !s[i - 1].isWordScalar, let label = Labels.match(s, at: i) {
                labels.append((i, label.end, label.set))
                i = label.end
                continue
            }
            i += 1
        }
        let context = contextAt(p, s, labels)
        return !context.subtracting(.reference).isEmpty
    }

    static func scan(in s: Text, enabled categories: Set<Category>, ibans given: [Range<Int>]? = nil,
                     ocr: OCRText = .none, into out: inout [Detection]) {
        let enabled = Enabled(categories)
        guard enabled.any else { return }
        var ibans = given ?? []
        if given == nil, enabled.bic {
            var found: [Detection] = []
            IBANRecognizer.find(in: s, ocr: ocr, into: &found)
            ibans = found.map(\.range)
        }
        var found: [Detection] = []
        var c = Candidate(ocr: ocr)
        var labels: [(start: Int, end: Int, set: LabelSet)] = []
        var nextIBAN = 0
        // Pipe tables: labels that begin a header cell speak for the values
        // in the same column of the rows below, until a line without `|`.
        var pipes = 0  // `|` so far on the current line
        var lastPipe = -1
        var columns: [LabelSet] = []  // by the number of `|` before the cell
        let n = s.count
        var i = 0
        while i < n {
            let v = s[i].value
            guard v.isASCIIAlnum else {
                if v == 0x7C {
                    pipes += 1
                    lastPipe = i
                } else if v == 0x0A || v == 0x2028 {
                    if pipes == 0 { columns.removeAll() }
                    pipes = 0
                }
                i += 1
                continue
            }
            var j = i + 1
            var hasDigit = v.isDigit
            while j < n, s[j].value.isASCIIAlnum {
                hasDigit = hasDigit || s[j].value.isDigit
                j += 1
            }
            // SEPA remittance fields run together: "…453BIC+COBADEFFXXX".
            let sepaBIC = enabled.bic && i >= 4 && s[i - 1].value == 0x2B && s.hasPrefix("bic", at: i - 4)
                && s[i - 4].value == 0x42
            guard Boundary.before(s, i) || sepaBIC else { i = j; continue }
            if v.isASCIILetter, let label = Labels.match(s, at: i) {
                if labels.count > 8 { labels.removeFirst(labels.count - 8) }
                labels.append((i, label.end, label.set))
                if pipes > 0, (lastPipe + 1..<i).allSatisfy({ s[$0].isHorizontalSpace }) {  // begins its cell
                    while columns.count <= pipes { columns.append([]) }
                    columns[pipes].formUnion(label.set)
                }
                if label.end < n, s[label.end].value.isASCIIAlnum {  // fused: "StNr12/345/67890"
                    tryAt(label.end, s, context: label.set, enabled, &c, into: &found)
                }
            }
            var context = labels.isEmpty ? [] : contextAt(i, s, labels)
            if sepaBIC { context.insert(.bic) }
            if pipes > 0, pipes < columns.count { context.formUnion(columns[pipes]) }
            if v.isDigit || (OCR.isConfusable(v) && j > i + 1 && s[i + 1].value.isDigit) {
                if !Boundary.afterCountryCode(s, i) { tryAt(i, s, context: context, enabled, &c, into: &found) }
            } else if v.isASCIILetter {
                let shortPrefix = j - i <= 3 && isPrefixGap(s, j)
                if hasDigit, context != .reference {
                    tryFused(i, j, s, context: context, enabled, &c, into: &found)
                }
                if hasDigit || shortPrefix {
                    tryAt(i, s, context: context, enabled, &c, into: &found)
                } else if enabled.mac, j - i <= 4, j < n, MACAddress.isSeparator(s[j].value) {
                    MACAddress.match(s, at: i, into: &found)
                }
                if enabled.bic, let q = BIC.fusedLabelEnd(s, i, j) {  // "SWIFT/BICMONZGB2L"
                    BIC.match(s, at: q, context: .bic, nearIBAN: nil, &c, into: &found)
                } else if enabled.bic, j - i == 8 || j - i == 11 || (9...12).contains(j - i) && BIC.ocrBranchEnd(s, i) == j {
                    while nextIBAN < ibans.count, ibans[nextIBAN].upperBound + BIC.ibanDistance < i { nextIBAN += 1 }
                    let near = nextIBAN < ibans.count && ibans[nextIBAN].lowerBound - BIC.ibanDistance <= j
                        && ibans[nextIBAN].upperBound + BIC.ibanDistance >= i && !ibans[nextIBAN].overlaps(i..<j)
                    var country: (UInt32, UInt32)? = nil
                    if near {  // the IBAN's country code: its first two letters ("D E" when boxed)
                        let a = ibans[nextIBAN].lowerBound
                        let b = s[a + 1].value.isASCIILetter ? a + 1 : a + 2
                        country = (s[a].value & ~0x20, s[b].value & ~0x20)
                    }
                    BIC.match(s, at: i, context: context, nearIBAN: country, &c, into: &found)
                }
            }
            i = j
        }
        // Families that serve two categories (SSN and ITIN) may find one that is off.
        found.removeAll { !categories.contains($0.category) }
        out += resolved(found)
    }

    /// After a short prefix ending at `j` ("DE", "ATU", "QQ"): a space,
    /// hyphen or dot and then a digit ("DE-123…", "de 123…"), or the
    /// Austrian U and a digit ("AT U123…", "AT-U-123…").
    @inline(__always) static func isPrefixGap(_ s: Text, _ j: Int) -> Bool {
        let n = s.count
        guard j + 1 < n else { return false }
        let sep = Separators.of(s[j].value)
        guard sep == .space || sep == .hyphen || sep == .dot else { return false }
        if s[j + 1].value.isDigit { return true }
        guard s[j + 1].value | 0x20 == 0x75, j + 2 < n else { return false }
        let v = s[j + 2].value
        return v.isDigit || (j + 3 < n && Separators.of(v) == sep && s[j + 3].value.isDigit)
    }

    /// OCR drops the space between a word and the value after it ("lautet48
    /// 021 593 169"). A value that starts after letters in the token
    /// `i..<j` is tried only if those letters are a lower-case word (never
    /// a code or an upper-case prefix such as "DE", "AB") or a label stands
    /// before on the line, and only checksummed identifiers are kept: a
    /// check digit is the evidence that the digits are one value.
    static func tryFused(_ i: Int, _ j: Int, _ s: Text, context: LabelSet, _ e: Enabled, _ c: inout Candidate,
                         into out: inout [Detection]) {
        var q = i
        var lower = true
        while q < j, s[q].value.isASCIILetter {
            if s[q].value &- 0x61 >= 26 { lower = false }
            q += 1
        }
        guard q < j, s[q].value.isDigit, q - i >= 2, lower || !context.isEmpty, digitsAhead(s, q) >= 9 else { return }
        var fused: [Detection] = []
        tryAt(q, s, context: context, e, &c, into: &fused)
        for d in fused where d.reason == .checksum && d.category != .vatID { out.append(d) }
    }

    /// Digits (and look-alikes) from `p` on, across single separators, up to
    /// 16: every checksummed family has at least nine.
    @inline(__always) static func digitsAhead(_ s: Text, _ p: Int) -> Int {
        let n = s.count
        var k = p
        var digits = 0
        while k < n, digits < 16 {
            let v = s[k].value
            if v.isDigit || OCR.isConfusable(v) {
                digits += 1
            } else if Separators.of(v).isEmpty || k + 1 >= n || !s[k + 1].value.isDigit {
                break
            }
            k += 1
        }
        return digits
    }

    /// The families that can start at `p`, by its first character.
    static func tryAt(_ p: Int, _ s: Text, context: LabelSet, _ e: Enabled, _ c: inout Candidate,
                      into out: inout [Detection]) {
        let v = s[p].value
        if context == .reference {  // "Kundennummer A123456780": a reference, whatever its digits
            if e.vat, v.isASCIILetter { VATID.match(s, at: p, context: context, &c, into: &out) }
            if e.mac, v.isHexDigit { MACAddress.match(s, at: p, into: &out) }
            return
        }
        if v.isDigit || OCR.isConfusable(v) {
            if e.tax {
                SteuerID.match(s, at: p, context: context, &c, into: &out)
                Steuernummer.match(s, at: p, context: context, &c, into: &out)
            }
            if e.insurance {
                if v.isDigit, context.contains(.health) {
                    GermanHealthInsuranceNumber.match(s, at: p, context: context, &c, into: &out)
                }
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
        if v.isDigit || (v | 0x20) &- 0x78 < 3 || OCR.isConfusable(v), e.national {  // digit, X Y Z x y z
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

    /// The labels that speak for a candidate at `p`: on the same line or
    /// the line above, with no digit between; or, in a form, a label that
    /// begins the line above (whatever follows it there: "BIC (8 oder 11
    /// Stellen)") for a value that begins its own line.
    static func contextAt(_ p: Int, _ s: Text, _ labels: [(start: Int, end: Int, set: LabelSet)]) -> LabelSet {
        var set: LabelSet = []
        var anchor: Int? = nil  // where a form label must start; computed once, when needed
        for label in labels.reversed() {
            if label.end > p { continue }
            let distance = p - label.end
            if distance > 2 * contextReach { break }
            if distance <= contextReach {
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
                if clean { set.formUnion(label.set); continue }
            }
            if anchor == nil { anchor = formLabelAnchor(s, p) ?? -1 }
            if label.start == anchor! || endsWrappedCell(s, label.start, label.end, p) { set.formUnion(label.set) }
        }
        return set
    }

    /// A table row whose cell wrapped (`UEBERWEISUNG SVWZ: StNr⇥618,00⏎⇥⇥⇥41/218/…`):
    /// the label ends its cell, the value opens the same cell (as many tabs
    /// in) on the next line, and the amount in the cell beside the label is
    /// no part of the way from one to the other.
    static func endsWrappedCell(_ s: Text, _ start: Int, _ end: Int, _ p: Int) -> Bool {
        guard let vs = lineStart(s, p), vs > end else { return false }
        var k = end
        while k < vs, s[k].value != 0x09, s[k].value != 0x0A, s[k].value != 0x2028 {
            if s[k].value.isASCIIAlnum { return false }
            k += 1
        }
        // The label's line runs on to the line break right before the value's.
        var b = k
        while b < vs, s[b].value != 0x0A, s[b].value != 0x2028 { b += 1 }
        guard b + 1 == vs || (b + 2 == vs && s[b].value == 0x0D) else { return false }
        func tabs(_ a: Int, _ z: Int) -> Int { (a..<z).reduce(0) { $0 + (s[$1].value == 0x09 ? 1 : 0) } }
        var ls = start
        while ls > 0, s[ls - 1].value != 0x0A, s[ls - 1].value != 0x2028 { ls -= 1 }
        let cell = tabs(ls, start)
        return cell > 0 && cell == tabs(vs, p)
    }

    /// For a value at `p` that begins its line: the first non-space scalar
    /// of the line above, where a form label for it must start; nil if `p`
    /// does not begin its line or there is no line above.
    static func formLabelAnchor(_ s: Text, _ p: Int) -> Int? {
        guard let start = lineStart(s, p), start > 0 else { return nil }
        var k = start - 1  // the line break
        if s[k].value == 0x0A, k > 0, s[k - 1].value == 0x0D { k -= 1 }
        var above = k
        while above > 0 {
            let v = s[above - 1].value
            if v == 0x0A || v == 0x0D || v == 0x2028 { break }
            above -= 1
        }
        while above < k, s[above].isHorizontalSpace { above += 1 }
        return above < k ? above : nil
    }

    /// The start of the line holding `p`, if only horizontal space stands
    /// between them.
    static func lineStart(_ s: Text, _ p: Int) -> Int? {
        var k = p
        while k > 0 {
            let v = s[k - 1].value
            if v == 0x0A || v == 0x0D || v == 0x2028 { return k }
            if !s[k - 1].isHorizontalSpace { return nil }
            k -= 1
        }
        return 0
    }

    static let categories: Set<Category> = [.taxID, .nationalID, .insuranceID, .vatID, .bic, .mac]

    /// The overlap rules against the other recognizers' `found`: an IBAN
    /// wins; a checksum or labelled identifier beats a phone number, a phone
    /// number beats an unlabelled pattern; of a payment card and an
    /// identifier on the same digits the more confident stays. An unlabelled
    /// SSN or ITIN in its 3-2-4 shape is the exception: that shape is the
    /// SSA's own and leading zeros make many of them valid German numbers
    /// ("078-05-1120"), so it beats a phone number unless a phone label
    /// stands before the digits ("Tel. 030-12-3456"). Reading it as a phone
    /// number would hide it from whoever switches the contact tier off.
    /// Adds the identifiers that stay to `found`. `ids` come from `find`:
    /// sorted by start, not overlapping each other.
    static func settle(_ ids: [Detection], in s: Text, into found: inout [Detection]) {
        if ids.isEmpty { return }
        let ibans = RangeIndex(found.lazy.filter { $0.category == .iban }.map(\.range))
        var ids = ids
        ids.removeAll { ibans.overlaps($0.range) }
        // SSN-shaped patterns that beat the phone numbers on their digits.
        var winning = Set<Int>()
        for k in ids.indices where ids[k].reason == .pattern && isSSNShape(ids[k]) {
            // Only the phone numbers on these digits are asked about their label.
            let r = ids[k].range
            let labelledPhone = found.contains { d in
                d.category == .phone && d.range.overlaps(r) && PhoneRecognizer.hasPhoneLabel(s, before: d.range.lowerBound)
            }
            if !labelledPhone { winning.insert(k) }
        }
        let strong = RangeIndex(ids.indices.lazy.filter { ids[$0].reason != .pattern || winning.contains($0) }
            .map { ids[$0].range })
        found.removeAll { d in
            switch d.category {
            case .phone: return strong.overlaps(d.range)
            case .paymentCard:
                // ids are disjoint and sorted, so their ends are sorted too.
                var lo = 0, hi = ids.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if ids[mid].range.upperBound <= d.range.lowerBound { lo = mid + 1 } else { hi = mid }
                }
                while lo < ids.count, ids[lo].range.lowerBound < d.range.upperBound {
                    if ids[lo].confidence > d.confidence { return true }
                    lo += 1
                }
                return false
            default: return false
            }
        }
        let cards = RangeIndex(found.lazy.filter { $0.category == .paymentCard }.map(\.range))
        let phones = RangeIndex(found.lazy.filter { $0.category == .phone }.map(\.range))
        for k in ids.indices {
            let d = ids[k]
            if cards.overlaps(d.range) || (d.reason == .pattern && !winning.contains(k) && phones.overlaps(d.range)) {
                continue
            }
            found.append(d)
        }
    }

    /// An SSN or ITIN found by its shape alone.
    @inline(__always) static func isSSNShape(_ d: Detection) -> Bool {
        d.kind == USSocialSecurityNumber.ssnKind || d.kind == USSocialSecurityNumber.itinKind
    }

    /// Keeps, of overlapping detections, the most confident (then the longer,
    /// then the earlier); sorted by start. Works cluster by cluster of
    /// overlapping candidates, which are small.
    static func resolved(_ found: [Detection]) -> [Detection] {
        if found.count < 2 { return found }
        let byStart = found.sorted {
            $0.range.lowerBound != $1.range.lowerBound ? $0.range.lowerBound < $1.range.lowerBound
                : $0.range.upperBound < $1.range.upperBound
        }
        var result: [Detection] = []
        var cluster: [Detection] = []
        var clusterEnd = Int.min
        func flush() {
            if cluster.count == 1 {
                result.append(cluster[0])
            } else if cluster.count > 1 {
                let ranked = cluster.sorted {
                    if $0.confidence != $1.confidence { return $0.confidence > $1.confidence }
                    if $0.range.count != $1.range.count { return $0.range.count > $1.range.count }
                    return $0.range.lowerBound < $1.range.lowerBound
                }
                var kept: [Detection] = []
                for d in ranked where !kept.contains(where: { $0.range.overlaps(d.range) }) { kept.append(d) }
                result += kept.sorted { $0.range.lowerBound < $1.range.lowerBound }
            }
            cluster.removeAll(keepingCapacity: true)
        }
        for d in byStart {
            if d.range.lowerBound >= clusterEnd { flush() }
            cluster.append(d)
            clusterEnd = cluster.count == 1 ? d.range.upperBound : max(clusterEnd, d.range.upperBound)
        }
        flush()
        return result
    }
}

/// Ranges sorted by start with the running maximum of their ends: whether
/// anything overlaps a range, in logarithmic time.
struct RangeIndex {
    private var lower: [Int] = []
    private var maxUpper: [Int] = []

    init<S: Sequence>(_ ranges: S) where S.Element == Range<Int> {
        var end = Int.min
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            lower.append(r.lowerBound)
            end = max(end, r.upperBound)
            maxUpper.append(end)
        }
    }

    func overlaps(_ r: Range<Int>) -> Bool {
        var lo = 0, hi = lower.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lower[mid] < r.upperBound { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && maxUpper[lo - 1] > r.lowerBound
    }
}
