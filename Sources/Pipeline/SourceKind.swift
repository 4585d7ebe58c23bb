import Posix
import RedactCore

/// What a source file is, decided from its name and its first bytes.
public enum SourceKind: Sendable, Equatable {
    case pdf

    /// PDF readers accept the header anywhere in the first 1024 bytes.
    static let headerWindow = 1024

    /// Classifies an open source by its magic bytes. The extension has
    /// already been checked by the name mapping.
    public static func classify(_ fd: FileDescriptor) throws(RedactError) -> SourceKind {
        let head: [UInt8]
        do { head = try fd.read(count: headerWindow, at: 0) } catch { throw .io(.classify, error.rawValue) }
        return try classify(head: head)
    }

    public static func classify(head: [UInt8]) throws(RedactError) -> SourceKind {
        let magic = Array("%PDF-".utf8)
        guard head.count >= magic.count else { throw .unsupported }
        for i in 0...(head.count - magic.count) where head[i] == magic[0] {
            if Array(head[i..<(i + magic.count)]) == magic { return .pdf }
        }
        throw .unsupported
    }
}
