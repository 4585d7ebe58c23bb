import CPhoneNumber
import RedactCore

/// What `PhoneRecognizer` tries in a piece of text where libphonenumber, read
/// with the configured region, found nothing: OCR look-alikes, regions the
/// page hints at, numbers that are only possible. Each is gated by cheap
/// checks first, as every call into libphonenumber costs.
extension PhoneRecognizer {
    /// Whether `r` holds a national number's shape for the hinted regions
    /// (all with trunk prefix 0): a run of digits and spaces, hyphens or
    /// slashes that starts with 0 and holds at least nine digits.
    static func hasNationalShape(_ s: Text, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k < r.upperBound {
            guard s[k].value == 0x30, k == r.lowerBound || !s[k - 1].value.isDigit else { k += 1; continue }
            var digits = 0
            var t = k
            while t < r.upperBound {
                let v = s[t].value
                if v.isDigit { digits += 1 } else if !(v == 0x20 || v == 0xA0 || v == 0x2D || v == 0x2F) { break }
                t += 1
            }
            if digits >= 9 { return true }
            k = t + 1
        }
        return false
    }

    /// Whether `r` holds "+", a calling code of one to three digits, a
    /// space, and then at least two more groups of digits (ten digits or more
    /// in all), as international numbers are printed ("+44 7700 900 418"),
    /// maybe wrapped at a space.
    static func hasGroupedInternationalNumber(_ s: Text, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k < r.upperBound {
            defer { k += 1 }
            guard s[k].value == 0x2B else { continue }
            var t = k + 1
            var digits = 0, groups = 0, inGroup = false
            while t < r.upperBound {
                let v = s[t].value
                if v.isDigit {
                    digits += 1
                    if !inGroup { groups += 1; inGroup = true }
                } else if v == 0x20 || v == 0xA0 || isWrapBreak(s, t) {
                    inGroup = false
                } else {
                    break
                }
                t += 1
            }
            if digits >= 10, groups >= 3, k + 1 < r.upperBound, s[k + 1].value.isDigit { return true }
        }
        return false
    }

    /// Whether `r` holds a national number grouped as phone numbers are
    /// printed: a `0` opening a word, then at least three groups of two to
    /// five digits apart by one space or hyphen, ten or eleven digits in
    /// all (`0115 496 0723`, `07700 900 664`, `030 1234-5678`).
    static func hasGroupedNationalNumber(_ s: Text, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k < r.upperBound {
            defer { k += 1 }
            guard s[k].value == 0x30, k == 0 || !(s[k - 1].value.isDigit || s[k - 1].isAlphabeticFast) else { continue }
            var t = k, digits = 0, groups = 0, run = 0, ok = true
            while t < r.upperBound {
                let v = s[t].value
                if v.isDigit { digits += 1; run += 1; t += 1; continue }
                guard v == 0x20 || v == 0x2D, run >= 2, run <= 5, t + 1 < r.upperBound, s[t + 1].value.isDigit else { break }
                groups += 1; run = 0; t += 1
            }
            if run > 0 { groups += 1; ok = run >= 2 && run <= 5 }
            if t < s.count, s[t].isAlphabeticFast { ok = false }
            if ok, groups >= 3, digits >= 10, digits <= 11 { return true }
        }
        return false
    }

    /// Regions by country calling code, for the hints a page gives with its
    /// international numbers (the countries the documents come from).
    static let regionsByCallingCode: [Int: Region] = [
        1: Region("US"), 31: Region("NL"), 32: Region("BE"), 33: Region("FR"), 34: Region("ES"), 39: Region("IT"),
        41: Region("CH"), 43: Region("AT"), 44: Region("GB"), 45: Region("DK"), 48: Region("PL"), 49: Region("DE"),
        353: Region("IE"),
    ]

    /// Regions tried for a number after a phone label that the page's own
    /// regions do not read (all with trunk prefix 0, which the number must
    /// then start with).
    static let labelledRegions = [Region("GB"), Region("CH"), Region("AT"), Region("NL"), Region("FR"), Region("BE"),
                                  Region("DE")]

