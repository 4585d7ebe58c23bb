import RedactCore

/// E-mail addresses, RFC 5322-ish: `local@domain.tld`.
///
/// Rule: found from each `@`. The local part is 1-64 letters, digits and
/// ``.!#$%&*+=?^_~-`` (no leading, trailing or doubled dot) directly before
/// the `@`; the domain is two or more dot-separated labels of letters, digits
/// and hyphens (a label neither starts nor ends with a hyphen), the last one
/// (the TLD) at least two letters or an `xn--` label. Letters may be of any
/// script (internationalised addresses). A dot ending a sentence is not
/// part of the address. Quoted local parts and IP literals are not handled.
enum EmailRecognizer {
    static let confidence = 0.95

    static func find(in s: Text, into out: inout [Detection]) {
        var i = 0
        let n = s.count
        var resumeAt = 0
        while i < n {
            if s[i].value != 0x40 { i += 1; continue }  // '@'
            let at = i
            i += 1
            guard at >= resumeAt, let start = localPartStart(s, at: at, floor: resumeAt),
                  let end = domainEnd(s, from: at + 1) else { continue }
            out.append(Detection(category: .email, range: start..<end, confidence: confidence, reason: .pattern))
            resumeAt = end
            i = end
        }
    }

    @inline(__always) static func isLocalScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 {
            if v.isASCIIAlnum { return true }
            switch v {
            case 0x2E, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2A, 0x2B, 0x3D, 0x3F, 0x5E, 0x5F, 0x7E, 0x2D: return true
            default: return false
            }
        }
        return c.isAlphabeticFast || c.properties.numericType == .decimal
    }

    @inline(__always) static func isLabelScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v.isASCIIAlnum || v == 0x2D }
        return c.isAlphabeticFast || c.properties.numericType == .decimal
    }

    /// The start of the local part ending before `at`, or nil.
    static func localPartStart(_ s: Text, at: Int, floor: Int) -> Int? {
        var j = at
        while j > floor, isLocalScalar(s[j - 1]) { j -= 1 }
        // No leading dot: trim dots (and the text before them is not ours).
        while j < at, s[j].value == 0x2E { j += 1 }
        let len = at - j
        if len == 0 || len > 64 { return nil }
        if s[at - 1].value == 0x2E { return nil }
        var prevDot = false
        for k in j..<at {
            let dot = s[k].value == 0x2E
            if dot && prevDot { return nil }
            prevDot = dot
        }
        return j
    }

    /// The end of the domain starting at `from`, or nil.
    static func domainEnd(_ s: Text, from: Int) -> Int? {
        let n = s.count
        var j = from
        var labels = 0
        var lastLabelStart = from
        var end = from
        while j < n {
            let labelStart = j
            while j < n, isLabelScalar(s[j]) { j += 1 }
            if j == labelStart { break }
            if s[labelStart].value == 0x2D || s[j - 1].value == 0x2D { break }
            labels += 1
            lastLabelStart = labelStart
            end = j
            // Another label only if a dot is followed by a label scalar.
            if j + 1 < n, s[j].value == 0x2E, isLabelScalar(s[j + 1]) { j += 1 } else { break }
        }
        if labels < 2 || end - from > 253 { return nil }
        if !isTLD(s, lastLabelStart..<end) {
            return nil
        }
        // Not directly followed by more address characters ("a@b.de_x").
        if end < n, s[end].value == 0x40 || s[end].value == 0x5F { return nil }
        return end
    }

    static func isTLD(_ s: Text, _ r: Range<Int>) -> Bool {
        if r.count < 2 { return false }
        if s.hasPrefix("xn--", at: r.lowerBound) { return r.count > 4 }
        for k in r {
            let c = s[k]
            if c.value < 0x80 ? !c.value.isASCIILetter : !c.isAlphabeticFast { return false }
        }
        return true
    }
}
