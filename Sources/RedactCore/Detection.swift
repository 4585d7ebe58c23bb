/// What kind of personal data a detection is. The raw values are what logs,
/// `redactfs scan` and the config use; never rename one without a migration.
public enum Category: String, Sendable, CaseIterable, Codable, Comparable {
    // Contact
    case email
    case url
    case phone
    case address
    // Identifiers of a person
    case name
    case dateOfBirth = "birthdate"
    /// Tax identifiers of a person: German Steuer-ID and Steuernummer, US ITIN.
    case taxID = "tax-id"
    /// National identity and travel documents: German ID card and passport,
    /// US SSN, UK NINO, French NIR, Spanish DNI/NIE, Italian codice fiscale,
    /// Dutch BSN.
    case nationalID = "national-id"
    /// Social and health insurance numbers: German pension and health
    /// insurance, UK NHS, Austrian and Swiss social security.
    case insuranceID = "insurance-id"
    // Financial
    case iban
    case bic
    case paymentCard = "card"
    case vatID = "vat-id"
    /// Labelled case, customer, contract, policy, account and reference numbers.
    case reference
    // Other
    case ipAddress = "ip"
    case mac
    case licencePlate = "plate"
    case term

    public static func < (a: Category, b: Category) -> Bool { a.rawValue < b.rawValue }

    /// The sensitivity tier this category belongs to.
    public var tier: Tier {
        switch self {
        case .name, .dateOfBirth, .taxID, .nationalID, .insuranceID: return .identifiers
        case .iban, .bic, .paymentCard, .vatID, .reference: return .financial
        case .email, .url, .phone, .address: return .contact
        case .ipAddress, .mac, .licencePlate, .term: return .other
        }
    }
}

/// Four sensitivity tiers, shown by `scan` and usable in the config
/// (`disable = contact` switches off every category of the tier).
public enum Tier: String, Sendable, CaseIterable, Codable, Comparable {
    case identifiers
    case financial
    case contact
    case other

    public static func < (a: Tier, b: Tier) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    public var categories: [Category] { Category.allCases.filter { $0.tier == self } }
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
    /// A fixed description of what matched ("DE Steuer-ID", "label
    /// Kundennummer"), never text from the document. Empty when the
    /// category says it all.
    public var kind: String

    public init(category: Category, range: Range<Int>, confidence: Double, reason: Reason, kind: String = "") {
        self.category = category
        self.range = range
        self.confidence = confidence
        self.reason = reason
        self.kind = kind
    }
}
