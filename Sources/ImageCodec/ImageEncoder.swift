import CLeptonica
import Imaging
import RedactCore

/// Image files written from pixels only: no metadata of any kind.
public enum ImageEncoder {
    /// The quality for `.redacted.jpg` outputs: photos stay close to their
    /// source, and text in them legible.
    public static let defaultJPEGQuality = 85

    /// PNG: deterministic; 8-bit gray when `p.isGray`, else 8-bit RGB; only
    /// IHDR, IDAT and IEND (no tEXt/iTXt/eXIf/iCCP/tIME chunks).
    public static func png(_ p: Pixmap) -> [UInt8] {
        PNGWriter.encode(p)
    }

    /// Baseline JFIF (gray when `p.isGray`), quality 1...100. Only the JFIF
    /// APP0 segment, with no resolution: no EXIF, other APPn or COM. The
    /// same pixels and quality give the same bytes. (pixWriteMemJpeg)
    public static func jpeg(_ p: Pixmap, quality: Int) throws(RedactError) -> [UInt8] {
        guard (1...100).contains(quality), p.isWellFormed else { throw .damaged(.encode) }
        guard let pix = LeptPix.make(p, gray: p.isGray) else { throw .damaged(.encode) }
        quietLeptonica()
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rc = pixWriteMemJpeg(&data, &size, pix.pix, Int32(quality), 0)
        defer { if let data { lept_free(data) } }
        guard rc == 0, let data, size > 0 else { throw .damaged(.encode) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
