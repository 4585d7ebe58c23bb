import Encode

/// A strict reader for exactly the PDFs `PDFWriter` writes, so the tests
/// check the bytes themselves rather than trusting the writer's own model.
/// Anything unexpected (a gap between objects, a bad xref entry, a stream
/// whose /Length is wrong) is a `MiniPDF.Failure`.
struct MiniPDF {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    indirect enum Value: Equatable {
        case name(String)
        case number(String)
        case ref(Int)
        case array([Value])
        case dict([String: Value])

        var dict: [String: Value]? { if case .dict(let d) = self { return d } else { return nil } }
        var array: [Value]? { if case .array(let a) = self { return a } else { return nil } }
        var name: String? { if case .name(let n) = self { return n } else { return nil } }
        var ref: Int? { if case .ref(let r) = self { return r } else { return nil } }
        var int: Int? { if case .number(let s) = self { return Int(s) } else { return nil } }
        var double: Double? { if case .number(let s) = self { return Double(s) } else { return nil } }
    }

    struct Object {
        var number: Int
        var offset: Int
        var end: Int
        var dict: [String: Value]
        var stream: [UInt8]?
    }

    let bytes: [UInt8]
    /// 1...size-1 by object number.
    var objects: [Int: Object] = [:]
    var xrefOffset = 0
    var xrefEntries: [[UInt8]] = []
    var trailer: [String: Value] = [:]
    /// The file with every stream's data left out: the part where a
    /// dictionary key could hide.
    var structure: [UInt8] = []
    /// Every /Name token outside stream data.
    var names: Set<String> = []

