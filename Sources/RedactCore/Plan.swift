/// Turns detections into the rectangles to burn: one box per run of glyphs
/// on one line, padded, in page space.
public enum RedactionPlan {
    /// Padding around each box: a fraction of the glyph height, at least a
    /// fixed minimum, so anti-aliased edges and accents are covered too.
    public static let padFraction = 0.12
    public static let minPadX = 1.0
    public static let minPadY = 0.8

    /// Boxes for every detection on one page. Whitespace and empty glyph
    /// boxes are skipped; a new box starts where the text moves to another
    /// line (vertical overlap under half) or jumps backwards.
    public static func boxes(for detections: [Detection], in text: PageText) -> [Rect] {
        var out: [Rect] = []
        for d in detections {
            out.append(contentsOf: boxes(for: d.range, in: text))
        }
        return out
    }

    public static func boxes(for range: Range<Int>, in text: PageText) -> [Rect] {
        var out: [Rect] = []
        var current: Rect?
        let r = withAttachedPunctuation(range.clamped(to: 0..<text.scalars.count), in: text)
        for i in r {
            let s = text.scalars[i]
            let b = text.boxes[i]
            if b.isEmpty || s.isWhitespaceFast || !b.x.isFinite || !b.y.isFinite { continue }
            if let c = current, sameLine(c, b) {
                current = c.union(b)
            } else {
                if let c = current { out.append(pad(c)) }
                current = b
            }
        }
        if let c = current { out.append(pad(c)) }
        return out
    }

    /// How many punctuation scalars touching a range (no space between)
    /// are burned with it, on either side.
    static let attachedPunctuation = 2

    /// `r` widened over the punctuation that touches it inside its word
    /// (`(` and `).` around `(COBADEFFXXX).`). OCR's symbol boxes are
    /// estimates: a bracket's box can take in part of the letter beside it,
    /// so a box that stops at the first letter leaves a sliver of it
    /// unburned. Burning the bracket too costs nothing.
    static func withAttachedPunctuation(_ r: Range<Int>, in text: PageText) -> Range<Int> {
        guard !r.isEmpty else { return r }
        func attached(_ i: Int) -> Bool {
            let s = text.scalars[i]
            let p = s.properties
            return !p.isWhitespace && !p.isAlphabetic && p.numericType == nil && !text.boxes[i].isEmpty
        }
        var a = r.lowerBound, b = r.upperBound
        while a > 0, r.lowerBound - a < attachedPunctuation, attached(a - 1) { a -= 1 }
        while b < text.scalars.count, b - r.upperBound < attachedPunctuation, attached(b) { b += 1 }
        return a..<b
    }

    static func sameLine(_ run: Rect, _ b: Rect) -> Bool {
        let overlap = min(run.maxY, b.maxY) - max(run.y, b.y)
        let h = min(run.height, b.height)
        if h > 0, overlap >= 0.5 * h {
            // Text that jumps back left by more than a glyph is a new line or
            // column, unless the glyph sits right before the run: text read
            // right to left, as OCR gives it for a page scanned upside down.
            if b.x >= run.x - max(b.width, 1) { return true }
            return b.maxX >= run.x - max(b.height, run.height)
        }
        // A page scanned sideways: glyphs follow each other down or up one
        // column (the run is no wider than one glyph), each just above or
        // below the run.
        let xOverlap = min(run.maxX, b.maxX) - max(run.x, b.x)
        let w = min(run.width, b.width)
        guard w > 0, xOverlap >= 0.5 * w, run.width <= 1.5 * b.width else { return false }
        let gap = max(b.y - run.maxY, run.y - b.maxY)
        return gap <= max(b.width, run.width)
    }

    static func pad(_ r: Rect) -> Rect {
        // The glyph size is the run's height, or its width for a run of
        // sideways text (a column at least three glyphs long).
        let glyph = r.height > 3 * r.width ? r.width : r.height
        let p = max(glyph * padFraction, minPadX)
        return r.padded(dx: p, dy: max(glyph * padFraction, minPadY))
    }
}