    /// Regions other than `region` whose calling code the page shows in a
    /// number ("+44 20 …": a `+`, then at least eight digits within the next
    /// sixteen scalars), in order of first appearance, at most two. Only
    /// regions whose national numbers need their trunk prefix: one that
    /// reads any digit run as a number (US) would take versions and amounts.
    static func hintedRegions(_ s: Text, besides region: Region) -> [Region] {
        var hints: [Region] = []
        let n = s.count
        var k = 0
        while k < n, hints.count < 2 {
            guard s[k].value == 0x2B, k + 1 < n, s[k + 1].value.isDigit, k == 0 || !s[k - 1].isWordScalar else {
                k += 1
                continue
            }
            var digits = 0
            for t in (k + 1)..<min(n, k + 17) {
                let v = s[t].value
                if v.isDigit { digits += 1 } else if !(v == 0x20 || v == 0x2D || v == 0x28 || v == 0x29 || v == 0xA0) { break }
            }
            var code = 0
            for length in 1...3 where digits >= 8 && k + length < n && s[k + length].value.isDigit {
                code = code * 10 + s[k + length].value.digitValue
                if let r = regionsByCallingCode[code], r.requiredPrefixDigit != nil, r.code != region.code,
                   !hints.contains(r) {
                    hints.append(r)
                    break
                }
            }
            k += 1
        }
        return hints
    }

    /// A look-alike letter (O o for 0, I l for 1) of OCR text standing in a
    /// digit group: next to a digit, with no other letter beside it. Its
    /// digit, or nil.
    @inline(__always) static func ocrDigit(_ s: Text, _ k: Int, _ ocr: OCRText) -> UInt8? {
        if ocr.isEmpty { return nil }
        let v = s[k].value
        let d: UInt8
        switch v {
        case 0x4F, 0x6F: d = 0x30
        case 0x49, 0x6C: d = 0x31
        default: return nil
        }
        let prev: UInt32 = k > 0 ? s[k - 1].value : 0x20
        let next: UInt32 = k + 1 < s.count ? s[k + 1].value : 0x20
        guard prev.isDigit || next.isDigit, !prev.isASCIILetter, !next.isASCIILetter, ocr.contains(k) else { return nil }
        return d
    }

