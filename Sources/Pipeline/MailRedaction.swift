import Detect
import ImageCodec
import Posix
import RedactCore
import TextFormats

/// A saved e-mail (`.eml`) redacted into a new message, written from values
/// (`MailWriter`), never by copying the input:
///
/// - Headers: From, To, Cc and Reply-To keep their structure, every display
///   name masked as a name and every address replaced by
///   `redacted@redacted.invalid` (a reserved domain: a valid address that
///   reaches no one), unless the user kept it in review. Subject is read
///   like body text. Date is kept. Every other header (Received,
///   Message-ID, X-*, Return-Path, DKIM, User-Agent, …) is dropped.
/// - Bodies: text/plain as text, text/html reduced to the text a reader
///   sees (`HTMLText`); of a multipart/alternative, the plain text when
///   there is one. Header lines and bodies are one document for detection,
///   as a PDF's pages are, so a name in the greeting is found in the
///   signature too. Bodies are written as text/plain, UTF-8.
/// - Attachments: PDFs and images go through their own pipelines and stay
///   attachments (named `attachment-N.redacted.EXT`: a file name may hold a
///   name); text, CSV and JSON attachments through the text pipeline, and
///   office documents through LibreOffice where it is installed. A
///   forwarded message is redacted the same way and stays a message. Any
///   other attachment, and a part that cannot be read, is dropped and listed
///   in a note part (its type and size only).
struct MailPlan {
    var lines: [[Unicode.Scalar]] = []
    /// Display names and addresses of the address headers: masked whatever
    /// detection says (`TextLayout.forced`).
    var forced: [(unit: Int, range: Range<Int>, category: Category, kind: String)] = []

    enum Header {
        /// `line`: the laid-out line; each entry's name and address ranges on it.
        case addresses(name: String, line: Int, entries: [(address: MailAddress, name: Range<Int>?, at: Range<Int>)])
        /// The subject's text starts at `start` on `line`.
        case subject(line: Int, start: Int)
        case date(String)
    }

    indirect enum Item {
        case text(lines: Range<Int>)
        case attachment(MailPart, index: Int)
        case message(Message)
        case dropped(String)
    }

    struct Message {
        var headers: [Header] = []
        var items: [Item] = []
    }

    static let addressHeaders = ["From", "To", "Cc", "Reply-To"]
    static let redactedAddress = "redacted@redacted.invalid"

    private var attachments = 0

    /// The plan of a parsed message; its text goes to `lines`.
    mutating func plan(_ message: MailPart) -> Message {
        var m = Message()
        if let date = message.header("Date").map(Self.plainDate), !date.isEmpty {
            m.headers.append(.date(date))
        }
        for name in Self.addressHeaders {
            let entries = message.headers(named: name).flatMap(MailAddress.parseList)
            guard !entries.isEmpty else { continue }
            var line = Array("\(name): ".unicodeScalars)
            var placed: [(address: MailAddress, name: Range<Int>?, at: Range<Int>)] = []
            for (k, e) in entries.enumerated() {
                if k > 0 { line += [",", " "] }
                var nameRange: Range<Int>?
                if let display = e.displayName, !display.isEmpty {
                    let s = Array(display.unicodeScalars)
                    nameRange = line.count..<(line.count + s.count)
                    line += s + [" "]
                }
                let a = Array(e.address.unicodeScalars)
                line += ["<"]
                let at = line.count..<(line.count + a.count)
                line += a + [">"]
                placed.append((e, nameRange, at))
                if let nameRange { forced.append((lines.count, nameRange, .name, "mail header")) }
                if !at.isEmpty { forced.append((lines.count, at, .email, "mail header")) }
            }
            m.headers.append(.addresses(name: name, line: lines.count, entries: placed))
            lines.append(line)
        }
        // A subject that cannot be read whole (an encoded word in a charset
        // we do not know) is dropped: masked it would not be, read it was not.
        if let subject = (try? message.strictlyDecodedHeader("Subject")) ?? nil {
            let prefix = Array("Subject: ".unicodeScalars)
            m.headers.append(.subject(line: lines.count, start: prefix.count))
            lines.append(prefix + Array(subject.unicodeScalars))
        }
        lines.append([])
        walk(message, into: &m.items)
        return m
    }

