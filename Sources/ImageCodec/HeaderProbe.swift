import RedactCore

/// What the headers of an image file declare, read without decoding a
/// single pixel, so a hostile size is refused before anything is allocated.
struct HeaderInfo: Equatable {
    var format: ImageFormat
    /// Declared size of every frame (TIFF pages in order; GIF frames; one
    /// for the other formats). Never empty.
    var frames: [FrameSize]
    /// GIF only: where the first frame's data ends (the decoder is given
    /// only that much, so it never inflates the frames we do not show).
    var firstFrameEnd: Int?
    /// Where a TIFF-structured EXIF block sits (JPEG APP1, PNG eXIf, WebP EXIF).
    var exif: Range<Int>?
    /// GIF only: the logical screen, which the decoder allocates as well.
    var screen: FrameSize?
    /// GIF only: the first frame's transparent palette index, if any.
    var gifTransparentIndex: Int?
    /// TIFF only: each page's Orientation tag (1 when absent or invalid)
    /// and where its value sits, so it can be neutralised before leptonica
    /// reads the file (leptonica 1.82 turns some orientations wrongly).
    var tiffOrientations: [Int] = []
    var tiffOrientationOffsets: [Int] = []
    var tiffLittleEndian = false

    struct FrameSize: Equatable {
        var width: Int
        var height: Int
    }
}

enum HeaderProbe {
    /// Parses the headers of `bytes` and checks them against `caps`.
    /// Throws `.unsupported` for unknown magic, `.refused(.damagedImage)` for
    /// headers that do not hold together, `.limitExceeded` for a cap.
    static func read(_ bytes: [UInt8], caps: ImageCaps) throws(RedactError) -> HeaderInfo {
        guard bytes.count <= caps.maxBytes else { throw .limitExceeded(.imageBytes(max: caps.maxBytes)) }
        guard let format = ImageFormat.sniff(bytes) else { throw .unsupported }
        let r = ByteReader(bytes)
        let info: HeaderInfo?
        switch format {
        case .png: info = png(r)
        case .jpeg: info = jpeg(r)
        case .gif: info = try gif(r, caps: caps)
        case .bmp: info = bmp(r, caps: caps)
        case .webp: info = webp(r)
        case .tiff: info = try tiff(r, caps: caps)
        }
        guard let info, !info.frames.isEmpty else { throw .refused(.damagedImage) }
        guard info.frames.count <= caps.maxFrames else { throw .limitExceeded(.frames(max: caps.maxFrames)) }
        for f in info.frames {
            guard f.width > 0, f.height > 0 else { throw .refused(.damagedImage) }
            guard fits(f, caps) else { throw .limitExceeded(.pixelsPerPage(max: caps.maxPixelsPerPage)) }
        }
        if let s = info.screen, !fits(s, caps) { throw .limitExceeded(.pixelsPerPage(max: caps.maxPixelsPerPage)) }
        return info
    }

    /// width x height <= the cap, compared without multiplying so hostile
    /// sizes cannot overflow.
    static func fits(_ f: HeaderInfo.FrameSize, _ caps: ImageCaps) -> Bool {
        f.width == 0 || (f.width <= caps.maxPixelsPerPage && f.height <= caps.maxPixelsPerPage / f.width)
    }

    // MARK: PNG: signature, IHDR first; eXIf, if any, before IDAT.

    static func png(_ r: ByteReader) -> HeaderInfo? {
        guard r.u32(8) == 13, r.matches(Array("IHDR".utf8), at: 12),
              let w = r.u32(16), let h = r.u32(20) else { return nil }
        var info = HeaderInfo(format: .png, frames: [.init(width: w, height: h)])
        var o = 8
        while let len = r.u32(o), r.has(o + 8, len + 4) {
            let type = Array(r.bytes[(o + 4)..<(o + 8)])
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { break }
            if type == Array("eXIf".utf8) { info.exif = (o + 8)..<(o + 8 + len) }
            o += 12 + len
        }
        return info
    }

    // MARK: JPEG: markers up to the first SOFn; EXIF from an APP1 on the way.

