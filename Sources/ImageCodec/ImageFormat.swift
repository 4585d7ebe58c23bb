import RedactCore

/// The image file formats redactfs reads.
public enum ImageFormat: Sendable, Equatable, CaseIterable {
    case png, jpeg, tiff, webp, bmp, gif

    /// The format named by the first bytes of a file, or nil. Magic bytes
    /// only: nothing past the first 12 bytes is looked at.
    public static func sniff(_ header: UnsafeRawBufferPointer) -> ImageFormat? {
        let b = header
        func has(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            guard b.count >= offset + magic.count else { return false }
            for (i, m) in magic.enumerated() where b[offset + i] != m { return false }
            return true
        }
        if has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if has([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if has([0x49, 0x49, 0x2A, 0x00]) || has([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if has(Array("RIFF".utf8)) && has(Array("WEBP".utf8), at: 8) { return .webp }
        if has(Array("GIF87a".utf8)) || has(Array("GIF89a".utf8)) { return .gif }
        // "BM" alone is two ASCII letters; also require a known DIB header size.
        if has([0x42, 0x4D]) && b.count >= 18 {
            let dib = Int(b[14]) | Int(b[15]) << 8 | Int(b[16]) << 16 | Int(b[17]) << 24
            if [12, 40, 52, 56, 64, 108, 124].contains(dib) { return .bmp }
        }
        return nil
    }

    /// `sniff` over an array.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        bytes.withUnsafeBytes { sniff($0) }
    }
}

/// Caps for one image source; hitting one is `RedactError.limitExceeded`
/// naming the cap. Stated in the man page (docs/images.md).
public struct ImageCaps: Sendable, Equatable {
    /// Largest accepted image file.
    public var maxBytes: Int
    /// Largest width x height of any one frame or page.
    public var maxPixelsPerPage: Int
    /// Most frames (TIFF pages; GIF frames, of which only the first is shown).
    public var maxFrames: Int

    public init(maxBytes: Int = 256 << 20, maxPixelsPerPage: Int = 60_000_000, maxFrames: Int = 2000) {
        self.maxBytes = maxBytes
        self.maxPixelsPerPage = maxPixelsPerPage
        self.maxFrames = maxFrames
    }

    /// The image caps of the mount's limits: image bytes, pixels per page,
    /// and pages (as frames).
    public init(limits: Limits) {
        self.init(maxBytes: limits.maxImageBytes, maxPixelsPerPage: limits.maxPixelsPerPage, maxFrames: limits.maxPages)
    }
}
