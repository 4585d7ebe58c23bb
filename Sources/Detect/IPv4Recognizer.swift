import RedactCore

/// IPv4 addresses in dotted-quad form, `192.0.2.17`.
///
/// Rule: exactly four dot-separated groups of 1-3 digits, each 0-255, that
/// are a whole dotted number sequence: not preceded by a letter, digit or a
/// dot after a letter or digit, not followed by a letter or digit, and not a
/// part of a longer sequence ("1.2.3.4.5" is a version, not an address). A dot
/// ending the sentence after the address is fine. Groups with leading zeros
/// ("010") are accepted with lower confidence. A dotted quad right after a
/// word that announces a version ("Version 5.1.4.2", "Firmware 4.2.1.16",
/// "driver 5.12.0.3") is that version, not an address. A prefix length
/// (`/24`) is taken in.
enum IPv4Recognizer {
    static let confidence = 0.85
    static let leadingZeroConfidence = 0.6

    static func find(in s: Text, into out: inout [Detection]) {
        let n = s.count
        var i = 0
        while i < n {
            guard s[i].value.isDigit else { i += 1; continue }
            let start = i
            // Walk the whole dotted number sequence from here.
            var groups = 0
            var valid = true
            var leadingZero = false
            var j = i
            while true {
                let g = j
                var value = 0
                while j < n, s[j].value.isDigit {
                    if j - g < 4 { value = value * 10 + s[j].value.digitValue }
                    j += 1
                }
                let len = j - g
                if len > 3 || value > 255 { valid = false }
                if len > 1 && s[g].value == 0x30 { leadingZero = true }
                groups += 1
                if j + 1 < n, s[j].value == 0x2E, s[j + 1].value.isDigit { j += 1 } else { break }
            }
            let end = j
            i = end
            guard valid, groups == 4 else { continue }
            if start > 0 {
                let p = s[start - 1]
                if p.isWordScalar { continue }
                if p.value == 0x2E, start > 1, s[start - 2].isWordScalar { continue }
            }
            if end < n, s[end].isWordScalar { continue }
            if followsVersionWord(s, start) { continue }
            // A prefix length ("91.64.176.0/24") belongs to the network it names.
            let to = IPv6Recognizer.prefixLengthEnd(s, end, max: 32) ?? end
            out.append(Detection(category: .ipAddress, range: start..<to,
                                 confidence: leadingZero ? leadingZeroConfidence : confidence, reason: .pattern))
        }
    }

    /// `LabelWords.versions`, as lower-case scalars.
    static let versionWords: [[UInt32]] = LabelWords.versions.split(separator: "|").map { $0.unicodeScalars.map(\.value) }

    /// Whether the word before `p` (across spaces, `:` or `(`, on the same
    /// line) is one of `versionWords`.
    static func followsVersionWord(_ s: Text, _ p: Int) -> Bool {
        var k = p
        while k > 0, k > p - 4, s[k - 1].value == 0x20 || s[k - 1].value == 0x3A || s[k - 1].value == 0x28
            || s[k - 1].value == 0xA0 {
            k -= 1
        }
        if k == p { return false }
        let end = k
        while k > 0, k > end - 10, s[k - 1].value.isASCIILetter { k -= 1 }
        if k == end || (k > 0 && s[k - 1].isWordScalar) { return false }
        for w in versionWords where w.count == end - k && s.hasPrefix(w, at: k) { return true }
        return false
    }
}
