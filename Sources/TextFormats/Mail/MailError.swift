/// What went wrong reading or writing a message. The cases carry no text of
/// the message (these errors may be logged): only the one thing that is
/// named by the standard and needed to act, a charset label, and that is cut
/// to a short run of token characters.
public enum MailError: Error, Sendable, Equatable {
    /// Multipart or message/rfc822 nesting deeper than `MailMessage.maxDepth`.
    case tooDeep
    /// More parts than `MailMessage.maxParts` in one message.
    case tooManyParts
    /// A header section of more than `MailMessage.maxHeaderLines` lines.
    case tooManyHeaderLines
    /// One header (unfolded) longer than `MailMessage.maxHeaderBytes`.
    case headerTooLong
    /// A multipart part with no boundary parameter, or an empty or overlong one.
    case invalidBoundary
    /// A base64 body (or, from `EncodedWords.decodeStrictly`, a B encoded
    /// word) with a byte outside the alphabet, padding and white space.
    case invalidBase64
    /// A Content-Transfer-Encoding other than 7bit, 8bit, binary, base64
    /// and quoted-printable (x-uuencode, ...): the body cannot be read.
    case unknownTransferEncoding
    /// `text()` of a part, or an encoded word in `decodeStrictly`, in a
    /// charset this library does not read.
    case unknownCharset(String)
    /// Bytes that the declared charset cannot read and for which there is no
    /// sensible fallback (UTF-16 of odd length, an unpaired surrogate).
    case invalidText
    /// `MailWriter`: a header name that is empty or not printable ASCII
    /// without a colon, or a header the writer sets itself.
    case invalidHeaderName

    /// The charset label as it may be shown: lowercased token characters,
    /// at most 40 of them.
    static func unknownCharset(label: String) -> MailError {
        var s = String.UnicodeScalarView()
        for c in label.unicodeScalars.prefix(40) {
            let v = c.value
            if (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || v == 0x2D || v == 0x5F || v == 0x2E || v == 0x3A {
                s.append(c)
            } else if v >= 0x41 && v <= 0x5A {
                s.append(Unicode.Scalar(v + 0x20)!)
            } else {
                s.append("?")
            }
        }
        return .unknownCharset(String(s))
    }
}
