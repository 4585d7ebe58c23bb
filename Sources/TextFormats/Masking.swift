import RedactCore

/// What a redacted span of a text file becomes: `[REDACTED:category]`,
/// the category's configuration name (`[REDACTED:phone]`,
/// `[REDACTED:birthdate]`). Its length depends on the category only, so it
/// says nothing about the length of what it replaces, and it stays within
/// the characters every format here (CSV, JSON strings, Markdown) holds
/// without escaping but for the CSV separator rules, which the table
/// writer applies.
public enum Masking {
    public static func mask(_ category: Category) -> String {
        "[REDACTED:\(category.rawValue)]"
    }

    /// `unit` with each span replaced by its mask. Spans are in scalar
    /// offsets of `unit`; overlapping or touching spans become one mask,
    /// of the first span's category.
    public static func apply(_ spans: [(range: Range<Int>, category: Category)], to unit: [Unicode.Scalar]) -> String {
        guard !spans.isEmpty else { return String(String.UnicodeScalarView(unit)) }
        var merged: [(Range<Int>, Category)] = []
        for s in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let r = s.range.clamped(to: 0..<unit.count)
            guard !r.isEmpty else { continue }
            if let last = merged.last, r.lowerBound <= last.0.upperBound {
                merged[merged.count - 1].0 = last.0.lowerBound..<max(last.0.upperBound, r.upperBound)
            } else {
                merged.append((r, s.category))
            }
        }
        var out = String.UnicodeScalarView()
        var at = 0
        for (r, category) in merged {
            out.append(contentsOf: unit[at..<r.lowerBound])
            out.append(contentsOf: mask(category).unicodeScalars)
            at = r.upperBound
        }
        out.append(contentsOf: unit[at...])
        return String(out)
    }
}
