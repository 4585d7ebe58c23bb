/// The text of one page as the reader sees it, one box per Unicode scalar.
///
/// poppler reports one rectangle per scalar of the page text (not per
/// grapheme), so the text is kept as scalars and detections index into it.
/// Boxes of whitespace and line breaks may be empty; they are never burned.
public struct PageText: Sendable, Equatable {
    public var scalars: [Unicode.Scalar]
    public var boxes: [Rect]

    public init(scalars: [Unicode.Scalar], boxes: [Rect]) {
        precondition(scalars.count == boxes.count, "one box per scalar")
        self.scalars = scalars
        self.boxes = boxes
    }

    public static let empty = PageText(scalars: [], boxes: [])

    public var string: String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars)
        return String(s)
    }
}

/// The page's tokens (maximal runs of non-space scalars, numbered from 1
/// in page order), computed once per page, so `scan` can say which words
/// each detection came from without printing them.
public struct TokenNumbering: Sendable {
    /// Token number of each scalar; 0 for white space.
    private let number: [Int32]

    public init(_ text: PageText) {
        var token: Int32 = 0
        var inToken = false
        number = text.scalars.map { s in
            let space = s.isWhitespaceFast
            if !space && !inToken { token += 1 }
            inToken = !space
            return space ? 0 : token
        }
    }

    /// The tokens a scalar range touches; nil for a range of white space only.
    public func numbers(of range: Range<Int>) -> ClosedRange<Int>? {
        let r = range.clamped(to: 0..<number.count)
        guard let first = r.first(where: { number[$0] != 0 }),
              let last = r.last(where: { number[$0] != 0 }) else { return nil }
        return Int(number[first])...Int(number[last])
    }
}

extension PageText {
    /// The tokens a scalar range touches (see `TokenNumbering`; build one
    /// per page when asking for many ranges).
    public func tokenNumbers(of range: Range<Int>) -> ClosedRange<Int>? {
        TokenNumbering(self).numbers(of: range)
    }
}