    static let header = Array("%PDF-1.4\n%".utf8)

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        try parse()
    }

    // MARK: - Byte helpers

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func hasPrefix(_ s: String, at offset: Int) -> Bool {
        let p = Array(s.utf8)
        guard offset >= 0, offset + p.count <= bytes.count else { return false }
        return Array(bytes[offset..<(offset + p.count)]) == p
    }

    func expect(_ s: String, at offset: inout Int) throws {
        guard hasPrefix(s, at: offset) else {
            let end = min(bytes.count, offset + s.utf8.count + 8)
            throw Failure("expected \(s.debugDescription) at \(offset), found \(text(offset..<max(offset, end)).debugDescription)")
        }
        offset += s.utf8.count
    }

    func lastRange(of s: String) -> Int? {
        let p = Array(s.utf8)
        var i = bytes.count - p.count
        while i >= 0 {
            if Array(bytes[i..<(i + p.count)]) == p { return i }
            i -= 1
        }
        return nil
    }

    /// Decimal digits at `offset`, followed by `terminator`.
    func integer(at offset: inout Int, then terminator: String) throws -> Int {
        let start = offset
        while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
        guard offset > start, let n = Int(text(start..<offset)) else { throw Failure("expected an integer at \(start)") }
        try expect(terminator, at: &offset)
        return n
    }

    // MARK: - Structure

    mutating func parse() throws {
        // Header: %PDF-1.4, then a comment of four bytes >= 128.
        var pos = 0
        try expect("%PDF-1.4\n%", at: &pos)
        guard pos + 5 <= bytes.count, bytes[pos..<(pos + 4)].allSatisfy({ $0 >= 128 }), bytes[pos + 4] == 0x0A
        else { throw Failure("binary comment line missing") }
        pos += 5
        let firstObject = pos

        // Tail: startxref, %%EOF.
        guard hasSuffix("%%EOF\n") else { throw Failure("no %%EOF at the end") }
        guard let sx = lastRange(of: "\nstartxref\n") else { throw Failure("no startxref") }
        var p = sx + "\nstartxref\n".utf8.count
        xrefOffset = try integer(at: &p, then: "\n%%EOF\n")
        guard p == bytes.count else { throw Failure("bytes after %%EOF") }

        // xref table: one subsection from 0, entries of exactly 20 bytes.
        p = xrefOffset
        try expect("xref\n0 ", at: &p)
        let count = try integer(at: &p, then: "\n")
        for _ in 0..<count {
            guard p + 20 <= bytes.count else { throw Failure("xref table runs off the end") }
            xrefEntries.append(Array(bytes[p..<(p + 20)]))
            p += 20
        }
        try expect("trailer\n", at: &p)
        var t = try Tokens(self, from: p)
        guard let trailerDict = try t.value().dict else { throw Failure("trailer is not a dictionary") }
        trailer = trailerDict
        p = t.offset
        guard p == sx else { throw Failure("bytes between trailer and startxref") }

        guard xrefEntries.first.map({ String(decoding: $0, as: UTF8.self) }) == "0000000000 65535 f \n"
        else { throw Failure("entry 0 is not the free-list head") }

        // Every in-use entry points at its own `n 0 obj`, and the objects
        // tile the file from after the header to the xref table exactly.
        var spans: [(Int, Int)] = []
        for n in 1..<count {
            let e = String(decoding: xrefEntries[n], as: UTF8.self)
            let fields = e.split(separator: " ", omittingEmptySubsequences: false)
            guard e.utf8.count == 20, e.hasSuffix(" n \n"), fields.count == 4,
                  fields[0].count == 10, fields[1] == "00000", let offset = Int(fields[0])
            else { throw Failure("malformed xref entry \(n): \(e.debugDescription)") }
            let object = try parseObject(n, at: offset)
            objects[n] = object
            spans.append((object.offset, object.end))
        }
        spans.sort { $0.0 < $1.0 }
        var cursor = firstObject
        for (start, end) in spans {
            guard start == cursor else { throw Failure("unaccounted bytes at \(cursor)..<\(start)") }
            cursor = end
        }
        guard cursor == xrefOffset else { throw Failure("unaccounted bytes before xref at \(cursor)") }

        // The structure without stream data, for key searches.
        var s: [UInt8] = []
        var from = 0
        for object in objects.values.sorted(by: { $0.offset < $1.offset }) {
            if let stream = object.stream {
                // Stream data ends right before "\nendstream\nendobj\n".
                let dataEnd = object.end - "\nendstream\nendobj\n".utf8.count
                let dataStart = dataEnd - stream.count
                s += bytes[from..<dataStart]
                from = dataEnd
            }
        }
        s += bytes[from...]
        structure = s
    }

    func hasSuffix(_ s: String) -> Bool { hasPrefix(s, at: bytes.count - s.utf8.count) }

    mutating func parseObject(_ n: Int, at offset: Int) throws -> Object {
        var p = offset
        try expect("\(n) 0 obj\n", at: &p)
        var t = try Tokens(self, from: p)
        guard let dict = try t.value().dict else { throw Failure("object \(n) is not a dictionary") }
        names.formUnion(t.names)
        p = t.offset
        var stream: [UInt8]?
        if hasPrefix("\nstream\n", at: p) {
            p += "\nstream\n".utf8.count
            guard let length = dict["Length"]?.int, length >= 0, p + length <= bytes.count
            else { throw Failure("object \(n): bad /Length") }
            stream = Array(bytes[p..<(p + length)])
            p += length
            try expect("\nendstream\nendobj\n", at: &p)
        } else {
            try expect("\nendobj\n", at: &p)
        }
        return Object(number: n, offset: offset, end: p, dict: dict, stream: stream)
    }

    /// Tokens of the tiny subset of PDF syntax the writer uses.
    struct Tokens {
        let bytes: [UInt8]
        var offset: Int
        var names: Set<String> = []

        init(_ pdf: MiniPDF, from offset: Int) throws {
            bytes = pdf.bytes
            self.offset = offset
        }

        static func isDelimiter(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x0A || b == 0x2F || b == 0x3C || b == 0x3E || b == 0x5B || b == 0x5D
        }

        mutating func skipSpaces() {
            while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
        }

        func peek(_ s: String) -> Bool {
            let p = Array(s.utf8)
            return offset + p.count <= bytes.count && Array(bytes[offset..<(offset + p.count)]) == p
        }

        mutating func word() -> String {
            let start = offset
            while offset < bytes.count, !Tokens.isDelimiter(bytes[offset]) { offset += 1 }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// One value; spaces only between tokens, no newlines inside.
        mutating func value() throws -> Value {
            skipSpaces()
            if peek("<<") {
                offset += 2
                var d: [String: Value] = [:]
                while true {
                    skipSpaces()
                    if peek(">>") { offset += 2; return .dict(d) }
                    guard peek("/") else { throw Failure("expected a key at \(offset)") }
                    offset += 1
                    let key = word()
                    names.insert(key)
                    guard d[key] == nil else { throw Failure("duplicate key /\(key)") }
                    d[key] = try value()
                }
            }
            if peek("[") {
                offset += 1
                var a: [Value] = []
                while true {
                    skipSpaces()
                    if peek("]") { offset += 1; return .array(a) }
                    a.append(try value())
                }
            }
            if peek("/") {
                offset += 1
                let n = word()
                names.insert(n)
                return .name(n)
            }
            let w = word()
            guard !w.isEmpty, Double(w) != nil else { throw Failure("unexpected token at \(offset)") }
            // `n 0 R`
            let save = offset
            skipSpaces()
            if peek("0 R") , Int(w) != nil {
                offset += 3
                return .ref(Int(w)!)
            }
            offset = save
            return .number(w)
        }
    }

    // MARK: - Document

    struct Page {
        var mediaBox: [Double]
        var mediaBoxText: [String]
        var resources: [String: Value]
        var image: Object
        var content: Object
        var pageDict: [String: Value]
    }

    func pages() throws -> [Page] {
        guard let rootRef = trailer["Root"]?.ref, let catalog = objects[rootRef]?.dict,
              catalog["Type"] == .name("Catalog"),
              let pagesRef = catalog["Pages"]?.ref, let pagesDict = objects[pagesRef]?.dict,
              pagesDict["Type"] == .name("Pages"),
              let kids = pagesDict["Kids"]?.array, let count = pagesDict["Count"]?.int
        else { throw Failure("no Catalog -> Pages") }
        guard kids.count == count else { throw Failure("/Count \(count) but \(kids.count) kids") }
        return try kids.map { kid in
            guard let ref = kid.ref, let page = objects[ref], page.dict["Type"] == .name("Page"),
                  page.dict["Parent"] == .ref(pagesRef),
                  let box = page.dict["MediaBox"]?.array, box.count == 4,
                  let resources = page.dict["Resources"]?.dict,
                  let xobjects = resources["XObject"]?.dict,
                  let imRef = xobjects["Im0"]?.ref, let image = objects[imRef],
                  let contentRef = page.dict["Contents"]?.ref, let content = objects[contentRef]
            else { throw Failure("malformed page") }
            let numbers = box.compactMap(\.double)
            guard numbers.count == 4 else { throw Failure("MediaBox is not four numbers") }
            let texts: [String] = box.map { if case .number(let s) = $0 { return s } else { return "" } }
            return Page(mediaBox: numbers, mediaBoxText: texts, resources: resources,
                        image: image, content: content, pageDict: page.dict)
        }
    }
}
