/// Lifts an uneven background to white before OCR.
///
/// tesseract binarises a page with one global threshold (Otsu). On a phone
/// photo with a shadow, a page that darkens towards one edge, or a form
/// printed on a tint, that threshold turns the darker part of the paper
/// into ink and the text there into noise: a clearly legible IBAN is lost
/// at the dark end of its line. Dividing each pixel by an estimate of the
/// paper's brightness around it (flat-field correction) gives the text one
/// contrast everywhere.
public enum BackgroundFlattening {
    /// Pixels per side of the cells the paper's brightness is estimated on.
    public static let cell = 32
    /// How far apart (grey levels) the brightest and darkest paper may be
    /// before the page is flattened; an evenly lit scan is left alone.
    public static let minSpread = 40
    /// Cells on each side whose brightest paper a cell takes: a dark patch
    /// smaller than this (a bold heading, a photo, a black box) does not
    /// count as paper.
    public static let reach = 2
}

extension GrayImage {
    /// The image with its background lifted to white, or nil when the
    /// background is even enough (then the image is read as it is).
    public func flattenedBackground() -> GrayImage? {
        let c = BackgroundFlattening.cell
        let cw = (width + c - 1) / c, ch = (height + c - 1) / c
        guard cw >= 2, ch >= 2 else { return nil }
        // The paper in each cell: its 90th-percentile brightness (the text
        // in a cell is darker, stray bright specks are rarer).
        var paper = [Int](repeating: 255, count: cw * ch)
        bytes.withUnsafeBufferPointer { px in
            var hist = [Int](repeating: 0, count: 256)
            for cy in 0..<ch {
                for cx in 0..<cw {
                    for i in 0..<256 { hist[i] = 0 }
                    let x0 = cx * c, y0 = cy * c
                    let x1 = min(width, x0 + c), y1 = min(height, y0 + c)
                    for y in y0..<y1 {
                        let row = y * width
                        for x in x0..<x1 { hist[Int(px[row + x])] += 1 }
                    }
                    let n = (x1 - x0) * (y1 - y0)
                    var seen = 0, level = 255
                    while level > 0 {
                        seen += hist[level]
                        if seen * 10 >= n { break }
                        level -= 1
                    }
                    paper[cy * cw + cx] = level
                }
            }
        }
        // Each cell takes the brightest paper within `reach`, then the mean
        // of its neighbours: no seams at cell borders.
        let r = BackgroundFlattening.reach
        var lifted = paper
        for cy in 0..<ch {
            for cx in 0..<cw {
                var m = 0
                for y in max(0, cy - r)...min(ch - 1, cy + r) {
                    for x in max(0, cx - r)...min(cw - 1, cx + r) { m = max(m, paper[y * cw + x]) }
                }
                lifted[cy * cw + cx] = m
            }
        }
        var smooth = lifted
        for cy in 0..<ch {
            for cx in 0..<cw {
                var sum = 0, k = 0
                for y in max(0, cy - 1)...min(ch - 1, cy + 1) {
                    for x in max(0, cx - 1)...min(cw - 1, cx + 1) {
                        sum += lifted[y * cw + x]
                        k += 1
                    }
                }
                smooth[cy * cw + cx] = max(1, sum / k)
            }
        }
        guard let lo = smooth.min(), let hi = smooth.max(), hi - lo >= BackgroundFlattening.minSpread else {
            return nil
        }
        // Divide by the paper's brightness, interpolated between cell centres.
        var out = [UInt8](repeating: 255, count: width * height)
        bytes.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let fy = max(0, min(Double(ch - 1), (Double(y) + 0.5) / Double(c) - 0.5))
                    let y0 = Int(fy), y1 = min(ch - 1, y0 + 1), ty = fy - Double(y0)
                    for x in 0..<width {
                        let fx = max(0, min(Double(cw - 1), (Double(x) + 0.5) / Double(c) - 0.5))
                        let x0 = Int(fx), x1 = min(cw - 1, x0 + 1), tx = fx - Double(x0)
                        let top = Double(smooth[y0 * cw + x0]) * (1 - tx) + Double(smooth[y0 * cw + x1]) * tx
                        let bottom = Double(smooth[y1 * cw + x0]) * (1 - tx) + Double(smooth[y1 * cw + x1]) * tx
                        let bg = top * (1 - ty) + bottom * ty
                        let v = Double(px[y * width + x]) * 255 / bg
                        dst[y * width + x] = UInt8(min(255, v.rounded()))
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, bytes: out)
    }
}
