import RedactCore

/// The config file: `key = value` lines, `#` comments.
///
///     dpi = 150
///     region = DE
///     disable = url, ip, contact
///     ocr-languages = eng+deu+fra
///
/// `disable` takes category names and tier names (`identifiers`,
/// `financial`, `contact`, `other`); a tier switches off all its categories.
/// Unknown keys and bad values are errors (a typo must not silently turn
/// a category back on or off).
public enum ConfigFile {
    public struct Problem: Error, Equatable {
        public var line: Int
        public var message: String
    }

    public static func apply(_ text: String, to settings: inout RenderSettings) throws(Problem) {
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if trimmed.isEmpty { continue }
            let parts = trimmed.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw Problem(line: n + 1, message: "expected 'key = value'") }
            let key = parts[0].trimmingCharacters(in: " \t")
            let value = parts[1].trimmingCharacters(in: " \t")
            switch key {
            case "dpi":
                guard let d = Int(value), RenderSettings.dpiRange.contains(d) else {
                    throw Problem(line: n + 1, message: "dpi must be a number from 36 to 600")
                }
                settings.dpi = d
            case "region":
                guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                    throw Problem(line: n + 1, message: "region must be a two-letter country code")
                }
                settings.region = value.uppercased()
            case "ocr-languages":
                guard OCRLanguages.isValid(value) else {
                    throw Problem(line: n + 1, message: "ocr-languages must be tesseract codes joined by '+'")
                }
                settings.ocrLanguages = value
            case "disable":
                for name in value.split(separator: ",") {
                    let c = name.trimmingCharacters(in: " \t")
                    if let tier = Tier(rawValue: c) {
                        settings.categories.subtract(tier.categories)
                    } else if let cat = Category(rawValue: c) {
                        settings.categories.remove(cat)
                    } else {
                        throw Problem(line: n + 1, message: "unknown category or tier '\(c)'")
                    }
                }
            default:
                throw Problem(line: n + 1, message: "unknown key '\(key)'")
            }
        }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s.removeFirst() }
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}
