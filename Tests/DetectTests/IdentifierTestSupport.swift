import RedactCore
import XCTest

@testable import Detect

/// Check digits computed the way the specifications describe them, written
/// independently of the recognizers (on strings, step by step), so a test
/// does not just repeat the code under test.
enum Spec {
    static func digits(_ s: String) -> [Int] { s.compactMap { $0.wholeNumberValue } }

    /// ISO 7064 MOD 11,10 (Steuer-ID, German VAT ID).
    static func iso7064(_ s: String) -> Int {
        var p = 10
        for d in digits(s) {
            var t = (d + p) % 10
            if t == 0 { t = 10 }
            p = (2 * t) % 11
        }
        return (11 - p) % 10
    }

    /// Luhn: the digit to append to `s`.
    static func luhnDigit(_ s: String) -> Int {
        var total = 0
        for (i, d) in digits(s).reversed().enumerated() {
            let x = i % 2 == 0 ? d * 2 : d
            total += x > 9 ? x - 9 : x
        }
        return (10 - total % 10) % 10
    }

    static func crossSum(_ x: Int) -> Int { String(x).compactMap(\.wholeNumberValue).reduce(0, +) }

    static func alphabetPosition(_ c: Character) -> Int { Int(c.asciiValue! - Character("A").asciiValue!) + 1 }

    /// Every variant of `s` with one digit raised by one (9 becomes 0).
    static func offByOne(_ s: String) -> [String] {
        var out: [String] = []
        let chars = Array(s)
        for (k, c) in chars.enumerated() {
            guard let d = c.wholeNumberValue else { continue }
            var v = chars
            v[k] = Character(String((d + 1) % 10))
            out.append(String(v))
        }
        return out
    }

    /// Every variant with two neighbouring digits swapped (where they differ).
    static func swapped(_ s: String) -> [String] {
        var out: [String] = []
        let chars = Array(s)
        for k in 0..<(chars.count - 1) where chars[k].isNumber && chars[k + 1].isNumber && chars[k] != chars[k + 1] {
            var v = chars
            v.swapAt(k, k + 1)
            out.append(String(v))
        }
        return out
    }
}

/// The kinds found for one category.
func kinds(_ text: String, _ category: Category) -> [String] {
    detections(text, category).map(\.kind)
}

/// Asserts that no one-digit-off variant of `valid` is found as `category`
/// (in a sentence that would otherwise give it context).
func assertNearMissesFail(_ valid: String, _ category: Category, prefix: String = "", file: StaticString = #filePath,
                          line: UInt = #line) {
    XCTAssertEqual(texts(prefix + valid, category), [valid], "valid \(valid)", file: file, line: line)
    for v in Spec.offByOne(valid) {
        XCTAssertEqual(texts(prefix + v, category), [], v, file: file, line: line)
    }
}
