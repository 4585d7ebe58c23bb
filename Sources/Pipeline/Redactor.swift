#if canImport(Glibc)
import Glibc
#endif
import Detect
import Encode
import ImageCodec
import Imaging
import Layout
import Posix
import RedactCore
import Synchronization
import Worker

/// One redacted output and what went into it (counts only, never text).
public struct Redaction: Sendable {
    public var bytes: [UInt8]
    public var pageCount: Int
    public var counts: [Category: Int]
    public var milliseconds: Int
}

/// One page of `scan` results.
public struct ScanPage: Sendable {
    public var index: Int
    public var text: PageText
    public var detections: [Detection]
    public var boxes: [[Rect]]
}

/// The pipeline: a worker parses and renders, this process detects, burns
/// and encodes. Holds no per-file state; safe to share across threads.
public final class Redactor: Sendable {
    public let settings: RenderSettings
    public let limits: Limits
    let worker: WorkerClient
    /// Worker slots shared with every other document of this process.
    let pool: WorkerPool
    /// One detector per region a page may be read in (see `RegionGuess`);
    /// the configured region's is always there.
    let detectors: [String: Detector]
    /// Always-redact terms. They stay in this process: never sent to a
    /// worker, logged, or written anywhere.
    let terms: TermMatcher

    public init(settings: RenderSettings, terms: TermMatcher = TermMatcher([]), limits: Limits = Limits(),
                worker: WorkerClient = WorkerClient(), pool: WorkerPool = .shared) {
        self.settings = settings
        self.limits = limits
        self.worker = worker
        self.pool = pool
        self.terms = terms
        var detectors: [String: Detector] = [:]
        for region in Set(RegionGuess.known + [settings.region]) {
            var config = DetectorConfig()
            config.enabled = settings.categories
            config.defaultRegion = region
            detectors[region] = Detector(config: config)
        }
        self.detectors = detectors
    }

    /// A file or folder name with the always-redact terms taken out.
    public func redactName(_ name: String) -> String {
        settings.categories.contains(.term) ? terms.redactName(name) : name
    }

    /// What the worker is asked for, from the settings.
    func request(textOnly: Bool) -> WorkerRequest {
        WorkerRequest(dpi: settings.dpi, textOnly: textOnly, ocrLanguages: settings.ocrLanguages,
                      ocrDpi: settings.ocrDpi, control: true, limits: limits)
    }

