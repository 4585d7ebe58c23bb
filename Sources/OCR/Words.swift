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

    /// Luma (BT.601 integer weights) of an RGB pixmap.
    public init(_ pixmap: Pixmap) {
        var out = [UInt8](repeating: 0, count: pixmap.width * pixmap.height)
        pixmap.rgb.withUnsafeBufferPointer { src in
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
