import RedactCore

/// Everything that changes the bytes of an output, besides the source,
/// terms and decisions. Part of every cache key.
public struct RenderSettings: Sendable, Hashable {
    public static let dpiRange = 36...600
    public var dpi: Int = 150
    /// Region for phone numbers written without a country code.
    public var region: String = "DE"
    public var categories: Set<Category> = Set(Category.allCases)
    /// tesseract languages, "+"-joined (`--ocr-languages`).
    public var ocrLanguages: String = "eng+deu"
    /// Resolution pages are read at by OCR (lowered for a page that would
    /// pass the pixel cap).
    public var ocrDpi: Int = 300

    public init() {}

    public static func == (a: RenderSettings, b: RenderSettings) -> Bool {
        a.dpi == b.dpi && a.region == b.region && a.categories == b.categories
            && a.ocrLanguages == b.ocrLanguages && a.ocrDpi == b.ocrDpi
    }
    public func hash(into h: inout Hasher) {
        h.combine(dpi); h.combine(region); h.combine(categories.map(\.rawValue).sorted())
        h.combine(ocrLanguages); h.combine(ocrDpi)
    }
}
