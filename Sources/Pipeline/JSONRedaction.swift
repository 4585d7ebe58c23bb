import Detect
import RedactCore
import TextFormats

extension Redactor {
    /// A JSON file as the lines detection reads. Masks go inside the
    /// strings (`JSONDocument.serialized`): the output is JSON with the same
    /// structure, keys and spacing.
    ///
    /// Each string and number is laid out as a line `key: value`, the key
    /// spelled as words (`dateOfBirth` and `date_of_birth` both read
    /// `date of birth`), so a key gives its value the context a printed
    /// label gives on a form: `"iban": …`, `"phone": …`, `"name": …`. An
    /// array's items stand under the array's key. A value with line breaks
    /// continues on lines of its own, so an address held in one string reads
    /// as an address block. A key that is not a plain field name (it holds a
    /// space, a digit or an `@`: a name, an e-mail or an account number used
    /// as a key) is read too, on a line of its own.
    ///
    /// Not JSON (`JSONDocument` says why): nil, and the file is read as
    /// plain text.
    static func jsonLines(_ text: String)
        -> (doc: JSONDocument, lines: [[Unicode.Scalar]], shows: [(value: Int, lineStart: Int, valueStart: Int)])? {
        guard let doc = try? JSONDocument(parsing: Array(text.unicodeScalars)) else { return nil }
        var lines: [[Unicode.Scalar]] = []
        // Per line: the value it shows, and where that value's scalars start
        // on the line and in the value.
        var shows: [(value: Int, lineStart: Int, valueStart: Int)] = []
        for (i, v) in doc.values.enumerated() where !v.scalars.isEmpty {
            if v.kind == .key {
                guard !isFieldName(v.scalars) else { continue }
                lines.append(v.scalars)
                shows.append((i, 0, 0))
                continue
            }
            var prefix: [Unicode.Scalar] = []
            if let key = v.key, !key.isEmpty { prefix = labelWords(key) + [":", " "] }
            var segmentStart = 0
            // Every line break ends a segment, and so does the end.
            for k in 0...v.scalars.count where k == v.scalars.count || v.scalars[k] == "\n" {
                var segment = Array(v.scalars[segmentStart..<k])
                if segment.last == "\r" { segment.removeLast() }
                let lead = segmentStart == 0 ? prefix : []
                lines.append(lead + segment)
                shows.append((i, lead.count, segmentStart))
                segmentStart = k + 1
            }
        }
        return (doc, lines, shows)
    }

    /// Spans of the laid-out lines as spans of the values they show (a
    /// label's words are ours, not the file's: the part of a span on them
    /// is dropped).
    static func valueSpans(_ lineSpans: UnitSpans, shows: [(value: Int, lineStart: Int, valueStart: Int)]) -> UnitSpans {
        var masked: UnitSpans = [:]
        for (line, spans) in lineSpans where line < shows.count {
            let (value, lineStart, valueStart) = shows[line]
            for s in spans {
                let lo = max(s.range.lowerBound, lineStart), hi = s.range.upperBound
                guard hi > lo else { continue }
                masked[value, default: []].append(((lo - lineStart + valueStart)..<(hi - lineStart + valueStart), s.category))
            }
        }
        return masked
    }

    /// `firstName`, `last_name`, `e-mail`, `Geburtsdatum`: made of letters
    /// and the joiners of identifiers only. Such a key names a field; any
    /// other key may itself be data.
    static func isFieldName(_ key: [Unicode.Scalar]) -> Bool {
        key.allSatisfy { s in
            s == "_" || s == "-" || s == "." || s == "$" || s.isAlphabeticFast
        }
    }

    /// A key as the words a label would print: `_`, `-` and `.` become
    /// spaces and a lower-to-upper case change starts a word
    /// (`dateOfBirth` → `date Of Birth`; label matching ignores case).
    static func labelWords(_ key: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var previous: Unicode.Scalar?
        for s in key {
            if s == "_" || s == "-" || s == "." {
                if out.last != " " { out.append(" ") }
            } else {
                if let p = previous, p.isLowercaseFast, s.isUppercaseFast { out.append(" ") }
                out.append(s)
            }
            previous = s
        }
        return out
    }
}
