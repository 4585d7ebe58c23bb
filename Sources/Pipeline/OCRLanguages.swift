import OCR

/// Checks an `--ocr-languages` value before anything starts, so a missing
/// language fails with the package to install rather than as an EIO later.
public enum OCRLanguages {
    /// nil when every language (and orientation detection) has its data;
    /// otherwise the message for the user.
    public static func problem(_ spec: String, dataPath: String = defaultTessdata) -> String? {
        guard OCRLanguageList.isValid(spec) else {
            return "OCR languages must be tesseract codes joined by '+', e.g. eng+deu+fra"
        }
        let missing = OCRLanguageList.missing(spec, dataPath: dataPath)
        guard !missing.isEmpty else { return nil }
        let packages = missing.map(OCRLanguageList.debianPackage).joined(separator: " ")
        return "OCR language data missing for \(missing.joined(separator: ", ")) in \(dataPath): "
            + "install the Debian package(s) \(packages)"
    }

    public static func isValid(_ spec: String) -> Bool { OCRLanguageList.isValid(spec) }
}
