#if canImport(Glibc)
import Glibc
#endif

/// A tesseract language list such as "eng+deu+fra", and where its data is.
public enum OCRLanguageList {
    /// Codes like "eng", "chi_sim", "deu_latf": lowercase ASCII letters and
    /// underscores, joined by "+". Nothing that could walk out of tessdata.
    public static func isValid(_ spec: String) -> Bool {
        let codes = spec.split(separator: "+", omittingEmptySubsequences: false)
        guard !codes.isEmpty, codes.count <= 16 else { return false }
        return codes.allSatisfy { c in
            (2...16).contains(c.count) && c.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
                && c.first != "_"
        }
    }

    public static func codes(_ spec: String) -> [String] {
        spec.split(separator: "+").map(String.init)
    }

    /// The Debian package that ships `<code>.traineddata`.
    public static func debianPackage(_ code: String) -> String {
        "tesseract-ocr-" + code.replacingUnderscores()
    }

    /// Codes in `spec` (plus "osd", which orientation detection needs)
    /// whose trained data is not readable in `dataPath`. (access R_OK)
    public static func missing(_ spec: String, dataPath: String = defaultTessdata) -> [String] {
        (codes(spec) + ["osd"]).filter { access(dataPath + "/" + $0 + ".traineddata", R_OK) != 0 }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
