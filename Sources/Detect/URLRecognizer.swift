import RedactCore

/// Web addresses: `http://…`, `https://…` (scheme in any case) and `www.…`.
///
/// Rule: a scheme or `www.` at the start of a word (not after a letter, digit,
/// `.`, `/` or `@`), then a host of at least one character (for `www.`: a
/// host with a further dot and a label after it, "www.example.de"), then any
/// run of scalars that are not white space or `<>"` and the like. Punctuation
/// that ends a sentence (`.,;:!?'`) and closing brackets without a matching
/// opening one are trimmed off the end.
///
/// Two more forms, found at the `/` of the text:
///   - a host without scheme or `www.` followed by a path
///     ("linkedin.com/in/erika-muster"): at least two dot-separated labels,
///     the last a common top-level domain (a list: file extensions such as
///     `.py`, `.sh`, `.md` are ccTLDs too and stay out), then `/` and more;
///     a bare host without a path ("example.com") is not taken;
///   - a path with a query string as web-server logs print it ("GET
///     /track?order=1&name=Erika"): `/` at the start of a word, and a `?`
///     followed by `name=`; a path without a query is not taken.
enum URLRecognizer {
    static let confidence = 0.9
    static let barePathConfidence = 0.8

    static func find(in s: Text, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        while i < n {
            if s[i].value == 0x2F {
                i = schemeless(s, slash: i, into: &out) ?? i + 1
                continue
            }
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

    /// At a `/` the first pass reached (outside any URL found): a host with
    /// a path that ends there, or a logged path with a query that starts
    /// there. Returns the end of what it added, or nil.
    static func schemeless(_ s: Text, slash i: Int, into out: inout [Detection]) -> Int? {
        let n = s.count
        if let start = hostStart(s, slash: i) {
            let end = urlEnd(s, from: i)
            guard end > i + 1 else { return nil }
            out.append(Detection(category: .url, range: start..<end, confidence: barePathConfidence, reason: .pattern))
            return end
        }
        guard startsWord(s, i), i + 1 < n, s[i + 1].value.isASCIIAlnum else { return nil }
        let end = urlEnd(s, from: i)
        guard hasQuery(s, i..<end) else { return nil }
        out.append(Detection(category: .url, range: i..<end, confidence: barePathConfidence, reason: .pattern))
        return end
    }

    /// Whether `p` starts a word: the text start, white space, a quote or an
    /// opening bracket before it.
    @inline(__always) static func startsWord(_ s: Text, _ p: Int) -> Bool {
        guard p > 0 else { return true }
        let v = s[p - 1].value
        return s[p - 1].isWhitespaceOrNewline || v == 0x22 || v == 0x27 || v == 0x28 || v == 0x5B || v == 0x3C
            || v == 0x201C || v == 0x201E
    }

    /// A `?` followed by a parameter name and `=`.
    static func hasQuery(_ s: Text, _ r: Range<Int>) -> Bool {
        var k = r.lowerBound
        while k < r.upperBound, s[k].value != 0x3F { k += 1 }
        k += 1
        let nameStart = k
        while k < r.upperBound, s[k].value.isASCIIAlnum || s[k].value == 0x5F || s[k].value == 0x2D || s[k].value == 0x2E {
            k += 1
        }
        return k > nameStart && k < r.upperBound && s[k].value == 0x3D
    }

    /// Top-level domains taken without a scheme: generic ones and the
    /// country codes of the places the documents come from, none of them a
    /// common file extension.
    static let topLevelDomains: Set<String> = [
        "com", "org", "net", "edu", "gov", "info", "biz", "io", "dev", "app", "art", "me", "co", "eu",
        "de", "at", "ch", "uk", "fr", "it", "es", "nl", "be", "dk", "se", "no", "fi", "ie", "lu", "pt",
        "cz", "us", "ca", "au", "tv", "xyz", "online", "shop", "blog", "page", "site", "social", "email",
    ]

    /// For a `/` at `slash`: the start of a host without scheme right
    /// before it ("linkedin.com/…"), or nil.
    static func hostStart(_ s: Text, slash: Int) -> Int? {
        var k = slash
        var dots = 0
        var lastDot = -1
        while k > 0 {
            let v = s[k - 1].value
            if v.isASCIIAlnum || v == 0x2D {
                k -= 1
            } else if v == 0x2E, k < slash, s[k].value != 0x2E {
                if lastDot < 0 { lastDot = k - 1 }
                dots += 1
                k -= 1
            } else {
                break
            }
        }
        guard dots >= 1, lastDot >= 0, k < lastDot, s[k].value.isASCIIAlnum else { return nil }
        // Not inside a longer token: an e-mail's domain, a path, a scheme.
        if k > 0 {
            let p = s[k - 1]
            let v = p.value
            if p.isWordScalar || v == 0x40 || v == 0x2F || v == 0x3A || v == 0x2E || v == 0x5C || v == 0x25 { return nil }
        }
        let tldLength = slash - lastDot - 1
        guard (2...6).contains(tldLength) else { return nil }
        var tld = ""
        for t in (lastDot + 1)..<slash {
            let v = s[t].value
            guard v.isASCIILetter else { return nil }
            tld.unicodeScalars.append(Unicode.Scalar(v | 0x20)!)
        }
        guard topLevelDomains.contains(tld) else { return nil }
        // A path must follow: something other than a further slash or space.
        guard slash + 1 < s.count, isURLScalar(s[slash + 1]), s[slash + 1].value != 0x2F else { return nil }
        return k
    }

    @inline(__always) static func isHostScalar(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v.isASCIIAlnum || v == 0x5B }  // '[' for IPv6 hosts
        return c.isAlphabeticFast || c.properties.numericType == .decimal
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
