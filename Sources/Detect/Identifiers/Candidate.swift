import RedactCore

/// The single separators that may stand between the characters of an
/// identifier as printed ("12 345 678 901", "123-45-6789", "21/815/08150",
/// "756.1234.5678.97").
struct Separators: OptionSet, Sendable {
    let rawValue: UInt8
    /// Space, no-break, narrow no-break and thin space; never a tab or line break.
    static let space = Separators(rawValue: 1)
    static let hyphen = Separators(rawValue: 2)
    static let slash = Separators(rawValue: 4)
    static let dot = Separators(rawValue: 8)

    @inline(__always) static func of(_ v: UInt32) -> Separators {
        switch v {
        case 0x20, 0xA0, 0x202F, 0x2009: return .space
        case 0x2D: return .hyphen
        case 0x2F: return .slash
        case 0x2E: return .dot
        default: return []
        }
    }
}

/// The scalars of a page's text that came from OCR, as sorted ranges.
/// Letter repairs ("B" read as 8) belong to OCR text only: in a text layer
/// an "O" is an O, and reading it as 0 can turn an invalid IBAN into a
/// valid one. Empty: no OCR text at all, and no repairs.
struct OCRText: Sendable {
    /// Sorted, not overlapping, touching ranges merged.
    let ranges: [Range<Int>]

    static let none = OCRText([])

    init(_ given: [Range<Int>]) {
        var merged: [Range<Int>] = []
        for r in given.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        ranges = merged
    }

    @inline(__always) var isEmpty: Bool { ranges.isEmpty }

