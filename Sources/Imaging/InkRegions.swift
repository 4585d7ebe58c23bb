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
        if page.channels == 1 {
            markGrayInk(page, into: &ink, factor: f, width: w, height: h)
        } else {
            markRGBInk(page, into: &ink, factor: f, width: w, height: h)
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
            // Count ink per grid cell, a cell's columns summed as bytes (a
            // Bool is 0 or 1): no branch and no division per pixel.
            counts.withUnsafeMutableBufferPointer { countBuf in
                let counts = countBuf.baseAddress!
                UnsafeMutableRawPointer(ink).withMemoryRebound(to: UInt8.self, capacity: w * h) { bytes in
                    for y in 0..<h {
                        let line = bytes + y * w, cells = counts + (y / c) * gw
                        for j in 0..<gw {
                            var n = 0
                            for x in (j * c)..<min(w, (j + 1) * c) { n &+= Int(line[x]) }
                            cells[j] &+= n
                        }
                    }
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

    /// Marks ink pixels of a gray page, each output cell the darkest of
    /// its `factor` x `factor` block. Written without branches in the
    /// inner loops, so the compiler can do a row many cells at a time: this
    /// loop sees every pixel of every page.
    static func markGrayInk(_ page: Pixmap, into ink: inout [Bool], factor f: Int, width w: Int, height h: Int) {
        precondition(f == 1 || f == 2, "ink factor")
        let pw = page.width
        let limit = UInt8(inkLuma)
        page.samples.withUnsafeBufferPointer { src in
            ink.withUnsafeMutableBufferPointer { inkBuf in
                // A Bool is one byte, 0 or 1.
                inkBuf.withMemoryRebound(to: UInt8.self) { dst in
                    guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                    for y in 0..<h {
                        let out = dp + y * w
                        if f == 1 {
                            let row = sp + y * pw
                            for x in 0..<w { out[x] = row[x] < limit ? 1 : 0 }
                        } else {
                            let r0 = sp + 2 * y * pw, r1 = r0 + pw
                            for x in 0..<w {
                                let m = min(min(r0[2 * x], r0[2 * x + 1]), min(r1[2 * x], r1[2 * x + 1]))
                                out[x] = m < limit ? 1 : 0
                            }
                        }
                    }
                }
            }
        }
    }

    /// As `markGrayInk`, for an RGB page (ink by luma).
    static func markRGBInk(_ page: Pixmap, into ink: inout [Bool], factor f: Int, width w: Int, height h: Int) {
        precondition(f == 1 || f == 2, "ink factor")
        let pw = page.width
        let limit = inkLuma << 8
        let shift = f == 2 ? 1 : 0
        page.samples.withUnsafeBufferPointer { src in
            ink.withUnsafeMutableBufferPointer { dst in
                guard let sp = src.baseAddress, let dp = dst.baseAddress else { return }
                let raw = UnsafeRawPointer(sp)
                let xEnd = w * f
                for sy in 0..<(h * f) {
                    let row = sy * pw * 3
                    let out = dp + (sy >> shift) * w
                    var x = 0
                    while x < xEnd {
                        // Eight white pixels (24 bytes of 255) in three loads.
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
                            out[x >> shift] = true
                        }
                        x += 1
                    }
                }
            }
        }
    }

    /// Clears horizontal and vertical runs of ink at least `length` long.
    ///
    /// The runs are found on the ink as it came (a cell can be in a
    /// horizontal and a vertical rule) and cleared at the end. This sees
    /// every cell of the page, so it is written for speed: blank stretches
    /// of a row are passed over eight cells at a time, and columns keep a
    /// run count updated row by row in a loop without branches; a row is
    /// looked at cell by cell only where a long vertical run ends in it.
    static func removeRules(_ ink: inout [Bool], width w: Int, height h: Int, length: Int) {
        guard w > 0, h > 0, length > 0, ink.count >= w * h else { return }
        // (row or column, first, end) of each rule, cleared at the end.
        var across: [(Int, Int, Int)] = []
        var down: [(Int, Int, Int)] = []
        var run = [Int32](repeating: 0, count: w)
        let limit = Int32(clamping: length)
        ink.withUnsafeBufferPointer { inkBuf in
            inkBuf.withMemoryRebound(to: UInt8.self) { cells in
                let base = cells.baseAddress!
                let raw = UnsafeRawPointer(base)
                run.withUnsafeMutableBufferPointer { runBuf in
                    let run = runBuf.baseAddress!
                    for y in 0...h {
                        if y < h {
                            // Horizontal runs of this row.
                            let line = base + y * w
                            var x = 0
                            while x < w {
                                if x + 8 <= w && raw.loadUnaligned(fromByteOffset: y * w + x, as: UInt64.self) == 0 {
                                    x += 8
                                    continue
                                }
                                guard line[x] != 0 else { x += 1; continue }
                                var e = x
                                while e < w && line[e] != 0 { e += 1 }
                                if e - x >= length { across.append((y, x, e)) }
                                x = e
                            }
                        }
                        // Vertical runs ending at this row (all of them past
                        // the last row): any column whose run is long and whose
                        // cell here is blank.
                        var ends: Int32 = 0
                        if y < h {
                            let line = base + y * w
                            for x in 0..<w { ends |= (run[x] >= limit ? 1 : 0) & Int32(1 &- line[x]) }
                        } else {
                            for x in 0..<w { ends |= run[x] >= limit ? 1 : 0 }
                        }
                        if ends != 0 {
                            for x in 0..<w where run[x] >= limit && (y == h || base[y * w + x] == 0) {
                                down.append((x, y - Int(run[x]), y))
                            }
                        }
                        guard y < h else { break }
                        let line = base + y * w
                        for x in 0..<w { run[x] = (run[x] &+ 1) &* Int32(line[x]) }
                    }
                }
            }
        }
        guard !across.isEmpty || !down.isEmpty else { return }
        ink.withUnsafeMutableBufferPointer { buf in
            let p = buf.baseAddress!
            for (y, x0, x1) in across { (p + y * w + x0).update(repeating: false, count: x1 - x0) }
            for (x, y0, y1) in down { for y in y0..<y1 { p[y * w + x] = false } }
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
