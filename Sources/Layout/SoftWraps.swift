/// Prose that wraps at the edge of its column goes on on the next line:
/// `… Ihre Betreuerin Sabine` / `Gruber-Wimmer erreichen Sie …`, `Tel. 0971`
/// / `7290 113`. Read as two lines, every value the wrap cuts (a name, a
/// phone number, a label at a line's end and its value at the next one's
/// start) is two fragments that no recognizer knows; a narrow column (a
/// two-column letter, a form's value cell) cuts many. A wrapped line goes
/// on after one space, as the same text set on a wider page would read.
///
/// A line wrapped when the next line's first word would not have fitted
/// after it before its column's right edge (a line broken on purpose, the
/// line of an address block, leaves the room of that word). The edge is the
/// right end of the column's lines, and a column counts only when it is set
/// as prose: several of its lines run to that edge. An address block or a
/// key/value block read as a column of its own has one widest line, not
/// several. Table rows are joined by `joinWrappedCells`, not here.
extension PageModelBuilder {
    func joinSoftWraps(_ laid: [Laid], usualGap: Double) -> [Laid] {
        var out: [Laid] = []
        var start = 0
        while start < laid.count {
            var end = start + 1
            while end < laid.count, !laid[end].columnStart { end += 1 }
            out += joinSoftWraps(region: Array(laid[start..<end]), usualGap: usualGap)
            start = end
        }
        return out
    }

    private func joinSoftWraps(region: [Laid], usualGap: Double) -> [Laid] {
        func plain(_ l: Laid) -> Bool {
            l.tableColumns == 0 && !l.cells.contains { c in c.contains { w in words[w].glyphs.contains { $0.scalars.contains("|") } } }
        }
        let prose = region.filter(plain)
        guard prose.count >= 3 else { return region }
        let left = prose.map { extent($0.cells.flatMap { $0 }).0 }.min()!
        let h = median(prose.map(\.h))
        // The edge is where three lines end within a line's height of it.
        // A line or two of cells that a tab stop pushed past it (`Staff
        // member: …⇥Staff ID:`) do not set it; a line of prose does.
        let ends = prose.map { (end: extent($0.cells.flatMap { $0 }).1, cells: $0.cells.count) }.sorted { $0.end > $1.end }
        var found: Double?
        for i in 0..<min(3, ends.count) {
            guard ends.prefix(i).allSatisfy({ $0.cells > 1 }) else { break }
            if ends[i...].filter({ $0.end >= ends[i].end - 1.5 * h }).count >= 3 { found = ends[i].end; break }
        }
        guard let edge = found else { return region }

        // A line that does not wrap itself ends its paragraph: a short line
        // followed by more of its block is a letterhead's or an address
        // block's, broken on purpose (`Übersetzungen · Deutsch · Englisch`
        // / `Lindenauer Markt 6` / `04177 Leipzig`).
        func endsParagraph(_ k: Int) -> Bool {
            guard k + 1 < region.count else { return true }
            let b = region[k], c = region[k + 1]
            if wraps(b, c, edge: edge, left: left, usualGap: usualGap) { return true }
            let h = max(b.h, c.h)
            if c.columnStart || !plain(c) || c.cells.count > 1 || c.y0 - b.y1 > max(1.8 * usualGap, usualGap + 0.5 * c.h, 0.3 * c.h) { return true }
            let first = c.cells[0][0]
            // The next paragraph indented, a form's next row, a list's item.
            if words[first].box.x > extent(b.cells[0]).0 + 0.6 * h || c.cells[0].prefix(4).contains(where: isLabel)
                || isListMark(first) { return true }
            // A line of prose follows (the next paragraph, a list's next
            // entry that wraps too), not another short line of a block.
            let (x0, x1) = extent(c.cells[0])
            return x1 - x0 >= 0.6 * (edge - left)
        }
        var out: [Laid] = []
        for (k, b) in region.enumerated() {
            guard k > 0, var joined = out.last, plain(b), plain(joined),
                  wraps(region[k - 1], b, edge: edge, left: left, usualGap: usualGap), endsParagraph(k) else { out.append(b); continue }
            let first = b.cells[0][0]
            if hyphenGlued(joined.cells[joined.cells.count - 1].last!, first) { joined.glued.insert(first) }
            joined.cells[joined.cells.count - 1] += b.cells[0]
            joined.y1 = max(joined.y1, b.y1)
            out[out.count - 1] = joined
        }
        return out
    }

