import RedactCore

/// How an annotated span counts.
enum Mark: Sendable {
    /// `{{category|text}}`: personal data that must be found.
    case gold
    /// `{{?category|text}}`: organisation data a detector may flag; neither a
    /// hit nor a miss, and not counted among the non-personal words.
    case optional
    /// `{{!category|text}}`: looks like the category but fails its check; a
    /// non-personal word that must not be flagged.
    case negative
}

struct Span: Sendable {
    var mark: Mark
    var category: Category
    /// Scalar offsets into the document's plain text.
    var range: Range<Int>
    /// 1-based line in the plain text, for reports.
    var line: Int
}

struct Document: Sendable {
    var name: String
    var text: [Unicode.Scalar]
    var spans: [Span]
    /// The scalars that came from OCR, as `Detector.detect(_:ocr:)` takes
    /// them: the whole text of a document whose file name says "ocr"
    /// (de-finanzamt-ocr.txt), none of any other.
    var ocr: [Range<Int>] = []
}

enum CorpusError: Error, CustomStringConvertible {
    case malformed(file: String, line: Int, why: String)
    case unknownCategory(file: String, line: Int, raw: String)

    var description: String {
        switch self {
        case .malformed(let f, let l, let why): return "\(f):\(l): \(why)"
        case .unknownCategory(let f, let l, let raw): return "\(f):\(l): unknown category '\(raw)'"
        }
    }
}

/// Parses the markup: `{{` [`?`|`!`] category `|` text `}}`, text without
/// `}}`, no nesting. Everything else is plain text, taken as it is.
func parseDocument(name: String, markup: String) throws -> Document {
    let src = Array(markup.unicodeScalars)
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(src.count)
    var spans: [Span] = []
    var line = 1
    var i = 0
    let open: Unicode.Scalar = "{", close: Unicode.Scalar = "}", bar: Unicode.Scalar = "|"
    while i < src.count {
        let c = src[i]
        if c == close, i + 1 < src.count, src[i + 1] == close {
            throw CorpusError.malformed(file: name, line: line, why: "'}}' outside an annotation")
        }
        guard c == open, i + 1 < src.count, src[i + 1] == open else {
            if c == "\n" { line += 1 }
            out.append(c)
            i += 1
            continue
        }
        var j = i + 2
        var mark = Mark.gold
        if j < src.count, src[j] == "?" { mark = .optional; j += 1 } else if j < src.count, src[j] == "!" { mark = .negative; j += 1 }
        let catStart = j
        while j < src.count, src[j] != bar, src[j] != "\n", j - catStart < 20 { j += 1 }
        guard j < src.count, src[j] == bar else {
            throw CorpusError.malformed(file: name, line: line, why: "'{{' without 'category|'")
        }
        var raw = String.UnicodeScalarView()
        raw.append(contentsOf: src[catStart..<j])
        guard let category = Category(rawValue: String(raw)), category != .term else {
            throw CorpusError.unknownCategory(file: name, line: line, raw: String(raw))
        }
        j += 1
        let valueStart = out.count
        let startLine = line
        while j < src.count, !(src[j] == close && j + 1 < src.count && src[j + 1] == close) {
            if src[j] == open, j + 1 < src.count, src[j + 1] == open {
                throw CorpusError.malformed(file: name, line: line, why: "nested '{{'")
            }
            if src[j] == "\n" { line += 1 }
            out.append(src[j])
            j += 1
        }
        guard j < src.count else { throw CorpusError.malformed(file: name, line: startLine, why: "'{{' never closed") }
        if out.count == valueStart {
            throw CorpusError.malformed(file: name, line: startLine, why: "empty annotation")
        }
        spans.append(Span(mark: mark, category: category, range: valueStart..<out.count, line: startLine))
        i = j + 2
    }
    let ocr = name.lowercased().contains("ocr") ? [0..<out.count] : []
    return Document(name: name, text: out, spans: spans, ocr: ocr)
}
