#if canImport(Glibc)
import Glibc
#endif
import Imaging
import OCR
import Poppler
import Posix
import RedactCore

/// One page as the worker sends it: the text layer, the OCR text of the
/// ink the text layer does not explain, and the pixels a reader sees.
struct ReadPage {
    var size: PageSize
    var layer: PageText
    var ocr: PageText
    var pixels: Pixmap?
    /// Where this page's time went in the worker (parse, render, text,
    /// fontCheck, ocr).
    var times = StageTimes()
}

/// Reads pages for one worker process. The OCR engines are created on the
/// first page that needs them and reused for every later page.
final class PageReader {
    let request: WorkerRequest
    private var engine: OCREngine?
    private var orientation: OrientationDetector?
    private let fonts = FontVerifier()
    /// The engine that reads font samples (see `verificationEngineReady`).
    private var sampleEngine: OCREngine?

    /// A page whose unexplained ink covers more than this share of its
    /// area is read whole (with orientation detection) instead of region
    /// by region.
    static let wholePageShare = 0.5
    /// OSD confidence below which a page is read as it stands.
    static let minOrientationConfidence: Float = 1.5

    init(request: WorkerRequest) {
        self.request = request
    }

    func read(_ page: PDFPage) throws(RedactError) -> ReadPage {
        let size = page.size
        var times = StageTimes()
        if request.pixelsOnly {
            let pixels = try StageTimes.measure(&times.render) { () throws(RedactError) in
                try library(.render) { () throws(RedactError) in try page.render(dpi: Double(request.dpi), limits: request.limits) }
            }
            return ReadPage(size: size, layer: .empty, ocr: .empty, pixels: pixels, times: times)
        }
        // A text layer poppler cannot extract, or whose boxes or font runs
        // do not line up with its text, is not trusted: the page is read
        // whole by OCR instead, so the file is still served and every word
        // a reader sees is still read.
        let extracted = StageTimes.measure(&times.text) { try? library(.text) { () throws(RedactError) in try page.text() } }
        let layer = extracted ?? .empty
        let maxText = request.limits.maxTextPerPage
        guard layer.scalars.count <= maxText else { throw .limitExceeded(.textPerPage(max: maxText)) }
        // Annotation and form-field appearances stay: the output shows what
        // a reader sees, and their ink is read by OCR below.
        let pixels = try StageTimes.measure(&times.render) { () throws(RedactError) in
            try library(.render) { () throws(RedactError) in try page.render(dpi: Double(request.dpi), limits: request.limits) }
        }
        let scale = Double(request.dpi) / 72.0
        var trusted = extracted != nil && !TextLayerCheck.isGarbage(layer)
        let pageRect = Rect(x: 0, y: 0, width: size.width, height: size.height)

        var ocr = PageText.empty
        let hasWords = layer.scalars.contains { $0.isAlphabeticFast || $0.isNumericFast }
        var regions: [Rect] = []
        var whole = !trusted || !hasWords
        // Only glyphs of fonts that read as their text explain ink.
        let runs = whole ? nil : StageTimes.measure(&times.text) {
            try? library(.text) { () throws(RedactError) in try page.fontRuns(scalarCount: layer.scalars.count) }
        }
        if !whole, runs == nil {
            trusted = false
            whole = true
        }
        if !whole, let runs {
            let explained = try StageTimes.measure(&times.fontCheck) { () throws(RedactError) in
                try fonts.explainedBoxes(layer: layer, runs: runs, pixels: pixels, scale: scale,
                                         engine: verificationEngineReady)
            }
            // Finding the ink the text layer leaves unexplained counts as
            // part of the font check: both decide what OCR must read.
            let inkStart = StageTimes.now()
            regions = InkRegions.find(in: pixels, scale: scale, explained: explained)
            for area in library(.parse, { page.imageAreas() }) {
                if let r = clip(area.padded(dx: InkRegions.margin, dy: InkRegions.margin), to: pageRect),
                   r.width >= 8, r.height >= 8 { regions.append(r) }
            }
            regions = InkRegions.merge(regions.compactMap { clip($0, to: pageRect) })
            times.fontCheck += StageTimes.now() - inkStart
            whole = regions.reduce(0.0, { $0 + $1.width * $1.height }) > Self.wholePageShare * size.width * size.height
        }
        if whole || !regions.isEmpty {
            let words = try StageTimes.measure(&times.ocr) { () throws(RedactError) in
                try recognize(page, size: size, regions: whole ? nil : regions, reusing: pixels)
            }
            ocr = OCRAssembly.pageText(OCRAssembly.unexplained(words, layer: trusted ? layer : .empty))
            guard ocr.scalars.count <= maxText else { throw .limitExceeded(.textPerPage(max: maxText)) }
        }
        return ReadPage(size: size, layer: layer, ocr: ocr, pixels: request.textOnly ? nil : pixels, times: times)
    }

