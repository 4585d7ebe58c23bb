import Imaging
import RedactCore

/// The byte stream a worker writes to its parent, little-endian:
///
///     "RFW4" u32:pageCount f64:seconds (opening the document)
///     then per page:  'P' u32:index f64:width f64:height
///                     text   (the text layer)
///                     text   (OCR of the ink the text layer does not explain)
///                     u8:hasPixels [u32:pxWidth u32:pxHeight u8:channels
///                                   pxWidth*pxHeight*channels bytes, gray (1) or RGB (3)]
///                     5 × f64:seconds (parse render text fontCheck ocr: `StageTimes`)
///     where text is   u32:n  n × (u32:scalar f64:x f64:y f64:w f64:h)
///     then either     'D'                                  (all pages sent)
///     or              'E' u8:kind u8:stage i64:parameter   (the document failed)
///
/// With `--control`, the worker sends pages in the order the parent asks
/// for them on fd 3 (u32 page indices; end of file means no more).
///
/// The parent trusts nothing in it: every count is checked against the
/// limits before anything is allocated (see `WorkerClient`).
enum WireTag {
    static let magic: [UInt8] = Array("RFW4".utf8)
    static let page = UInt8(ascii: "P")
    static let done = UInt8(ascii: "D")
    static let error = UInt8(ascii: "E")
}

/// One page as the worker saw it.
public struct WorkerPage: Sendable {
    public var index: Int
    public var size: PageSize
    /// The text layer.
    public var layer: PageText
    /// OCR text of ink the text layer does not explain (scans, images,
    /// outlines, annotation appearances).
    public var ocr: PageText
    public var pixels: Pixmap?
    /// The worker's time on this page (parse, render, text, fontCheck, ocr).
    public var times = StageTimes()

    public init(index: Int, size: PageSize, layer: PageText, ocr: PageText, pixels: Pixmap?, times: StageTimes = StageTimes()) {
        self.index = index
        self.size = size
        self.layer = layer
        self.ocr = ocr
        self.pixels = pixels
        self.times = times
    }

    /// What detection reads: the text layer, then the OCR text on a new line.
    public var text: PageText {
        if ocr.scalars.isEmpty { return layer }
        if layer.scalars.isEmpty { return ocr }
        return PageText(scalars: layer.scalars + ["\n"] + ocr.scalars,
                        boxes: layer.boxes + [Rect(x: 0, y: 0, width: 0, height: 0)] + ocr.boxes)
    }
}

/// Appends little-endian values to a byte buffer.
struct WireWriter {
    var bytes: [UInt8] = []
    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i64(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func text(_ t: PageText) {
        u32(UInt32(t.scalars.count))
        for (s, b) in zip(t.scalars, t.boxes) {
            u32(s.value); f64(b.x); f64(b.y); f64(b.width); f64(b.height)
        }
    }
}

/// Error kinds on the wire; the parent turns them back into `RedactError`.
enum WireError {
    static func encode(_ e: RedactError) -> (kind: UInt8, stage: UInt8, param: Int64) {
        let stages: [Stage] = allStages
        let s = UInt8(stages.firstIndex(of: e.stage) ?? 0)
        switch e {
        case .notFound: return (1, s, 0)
        case .accessDenied: return (2, s, 0)
        case .passwordRequired: return (3, s, 0)
        case .unsupported: return (4, s, 0)
        case .damaged: return (5, s, 0)
        case .limitExceeded(.pages(let m)): return (6, s, Int64(m))
        case .limitExceeded(.pixelsPerPage(let m)): return (7, s, Int64(m))
        case .limitExceeded(.pageSize(let m)): return (8, s, Int64(m))
        case .limitExceeded(.sourceBytes(let m)): return (9, s, m)
        case .limitExceeded(.imageBytes(let m)): return (12, s, Int64(m))
        case .limitExceeded(.frames(let m)): return (13, s, Int64(m))
        case .limitExceeded(.pixelsPerSide(let m)): return (15, s, Int64(m))
        case .limitExceeded(.textPerPage(let m)): return (21, s, Int64(m))
        case .refused(.pageNotLoadable): return (16, s, 0)
        case .refused(.emptyPage): return (17, s, 0)
        case .refused(.rendererError): return (18, s, 0)
        case .refused(.damagedImage): return (19, s, 0)
        case .refused(.libraryCrashed): return (WireError.libraryCrashed, s, 0)
        // Time budgets are the parent's: a worker never reports one.
        case .limitExceeded: return (10, s, 0)
        case .workerFailed(ocrUnavailable): return (14, s, 0)
        case .workerFailed: return (10, s, 0)
        case .io(_, let e): return (11, s, Int64(e))
        }
    }

    static func decode(kind: UInt8, stage: UInt8, param: Int64) -> RedactError {
        let st = Int(stage) < allStages.count ? allStages[Int(stage)] : .worker
        switch kind {
        case 1: return .notFound
        case 2: return .accessDenied
        case 3: return .passwordRequired
        case 4: return .unsupported
        case 5: return .damaged(st)
        case 6: return .limitExceeded(.pages(max: Int(param)))
        case 7: return .limitExceeded(.pixelsPerPage(max: Int(param)))
        case 8: return .limitExceeded(.pageSize(maxPoints: Double(param)))
        case 9: return .limitExceeded(.sourceBytes(max: param))
        case 11: return .io(st, Int32(truncatingIfNeeded: param))
        case 12: return .limitExceeded(.imageBytes(max: Int(param)))
        case 13: return .limitExceeded(.frames(max: Int(param)))
        case 14: return .workerFailed(ocrUnavailable)
        case 15: return .limitExceeded(.pixelsPerSide(max: Int(param)))
        case 21: return .limitExceeded(.textPerPage(max: Int(param)))
        case 16: return .refused(.pageNotLoadable)
        case 17: return .refused(.emptyPage)
        case 18: return .refused(.rendererError)
        case 19: return .refused(.damagedImage)
        case WireError.libraryCrashed: return .refused(.libraryCrashed)
        default: return .workerFailed("worker reported an unknown error")
        }
    }

    /// Written by the worker's crash handler (`CrashRecord`), not by `encode`'s callers.
    static let libraryCrashed: UInt8 = 20

    /// The error record the crash handler writes; its stage byte (at 2) is
    /// filled in from the mark of the library call that crashed.
    static var crashRecord: [UInt8] {
        var w = WireWriter()
        w.u8(WireTag.error); w.u8(libraryCrashed); w.u8(0); w.i64(0)
        return w.bytes
    }

    /// The mark for a library call at `stage`.
    static func mark(_ stage: Stage) -> UInt8 { UInt8(allStages.firstIndex(of: stage) ?? 0) }

    static let ocrUnavailable = "the OCR engine could not start (is the language data installed?)"

    static let allStages: [Stage] = [.open, .classify, .worker, .parse, .text, .render, .detect, .burn, .encode, .cache, .serve]
}