    /// Whether line `b` goes on the last cell of line `a` (the line above
    /// it), wrapped: its only cell, or a form's value that wraps under
    /// itself or back to the margin.
    private func wraps(_ a: Laid, _ b: Laid, edge: Double, left: Double, usualGap: Double) -> Bool {
        guard b.cells.count == 1, !b.columnStart, a.tableColumns == 0, b.tableColumns == 0 else { return false }
        let h = max(a.h, b.h)
        guard h > 0, abs(a.h - b.h) <= 0.15 * h else { return false }
        // Next in its paragraph: no block gap, and below.
        let gap = b.y0 - a.y1
        guard gap > -0.3 * h, gap <= max(1.8 * usualGap, usualGap + 0.5 * b.h, 0.3 * b.h) else { return false }
        let firstWord = b.cells[0][0]
        let bx = words[firstWord].box.x
        let ax = extent(a.cells[0]).0
        let lastCell = extent(a.cells[a.cells.count - 1]).0
        if a.cells.count == 1 {
            // Under the line, or out from its indented first line, or under
            // a list item's text (a hanging indent).
            guard bx >= ax - 3 * h, bx <= ax + 2 * h else { return false }
        } else {
            // A form's value wraps under itself, or back to the margin (set
            // with a tab stop) when its row is a label and a value
            // (`Familienstand⇥verheiratet mit Joana` / `Mendes, eine
            // Tochter`), or its last cell is (`Phone: +91` / `98450 21377`).
            // A table's amounts do not go on there, and a label alone on
            // its line (`E-mail`) heads a row of its own.
            let first = a.cells[0]
            let labelRow = a.cells.count == 2 && first.count <= 3 && first.allSatisfy { w in
                words[w].glyphs.allSatisfy { g in g.scalars.allSatisfy { !($0.isNumericFast) } }
                    && words[w].glyphs.first?.scalars.first?.isAlphabeticFast == true
            }
            let labelled = labelRow || a.cells[a.cells.count - 1].prefix(4).contains(where: isLabel)
            guard abs(bx - lastCell) <= 0.6 * h || (labelled && b.cells[0].count >= 2 && abs(bx - ax) <= 0.6 * h) else { return false }
        }
        // A line that opens with a label (`Geburtsdatum:`, `Reisepass der
        // Ehefrau:`) is a form's next row, however long its label.
        if b.cells[0].prefix(4).contains(where: isLabel) { return false }
        if isListMark(firstWord) { return false }
        // It would not have fitted after the line's end, and the line
        // spans most of its column (in a key/value block beside an address
        // every line is short of the page's edge: a line of its own).
        let end = extent(a.cells[a.cells.count - 1]).1
        guard end + 0.2 * h + words[firstWord].box.width > edge, end - ax >= 0.6 * (edge - left) else { return false }
        return true
    }

    /// A list's next item, not a wrap.
    private func isListMark(_ w: Int) -> Bool {
        guard words[w].glyphs.count == 1, let s = words[w].glyphs.first?.scalars.first else { return false }
        return "-–—•*·▪‣".unicodeScalars.contains(s)
    }

    /// A word that is, or opens with, a label: a colon after a letter, a
    /// period or a bracket, not opening a URL's `//`.
    private func isLabel(_ w: Int) -> Bool {
        let s = words[w].glyphs.flatMap(\.scalars)
        for (i, c) in s.enumerated() where c == ":" && i > 0 {
            let before = s[i - 1]
            guard before.isAlphabeticFast || before == "." || before == ")" else { continue }
            if i + 1 < s.count, s[i + 1] == "/" { continue }
            return true
        }
        return false
    }

    /// A word broken after its hyphen (`Gruber-` / `Wimmer`, a URL's
    /// `HVH-5528-` / `QX?…`) goes on with no space: a double name or a
    /// number reads as one word.
    private func hyphenGlued(_ a: Int, _ b: Int) -> Bool {
        let sa = words[a].glyphs.flatMap(\.scalars)
        guard sa.count >= 2, sa.last == "-", let before = sa.dropLast().last,
              let next = words[b].glyphs.first?.scalars.first else { return false }
        return before.isAlphabeticFast || before.isNumericFast
            ? next.isAlphabeticFast || next.isNumericFast : false
    }
}
