/// One header field: the name as written, the value unfolded (the line
/// breaks of folding removed, the white space after them kept, RFC 5322
/// 2.2.3), leading and trailing white space trimmed, encoded words not
/// decoded (see `EncodedWords` and `MailPart.decodedHeader`).
public struct MailHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A message or one part of it, parsed.
///
/// A leaf has its transfer-decoded `body`; a multipart part has its
/// children in `parts`, and a message/rfc822 part has the enclosed message
/// as its one child in `parts`. A container's `body` is empty: its content
/// is in `parts` (preamble and epilogue are not kept).
public struct MailPart: Sendable, Equatable {
    public var headers: [MailHeader]
    public var mediaType: MediaType
    public var body: [UInt8]
    public var parts: [MailPart]

    public init(headers: [MailHeader], mediaType: MediaType, body: [UInt8], parts: [MailPart] = []) {
        self.headers = headers
        self.mediaType = mediaType
        self.body = body
        self.parts = parts
    }

    /// The value of the first header called `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let n = asciiLowercased(name)
        return headers.first { asciiLowercased($0.name) == n }?.value
    }

    /// The values of every header called `name`, in order.
    public func headers(named name: String) -> [String] {
        let n = asciiLowercased(name)
        return headers.filter { asciiLowercased($0.name) == n }.map(\.value)
    }

    /// The first header called `name` with its encoded words decoded
    /// (`EncodedWords.decode`; a word in a charset we do not read stays
    /// as written).
    public func decodedHeader(_ name: String) -> String? {
        header(name).map(EncodedWords.decode)
    }

    /// `decodedHeader`, but throwing when an encoded word cannot be
    /// decoded (`EncodedWords.decodeStrictly`): what the redaction of a
    /// header should use, since an undecoded word still carries the text.
    public func strictlyDecodedHeader(_ name: String) throws(MailError) -> String? {
        guard let v = header(name) else { return nil }
        return try EncodedWords.decodeStrictly(v)
    }

    /// Content-Disposition, parsed; nil when there is none.
    public var contentDisposition: ContentDisposition? {
        header("Content-Disposition").map(ContentDisposition.parse)
    }

    /// The file name: Content-Disposition `filename` (RFC 2231 `filename*`
    /// included), else Content-Type `name`, encoded words decoded (Outlook
    /// and Gmail write them in quoted parameters). Nil when neither is
    /// there or the name is blank.
    public var filename: String? {
        let raw = contentDisposition?.parameters["filename"] ?? mediaType.parameters["name"]
        guard let raw else { return nil }
        let name = trimmed(EncodedWords.decode(raw))
        return name.isEmpty ? nil : name
    }

    /// An attachment rather than a body: Content-Disposition `attachment`,
    /// or a part that is not text, not a container, and has a file name
    /// (an inline image with a name is a file the sender attached).
    public var isAttachment: Bool {
        if contentDisposition?.type == "attachment" { return true }
        if mediaType.isMultipart || mediaType.isMessage || mediaType.type == "text" { return false }
        return filename != nil
    }

    /// The body as text, read in the part's charset (us-ascii when none is
    /// given, RFC 2046 4.1.2). Throws `.unknownCharset` for a charset
    /// `MailCharset` does not read; invalid UTF-8 in a utf-8 or us-ascii
    /// part is read as Windows-1252 (see `MailCharset`).
    public func text() throws(MailError) -> String {
        let label = mediaType.charset ?? "us-ascii"
        guard let cs = MailCharset(label: label) else { throw MailError.unknownCharset(label: label) }
        return try cs.decode(body[...])
    }

    /// `text()`, with RFC 3676 soft line breaks joined when the part is
    /// text/plain with `format=flowed` (`FlowedText.unwrap`); otherwise
    /// `text()` unchanged.
    public func unwrappedText() throws(MailError) -> String {
        let t = try text()
        guard mediaType.essence == "text/plain", mediaType.parameters["format"].map({ asciiLowercased(trimmed($0)) }) == "flowed" else { return t }
        let delSp = mediaType.parameters["delsp"].map { asciiLowercased(trimmed($0)) } == "yes"
        return FlowedText.unwrap(t, delSp: delSp)
    }

    /// Every leaf (a part without children) of this tree, depth first, in
    /// the order they are written.
    public var leaves: [MailPart] {
        if parts.isEmpty && !mediaType.isMultipart && !mediaType.isMessage { return [self] }
        var out: [MailPart] = []
        var stack: [MailPart] = parts.reversed()
        while let p = stack.popLast() {
            if p.parts.isEmpty && !p.mediaType.isMultipart && !p.mediaType.isMessage {
                out.append(p)
            } else {
                stack.append(contentsOf: p.parts.reversed())
            }
        }
        return out
    }
}
