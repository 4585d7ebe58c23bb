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
///                       (or /DCTDecode for photo-like pages, see PageEncoding)
///     k+2 0 obj Content q W 0 0 H 0 0 cm /Im0 Do Q   (plain)
///     xref (20-byte entries), trailer << /Size /Root >>, startxref, %%EOF
///
/// No /Info, /ID, /Metadata, fonts, text, annotations or producer string.
/// The same pages always give the same bytes.
public enum PDFWriter {
    /// Encodes `pages`, in order, as one image-only PDF. A page whose pixels
    /// are all gray (R == G == B) is stored as /DeviceGray; a photo-like page
    /// over the Flate budget as JPEG (see `PageEncoding`).
    public static func write(_ pages: [OutputPage], encoding: PageEncoding = PageEncoding()) throws(EncodeError) -> [UInt8] {
        guard !pages.isEmpty else { throw .noPages }
        // Validate everything before doing any work.
        for (index, page) in pages.enumerated() { _ = try PDFDocumentWriter.validate(page, index: index) }
        var doc = try PDFDocumentWriter(encoding: encoding)
        for page in pages { try doc.add(page) }
        return try doc.finish()
    }
}

/// Builds one image-only PDF a page at a time. Each page is compressed when
/// it is added and only its compressed bytes are kept, so a caller can drop
/// a page's pixels before rendering the next. Same bytes as
/// `PDFWriter.write` for the same pages.
public struct PDFDocumentWriter: Sendable {
    let encoding: PageEncoding
    var pages: [(w: PDFNumber, h: PDFNumber, image: EncodedImage)] = []

    public init(encoding: PageEncoding = PageEncoding()) throws(EncodeError) {
        guard (-1...12).contains(encoding.flateLevel) else { throw .invalidCompressionLevel(encoding.flateLevel) }
        for q in encoding.jpegQualities where !(1...100).contains(q) { throw .invalidJPEGQuality(q) }
        self.encoding = encoding
    }

    /// Pages added so far.
    public var pageCount: Int { pages.count }

    /// Compressed bytes held so far.
    public var compressedBytes: Int { pages.reduce(0) { $0 + $1.image.data.count } }

    static func validate(_ page: OutputPage, index: Int) throws(EncodeError) -> (PDFNumber, PDFNumber) {
        let image = page.image
        guard image.isWellFormed
        else { throw .pixmapGeometry(page: index) }
        guard let w = PDFNumber(page.size.width), let h = PDFNumber(page.size.height)
        else { throw .invalidPageSize(page: index) }
        return (w, h)
    }

    /// Validates and compresses the next page.
    public mutating func add(_ page: OutputPage) throws(EncodeError) {
        let index = pages.count
        let (w, h) = try Self.validate(page, index: index)
        pages.append((w, h, try encoding.encode(page.image, page: index)))
    }

    /// The finished file. At least one page must have been added.
    public consuming func finish() throws(EncodeError) -> [UInt8] {
        guard !pages.isEmpty else { throw .noPages }
        let objectCount = 2 + 3 * pages.count
        let perPageOverhead = 512
        var out: [UInt8] = []
        out.reserveCapacity(pages.reduce(1024 + 20 * (objectCount + 1) + 16 * pages.count) {
            $0 + $1.image.data.count + perPageOverhead
        })
        var held = pages
        pages = []
        try Self.stream(count: held.count, page: { i throws(EncodeError) in
            // Release each compressed image as soon as it is copied out.
            let p = EncodedPage(w: held[i].w, h: held[i].h, image: held[i].image)
            held[i].image = .empty
            return p
        }, into: { out.append(contentsOf: $0) })
        return out
    }

    /// Writes the file of `count` pages a piece at a time: `page(i)` is
    /// asked for each page when its turn comes, and `sink` gets the bytes
    /// written since its last call, so no more than one page is held here.
    /// Same bytes as `finish()` for the same pages.
    public static func stream(count: Int, page: (Int) throws(EncodeError) -> EncodedPage,
                              into sink: ([UInt8]) throws(EncodeError) -> Void) throws(EncodeError) {
        guard count > 0 else { throw .noPages }
        let objectCount = 2 + 3 * count
        var out = PDFBuffer(capacity: 4096, objectCount: objectCount)

        out.ascii("%PDF-1.4\n%")
        out.bytes([0xE2, 0xE3, 0xCF, 0xD3])
        out.ascii("\n")

        out.beginObject(1)
        out.ascii("<< /Type /Catalog /Pages 2 0 R >>\n")
        out.endObject()

        out.beginObject(2)
        out.ascii("<< /Type /Pages /Kids [")
        for i in 0..<count {
            if i > 0 { out.ascii(" ") }
            out.reference(3 + 3 * i)
        }
        out.ascii("] /Count ")
        out.int(count)
        out.ascii(" >>\n")
        out.endObject()

        for i in 0..<count {
            let pageObject = 3 + 3 * i
            let imageObject = pageObject + 1
            let contentObject = pageObject + 2
            let p = try page(i)
            let (w, h, image) = (p.w, p.h, p.image)

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

            out.beginObject(imageObject)
            out.ascii("<< /Type /XObject /Subtype /Image /Width ")
            out.int(image.width)
            out.ascii(" /Height ")
            out.int(image.height)
            out.ascii(image.gray ? " /ColorSpace /DeviceGray" : " /ColorSpace /DeviceRGB")
            out.ascii(image.filter == .flate ? " /BitsPerComponent 8 /Filter /FlateDecode /Length "
                                             : " /BitsPerComponent 8 /Filter /DCTDecode /Length ")
            out.int(image.data.count)
            out.ascii(" >>\nstream\n")
            // The image goes to the sink as it is, not through the buffer.
            try sink(out.drain())
            out.skip(image.data.count)
            try sink(image.data)
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
            if out.data.count >= 64 << 10 { try sink(out.drain()) }
        }
        try sink(try out.finish(root: 1))
    }
}

/// A page's pixels, compressed, with what the image dictionary needs.
struct EncodedImage: Sendable {
    enum Filter: Sendable { case flate, dct }

    var width: Int
    var height: Int
    var gray: Bool
    var filter: Filter
    var data: [UInt8]

    static let empty = EncodedImage(width: 0, height: 0, gray: false, filter: .flate, data: [])
}
