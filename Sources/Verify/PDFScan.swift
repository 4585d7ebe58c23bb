import CZlib

/// The structure checks of `redactfs verify` on a PDF, made on its bytes
/// with a tokenizer of our own: no PDF library, so a file built to fool
/// one reader is looked at by another, and nothing here renders or runs.
///
/// What a redacted output may hold: pages whose content streams only place
/// images (q, Q, cm, Do), image XObjects, and the catalog, page tree and
/// cross-reference data. Every name that carries text, metadata, actions,
/// scripts, forms, annotations or attachments is a finding, wherever it
/// stands (object streams are inflated and read too), and so is a stream
/// this scan cannot read. It fails closed: what it does not understand
/// it reports.
public enum PDFScan {
    /// Inflated bytes read at most, per stream and in all.
    static let maxStreamBytes = 256 << 20
    static let maxTotalBytes = 1 << 30

    /// Names that are findings wherever they stand, by category.
    static let forbidden: [String: (Finding.Category, String)] = {
        var m: [String: (Finding.Category, String)] = [:]
        for n in ["Metadata", "Info", "PieceInfo", "LastModified"] { m[n] = (.metadata, "document metadata (/\(n))") }
        for n in ["Font", "FontFile", "FontFile2", "FontFile3", "FontDescriptor", "ToUnicode"] {
            m[n] = (.font, "a font (/\(n))")
        }
        for n in ["Annots", "Annot", "Popup"] { m[n] = (.annotation, "annotations (/\(n))") }
        for n in ["AcroForm", "XFA", "Fields"] { m[n] = (.form, "a form (/\(n))") }
        for n in ["OpenAction", "AA", "Launch", "URI", "SubmitForm", "ImportData", "GoToR", "GoToE", "Rendition", "Sound", "Movie"] {
            m[n] = (.action, "an action (/\(n))")
        }
        for n in ["JavaScript", "JS"] { m[n] = (.javascript, "JavaScript (/\(n))") }
        for n in ["EmbeddedFile", "EmbeddedFiles", "FileAttachment", "RichMedia"] {
            m[n] = (.attachment, "an attached file (/\(n))")
        }
        for n in ["StructTreeRoot", "MarkInfo", "ActualText", "Alt", "Outlines", "Thumb", "OCProperties"] {
            m[n] = (.structure, "more than pages of images (/\(n))")
        }
        m["Encrypt"] = (.structure, "the file is encrypted (/Encrypt): its streams cannot be read")
        return m
    }()

    /// Operators a page of images may use.
    static let imageOperators: Set<String> = ["q", "Q", "cm", "Do"]
    static let textOperators: Set<String> = ["BT", "ET", "Tj", "TJ", "'", "\"", "Tf", "Td", "TD", "Tm", "T*"]

    public static func check(_ bytes: [UInt8]) -> [Finding] {
        var scan = Scanner(bytes: bytes)
        scan.run()
        var findings: [Finding] = []
        var seen = Set<String>()
        func add(_ f: Finding) {
            if seen.insert(f.line(withText: false)).inserted { findings.append(f) }
        }
        if !bytes.starts(with: Array("%PDF-".utf8)) { add(Finding(.structure, "no %PDF- header at the start")) }
        // One finding per kind of thing, naming every name that showed it.
        var byText: [String: (Finding.Category, [String])] = [:]
        var order: [String] = []
        for name in scan.names.sorted() {
            guard let (category, text) = forbidden[name] else { continue }
            let kind = String(text.prefix { $0 != "(" }).trimmingSuffix(" ")
            if byText[kind] == nil { order.append(kind); byText[kind] = (category, []) }
            byText[kind]!.1.append("/" + name)
        }
        for kind in order {
            let (category, names) = byText[kind]!
            add(Finding(category, kind + " (" + names.joined(separator: ", ") + ")"))
        }
        if scan.revisions > 1 {
            add(Finding(.revision, "\(scan.revisions) revisions (incremental updates keep what earlier ones held)"))
        }
        if scan.revisions == 0 { add(Finding(.structure, "no cross-reference section (startxref)")) }
        for problem in scan.problems { add(Finding(.structure, problem)) }
        if scan.textOperators { add(Finding(.text, "text operators in a content stream (a text layer)")) }
        if !scan.otherOperators.isEmpty {
            add(Finding(.structure, "a content stream draws more than images (operators "
                + scan.otherOperators.sorted().joined(separator: " ") + "): shapes over an image can hide what the image still holds"))
        }
        if scan.formXObjects > 0 { add(Finding(.structure, "form XObjects (content beyond images)")) }
        if scan.images == 0 { add(Finding(.structure, "no image XObject: nothing to show")) }
        return findings
    }

