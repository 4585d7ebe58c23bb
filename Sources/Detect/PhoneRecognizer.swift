import CPhoneNumber
import RedactCore

/// Phone numbers, found by libphonenumber's `PhoneNumberMatcher` at leniency
/// VALID: numbers with a country code ("+49 30 1234 5678", "0049 …") or in
/// the national format of the configured region ("030 12345678",
/// "0171/1234567", "(030) 123 456 78").
///
/// Rule: libphonenumber decides (valid number for its region, not a date,
/// time stamp or a number glued to letters); we also reject a match glued to
/// a digit before it, a date or amount, and, where the region's national
/// numbers are written with their trunk prefix (Germany: 0), one without
/// that prefix or a country code ("398558" is an identifier). To keep it
/// fast, it is called once per page on only the parts of the text that could
/// hold a number:
/// runs of digits and phone punctuation with at least five digits, with a few
/// scalars of context either side; where the region's numbers need their
/// trunk prefix (Germany: 0), only runs with a `+` or a digit group starting
/// with it. Then, on the same line before the number:
///   - a phone label ("Tel.", "Telefon", "Fax", "Mobil", "Handy", "Phone", …)
///     raises the confidence;
///   - an identifier label ("Rechnungsnr.", "Kundennummer", "Konto", "BLZ",
///     "Invoice", "Order", "Steuernummer", …) makes a number written without
///     a country code not a phone number.
/// Confidence: 0.85 for fixed-line and mobile numbers, 0.75 for other valid
/// types; +0.05 if written with a country code; an unbroken digit run
/// without a country code only 0.7; 0.95 with a phone label.
/// A match that starts with a short date standing apart ("07.02.   840112")
/// or is only month/year periods ("04/2018-09/2021") is not a number; an
/// opening bracket not closed in the match is not part of it. Where
/// libphonenumber finds nothing in a piece, see PhoneFallbacks.swift.
enum PhoneRecognizer {
    /// Scalars of context kept on each side of a candidate run.
    static let context = 8
    /// How much further the context may grow to reach a word's end.
    static let maxContextExtension = 24
    /// Fewest digits of a run worth showing to libphonenumber.
    static let minimumDigits = 5

    /// What the prefilter needs to know of a region.
    struct Region: Sendable, Equatable {
        var code: String
        /// If national numbers are only found with their trunk prefix, its
        /// first digit (ASCII value): a run with no `+` and no digit group
        /// starting with it cannot hold a number.
        var requiredPrefixDigit: UInt32?

        init(_ code: String) {
            self.code = code
            let digit = code.withCString { rf_phone_required_national_prefix($0, Int32(RF_PHONE_LENIENCY_VALID)) }
            requiredPrefixDigit = digit > 0 ? UInt32(digit) : nil
        }
    }

    /// Finds phone numbers; runs overlapping `known` (IBANs and cards, which
    /// win anyway) are not shown to libphonenumber. Pieces in which
    /// libphonenumber finds nothing get the fallbacks (see `fallback`).
    /// OCR look-alikes ("Tel:O7911 …") are read as digits only where `ocr`
    /// says the text came from OCR.
    /// A text layer can be OCR output itself (an invisible layer over a
    /// scan): its look-alikes are read as digits too, after a phone label
    /// only, and what that finds is reported with `textLayerConfidence`.
    static func find(in s: Text, region: Region, known: [Range<Int>] = [], ocr: OCRText = .none,
                     into out: inout [Detection]) {
        let before = out.count
        find(in: s, region: region, prefilter: true, known: known, ocr: ocr, fallbacks: true, into: &out)
        let windows = TextLayerLookAlikes.windows(s, ocr: ocr)
        if windows.isEmpty { return }
        let all = (known + out[before...].map(\.range)).sorted { $0.lowerBound < $1.lowerBound }
        var more: [Detection] = []
        for w in windows {
            // Only the window, read as OCR text; the pieces holding the layer's look-alikes.
            let slice = Text(rebasing: s[w])
            let inside = all.filter { $0.overlaps(w) }.map {
                (max($0.lowerBound, w.lowerBound) - w.lowerBound)..<(min($0.upperBound, w.upperBound) - w.lowerBound)
            }
            let layer = OCRText(ocr.ranges.filter { $0.overlaps(w) }.map {
                (max($0.lowerBound, w.lowerBound) - w.lowerBound)..<(min($0.upperBound, w.upperBound) - w.lowerBound)
            })
            var found: [Detection] = []
            find(in: slice, region: region, prefilter: true, known: inside, ocr: OCRText([0..<slice.count]), fallbacks: true,
                 textLayer: layer, into: &found)
            for var d in found {
                d.range = (d.range.lowerBound + w.lowerBound)..<(d.range.upperBound + w.lowerBound)
                more.append(d)
            }
        }
        for d in more where TextLayerLookAlikes.holds(s, d.range, ocr: ocr) && !all.contains(where: { $0.overlaps(d.range) }) {
            out.append(Detection(category: .phone, range: d.range, confidence: textLayerConfidence, reason: .pattern,
                                 kind: "phone, look-alikes read as digits (text layer)"))
        }
    }

