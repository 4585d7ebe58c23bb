/// Parsing an Internet message (RFC 5322) with MIME (RFC 2045, 2046) into
/// a tree of `MailPart`s.
///
/// Everything works on the bytes, line by line, once per nesting level, so
/// time is linear in the input for a bounded depth. Hostile input fails
/// with a `MailError` at the limits below instead of exhausting memory or
/// the stack.
public enum MailMessage {
    /// Most multipart or message/rfc822 levels below the top (the top is 0).
    public static let maxDepth = 16
    /// Most parts in one message, the top one and every container counted.
    public static let maxParts = 500
    /// Most lines in one header section (of the message or of a part).
    public static let maxHeaderLines = 1000
    /// Most bytes in one header field, its folded lines together.
    public static let maxHeaderBytes = 64 * 1024

    /// Parses a whole message. An mbox `From ` line at the very start is
    /// skipped. Line ends may be CRLF or bare LF, mixed.
    public static func parse(_ bytes: [UInt8]) throws(MailError) -> MailPart {
        var input = bytes[...]
        if input.starts(with: "From ".utf8) {
            let eol = input.firstIndex(of: 0x0A) ?? input.endIndex
            input = input[(eol < input.endIndex ? eol + 1 : eol)...]
        }
        var count = 0
        return try part(input, depth: 0, defaultType: .defaultText, count: &count)
    }

    static func part(_ input: ArraySlice<UInt8>, depth: Int, defaultType: MediaType, count: inout Int) throws(MailError) -> MailPart {
        guard depth <= maxDepth else { throw .tooDeep }
        count += 1
        guard count <= maxParts else { throw .tooManyParts }
        let (headers, bodyStart) = try readHeaders(input)
        let probe = MailPart(headers: headers, mediaType: defaultType, body: [])
        var mediaType = defaultType
        if let ct = probe.header("Content-Type") {
            // An unreadable Content-Type is text/plain (RFC 2045 5.2).
            mediaType = MediaType.parse(ct) ?? .defaultText
        }
        let body = input[bodyStart...]
        if mediaType.isMultipart {
            // A multipart's own transfer encoding can only be an identity
            // one (RFC 2045 6.4); whatever it says, the body is read as is.
            guard let b = mediaType.parameters["boundary"], case let boundary = Array(trimmedTrailingSpace(b).utf8),
                  !boundary.isEmpty, boundary.count <= 200 else { throw .invalidBoundary }
            let childType: MediaType = mediaType.subtype == "digest" ? .defaultDigestPart : .defaultText
            var children: [MailPart] = []
            for slice in try splitMultipart(body, boundary: boundary) {
                children.append(try part(slice, depth: depth + 1, defaultType: childType, count: &count))
            }
            return MailPart(headers: headers, mediaType: mediaType, body: [], parts: children)
        }
        let decoded = try decodeTransfer(body, encoding: probe.header("Content-Transfer-Encoding"))
        if mediaType.isMessage {
            let inner = try part(decoded, depth: depth + 1, defaultType: .defaultText, count: &count)
            return MailPart(headers: headers, mediaType: mediaType, body: [], parts: [inner])
        }
        return MailPart(headers: headers, mediaType: mediaType, body: Array(decoded))
    }

