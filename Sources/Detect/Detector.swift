import RedactCore

/// Which recognizers run, and how phone numbers without a country code are read.
public struct DetectorConfig: Sendable, Equatable {
    /// Categories to detect; a category not in the set is not looked for at all.
    public var enabled: Set<Category>
    /// The CLDR region ("DE", "GB", ...) whose national format phone numbers
    /// without a country code are read in.
    public var defaultRegion: String

    /// Every category except `.term` (always-redact terms are matched
    /// elsewhere), phone numbers read as German.
    public init(
        enabled: Set<Category> = Set(Category.allCases).subtracting([.term]),
        defaultRegion: String = "DE"
    ) {
        self.enabled = enabled
        self.defaultRegion = defaultRegion
    }
}

/// Runs the recognizers over the scalars of one page's text.
///
/// Every recognizer is a hand-written scanner over the scalars (no regular
/// expressions); phone numbers go through libphonenumber once per call.
/// Checksums win over patterns: a phone number or payment card overlapping an
/// IBAN, or a phone number overlapping a payment card, is dropped; for the
/// identifiers (tax, national, insurance, VAT IDs, BIC, MAC) see
/// `IdentifierRecognizer.settle`. A number found inside a longer run of
/// digit groups is not reported as what its part happens to pass for (see
/// `GroupedRuns`).
public struct Detector: Sendable {
    public let config: DetectorConfig
    let phoneRegion: PhoneRecognizer.Region

    public init(config: DetectorConfig = .init()) {
        self.config = config
        self.phoneRegion = PhoneRecognizer.Region(config.defaultRegion)
    }

