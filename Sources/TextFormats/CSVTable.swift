/// A CSV or TSV file as a table: records of fields, RFC 4180 quoting (a
/// field in double quotes may hold the separator, line breaks and doubled
/// quotes), the separator guessed from the text. Written back with the same
/// separator and line ending, each field quoted when it must be, so the
/// output is valid CSV with the same columns.
public struct CSVTable: Sendable, Equatable {
    public var records: [[String]]
    public var separator: Character
    /// "\r\n" or "\n": what most records of the input ended with.
    public var lineEnding: String

    public init(records: [[String]], separator: Character, lineEnding: String = "\n") {
        self.records = records
        self.separator = separator
        self.lineEnding = lineEnding
    }

    /// Separators tried when guessing, in order of preference on a tie.
    public static let candidates: [Character] = [",", ";", "\t", "|"]

    /// Parses `text`. `separator` nil: guessed (`guessSeparator`).
    public static func parse(_ text: String, separator: Character? = nil) -> CSVTable {
        let sep = separator ?? guessSeparator(text)
        let (records, crlf, lf) = split(text, separator: sep)
        return CSVTable(records: records, separator: sep, lineEnding: crlf > lf ? "\r\n" : "\n")
    }

    /// The candidate that splits the first records (up to 50) into the same
    /// number of fields, more than one, most often; "," when none does.
    public static func guessSeparator(_ text: String) -> Character {
        let sample = String(text.prefix(64 * 1024))
        var best: (sep: Character, score: Int) = (",", 0)
        for sep in candidates {
            let records = split(sample, separator: sep).records.prefix(50).filter { !($0.count == 1 && $0[0].isEmpty) }
            guard let first = records.first, first.count > 1 else { continue }
            // Records agreeing with the first record's width, weighted by it.
            let score = records.filter { $0.count == first.count }.count * first.count
            if score > best.score { best = (sep, score) }
        }
        return best.sep
    }

    /// The records of `text`, and how many ended in CRLF and in LF alone.
    static func split(_ text: String, separator sep: Character) -> (records: [[String]], crlf: Int, lf: Int) {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false       // inside a quoted field
        var wasQuoted = false    // the current field began with a quote
        var crlf = 0, lf = 0
        // "\r\n" is one Character in Swift.
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count && chars[i + 1] == "\"" { field.append("\""); i += 2; continue }
                    quoted = false
                } else {
                    field.append(c)
                }
                i += 1
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
            case sep:
                record.append(field)
                field = ""
                wasQuoted = false
            case "\r\n", "\n", "\r":
                if c == "\r\n" { crlf += 1 } else { lf += 1 }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                wasQuoted = false
            default:
                // A quote inside an unquoted field, or text after a closing
                // quote, is kept as it stands (lenient, as spreadsheets are).
                field.append(c)
            }
            i += 1
        }
        // The last record without a line ending (or in an unterminated
        // quote) still counts.
        if quoted || wasQuoted || !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return (records, crlf, lf)
    }

    /// The table as text: fields quoted when they hold the separator, a
    /// quote, a line break, or space at either end.
    public func serialized() -> String {
        var out = ""
        for record in records {
            out += record.map(quotedIfNeeded).joined(separator: String(separator))
            out += lineEnding
        }
        return out
    }

    func quotedIfNeeded(_ field: String) -> String {
        let special: Set<Character> = [separator, "\"", "\n", "\r", "\r\n"]
        let needs = field.contains { special.contains($0) } || field.first == " " || field.last == " "
        guard needs else { return field }
        var out = "\""
        for c in field {
            if c == "\"" { out.append("\"\"") } else { out.append(c) }
        }
        out.append("\"")
        return out
    }
}
