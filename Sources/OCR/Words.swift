import Imaging
import RedactCore

/// An 8-bit gray image for OCR: rows top to bottom, no padding.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height, "gray image geometry")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Every pixel has the same value: a blank page or region, which holds
    /// nothing a reader or an OCR engine could read. Exact equality, not a
    /// tolerance: faint text is still text.
    public var isUniform: Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let first = b.first else { return true }
            for v in b where v != first { return false }
            return true
        }
    }

    /// Luma (BT.601 integer weights) of a pixmap; a gray one as it is.
    public init(_ pixmap: Pixmap) {
        if pixmap.channels == 1 {
            self.init(width: pixmap.width, height: pixmap.height, bytes: pixmap.samples)
            return
        }
        var out = [UInt8](repeating: 0, count: pixmap.width * pixmap.height)
        pixmap.samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count {
                    let r = UInt32(src[3 * i]), g = UInt32(src[3 * i + 1]), b = UInt32(src[3 * i + 2])
                    dst[i] = UInt8((77 * r + 150 * g + 29 * b) >> 8)
                }
            }
        }
        self.init(width: pixmap.width, height: pixmap.height, bytes: out)
    }

    /// The image turned clockwise by `quarterTurns` × 90 degrees.
    public func rotated(clockwise quarterTurns: Int) -> GrayImage {
        let k = ((quarterTurns % 4) + 4) % 4
        if k == 0 { return self }
        let (w, h) = (width, height)
        let ow = k == 2 ? w : h, oh = k == 2 ? h : w
        var out = [UInt8](repeating: 0, count: w * h)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        let (u, v): (Int, Int)
                        switch k {
                        case 1: (u, v) = (h - 1 - y, x)
                        case 2: (u, v) = (w - 1 - x, h - 1 - y)
                        default: (u, v) = (y, w - 1 - x)
                        }
                        dst[v * ow + u] = src[y * w + x]
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, bytes: out)
    }
}

/// A rectangle found in an image turned clockwise by `quarterTurns`, mapped
/// back into the unturned image of `width` × `height` pixels.
public func unrotate(_ r: Rect, clockwise quarterTurns: Int, width: Int, height: Int) -> Rect {
    let W = Double(width), H = Double(height)
    switch ((quarterTurns % 4) + 4) % 4 {
    case 1: return Rect(x: r.y, y: H - r.maxX, width: r.height, height: r.width)
    case 2: return Rect(x: W - r.maxX, y: H - r.maxY, width: r.width, height: r.height)
    case 3: return Rect(x: W - r.maxY, y: r.x, width: r.height, height: r.width)
    default: return r
    }
}

/// One character as OCR read it: usually one scalar, more for ligatures.
public struct OCRSymbol: Sendable, Equatable {
    public var scalars: [Unicode.Scalar]
    /// Pixels of the OCR image.
    public var box: Rect
    public init(scalars: [Unicode.Scalar], box: Rect) {
        self.scalars = scalars
        self.box = box
    }
}

/// One word as OCR read it. Words are kept whatever their confidence: a
/// shaky read of an IBAN must still reach detection.
public struct OCRWord: Sendable, Equatable {
    public var symbols: [OCRSymbol]
    /// Pixels of the OCR image.
    public var box: Rect
    /// 0...100, tesseract's word confidence.
    public var confidence: Float
    /// The word starts a new text line.
    public var startsLine: Bool

    public init(symbols: [OCRSymbol], box: Rect, confidence: Float, startsLine: Bool) {
        self.symbols = symbols
        self.box = box
        self.confidence = confidence
        self.startsLine = startsLine
    }

    public var string: String {
        var s = String.UnicodeScalarView()
        for sym in symbols { s.append(contentsOf: sym.scalars) }
        return String(s)
    }

    /// The same word with every box passed through `transform`.
    public func mapped(_ transform: (Rect) -> Rect) -> OCRWord {
        OCRWord(symbols: symbols.map { OCRSymbol(scalars: $0.scalars, box: transform($0.box)) },
                box: transform(box), confidence: confidence, startsLine: startsLine)
    }
}

extension GrayImage {
    /// The pixels of `r` (clipped to the image), or nil when nothing is left.
    public func cropped(_ r: PixelRect) -> GrayImage? {
        let x0 = max(0, r.x0), y0 = max(0, r.y0)
        let x1 = min(width, r.x1), y1 = min(height, r.y1)
        guard x1 > x0, y1 > y0 else { return nil }
        let w = x1 - x0
        var out = [UInt8](repeating: 255, count: w * (y1 - y0))
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in y0..<y1 {
                    for x in 0..<w { dst[(y - y0) * w + x] = src[y * width + x0 + x] }
                }
            }
        }
        return GrayImage(width: w, height: y1 - y0, bytes: out)
    }

    /// Half the width and height, each pixel the mean of a 2 x 2 block.
    public func halved() -> GrayImage {
        let w = max(1, width / 2), h = max(1, height / 2)
        var out = [UInt8](repeating: 255, count: w * h)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
                    for x in 0..<w {
                        let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
                        let sum = Int(src[y0 * width + x0]) + Int(src[y0 * width + x1])
                            + Int(src[y1 * width + x0]) + Int(src[y1 * width + x1])
                        dst[y * w + x] = UInt8(sum / 4)
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, bytes: out)
    }
}

/// How well a page read: enough real words, read with confidence. A page
/// read the wrong way up gives few words, mostly unsure ones.
public struct OCRQuality: Sendable {
    /// Words of two or more letters or digits.
    public let words: Int
    /// Letters and digits in those words.
    public let letters: Int
    /// Mean confidence of those words, weighted by their length.
    public let confidence: Double
    /// Letters weighted by how far their word's confidence is above 50:
    /// unsure garbage read from a turned page counts for nothing.
    public let score: Double

    public init(_ read: [OCRWord]) {
        var n = 0, weight = 0, sum = 0.0, score = 0.0
        for w in read {
            let len = w.symbols.reduce(0) { acc, s in
                acc + s.scalars.filter { $0.isAlphabeticFast || $0.isNumericFast }.count
            }
            guard len >= 2 else { continue }
            n += 1
            weight += len
            sum += Double(w.confidence) * Double(len)
            score += Double(len) * max(0, Double(w.confidence) - 50)
        }
        words = n
        letters = weight
        confidence = weight > 0 ? sum / Double(weight) : 0
        self.score = score
    }

    /// Good enough not to try other orientations.
    public var isGood: Bool { letters >= 8 && confidence >= 70 }
}
