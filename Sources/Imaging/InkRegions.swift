import RedactCore

/// Finds ink on a rendered page that no text-layer glyph explains: text in
/// images, text drawn as outlines, annotation and form appearances. Those
/// areas must be read by OCR, or detection would not see what the reader
/// sees.
public enum InkRegions {
    /// Darker than this (luma 0-255) counts as ink.
    public static let inkLuma = 170
    /// Straight runs of ink longer than this (points) are rules and frame
    /// lines, not glyphs: they are ignored so a ruled table with a text
    /// layer does not send the whole table to OCR.
    public static let ruleLength = 36.0
    /// Grid cell for grouping ink into regions, in points.
    public static let cell = 2.0
    /// Regions with less ink than this many square points are specks.
    public static let minInkArea = 4.0
    /// Regions smaller than this on either side (points) cannot hold text OCR reads.
    public static let minSide = 3.0
    /// Margin added around every region before OCR, in points.
    public static let margin = 4.0

    /// Regions (page points) of unexplained ink in `page`, rendered at
    /// `scale` pixels per point. `explained` are the text layer's glyph
    /// boxes (points); ink under them is accounted for.
    public static func find(in page: Pixmap, scale pageScale: Double, explained: [Rect]) -> [Rect] {
        // Above ~1.9 pixels per point, work on half the resolution, each
        // pixel the darkest of its 2 x 2 block (thin strokes survive): a
        // quarter of the work, and 1 pt is still a pixel.
        let f = pageScale >= 1.9 ? 2 : 1
        let scale = pageScale / Double(f)
        let w = page.width / f, h = page.height / f
        guard w > 0, h > 0 else { return [] }
        var ink = [Bool](repeating: false, count: w * h)
        let pw = page.width
        let limit = inkLuma << 8
        page.rgb.withUnsafeBufferPointer { src in
            ink.withUnsafeMutableBufferPointer { dst in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                let raw = UnsafeRawPointer(sp)
                let xEnd = w * f
                for sy in 0..<(h * f) {
                    let row = sy * pw * 3
                    let out = dp + (sy / f) * w
                    var x = 0
                    while x < xEnd {
                        // Most of a page is white: eight white pixels (24
                        // bytes of 255) are passed over in three loads.
                        if x + 8 <= xEnd {
                            let at = row + 3 * x
                            let a = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                            let b = raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
                            let c = raw.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)
                            if a & b & c == UInt64.max {
                                x += 8
                                continue
                            }
                        }
                        let i = row + 3 * x
                        let r = sp[i], g = sp[i + 1], bl = sp[i + 2]
                        if (r & g & bl) != 255 && 77 * Int(r) + 150 * Int(g) + 29 * Int(bl) < limit {
                            out[x / f] = true
                        }
                        x += 1
                    }
                }
            }
        }
        // Rules first, on the whole ink: a glyph box erased first would cut
        // a table's ruling line into pieces too short to be told from a
        // glyph, and OCR would read each as `|`.
        removeRules(&ink, width: w, height: h, length: max(8, Int(ruleLength * scale)))
        // Glyph boxes, padded: anti-aliasing and accents spill a little.
        // (Raw pointers: a dense page has thousands of boxes, and these two
        // loops touch every cell of the page.)
        let c = max(1, Int((cell * scale).rounded()))
        let gw = (w + c - 1) / c, gh = (h + c - 1) / c
        var counts = [Int](repeating: 0, count: gw * gh)
        ink.withUnsafeMutableBufferPointer { inkBuf in
            let ink = inkBuf.baseAddress!
            for r in explained where !r.isEmpty {
                let p = r.height * 0.15 + 0.5
                let b = r.padded(dx: p, dy: p).scaled(by: scale)
                let x0 = max(0, Int(b.x.rounded(.down))), y0 = max(0, Int(b.y.rounded(.down)))
                let x1 = min(w, Int(b.maxX.rounded(.up))), y1 = min(h, Int(b.maxY.rounded(.up)))
                guard x1 > x0, y1 > y0 else { continue }
                for y in y0..<y1 { (ink + y * w + x0).update(repeating: false, count: x1 - x0) }
            }
            // Count ink per grid cell.
            counts.withUnsafeMutableBufferPointer { countBuf in
                let counts = countBuf.baseAddress!
                for y in 0..<h {
                    let line = ink + y * w, cells = counts + (y / c) * gw
                    for x in 0..<w where line[x] { cells[x / c] += 1 }
                }
            }
        }
        // Group cells into regions: neighbours within two cells across and
        // one down belong together (letters into words, words into lines).
        var label = [Int](repeating: -1, count: gw * gh)
        var regions: [Rect] = []
        var stack: [Int] = []
        for start in 0..<(gw * gh) where counts[start] > 0 && label[start] < 0 {
            var minX = gw, minY = gh, maxX = 0, maxY = 0, total = 0
            label[start] = start
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % gw, y = i / gw
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                total += counts[i]
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < gh else { continue }
                    for dx in -3...3 {
                        let nx = x + dx
                        guard nx >= 0, nx < gw else { continue }
                        let j = ny * gw + nx
                        if counts[j] > 0 && label[j] < 0 { label[j] = start; stack.append(j) }
                    }
                }
            }
            let px = 1.0 / scale
            let r = Rect(x: Double(minX * c) * px, y: Double(minY * c) * px,
                         width: Double((maxX - minX + 1) * c) * px, height: Double((maxY - minY + 1) * c) * px)
            guard Double(total) * px * px >= minInkArea, r.width >= minSide, r.height >= minSide else { continue }
            regions.append(r.padded(dx: margin, dy: margin))
        }
        return merge(regions)
    }

    /// Clears horizontal and vertical runs of ink at least `length` long.
    static func removeRules(_ ink: inout [Bool], width w: Int, height h: Int, length: Int) {
        guard w > 0, h > 0 else { return }
        var rule = [Bool](repeating: false, count: w * h)
        var start = [Int](repeating: -1, count: w)
        ink.withUnsafeMutableBufferPointer { inkBuf in
            rule.withUnsafeMutableBufferPointer { ruleBuf in
                start.withUnsafeMutableBufferPointer { startBuf in
                    let ink = inkBuf.baseAddress!, rule = ruleBuf.baseAddress!, start = startBuf.baseAddress!
                    for y in 0..<h {
                        let line = ink + y * w
                        var x = 0
                        while x < w {
                            guard line[x] else { x += 1; continue }
                            var e = x
                            while e < w && line[e] { e += 1 }
                            if e - x >= length { for i in x..<e { rule[y * w + i] = true } }
                            x = e
                        }
                    }
                    // Vertical runs row by row (a run start per column), so
                    // the pass walks memory in order.
                    for y in 0...h {
                        for x in 0..<w {
                            let on = y < h && ink[y * w + x]
                            if on {
                                if start[x] < 0 { start[x] = y }
                            } else if start[x] >= 0 {
                                if y - start[x] >= length { for r in start[x]..<y { rule[r * w + x] = true } }
                                start[x] = -1
                            }
                        }
                    }
                    for i in 0..<(w * h) where rule[i] { ink[i] = false }
                }
            }
        }
    }

    /// Merges overlapping rectangles until none overlap.
    public static func merge(_ rects: [Rect]) -> [Rect] {
        var out = rects
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < out.count {
                var j = i + 1
                while j < out.count {
                    if intersects(out[i], out[j]) {
                        out[i] = out[i].union(out[j])
                        out.remove(at: j)
                        changed = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        return out
    }

    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }
}