    struct Scanner {
        let bytes: [UInt8]
        var names = Set<String>()
        var revisions = 0
        var problems: [String] = []
        var textOperators = false
        var otherOperators = Set<String>()
        var formXObjects = 0
        var images = 0
        /// Objects that pages name as their /Contents.
        var contentRefs = Set<Int>()
        var inflated = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() {
            var t = Tokenizer(bytes: bytes[...])
            var lastDict: [String: Token] = [:]
            var numbers: [Int] = []
            var object = -1
            var streams: [(object: Int, dict: [String: Token], data: ArraySlice<UInt8>)] = []
            while let tok = t.next() {
                switch tok {
                case .number(let v): numbers = Array((numbers + [Int(v) ?? -1]).suffix(2))
                case .other("obj"): object = numbers.first ?? -1
                case .dictOpen: lastDict = dict(&t)
                case .name(let n): names.insert(n)
                case .other("startxref"): revisions += 1
                case .other("stream"):
                    let data = t.streamData(length: lastDict["Length"])
                    // Packed objects first: the page dictionaries in them
                    // say which streams are page contents.
                    if Self.name(lastDict["Type"]) == "ObjStm" {
                        if let content = decode(lastDict, data) { objects(in: content) }
                    } else {
                        streams.append((object, lastDict, data))
                    }
                    lastDict = [:]
                default: break
                }
                if case .number = tok {} else { numbers = [] }
            }
            for s in streams { stream(s.object, s.dict, s.data) }
        }

        /// The objects of an object stream: their names and references
        /// count as any other object's.
        mutating func objects(in content: [UInt8]) {
            var t = Tokenizer(bytes: content[...])
            while let tok = t.next() {
                switch tok {
                case .dictOpen: _ = dict(&t)
                case .name(let n): names.insert(n)
                case .arrayOpen: array(&t, depth: 1)
                default: break
                }
            }
        }

        /// The rest of a dictionary (its `<<` read): direct values by key,
        /// a nested dictionary or array as `.dictOpen`/`.arrayOpen`. Every
        /// name in it goes into `names`.
        mutating func dict(_ t: inout Tokenizer, depth: Int = 0) -> [String: Token] {
            var out: [String: Token] = [:]
            var key: String?
            // The key has a number already: more numbers and an R make it a
            // reference (`n g R`), a name starts the next key.
            var numbered = false
            func set(_ v: Token) {
                if let k = key { out[k] = v }
                key = nil
                numbered = false
            }
            while let tok = t.next() {
                switch tok {
                case .dictClose: return out
                case .name(let n):
                    names.insert(n)
                    if key == nil || numbered { key = n; numbered = false } else { set(tok) }
                case .number:
                    if let k = key, !numbered { out[k] = tok; numbered = true }
                case .other("R"):
                    if key == "Contents", case .number(let v)? = out["Contents"], let n = Int(v) { contentRefs.insert(n) }
                    set(tok)
                case .dictOpen:
                    if depth < 64 { _ = dict(&t, depth: depth + 1) }
                    set(tok)
                case .arrayOpen:
                    if depth < 64 { array(&t, depth: depth + 1, references: key == "Contents") }
                    set(tok)
                case .other("stream"), .other("endobj"):
                    // A dictionary that never closed: the object ends here.
                    problems.append("a dictionary that does not close")
                    return out
                default: set(tok)
                }
            }
            return out
        }

        /// The rest of an array; with `references`, the objects it refers
        /// to are page contents.
        mutating func array(_ t: inout Tokenizer, depth: Int, references: Bool = false) {
            var numbers: [Int] = []
            while let tok = t.next() {
                switch tok {
                case .arrayClose: return
                case .name(let n): names.insert(n)
                case .dictOpen: if depth < 64 { _ = dict(&t, depth: depth + 1) }
                case .arrayOpen: if depth < 64 { array(&t, depth: depth + 1) }
                case .other("stream"), .other("endobj"): return
                case .number(let v): numbers = Array((numbers + [Int(v) ?? -1]).suffix(2))
                case .other("R"):
                    if references, numbers.count == 2 { contentRefs.insert(numbers[0]) }
                default: break
                }
                if case .number = tok {} else { numbers = [] }
            }
        }

        static func name(_ t: Token?) -> String? {
            if case .name(let n)? = t { return n }
            return nil
        }

