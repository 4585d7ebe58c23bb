import RedactCore

/// Hardware (MAC) addresses.
///
/// Rule: six pairs of hex digits joined by one separator used throughout,
/// `:` or `-` ("00:1A:2B:3C:4D:5E", "00-1a-2b-3c-4d-5e"), or three groups
/// of four joined by dots, as Cisco prints them ("001a.2b3c.4d5e", with at
/// least one letter); not
/// part of a longer hex/separator run. A pattern.
enum MACAddress {
    static let kind = "MAC address"
    static let confidence = 0.8

    static func match(_ s: Text, at p: Int, into out: inout [Detection]) {
        let n = s.count
        guard p + 14 <= n, s[p].value.isHexDigit, s[p + 1].value.isHexDigit else { return }
        if p > 0, s[p - 1].value == 0x3A || s[p - 1].value == 0x2E || s[p - 1].value == 0x2D { return }
        let sep = s[p + 2].value
        if sep == 0x3A || sep == 0x2D {
            guard p + 17 <= n else { return }
            for k in 0..<6 {
                let q = p + 3 * k
                guard s[q].value.isHexDigit, s[q + 1].value.isHexDigit else { return }
                if k < 5, s[q + 2].value != sep { return }
            }
            if ends(s, p + 17, sep) {
                out.append(Detection(category: .mac, range: p..<(p + 17), confidence: confidence, reason: .pattern,
                                     kind: kind))
            }
            return
        }
        guard s[p + 4].value == 0x2E, s[p + 9].value == 0x2E else { return }
        var letters = 0
        for q in stride(from: p, through: p + 10, by: 5) {
            for k in q..<(q + 4) {
                let v = s[k].value
                if !v.isHexDigit { return }
                if !v.isDigit { letters += 1 }
            }
        }
        if letters == 0 { return }  // "1234.5678.9012" is more likely a number
        if ends(s, p + 14, 0x2E) {
            out.append(Detection(category: .mac, range: p..<(p + 14), confidence: confidence, reason: .pattern,
                                 kind: kind))
        }
    }

    /// ":", "-" or ".".
    @inline(__always) static func isSeparator(_ v: UInt32) -> Bool { v == 0x3A || v == 0x2D || v == 0x2E }

    static func ends(_ s: Text, _ j: Int, _ sep: UInt32) -> Bool {
        guard j < s.count else { return true }
        if s[j].isWordScalar { return false }
        return !(s[j].value == sep && j + 1 < s.count && s[j + 1].value.isHexDigit)
    }
}