    /// What a piece gets when libphonenumber found nothing in it, in order:
    ///   1. OCR look-alikes in digit groups of OCR text read as digits ("Tel:O7911
    ///      2O4 553"), the repaired number kept only after a phone label;
    ///   2. the regions the page hints at with its international numbers (a
    ///      British letter read with German defaults: "0161 496 0553" when
    ///      "+44" stands elsewhere on the page);
    ///   3. after a phone label, the other regions the documents come from
    ///      (`labelledRegions`), with less confidence;
    ///   4. a number with a country code ("+44 7700 900 418") that is only
    ///      possible, not valid, for libphonenumber (ranges its metadata does
    ///      not know yet), with lower confidence: "+", a calling code and
    ///      grouped digits are a phone number's own shape.
    static func fallback(_ s: Text, _ piece: Range<Int>, region: Region, hints: inout [Region]?,
                         bytes: inout [UInt8], byteToScalar: [Int32], ocr: OCRText = .none,
                         into out: inout [Detection]) {
        // 1. OCR repair (ASCII for ASCII: byte offsets stay), after a phone label only.
        var repaired: [Unicode.Scalar]? = nil
        var b = 0
        var labelled: Bool? = nil
        for k in piece {
            if labelled == nil, ocrDigit(s, k, ocr) != nil {
                var r = k
                while r > piece.lowerBound, isPhoneScalar(s[r - 1]) || ocrDigit(s, r - 1, ocr) != nil { r -= 1 }
                labelled = hasPhoneLabel(s, before: r)
            }
            if labelled == false { break }
            let width = s[k].value < 0x80 ? 1 : s[k].value < 0x800 ? 2 : s[k].value < 0x10000 ? 3 : 4
            if let d = ocrDigit(s, k, ocr) {
                if repaired == nil { repaired = Array(s) }
                repaired![k] = Unicode.Scalar(d)
                bytes[b] = d
            }
            b += width
        }
        if let copy = repaired {
            guard let found = matches(in: bytes, region: region.code) else { return failedPiece(s, piece, into: &out) }
            if !found.isEmpty {
                copy.withUnsafeBufferPointer { t in
                    for m in found {
                        guard m.start < m.end, m.end <= bytes.count else { continue }
                        let range = scalarRange(s, m, byteToScalar)
                        let words = precedingWords(t, before: range.lowerBound)
                        guard words.contains(where: { w in phoneLabels.contains { w.hasPrefix($0) } }),
                              let confidence = judge(t, range, type: m.type, region: region) else { continue }
                        out.append(Detection(category: .phone, range: range, confidence: confidence - 0.05,
                                             reason: .pattern))
                    }
                }
                return
            }
        }
        // 2. Regions the page hints at.
        let shaped = hasNationalShape(s, piece)
        if shaped, hints == nil { hints = hintedRegions(s, besides: region) }
        for hint in hints ?? [] where shaped {
            guard let found = matches(in: bytes, region: hint.code) else { return failedPiece(s, piece, into: &out) }
            if found.isEmpty { continue }
            for m in found {
                guard m.start < m.end, m.end <= bytes.count else { continue }
                let range = scalarRange(s, m, byteToScalar)
                if let confidence = judge(s, range, type: m.type, region: hint) {
                    out.append(Detection(category: .phone, range: range, confidence: confidence - 0.05, reason: .pattern))
                }
            }
            return
        }
        // 3. A labelled number in the national format of another country
        // the documents come from ("Telefon direkt 031 387 41 19" in a Swiss
        // letter read with German defaults; a British letter's second page,
        // which shows no postcode to guess its region from).
        if shaped, let r = piece.first(where: { isDigitScalar(s[$0]) }), hasPhoneLabel(s, before: r) {
            for other in labelledRegions where other != region && !(hints ?? []).contains(other) {
                guard let found = matches(in: bytes, region: other.code) else { return failedPiece(s, piece, into: &out) }
                var any = false
                for m in found {
                    guard m.start < m.end, m.end <= bytes.count else { continue }
                    let range = scalarRange(s, m, byteToScalar)
                    if let confidence = judge(s, range, type: m.type, region: other) {
                        out.append(Detection(category: .phone, range: range, confidence: confidence - 0.1, reason: .pattern))
                        any = true
                    }
                }
                if any { return }
            }
        }
        // 4. Possible, with a country code: only where the piece shows that shape.
        // 5. Possible in the page's region, grouped as a phone number is
        // printed, with its trunk prefix: ranges libphonenumber's metadata
        // leaves out (Ofcom's `0115 496 0xxx`, `07700 900xxx`), numbers
        // allocated after it was built. A `0`, then three groups or more,
        // ten or eleven digits, is a phone number's own shape; an account
        // number that has it is personal too.
        // One call to libphonenumber serves both.
        let international = hasGroupedInternationalNumber(s, piece), national = hasGroupedNationalNumber(s, piece)
        guard international || national else { return }
        guard let possible = matches(in: bytes, region: region.code, leniency: Int32(RF_PHONE_LENIENCY_POSSIBLE)) else {
            return failedPiece(s, piece, into: &out)
        }
        for m in possible {
            guard m.start < m.end, m.end <= bytes.count else { continue }
            let range = scalarRange(s, m, byteToScalar)
            switch bytes[Int(m.start)] {
            case 0x2B where international:
                var digits = 0
                var groups = 1
                for k in range {
                    if s[k].value.isDigit { digits += 1 } else if s[k].isHorizontalSpace || isWrapBreak(s, k) { groups += 1 }
                }
                guard digits >= 10, groups >= 3 else { continue }
            case 0x30 where national:
                guard hasGroupedNationalNumber(s, range) else { continue }
            default:
                continue
            }
            guard judge(s, range, type: m.type, region: region) != nil else { continue }
            out.append(Detection(category: .phone, range: range, confidence: 0.7, reason: .pattern))
        }
    }

    /// Runs `rf_phone_find` over `bytes`, growing the buffer once if needed;
    /// nil when libphonenumber failed (see `failedPiece`).
    static func matches(in bytes: [UInt8], region: String,
                        leniency: Int32 = Int32(RF_PHONE_LENIENCY_VALID)) -> [rf_phone_match]? {
        var cap = 64
        while true {
            var out = [rf_phone_match](repeating: rf_phone_match(), count: cap)
            let total = bytes.withUnsafeBufferPointer { b in
                region.withCString { r in
                    b.withMemoryRebound(to: CChar.self) { c in
                        rf_phone_find(c.baseAddress, c.count, r, leniency, &out, cap)
                    }
                }
            }
            if total == RF_PHONE_FAILED { return nil }
            if total <= cap { return Array(out.prefix(total)) }
            cap = total
        }
    }

    /// When libphonenumber fails on a piece, the piece was not read: its
    /// digits are redacted as a phone number rather than passed as clean
    /// (a failure must never read as "nothing here").
    static func failedPiece(_ s: Text, _ piece: Range<Int>, into out: inout [Detection]) {
        guard let lo = piece.first(where: { s[$0].value.isDigit }),
              let hi = piece.last(where: { s[$0].value.isDigit }) else { return }
        out.append(Detection(category: .phone, range: lo..<(hi + 1), confidence: 0.5, reason: .pattern,
                             kind: "phone matcher failed"))
    }
}