        mutating func stream(_ object: Int, _ dict: [String: Token], _ data: ArraySlice<UInt8>) {
            let subtype = Self.name(dict["Subtype"])
            if subtype == "Image" { images += 1; return }
            if subtype == "Form" { formXObjects += 1 }
            // What a page draws: its content streams and the forms it places.
            // Other streams (fonts, CMaps, metadata, files) are findings by
            // the names that lead to them.
            guard contentRefs.contains(object) || subtype == "Form" else { return }
            if let content = decode(dict, data) { operators(in: content) }
        }

        /// A stream's bytes with its filter undone; nil (a problem noted)
        /// when this check cannot read it.
        mutating func decode(_ dict: [String: Token], _ data: ArraySlice<UInt8>) -> [UInt8]? {
            switch dict["Filter"] {
            case nil: return Array(data)
            case .name("FlateDecode")?: return inflate(data)
            case .name(let f)?:
                problems.append("a stream with /\(f) this check does not read")
                return nil
            default:
                // An array of filters, or a reference: not ours to guess.
                problems.append("a stream with a chain of filters this check does not read")
                return nil
            }
        }

        mutating func operators(in content: [UInt8]) {
            var t = Tokenizer(bytes: content[...])
            while let tok = t.next() {
                switch tok {
                case .name(let n): names.insert(n)
                case .other(let op):
                    if op == "BI" {
                        // An inline image: not what we write, and its data is no operator.
                        otherOperators.insert("BI")
                        t.skipInlineImage()
                    } else if Self.isOperator(op) {
                        if PDFScan.textOperators.contains(op) { textOperators = true }
                        else if !PDFScan.imageOperators.contains(op) { otherOperators.insert(op) }
                    }
                default: break
                }
            }
        }

        static func isOperator(_ s: String) -> Bool {
            !["true", "false", "null", "R"].contains(s)
        }

        /// Inflates a Flate stream within the caps; nil (and a problem
        /// noted) when it is damaged or too large to read.
        mutating func inflate(_ data: ArraySlice<UInt8>) -> [UInt8]? {
            var s = z_stream()
            guard inflateInit_(&s, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                problems.append("zlib could not start"); return nil
            }
            defer { inflateEnd(&s) }
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var input = Array(data)
            let cap = min(PDFScan.maxStreamBytes, PDFScan.maxTotalBytes - inflated)
            let code: Int32 = input.withUnsafeMutableBufferPointer { inp in
                s.next_in = inp.baseAddress
                s.avail_in = uInt(inp.count)
                while true {
                    let rc: Int32 = chunk.withUnsafeMutableBufferPointer { c in
                        s.next_out = c.baseAddress
                        s.avail_out = uInt(c.count)
                        return CZlib.inflate(&s, Z_NO_FLUSH)
                    }
                    let n = chunk.count - Int(s.avail_out)
                    out.append(contentsOf: chunk[0..<n])
                    if out.count > cap { return Z_MEM_ERROR }
                    if rc == Z_STREAM_END { return Z_OK }
                    if rc != Z_OK { return rc }
                    if n == 0 && s.avail_in == 0 { return Z_BUF_ERROR }
                }
            }
            guard code == Z_OK else {
                problems.append(code == Z_MEM_ERROR ? "a stream inflates past \(cap >> 20) MiB: not read"
                                                    : "a Flate stream that does not inflate")
                return nil
            }
            inflated += out.count
            return out
        }
    }

    enum Token: Equatable {
        case name(String)
        case number(String)
        case string
        case dictOpen, dictClose, arrayOpen, arrayClose
        case other(String)
    }

    /// PDF's lexical rules (ISO 32000 7.2): whitespace, delimiters,
    /// comments, names with #xx escapes, literal strings with nesting and
    /// escapes, hex strings.
    struct Tokenizer {
        let bytes: ArraySlice<UInt8>
        var at: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            at = bytes.startIndex
        }

        static func isWhite(_ c: UInt8) -> Bool { c == 0 || c == 9 || c == 10 || c == 12 || c == 13 || c == 32 }
        static func isDelimiter(_ c: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(c) }

