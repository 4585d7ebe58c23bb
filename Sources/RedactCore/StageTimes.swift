#if canImport(Glibc)
import Glibc
#endif

/// Where a render's time went, in seconds, by stage: summed over pages and
/// over the document's workers, so the stages of a render that ran on two
/// workers can add up to more than its wall time.
///
/// - spawn: from starting a worker to its first byte, less its parse
/// - parse: opening the document and loading each page (poppler), or
///   decoding an image file
/// - render: drawing pages to pixels (poppler with cairo)
/// - text: the text layer and its font runs
/// - fontCheck: checking each font draws what its text says (OCR of
///   samples), and finding the ink the text layer leaves unexplained
/// - ocr: reading ink the text layer does not explain (tesseract)
/// - detect: the page model and detection, in the parent
/// - burn: painting the boxes into the pixels
/// - encode: compressing pages and writing the output
public struct StageTimes: Sendable, Equatable {
    public var spawn = 0.0
    public var parse = 0.0
    public var render = 0.0
    public var text = 0.0
    public var fontCheck = 0.0
    public var ocr = 0.0
    public var detect = 0.0
    public var burn = 0.0
    public var encode = 0.0

    public init() {}

    /// The stages a worker measures for one page, in wire order.
    public var workerStages: [Double] { [parse, render, text, fontCheck, ocr] }

    public init(workerStages v: [Double]) {
        precondition(v.count == 5)
        (parse, render, text, fontCheck, ocr) = (v[0], v[1], v[2], v[3], v[4])
    }

    public mutating func add(_ o: StageTimes) {
        spawn += o.spawn; parse += o.parse; render += o.render; text += o.text; fontCheck += o.fontCheck
        ocr += o.ocr; detect += o.detect; burn += o.burn; encode += o.encode
    }

    /// "spawn=35ms parse=3ms render=120ms …", whole milliseconds.
    public var line: String {
        let parts: [(String, Double)] = [("spawn", spawn), ("parse", parse), ("render", render), ("text", text),
                                         ("fontcheck", fontCheck), ("ocr", ocr), ("detect", detect),
                                         ("burn", burn), ("encode", encode)]
        return parts.map { "\($0.0)=\(Int(($0.1 * 1000).rounded()))ms" }.joined(separator: " ")
    }

    /// Monotonic seconds, for measuring a stage.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs `body`, adding its time to `into`.
    @inline(__always)
    public static func measure<T, E: Error>(_ into: inout Double, _ body: () throws(E) -> T) throws(E) -> T {
        let t = now()
        defer { into += now() - t }
        return try body()
    }
}
