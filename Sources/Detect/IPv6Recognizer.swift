import RedactCore

/// IPv6 addresses: full (`2001:0db8:0000:0000:0000:ff00:0042:8329`),
/// compressed with `::` (`2001:db8::ff00:42:8329`, `fe80::1`) and with an
/// IPv4 tail (`::ffff:192.0.2.128`), in either case, with a prefix length
/// (`2001:db8::/32`).
///
/// Rule: a maximal run of hex digits, `:` and `.` that starts and ends a word
/// and holds at least two colons is parsed as RFC 4291 text: groups of 1-4 hex
/// digits, eight of them, or fewer with exactly one `::`, the last two groups
/// optionally an IPv4 dotted quad. A trailing `.` or `:` (end of sentence,
/// "IP: fe80::1:") is dropped before parsing. Runs of only decimal groups with
/// fewer than three groups ("12::30") are not addresses; plain times like
/// 12:30 or 12:30:45 never parse.
enum IPv6Recognizer {
    static let confidence = 0.85

    /// The end of a CIDR prefix length at `j` (`/56`: a `/`, 1-3 digits up to
    /// `max`, then no letter or digit), or nil.
    static func prefixLengthEnd(_ s: Text, _ j: Int, max: Int) -> Int? {
        let n = s.count
        guard j + 1 < n, s[j].value == 0x2F, s[j + 1].value.isDigit else { return nil }
        var k = j + 1
        var v = 0
        while k < n, k - j <= 3, s[k].value.isDigit { v = v * 10 + s[k].value.digitValue; k += 1 }
        guard k - j <= 4, v <= max, k == n || !s[k].isWordScalar, !(k < n && s[k].value == 0x2F) else { return nil }
        return k
    }

    @inline(__always) static func isRunScalar(_ v: UInt32) -> Bool {
        v.isHexDigit || v == 0x3A || v == 0x2E
    }

    static func find(in s: Text, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        while i < n {
            let v = s[i].value
            guard v == 0x3A || v.isHexDigit else { i += 1; continue }
            let start = i
            var colons = 0
            var j = i
            while j < n, isRunScalar(s[j].value) {
                if s[j].value == 0x3A { colons += 1 }
                j += 1
            }
            i = j
            var begin = start
            // A label fused with the address ("IP:fe80::1"): the single ':' is the label's.
            if s[begin].value == 0x3A, begin + 1 < j, s[begin + 1].value != 0x3A {
                begin += 1
                colons -= 1
            }
            if begin == start, start > 0, s[start - 1].isWordScalar {
                // The run began inside a word: a label ending in hex letters
                // fused with the address ("Adresse:2001:db8::1", "Code:fe80::1").
                // The word's tail and its single ':' belong to the label.
                var k = start
                while k < j, s[k].value != 0x3A { k += 1 }
                guard k + 1 < j, s[k + 1].value != 0x3A else { continue }
                begin = k + 1
                colons -= 1
            }
            if colons < 2 { continue }
            if j < n, s[j].isWordScalar { continue }
            var end = j
            // Drop sentence punctuation: a trailing '.', or one ':' not part of "::".
            while end > begin, s[end - 1].value == 0x2E { end -= 1 }
            if end - begin >= 2, s[end - 1].value == 0x3A, s[end - 2].value != 0x3A { end -= 1 }
            if end > begin, parse(s, begin..<end) {
                // A prefix length ("2a02:810d:4bc0:1e00::/56") belongs to the network it names.
                if end == j, let e = prefixLengthEnd(s, j, max: 128) { end = e }
                out.append(Detection(category: .ipAddress, range: begin..<end, confidence: confidence, reason: .pattern))
            }
        }
    }

    /// Whether `s[r]` is an IPv6 address in RFC 4291 text form.
    static func parse(_ s: Text, _ r: Range<Int>) -> Bool {
        var groups = 0          // 16-bit groups, an IPv4 tail counting two
        var compressed = false
        var allDecimal = true
        var j = r.lowerBound
        let end = r.upperBound
        if s[j].value == 0x3A {
            // Only "::" may start the address.
            guard j + 1 < end, s[j + 1].value == 0x3A else { return false }
            compressed = true
            j += 2
            if j == end { return false }  // "::" alone: too likely something else
        }
        while j < end {
            let g = j
            var hasHexLetter = false
            while j < end, s[j].value.isHexDigit {
                if !s[j].value.isDigit { hasHexLetter = true }
                j += 1
            }
            let len = j - g
            if len == 0 { return false }
            if j < end, s[j].value == 0x2E {
                // IPv4 tail: the rest must be a dotted quad, and nothing after it.
                guard !hasHexLetter, isDottedQuad(s, g..<end) else { return false }
                groups += 2
                j = end
                break
            }
            if len > 4 { return false }
            if hasHexLetter { allDecimal = false }
            groups += 1
            if j == end { break }
            // s[j] is ':'
            j += 1
            if j < end, s[j].value == 0x3A {
                if compressed { return false }  // a second "::"
                compressed = true
                j += 1
                if j == end { break }  // "...::" at the end
            } else if j == end {
                return false  // a single trailing ':'
            }
        }
        if compressed ? groups > 7 : groups != 8 { return false }
        if allDecimal && groups < 3 { return false }
        return true
    }

    static func isDottedQuad(_ s: Text, _ r: Range<Int>) -> Bool {
        var parts = 0
        var j = r.lowerBound
        while true {
            let g = j
            var value = 0
            while j < r.upperBound, s[j].value.isDigit {
                value = value * 10 + s[j].value.digitValue
                if j - g >= 3 { return false }
                j += 1
            }
            if j == g || value > 255 { return false }
            parts += 1
            if j == r.upperBound { break }
            guard s[j].value == 0x2E else { return false }
            j += 1
        }
        return parts == 4
    }
}