        mutating func next() -> Token? {
            while at < bytes.endIndex {
                let c = bytes[at]
                if Self.isWhite(c) { at += 1; continue }
                if c == UInt8(ascii: "%") {
                    while at < bytes.endIndex, bytes[at] != 10, bytes[at] != 13 { at += 1 }
                    continue
                }
                break
            }
            guard at < bytes.endIndex else { return nil }
            let c = bytes[at]
            switch c {
            case UInt8(ascii: "/"):
                at += 1
                var name: [UInt8] = []
                while at < bytes.endIndex, !Self.isWhite(bytes[at]), !Self.isDelimiter(bytes[at]) {
                    if bytes[at] == UInt8(ascii: "#"), at + 2 < bytes.endIndex,
                       let v = UInt8(String(decoding: bytes[(at + 1)...(at + 2)], as: UTF8.self), radix: 16) {
                        name.append(v)
                        at += 3
                    } else {
                        name.append(bytes[at])
                        at += 1
                    }
                }
                return .name(String(decoding: name, as: UTF8.self))
            case UInt8(ascii: "<"):
                if at + 1 < bytes.endIndex, bytes[at + 1] == UInt8(ascii: "<") { at += 2; return .dictOpen }
                while at < bytes.endIndex, bytes[at] != UInt8(ascii: ">") { at += 1 }
                at += 1
                return .string
            case UInt8(ascii: ">"):
                at += (at + 1 < bytes.endIndex && bytes[at + 1] == UInt8(ascii: ">")) ? 2 : 1
                return .dictClose
            case UInt8(ascii: "["): at += 1; return .arrayOpen
            case UInt8(ascii: "]"): at += 1; return .arrayClose
            case UInt8(ascii: "{"), UInt8(ascii: "}"): at += 1; return .other(String(UnicodeScalar(c)))
            case UInt8(ascii: "("):
                var depth = 0
                while at < bytes.endIndex {
                    let b = bytes[at]
                    if b == UInt8(ascii: "\\") { at += 2; continue }
                    if b == UInt8(ascii: "(") { depth += 1 }
                    if b == UInt8(ascii: ")") { depth -= 1; if depth == 0 { at += 1; break } }
                    at += 1
                }
                return .string
            case UInt8(ascii: ")"):
                at += 1
                return .other(")")
            default:
                let start = at
                while at < bytes.endIndex, !Self.isWhite(bytes[at]), !Self.isDelimiter(bytes[at]) { at += 1 }
                let word = bytes[start..<at]
                if word.allSatisfy({ "0123456789+-.".utf8.contains($0) }) { return .number(String(decoding: word, as: UTF8.self)) }
                return .other(String(decoding: word, as: UTF8.self))
            }
        }

        /// After the `stream` keyword: the stream's bytes, up to its
        /// `endstream` (by /Length when it is a direct number that ends
        /// there, else by searching), and the tokenizer moved past it.
        mutating func streamData(length: Token?) -> ArraySlice<UInt8> {
            if at < bytes.endIndex, bytes[at] == 13 { at += 1 }
            if at < bytes.endIndex, bytes[at] == 10 { at += 1 }
            let start = at
            let end = Array("endstream".utf8)
            // /Length, when it is direct and `endstream` stands right after.
            if case .number(let v)? = length, let n = Int(v), n >= 0, n <= bytes.endIndex - start {
                var after = start + n
                while after < bytes.endIndex, Self.isWhite(bytes[after]) { after += 1 }
                if after + end.count <= bytes.endIndex, bytes[after..<(after + end.count)].elementsEqual(end) {
                    at = after + end.count
                    return bytes[start..<(start + n)]
                }
            }
            var i = start
            var found = bytes.endIndex
            while i + end.count <= bytes.endIndex {
                if bytes[i] == end[0], bytes[i..<(i + end.count)].elementsEqual(end) { found = i; break }
                i += 1
            }
            var stop = found
            if stop > start, bytes[stop - 1] == 10 { stop -= 1 }
            if stop > start, bytes[stop - 1] == 13 { stop -= 1 }
            at = min(bytes.endIndex, found + end.count)
            return bytes[start..<stop]
        }

        /// Skips an inline image's data: from `ID` to the `EI` after it.
        mutating func skipInlineImage() {
            while let tok = next() {
                if case .other("ID") = tok { break }
            }
            at += 1
            while at + 1 < bytes.endIndex {
                if bytes[at] == UInt8(ascii: "E"), bytes[at + 1] == UInt8(ascii: "I"),
                   at > bytes.startIndex, Self.isWhite(bytes[at - 1]),
                   at + 2 >= bytes.endIndex || Self.isWhite(bytes[at + 2]) {
                    at += 2
                    return
                }
                at += 1
            }
            at = bytes.endIndex
        }
    }
}

extension String {
    func trimmingSuffix(_ c: Character) -> String {
        var s = self
        while s.last == c { s.removeLast() }
        return s
    }
}
