import RedactCore

/// Outlines and numbers drawn on a page for `redactfs review --preview`, so
/// a user can see which number is which box without any of the document's
/// text being written anywhere: digits from a fixed 3 by 5 pattern, never
/// from a font.
extension Pixmap {
    /// Draws the border of `rect` (points, at `scale` pixels per point),
    /// `thickness` pixels wide, just outside it, in `color`.
    public mutating func outline(_ rect: Rect, scale: Double, thickness: Int, color: (UInt8, UInt8, UInt8)) {
        guard let p = pixelRect(for: rect, scale: scale) else { return }
        let x0 = max(0, p.x0 - thickness), y0 = max(0, p.y0 - thickness)
        let x1 = min(width, p.x1 + thickness), y1 = min(height, p.y1 + thickness)
        fill(x0, y0, x1, min(y1, y0 + thickness), color)
        fill(x0, max(y0, y1 - thickness), x1, y1, color)
        fill(x0, y0, min(x1, x0 + thickness), y1, color)
        fill(max(x0, x1 - thickness), y0, x1, y1, color)
    }

    /// Writes `number` at pixel (x, y) (its top-left), each pattern dot
    /// `dot` pixels square, black on a white plate, kept inside the page.
    public mutating func label(_ number: Int, x: Int, y: Int, dot: Int) {
        let digits = Array(String(max(0, number))).compactMap { $0.wholeNumberValue }
        let w = digits.count * 4 * dot + dot, h = 7 * dot
        let lx = min(max(0, x), max(0, width - w)), ly = min(max(0, y), max(0, height - h))
        fill(lx, ly, lx + w, ly + h, (255, 255, 255))
        for (i, d) in digits.enumerated() {
            for (row, bits) in Self.glyphs[d].enumerated() {
                for col in 0..<3 where bits & (4 >> col) != 0 {
                    let px = lx + dot + i * 4 * dot + col * dot, py = ly + dot + row * dot
                    fill(px, py, px + dot, py + dot, (0, 0, 0))
                }
            }
        }
    }

    /// 3 by 5 digit patterns, a row a number (bit 2 the left column).
    static let glyphs: [[UInt8]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    private mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) {
        let (ax, ay) = (max(0, x0), max(0, y0)), (bx, by) = (min(width, x1), min(height, y1))
        guard bx > ax, by > ay else { return }
        // The marks are in colour: a gray page becomes RGB first.
        if channels == 1 { self = Pixmap(width: width, height: height, rgb: rgbSamples()) }
        let w = width
        samples.withUnsafeMutableBufferPointer { buf in
            for y in ay..<by {
                var i = (y * w + ax) * 3
                for _ in ax..<bx {
                    buf[i] = c.0; buf[i + 1] = c.1; buf[i + 2] = c.2
                    i += 3
                }
            }
        }
    }
}
