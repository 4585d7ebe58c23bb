/// What kind of personal data a detection is. The raw values are what logs,
/// `redactfs scan` and the config use; never rename one without a migration.
public enum Category: String, Sendable, CaseIterable, Codable, Comparable {
    case email
    case url
    case ipAddress = "ip"
    case iban
    case paymentCard = "card"
    case phone
    case term

    public static func < (a: Category, b: Category) -> Bool { a.rawValue < b.rawValue }
}

/// Why a detection was made. A checksum is a fact, a pattern is a guess.
public enum Reason: String, Sendable, Codable {
    case checksum
    case pattern
    case context
    case gazetteer
    case term
}

/// One finding on one page: a range of scalar indices into the page's
/// `PageText`, with its category, confidence and reason. It carries no copy
/// of the text, so passing detections around cannot leak it.
public struct Detection: Sendable, Equatable {
    public var category: Category
    public var range: Range<Int>
    public var confidence: Double
    public var reason: Reason

    public init(category: Category, range: Range<Int>, confidence: Double, reason: Reason) {
        self.category = category
        self.range = range
        self.confidence = confidence
        self.reason = reason
    }
}
