/// The text of an HTML mail body, as a reader would see it, for detection
/// and redaction: never the markup, never a URL.
public enum HTMLText {
    /// `html` reduced to plain text.
    ///
    /// - Dropped with their content: `<script>`, `<style>`, `<title>`,
    ///   `<iframe>`, `<noembed>`, `<noframes>`, `<xmp>`, `<textarea>` (form
    ///   fields hold no message text), `<template>` (nested ones
    ///   counted), the `<head>` (until `</head>`, `<body>`, or the first
    ///   text or element that cannot be in a head, as browsers do), comments,
    ///   `<!DOCTYPE>` and processing instructions. Attributes are never
    ///   read: `<a href="mailto:...">Jane</a>` gives "Jane", an image gives
    ///   nothing.
    /// - Block elements (p, div, br, li, tr, h1-h6, table, blockquote, hr,
    ///   ...) start and end lines; `<br>` always breaks. A table row is one
    ///   line with a tab between its cells (an empty cell keeps its tab),
    ///   and blocks at the very start of a cell do not break the row.
    /// - White space in text collapses to one space, as a browser shows it,
    ///   except inside `<pre>`. Lines lose trailing spaces, runs of empty
    ///   lines become one, and the text has no empty lines at either end.
    /// - Character references: the named ones in `HTMLEntities` (a few also
    ///   without `;`, as browsers read them), decimal and hex ones (0x80 to
    ///   0x9F as Windows-1252, invalid code points as U+FFFD). A no-break
    ///   space becomes a plain space that does not collapse.
    ///
    /// Unclosed constructs (a comment, a quoted attribute, a `<script>`)
    /// run to the end of the input, which is then dropped, as in a browser.
    /// One pass over the input; never fails.
    public static func text(_ html: String) -> String {
        var r = HTMLReader(Array(html.unicodeScalars))
        r.run()
        return r.out.finished()
    }
}

/// The state of one `HTMLText.text` call.
struct HTMLReader {
    let s: [Unicode.Scalar]
    var i = 0
    var out = HTMLTextOutput()
    var inHead = false
    var templateDepth = 0
    var preDepth = 0
    /// Cells seen in the current row of each open table (innermost last).
    var cellsInRow: [Int] = [0]

    init(_ s: [Unicode.Scalar]) { self.s = s }

