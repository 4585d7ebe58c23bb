import Imaging
import RedactCore

/// One page compressed ahead of its place in the file. The pages of a
/// document read by several workers arrive out of order; each is compressed
/// as it arrives (its pixels dropped) and added in page order at the end.
public struct EncodedPage: Sendable {
    let w: PDFNumber
    let h: PDFNumber
    let image: EncodedImage
    /// Compressed bytes held.
    public var byteCount: Int { image.data.count }
}

extension PDFDocumentWriter {
    /// Validates and compresses page `index` without adding it. Thread-safe:
    /// it reads only the writer's settings.
    public func encode(_ page: OutputPage, index: Int) throws(EncodeError) -> EncodedPage {
        let (w, h) = try Self.validate(page, index: index)
        return EncodedPage(w: w, h: h, image: try encoding.encode(page.image, page: index))
    }

    /// Adds a page compressed by `encode(_:index:)` as the next page.
    public mutating func add(_ page: EncodedPage) {
        pages.append((page.w, page.h, page.image))
    }
}
