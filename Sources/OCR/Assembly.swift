import RedactCore

/// Turns OCR words into page text the detector reads like a text layer:
/// one box per scalar, a space between words, a newline between lines.
public enum OCRAssembly {
    /// `words` in page points (already mapped). Each scalar gets its
    /// symbol's box (which `OCREngine` makes the symbol's extent along the
    /// line and the word's across it, in the reading frame, before a turned
    /// page is mapped back). Each scalar of a ligature gets the whole box.
    public static func pageText(_ words: [OCRWord]) -> PageText {
        var scalars: [Unicode.Scalar] = []
        var boxes: [Rect] = []
        let none = Rect(x: 0, y: 0, width: 0, height: 0)
        for word in words where !word.symbols.isEmpty {
            if !scalars.isEmpty {
                scalars.append(word.startsLine ? "\n" : " ")
                boxes.append(none)
            }
            for sym in word.symbols {
                for s in sym.scalars {
                    scalars.append(s)
                    boxes.append(sym.box)
                }
            }
        }
        return PageText(scalars: scalars, boxes: boxes)
    }

    /// Keeps the OCR words the text layer does not already explain: a word
    /// is dropped only when text-layer glyphs lie under it and spell the
    /// same letters and digits. A word over glyphs that spell something
    /// else (a font whose extracted text lies) is kept.
    public static func unexplained(_ words: [OCRWord], layer: PageText) -> [OCRWord] {
        if layer.scalars.isEmpty { return words }
        var glyphs: [(Unicode.Scalar, Double, Double)] = []
        glyphs.reserveCapacity(layer.scalars.count)
        for (s, b) in zip(layer.scalars, layer.boxes) where !b.isEmpty && isWordScalar(s) {
            glyphs.append((s, b.x + b.width / 2, b.y + b.height / 2))
        }
        var out: [OCRWord] = []
        // Whether text-layer glyphs lie under each kept word: one that
        // misreads them (`Yilmaz,` over `Yılmaz,`) is no text only OCR reads.
        var overLayer: [Bool] = []
        for word in words {
            // tesseract returns words with no symbol for the pieces of a
            // ruling line: no text, and they would vouch for a rule's bar.
            if isTypedRule(word) || !word.symbols.contains(where: { $0.scalars.contains { !$0.isWhitespaceFast } }) { continue }
            let spelled = normalized(word.symbols.flatMap(\.scalars))
            let b = word.box.padded(dx: word.box.height * 0.2, dy: word.box.height * 0.2)
            var under: [Unicode.Scalar] = []
            for g in glyphs where g.1 >= b.x && g.1 <= b.maxX && g.2 >= b.y && g.2 <= b.maxY {
                under.append(g.0)
            }
            // A word of punctuation only is kept where no glyph is.
            let explained = spelled.isEmpty ? !under.isEmpty : normalized(under) == spelled
            if !explained { out.append(word); overLayer.append(!under.isEmpty) }
        }
        // A stroke with no other unexplained word on its line is a ruling
        // line between cells the text layer holds; beside words only OCR
        // reads (a table typed with `|` in a pasted image) it is a cell's bar.
        // So is a word of punctuation only (`-`, `/`: where a rule crosses
        // another, or the dots of a letter the layer holds). A word that
        // only misreads text-layer glyphs (a letter the font check could
        // not vouch for, read by OCR in a region that takes in the rule
        // beside it) is not such a word.
        let noise = out.map { isRuleStroke($0) || !$0.symbols.contains { $0.scalars.contains(where: isWordScalar) } }
        if !noise.contains(true) { return out }
        let others = out.indices.filter { !noise[$0] && !overLayer[$0] }.map { out[$0].box }
        return zip(out, noise).filter { w, isNoise in
            !isNoise || others.contains { o in min(o.maxY, w.box.maxY) - max(o.y, w.box.y) >= 0.5 * min(o.height, w.box.height) }
        }.map(\.0)
    }

    /// A table's vertical ruling line, read as a word: one stroke (`|`,
    /// `l`, `I`, `1`, `!`), thin and tall. On a page with a text layer it is
    /// no text of its own, and as text it would split or shift the cells of
    /// the row it stands in.
    static func isRuleStroke(_ w: OCRWord) -> Bool {
        let s = w.symbols.flatMap(\.scalars)
        guard s.count == 1, "|¦!lI1[]".unicodeScalars.contains(s[0]) else { return false }
        return w.box.width <= 0.5 * w.box.height
    }

    /// A rule typed into the text (`|---|---|`), read as a word of bars and
    /// dashes: no text of its own.
    static func isTypedRule(_ w: OCRWord) -> Bool {
        let s = w.symbols.flatMap(\.scalars)
        return s.count >= 2 && s.contains("|") && s.allSatisfy { "|¦-–—_=:+".unicodeScalars.contains($0) }
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s.isAlphabeticFast || s.isNumericFast
    }

    static func normalized(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for s in scalars where isWordScalar(s) {
            out.append(contentsOf: s.properties.lowercaseMapping.unicodeScalars)
        }
        return out
    }
}

/// Decides whether a page's text layer can be trusted at all.
public enum TextLayerCheck {
    /// True when the extracted text is mostly not text: private-use
    /// scalars, control characters, U+FFFD, unassigned code points. That is
    /// what fonts without a usable ToUnicode map give, and then the drawn
    /// glyphs must be read by OCR instead.
    public static func isGarbage(_ text: PageText) -> Bool {
        var bad = 0, total = 0
        for s in text.scalars where !s.isWhitespaceFast {
            total += 1
            let v = s.value
            // ASCII answered inline: only C0 controls and DEL are bad there
            // (the property lookup per scalar was most of this check).
            if v < 0x80 {
                if v < 0x20 || v == 0x7F { bad += 1 }
                continue
            }
            let pua = (0xE000...0xF8FF).contains(v) || v >= 0xF0000
            let category = s.properties.generalCategory
            let control = category == .control
            let unassigned = category == .unassigned
            if pua || control || unassigned || v == 0xFFFD { bad += 1 }
        }
        return total > 0 && bad * 10 > total
    }
}
