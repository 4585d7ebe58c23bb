/// A rectangle in page space: points (1/72 in), origin at the top-left of the
/// visible (cropped, rotated) page, y growing downwards. This is the space
/// poppler's text layout reports and the one our redaction plans are in.
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The smallest rectangle that holds both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        let mx = Swift.max(maxX, other.maxX), my = Swift.max(maxY, other.maxY)
        return Rect(x: minX, y: minY, width: mx - minX, height: my - minY)
    }

    /// Grows the rectangle by `dx` left and right and `dy` above and below.
    public func padded(dx: Double, dy: Double) -> Rect {
        Rect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }

    /// Scales from points to pixels at `dpi`.
    public func scaled(by factor: Double) -> Rect {
        Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
}

/// A page size in points (the visible page: CropBox, after /Rotate).
public struct PageSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