    static func jpeg(_ r: ByteReader) -> HeaderInfo? {
        var o = 2
        var exif: Range<Int>?
        while true {
            guard r.u8(o) == 0xFF else { return nil }
            while r.u8(o) == 0xFF { o += 1 }          // fill bytes
            guard let marker = r.u8(o) else { return nil }
            o += 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }  // no length
            if marker == 0xD9 || marker == 0xDA { return nil }  // EOI / SOS before any frame header
            guard let len = r.u16(o), len >= 2, r.has(o, len) else { return nil }
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                guard len >= 8, let h = r.u16(o + 3), let w = r.u16(o + 5) else { return nil }
                // Height 0 means "given later in a DNL marker": refused.
                return HeaderInfo(format: .jpeg, frames: [.init(width: w, height: h)], exif: exif)
            }
            if marker == 0xE1, exif == nil, len >= 8, r.matches(Array("Exif".utf8) + [0, 0], at: o + 2) {
                exif = (o + 8)..<(o + len)
            }
            o += len
        }
    }

    // MARK: GIF: logical screen, then every image descriptor (data skipped).

    static func gif(_ r: ByteReader, caps: ImageCaps) throws(RedactError) -> HeaderInfo? {
        let le = ByteReader(r.bytes, littleEndian: true)
        guard let sw = le.u16(6), let sh = le.u16(8), let packed = le.u8(10) else { return nil }
        var o = 13
        if packed & 0x80 != 0 { o += 3 << ((packed & 7) + 1) }
        var frames: [HeaderInfo.FrameSize] = []
        var firstEnd: Int?
        var transparent: Int?
        /// Skips data sub-blocks; returns the offset after the terminator.
        func skipSubBlocks(_ start: Int) -> Int? {
            var p = start
            while let n = le.u8(p) {
                p += 1
                if n == 0 { return p }
                p += n
            }
            return nil
        }
        while let tag = le.u8(o) {
            switch tag {
            case 0x2C:
                guard let w = le.u16(o + 5), let h = le.u16(o + 7), let p = le.u8(o + 9) else { return nil }
                var d = o + 10
                if p & 0x80 != 0 { d += 3 << ((p & 7) + 1) }
                guard le.u8(d) != nil, let end = skipSubBlocks(d + 1) else {
                    // A truncated last frame: giflib stops there too.
                    if frames.isEmpty { return nil }
                    o = r.count
                    continue
                }
                frames.append(.init(width: w, height: h))
                if frames.count > caps.maxFrames { throw .limitExceeded(.frames(max: caps.maxFrames)) }
                if firstEnd == nil { firstEnd = end }
                o = end
            case 0x21:
                guard let label = le.u8(o + 1), let end = skipSubBlocks(o + 2) else { o = r.count; continue }
                // A Graphic Control Extension applies to the next frame.
                if label == 0xF9, frames.isEmpty, le.u8(o + 2) == 4, let flags = le.u8(o + 3), let index = le.u8(o + 6) {
                    transparent = flags & 1 != 0 ? index : nil
                }
                o = end
            case 0x3B:
                o = r.count
            default:
                return nil
            }
        }
        guard !frames.isEmpty else { return nil }
        var info = HeaderInfo(format: .gif, frames: frames, firstFrameEnd: firstEnd)
        info.screen = .init(width: sw, height: sh)
        info.gifTransparentIndex = transparent
        return info
    }

    // MARK: BMP: BITMAPCOREHEADER (12 bytes) or BITMAPINFOHEADER and later.

    static func bmp(_ r: ByteReader, caps: ImageCaps) -> HeaderInfo? {
        let le = ByteReader(r.bytes, littleEndian: true)
        guard let dib = le.u32(14) else { return nil }
        if dib == 12 {
            guard let w = le.u16(18), let h = le.u16(20) else { return nil }
            return HeaderInfo(format: .bmp, frames: [.init(width: w, height: h)])
        }
        guard let w32 = le.u32(18), let h32 = le.u32(22), let bpp = le.u16(28), let compression = le.u32(30),
              let pixelOffset = le.u32(10) else { return nil }
        let w = Int(Int32(truncatingIfNeeded: w32)), h32s = Int(Int32(truncatingIfNeeded: h32))
        // A negative height is a top-down bitmap.
        let h = h32s == Int(Int32.min) ? 0 : abs(h32s)
        // Uncompressed rows must all be in the file: the reader is not
        // trusted to stop at the end of the buffer.
        let info = HeaderInfo(format: .bmp, frames: [.init(width: w, height: h)])
        // Over the cap: reported as such by the caller.
        guard w > 0, h > 0, fits(info.frames[0], caps) else { return info }
        guard compression == 0 || compression == 3, [1, 2, 4, 8, 16, 24, 32].contains(bpp) else { return nil }
        let stride = (w * bpp + 31) / 32 * 4
        guard h <= (r.count - min(r.count, pixelOffset)) / stride else { return nil }
        return info
    }

    // MARK: WebP: RIFF, then VP8 / VP8L / VP8X; EXIF chunk in extended files.

    static func webp(_ r: ByteReader) -> HeaderInfo? {
        let le = ByteReader(r.bytes, littleEndian: true)
        guard let fourcc = le.has(12, 4) ? String(decoding: r.bytes[12..<16], as: UTF8.self) : nil,
              le.u32(16) != nil else { return nil }
        switch fourcc {
        case "VP8 ":
            guard r.matches([0x9D, 0x01, 0x2A], at: 23), let w = le.u16(26), let h = le.u16(28) else { return nil }
            return HeaderInfo(format: .webp, frames: [.init(width: w & 0x3FFF, height: h & 0x3FFF)])
        case "VP8L":
            guard le.u8(20) == 0x2F, let bits = le.u32(21) else { return nil }
            return HeaderInfo(format: .webp, frames: [.init(width: 1 + bits & 0x3FFF, height: 1 + (bits >> 14) & 0x3FFF)])
        case "VP8X":
            guard let w = le.u24le(24), let h = le.u24le(27) else { return nil }
            var info = HeaderInfo(format: .webp, frames: [.init(width: w + 1, height: h + 1)])
            var o = 12
            while le.has(o, 8), let size = le.u32(o + 4), le.has(o + 8, size) {
                if r.matches(Array("EXIF".utf8), at: o) {
                    info.exif = (o + 8)..<(o + 8 + size)
                    break
                }
                o += 8 + size + (size & 1)
            }
            return info
        default:
            return nil
        }
    }

    // MARK: TIFF: the IFD chain, each IFD's ImageWidth / ImageLength.

    static func tiff(_ r0: ByteReader, caps: ImageCaps) throws(RedactError) -> HeaderInfo? {
        let r = ByteReader(r0.bytes, littleEndian: r0.bytes[0] == 0x49)
        guard r.u16(2) == 42, var ifd = r.u32(4) else { return nil }
        var frames: [HeaderInfo.FrameSize] = []
        var orientations: [Int] = [], offsets: [Int] = []
        var seen = Set<Int>()
        while ifd != 0 {
            // A loop in the chain would otherwise never end.
            guard seen.insert(ifd).inserted, let n = r.u16(ifd), r.has(ifd + 2, n * 12 + 4) else { return nil }
            var w: Int?, h: Int?
            var orientation = 1
            for i in 0..<n {
                let e = ifd + 2 + i * 12
                guard let tag = r.u16(e) else { return nil }
                if tag == 274, r.u16(e + 2) == 3, r.u32(e + 4) == 1, let v = r.u16(e + 8) {
                    offsets.append(e + 8)
                    orientation = (1...8).contains(v) ? v : 1
                }
                guard tag == 256 || tag == 257 else { continue }
                guard let v = tiffScalar(r, entry: e) else { return nil }
                if tag == 256 { w = v } else { h = v }
            }
            guard let w, let h else { return nil }
            frames.append(.init(width: w, height: h))
            orientations.append(orientation)
            if frames.count > caps.maxFrames { throw .limitExceeded(.frames(max: caps.maxFrames)) }
            guard let next = r.u32(ifd + 2 + n * 12) else { return nil }
            ifd = next
        }
        var info = HeaderInfo(format: .tiff, frames: frames)
        info.tiffOrientations = orientations
        info.tiffOrientationOffsets = offsets
        info.tiffLittleEndian = r.littleEndian
        return info
    }

    /// The value of a one-element SHORT or LONG IFD entry.
    static func tiffScalar(_ r: ByteReader, entry e: Int) -> Int? {
        guard let type = r.u16(e + 2), r.u32(e + 4) == 1 else { return nil }
        switch type {
        case 3: return r.u16(e + 8)
        case 4: return r.u32(e + 8)
        default: return nil
        }
    }
}

