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
