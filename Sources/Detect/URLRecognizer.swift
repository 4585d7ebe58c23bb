import RedactCore

/// Web addresses: `http://…`, `https://…` (scheme in any case) and `www.…`.
///
/// Rule: a scheme or `www.` at the start of a word (not after a letter, digit,
/// `.`, `/` or `@`), then a host of at least one character (for `www.`: a
/// host with a further dot and a label after it, "www.example.de"), then any
/// run of scalars that are not white space or `<>"` and the like. Punctuation
/// that ends a sentence (`.,;:!?'`) and closing brackets without a matching
/// opening one are trimmed off the end.
enum URLRecognizer {
    static let confidence = 0.9

    static func find(in s: Text, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        while i < n {
            let v = s[i].value | 0x20
            guard v == 0x68 || v == 0x77 else { i += 1; continue }  // 'h' or 'w'
            if i > 0 {
                let p = s[i - 1]
                if p.isWordScalar || p.value == 0x2E || p.value == 0x2F || p.value == 0x40 || p.value == 0x2D {
                    i += 1
                    continue
                }
            }
            var hostStart = -1
            if s.hasPrefix("https://", at: i) {
                hostStart = i + 8
            } else if s.hasPrefix("http://", at: i) {
                hostStart = i + 7
            } else if s.hasPrefix("www.", at: i) {
                hostStart = i + 4
            }
            if hostStart < 0 { i += 1; continue }
            let end = urlEnd(s, from: hostStart)
            let isWWW = hostStart == i + 4
            if end > hostStart && (!isWWW || hasDottedHost(s, hostStart..<end)) && isHostScalar(s[hostStart]) {
                out.append(Detection(category: .url, range: i..<end, confidence: confidence, reason: .pattern))
                i = end
            } else {
                i += 1
            }
        }
    }

    @inline(__always) static func isHostScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v.isASCIIAlnum || v == 0x5B }  // '[' for IPv6 hosts
        return c.properties.isAlphabetic || c.properties.numericType == .decimal
    }

    @inline(__always) static func isURLScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v <= 0x20 || v == 0x7F { return false }
        switch v {
        case 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: return false  // " < > \ ^ ` { | }
        case 0x80...0x9F: return false
        default: return !c.isWhitespaceOrNewline
        }
    }

    /// End of the URL body starting at `from`, with trailing punctuation and
    /// unbalanced closing brackets removed.
    static func urlEnd(_ s: Text, from: Int) -> Int {
        let n = s.count
        var j = from
        var parens = 0, brackets = 0
        while j < n, isURLScalar(s[j]) {
            switch s[j].value {
            case 0x28: parens += 1
            case 0x29: parens -= 1
            case 0x5B: brackets += 1
            case 0x5D: brackets -= 1
            default: break
            }
            j += 1
        }
        while j > from {
            let v = s[j - 1].value
            switch v {
            case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x2A, 0x201C, 0x201D, 0x2019, 0xBB, 0xAB:
                j -= 1
            case 0x29 where parens < 0:
                parens += 1; j -= 1
            case 0x5D where brackets < 0:
                brackets += 1; j -= 1
            default:
                return j
            }
        }
        return j
    }

    /// For `www.`: the host (up to `/`, `:`, `?` or `#`) has a dot with a
    /// label of at least two letters after it.
    static func hasDottedHost(_ s: Text, _ r: Range<Int>) -> Bool {
        var lastDot = -1
        var k = r.lowerBound
        while k < r.upperBound {
            let v = s[k].value
            if v == 0x2F || v == 0x3A || v == 0x3F || v == 0x23 { break }
            if v == 0x2E { lastDot = k }
            k += 1
        }
        guard lastDot > r.lowerBound, k - lastDot - 1 >= 2 else { return false }
        for t in (lastDot + 1)..<k where !s[t].isWordScalar { return false }
        return true
    }
}
