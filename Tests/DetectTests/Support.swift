import RedactCore
import XCTest

@testable import Detect

/// What a detection covers, as text: easier to read in a failing test than ranges.
struct Found: Equatable, CustomStringConvertible {
    var category: Category
    var text: String
    var description: String { "\(category.rawValue):\(text)" }
}

func scalars(_ s: String) -> [Unicode.Scalar] { Array(s.unicodeScalars) }

func substring(_ s: [Unicode.Scalar], _ r: Range<Int>) -> String {
    var v = String.UnicodeScalarView()
    v.append(contentsOf: s[r])
    return String(v)
}

/// Runs a detector with only `categories` enabled over `text`.
func found(_ text: String, _ categories: Set<Category>? = nil, region: String = "DE") -> [Found] {
    let config = DetectorConfig(enabled: categories ?? DetectorConfig().enabled, defaultRegion: region)
    let s = scalars(text)
    return Detector(config: config).detect(s).map { Found(category: $0.category, text: substring(s, $0.range)) }
}

/// The texts found of one category.
func texts(_ text: String, _ category: Category, region: String = "DE") -> [String] {
    found(text, [category], region: region).map(\.text)
}

func detections(_ text: String, _ category: Category) -> [Detection] {
    Detector(config: DetectorConfig(enabled: [category])).detect(scalars(text))
}
