import CLeptonica
import Imaging
import RedactCore

/// One decoded page or frame.
public struct DecodedImage: Sendable {
    /// 8-bit RGB, orientation applied.
    public var pixels: Pixmap
    /// Pixels per inch as the file states it (after orientation), if it does.
    public var dpi: (x: Double, y: Double)?

    public init(pixels: Pixmap, dpi: (x: Double, y: Double)?) {
        self.pixels = pixels
        self.dpi = dpi
    }
}

/// Reads image files from memory. Every size is checked from the headers
/// before leptonica sees the bytes; nothing of the file but its pixels
/// (and resolution) comes out: metadata is never read into the result.
public enum ImageDecoder {
    /// Parses only the header(s) for width/height/frame count and refuses
    /// over-cap images BEFORE decoding. Width and height are the first
    /// frame's, as stored (before orientation).
    public static func probe(_ bytes: [UInt8], caps: ImageCaps = ImageCaps())
        throws(RedactError) -> (format: ImageFormat, width: Int, height: Int, frames: Int)
    {
        let info = try HeaderProbe.read(bytes, caps: caps)
        return (info.format, info.frames[0].width, info.frames[0].height, info.frames.count)
    }

    /// All frames for TIFF (multi-page), the first frame for GIF, one for
    /// the rest; EXIF orientation applied.
    public static func decode(_ bytes: [UInt8], caps: ImageCaps) throws(RedactError) -> [DecodedImage] {
        var out: [DecodedImage] = []
        try decodeEach(bytes, caps: caps) { (_, image) throws(RedactError) in out.append(image) }
        return out
    }

    /// `decode`, one frame at a time: `body` gets each frame (zero-based
    /// index, pixels) before the next is decoded, so a long TIFF never holds
    /// more than one page of pixels here. All caps are checked before the
    /// first call; a damaged later page throws after earlier pages were
    /// delivered, so the caller must drop those (all or nothing).
    public static func decodeEach(_ bytes: [UInt8], caps: ImageCaps,
                                  _ body: (Int, DecodedImage) throws(RedactError) -> Void) throws(RedactError) {
        let info = try HeaderProbe.read(bytes, caps: caps)
        quietLeptonica()
        if info.format == .tiff {
            try decodeTIFF(bytes, info: info, caps: caps, body)
        } else {
            try body(0, try decodeSingle(bytes, info: info, caps: caps))
        }
    }

    /// The one image of a non-TIFF file (GIF: its first frame).
    static func decodeSingle(_ bytes: [UInt8], info: HeaderInfo, caps: ImageCaps) throws(RedactError) -> DecodedImage {
        switch info.format {
        case .tiff:
            preconditionFailure("TIFF is decoded page by page")
        case .gif:
            // Only the first frame and a trailer: giflib reads every frame
            // it is given into memory, and only the first is shown.
            guard let end = info.firstFrameEnd else { throw .refused(.damagedImage) }
            let first = Array(bytes[..<end]) + [0x3B]
            let pix = first.withUnsafeBufferPointer { LeptPix(pixReadMemGif($0.baseAddress, $0.count)) }
            // leptonica ignores GIF transparency; viewers show those pixels
            // as background. Paint them white, as transparent PNGs are.
            if let pix, let index = info.gifTransparentIndex { pix.whitenPaletteEntry(index) }
            return try finish(pix, bytes: bytes, info: info, caps: caps, declared: nil)
        case .jpeg:
            var warnings: Int32 = 0
            let pix = bytes.withUnsafeBufferPointer {
                LeptPix(pixReadMemJpeg($0.baseAddress, $0.count, 0, 1, &warnings, 0))
            }
            // libjpeg warns on truncated or corrupt scans and fills the rest
            // with gray: fail closed instead of showing a half image.
            guard warnings == 0 else { throw .refused(.damagedImage) }
            return try finish(pix, bytes: bytes, info: info, caps: caps, declared: info.frames[0])
        case .png:
            let pix = bytes.withUnsafeBufferPointer { LeptPix(pixReadMemPng($0.baseAddress, $0.count)) }
            return try finish(pix, bytes: bytes, info: info, caps: caps, declared: info.frames[0])
        case .bmp:
            let pix = bytes.withUnsafeBufferPointer { LeptPix(pixReadMemBmp($0.baseAddress, $0.count)) }
            return try finish(pix, bytes: bytes, info: info, caps: caps, declared: info.frames[0])
        case .webp:
            let pix = bytes.withUnsafeBufferPointer { LeptPix(pixReadMemWebP($0.baseAddress, $0.count)) }
            return try finish(pix, bytes: bytes, info: info, caps: caps, declared: info.frames[0])
        }
    }