    static let textLayerConfidence = 0.8

    /// With `prefilter` false the whole text goes to libphonenumber (tests
    /// compare both ways, without the fallbacks). With `textLayer` (the
    /// page's true OCR ranges) only the pieces holding a text layer's
    /// look-alikes are read.
    static func find(in s: Text, region: Region, prefilter: Bool, known: [Range<Int>] = [], ocr: OCRText = .none,
                     fallbacks: Bool = false, textLayer: OCRText? = nil, into out: inout [Detection]) {
        var pieces = prefilter ? candidatePieces(s, region: region, known: known, ocr: ocr) : [0..<s.count]
        if let layer = textLayer { pieces.removeAll { !TextLayerLookAlikes.holds(s, $0, ocr: layer) } }
        // One call per piece, not one over all pieces joined: libphonenumber's
        // matcher converts the whole remaining text to UTF-16 for every
        // candidate it tries, which is quadratic in the length it is given.
        var bytes: [UInt8] = []
        var byteToScalar: [Int32] = []
        var hints: [Region]? = nil  // looked for when first needed
        var next = 0
        while next < pieces.count {
            let piece = pieces[next]
            next += 1
            bytes.removeAll(keepingCapacity: true)
            byteToScalar.removeAll(keepingCapacity: true)
            for k in piece {
                let before = bytes.count
                // A line break inside a candidate run is a wrapped number's: a space to libphonenumber.
                if s[k].value == 0x0A, isWrapBreak(s, k) { bytes.append(0x20) } else { appendUTF8(s[k], to: &bytes) }
                for _ in before..<bytes.count { byteToScalar.append(Int32(k)) }
            }
            guard let found = matches(in: bytes, region: region.code) else {
                failedPiece(s, piece, into: &out)
                continue
            }
            if found.isEmpty, fallbacks {
                fallback(s, piece, region: region, hints: &hints, bytes: &bytes, byteToScalar: byteToScalar, ocr: ocr,
                         into: &out)
                continue
            }
            var gapStart = piece.lowerBound
            var gaps: [Range<Int>] = []
            for m in found {
                guard m.start < m.end, m.end <= bytes.count else { continue }
                let range = scalarRange(s, m, byteToScalar)
                if range.lowerBound > gapStart { gaps.append(gapStart..<range.lowerBound) }
                gapStart = max(gapStart, range.upperBound)
                if let confidence = judge(s, range, type: m.type, region: region) {
                    out.append(Detection(category: .phone, range: range, confidence: confidence, reason: .pattern))
                }
            }
            // A piece of two numbers, one valid: the other, with a country code
            // its metadata calls invalid ("… 0583 Mobile: +44 7700 900731") or
            // grouped as a national number ("0131 496 0254 / 07700 900 664"),
            // gets the fallbacks on its own.
            if fallbacks {
                if gapStart < piece.upperBound { gaps.append(gapStart..<piece.upperBound) }
                pieces.append(contentsOf: gaps.filter { hasGroupedInternationalNumber(s, $0) || hasGroupedNationalNumber(s, $0) })
            }
        }
    }

