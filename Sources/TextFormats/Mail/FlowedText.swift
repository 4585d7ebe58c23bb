/// RFC 3676 format=flowed: plain text whose soft line breaks (a line that
/// ends in a space) are the sender's wrapping, not the writer's. Joining
/// them back matters for detection: a name or an IBAN wrapped over two
/// lines is one run of text again.
public enum FlowedText {
    /// `text` with flowed lines joined into one line each paragraph:
    /// quote markers (`>`) are read per line and a line is only joined
    /// with the next of the same quote depth, space-stuffing (a leading
    /// space) is removed, the signature separator `-- ` is never joined,
    /// and with `delSp` (the `delsp=yes` parameter) the space before a
    /// soft break is dropped. Quoted lines are written back with `> `
    /// markers per depth; line ends become `\n`.
    public static func unwrap(_ text: String, delSp: Bool) -> String {
        var p = Paragraphs()
        var line: [Unicode.Scalar] = []
        var lines: [[Unicode.Scalar]] = []
        for c in text.unicodeScalars {
            if c == "\n" {
                if line.last == "\r" { line.removeLast() }
                lines.append(line)
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(c)
            }
        }
        let endsWithBreak = line.isEmpty
        if !line.isEmpty { lines.append(line) }
        for raw in lines {
            var depth = 0
            var start = 0
            while start < raw.count && raw[start] == ">" { depth += 1; start += 1 }
            if start < raw.count && raw[start] == " " { start += 1 }
            var content = Array(raw[start...])
            let signature = content == ["-", "-", " "]
            let flowed = !signature && content.last == " "
            if p.depth >= 0 && p.depth != depth { p.end() }
            if signature { p.end() }
            if flowed && delSp { content.removeLast() }
            p.text += content
            p.depth = depth
            if !flowed { p.end() }
        }
        p.end()
        if !endsWithBreak, p.out.last == "\n" { p.out.removeLast() }
        return string(p.out)
    }

    /// The output and the paragraph being joined (a struct, not captured
    /// locals: closures over locals are slow per call in debug builds).
    struct Paragraphs {
        var out: [Unicode.Scalar] = []
        var text: [Unicode.Scalar] = []
        /// Quote depth of `text`; -1 when no paragraph is open.
        var depth = -1

        mutating func end() {
            guard depth >= 0 else { return }
            for _ in 0..<depth { out.append(">") }
            if depth > 0 && !text.isEmpty { out.append(" ") }
            out += text
            out.append("\n")
            text.removeAll(keepingCapacity: true)
            depth = -1
        }
    }
}