    /// OCR of the page (or of `regions`, in points), words in page points.
    private func recognize(_ page: PDFPage, size: PageSize, regions: [Rect]?, reusing pixels: Pixmap) throws(RedactError) -> [OCRWord] {
        let dpi = Self.ocrDpi(request.ocrDpi, size: size, maxPixels: request.limits.maxPixelsPerPage,
                              maxSide: request.limits.maxPixelsPerSide)
        let image: GrayImage
        if dpi == request.dpi {
            image = GrayImage(pixels)
        } else {
            image = GrayImage(try library(.render) { () throws(RedactError) in try page.render(dpi: Double(dpi), limits: request.limits) })
        }
        // Nor is an engine started for a blank page (see `readWhole`).
        if image.isUniform { return [] }
        let ocr = try engineReady()
        let toPoints = 72.0 / Double(dpi)
        guard let regions else {
            return try readWhole(image, dpi: dpi, engine: ocr).map { $0.mapped { $0.scaled(by: toPoints) } }
        }
        var words: [OCRWord] = []
        for r in regions {
            // Each region is read like a page of its own, turned upright if
            // need be: an image on a turned page shows its text sideways.
            guard let px = GrayImage.pixelRect(r, scale: Double(dpi) / 72.0, width: image.width, height: image.height),
                  let crop = image.cropped(px) else { continue }
            let dx = Double(px.x0), dy = Double(px.y0)
            words += try readWhole(crop, dpi: dpi, engine: ocr).map { word in
                word.mapped { Rect(x: $0.x + dx, y: $0.y + dy, width: $0.width, height: $0.height).scaled(by: toPoints) }
            }
        }
        return words
    }

    /// Reads a whole page the right way up, its background evened out. The page is read as it stands
    /// first; only when that reads poorly (a page scanned sideways or upside
    /// down reads as few, unsure words) does orientation detection run, and
    /// the turned reading is kept if it reads better. OSD runs at half
    /// resolution: it needs the shape of lines, not the letters.
    func readWhole(_ original: GrayImage, dpi: Int, engine: OCREngine) throws(RedactError) -> [OCRWord] {
        // A blank page costs tesseract tens of milliseconds to find nothing
        // on; a 2000-page file of them took a minute.
        if original.isUniform { return [] }
        // A shadow or a tint would make tesseract's one threshold eat the
        // text at the darker end (`BackgroundFlattening`); same geometry.
        let image = original.flattenedBackground() ?? original
        let upright = try Self.read(engine, image, dpi: dpi)
        let first = OCRQuality(upright)
        if first.isGood { return upright }
        // Big pages: OSD at half size (it needs the shape of lines, not
        // the letters). Small images keep their pixels: halving small text
        // leaves OSD too little to go on.
        let halve = image.width * image.height > 4_000_000
        var turns: Int?
        let osd = try orientationReady(), small = halve ? image.halved() : image
        if let o = try library(.text, { () throws(RedactError) in try osd.detect(small, dpi: halve ? max(36, dpi / 2) : dpi) }),
           o.confidence >= Self.minOrientationConfidence, o.degrees % 90 == 0 {
            // OSD reports how far the page was turned clockwise; turning it
            // back by as much puts the text upright.
            turns = (4 - (o.degrees / 90) % 4) % 4
        }
        if turns == 0 { return upright }
        guard let turns else {
            // OSD saw nothing clear. Where the page read as some words, if
            // poorly, try the turns one by one rather than miss a sideways
            // line of personal data; a page with no text at all is left.
            guard first.words > 0 else { return upright }
            var best = (upright, first.score)
            for k in 1...3 {
                let w = try readTurned(image, turns: k, dpi: dpi, engine: engine)
                let q = OCRQuality(w)
                if q.score > best.1 { best = (w, q.score) }
                if q.isGood { break }
            }
            return best.0
        }
        let turned = try readTurned(image, turns: turns, dpi: dpi, engine: engine)
        return OCRQuality(turned).score > first.score ? turned : upright
    }

    /// Reads `image` turned clockwise by `turns`, boxes mapped back.
    private func readTurned(_ image: GrayImage, turns: Int, dpi: Int, engine: OCREngine) throws(RedactError) -> [OCRWord] {
        try Self.read(engine, image.rotated(clockwise: turns), dpi: dpi).map { word in
            word.mapped { unrotate($0, clockwise: turns, width: image.width, height: image.height) }
        }
    }