    /// Redacts the source behind `fd` into a new image-only PDF. Pages are
    /// spread over worker processes (see `FanOut`); each page is detected,
    /// burned and compressed as it arrives, and its pixels dropped.
    /// All or nothing: any failing page fails the whole file.
    ///
    /// Image sources are decoded and OCR'd by one worker and written as
    /// `output` (the mount passes the type its listing showed), else as the
    /// type `name` maps to (`NameMap.outputType(forFile:)`; without a name,
    /// by the image's own format): PNG, JPEG, or a PDF for a TIFF with more
    /// than one page. A source with more pages than a PNG or JPEG holds (a
    /// TIFF that gained pages since it was listed) fails, losing no page.
    public func redact(_ fd: FileDescriptor, name: String? = nil, output wanted: NameMap.OutputType? = nil,
                       priority: Priority = .interactive,
                       progress: ((Int, Int) -> Void)? = nil) throws(RedactError) -> Redaction {
        let start = Self.now()
        let kind: SourceKind
        if let name { kind = try SourceKind.classify(fd, name: name) } else { kind = try SourceKind.classify(fd) }
        let output = wanted ?? Self.outputType(kind, name: name, multiPage: kind == .image(.tiff) && TIFFPages.hasSecondPage(fd))
        let st: FileStatus
        do { st = try fd.status() } catch { throw .io(.open, error.rawValue) }
        guard st.size <= limits.maxSourceBytes else { throw .limitExceeded(.sourceBytes(max: limits.maxSourceBytes)) }
        var req = request(textOnly: false)
        if case .image = kind {
            guard st.size <= Int64(limits.maxImageBytes) else { throw .limitExceeded(.imageBytes(max: limits.maxImageBytes)) }
            req.image = true
        }
        let isImage = req.image
        let collected = Mutex<Collected>(Collected())
        var writer: PDFDocumentWriter
        do { writer = try PDFDocumentWriter() } catch { throw .damaged(.encode) }
        let encoder = writer
        let dpiScale = Double(settings.dpi) / 72.0
        let fan = FanOut(pool: pool, priority: priority, client: worker, source: fd, request: req,
                         maxWorkers: isImage ? 1 : .max)
        let pageCount = try fan.run({ [self] (page: WorkerPage) throws(RedactError) in
            guard var pixels = page.pixels else { throw .damaged(.render) }
            let (text, found, evidence) = detectPage(page)
            // An image page keeps the file's own pixels: its scale is theirs.
            let scale = isImage ? Double(pixels.width) / page.size.width : dpiScale
            pixels.burn(RedactionPlan.boxes(for: found, in: text), scale: scale)
            let burned = OutputPage(size: page.size, image: pixels)
            if output != .pdf {
                guard page.index == 0 else { throw .limitExceeded(.frames(max: 1)) }
                collected.withLock { c in
                    c.single = burned
                    c.keep(page.index, text: text, found: found, evidence: evidence, scale: scale)
                }
                return
            }
            let encoded: EncodedPage
            do { encoded = try encoder.encode(burned, index: page.index) } catch { throw .damaged(.encode) }
            collected.withLock { c in
                c.pages[page.index] = encoded
                c.keep(page.index, text: text, found: found, evidence: evidence, scale: scale)
            }
        }, progress: progress)
        // The document pass: values found with good evidence on any page are
        // burned wherever else they stand (see `DocumentEvidence`).
        var c = collected.withLock { c in
            let taken = c
            c = Collected()
            return taken
        }
        let additions = c.documentPass()
        for (index, extra) in additions.sorted(by: { $0.key < $1.key }) {
            guard let text = c.texts[index], let scale = c.scales[index] else { continue }
            let boxes = RedactionPlan.boxes(for: extra, in: text)
            if output != .pdf {
                c.single?.image.burn(boxes, scale: scale)
            } else if let page = c.pages[index] {
                do { c.pages[index] = try writer.reburn(page, index: index, boxes: boxes, scale: scale) } catch {
                    throw .damaged(.encode)
                }
            }
        }
        let (pages, single, counts) = (c.pages, c.single, c.counts)
        let bytes: [UInt8]
        if output != .pdf {
            guard pageCount == 1, let single else { throw .damaged(.encode) }
            do { bytes = try ImageOutput.write([single], as: output) } catch { throw .damaged(.encode) }
        } else {
            for i in 0..<pageCount {
                guard let p = pages[i] else { throw .workerFailed("a page is missing") }
                writer.add(p)
            }
            do { bytes = try writer.finish() } catch { throw .damaged(.encode) }
        }
        return Redaction(bytes: bytes, pageCount: pageCount, counts: counts,
                         milliseconds: Int((Self.now() - start) * 1000))
    }

    /// What an output is written as: by the name when there is one, else by
    /// the source's own format.
    static func outputType(_ kind: SourceKind, name: String?, multiPage: Bool) -> NameMap.OutputType {
        if let name, let t = NameMap.outputType(forFile: name, multiPage: multiPage) { return t }
        switch kind {
        case .pdf: return .pdf
        case .image(.tiff): return multiPage ? .pdf : .png
        case .image(.jpeg): return .jpeg
        case .image: return .png
        }
    }

