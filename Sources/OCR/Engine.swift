import CTesseract
import Imaging
import RedactCore

/// Why the OCR engine could not start. Fixed strings: no document text.
public enum OCRError: Error, Equatable, Sendable {
    /// `Init` failed for these languages (missing or unreadable data).
    case initFailed(languages: String)
    /// `Recognize` failed or gave no result to iterate. Never read as "no
    /// words": a page whose ink was not read must not be served.
    case recognitionFailed
}

/// Where Debian puts the trained data (TESSDATA_PREFIX names this folder).
public let defaultTessdata = "/usr/share/tesseract-ocr/5/tessdata"

/// One tesseract engine, created once per worker process and reused for
/// every page it reads (init costs 120-350 ms). Not thread-safe.
public final class OCREngine {
    private let api: OpaquePointer

    /// (TessBaseAPICreate, TessBaseAPIInit2 with OEM_DEFAULT)
    public init(languages: String, dataPath: String = defaultTessdata) throws(OCRError) {
        guard let a = TessBaseAPICreate() else { throw .initFailed(languages: languages) }
        guard TessBaseAPIInit2(a, dataPath, languages, OEM_DEFAULT) == 0 else {
            TessBaseAPIDelete(a)
            throw .initFailed(languages: languages)
        }
        api = a
        // Automatic layout: columns and blocks as on a page.
        TessBaseAPISetPageSegMode(api, PSM_AUTO)
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Reads `image` (or only `region` of it) and returns every word with
    /// per-symbol boxes, in pixels of `image`, in reading order. No word is
    /// dropped for low confidence.
    ///
    /// A region is copied out rather than passed to SetRectangle: tesseract
    /// 5.3 read nothing from some rectangles (full width, not reaching the
    /// bottom) of an image it read whole without trouble.
    /// (TessBaseAPISetImage, Recognize, result iterator at RIL_WORD and RIL_SYMBOL)
    public func recognize(_ image: GrayImage, dpi: Int, region: PixelRect? = nil) throws(OCRError) -> [OCRWord] {
        guard let r = region else { return try recognizeWhole(image, dpi: dpi) }
        // A region wholly outside the image holds no ink to read.
        guard let crop = image.cropped(r) else { return [] }
        let dx = Double(r.x0), dy = Double(r.y0)
        return try recognizeWhole(crop, dpi: dpi).map { word in
            word.mapped { Rect(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height) }
        }
    }

    /// Reads `image` as one line of text, with no layout analysis
    /// (PSM_RAW_LINE): for images made of one line, such as a font sample
    /// (`FontStrip`). Measured on a 36-letter line at 300 dpi: 20 ms,
    /// against 30 ms for the automatic layout of the same line.
    public func recognizeLine(_ image: GrayImage, dpi: Int) throws(OCRError) -> [OCRWord] {
        TessBaseAPISetPageSegMode(api, PSM_RAW_LINE)
        defer { TessBaseAPISetPageSegMode(api, PSM_AUTO) }
        return try recognizeWhole(image, dpi: dpi)
    }

    private func recognizeWhole(_ image: GrayImage, dpi: Int) throws(OCRError) -> [OCRWord] {
        defer { TessBaseAPIClear(api) }
        let words = image.bytes.withUnsafeBufferPointer { buf -> [OCRWord]? in
            TessBaseAPISetImage(api, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            TessBaseAPISetSourceResolution(api, Int32(dpi))
            guard TessBaseAPIRecognize(api, nil) == 0, let it = TessBaseAPIGetIterator(api) else { return nil }
            defer { TessResultIteratorDelete(it) }
            return Self.words(it)
        }
        guard let words else { throw .recognitionFailed }
        return words
    }

    private static func words(_ it: OpaquePointer) -> [OCRWord] {
        guard let page = TessResultIteratorGetPageIterator(it) else { return [] }
        var out: [OCRWord] = []
        var current: OCRWord?
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                if let w = current, !w.symbols.isEmpty { out.append(w) }
                current = nil
                if let box = box(page, RIL_WORD) {
                    current = OCRWord(symbols: [], box: box,
                                      confidence: TessResultIteratorConfidence(it, RIL_WORD),
                                      startsLine: TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0)
                }
            }
            guard current != nil, let box = box(page, RIL_SYMBOL),
                  let cText = TessResultIteratorGetUTF8Text(it, RIL_SYMBOL) else { continue }
            let scalars = Array(String(cString: cText).unicodeScalars)
            TessDeleteText(cText)
            // The symbol's extent along the line, the word's across it, taken
            // now while the image is the right way up: burned boxes then cover
            // ascenders, descenders and accents of the word.
            let w = current!.box
            if !scalars.isEmpty {
                current!.symbols.append(OCRSymbol(scalars: scalars, box: Rect(x: box.x, y: w.y, width: box.width, height: w.height)))
            }
        } while TessResultIteratorNext(it, RIL_SYMBOL) != 0
        if let w = current, !w.symbols.isEmpty { out.append(w) }
        return out
    }

    /// (TessPageIteratorBoundingBox) left, top, right, bottom in pixels.
    private static func box(_ page: OpaquePointer, _ level: TessPageIteratorLevel) -> Rect? {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0, r > l, b > t else { return nil }
        return Rect(x: Double(l), y: Double(t), width: Double(r - l), height: Double(b - t))
    }
}

/// Orientation detection (tesseract OSD, the legacy `osd` model): how far a
/// scan is turned, so it can be read the right way up.
public final class OrientationDetector {
    private let api: OpaquePointer

    /// (TessBaseAPIInit2 with "osd", OEM_TESSERACT_ONLY; PSM_OSD_ONLY)
    public init(dataPath: String = defaultTessdata) throws(OCRError) {
        guard let a = TessBaseAPICreate() else { throw .initFailed(languages: "osd") }
        guard TessBaseAPIInit2(a, dataPath, "osd", OEM_TESSERACT_ONLY) == 0 else {
            TessBaseAPIDelete(a)
            throw .initFailed(languages: "osd")
        }
        api = a
        TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY)
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The clockwise rotation of the text in `image` (0, 90, 180 or 270
    /// degrees) and OSD's confidence, or nil when OSD found too little text.
    /// (TessBaseAPIDetectOrientationScript)
    public func detect(_ image: GrayImage, dpi: Int) -> (degrees: Int, confidence: Float)? {
        defer { TessBaseAPIClear(api) }
        return image.bytes.withUnsafeBufferPointer { buf -> (Int, Float)? in
            TessBaseAPISetImage(api, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            TessBaseAPISetSourceResolution(api, Int32(dpi))
            var deg: Int32 = 0
            var conf: Float = 0, scriptConf: Float = 0
            guard TessBaseAPIDetectOrientationScript(api, &deg, &conf, nil, &scriptConf) != 0 else { return nil }
            return (Int(deg), conf)
        }
    }
}
