import ImageCodec
import Posix
import RedactCore

/// What a source file is, decided from its name and its first bytes.
public enum SourceKind: Sendable, Equatable {
    case pdf
    case image(ImageFormat)
    /// A text file (`.txt`, `.md`, `.log`: lines; `.csv`, `.tsv`: a table).
    case text(TextKind)
    /// A saved e-mail (`.eml`).
    case mail
    /// An office document (`.docx`, `.odt` …), converted to a PDF by LibreOffice.
    case office(NameMap.SourceType)

    /// PDF readers accept the header anywhere in the first 1024 bytes.
    static let headerWindow = 1024

    /// Classifies an open source by its magic bytes alone.
    public static func classify(_ fd: FileDescriptor) throws(RedactError) -> SourceKind {
        try classify(head: try head(fd))
    }

    /// Classifies an open source by its magic bytes, which must agree with
    /// the type its name promises (see `classify(head:name:)`).
    public static func classify(_ fd: FileDescriptor, name: String) throws(RedactError) -> SourceKind {
        try classify(head: try head(fd), name: name)
    }

    static func head(_ fd: FileDescriptor) throws(RedactError) -> [UInt8] {
        do { return try fd.read(count: headerWindow, at: 0) } catch { throw .io(.classify, error.rawValue) }
    }

    /// An image signature at offset 0, else a PDF header in the first 1024
    /// bytes, else `.unsupported`.
    public static func classify(head: [UInt8]) throws(RedactError) -> SourceKind {
        if let format = ImageFormat.sniff(head) { return .image(format) }
        if hasPDFHeader(head) { return .pdf }
        throw .unsupported
    }

    /// Magic bytes checked against the name: a `.pdf` must carry a PDF
    /// header; a `.tif`/`.tiff` (shown as a PDF) any image; the other image
    /// names (shown as one PNG or JPEG) any image but TIFF, which may hold
    /// many pages. So a misnamed photo still shows, a PDF named `.png` or a
    /// multi-page TIFF named `.jpg` does not. Anything else: `.unsupported`.
    public static func classify(head: [UInt8], name: String) throws(RedactError) -> SourceKind {
        guard let type = NameMap.sourceType(forFile: name) else { throw .unsupported }
        switch type {
        case .pdf:
            guard hasPDFHeader(head) else { throw .unsupported }
            return .pdf
        case .tiff:
            guard let format = ImageFormat.sniff(head) else { throw .unsupported }
            return .image(format)
        case .png, .jpeg, .webp, .bmp, .gif:
            guard let format = ImageFormat.sniff(head), format != .tiff else { throw .unsupported }
            return .image(format)
        case .txt, .md, .log, .csv, .tsv, .json:
            // The first bytes look like text; the whole file is decoded
            // (and refused if it is not text) when it is redacted.
            guard looksLikeText(head) else { throw .unsupported }
            switch type {
            case .csv: return .text(.table(separator: nil))
            case .tsv: return .text(.table(separator: "\t"))
            case .json: return .text(.json)
            default: return .text(.plain)
            }
        case .eml:
            // Headers are text; the whole message is parsed when redacted.
            guard looksLikeText(head) else { throw .unsupported }
            return .mail
        case .docx, .odt, .xlsx, .ods, .pptx, .odp, .doc, .rtf:
            guard officeMagicAgrees(head, type: type) else { throw .unsupported }
            return .office(type)
        }
    }

    /// OOXML and OpenDocument files are ZIP archives; a `.doc` is an OLE2
    /// compound file (or RTF that Word saved under that name); RTF starts
    /// with `{\rtf`.
    static func officeMagicAgrees(_ head: [UInt8], type: NameMap.SourceType) -> Bool {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        let ole2: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        let rtf = Array("{\\rtf".utf8)
        switch type {
        case .docx, .odt, .xlsx, .ods, .pptx, .odp: return head.starts(with: zip)
        case .doc: return head.starts(with: ole2) || head.starts(with: rtf)
        case .rtf: return head.starts(with: rtf)
        default: return false
        }
    }

    /// No NUL byte, unless the file starts with a UTF-16 mark; no image or
    /// PDF signature (a PDF named `.txt` is not shown as text).
    static func looksLikeText(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return true }
        return !head.contains(0) && ImageFormat.sniff(head) == nil && !hasPDFHeader(head)
    }

    static func hasPDFHeader(_ head: [UInt8]) -> Bool {
        let magic = Array("%PDF-".utf8)
        let window = head.prefix(headerWindow)
        guard window.count >= magic.count else { return false }
        for i in 0...(window.count - magic.count) where window[i] == magic[0] {
            if Array(window[i..<(i + magic.count)]) == magic { return true }
        }
        return false
    }
}
