import RedactCore

/// An 8-bit RGB image, rows top to bottom, no row padding.
///
/// The one pixel format between the worker, the burner and the encoders:
/// the worker converts cairo's RGB24 (BGRX in memory) to this before it
/// crosses the pipe, so nothing downstream knows about cairo.
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var rgb: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "pixmap geometry")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// A white image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, rgb: [UInt8](repeating: 255, count: width * height * 3))
    }

    /// True when every pixel has R == G == B, so the page can be stored as
    /// one gray channel (a third of the bytes) without losing anything.
    public var isGray: Bool {
        rgb.withUnsafeBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                if p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
                i += 3
            }
            return true
        }
    }

    /// The gray channel when every pixel is gray (R == G == B), else nil:
    /// `isGray` and `grayBytes` in one pass over the pixels, stopping at
    /// the first colour pixel.
    public func grayBytesIfGray() -> [UInt8]? {
        let n = width * height
        var gray = true
        guard rgb.count >= 3 * n else { return nil }
        let out = rgb.withUnsafeBufferPointer { srcBuf in
            [UInt8](unsafeUninitializedCapacity: n) { dstBuf, count in
                guard n > 0, let src = srcBuf.baseAddress, let dst = dstBuf.baseAddress else { count = 0; return }
                var i = 0
                while i < n {
                    let r = src[3 * i]
                    if r != src[3 * i + 1] || r != src[3 * i + 2] {
                        gray = false
                        break
                    }
                    dst[i] = r
                    i += 1
                }
                count = gray ? n : 0
            }
        }
        return gray ? out : nil
    }

    /// The gray channel of an image for which `isGray` holds.
    public func grayBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        rgb.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) { dst[i] = src[i * 3] }
            }
        }
        return out
    }
}

/// A rectangle in pixel space, clipped to an image: half-open ranges.
public struct PixelRect: Equatable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}

extension Pixmap {
    /// Converts a page-space rectangle (points) to the pixels it touches at
    /// `scale` pixels per point, rounding outwards so a box never shrinks.
    public func pixelRect(for rect: Rect, scale: Double) -> PixelRect? {
        let r = rect.scaled(by: scale)
        let x0 = max(0, Int((r.x).rounded(.down)))
        let y0 = max(0, Int((r.y).rounded(.down)))
        let x1 = min(width, Int((r.maxX).rounded(.up)))
        let y1 = min(height, Int((r.maxY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// Burns solid black boxes into the pixels. The boxes are in page space
    /// (points); `scale` is pixels per point (dpi / 72).
    public mutating func burn(_ rects: [Rect], scale: Double) {
        for rect in rects {
            guard let p = pixelRect(for: rect, scale: scale) else { continue }
            rgb.withUnsafeMutableBufferPointer { buf in
                for y in p.y0..<p.y1 {
                    let row = y * width * 3
                    for i in (row + p.x0 * 3)..<(row + p.x1 * 3) { buf[i] = 0 }
                }
            }
        }
    }
}

extension Pixmap {
    /// Whether a dark vertical line runs through `rect` (points, at
    /// `scale` pixels per point): some pixel column inside it is dark over
    /// at least 85% of the rectangle's height. Used to tell a ruled
    /// table's cells apart where the gap between them is narrow.
    public func hasVerticalRule(in rect: Rect, scale: Double) -> Bool {
        let x0 = max(0, Int((rect.x * scale).rounded(.down))), x1 = min(width, Int((rect.maxX * scale).rounded(.up)))
        let y0 = max(0, Int((rect.y * scale).rounded(.down))), y1 = min(height, Int((rect.maxY * scale).rounded(.up)))
        guard x1 > x0, y1 - y0 >= 4 else { return false }
        let need = (y1 - y0) * 85 / 100
        return rgb.withUnsafeBufferPointer { px in
            for x in x0..<x1 {
                var dark = 0
                for y in y0..<y1 {
                    let i = (y * width + x) * 3
                    if Int(px[i]) + Int(px[i + 1]) + Int(px[i + 2]) < 3 * 128 { dark += 1 }
                }
                if dark >= need { return true }
            }
            return false
        }
    }
}