    /// Every page in IFD order. leptonica would apply the Orientation tag
    /// itself, wrongly for some values and differently per pixel layout, so
    /// the tag is set to 1 in a copy and the turn is done here, as for EXIF.
    static func decodeTIFF(_ original: [UInt8], info: HeaderInfo, caps: ImageCaps,
                           _ body: (Int, DecodedImage) throws(RedactError) -> Void) throws(RedactError) {
        var bytes = original
        for o in info.tiffOrientationOffsets {
            bytes[o] = info.tiffLittleEndian ? 1 : 0
            bytes[o + 1] = info.tiffLittleEndian ? 0 : 1
        }
        var offset = 0
        for (i, frame) in info.frames.enumerated() {
            if i > 0 && offset == 0 { throw .refused(.damagedImage) }
            let pix = bytes.withUnsafeBufferPointer {
                LeptPix(pixReadMemFromMultipageTiff($0.baseAddress, $0.count, &offset))
            }
            guard let pix, (pix.width, pix.height) == (frame.width, frame.height) else { throw .refused(.damagedImage) }
            var pixels = try pix.pixmap()
            var dpi = pix.dpi
            if let o = Orientation(rawValue: info.tiffOrientations[i]), o != .topLeft {
                pixels = o.apply(to: pixels)
                if o.transposes, let d = dpi { dpi = (d.y, d.x) }
            }
            try body(i, DecodedImage(pixels: pixels, dpi: dpi))
        }
    }

    /// Checks what leptonica returned against the headers and the caps,
    /// converts it and applies the EXIF orientation.
    static func finish(_ pix: LeptPix?, bytes: [UInt8], info: HeaderInfo, caps: ImageCaps,
                       declared: HeaderInfo.FrameSize?) throws(RedactError) -> DecodedImage {
        guard let pix else { throw .refused(.damagedImage) }
        let size = HeaderInfo.FrameSize(width: pix.width, height: pix.height)
        guard size.width > 0, size.height > 0 else { throw .refused(.damagedImage) }
        if let declared, declared != size { throw .refused(.damagedImage) }
        guard HeaderProbe.fits(size, caps) else { throw .limitExceeded(.pixelsPerPage(max: caps.maxPixelsPerPage)) }
        var pixels = try pix.pixmap()
        var dpi = pix.dpi
        if let range = info.exif, let o = Orientation.fromEXIF(bytes[range]) {
            pixels = o.apply(to: pixels)
            if o.transposes, let d = dpi { dpi = (d.y, d.x) }
        }
        return DecodedImage(pixels: pixels, dpi: dpi)
    }
}

extension DecodedImage {
    /// Resolutions outside this range are treated as missing: files carry
    /// 1 dpi or 0 dpi placeholders often enough.
    public static let plausibleDPI = 36.0...2400.0

    /// The size in points of a PDF page showing these pixels: at the file's
    /// resolution when it states a plausible one, else at `assumedDPI`.
    public func pageSize(assumedDPI: Double = 150) -> PageSize {
        var dx = assumedDPI, dy = assumedDPI
        if let d = dpi, Self.plausibleDPI.contains(d.x), Self.plausibleDPI.contains(d.y) { (dx, dy) = (d.x, d.y) }
        return PageSize(width: Double(pixels.width) * 72 / dx, height: Double(pixels.height) * 72 / dy)
    }
}
