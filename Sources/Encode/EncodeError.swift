/// Why an output could not be written. The cases carry page indices and zlib
/// return codes only, never pixels or text, so they are safe to log.
public enum EncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `PDFWriter.write` was given no pages; a PDF needs at least one.
    case noPages
    /// The page at this zero-based index has a width or height that is not a
    /// finite number of points greater than zero (after rounding to 4
    /// decimals), or is absurdly large.
    case invalidPageSize(page: Int)
    /// The pixmap of the page at this zero-based index does not hold
    /// `width * height * 3` bytes (its `rgb` was replaced after init).
    case pixmapGeometry(page: Int)
    /// The compression level is outside -1...9.
    case invalidCompressionLevel(Int32)
    /// zlib `compress2` failed with this return code.
    case compressionFailed(code: Int32)
    /// zlib `uncompress` failed with this return code (`Z_BUF_ERROR` when the
    /// stream is truncated or longer than expected), or it inflated to fewer
    /// bytes than expected (reported as `Z_DATA_ERROR`).
    case decompressionFailed(code: Int32)
    /// The output would exceed what a classic xref table can address
    /// (10-digit offsets).
    case outputTooLarge
    /// The JPEG encoder failed for the page at this zero-based index.
    case jpegFailed(page: Int)
    /// The JPEG quality is outside 1...100.
    case invalidJPEGQuality(Int)
    /// A PNG or JPEG output was asked for with this many pages (it holds one).
    case singleImageExpected(count: Int)
    /// Where a streamed output goes, or where its pages wait, failed with this errno.
    case storage(errno: Int32)
    /// A text output type asked of the image writer.
    case notAnImageType

    public var description: String {
        switch self {
        case .noPages: return "a PDF needs at least one page"
        case .invalidPageSize(let page): return "page \(page + 1): page size is not a positive finite number of points"
        case .pixmapGeometry(let page): return "page \(page + 1): pixel buffer does not match width x height x channels"
        case .invalidCompressionLevel(let level): return "compression level \(level) is not in -1...12"
        case .compressionFailed(let code): return "zlib compress2 failed (\(code))"
        case .decompressionFailed(let code): return "zlib uncompress failed (\(code))"
        case .outputTooLarge: return "output exceeds 9999999999 bytes"
        case .storage(let e): return "the output's temporary file failed (errno \(e))"
        case .notAnImageType: return "a text output is not written from pixels"
        case .jpegFailed(let page): return "page \(page + 1): JPEG encoding failed"
        case .invalidJPEGQuality(let q): return "JPEG quality \(q) is not in 1...100"
        case .singleImageExpected(let n): return "a PNG or JPEG output holds one image, not \(n)"
        }
    }
}
