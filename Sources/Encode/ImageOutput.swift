import ImageCodec
import Imaging
import RedactCore

/// The output file of an image source, by the type its name maps to
/// (`NameMap.outputType(forFile:)`): one PNG, one JPEG, or an image-only
/// PDF with a page per image (TIFF).
public enum ImageOutput {
    /// `pages` are the burned images in order with their page sizes (only
    /// the PDF uses the sizes). PNG and JPEG take exactly one page.
    public static func write(_ pages: [OutputPage], as type: NameMap.OutputType,
                             jpegQuality: Int = ImageEncoder.defaultJPEGQuality,
                             encoding: PageEncoding = PageEncoding()) throws(EncodeError) -> [UInt8] {
        switch type {
        case .pdf:
            return try PDFWriter.write(pages, encoding: encoding)
        case .png, .jpeg:
            guard pages.count == 1 else { throw .singleImageExpected(count: pages.count) }
            let image = pages[0].image
            guard image.isWellFormed
            else { throw .pixmapGeometry(page: 0) }
            if type == .png { return ImageEncoder.png(image) }
            guard (1...100).contains(jpegQuality) else { throw .invalidJPEGQuality(jpegQuality) }
            do { return try ImageEncoder.jpeg(image, quality: jpegQuality) } catch { throw .jpegFailed(page: 0) }
        case .txt, .md, .log, .csv, .tsv, .json, .eml:
            // Text is written by the text redactor, never from pixels.
            throw .notAnImageType
        }
    }
}
