import CLeptonica
import Imaging
import RedactCore

// leptonica keeps pixels in 32-bit words, the first pixel in the most
// significant byte; the byte addressing below assumes a little-endian host.
#if !_endian(little)
#error("ImageCodec assumes a little-endian host")
#endif

/// One leptonica image, destroyed with its owner. The only type in
/// ImageCodec that holds a leptonica pointer.
final class LeptPix {
    private(set) var pix: UnsafeMutablePointer<PIX>

    init?(_ pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// Resolution in pixels per inch, nil when the file gave none.
    var dpi: (x: Double, y: Double)? {
        let x = pixGetXRes(pix), y = pixGetYRes(pix)
        guard x > 0, y > 0 else { return nil }
        return (Double(x), Double(y))
    }

    /// Replaces the image by the result of `f`; fails if `f` returns NULL.
    private func replace(_ f: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) -> Bool {
        guard let n = f(pix) else { return false }
        if n != pix {
            var old: UnsafeMutablePointer<PIX>? = pix
            pixDestroy(&old)
            pix = n
        }
        return true
    }

    /// Sets one palette entry to white (for a GIF's transparent index).
    /// (pixcmapResetColor)
    func whitenPaletteEntry(_ index: Int) {
        guard let cmap = pixGetColormap(pix), index >= 0, index < Int(pixcmapGetCount(cmap)) else { return }
        _ = pixcmapResetColor(cmap, Int32(index), 255, 255, 255)
    }

    /// 8-bit RGB from any depth, colormap or alpha. Transparent areas are
    /// laid on white, as viewers show them, so no pixel hidden by alpha
    /// becomes visible. (pixRemoveColormap, pixAlphaBlendUniform,
    /// pixConvertTo32)
    func pixmap() throws(RedactError) -> Pixmap {
        if pixGetColormap(pix) != nil {
            guard replace({ pixRemoveColormap($0, Int32(REMOVE_CMAP_WITH_ALPHA)) }) else { throw .damaged(.render) }
        }
        if pixGetDepth(pix) == 32 && pixGetSpp(pix) == 4 {
            guard replace({ pixAlphaBlendUniform($0, 0xFFFF_FF00) }) else { throw .damaged(.render) }
        }
        if pixGetDepth(pix) != 32 {
            guard replace({ pixConvertTo32($0) }) else { throw .damaged(.render) }
        }
        let w = width, h = height
        guard w > 0, h > 0, pixGetDepth(pix) == 32, let data = pixGetData(pix) else { throw .damaged(.render) }
        let wpl = Int(pixGetWpl(pix))
        guard wpl >= w else { throw .damaged(.render) }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        rgb.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let line = data + y * wpl
                var d = y * w * 3
                for x in 0..<w {
                    // A leptonica RGB word is 0xRRGGBBAA in host order.
                    let v = line[x]
                    dst[d] = UInt8(truncatingIfNeeded: v >> 24)
                    dst[d + 1] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[d + 2] = UInt8(truncatingIfNeeded: v >> 8)
                    d += 3
                }
            }
        }
        return Pixmap(width: w, height: h, rgb: rgb)
    }

    /// An 8-bit gray (when `gray`) or 32-bit RGB leptonica image of `p`,
    /// with no resolution and no text, so nothing but pixels reaches a writer.
    static func make(_ p: Pixmap, gray: Bool) -> LeptPix? {
        guard let pix = LeptPix(pixCreate(Int32(p.width), Int32(p.height), gray ? 8 : 32)),
              let data = pixGetData(pix.pix) else { return nil }
        let wpl = Int(pixGetWpl(pix.pix))
        let w = p.width
        // Samples per pixel, and the offsets of green and blue in a pixel
        // (a gray pixmap repeats its one sample).
        let c = p.channels, g1 = c == 3 ? 1 : 0, g2 = c == 3 ? 2 : 0
        p.samples.withUnsafeBufferPointer { src in
            for y in 0..<p.height {
                let line = data + y * wpl
                if gray {
                    // 8-bit samples are packed big-endian within each word.
                    line.withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                        for x in 0..<w {
                            bytes[x ^ 3] = src[(y * w + x) * c]
                        }
                    }
                } else {
                    for x in 0..<w {
                        let s = (y * w + x) * c
                        line[x] = UInt32(src[s]) << 24 | UInt32(src[s + g1]) << 16 | UInt32(src[s + g2]) << 8
                    }
                }
            }
        }
        return pix
    }
}

/// Silences leptonica's stderr messages: they can quote file contents.
func quietLeptonica() {
    _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
}