    /// A Date header's date and time only: a comment (`(CET)`, or anything
    /// a sender's software put in brackets) is dropped, and a value holding
    /// anything but what RFC 5322 dates are made of is dropped whole.
    static func plainDate(_ value: String) -> String {
        var out = ""
        var depth = 0
        for c in value.unicodeScalars {
            if c == "(" { depth += 1; continue }
            if c == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { out.unicodeScalars.append(c) }
        }
        let kept = out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let allowed = kept.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " ,:+-".unicodeScalars.contains($0)) }
        return allowed && kept.count <= 64 ? kept : ""
    }

    private mutating func walk(_ part: MailPart, into items: inout [Item]) {
        let type = part.mediaType
        if type.isMultipart {
            var children = part.parts
            if type.subtype == "alternative",
               let plain = children.first(where: { $0.mediaType.essence == "text/plain" && !$0.isAttachment })
                ?? children.first(where: { $0.mediaType.essence == "text/html" && !$0.isAttachment }) {
                children = [plain]
            }
            for c in children { walk(c, into: &items) }
            return
        }
        if type.isMessage {
            if let inner = part.parts.first { items.append(.message(plan(inner))) }
            return
        }
        if (type.essence == "text/plain" || type.essence == "text/html") && !part.isAttachment {
            let text: String
            do { text = type.essence == "text/html" ? HTMLText.text(try part.text()) : try part.unwrappedText() } catch {
                items.append(.dropped("a \(type.essence) part in a character set redactfs does not read"))
                return
            }
            let first = lines.count
            lines += Redactor.splitLines(text).lines
            lines.append([])
            items.append(.text(lines: first..<lines.count))
            return
        }
        attachments += 1
        items.append(.attachment(part, index: attachments))
    }
}

extension TextLayout {
    /// `find` with `forced` masks applied too.
    func with(forced: [(unit: Int, range: Range<Int>, category: Category, kind: String)]) -> TextLayout {
        var l = self
        l.forced = forced
        return l
    }
}

extension Redactor {
    /// Limits of a mail: the message whole, and its text (headers and
    /// bodies laid out) as a text file's.
    func redactMailFile(_ fd: FileDescriptor, output: NameMap.OutputType, size: Int64, decisions: AppliedDecisions?,
                        priority: Priority, start: Double) throws(RedactError) -> Redaction {
        guard output == .eml else { throw .unsupported }
        let bytes = try readWhole(fd, size: size, max: limits.maxMailBytes, limit: .mailBytes(max: limits.maxMailBytes))
        return try inProcess(start: start) { () throws(RedactError) in try redactMail(bytes, decisions: decisions, priority: priority) }
    }

    /// An mbox envelope line before the message, so the file is a mailbox of
    /// one message too: `mutt -f` opens nothing else, and Python's email
    /// package and mail clients take it as the envelope. Fixed, so the
    /// output stays the same for the same input.
    static let envelope = Array("From redacted@redacted.invalid Thu Jan  1 00:00:00 1970\r\n".utf8)

    /// The redacted message (see `MailPlan`). A message that does not parse
    /// (`MailError`) fails as damaged.
    public func redactMail(_ bytes: [UInt8], decisions: AppliedDecisions? = nil,
                           priority: Priority = .interactive) throws(RedactError) -> (bytes: [UInt8], counts: [Category: Int]) {
        let message: MailPart
        do { message = try MailMessage.parse(bytes) } catch { throw .damaged(.parse) }
        var plan = MailPlan()
        let root = plan.plan(message)
        let textBytes = plan.lines.reduce(0) { $0 + $1.count }
        guard textBytes <= limits.maxTextBytes else { throw .limitExceeded(.textBytes(max: limits.maxTextBytes)) }
        let spans: UnitSpans
        do {
            let slot = pool.acquire(priority)
            defer { pool.release(slot) }
            spans = find(in: Self.linesLayout(plan.lines).with(forced: plan.forced), decisions: decisions).spans
        }
        var counts: [Category: Int] = [:]
        for list in spans.values { for s in list { counts[s.category, default: 0] += 1 } }
        let writer = try write(root, lines: plan.lines, spans: spans, priority: priority, counts: &counts)
        do { return (Self.envelope + (try writer.bytes()), counts) } catch { throw .damaged(.encode) }
    }

    /// The message as the plan and the masks make it.
    func write(_ m: MailPlan.Message, lines: [[Unicode.Scalar]], spans: UnitSpans, priority: Priority,
               counts: inout [Category: Int]) throws(RedactError) -> MailWriter {
        var w = MailWriter()
        for h in m.headers {
            switch h {
            case .date(let d):
                w.headers.append(("Date", d))
            case .subject(let line, let start):
                let shown = Array(Masking.apply(spans[line] ?? [], to: lines[line]).unicodeScalars)
                w.headers.append(("Subject", String(String.UnicodeScalarView(shown.dropFirst(start)))))
            case .addresses(let name, let line, let entries):
                let masks = spans[line] ?? []
                func masked(_ r: Range<Int>) -> Bool { masks.contains { $0.range.overlaps(r) } }
                let list = entries.map { e -> MailAddress in
                    var display: String?
                    if let r = e.name {
                        display = masked(r) ? Masking.apply(masks.map { ($0.range.clamped(to: r).shifted(-r.lowerBound), $0.category) }
                                                                .filter { !$0.0.isEmpty }, to: Array(lines[line][r]))
                                            : e.address.displayName
                    }
                    return MailAddress(displayName: display, address: masked(e.at) ? MailPlan.redactedAddress : e.address.address)
                }
                w.headers.append((name, MailAddress.format(list)))
            }
        }
        var notes: [String] = []
        for item in m.items {
            switch item {
            case .text(let range):
                var body = ""
                for i in range {
                    body += Masking.apply(spans[i] ?? [], to: lines[i])
                    body += "\n"
                }
                w.parts.append(.text(body))
            case .message(let inner):
                w.parts.append(.message(try write(inner, lines: lines, spans: spans, priority: priority, counts: &counts),
                                        filename: nil))
            case .dropped(let why):
                notes.append(why)
            case .attachment(let part, let index):
                switch redactAttachment(part, index: index, priority: priority) {
                case .success(let (bytes, type, name, found)):
                    w.parts.append(.attachment(data: bytes, mediaType: type, filename: name))
                    for (c, n) in found { counts[c, default: 0] += n }
                case .failure(let failure):
                    notes.append("attachment \(index) (\(part.mediaType.essence), \(Self.size(part.body.count))): \(failure.why)")
                }
            }
        }
        if !notes.isEmpty {
            w.parts.append(.text("redactfs left out of this message what it could not redact:\n"
                                 + notes.map { "- \($0)\n" }.joined()))
        }
        if w.parts.isEmpty { w.parts.append(.text("")) }
        return w
    }