    /// One OCR pass; a failed pass fails the page (and so the file). A page
    /// tilted by more than tesseract copes with is read straightened
    /// (`Deskew`) and its boxes turned back onto it; should that read
    /// poorly (a photo whose lines were not text), the page as it stands is
    /// read too and the better reading kept.
    static func read(_ engine: OCREngine, _ image: GrayImage, dpi: Int) throws(RedactError) -> [OCRWord] {
        guard let skew = Deskew.estimate(image), Deskew.worthTurning(skew) else { return try pass(engine, image, dpi: dpi) }
        let (straight, back) = image.straightened(skew.degrees)
        let straightened = try pass(engine, straight, dpi: dpi).map { $0.mapped(back) }
        let q = OCRQuality(straightened)
        if q.isGood { return straightened }
        let asIs = try pass(engine, image, dpi: dpi)
        return OCRQuality(asIs).score > q.score ? asIs : straightened
    }

    /// One tesseract pass over `image` as it is.
    static func pass(_ engine: OCREngine, _ image: GrayImage, dpi: Int) throws(RedactError) -> [OCRWord] {
        do { return try library(.text) { try engine.recognize(image, dpi: dpi) } } catch { throw .damaged(.text) }
    }

    func engineReady() throws(RedactError) -> OCREngine {
        if let e = engine { return e }
        do {
            let e = try OCREngine(languages: request.ocrLanguages)
            engine = e
            return e
        } catch {
            throw .workerFailed(WireError.ocrUnavailable)
        }
    }

    /// Font samples are read with one language, English when it is among
    /// the OCR languages: a second trained model costs more to load (eng
    /// 55 ms, eng+deu 125 ms) and to run than any page of text takes to
    /// render, and the samples are chosen to be plain Latin letters and
    /// digits. When OCR is that one language anyway, the engine is shared.
    func verificationEngineReady() throws(RedactError) -> OCREngine {
        if let e = sampleEngine { return e }
        let codes = OCRLanguageList.codes(request.ocrLanguages)
        let language = codes.contains("eng") ? "eng" : (codes.first ?? "eng")
        if codes == [language] {
            let e = try engineReady()
            sampleEngine = e
            return e
        }
        do {
            let e = try OCREngine(languages: language)
            sampleEngine = e
            return e
        } catch {
            throw .workerFailed(WireError.ocrUnavailable)
        }
    }

    private func orientationReady() throws(RedactError) -> OrientationDetector {
        if let o = orientation { return o }
        do {
            let o = try OrientationDetector()
            orientation = o
            return o
        } catch {
            throw .workerFailed(WireError.ocrUnavailable)
        }
    }

    /// What a spare worker loads before its document arrives: the engine
    /// every page with a text layer needs for its font check, and a
    /// rehearsal on a page of our own (`WarmUp`). Failing here changes
    /// nothing: the page that needs the engine tries again.
    func warmUp() {
        guard !request.image else { return }
        let engine = request.pixelsOnly ? nil : try? verificationEngineReady()
        WarmUp.rehearse(dpi: request.dpi, limits: request.limits, engine: engine)
    }

    /// OCR resolution: the requested one unless the page would pass the pixel cap.
    static func ocrDpi(_ wanted: Int, size: PageSize, maxPixels: Int, maxSide: Int = Limits().maxPixelsPerSide) -> Int {
        let fit = (Double(maxPixels) / max(size.width * size.height, 1)).squareRoot() * 72.0
        // A long thin page (14000 by 1 points) fits the pixel count at
        // 300 dpi but not the renderer's bound on a side.
        let side = Double(maxSide) / max(size.width, size.height, 1) * 72.0
        return max(36, min(wanted, Int(fit.rounded(.down)) - 1, Int(side.rounded(.down)) - 1))
    }

    private func clip(_ r: Rect, to page: Rect) -> Rect? {
        let x0 = max(r.x, page.x), y0 = max(r.y, page.y)
        let x1 = min(r.maxX, page.maxX), y1 = min(r.maxY, page.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension GrayImage {
    /// Points to the pixels they touch, rounded outwards, clipped.
    static func pixelRect(_ r: Rect, scale: Double, width: Int, height: Int) -> PixelRect? {
        let s = r.scaled(by: scale)
        let x0 = max(0, Int(s.x.rounded(.down))), y0 = max(0, Int(s.y.rounded(.down)))
        let x1 = min(width, Int(s.maxX.rounded(.up))), y1 = min(height, Int(s.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}