    /// Detection only: what would be redacted, page by page (OCR included).
    public func scan(_ fd: FileDescriptor, priority: Priority = .interactive) throws(RedactError) -> [ScanPage] {
        let kind = try SourceKind.classify(fd)
        var req = request(textOnly: true)
        if case .image = kind { req.image = true }
        let collected = Mutex<Collected>(Collected())
        let fan = FanOut(pool: pool, priority: priority, client: worker, source: fd, request: req,
                         maxWorkers: req.image ? 1 : .max)
        let pageCount = try fan.run({ [self] (page: WorkerPage) throws(RedactError) in
            let (text, found, evidence) = detectPage(page)
            collected.withLock { $0.keep(page.index, text: text, found: found, evidence: evidence, scale: 1, always: true) }
        })
        var c = collected.withLock { $0 }
        let additions = c.documentPass()
        return (0..<pageCount).compactMap { i in
            guard let text = c.texts[i] else { return nil }
            var found = c.found[i] ?? []
            found += additions[i] ?? []
            found.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
            return ScanPage(index: i, text: text, detections: found,
                            boxes: found.map { RedactionPlan.boxes(for: $0.range, in: text) })
        }
    }

    /// One page through the page model and detection: its text as
    /// detection reads it, what was found (the page's own propagation
    /// included), and the evidence it gives the rest of the document.
    func detectPage(_ page: WorkerPage) -> (PageText, [Detection], DocumentEvidence) {
        let model = PageModel(layer: page.layer, ocr: page.ocr)
        let text = model.text
        var found = detect(model)
        var evidence = DocumentEvidence()
        evidence.add(found, in: text)
        found += evidence.matcher().additions(in: text, existing: found)
        found.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return (text, found, evidence)
    }

    /// Recognizers plus always-redact terms, in text order.
    func detect(_ model: PageModel) -> [Detection] {
        let text = model.text
        // The page is read in the region it is written for; a page that
        // shows two (a German letter with a US contact) is read in both,
        // the second adding the phone numbers only it can read.
        let regions = RegionGuess.regions(text.scalars, configured: settings.region)
        var found = detectors[regions[0]]!.detect(text.scalars)
        for region in regions.dropFirst() {
            guard let d = detectors[region] else { continue }
            let more = d.detect(text.scalars).filter { p in
                p.category == .phone && !found.contains { $0.range.overlaps(p.range) }
            }
            found += more
        }
        if settings.categories.contains(.term) {
            found += terms.detect(text.scalars)
            found.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        }
        return found
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// "email=2 iban=1" in category order, for log lines.
    public static func describe(_ counts: [Category: Int]) -> String {
        if counts.isEmpty { return "none" }
        return counts.keys.sorted().map { "\($0.rawValue)=\(counts[$0]!)" }.joined(separator: " ")
    }
}

/// What a document's pages leave behind until the document pass: their
/// compressed pages, and the text and detections of as many pages as the
/// budget allows (a very long document's later pages get their own and
/// earlier pages' evidence only through the pass over the kept pages).
struct Collected: Sendable {
    var pages: [Int: EncodedPage] = [:]
    var single: OutputPage?
    var counts: [Category: Int] = [:]
    var texts: [Int: PageText] = [:]
    var found: [Int: [Detection]] = [:]
    var scales: [Int: Double] = [:]
    var evidence = DocumentEvidence()
    var keptScalars = 0
    /// Page text kept for the document pass, in scalars (about 36 bytes
    /// each with its box): 1M is about 36 MB, some 400 dense pages.
    static let keptScalarBudget = 1_000_000

    /// `always`: keep the page whatever the budget (`scan` reports every page).
    mutating func keep(_ index: Int, text: PageText, found: [Detection], evidence: DocumentEvidence, scale: Double,
                       always: Bool = false) {
        for d in found { counts[d.category, default: 0] += 1 }
        self.evidence.merge(evidence)
        guard always || keptScalars + text.scalars.count <= Self.keptScalarBudget else { return }
        keptScalars += text.scalars.count
        texts[index] = text
        self.found[index] = found
        scales[index] = scale
    }

    /// The detections the whole document's evidence adds to each kept page.
    mutating func documentPass() -> [Int: [Detection]] {
        if evidence.isEmpty { return [:] }
        let matcher = evidence.matcher()
        var out: [Int: [Detection]] = [:]
        for (index, text) in texts {
            let extra = matcher.additions(in: text, existing: found[index] ?? [])
            if extra.isEmpty { continue }
            out[index] = extra
            for d in extra { counts[d.category, default: 0] += 1 }
        }
        return out
    }
}