    /// Why an attachment is left out (for the note part: no text of it).
    struct AttachmentFailure: Error { var why: String }

    /// A PDF, image or text attachment through its own pipeline; anything
    /// else refused with the reason the note gives.
    func redactAttachment(_ part: MailPart, index: Int, priority: Priority)
        -> Result<([UInt8], String, String, [Category: Int]), AttachmentFailure> {
        let body = part.body
        let type = part.mediaType.essence
        let ext = part.filename.flatMap { n in n.lastIndex(of: ".").map { String(n[n.index(after: $0)...]).lowercased() } }
        let source: String
        if body.starts(with: Array("%PDF-".utf8)) || type == "application/pdf" {
            source = "a.pdf"
        } else if let format = ImageFormat.sniff(body) {
            source = "a." + (format == .jpeg ? "jpg" : format == .tiff ? "tif" : "\(format)")
        } else if let ext, ["txt", "csv", "tsv", "json", "md", "log"].contains(ext) {
            source = "a." + ext
        } else if let byType = ["text/plain": "a.txt", "text/csv": "a.csv", "application/json": "a.json"][type] {
            source = byType
        } else if office != nil, let ext, NameMap.sourceType(forFile: "a." + ext)?.isOffice == true {
            // An office attachment, where LibreOffice is installed: converted
            // in its sandbox and redacted as a PDF.
            source = "a." + ext
        } else {
            return .failure(AttachmentFailure(why: "redactfs does not redact this type, so it is not shown"))
        }
        let redaction: Redaction
        do {
            let fd = try MemoryFile.create("attachment")
            try fd.writeAll(body)
            try MemoryFile.seal(fd)
            redaction = try redact(fd, name: source, priority: priority)
        } catch let e as RedactError {
            return .failure(AttachmentFailure(why: "could not be redacted: \(e.message)"))
        } catch {
            return .failure(AttachmentFailure(why: "could not be redacted: \(error)"))
        }
        let out: [UInt8]
        do { out = try redaction.output.all() } catch { return .failure(AttachmentFailure(why: "could not be redacted: \(error)")) }
        let shownType = NameMap.outputType(forFile: source, multiPage: false) ?? .pdf
        let mime: String
        switch shownType {
        case .pdf: mime = "application/pdf"
        case .png: mime = "image/png"
        case .jpeg: mime = "image/jpeg"
        case .csv: mime = "text/csv; charset=utf-8"
        case .tsv: mime = "text/tab-separated-values; charset=utf-8"
        case .json: mime = "application/json"
        default: mime = "text/plain; charset=utf-8"
        }
        // The output type of a multi-page TIFF is a PDF: the name says what it is.
        let suffix = out.starts(with: Array("%PDF-".utf8)) ? NameMap.OutputType.pdf.suffix : shownType.suffix
        return .success((out, out.starts(with: Array("%PDF-".utf8)) ? "application/pdf" : mime,
                         "attachment-\(index)" + suffix, redaction.counts))
    }

    static func size(_ n: Int) -> String {
        n < 10_000 ? "\(n) bytes" : n < 10_000_000 ? "\(n / 1000) KB" : "\(n / 1_000_000) MB"
    }
}

extension Range where Bound == Int {
    func shifted(_ by: Int) -> Range<Int> { (lowerBound + by)..<(upperBound + by) }
}

extension Redactor {
    /// What `scan` and `review` list for a mail: its header lines and
    /// bodies as detection reads them (attachments are their own files).
    func scanMail(_ fd: FileDescriptor, decisions: AppliedDecisions?) throws(RedactError) -> [ScanPage] {
        let size: Int64
        do { size = try fd.status().size } catch { throw .io(.open, error.rawValue) }
        let bytes = try readWhole(fd, size: size, max: limits.maxMailBytes, limit: .mailBytes(max: limits.maxMailBytes))
        let message: MailPart
        do { message = try MailMessage.parse(bytes) } catch { throw .damaged(.parse) }
        var plan = MailPlan()
        _ = plan.plan(message)
        return listing(Self.linesLayout(plan.lines).with(forced: plan.forced), decisions: decisions)
    }
}
