import ImageCodec
import Imaging

/// How each page's pixels are stored: lossless Flate for text-like pages,
/// JPEG (DCTDecode) for photo-like pages whose Flate stream is over budget.
public struct PageEncoding: Sendable, Equatable {
    /// zlib level for Flate image streams. 4, not zlib's default 6: on a
    /// dense page of 9 pt text at 150 dpi (1240 × 1755 gray) level 6 took
    /// 21.8 ms for 108 KB and level 4 12.8 ms for 126 KB, and encoding was
    /// the largest stage of a long document (`StageTimes`). Level 3 costs
    /// 10.2 ms but 161 KB, past `flateBudget`.
    public var flateLevel: Int32 = 4
    /// A page whose Flate stream is at most this many bytes stays lossless,
    /// whatever it shows. 150 KB: a dense page of 8 pt text at 150 dpi is
    /// about 70 KB in gray Flate and 750 KB as JPEG q75, so text never
    /// needs JPEG to meet it.
    public var flateBudget = 150_000
    /// JPEG quality for photo-like pages over the budget: the first of
    /// these that fits the budget, else the last. A full A4 photo at 150
    /// dpi is about 300 KB at 75.
    public var jpegQualities = [75, 60, 50]
    /// A page is photo-like when at least this share of sampled pixels is
    /// mid-tone (luma 48...207). Text on paper is mostly paper and ink:
    /// measured 9 % for dense 8 pt text, 89 % for a photo.
    public var photoMidtoneShare = 0.25
    /// Off: every page is Flate (byte-exact pixels).
    public var allowJPEG = true

    public init() {}

    /// Lossless only.
    public static let flateOnly: PageEncoding = {
        var e = PageEncoding()
        e.allowJPEG = false
        return e
    }()

    /// Share of mid-tone pixels on a grid of every 3rd pixel in every 3rd
    /// row: a cheap, deterministic "is this continuous tone" measure.
    static func midtoneShare(_ p: Pixmap) -> Double {
        var mid = 0, n = 0
        let c = p.channels
        p.samples.withUnsafeBufferPointer { px in
            var y = 0
            while y < p.height {
                var i = y * p.width * c
                let end = i + p.width * c
                while i < end {
                    let l = c == 1 ? Int(px[i]) : (Int(px[i]) * 77 + Int(px[i + 1]) * 150 + Int(px[i + 2]) * 29) >> 8
                    if l >= 48 && l <= 207 { mid += 1 }
                    n += 1
                    i += 3 * c
                }
                y += 3
            }
        }
        return n == 0 ? 0 : Double(mid) / Double(n)
    }

    /// The page's pixels encoded as this policy chooses.
    func encode(_ pixmap: Pixmap, page: Int) throws(EncodeError) -> EncodedImage {
        let grayBytes = pixmap.grayBytesIfGray()
        let gray = grayBytes != nil
        let flate = try Flate.compress(grayBytes ?? pixmap.samples, level: flateLevel)
        let lossless = EncodedImage(width: pixmap.width, height: pixmap.height, gray: gray, filter: .flate, data: flate)
        guard allowJPEG, flate.count > flateBudget, Self.midtoneShare(pixmap) >= photoMidtoneShare else { return lossless }
        var jpeg: [UInt8] = []
        for q in jpegQualities {
            do { jpeg = try ImageEncoder.jpeg(pixmap, quality: q) } catch { throw .jpegFailed(page: page) }
            if jpeg.count <= flateBudget { break }
        }
        guard !jpeg.isEmpty, jpeg.count < flate.count else { return lossless }
        return EncodedImage(width: pixmap.width, height: pixmap.height, gray: gray, filter: .dct, data: jpeg)
    }
}