    /// Index of the first range that ends after `p`.
    @inline(__always) func firstEnding(after p: Int) -> Int {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound <= p { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether scalar `p` came from OCR.
    @inline(__always) func contains(_ p: Int) -> Bool {
        if ranges.isEmpty { return false }
        let k = firstEnding(after: p)
        return k < ranges.count && ranges[k].lowerBound <= p
    }

    /// Whether every letter and digit in `r` came from OCR (the spaces and
    /// dashes between groups may be the page model's own).
    func covers(_ s: Text, _ r: Range<Int>) -> Bool {
        if ranges.isEmpty || r.isEmpty { return false }
        var k = firstEnding(after: r.lowerBound)
        var p = r.lowerBound
        while p < r.upperBound {
            if k < ranges.count, ranges[k].lowerBound <= p {
                p = ranges[k].upperBound
                k += 1
                continue
            }
            if s[p].value.isASCIIAlnum { return false }
            p += 1
        }
        return true
    }
}

/// OCR reads some letters for digits and back. Inside a digit group of OCR
/// text these letters are read as the digit they resemble; the repaired form
/// must then pass the checksum.
enum OCR {
    /// The digit that `v` is a known misreading of (O/o 0, I/l 1, S 5, B 8), or -1.
    @inline(__always) static func digit(_ v: UInt32) -> Int {
        switch v {
        case 0x4F, 0x6F: return 0  // O o
        case 0x49, 0x6C: return 1  // I l
        case 0x53: return 5  // S
        case 0x42: return 8  // B
        default: return -1
        }
    }

    @inline(__always) static func isConfusable(_ v: UInt32) -> Bool { digit(v) >= 0 }
}

/// Look-alike letters (O o I l S B) beside a digit in a text layer, not in
/// OCR text. A text layer can be OCR output itself (OCRmyPDF's invisible
/// text over a scan); the recognizers then read them as digits only with
/// their category's label or printed grouping, and report what passes as a
/// pattern at lower confidence, never as checksum-verified.
enum TextLayerLookAlikes {
    /// Whether the scalar at `k` is a look-alike beside a digit, outside `ocr`.
    @inline(__always) static func at(_ s: Text, _ k: Int, ocr: OCRText) -> Bool {
        let v = s[k].value
        guard !v.isDigit, OCR.isConfusable(v) else { return false }
        let beside = (k > 0 && s[k - 1].value.isDigit) || (k + 1 < s.count && s[k + 1].value.isDigit)
        return beside && !ocr.contains(k)
    }

    /// B I O S l o as bits above 0x40.
    static let lookAlikeMask: UInt64 = 1 << 2 | 1 << 9 | 1 << 15 | 1 << 19 | 1 << 44 | 1 << 47

    /// Scalars of context kept before and after a damaged word: labels are
    /// looked for up to 128 scalars back.
    static let before = 160, after = 96

    /// The windows of the text around words that hold a look-alike beside
    /// a digit and at least two true digits, no fewer digits than letters
    /// (`O7911`, `l289`, `46B93971`; not `BS6`, `3B`, `SW1A`): merged, in
    /// order. Empty when there is none (the usual page).
    static func windows(_ s: Text, ocr: OCRText) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let n = s.count
        var k = 0
        while k < n {
            // Fast path: only the look-alike letters stop the scan.
            let d = s[k].value &- 0x40
            guard d < 64, (lookAlikeMask >> UInt64(d)) & 1 != 0, at(s, k, ocr: ocr) else {
                k += 1
                continue
            }
            // The word around it: enough true digits?
            var i = k, j = k + 1
            while i > 0, s[i - 1].value.isASCIIAlnum { i -= 1 }
            while j < n, s[j].value.isASCIIAlnum { j += 1 }
            var digits = 0
            for q in i..<j where s[q].value.isDigit { digits += 1 }
            if digits >= 2, digits * 2 >= j - i {
                let r = max(0, i - before)..<min(n, j + after)
                if let last = out.last, last.upperBound >= r.lowerBound {
                    out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                } else {
                    out.append(r)
                }
            }
            k = j
        }
        return out
    }

    /// Runs `scan` over each window as OCR text (a slice of `s`) and returns
    /// what it found there, in `s`'s offsets.
    static func rescan(_ s: Text, _ windows: [Range<Int>], _ scan: (Text, OCRText, inout [Detection]) -> Void) -> [Detection] {
        var all: [Detection] = []
        for w in windows {
            let slice = Text(rebasing: s[w])
            var found: [Detection] = []
            scan(slice, OCRText([0..<slice.count]), &found)
            for var d in found {
                d.range = (d.range.lowerBound + w.lowerBound)..<(d.range.upperBound + w.lowerBound)
                all.append(d)
            }
        }
        return all
    }

    /// Whether `r` holds one.
    static func holds(_ s: Text, _ r: Range<Int>, ocr: OCRText) -> Bool {
        r.contains { at(s, $0, ocr: ocr) }
    }
}

/// Where a number may start and end: not inside a word or a longer number.
enum Boundary {
    /// `p` starts a new token: the scalar before is no letter or digit, no
    /// `+` (a phone number), and no `.`/`,`/`-`/`/` right after a digit
    /// (the middle of an amount, a date or a longer number).
    @inline(__always) static func before(_ s: Text, _ p: Int) -> Bool {
        guard p > 0 else { return true }
        let q = s[p - 1]
        if q.isWordScalar || q.value == 0x2B { return false }
        switch q.value {
        case 0x2E, 0x2C, 0x2D, 0x2F: return !(p > 1 && s[p - 2].value.isDigit)
        default: return true
        }
    }

    /// `p` continues an international phone number: a `+` stands a few
    /// scalars before, with only digits, spaces and phone punctuation
    /// between ("+49 1511 2345678", "+49 (0) 1511 …").
    static func afterCountryCode(_ s: Text, _ p: Int) -> Bool {
        var k = p - 1
        let stop = max(0, p - 12)
        while k >= stop {
            let v = s[k].value
            if v == 0x2B { return true }
            guard v.isDigit || v == 0x20 || v == 0xA0 || v == 0x28 || v == 0x29 || v == 0x2D || v == 0x2F || v == 0x2E
            else { return false }
            k -= 1
        }
        return false
    }

