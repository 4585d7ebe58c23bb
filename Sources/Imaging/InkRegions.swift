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
    public static func find(in page: Pixmap, scale: Double, explained: [Rect]) -> [Rect] {
        let w = page.width, h = page.height
        var ink = [Bool](repeating: false, count: w * h)
        page.rgb.withUnsafeBufferPointer { src in
            for i in 0..<(w * h) {
                let l = (77 * Int(src[3 * i]) + 150 * Int(src[3 * i + 1]) + 29 * Int(src[3 * i + 2])) >> 8
                ink[i] = l < inkLuma
            }
        }
        // Glyph boxes, padded: anti-aliasing and accents spill a little.
        for r in explained where !r.isEmpty {
            let p = r.height * 0.15 + 0.5
            guard let pr = page.pixelRect(for: r.padded(dx: p, dy: p), scale: scale) else { continue }
            for y in pr.y0..<pr.y1 { for x in pr.x0..<pr.x1 { ink[y * w + x] = false } }
        }
        removeRules(&ink, width: w, height: h, length: max(8, Int(ruleLength * scale)))

        // Count ink per grid cell.
        let c = max(1, Int((cell * scale).rounded()))
        let gw = (w + c - 1) / c, gh = (h + c - 1) / c
        var counts = [Int](repeating: 0, count: gw * gh)
        for y in 0..<h {
            let gy = y / c
            for x in 0..<w where ink[y * w + x] { counts[gy * gw + x / c] += 1 }
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
        var rule = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            var x = 0
            while x < w {
                guard ink[y * w + x] else { x += 1; continue }
                var e = x
                while e < w && ink[y * w + e] { e += 1 }
                if e - x >= length { for i in x..<e { rule[y * w + i] = true } }
                x = e
            }
        }
        for x in 0..<w {
            var y = 0
            while y < h {
                guard ink[y * w + x] else { y += 1; continue }
                var e = y
                while e < h && ink[e * w + x] { e += 1 }
                if e - y >= length { for i in y..<e { rule[i * w + x] = true } }
                y = e
            }
        }
        for i in 0..<(w * h) where rule[i] { ink[i] = false }
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
