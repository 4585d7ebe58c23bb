import Imaging

/// EXIF / TIFF orientation (tag 0x0112): how the stored pixels must be
/// turned to show the image the way its camera meant.
enum Orientation: Int, Sendable, CaseIterable {
    case topLeft = 1, topRight, bottomRight, bottomLeft, leftTop, rightTop, rightBottom, leftBottom

    /// Reads the orientation from a TIFF-structured block (the payload of
    /// JPEG APP1 after "Exif\0\0", PNG eXIf, WebP EXIF): IFD0, tag 0x0112.
    /// nil when the block is damaged or has no valid tag.
    static func fromEXIF(_ bytes: ArraySlice<UInt8>) -> Orientation? {
        let b = Array(bytes)
        guard b.count >= 8 else { return nil }
        let little: Bool
        switch (b[0], b[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let r = ByteReader(b, littleEndian: little)
        guard r.u16(2) == 42, let ifd = r.u32(4), let n = r.u16(ifd) else { return nil }
        for i in 0..<n {
            let e = ifd + 2 + i * 12
            guard let tag = r.u16(e) else { return nil }
            if tag == 0x0112 {
                guard r.u16(e + 2) == 3, r.u32(e + 4) == 1, let v = r.u16(e + 8) else { return nil }
                return Orientation(rawValue: v)
            }
        }
        return nil
    }

    /// True when the shown image has width and height swapped.
    var transposes: Bool { rawValue >= 5 }

    /// The pixels as they are meant to be shown.
    func apply(to p: Pixmap) -> Pixmap {
        if self == .topLeft { return p }
        let w = p.width, h = p.height
        let ow = transposes ? h : w, oh = transposes ? w : h
        let c = p.channels
        var out = [UInt8](repeating: 0, count: ow * oh * c)
        p.samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // The stored pixel shown at (x, y).
                        let sx: Int, sy: Int
                        switch self {
                        case .topLeft: (sx, sy) = (x, y)
                        case .topRight: (sx, sy) = (w - 1 - x, y)
                        case .bottomRight: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .bottomLeft: (sx, sy) = (x, h - 1 - y)
                        case .leftTop: (sx, sy) = (y, x)
                        case .rightTop: (sx, sy) = (y, h - 1 - x)
                        case .rightBottom: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .leftBottom: (sx, sy) = (w - 1 - y, x)
                        }
                        let s = (sy * w + sx) * c, d = (y * ow + x) * c
                        for k in 0..<c { dst[d + k] = src[s + k] }
                    }
                }
            }
        }
        return Pixmap(width: ow, height: oh, channels: c, samples: out)
    }
}