    /// `j` ends a token: no letter or digit follows, nor a `.`/`,`/`-`/`/`
    /// that continues with a digit.
    @inline(__always) static func after(_ s: Text, _ j: Int) -> Bool {
        guard j < s.count else { return true }
        let v = s[j]
        if v.isWordScalar { return false }
        switch v.value {
        case 0x2E, 0x2C, 0x2D, 0x2F: return !(j + 1 < s.count && s[j + 1].value.isDigit)
        default: return true
        }
    }
}

/// The characters of one candidate identifier, read from the text with the
/// separators between them dropped. One value is reused for the whole scan:
/// no allocation per position.
struct Candidate {
    static let capacity = 24
    /// ASCII letters and digits as they stand in the text.
    var chars: [UInt32]
    /// Digit values written by `digits(_:)`.
    var digits: [Int]
    var count = 0
    /// Index in the text just after the last character.
    var end = 0
    /// Bit k set: a separator stood before `chars[k]`.
    var gaps: UInt32 = 0
    /// The kinds of separator that were used.
    var used: Separators = []
    /// Bit k set: `chars[k]` is a look-alike letter in text-layer text,
    /// which is never read as a digit.
    var notOCR: UInt32 = 0
    /// The page's OCR text.
    let ocr: OCRText

    init(ocr: OCRText = .none) {
        self.ocr = ocr
        chars = [UInt32](repeating: 0, count: Self.capacity)
        digits = [Int](repeating: 0, count: Self.capacity)
    }

    /// Reads exactly `n` ASCII letters and digits from `start`, allowing one
    /// separator of `separators` between two of them; true if that worked
    /// and a token boundary follows.
    mutating func collect(_ s: Text, from start: Int, count n: Int, separators: Separators) -> Bool {
        let total = s.count
        var j = start
        var k = 0
        gaps = 0
        used = []
        notOCR = 0
        while k < n {
            guard j < total else { return false }
            let v = s[j].value
            if v.isASCIIAlnum {
                if !v.isDigit, OCR.isConfusable(v), !ocr.contains(j) { notOCR |= 1 << UInt32(k) }
                chars[k] = v
                k += 1
                j += 1
                continue
            }
            let sep = Separators.of(v)
            guard k > 0, !sep.isEmpty, separators.contains(sep), j + 1 < total, s[j + 1].value.isASCIIAlnum
            else { return false }
            gaps |= 1 << UInt32(k)
            used.insert(sep)
            j += 1
        }
        count = n
        end = j
        return Boundary.after(s, j)
    }

    /// Reads `chars[r]` as digits into `digits[r]`. A letter of OCR text
    /// that OCR confuses with a digit counts as that digit when a true digit
    /// stands next to it. Returns how many were repaired, or -1 if a
    /// character is no digit.
    mutating func digits(_ r: Range<Int>) -> Int {
        var repaired = 0
        for k in r {
            let v = chars[k]
            if v.isDigit {
                digits[k] = v.digitValue
                continue
            }
            let d = OCR.digit(v)
            let nextToDigit = (k > 0 && chars[k - 1].isDigit) || (k + 1 < count && chars[k + 1].isDigit)
            if d < 0 || !nextToDigit || notOCR & (1 << UInt32(k)) != 0 { return -1 }
            digits[k] = d
            repaired += 1
        }
        return repaired
    }

    /// The digits in `r` (after `digits(_:)`) as one number.
    func number(_ r: Range<Int>) -> Int {
        var x = 0
        for k in r { x = x * 10 + digits[k] }
        return x
    }

    @inline(__always) func isUpper(_ k: Int) -> Bool { chars[k] &- 0x41 < 26 }

    /// Upper-case letter at `k` as 0 (A) ... 25 (Z), or -1.
    @inline(__always) func letter(_ k: Int) -> Int { isUpper(k) ? Int(chars[k] - 0x41) : -1 }

    /// Separator bit mask for groups of the given lengths ([3, 2, 4] for
    /// "123-45-6789").
    static func gapMask(_ groups: [Int]) -> UInt32 {
        var mask: UInt32 = 0
        var k = 0
        for g in groups.dropLast() {
            k += g
            mask |= 1 << UInt32(k)
        }
        return mask
    }
}