    /// The scalars of a match, without an opening bracket that is not
    /// closed in it: "(07700 900 732)" is matched from the "(" but the
    /// ")" is left out, and the bracket is not part of the number.
    @inline(__always) static func scalarRange(_ s: Text, _ m: rf_phone_match, _ byteToScalar: [Int32]) -> Range<Int> {
        var lo = Int(byteToScalar[Int(m.start)])
        let hi = Int(byteToScalar[Int(m.end) - 1]) + 1
        if s[lo].value == 0x28, !(lo..<hi).contains(where: { s[$0].value == 0x29 }) { lo += 1 }
        return lo..<hi
    }

    // MARK: - Candidates

    @inline(__always) static func isDigitScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v.isDigit }
        return c.properties.numericType == .decimal
    }

    /// Digits and the punctuation libphonenumber allows inside a number.
    @inline(__always) static func isPhoneScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 {
            if v.isDigit { return true }
            switch v {
            // Not a tab: the page model puts one between table cells, and a
            // number never runs from one cell into the next (`97202⇥503-…`).
            case 0x20, 0x2D, 0x2F, 0x28, 0x29, 0x5B, 0x5D, 0x2E, 0x7E, 0x2B: return true
            default: return false
            }
        }
        switch v {
        case 0xA0, 0xAD, 0x2000...0x200B, 0x2010...0x2015, 0x202F, 0x2053, 0x205F, 0x2060, 0x2212, 0x223C,
             0x3000, 0x30FC, 0xFF08, 0xFF09, 0xFF0B, 0xFF0D, 0xFF0E, 0xFF0F, 0xFF3B, 0xFF3D, 0xFF5E:
            return true
        default:
            return c.properties.numericType == .decimal
        }
    }

    /// Ranges of `s` (merged, in order) that could hold a phone number: runs
    /// of digits and phone punctuation with enough digits, except runs that
    /// are only dates or amounts, or that overlap `known` (sorted) ranges.
    static func candidatePieces(_ s: Text, region: Region, known: [Range<Int>] = [],
                                ocr: OCRText = .none) -> [Range<Int>] {
        let n = s.count
        var pieces: [Range<Int>] = []
        var i = 0
        var nextKnown = 0
        while i < n {
            guard isDigitScalar(s[i]) || s[i].value == 0x2B || s[i].value == 0x28
                || (i + 1 < n && s[i + 1].value.isDigit && ocrDigit(s, i, ocr) != nil) else {
                i += 1
                continue
            }
            var start = i
            var digits = 0, lookAlikes = 0
            // OCR look-alikes in digit groups count as digits here, after a
            // phone label only; the fallback reads them as digits if the
            // number as read fails.
            var wrapped = false
            while i < n, isPhoneScalar(s[i]) || ocrDigit(s, i, ocr) != nil || (!wrapped && isWrapBreak(s, i)) {
                if isDigitScalar(s[i]) { digits += 1 } else if ocrDigit(s, i, ocr) != nil { lookAlikes += 1 }
                if s[i].value == 0x0A { wrapped = true }
                i += 1
            }
            if i == start { i += 1; continue }
            guard digits + lookAlikes >= minimumDigits else { continue }
            let p = region.requiredPrefixDigit
            if lookAlikes > 0,
               digits < minimumDigits || (p != nil && !mayHoldNationalNumber(s, start..<i, prefixDigit: p!, ocr: .none)) {
                // Only the look-alikes make it a candidate.
                guard hasPhoneLabel(s, before: start) else { continue }
            }
            if let p, !mayHoldNationalNumber(s, start..<i, prefixDigit: p, ocr: ocr) { continue }
            while nextKnown < known.count, known[nextKnown].upperBound <= start { nextKnown += 1 }
            if nextKnown < known.count, known[nextKnown].lowerBound < i {
                // A run that only begins in a known value ("NL695375039B04 +31 6
                // 2287 1930": the VAT ID's last digits) goes on after it.
                let k = known[nextKnown]
                guard k.lowerBound <= start, k.upperBound < i, nextKnown + 1 >= known.count || known[nextKnown + 1].lowerBound >= i
                else { continue }
                var rest = k.upperBound
                while rest < i, !isDigitScalar(s[rest]), s[rest].value != 0x2B, s[rest].value != 0x28 { rest += 1 }
                guard (rest..<i).filter({ isDigitScalar(s[$0]) }).count >= minimumDigits else { continue }
                start = rest
            }
            if isOnlyDates(s, start..<i) || isAmount(s, start..<i) { continue }
            // Context: `context` scalars, then on to the end of the word there.
            var lo = max(0, start - context), hi = min(n, i + context)
            let loFloor = max(0, lo - maxContextExtension), hiCeiling = min(n, hi + maxContextExtension)
            while lo > loFloor, !s[lo - 1].isWhitespaceOrNewline { lo -= 1 }
            while hi < hiCeiling, !s[hi].isWhitespaceOrNewline { hi += 1 }
            // Context stays in the number's cell.
            if let tab = (lo..<start).last(where: { s[$0].value == 0x09 }) { lo = tab + 1 }
            if let tab = (i..<hi).first(where: { s[$0].value == 0x09 }) { hi = tab }
            if let last = pieces.last, last.upperBound >= lo {
                pieces[pieces.count - 1] = last.lowerBound..<hi
            } else {
                pieces.append(lo..<hi)
            }
        }
        return pieces
    }

    /// Whether the line break at `i` is inside a wrapped number ("…, 0161⏎496
    /// 0553", "…, +49 172 5503⏎8841"): the run of digits and phone
    /// punctuation ending the line before it opens with `(` or 0 and holds
    /// three to eight digits (or up to ten before a last group of up to
    /// four digits), or with `+` and two to ten (a country code
    /// and maybe most of the number fit on the line), ends with a digit, and the
    /// next line opens with one that starts no date and no numbered
    /// heading or decimal ("1.6 How would …" under a whole number).
    static func isWrapBreak(_ s: Text, _ i: Int) -> Bool {
        guard s[i].value == 0x0A, i > 0, s[i - 1].value.isDigit, i + 1 < s.count, s[i + 1].value.isDigit else { return false }
        var a = i
        var digits = 0
        while a > 0, isPhoneScalar(s[a - 1]) {
            if s[a - 1].value.isDigit { digits += 1 }
            a -= 1
            if digits > 10 { return false }
        }
        while a < i, s[a].value == 0x20 { a += 1 }
        let v = s[a].value
        var g = i + 1
        while g < s.count, s[g].value.isDigit { g += 1 }
        if g + 1 < s.count, s[g].value == 0x2E || s[g].value == 0x2C, s[g + 1].value.isDigit { return false }
        // The next line's run is one last group of up to four digits ("0176 48 21 93⏎07.").
        // (Two digits at least: "5. Email" under a form's number is its next item.)
        let lastGroup = (2...4).contains(g - (i + 1)) && !(g + 1 < s.count && isPhoneScalar(s[g]) && isDigitScalar(s[g + 1]))
        // (`+44⏎7700 900123`: a country code alone may end the line.)
        guard v == 0x2B ? digits >= 2
            : digits >= 3 && (digits <= 8 && v == 0x28 || (digits <= 8 || lastGroup) && v == 0x30) else { return false }
        // Not a date opening the next line (a statement's booking dates).
        return dateEnd(s, from: i + 1, limit: min(s.count, i + 12)) == nil
    }

    /// Whether the run has a `+`, a digit group starting with `prefixDigit`,
    /// or a digit that is not ASCII (not judged here).
    static func mayHoldNationalNumber(_ s: Text, _ r: Range<Int>, prefixDigit: UInt32, ocr: OCRText = .none) -> Bool {
        var previousWasDigit = false
        for k in r {
            var v = s[k].value
            if v.isASCIILetter, let d = ocrDigit(s, k, ocr) { v = UInt32(d) }
            if v.isDigit {
                if !previousWasDigit && v == prefixDigit && !isCents(s, k, r) { return true }
                previousWasDigit = true
            } else {
                if v == 0x2B || v == 0xFF0B || v >= 0x80 && isDigitScalar(s[k]) { return true }
                previousWasDigit = false
            }
        }
        return false
    }

    /// Whether the digit group at `k` is the two decimals of an amount or
    /// the month of a short date ("150.00", "26.02."): two digits after a
    /// `.` or `,` that follows a digit, not followed by another digit.
    @inline(__always) static func isCents(_ s: Text, _ k: Int, _ r: Range<Int>) -> Bool {
        guard k - 2 >= r.lowerBound, k + 1 < r.upperBound else { return false }
        let sep = s[k - 1].value
        guard sep == 0x2E || sep == 0x2C, s[k - 2].value.isDigit, s[k + 1].value.isDigit else { return false }
        return k + 2 >= s.count || !s[k + 2].value.isDigit
    }

    /// Whether the run holds nothing but dates ("12.03.2024", "1.3.24",
    /// "12/03/2024", "2024-03-12"), dashes and spaces: "01.01.2024 - 31.12.2024".
    static func isOnlyDates(_ s: Text, _ r: Range<Int>) -> Bool {
        var j = r.lowerBound
        var dates = 0
        while j < r.upperBound {
            let v = s[j].value
            if v.isDigit {
                guard let end = dateEnd(s, from: j, limit: r.upperBound) ?? monthYearEnd(s, from: j, limit: r.upperBound)
                else { return false }
                dates += 1
                j = end
                // A date may be followed by the sentence's full stop.
                if j < r.upperBound, s[j].value == 0x2E, j + 1 == r.upperBound || !s[j + 1].value.isDigit { j += 1 }
            } else if s[j].isHorizontalSpace || v == 0x2D || v == 0x2013 || v == 0x2014 {
                j += 1
            } else {
                return false
            }
        }
        return dates > 0
    }

    /// End of a date starting at `j`: d{1,2} sep d{1,2} sep (d{2}|d{4}) with
    /// one separator of `.`, `/` or `-`, or d{4}-d{2}-d{2}; nil if none.
    static func dateEnd(_ s: Text, from j: Int, limit: Int) -> Int? {
        var groups: [Int] = []
        var k = j
        var separator: UInt32 = 0
        while k < limit, groups.count < 3 {
            let g = k
            while k < limit, s[k].value.isDigit { k += 1 }
            groups.append(k - g)
            if k - g == 0 { return nil }
            if groups.count == 3 { break }
            guard k + 1 < limit, s[k + 1].value.isDigit else { return nil }
            let v = s[k].value
            guard v == 0x2E || v == 0x2F || v == 0x2D, separator == 0 || separator == v else { return nil }
            separator = v
            k += 1
        }
        guard groups.count == 3 else { return nil }
        if (1...2).contains(groups[0]), (1...2).contains(groups[1]), groups[2] == 2 || groups[2] == 4 { return k }
        if groups[0] == 4, groups[1] == 2, groups[2] == 2, separator == 0x2D { return k }
        return nil
    }

    /// End of a month and year "MM/YYYY" (a period in a CV: "04/2018-09/2021")
    /// starting at `j`: month 01-12, year 1900-2099; nil if none.
    static func monthYearEnd(_ s: Text, from j: Int, limit: Int) -> Int? {
        guard j + 7 <= limit, s[j].value.isDigit, s[j + 1].value.isDigit, s[j + 2].value == 0x2F else { return nil }
        for k in (j + 3)..<(j + 7) where !s[k].value.isDigit { return nil }
        if j + 7 < limit, s[j + 7].value.isDigit { return nil }
        let month = s[j].value.digitValue * 10 + s[j + 1].value.digitValue
        let century = s[j + 3].value.digitValue * 10 + s[j + 4].value.digitValue
        guard (1...12).contains(month), century == 19 || century == 20 else { return nil }
        return j + 7
    }

    /// Whether `range` starts with a short date "dd.mm." standing apart
    /// ("07.02.   840112": the date and the voucher column of a statement).
    static func startsWithShortDate(_ s: Text, _ range: Range<Int>) -> Bool {
        let j = range.lowerBound
        guard j + 7 <= range.upperBound else { return false }
        for k in [j, j + 1, j + 3, j + 4] where !s[k].value.isDigit { return false }
        guard s[j + 2].value == 0x2E, s[j + 5].value == 0x2E, s[j + 6].isHorizontalSpace else { return false }
        let day = s[j].value.digitValue * 10 + s[j + 1].value.digitValue
        let month = s[j + 3].value.digitValue * 10 + s[j + 4].value.digitValue
        return (1...31).contains(day) && (1...12).contains(month)
    }

    /// Whether the run is the integer part of a German amount ("12.345"
    /// before ",67") or the tail of an English one ("345.67" after "12,").
    static func isAmount(_ s: Text, _ r: Range<Int>) -> Bool {
        var lo = r.lowerBound, hi = r.upperBound
        while hi > lo, s[hi - 1].isHorizontalSpace { hi -= 1 }
        if hi == lo { return false }
        let n = s.count
        if hi == r.upperBound, hi + 1 < n, s[hi].value == 0x2C, s[hi + 1].value.isDigit {
            // d{1,3}(.d{3})+ ,
            var k = lo
            var first = 0
            while k < hi, s[k].value.isDigit { k += 1; first += 1 }
            guard (1...3).contains(first), k < hi else { return false }
            while k < hi {
                guard s[k].value == 0x2E, k + 3 < hi + 1 else { return false }
                for t in (k + 1)...(k + 3) where t >= hi || !s[t].value.isDigit { return false }
                k += 4
            }
            return true
        }
        if lo > 1, s[lo - 1].value == 0x2C, s[lo - 2].value.isDigit {
            // , d{3}(,d{3})* . d{1,2} -- here the run is d{3} . d{1,2}
            while lo < hi, s[lo].value.isDigit { lo += 1 }
            guard lo - r.lowerBound == 3, lo < hi, s[lo].value == 0x2E else { return false }
            return (1...2).contains(hi - lo - 1) && (lo + 1..<hi).allSatisfy { s[$0].value.isDigit }
        }
        return false
    }

    @inline(__always) static func appendUTF8(_ c: Unicode.Scalar, to bytes: inout [UInt8]) {
        let v = c.value
        if v < 0x80 {
            bytes.append(UInt8(v))
        } else if v < 0x800 {
            bytes.append(UInt8(0xC0 | (v >> 6)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            bytes.append(UInt8(0xE0 | (v >> 12)))
            bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            bytes.append(UInt8(0xF0 | (v >> 18)))
            bytes.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    // MARK: - Judging a match

    /// Word stems that label a phone number (`LabelWords.phones`).
    static let phoneLabels = LabelWords.phones.split(separator: "|").map(String.init)
    /// Word stems that label an identifier that is not a phone number
    /// (`LabelWords.notPhones`).
    static let identifierLabels = LabelWords.notPhones.split(separator: "|").map(String.init)

    /// The confidence of the match at `range`, or nil if it is not a phone number.
    static func judge(_ s: Text, _ range: Range<Int>, type: Int32, region: Region) -> Double? {
        // Glued to a digit before it: part of a longer number.
        if range.lowerBound > 0, isDigitScalar(s[range.lowerBound - 1]) { return nil }
        var international = false
        var plainRun = true
        var k = range.lowerBound
        while k < range.upperBound, s[k].value == 0x28 { k += 1 }
        if k < range.upperBound, s[k].value == 0x2B || s[k].value == 0xFF0B {
            international = true
            k += 1
        } else if k + 1 < range.upperBound, s[k].value == 0x30, s[k + 1].value == 0x30 {
            international = true
        }
        for t in k..<range.upperBound where !isDigitScalar(s[t]) { plainRun = false; break }
        // Where national numbers are written with the trunk prefix (Germany:
        // "030 …"), a number with neither it nor a country code is an
        // identifier ("398558"), though libphonenumber accepts some.
        if !international, let p = region.requiredPrefixDigit, k < range.upperBound, s[k].value != p { return nil }
        // Where the region's numbers may start with 0 and have no trunk
        // prefix (Italy), "01.02.1990" is a valid number: never take a date
        // or an amount for one.
        if isOnlyDates(s, range) || isAmount(s, range) || startsWithShortDate(s, range) { return nil }

        let words = precedingWords(s, before: range.lowerBound)
        if words.contains(where: { w in phoneLabels.contains { w.hasPrefix($0) } }) { return 0.95 }
        if !international && hasIdentifierLabel(s, before: range.lowerBound) { return nil }
        var confidence: Double
        switch Int(type) {
        case Int(RF_PHONE_TYPE_FIXED_LINE), Int(RF_PHONE_TYPE_MOBILE), Int(RF_PHONE_TYPE_FIXED_LINE_OR_MOBILE):
            confidence = 0.85
        default:
            confidence = 0.75
        }
        if international { confidence += 0.05 }
        if plainRun && !international { confidence = 0.7 }
        return confidence
    }

    /// Whether a phone label is among the `precedingWords`.
    static func hasPhoneLabel(_ s: Text, before i: Int) -> Bool {
        let words = precedingWords(s, before: i)
        // "at work on 01865 …", "reach me on 07700 …": how British letters give a number.
        if words.count >= 2, words[0] == "on", reachWords.contains(words[1]) { return true }
        return words.contains { w in phoneLabels.contains { w.hasPrefix($0) } }
    }

    static let reachWords: Set<String> = ["work", "home", "me", "us", "him", "her", "them", "mobile", "landline"]

    /// Up to three words (lower-cased letters) on the same line before `i`,
    /// within 32 scalars, nearest first. "Tel.-Nr.:" gives ["nr", "tel"].
    /// Parts of a web or e-mail address ("deryagunes.art", "/in/art") are
    /// not words here: ".art" is no "Art.-Nr.".
    static func precedingWords(_ s: Text, before i: Int) -> [String] {
        precedingWordSpans(s, before: i).map(\.word)
    }

    /// Whether an identifier label is among the words before `i`. A short
    /// stem (`st`, `re`, `az`) counts as written as an abbreviation (`St.-Nr.`,
    /// `Re-Nr`, `Az:`), not as a bare capital word: `TACOMA ST⇥503-555-0121`
    /// is a street, not a tax number.
    static func hasIdentifierLabel(_ s: Text, before i: Int) -> Bool {
        precedingWordSpans(s, before: i).contains { w, r in
            identifierLabels.contains { stem in
                guard stem.count <= 3 else { return w.hasPrefix(stem) }
                guard w == stem else { return false }
                let bareCaps = s[r].allSatisfy { $0.isUppercaseFast }
                    && !(r.upperBound < s.count && [0x2E, 0x2D, 0x3A, 0x2F].contains(s[r.upperBound].value))
                return !bareCaps
            }
        }
    }

    static func precedingWordSpans(_ s: Text, before i: Int) -> [(word: String, range: Range<Int>)] {
        var words: [(String, Range<Int>)] = []
        var j = i
        let floor = max(0, i - 32)
        while j > floor, words.count < 3 {
            let c = s[j - 1]
            if c.value == 0x0A || c.value == 0x0D || c.value == 0x2028 || c.value == 0x2029 { break }
            if !c.isAlphabeticFast { j -= 1; continue }
            let end = j
            while j > floor, s[j - 1].isAlphabeticFast { j -= 1 }
            // Part of a web or e-mail address ("deryagunes.art"), not a label.
            if j > 0, s[j - 1].value == 0x2E || s[j - 1].value == 0x2F || s[j - 1].value == 0x40,
               j > 1, s[j - 2].isWordScalar {
                continue
            }
            var w = String.UnicodeScalarView()
            w.append(contentsOf: s[j..<end])
            words.append((String(w).lowercased(), j..<end))
        }
        return words
    }
}
