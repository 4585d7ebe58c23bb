import ImageCodec
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

    /// The compressed image stream, for a caller that keeps it elsewhere
    /// for a while (see `hollow` and `filled`).
    public var payload: [UInt8] { image.data }

    /// This page without its stream: what a caller keeps in memory while
    /// the stream waits on disk.
    public var hollow: EncodedPage {
        var image = image
        image.data = []
        return EncodedPage(w: w, h: h, image: image)
    }

    /// A hollow page with its stream put back.
    public func filled(_ payload: [UInt8]) -> EncodedPage {
        var image = image
        image.data = payload
        return EncodedPage(w: w, h: h, image: image)
    }
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

extension PDFDocumentWriter {
    /// Burns more boxes into a page compressed earlier, for the document
    /// pass (a value found on a later page that also stands on this one).
    /// The stream is our own: a Flate stream of the burned pixels, or a JPEG
    /// our encoder wrote from them; it is decoded, burned and encoded again
    /// under the same policy. Nothing of the source is read here.
    public func reburn(_ page: EncodedPage, index: Int, boxes: [Rect], scale: Double) throws(EncodeError) -> EncodedPage {
        let img = page.image
        var pixmap: Pixmap
        switch img.filter {
        case .flate:
            let raw = try Flate.decompress(img.data, expectedCount: img.width * img.height * (img.gray ? 1 : 3))
            pixmap = Pixmap(width: img.width, height: img.height, channels: img.gray ? 1 : 3, samples: raw)
        case .dct:
            let decoded: [DecodedImage]
            do { decoded = try ImageDecoder.decode(img.data, caps: ImageCaps()) } catch { throw .jpegFailed(page: index) }
            guard decoded.count == 1, decoded[0].pixels.width == img.width, decoded[0].pixels.height == img.height else {
                throw .jpegFailed(page: index)
            }
            pixmap = decoded[0].pixels
        }
        pixmap.burn(boxes, scale: scale)
        return EncodedPage(w: page.w, h: page.h, image: try encoding.encode(pixmap, page: index))
    }
}
