#if canImport(Glibc)
import Glibc
#endif
import RedactCore

/// Finds and undoes the skew of a scan or a phone photo of a page.
///
/// tesseract reads lines tilted by up to about four degrees; beyond that
/// its line finding breaks words apart and an IBAN stops being an IBAN.
/// Pages fed at an angle and photos taken by hand are often tilted more,
/// so a tilted page is turned straight before it is read and the boxes
/// are turned back onto the page.
///
/// The angle comes from projection profiles (Postl's method, as leptonica's
/// `pixFindSkew`): the ink of a reduced, binarised copy is projected onto
/// rows sheared by each candidate angle; at the page's own angle the text
/// lines fall into few rows and the profile is sharpest (largest sum of
/// squared differences between neighbouring rows).
public enum Deskew {
    public struct Estimate: Sendable, Equatable {
        /// How far text lines descend to the right, in degrees (image
        /// coordinates, y downwards): positive is a clockwise tilt.
        public var degrees: Double
        /// Sharpness at `degrees` over sharpness at 0: near 1 for a straight
        /// page or one without lines of text.
        public var gain: Double
    }

    /// Angles searched, either way.
    public static let maxDegrees = 15.0
    /// Below this tesseract copes by itself; turning would only blur.
    public static let minDegrees = 1.0
    /// Sharpness gain needed to act: a photo without lines of text has no
    /// angle worth trusting.
    public static let minGain = 1.15

    /// The skew of `image`, or nil when it has too little ink to tell.
    public static func estimate(_ image: GrayImage) -> Estimate? {
        let points = inkPoints(image)
        guard points.xs.count >= 64 else { return nil }
        let zero = sharpness(points, tan: 0)
        guard zero > 0 else { return nil }
        var best = (deg: 0.0, score: zero)
        // Coarse sweep, then a fine one around the best coarse angle.
        var deg = -maxDegrees
        while deg <= maxDegrees + 1e-9 {
            let s = sharpness(points, tan: Self.tan(deg))
            if s > best.score { best = (deg, s) }
            deg += 0.25
        }
        let centre = best.deg
        deg = centre - 0.25
        while deg <= centre + 0.25 + 1e-9 {
            let s = sharpness(points, tan: Self.tan(deg))
            if s > best.score { best = (deg, s) }
            deg += 0.05
        }
        return Estimate(degrees: best.deg, gain: best.score / zero)
    }

    /// Whether `e` is worth turning the page for.
    public static func worthTurning(_ e: Estimate) -> Bool {
        abs(e.degrees) >= minDegrees && e.gain >= minGain
    }

    static func tan(_ degrees: Double) -> Double {
        let r = degrees * Double.pi / 180
        return sin(r) / cos(r)
    }

    /// Dark cells of a reduced copy (at most ~1000 pixels on the long side),
    /// thresholded by Otsu's method; at most `maxPoints`, evenly taken.
    static func inkPoints(_ image: GrayImage, maxPoints: Int = 120_000) -> (xs: [Double], ys: [Double], width: Int, height: Int) {
        let f = max(1, (max(image.width, image.height) + 999) / 1000)
        let w = image.width / f, h = image.height / f
        guard w > 0, h > 0 else { return ([], [], 0, 0) }
        var cells = [UInt8](repeating: 255, count: w * h)
        var histogram = [Int](repeating: 0, count: 256)
        image.bytes.withUnsafeBufferPointer { src in
            for cy in 0..<h {
                for cx in 0..<w {
                    // The darkest pixel of the cell: thin strokes survive.
                    var m: UInt8 = 255
                    for y in (cy * f)..<(cy * f + f) {
                        let row = y * image.width
                        for x in (cx * f)..<(cx * f + f) where src[row + x] < m { m = src[row + x] }
                    }
                    cells[cy * w + cx] = m
                    histogram[Int(m)] += 1
                }
            }
        }
        let threshold = otsu(histogram, total: w * h)
        var dark = 0
        for v in cells where Int(v) <= threshold { dark += 1 }
        // Mostly dark: a photo or a negative, no text lines to measure.
        guard dark > 0, dark * 2 < w * h else { return ([], [], w, h) }
        let stride = max(1, dark / maxPoints)
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(dark / stride + 1)
        ys.reserveCapacity(dark / stride + 1)
        var n = 0
        for y in 0..<h {
            for x in 0..<w where Int(cells[y * w + x]) <= threshold {
                if n % stride == 0 {
                    xs.append(Double(x))
                    ys.append(Double(y))
                }
                n += 1
            }
        }
        return (xs, ys, w, h)
    }

