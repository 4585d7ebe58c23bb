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

extension PageText {
    /// The tokens (maximal runs of non-space scalars, numbered from 1 in
    /// page order) that a scalar range touches, for `scan` to say which
    /// words a detection came from without printing them. Nil for a range
    /// that holds only white space.
    public func tokenNumbers(of range: Range<Int>) -> ClosedRange<Int>? {
        let r = range.clamped(to: 0..<scalars.count)
        var token = 0, first: Int?, last: Int?
        var inToken = false
        for i in 0..<r.upperBound {
            let space = scalars[i].properties.isWhitespace
            if !space && !inToken { token += 1 }
            inToken = !space
            if !space && i >= r.lowerBound {
                if first == nil { first = token }
                last = token
            }
        }
        guard let f = first, let l = last else { return nil }
        return f...l
    }
}
