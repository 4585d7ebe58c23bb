import RedactCore

/// Which country a page is written for, from what it shows: the way its
/// addresses and phone numbers are written, and its letter vocabulary.
///
/// Why: a phone number without a country code means different things in
/// different places. `(415) 555-0132` is no German number, and read as one
/// libphonenumber rejects it, so an English letter with US addresses must be
/// read the US way, a German one the German way, and a mixed one both.
public enum RegionGuess {
    /// The regions a page can be guessed to be from.
    public static let known = ["US", "GB", "DE", "AT", "CH", "FR", "NL"]

    /// Evidence needed before a region other than the configured one is used.
    static let threshold = 3

    /// The regions to read the page in: the strongest first. The configured
    /// region stays first unless another region has clear evidence and more
    /// of it; any other region with clear evidence follows.
    public static func regions(_ scalars: [Unicode.Scalar], configured: String) -> [String] {
        ranked(scores(scalars), configured: configured)
    }

    /// The regions the whole document is written for, from the evidence of
    /// all its pages summed: a statement's second page of bare US numbers
    /// is read the US way because its first page gave the address.
    public static func regions(document pages: [[Unicode.Scalar]], configured: String) -> [String] {
        var total: [String: Int] = [:]
        for p in pages { for (k, v) in scores(p) { total[k, default: 0] += v } }
        return ranked(total, configured: configured)
    }

    static func ranked(_ score: [String: Int], configured: String) -> [String] {
        var ranked = score.filter { $0.value >= threshold }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        if let first = ranked.first, first != configured, score[configured, default: 0] < score[first, default: 0] {
            ranked.removeAll { $0 == configured }
            return ranked + [configured]
        }
        ranked.removeAll { $0 == configured }
        return [configured] + ranked
    }

    /// Evidence per region code.
    static func scores(_ scalars: [Unicode.Scalar]) -> [String: Int] {
        var score: [String: Int] = [:]
        scalars.withUnsafeBufferPointer { buf in
            let ts = TokenStream(buf)
            let toks = ts.tokens
            func word(_ k: Int) -> String {
                var u = String.UnicodeScalarView()
                for i in toks[k].range { u.append(buf[i]) }
                return String(u)
            }
            for k in toks.indices {
                let t = toks[k]
                switch t.kind {
                case .word where t.letters == 2 && t.has(.upper):
                    // `IL 62701`, `CA 94105-1234`: a US state and its ZIP code.
                    if k + 1 < toks.count, toks[k + 1].kind == .number, toks[k + 1].digits == 5,
                       usStates.contains(word(k)) {
                        score["US", default: 0] += 3
                    }
                case .punct where t.isPunct("("):
                    // `(415) 555-0132`: a North American number.
                    if k + 4 < toks.count, toks[k + 1].kind == .number, toks[k + 1].digits == 3,
                       toks[k + 2].isPunct(")"), toks[k + 3].kind == .number, toks[k + 3].digits == 3,
                       toks[k + 4].isPunct("-") || toks[k + 4].isPunct(".") {
                        score["US", default: 0] += 3
                    }
                case .number where t.digits == 3:
                    // `415-555-0132`, `415.555.0132`.
                    if k + 4 < toks.count, toks[k + 1].glued, toks[k + 1].isPunct("-") || toks[k + 1].isPunct("."),
                       toks[k + 2].kind == .number, toks[k + 2].digits == 3, toks[k + 3].kind == .punct, toks[k + 3].hash == toks[k + 1].hash,
                       toks[k + 4].kind == .number, toks[k + 4].digits == 4,
                       k == 0 || !(toks[k - 1].isPunct("-") || toks[k - 1].kind == .number) {
                        score["US", default: 0] += 2
                    }
                case .alnum:
                    // `SW7 2HR`, `M1 1AE`: a UK postcode (outward code with a
                    // digit, inward code digit + two letters).
                    if k + 1 < toks.count, isUKOutward(word(k)), toks[k + 1].kind == .alnum, isUKInward(word(k + 1)) {
                        score["GB", default: 0] += 3
                    }
                case .word:
                    let w = word(k).lowercased()
                    if let (region, weight) = vocabulary[w] { score[region, default: 0] += weight }
                    // `Hegenheimerstrasse`: Switzerland writes no ß (Germany and Austria do).
                    else if w.count > 7, w.hasSuffix("strasse") { score["CH", default: 0] += 1 }
                default: break
                }
                // `+44`, `+1`, `+49`: the number says where it is from.
                if t.isPunct("+"), k + 1 < toks.count, toks[k + 1].kind == .number, toks[k + 1].glued {
                    let d = word(k + 1)
                    for (prefix, region) in countryCodes where d.hasPrefix(prefix) {
                        score[region, default: 0] += 2
                        break
                    }
                }
            }
        }
        return score
    }

    static func isUKOutward(_ w: String) -> Bool {
        let s = Array(w.unicodeScalars)
        guard (2...4).contains(s.count), s[0].isUppercaseFast, s[0].value < 0x80 else { return false }
        return s.contains { $0.value.isDigit } && s.allSatisfy { $0.value < 0x80 && ($0.isUppercaseFast || $0.value.isDigit) }
    }

    static func isUKInward(_ w: String) -> Bool {
        let s = Array(w.unicodeScalars)
        guard s.count == 3, s[0].value.isDigit else { return false }
        return s[1].value < 0x80 && s[1].isUppercaseFast && s[2].value < 0x80 && s[2].isUppercaseFast
    }

    static let countryCodes: [(String, String)] = [
        ("44", "GB"), ("49", "DE"), ("43", "AT"), ("41", "CH"), ("33", "FR"), ("31", "NL"), ("1", "US"),
    ]

    /// Letter words that say where a letter is from (lower case).
    static let vocabulary: [String: (String, Int)] = [
        "sincerely": ("US", 1), "zip": ("US", 2), "ssn": ("US", 2), "irs": ("US", 2), "medicare": ("US", 2),
        "faithfully": ("GB", 1), "hmrc": ("GB", 3), "nhs": ("GB", 2), "postcode": ("GB", 2), "dwp": ("GB", 2),
        "straße": ("DE", 1), "geehrte": ("DE", 1), "geehrter": ("DE", 1), "grüßen": ("DE", 1),
        // Swiss francs, the old-age insurance number; Austrian months and words.
        "chf": ("CH", 2), "ahv": ("CH", 2), "jänner": ("AT", 2), "feber": ("AT", 2), "polizze": ("AT", 2),
        "bezirkshauptmannschaft": ("AT", 2),
    ]

    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
        "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR",
    ]
}