    static let rawText: Set<String> = ["script", "style", "title", "iframe", "noembed", "noframes", "xmp", "textarea"]
    static let headElements: Set<String> = ["head", "title", "meta", "link", "style", "script", "base", "noscript", "template", "html"]
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table",
        "tbody", "tfoot", "thead", "tr", "ul", "option",
    ]

    var suppressed: Bool { inHead || templateDepth > 0 }

    mutating func run() {
        while i < s.count {
            let c = s[i]
            if c == "<" && markup() { continue }
            if c == "&" {
                let ref = reference()
                emit(ref)
                continue
            }
            emit(c)
            i += 1
        }
    }

    /// Text: to the output unless suppressed; text in a head ends it.
    mutating func emit(_ c: Unicode.Scalar) {
        let space = c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
        if inHead && !space && templateDepth == 0 { inHead = false }
        guard !suppressed else { return }
        if preDepth > 0 {
            out.literal(c == "\r" ? "\n" : c)
        } else if space {
            out.space()
        } else if c == "\u{A0}" {
            out.literal(" ")
        } else {
            out.char(c)
        }
    }

    /// Reads the markup at `i` (at `<`) and returns true, or returns false
    /// when the `<` is text.
    mutating func markup() -> Bool {
        guard i + 1 < s.count else { return false }
        let n = s[i + 1]
        if n == "!" {
            if i + 3 < s.count, s[i + 2] == "-", s[i + 3] == "-" {
                i = skipComment(from: i + 4)
            } else {
                i = skip(past: ">", from: i + 2)
            }
            return true
        }
        if n == "?" {
            i = skip(past: ">", from: i + 2)
            return true
        }
        var j = i + 1
        var closing = false
        if n == "/" {
            closing = true
            j += 1
        }
        guard j < s.count, isLetter(s[j]) else {
            if closing, j < s.count, s[j] == ">" { i = j + 1; return true } // `</>` is nothing
            return false
        }
        var name = String.UnicodeScalarView()
        while j < s.count, isLetter(s[j]) || (s[j].value >= 0x30 && s[j].value <= 0x39) || s[j] == "-" || s[j] == ":" {
            let v = s[j].value
            name.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 0x20)! : s[j])
            j += 1
        }
        i = skipAttributes(from: j)
        tag(String(name), closing: closing)
        return true
    }

    mutating func tag(_ name: String, closing: Bool) {
        if name == "template" {
            if closing { templateDepth = max(0, templateDepth - 1) } else { templateDepth += 1 }
            return
        }
        if name == "head" { inHead = !closing; return }
        if name == "body" { inHead = false }
        if inHead && !closing && !HTMLReader.headElements.contains(name) { inHead = false }
        if !closing && HTMLReader.rawText.contains(name) {
            i = skipRawText(name)
            return
        }
        guard !suppressed else { return }
        switch name {
        case "br":
            out.hardBreak()
        case "pre":
            preDepth = closing ? max(0, preDepth - 1) : preDepth + 1
            out.block()
        case "table":
            if closing { if cellsInRow.count > 1 { cellsInRow.removeLast() } } else { cellsInRow.append(0) }
            out.block(strong: closing)
        case "tr":
            cellsInRow[cellsInRow.count - 1] = 0
            out.block()
        case "td", "th":
            if !closing {
                if cellsInRow[cellsInRow.count - 1] > 0 { out.tab() }
                cellsInRow[cellsInRow.count - 1] += 1
                out.cellStart()
            }
        default:
            if HTMLReader.blocks.contains(name) { out.block() }
        }
    }

    /// Index after the `>` that ends a tag whose attributes start at `j`.
    /// A quote opens a value only after `=`, as in the HTML tokenizer.
    func skipAttributes(from start: Int) -> Int {
        var j = start
        var afterEquals = false
        while j < s.count {
            let c = s[j]
            if c == ">" { return j + 1 }
            if afterEquals && (c == "\"" || c == "'") {
                j += 1
                while j < s.count, s[j] != c { j += 1 }
                j += 1
                afterEquals = false
                continue
            }
            if c == "=" {
                afterEquals = true
            } else if c != " " && c != "\t" && c != "\n" && c != "\r" {
                afterEquals = false
            }
            j += 1
        }
        return s.count
    }

    /// Index after the `-->` that ends a comment whose text starts at `j`
    /// (`<!-->` and `<!--->` end at once, as in browsers).
    func skipComment(from start: Int) -> Int {
        if start < s.count, s[start] == ">" { return start + 1 }
        if start + 1 < s.count, s[start] == "-", s[start + 1] == ">" { return start + 2 }
        var j = start
        while j + 2 < s.count {
            if s[j] == "-", s[j + 1] == "-", s[j + 2] == ">" { return j + 3 }
            j += 1
        }
        return s.count
    }

    func skip(past c: Unicode.Scalar, from start: Int) -> Int {
        var j = start
        while j < s.count, s[j] != c { j += 1 }
        return min(j + 1, s.count)
    }

    /// Index of the `</name` that closes a raw text element, or the end.
    func skipRawText(_ name: String) -> Int {
        let n = Array(name.unicodeScalars)
        var j = i
        while j + 1 < s.count {
            if s[j] == "<", s[j + 1] == "/", j + 2 + n.count <= s.count {
                var k = 0
                while k < n.count {
                    let v = s[j + 2 + k].value
                    let lower = v >= 0x41 && v <= 0x5A ? v + 0x20 : v
                    if lower != n[k].value { break }
                    k += 1
                }
                if k == n.count {
                    let after = j + 2 + n.count
                    if after == s.count || [" ", "\t", "\n", "\r", "/", ">"].contains(s[after]) { return j }
                }
            }
            j += 1
        }
        return s.count
    }

    /// The character reference at `i` (at `&`), `i` moved past it; a `&`
    /// that starts none is itself.
    mutating func reference() -> Unicode.Scalar {
        var j = i + 1
        if j < s.count, s[j] == "#" {
            j += 1
            var hex = false
            if j < s.count, s[j] == "x" || s[j] == "X" { hex = true; j += 1 }
            var value: UInt32 = 0
            var digits = 0
            while j < s.count {
                let v = s[j].value
                let d: UInt32
                if v >= 0x30 && v <= 0x39 { d = v - 0x30 }
                else if hex && v >= 0x61 && v <= 0x66 { d = v - 0x61 + 10 }
                else if hex && v >= 0x41 && v <= 0x46 { d = v - 0x41 + 10 }
                else { break }
                value = min(value * (hex ? 16 : 10) + d, 0x110000)
                digits += 1
                j += 1
            }
            guard digits > 0 else { i += 1; return "&" }
            if j < s.count, s[j] == ";" { j += 1 }
            i = j
            return HTMLEntities.numeric(value)
        }
        var name = String.UnicodeScalarView()
        while j < s.count, name.count < 32, isLetter(s[j]) || (s[j].value >= 0x30 && s[j].value <= 0x39) {
            name.append(s[j])
            j += 1
        }
        let key = String(name)
        if j < s.count, s[j] == ";", let v = HTMLEntities.named[key], let c = Unicode.Scalar(v) {
            i = j + 1
            return c
        }
        if HTMLEntities.withoutSemicolon.contains(key), let v = HTMLEntities.named[key], let c = Unicode.Scalar(v) {
            i = j
            return c
        }
        i += 1
        return "&"
    }

    func isLetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
}