    /// Otsu's threshold: the grey level that best splits the histogram in two.
    static func otsu(_ histogram: [Int], total: Int) -> Int {
        var sum = 0.0
        for (i, c) in histogram.enumerated() { sum += Double(i * c) }
        var sumB = 0.0, wB = 0, best = 0.0, threshold = 127
        for t in 0..<256 {
            wB += histogram[t]
            if wB == 0 { continue }
            let wF = total - wB
            if wF == 0 { break }
            sumB += Double(t * histogram[t])
            let mB = sumB / Double(wB), mF = (sum - sumB) / Double(wF)
            let between = Double(wB) * Double(wF) * (mB - mF) * (mB - mF)
            if between > best {
                best = between
                threshold = t
            }
        }
        return threshold
    }

    /// Sum of squared differences between neighbouring rows of the ink
    /// projected along lines of slope `tan`.
    static func sharpness(_ p: (xs: [Double], ys: [Double], width: Int, height: Int), tan t: Double) -> Double {
        let offset = Int((Double(p.width) * abs(t)).rounded(.up)) + 1
        var rows = [Int](repeating: 0, count: p.height + 2 * offset + 1)
        rows.withUnsafeMutableBufferPointer { r in
            for i in 0..<p.xs.count {
                let row = Int((p.ys[i] - p.xs[i] * t).rounded()) + offset
                if row >= 0 && row < r.count { r[row] += 1 }
            }
        }
        var s = 0.0
        for i in 1..<rows.count {
            let d = Double(rows[i] - rows[i - 1])
            s += d * d
        }
        return s
    }
}

extension GrayImage {
    /// The image turned by `degrees` against its skew (so lines that
    /// descended by `degrees` run level), on a canvas that holds all of it
    /// (white where nothing was), and the map from rectangles of the turned
    /// image back to this one (the box around the turned-back corners, so a
    /// box never covers less than what it covered in the turned image).
    public func straightened(_ degrees: Double) -> (image: GrayImage, back: @Sendable (Rect) -> Rect) {
        let r = degrees * Double.pi / 180
        let c = cos(r), s = sin(r)
        let W = Double(width), H = Double(height)
        let ow = Int((W * abs(c) + H * abs(s)).rounded(.up)), oh = Int((W * abs(s) + H * abs(c)).rounded(.up))
        let (scx, scy) = (W / 2, H / 2), (ocx, ocy) = (Double(ow) / 2, Double(oh) / 2)
        var out = [UInt8](repeating: 255, count: ow * oh)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<oh {
                    let dy = Double(oy) + 0.5 - ocy
                    for ox in 0..<ow {
                        let dx = Double(ox) + 0.5 - ocx
                        // Source point: the output point turned by +degrees.
                        let sx = dx * c - dy * s + scx - 0.5, sy = dx * s + dy * c + scy - 0.5
                        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                        guard x0 >= -1, y0 >= -1, x0 < width, y0 < height else { continue }
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        func px(_ x: Int, _ y: Int) -> Double {
                            (x < 0 || y < 0 || x >= width || y >= height) ? 255 : Double(src[y * width + x])
                        }
                        let top = px(x0, y0) * (1 - fx) + px(x0 + 1, y0) * fx
                        let bottom = px(x0, y0 + 1) * (1 - fx) + px(x0 + 1, y0 + 1) * fx
                        dst[oy * ow + ox] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
                    }
                }
            }
        }
        let back: @Sendable (Rect) -> Rect = { b in
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for (px, py) in [(b.x, b.y), (b.maxX, b.y), (b.x, b.maxY), (b.maxX, b.maxY)] {
                let dx = px - ocx, dy = py - ocy
                let sx = dx * c - dy * s + scx, sy = dx * s + dy * c + scy
                x0 = min(x0, sx); y0 = min(y0, sy); x1 = max(x1, sx); y1 = max(y1, sy)
            }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        return (GrayImage(width: ow, height: oh, bytes: out), back)
    }
}