    /// The header fields at the start of `input` and where the body starts.
    /// The section ends at an empty line (which is not part of the body) or
    /// at the first line that is neither a field nor a continuation (which
    /// is: senders that forget the empty line still have a body).
    static func readHeaders(_ input: ArraySlice<UInt8>) throws(MailError) -> (headers: [MailHeader], bodyStart: Int) {
        var headers: [MailHeader] = []
        var name: ArraySlice<UInt8> = []
        var value: [UInt8] = []
        var open = false
        var lines = 0
        func commit() {
            guard open else { return }
            headers.append(MailHeader(name: String(decoding: name, as: UTF8.self), value: trimmed(MailCharset.headerText(value[...]))))
            open = false
        }
        let end = input.endIndex
        var i = input.startIndex
        while i < end {
            var eol = i
            while eol < end && input[eol] != 0x0A { eol += 1 }
            let next = eol < end ? eol + 1 : end
            var contentEnd = eol
            if contentEnd > i && input[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if contentEnd == i {
                commit()
                return (headers, next)
            }
            lines += 1
            guard lines <= maxHeaderLines else { throw .tooManyHeaderLines }
            let first = input[i]
            if first == 0x20 || first == 0x09 {
                guard open else { commit(); return (headers, i) }
                guard value.count + (contentEnd - i) + name.count <= maxHeaderBytes else { throw .headerTooLong }
                value.append(contentsOf: input[i..<contentEnd])
                i = next
                continue
            }
            var j = i
            while j < contentEnd, input[j] > 0x20, input[j] < 0x7F, input[j] != UInt8(ascii: ":") { j += 1 }
            var k = j
            while k < contentEnd, input[k] == 0x20 || input[k] == 0x09 { k += 1 }
            guard j > i, k < contentEnd, input[k] == UInt8(ascii: ":") else {
                commit()
                return (headers, i)
            }
            commit()
            guard contentEnd - i <= maxHeaderBytes else { throw .headerTooLong }
            name = input[i..<j]
            value = Array(input[(k + 1)..<contentEnd])
            open = true
            i = next
        }
        commit()
        return (headers, end)
    }

    /// The bodies of the parts of a multipart body (RFC 2046 5.1.1): what
    /// lies between delimiter lines `--boundary` (then only white space,
    /// "transport padding"), the line break before each delimiter belonging
    /// to the delimiter. The preamble (before the first delimiter) and the
    /// epilogue (after `--boundary--`) are dropped. Without a close
    /// delimiter, the last part runs to the end; without any delimiter there
    /// are no parts.
    static func splitMultipart(_ body: ArraySlice<UInt8>, boundary: [UInt8]) throws(MailError) -> [ArraySlice<UInt8>] {
        let delimiter: [UInt8] = [0x2D, 0x2D] + boundary
        var parts: [ArraySlice<UInt8>] = []
        var partStart: Int? = nil
        let end = body.endIndex
        var lineStart = body.startIndex
        while lineStart < end {
            var eol = lineStart
            while eol < end && body[eol] != 0x0A { eol += 1 }
            let next = eol < end ? eol + 1 : end
            if eol - lineStart >= delimiter.count, body[lineStart..<(lineStart + delimiter.count)].elementsEqual(delimiter) {
                var k = lineStart + delimiter.count
                var close = false
                if k + 1 < eol, body[k] == 0x2D, body[k + 1] == 0x2D {
                    close = true
                    k += 2
                }
                while k < eol, body[k] == 0x20 || body[k] == 0x09 || body[k] == 0x0D { k += 1 }
                if k == eol {
                    if let s = partStart {
                        var e = lineStart
                        if e > s { e -= 1 } // the LF before the delimiter
                        if e > s && body[e - 1] == 0x0D { e -= 1 }
                        parts.append(body[s..<e])
                        guard parts.count <= maxParts else { throw .tooManyParts }
                    }
                    if close { return parts }
                    partStart = next
                }
            }
            lineStart = next
        }
        if let s = partStart { parts.append(body[s..<end]) }
        return parts
    }

    /// The body with its Content-Transfer-Encoding undone. The identity
    /// encodings (none, 7bit, 8bit, binary) give the same slice, not a copy.
    static func decodeTransfer(_ body: ArraySlice<UInt8>, encoding: String?) throws(MailError) -> ArraySlice<UInt8> {
        let s = Array((encoding ?? "").unicodeScalars)
        var i = 0
        HeaderLexer.skipCFWS(s, &i)
        switch asciiLowercased(HeaderLexer.token(s, &i)) {
        case "", "7bit", "8bit", "binary", "7-bit", "8-bit": return body
        case "base64": return try TransferEncoding.decodeBase64(body)[...]
        case "quoted-printable": return TransferEncoding.decodeQuotedPrintable(body)[...]
        default: throw .unknownTransferEncoding
        }
    }

    static func trimmedTrailingSpace(_ s: String) -> String {
        var u = Substring(s).unicodeScalars
        while let last = u.last, last == " " || last == "\t" { u.removeLast() }
        return String(u)
    }
}