/// The text being built, with browser-like white space: spaces wait until
/// the next character (so none end a line), line breaks requested by
/// blocks wait until there is text after them (so none pile up).
struct HTMLTextOutput {
    var scalars: [Unicode.Scalar] = []
    var pendingSpace = false
    var pendingBreak = false
    /// No text yet in the current table cell: a block here does not break the row.
    var freshCell = false
    /// The pending break ends a table: a next cell of an outer table
    /// starts on a new line, not after the inner table's last row.
    var strongBreak = false

    /// True at the start of the output, of a line, or right after a tab.
    var atLineStart: Bool {
        guard let last = scalars.last else { return true }
        return last == "\n" || last == "\t"
    }

    mutating func flushBreak() {
        if pendingBreak && !scalars.isEmpty && scalars.last != "\n" { scalars.append("\n") }
        pendingBreak = false
        strongBreak = false
    }

    mutating func char(_ c: Unicode.Scalar) {
        flushBreak()
        if pendingSpace && !atLineStart { scalars.append(" ") }
        pendingSpace = false
        freshCell = false
        scalars.append(c)
    }

    mutating func literal(_ c: Unicode.Scalar) {
        flushBreak()
        pendingSpace = false
        freshCell = false
        scalars.append(c)
    }

    mutating func space() { pendingSpace = true }

    mutating func block(strong: Bool = false) {
        if freshCell { return }
        pendingBreak = true
        strongBreak = strongBreak || strong
        pendingSpace = false
    }

    mutating func hardBreak() {
        flushBreak()
        pendingSpace = false
        scalars.append("\n")
    }

    mutating func tab() {
        if strongBreak { flushBreak() }
        pendingBreak = false
        pendingSpace = false
        scalars.append("\t")
    }

    mutating func cellStart() { freshCell = true }

    /// The text: trailing spaces of each line removed, at most one empty
    /// line in a row, none at the start or the end.
    func finished() -> String {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var blank = 0
        var started = false
        var start = 0
        var i = 0
        while i <= scalars.count {
            if i == scalars.count || scalars[i] == "\n" {
                var end = i
                while end > start && scalars[end - 1] == " " { end -= 1 }
                if end == start {
                    blank += 1
                } else {
                    if started {
                        result.append("\n")
                        if blank > 0 { result.append("\n") }
                    }
                    result += scalars[start..<end]
                    started = true
                    blank = 0
                }
                start = i + 1
            }
            i += 1
        }
        return string(result)
    }
}
