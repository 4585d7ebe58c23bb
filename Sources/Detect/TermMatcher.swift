import Foundation
import RedactCore

/// One always-redact term as the matcher needs it.
public struct TermPattern: Sendable, Equatable {
    public var text: String
    /// Match anywhere, not only as a whole word.
    public var substring: Bool
    public init(text: String, substring: Bool) {
        self.text = text
        self.substring = substring
    }
}

/// Finds always-redact terms in page text (text layer or OCR alike).
///
/// Folding, applied to the term and the text the same way:
/// - case: each scalar's lowercase mapping (`MÜLLER` → `müller`);
/// - diacritics: canonical decomposition with combining marks dropped
///   (`Müller` → `muller`, so it matches `MULLER` and `Müller`), but no
///   transliteration: `Mueller` matches only if it is a term itself;
/// - whitespace: any run of spaces, tabs and line breaks is one space;
/// - hyphenation: a hyphen at a line end followed by a letter on the next
///   line is dropped (`Mus-⏎ter` reads `muster`); soft hyphens always are.
/// Whole-word terms need a non-letter, non-digit (or the text's edge) on
/// both sides; substring terms match anywhere.
public struct TermMatcher: Sendable {
    private let patterns: [(folded: [Unicode.Scalar], substring: Bool)]

    public init(_ terms: [TermPattern]) {
        patterns = terms.compactMap { t in
            let f = Folded(Array(t.text.unicodeScalars))
            var s = f.scalars
            while s.first == " " { s.removeFirst() }
            while s.last == " " { s.removeLast() }
            return s.isEmpty ? nil : (s, t.substring)
        }
    }

    public var isEmpty: Bool { patterns.isEmpty }

    /// Every match as a `.term` detection with confidence 1.0, ranges in
    /// scalar indices of `scalars`.
    public func detect(_ scalars: [Unicode.Scalar]) -> [Detection] {
        guard !patterns.isEmpty, !scalars.isEmpty else { return [] }
        let text = Folded(scalars)
        let hay = text.scalars
        var out: [Detection] = []
        for p in patterns {
            let needle = p.folded
            guard needle.count <= hay.count else { continue }
            let first = needle[0]
            var i = 0
            while i <= hay.count - needle.count {
                if hay[i] == first && matches(hay, at: i, needle) {
                    let end = i + needle.count
                    if p.substring || (isBoundary(hay, i - 1) && isBoundary(hay, end)) {
                        let lo = text.origin[i], hi = text.origin[end - 1] + 1
                        out.append(Detection(category: .term, range: lo..<hi, confidence: 1.0, reason: .term))
                    }
                }
                i += 1
            }
        }
        out.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return out
    }

    private func matches(_ hay: [Unicode.Scalar], at i: Int, _ needle: [Unicode.Scalar]) -> Bool {
        for k in 1..<needle.count where hay[i + k] != needle[k] { return false }
        return true
    }

    private func isBoundary(_ hay: [Unicode.Scalar], _ i: Int) -> Bool {
        guard i >= 0, i < hay.count else { return true }
        let p = hay[i].properties
        return !(p.isAlphabetic || p.numericType != nil)
    }
}

/// Text folded for matching, with the index of the original scalar each
/// folded scalar came from.
struct Folded {
    var scalars: [Unicode.Scalar] = []
    var origin: [Int] = []

    init(_ input: [Unicode.Scalar]) {
        scalars.reserveCapacity(input.count)
        origin.reserveCapacity(input.count)
        var i = 0
        let n = input.count
        while i < n {
            let c = input[i]
            if c == "\u{00AD}" { i += 1; continue }  // soft hyphen: never visible text
            if c.isWhitespaceFast {
                if scalars.last != " " { scalars.append(" "); origin.append(i) }
                i += 1
                continue
            }
            if Self.isHyphen(c), let next = Self.afterLineBreak(input, i + 1), input[next].isAlphabeticFast,
               i > 0, input[i - 1].isAlphabeticFast {
                // "Mus-\nter": the hyphen and the break are not part of the word.
                i = next
                continue
            }
            if c.isASCII {
                // `fold` without its array: most scalars of most pages.
                let v = c.value
                scalars.append((v >= 65 && v <= 90) ? Unicode.Scalar(UInt8(v + 32)) : c)
                origin.append(i)
            } else {
                for f in Self.fold(c) { scalars.append(f); origin.append(i) }
            }
            i += 1
        }
    }

    static func isHyphen(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "\u{2010}" || c == "\u{2011}"
    }

    /// If whitespace containing a line break starts at `j`, the index after it.
    static func afterLineBreak(_ s: [Unicode.Scalar], _ j: Int) -> Int? {
        var k = j
        var sawBreak = false
        while k < s.count, s[k].isWhitespaceFast {
            if s[k] == "\n" || s[k] == "\r" || s[k] == "\u{2028}" { sawBreak = true }
            k += 1
        }
        return sawBreak && k < s.count ? k : nil
    }

    /// Lowercase, then canonical decomposition without combining marks.
    static func fold(_ c: Unicode.Scalar) -> [Unicode.Scalar] {
        if c.isASCII {
            let v = c.value
            return [(v >= 65 && v <= 90) ? Unicode.Scalar(v + 32)! : c]
        }
        let lower = c.properties.lowercaseMapping
        let decomposed = lower.decomposedStringWithCanonicalMapping
        var out: [Unicode.Scalar] = []
        for s in decomposed.unicodeScalars where s.properties.generalCategory != .nonspacingMark {
            out.append(s)
        }
        return out.isEmpty ? [c] : out
    }
}

extension TermMatcher {
    /// What a file or folder name `name` shows as: every match of a term
    /// replaced by `REDACTED`, so a mount of `Befund_Mustermann.pdf` does not
    /// carry the name in its listing. The replacement has a fixed length
    /// (the term's length would say something about it) and stays within
    /// the characters a shell handles without quoting.
    public static let nameReplacement = "REDACTED"

    public func redactName(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        let found = detect(scalars)
        if found.isEmpty { return name }
        var out = String.UnicodeScalarView()
        var i = 0
        for d in found {
            if d.range.lowerBound < i {
                // Overlapping matches: extend the current replacement.
                i = max(i, d.range.upperBound)
                continue
            }
            out.append(contentsOf: scalars[i..<d.range.lowerBound])
            out.append(contentsOf: Self.nameReplacement.unicodeScalars)
            i = d.range.upperBound
        }
        out.append(contentsOf: scalars[i...])
        return String(out)
    }
}