    /// The detections in `scalars`: sorted by range start (then category),
    /// deterministic, overlapping detections of one category merged.
    ///
    /// `ocr`: the ranges of `scalars` that came from OCR (sorted, not
    /// overlapping; empty: none did). Only there are letters that OCR takes
    /// for digits ("B" for 8, "O" for 0, "l" for 1, "S" for 5) read as
    /// digits by the IBAN, card, identifier and phone recognizers: in a text
    /// layer an "O" is an O, and reading it as 0 can make an invalid IBAN
    /// valid.
    public func detect(_ scalars: [Unicode.Scalar], ocr: [Range<Int>] = []) -> [Detection] {
        if scalars.isEmpty || config.enabled.isEmpty { return [] }
        let enabled = config.enabled
        let ocrText = OCRText(ocr)
        var found: [Detection] = []
        scalars.withUnsafeBufferPointer { text in
            ContextRecognizers.find(in: text, enabled: enabled, into: &found)
            if enabled.contains(.email) { EmailRecognizer.find(in: text, into: &found) }
            if enabled.contains(.url) { URLRecognizer.find(in: text, into: &found) }
            if enabled.contains(.ipAddress) {
                IPv4Recognizer.find(in: text, into: &found)
                IPv6Recognizer.find(in: text, into: &found)
            }
            var ibans: [Detection] = []
            if enabled.contains(.iban) {
                IBANRecognizer.find(in: text, ocr: ocrText, into: &ibans)
                found += ibans
            }
            var cards: [Detection] = []
            if enabled.contains(.paymentCard) {
                PaymentCardRecognizer.find(in: text, ocr: ocrText, into: &cards)
                cards.removeAll { card in ibans.contains { $0.range.overlaps(card.range) } }
                found += cards
            }
            // Identifiers first: one with a checksum or a label wins over a
            // phone number anyway (see IdentifierRecognizer.settle), so its
            // digits need not go through libphonenumber, the slowest step.
            var ids: [Detection] = []
            let findIDs = !enabled.isDisjoint(with: IdentifierRecognizer.categories)  // tax, national, insurance, VAT, BIC, MAC
            if findIDs {
                let ibanRanges = enabled.contains(.iban) ? ibans.map(\.range) : nil
                IdentifierRecognizer.find(in: text, enabled: enabled, ibans: ibanRanges, ocr: ocrText, into: &ids)
            }
            if enabled.contains(.phone) {
                var phones: [Detection] = []
                // Also e-mail, URL, IP and MAC addresses: their digits are never
                // a phone number's, and log lines are full of them.
                let certain = ids.filter { $0.reason == .checksum || $0.reason == .context || $0.category == .mac }
                // (Not a phone field's number, which libphonenumber may read
                // better, nor a number found by its shape or a number word
                // alone: its digits may well be a phone number's.)
                let labelled = found.filter {
                    $0.category != .phone && $0.kind != UnlabelledCodes.kind && $0.kind != NumberWordValues.kind
                }
                let known = (labelled.map(\.range) + certain.map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
                PhoneRecognizer.find(in: text, region: phoneRegion, known: known, ocr: ocrText, into: &phones)
                phones.removeAll { phone in
                    ibans.contains { $0.range.overlaps(phone.range) }
                        || cards.contains { $0.range.overlaps(phone.range) }
                }
                found += phones
            }
            if findIDs { IdentifierRecognizer.settle(ids, in: text, into: &found) }
            GroupedRuns.settle(text, enabled: enabled, &found)
            UnlabelledCodes.settle(&found)
            for i in found.indices where found[i].category == .phone || found[i].category == .insuranceID {
                if let e = Self.extensionEnd(text, after: found[i].range.upperBound) { found[i].range = found[i].range.lowerBound..<e }
            }
        }
        return Self.mergedAndSorted(found)
    }

    /// The end of a phone extension written after a number ending at `i`
    /// (`512-555-0108 x 231`, `… ext. 212`, `… extension 40`): the
    /// direct line is the person's as much as the number.
    static func extensionEnd(_ s: Text, after i: Int) -> Int? {
        guard i > 0, i < s.count, s[i - 1].value.isDigit else { return nil }
        var j = i
        while j < s.count, s[j] == " " { j += 1 }
        guard j > i || (j < s.count && (s[j] == "x" || s[j] == "X")), j - i <= 2 else { return nil }
        var w = j
        while w < s.count, s[w].value.isASCIILetter { w += 1 }
        let word = String(String.UnicodeScalarView(s[j..<w])).lowercased()
        guard ["x", "ext", "extn", "extension"].contains(word) else { return nil }
        if w < s.count, s[w] == "." { w += 1 }
        while w < s.count, s[w] == " ", w - j < 12 { w += 1 }
        var d = w
        while d < s.count, s[d].value.isDigit, d - w < 5 { d += 1 }
        guard d > w, d >= s.count || !s[d].value.isASCIIAlnum else { return nil }
        return d
    }

    /// Sorts by start, then category, then end; merges overlapping detections
    /// of the same category into one (union of ranges, highest confidence,
    /// the reason that came with it).
    static func mergedAndSorted(_ detections: [Detection]) -> [Detection] {
        let sorted = detections.sorted {
            if $0.range.lowerBound != $1.range.lowerBound { return $0.range.lowerBound < $1.range.lowerBound }
            if $0.category != $1.category { return $0.category < $1.category }
            if $0.range.upperBound != $1.range.upperBound { return $0.range.upperBound < $1.range.upperBound }
            return $0.confidence > $1.confidence
        }
        var result: [Detection] = []
        result.reserveCapacity(sorted.count)
        // Index in `result` of the last detection of each category: only it can
        // overlap a later one, since inputs come in order of start.
        var last: [Category: Int] = [:]
        for d in sorted {
            if let i = last[d.category], result[i].range.upperBound > d.range.lowerBound {
                var m = result[i]
                m.range = m.range.lowerBound..<max(m.range.upperBound, d.range.upperBound)
                if d.confidence > m.confidence {
                    m.confidence = d.confidence
                    m.reason = d.reason
                }
                result[i] = m
            } else {
                last[d.category] = result.count
                result.append(d)
            }
        }
        return result
    }
}
