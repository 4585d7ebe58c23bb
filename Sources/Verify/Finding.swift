/// One thing wrong with a redacted output. `detail` may hold document text
/// (a readable term): it is printed only at a terminal.
public struct Finding: Equatable, Sendable, CustomStringConvertible {
    public enum Category: String, Sendable {
        case structure, text, font, metadata, annotation, form, action, javascript, attachment, revision
        case image, pages, term, detection
    }

    /// 1-based page, nil for the whole file.
    public var page: Int?
    public var category: Category
    /// What was checked and found, without document text.
    public var check: String
    /// Document text behind the finding (a readable term), if any.
    public var detail: String?

    public init(page: Int? = nil, _ category: Category, _ check: String, detail: String? = nil) {
        self.page = page
        self.category = category
        self.check = check
        self.detail = detail
    }

    /// One line; `withText` adds the document text (terminals only).
    public func line(withText: Bool) -> String {
        var s = (page.map { "page \($0)" } ?? "file") + ": \(category.rawValue): \(check)"
        if withText, let detail { s += ": \(detail)" }
        return s
    }

    public var description: String { line(withText: false) }
}
