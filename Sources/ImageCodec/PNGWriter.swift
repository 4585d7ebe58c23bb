import CZlib
import Imaging

/// A PNG writer from pixels: IHDR, one IDAT, IEND, nothing else (no text,
/// time, EXIF, ICC or gamma chunk). The same pixels give the same bytes.
enum PNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(_ p: Pixmap, level: Int32 = 6) -> [UInt8] {
        let gray = p.isGray
        let channels = gray ? 1 : 3
        let samples = gray ? p.grayBytes() : p.samples
        let filtered = filter(samples, width: p.width, height: p.height, channels: channels)
        let idat = deflate(filtered, level: level)

        var out = signature
        out.reserveCapacity(idat.count + 64)
        var ihdr: [UInt8] = []
        be32(&ihdr, p.width)
        be32(&ihdr, p.height)
        ihdr += [8, gray ? 0 : 2, 0, 0, 0]   // depth, colour type, deflate, adaptive filters, no interlace
        chunk(&out, "IHDR", ihdr)
        chunk(&out, "IDAT", idat)
        chunk(&out, "IEND", [])
        return out
    }

    static func be32(_ out: inout [UInt8], _ v: Int) {
        out += [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
                UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    static func chunk(_ out: inout [UInt8], _ type: StaticString, _ data: [UInt8]) {
        be32(&out, data.count)
        let start = out.count
        type.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: data)
        let crc = out[start...].withUnsafeBufferPointer { b in
            crc32(crc32(0, nil, 0), b.baseAddress, uInt(b.count))
        }
        be32(&out, Int(crc))
    }

    /// Each row prefixed by the filter (None, Sub, Up, Average, Paeth) with
    /// the smallest sum of absolute residuals, as libpng chooses.
    static func filter(_ s: [UInt8], width: Int, height: Int, channels bpp: Int) -> [UInt8] {
        let stride = width * bpp
        var out = [UInt8](repeating: 0, count: height * (stride + 1))
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 5)
        s.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let row = y * stride, prev = row - stride
                var best = 0, bestCost = Int.max
                for f in 0..<5 {
                    var cost = 0
                    candidates[f].withUnsafeMutableBufferPointer { c in
                        for i in 0..<stride {
                            let x = Int(src[row + i])
                            let a = i >= bpp ? Int(src[row + i - bpp]) : 0
                            let b = y > 0 ? Int(src[prev + i]) : 0
                            let cc = (i >= bpp && y > 0) ? Int(src[prev + i - bpp]) : 0
                            let pred: Int
                            switch f {
                            case 0: pred = 0
                            case 1: pred = a
                            case 2: pred = b
                            case 3: pred = (a + b) >> 1
                            default:
                                let p = a + b - cc
                                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - cc)
                                pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : cc)
                            }
                            let r = UInt8(truncatingIfNeeded: x - pred)
                            c[i] = r
                            cost += r < 128 ? Int(r) : 256 - Int(r)
                        }
                    }
                    if cost < bestCost { bestCost = cost; best = f }
                }
                let o = y * (stride + 1)
                out[o] = UInt8(best)
                out.withUnsafeMutableBufferPointer { dst in
                    candidates[best].withUnsafeBufferPointer { c in
                        for i in 0..<stride { dst[o + 1 + i] = c[i] }
                    }
                }
            }
        }
        return out
    }

    /// One zlib stream. With a buffer of compressBound bytes compress2
    /// fails only when out of memory, which is fatal anyway.
    static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        guard let out = ZlibStream.compress(bytes, level: level) else {
            preconditionFailure("zlib compress2 failed")
        }
        return out
    }
}
