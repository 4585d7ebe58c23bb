import Imaging
import RedactCore

/// One page of output: its size in points, exactly the source's visible page
/// (CropBox after /Rotate), and the pixels that fill it.
public struct OutputPage: Sendable, Equatable {
    public var size: PageSize
    public var image: Pixmap

    public init(size: PageSize, image: Pixmap) {
        self.size = size
        self.image = image
    }
}

/// Writes image-only PDFs: our own writer, the only thing that produces
/// output bytes.
///
/// Layout, and nothing else:
///
///     %PDF-1.4 and a binary comment line
///     1 0 obj  Catalog  << /Type /Catalog /Pages 2 0 R >>
///     2 0 obj  Pages    << /Type /Pages /Kids [...] /Count n >>
///     per page i (k = 3 + 3i):
///     k   0 obj Page    /MediaBox [0 0 W H], /Resources with only /XObject
///     k+1 0 obj Image   /DeviceGray or /DeviceRGB, 8 bits, /FlateDecode
///     k+2 0 obj Content q W 0 0 H 0 0 cm /Im0 Do Q   (plain)
///     xref (20-byte entries), trailer << /Size /Root >>, startxref, %%EOF
///
/// No /Info, /ID, /Metadata, fonts, text, annotations or producer string.
/// The same pages always give the same bytes.
public enum PDFWriter {
    /// zlib level for image streams.
    static let compressionLevel: Int32 = 6

    /// Encodes `pages`, in order, as one image-only PDF. A page whose pixels
    /// are all gray (R == G == B) is stored as /DeviceGray.
    public static func write(_ pages: [OutputPage]) throws(EncodeError) -> [UInt8] {
        guard !pages.isEmpty else { throw .noPages }

        // Validate everything before doing any work.
        for (index, page) in pages.enumerated() { try validate(page, index: index) }
        var encoded: [EncodedPage] = []
        encoded.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() { encoded.append(try encode(page, index: index)) }
        return try write(encoded: encoded)
    }

    /// Compresses one page now, so its pixels can be dropped while the
    /// rest of the document is still being read (see `write(encoded:)`).
    public static func encode(_ page: OutputPage, index: Int = 0) throws(EncodeError) -> EncodedPage {
        try validate(page, index: index)
        return EncodedPage(size: page.size, image: try EncodedImage(page.image, level: compressionLevel))
    }

    static func validate(_ page: OutputPage, index: Int) throws(EncodeError) {
        let image = page.image
        guard image.width > 0, image.height > 0,
              image.rgb.count == image.width * image.height * 3
        else { throw .pixmapGeometry(page: index) }
        guard PDFNumber(page.size.width) != nil, PDFNumber(page.size.height) != nil
        else { throw .invalidPageSize(page: index) }
    }

    /// Writes pages compressed earlier by `encode(_:)`, in order.
    public static func write(encoded pages: [EncodedPage]) throws(EncodeError) -> [UInt8] {
        guard !pages.isEmpty else { throw .noPages }
        var sizes: [(w: PDFNumber, h: PDFNumber)] = []
        var images: [EncodedImage] = []
        for (index, page) in pages.enumerated() {
            guard let w = PDFNumber(page.size.width), let h = PDFNumber(page.size.height)
            else { throw .invalidPageSize(page: index) }
            sizes.append((w, h))
            images.append(page.image)
        }

        let objectCount = 2 + 3 * pages.count
        let perPageOverhead = 512
        let capacity = images.reduce(1024 + 20 * (objectCount + 1) + 16 * pages.count) {
            $0 + $1.data.count + perPageOverhead
        }
        var out = PDFBuffer(capacity: capacity, objectCount: objectCount)

        out.ascii("%PDF-1.4\n%")
        out.bytes([0xE2, 0xE3, 0xCF, 0xD3])
        out.ascii("\n")

        out.beginObject(1)
        out.ascii("<< /Type /Catalog /Pages 2 0 R >>\n")
        out.endObject()

        out.beginObject(2)
        out.ascii("<< /Type /Pages /Kids [")
        for i in 0..<pages.count {
            if i > 0 { out.ascii(" ") }
            out.reference(3 + 3 * i)
        }
        out.ascii("] /Count ")
        out.int(pages.count)
        out.ascii(" >>\n")
        out.endObject()

        for i in 0..<pages.count {
            let pageObject = 3 + 3 * i
            let imageObject = pageObject + 1
            let contentObject = pageObject + 2
            let (w, h) = sizes[i]

            out.beginObject(pageObject)
            out.ascii("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ")
            out.number(w)
            out.ascii(" ")
            out.number(h)
            out.ascii("] /Resources << /XObject << /Im0 ")
            out.reference(imageObject)
            out.ascii(" >> >> /Contents ")
            out.reference(contentObject)
            out.ascii(" >>\n")
            out.endObject()

            // Release each compressed image as soon as it is copied out.
            let image = images[i]
            images[i] = .empty
            out.beginObject(imageObject)
            out.ascii("<< /Type /XObject /Subtype /Image /Width ")
            out.int(image.width)
            out.ascii(" /Height ")
            out.int(image.height)
            out.ascii(image.gray ? " /ColorSpace /DeviceGray" : " /ColorSpace /DeviceRGB")
            out.ascii(" /BitsPerComponent 8 /Filter /FlateDecode /Length ")
            out.int(image.data.count)
            out.ascii(" >>\nstream\n")
            out.bytes(image.data)
            out.ascii("\nendstream\n")
            out.endObject()

            // The content stream is ~30 bytes: compressing it would grow it.
            var content = PDFBuffer(capacity: 64, objectCount: 0)
            content.ascii("q ")
            content.number(w)
            content.ascii(" 0 0 ")
            content.number(h)
            content.ascii(" 0 0 cm /Im0 Do Q")
            out.beginObject(contentObject)
            out.ascii("<< /Length ")
            out.int(content.data.count)
            out.ascii(" >>\nstream\n")
            out.bytes(content.data)
            out.ascii("\nendstream\n")
            out.endObject()
        }

        return try out.finish(root: 1)
    }
}

/// One page, compressed and ready to be written.
public struct EncodedPage: Sendable {
    public var size: PageSize
    var image: EncodedImage
    /// Compressed bytes held (for memory accounting).
    public var byteCount: Int { image.data.count }
}

/// A page's pixels, compressed, with what the image dictionary needs.
struct EncodedImage: Sendable {
    var width: Int
    var height: Int
    var gray: Bool
    var data: [UInt8]

    static let empty = EncodedImage(width: 0, height: 0, gray: false, data: [])

    init(width: Int, height: Int, gray: Bool, data: [UInt8]) {
        self.width = width
        self.height = height
        self.gray = gray
        self.data = data
    }

    init(_ pixmap: Pixmap, level: Int32) throws(EncodeError) {
        width = pixmap.width
        height = pixmap.height
        gray = pixmap.isGray
        data = try Flate.compress(gray ? pixmap.grayBytes() : pixmap.rgb, level: level)
    }
}
