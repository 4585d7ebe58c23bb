import RedactCore

/// An 8-bit image, gray (one sample per pixel) or RGB (three), rows top
/// to bottom, no row padding.
///
/// The one pixel format between the worker, the burner and the encoders:
/// the worker converts cairo's RGB24 (BGRX in memory) to this before it
/// crosses the pipe, so nothing downstream knows about cairo. A page with
/// no colour travels as gray: a third of the bytes through the pipe, the
/// ink search, the burner and the encoder (most pages are text).
public struct Pixmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// 1 (gray) or 3 (RGB).
    public let channels: Int
    /// `width * height * channels` samples.
    public var samples: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "pixmap geometry")
        self.width = width
        self.height = height
        self.channels = 3
        self.samples = rgb
    }

    public init(width: Int, height: Int, gray: [UInt8]) {
        precondition(width > 0 && height > 0 && gray.count == width * height, "pixmap geometry")
        self.width = width
        self.height = height
        self.channels = 1
        self.samples = gray
    }

    /// One (gray) or three (RGB) samples per pixel.
    public init(width: Int, height: Int, channels: Int, samples: [UInt8]) {
        precondition(channels == 1 || channels == 3, "pixmap channels")
        precondition(width > 0 && height > 0 && samples.count == width * height * channels, "pixmap geometry")
        self.width = width
        self.height = height
        self.channels = channels
        self.samples = samples
    }

    /// A white RGB image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, rgb: [UInt8](repeating: 255, count: width * height * 3))
    }

    /// The samples of an RGB image (three per pixel). For images made RGB
    /// (decoders, tests); a gray one has no such view.
    public var rgb: [UInt8] {
        get { precondition(channels == 3, "rgb of a gray pixmap"); return samples }
        _modify { precondition(channels == 3, "rgb of a gray pixmap"); yield &samples }
    }

    /// Samples are well formed: one or three per pixel, all present.
    public var isWellFormed: Bool {
        width > 0 && height > 0 && (channels == 1 || channels == 3) && samples.count == width * height * channels
    }

    /// True when every pixel has R == G == B, so the page can be stored as
    /// one gray channel (a third of the bytes) without losing anything.
    public var isGray: Bool {
        if channels == 1 { return true }
        return samples.withUnsafeBufferPointer { p in
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
        if channels == 1 { return samples }
        let n = width * height
        var gray = true
        guard samples.count >= 3 * n else { return nil }
        let out = samples.withUnsafeBufferPointer { srcBuf in
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

    /// This image as one gray channel when it has no colour, else as it is.
    public func compacted() -> Pixmap {
        guard channels == 3, let g = grayBytesIfGray() else { return self }
        return Pixmap(width: width, height: height, gray: g)
    }

    /// The gray channel of an image for which `isGray` holds.
    public func grayBytes() -> [UInt8] {
        if channels == 1 { return samples }
        var out = [UInt8](repeating: 0, count: width * height)
        samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) { dst[i] = src[i * 3] }
            }
        }
        return out
    }

    /// Three samples per pixel, gray ones repeated: for the few consumers
    /// that take RGB only (the JPEG encoder).
    public func rgbSamples() -> [UInt8] {
        if channels == 3 { return samples }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(width * height) {
                    let v = src[i]
                    dst[3 * i] = v; dst[3 * i + 1] = v; dst[3 * i + 2] = v
                }
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
            let c = channels
            samples.withUnsafeMutableBufferPointer { buf in
                for y in p.y0..<p.y1 {
                    let row = y * width * c
                    for i in (row + p.x0 * c)..<(row + p.x1 * c) { buf[i] = 0 }
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
        let c = channels
        return samples.withUnsafeBufferPointer { px in
            for x in x0..<x1 {
                var dark = 0
                for y in y0..<y1 {
                    let i = (y * width + x) * c
                    let sum = c == 1 ? 3 * Int(px[i]) : Int(px[i]) + Int(px[i + 1]) + Int(px[i + 2])
                    if sum < 3 * 128 { dark += 1 }
                }
                if dark >= need { return true }
            }
            return false
        }
    }
}
