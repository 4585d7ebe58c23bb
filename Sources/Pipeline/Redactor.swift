#if canImport(Glibc)
import Glibc
#endif
import Detect
import Encode
import ImageCodec
import Imaging
import Layout
import Office
import Posix
import RedactCore
import Synchronization
import Worker

/// One redacted output and what went into it (counts only, never text).
public struct Redaction: Sendable {
    public var output: OutputBytes
    public var pageCount: Int
    public var counts: [Category: Int]
    public var milliseconds: Int
    /// Where the time went, by stage (summed over pages and workers).
    public var stages = StageTimes()
}

/// One page of `scan` results.
public struct ScanPage: Sendable {
    public var index: Int
    public var size: PageSize
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
    /// Converts office documents to PDF; nil when LibreOffice is not
    /// installed (then they are not shown, and `redact` refuses them).
    public let office: OfficeConverter?

    /// `soffice`: LibreOffice's start program (found on PATH by default;
    /// nil: office documents are not converted).
    public init(settings: RenderSettings, terms: TermMatcher = TermMatcher([]), limits: Limits = Limits(),
                worker: WorkerClient = WorkerClient(), pool: WorkerPool = .shared,
                soffice: String? = OfficeConverter.findSoffice()) {
        self.office = soffice.map { OfficeConverter(soffice: $0, executable: worker.executable) }
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

    /// Keeps workers started ahead of need for the PDFs this redactor reads
    /// (`SpareWorkers`), one per worker slot: an open then waits for no
    /// process start. For a process that serves many documents (the mount).
    public func keepSpareWorkers() {
        let pool = self.pool
        SpareWorkers.shared.enable(count: pool.slots, busy: { pool.busy > 0 })
        SpareWorkers.shared.prepare(executable: worker.executable, request: request(textOnly: false))
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
                       priority: Priority = .interactive, control: RenderControl? = nil, spill: OutputSpill? = nil,
                       decisions: AppliedDecisions? = nil,
                       progress: ((Int, Int) -> Void)? = nil) throws(RedactError) -> Redaction {
        let start = Self.now()
        let kind: SourceKind
        if let name { kind = try SourceKind.classify(fd, name: name) } else { kind = try SourceKind.classify(fd) }
        let output = wanted ?? Self.outputType(kind, name: name, multiPage: kind == .image(.tiff) && TIFFPages.hasSecondPage(fd))
        let st: FileStatus
        do { st = try fd.status() } catch { throw .io(.open, error.rawValue) }
        guard st.size <= limits.maxSourceBytes else { throw .limitExceeded(.sourceBytes(max: limits.maxSourceBytes)) }
        if kind == .mail {
            return try redactMailFile(fd, output: output, size: st.size, decisions: decisions, priority: priority, start: start)
        }
        if case .text(let textKind) = kind {
            return try redactTextFile(fd, kind: textKind, output: output, size: st.size, decisions: decisions,
                                      priority: priority, start: start)
        }
        if case .office(let type) = kind {
            return try redactOfficeFile(fd, type: type, output: output, size: st.size, start: start, priority: priority,
                                        control: control, spill: spill, decisions: decisions, progress: progress)
        }
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
        // Compressed pages beyond the in-flight share wait on disk.
        let stash = PageStash(spill)
        defer { stash.releaseAll() }
        let dpiScale = Double(settings.dpi) / 72.0
        let fan = FanOut(pool: pool, control: control ?? RenderControl(priority: priority, limits: limits),
                         client: worker, source: fd, request: req, maxWorkers: isImage ? 1 : .max)
        // The parent's stages, from every thread that handles a page.
        let spent = Mutex(StageTimes())
        let pageCount = try fan.run({ [self] (arrived: consuming WorkerPage) throws(RedactError) in
            var page = arrived
            var mine = StageTimes()
            defer { spent.withLock { $0.add(mine) } }
            let (model, detected, evidence) = StageTimes.measure(&mine.detect) { detectPage(page) }
            var found = detected
            // Taken out of the page, so the burn below changes the only copy.
            guard var pixels = page.pixels.take() else { throw .damaged(.render) }
            let text = model.text
            if let decisions {
                found = decisions.droppingKept(found, page: page.index, text: text) + decisions.addedDetections(in: text)
            }
            // An image page keeps the file's own pixels: its scale is theirs.
            let scale = isImage ? Double(pixels.width) / page.size.width : dpiScale
            let burnStart = StageTimes.now()
            pixels.burn(RedactionPlan.boxes(for: found, in: text), scale: scale)
            if let areas = decisions?.areas(page: page.index), !areas.isEmpty { pixels.burn(areas, scale: scale) }
            mine.burn += StageTimes.now() - burnStart
            let burned = OutputPage(size: page.size, image: pixels)
            if output != .pdf {
                guard page.index == 0 else { throw .limitExceeded(.frames(max: 1)) }
                collected.withLock { c in
                    c.single = burned
                    c.keep(page.index, model: model, found: found, evidence: evidence, scale: scale)
                }
                return
            }
            let encoded: HeldPage
            let encodeStart = StageTimes.now()
            do { encoded = try stash.hold(try encoder.encode(burned, index: page.index)) } catch { throw .damaged(.encode) }
            mine.encode += StageTimes.now() - encodeStart
            collected.withLock { c in
                c.pages[page.index] = encoded
                c.keep(page.index, model: model, found: found, evidence: evidence, scale: scale)
            }
        }, progress: progress)
        // The document pass: values found with good evidence on any page are
        // burned wherever else they stand (see `DocumentEvidence`).
        var c = collected.withLock { c in
            let taken = c
            c = Collected()
            return taken
        }
        var stages = fan.stageTimes
        stages.add(spent.withLock { $0 })
        let passStart = StageTimes.now()
        // What the user keeps visible stays so, whichever pass found it.
        let additions = c.documentPass(detect: detect, configured: settings.region, alsoIn: detect,
                                       filter: decisions.map { d in { d.droppingKept($1, page: $0, text: $2) } })
        stages.detect += StageTimes.now() - passStart
        let finishStart = StageTimes.now()
        for (index, extra) in additions.sorted(by: { $0.key < $1.key }) {
            guard let text = c.models[index]?.text, let scale = c.scales[index] else { continue }
            let boxes = RedactionPlan.boxes(for: extra, in: text)
            if output != .pdf {
                c.single?.image.burn(boxes, scale: scale)
            } else if let held = c.pages[index] {
                do {
                    let page = try stash.page(held)
                    stash.release(held)
                    c.pages[index] = try stash.hold(try writer.reburn(page, index: index, boxes: boxes, scale: scale))
                } catch {
                    throw .damaged(.encode)
                }
            }
        }
        let (pages, single, counts) = (c.pages, c.single, c.counts)
        let bytes: OutputBytes
        if output != .pdf {
            guard pageCount == 1, let single else { throw .damaged(.encode) }
            do { bytes = .memory(try ImageOutput.write([single], as: output)) } catch { throw .damaged(.encode) }
        } else {
            var held: [HeldPage] = []
            for i in 0..<pageCount {
                guard let p = pages[i] else { throw .workerFailed("a page is missing") }
                held.append(p)
            }
            bytes = try stash.finish(held, writer: writer)
        }
        stages.encode += StageTimes.now() - finishStart
        // A render's page models, pixels and streams were freed on several
        // threads; glibc keeps freed memory in per-thread arenas, so the
        // daemon's RSS would creep up render after render. Give it back.
        Memory.trim()
        return Redaction(output: bytes, pageCount: pageCount, counts: counts,
                         milliseconds: Int((Self.now() - start) * 1000), stages: stages)
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
        case .text(.table(separator: "\t")): return .tsv
        case .text(.table): return .csv
        case .text(.plain): return .txt
        case .text(.json): return .json
        case .mail: return .eml
        case .office: return .pdf
        }
    }

    /// Every page as a worker reads it (its size, text layer and the OCR of
    /// what the text layer does not explain), in order, without pixels:
    /// what `verify` checks an output with. Parsed in a worker, as always.
    public func read(_ fd: FileDescriptor, priority: Priority = .interactive) throws(RedactError) -> [WorkerPage] {
        let kind = try SourceKind.classify(fd)
        var req = request(textOnly: true)
        if case .image = kind { req.image = true }
        let pages = Mutex<[Int: WorkerPage]>([:])
        let fan = FanOut(pool: pool, control: RenderControl(priority: priority, limits: limits), client: worker,
                         source: fd, request: req, maxWorkers: req.image ? 1 : .max)
        let count = try fan.run({ (page: consuming WorkerPage) throws(RedactError) in
            let p = page
            pages.withLock { $0[p.index] = p }
        })
        return pages.withLock { all in (0..<count).compactMap { all[$0] } }
    }

    /// Every page's pixels, as a worker renders them at the settings' dpi,
    /// with no text or OCR: what `review --preview` draws on.
    public func render(_ fd: FileDescriptor) throws(RedactError) -> [WorkerPage] {
        let kind = try SourceKind.classify(fd)
        var req = request(textOnly: false)
        req.pixelsOnly = true
        if case .image = kind { req.image = true }
        let pages = Mutex<[Int: WorkerPage]>([:])
        let fan = FanOut(pool: pool, control: RenderControl(priority: .interactive, limits: limits), client: worker,
                         source: fd, request: req, maxWorkers: req.image ? 1 : .max)
        let count = try fan.run({ (page: consuming WorkerPage) throws(RedactError) in
            let p = page
            pages.withLock { $0[p.index] = p }
        })
        return pages.withLock { all in (0..<count).compactMap { all[$0] } }
    }

    /// Detection only: what would be redacted, page by page (OCR included).
    /// With a `name`, the source is classified as `redact` does (a text
    /// file is known by its name only: `scanText`).
    public func scan(_ fd: FileDescriptor, name: String? = nil, priority: Priority = .interactive,
                     decisions: AppliedDecisions? = nil) throws(RedactError) -> [ScanPage] {
        let kind: SourceKind
        if let name { kind = try SourceKind.classify(fd, name: name) } else { kind = try SourceKind.classify(fd) }
        if case .text(let textKind) = kind { return try scanText(fd, kind: textKind, decisions: decisions) }
        if kind == .mail { return try scanMail(fd, decisions: decisions) }
        if case .office(let type) = kind { return try scanOffice(fd, type: type, priority: priority, decisions: decisions) }
        // The pixels too: the page model reads ruling lines off them, and
        // scan must find what redact burns.
        var req = request(textOnly: false)
        if case .image = kind { req.image = true }
        let collected = Mutex<Collected>(Collected())
        let fan = FanOut(pool: pool, control: RenderControl(priority: priority, limits: limits), client: worker,
                         source: fd, request: req, maxWorkers: req.image ? 1 : .max)
        let sizes = Mutex<[Int: PageSize]>([:])
        let pageCount = try fan.run({ [self] (page: consuming WorkerPage) throws(RedactError) in
            let (model, detected, evidence) = detectPage(page)
            var found = detected
            if let decisions {
                found = decisions.droppingKept(found, page: page.index, text: model.text) + decisions.addedDetections(in: model.text)
            }
            collected.withLock { $0.keep(page.index, model: model, found: found, evidence: evidence, scale: 1, always: true) }
            let (index, size) = (page.index, page.size)
            sizes.withLock { $0[index] = size }
        })
        let sizeOf = sizes.withLock { $0 }
        var c = collected.withLock { $0 }
        let additions = c.documentPass(detect: detect, configured: settings.region, alsoIn: detect,
                                       filter: decisions.map { d in { d.droppingKept($1, page: $0, text: $2) } })
        return (0..<pageCount).compactMap { i in
            guard let text = c.models[i]?.text else { return nil }
            var found = c.found[i] ?? []
            found += additions[i] ?? []
            found.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
            return ScanPage(index: i, size: sizeOf[i] ?? PageSize(width: 0, height: 0), text: text, detections: found,
                            boxes: found.map { RedactionPlan.boxes(for: $0.range, in: text) })
        }
    }

    /// One page through the page model and detection: its text as
    /// detection reads it, what was found (the page's own propagation
    /// included), and the evidence it gives the rest of the document.
    func detectPage(_ page: WorkerPage) -> (PageModel, [Detection], DocumentEvidence) {
        // Ruling lines are read off the page's pixels.
        let rule = page.pixels.map { px in
            let scale = Double(px.width) / max(page.size.width, 1)
            return { (r: Rect) -> Bool in px.hasVerticalRule(in: r, scale: scale) }
        }
        let model = PageModel(layer: page.layer, ocr: page.ocr, rule: rule)
        let text = model.text
        var found = detect(model.text, ocr: model.ocr)
        var evidence = DocumentEvidence()
        evidence.add(found, in: text)
        found += evidence.matcher().additions(in: text, existing: found)
        found.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return (model, found, evidence)
    }

    /// What reading a page in `region` adds to what the page's own regions
    /// found: the values whose reading depends on the region (phone numbers,
    /// dates of birth), where nothing was found yet.
    func detect(_ text: PageText, ocr: [Range<Int>], alsoIn region: String, existing: [Detection]) -> [Detection] {
        guard let d = detectors[region] else { return [] }
        return d.detect(text.scalars, ocr: ocr).filter { p in
            (p.category == .phone || p.category == .dateOfBirth) && !existing.contains { $0.range.overlaps(p.range) }
        }
    }

    /// Recognizers plus always-redact terms, in text order.
    func detect(_ text: PageText, ocr: [Range<Int>]) -> [Detection] {
        // The page is read in the region it is written for; a page that
        // shows two (a German letter with a US contact) is read in both,
        // the second adding the phone numbers only it can read.
        let regions = RegionGuess.regions(text.scalars, configured: settings.region)
        var found = detectors[regions[0]]!.detect(text.scalars, ocr: ocr)
        for region in regions.dropFirst() {
            guard let d = detectors[region] else { continue }
            let more = d.detect(text.scalars, ocr: ocr).filter { p in
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
/// compressed pages, and each page's model and detections. A document
/// whose text passes the budget gets no document pass at all (its pages
/// keep their own page's propagation): deciding by the total, not by which
/// pages happened to arrive first, keeps the output deterministic.
struct Collected: Sendable {
    var pages: [Int: HeldPage] = [:]
    var single: OutputPage?
    var counts: [Category: Int] = [:]
    var models: [Int: PageModel] = [:]
    var found: [Int: [Detection]] = [:]
    var scales: [Int: Double] = [:]
    var evidence = DocumentEvidence()
    var keptScalars = 0
    /// The document's text passed the budget: nothing is kept any more.
    var overBudget = false
    /// Page text kept for the document pass, in scalars (about 36 bytes
    /// each with its box): 1M is about 36 MB, some 400 dense pages. A
    /// longer document gets no document pass.
    static let keptScalarBudget = 1_000_000

    /// `always`: keep the page whatever the budget (`scan` reports every page).
    mutating func keep(_ index: Int, model: PageModel, found: [Detection], evidence: DocumentEvidence, scale: Double,
                       always: Bool = false) {
        for d in found { counts[d.category, default: 0] += 1 }
        let n = model.text.scalars.count
        keptScalars += n
        if !always, keptScalars > Self.keptScalarBudget {
            if !overBudget {
                overBudget = true
                models = [:]
                self.found = [:]
                scales = [:]
                self.evidence = DocumentEvidence()
            }
            return
        }
        self.evidence.merge(evidence)
        models[index] = model
        self.found[index] = found
        scales[index] = scale
    }

    /// The detections the whole document adds to each kept page: a table
    /// continued from the page before read under that page's header, and
    /// every value found with evidence anywhere (`DocumentEvidence`).
    /// `filter` has the last word on each page's additions (the user's
    /// review decisions), before they are counted.
    mutating func documentPass(detect: (PageText, [Range<Int>]) -> [Detection], configured: String = "DE",
                               alsoIn: (PageText, [Range<Int>], String, [Detection]) -> [Detection] = { _, _, _, _ in [] },
                               filter: ((Int, [Detection], PageText) -> [Detection])? = nil)
        -> [Int: [Detection]] {
        var out: [Int: [Detection]] = [:]
        // The document's regions, from all its pages: a page whose own text
        // said too little (a second page of bare numbers) is read in them too.
        let indices = models.keys.sorted()
        let documentRegions = RegionGuess.regions(document: indices.compactMap { models[$0]?.text.scalars }, configured: configured)
        for index in indices {
            guard let m = models[index] else { continue }
            let own = RegionGuess.regions(m.text.scalars, configured: configured)
            for region in documentRegions where !own.contains(region) {
                let extra = alsoIn(m.text, m.ocr, region, (found[index] ?? []) + (out[index] ?? []))
                if !extra.isEmpty { out[index, default: []] += extra }
            }
        }
        // The header a table running off each page carries to the next.
        var carried: [Int: TableContinuation.Header] = [:]
        for index in models.keys.sorted() {
            guard let cur = models[index] else { continue }
            carried[index] = TableContinuation.lastHeader(cur)
            guard let header = carried[index - 1],
                  let (extra, row) = TableContinuation.detections(under: header, on: cur, detect: detect) else { continue }
            // The page's last table is the continued one: its header goes on.
            if TableContinuation.lastTableStart(cur).map({ $0 <= row }) ?? false { carried[index] = header }
            let existing = found[index] ?? []
            // What the page found already stays; a continued row's finding
            // that reaches past it (`Becker, Jonas` over a carried
            // `Becker`) is added.
            let new = extra.filter { d in
                !existing.contains { $0.range.lowerBound <= d.range.lowerBound && $0.range.upperBound >= d.range.upperBound }
            }
            if new.isEmpty { continue }
            out[index] = new
            var ev = DocumentEvidence()
            ev.add(new, in: cur.text)
            evidence.merge(ev)
        }
        if !evidence.isEmpty {
            let matcher = evidence.matcher()
            for index in models.keys.sorted() {
                guard let text = models[index]?.text else { continue }
                let extra = matcher.additions(in: text, existing: (found[index] ?? []) + (out[index] ?? []))
                if !extra.isEmpty { out[index, default: []] += extra }
            }
        }
        if let filter {
            for (index, extra) in out {
                guard let text = models[index]?.text else { continue }
                let kept = filter(index, extra, text)
                out[index] = kept.isEmpty ? nil : kept
            }
        }
        for (_, extra) in out { for d in extra { counts[d.category, default: 0] += 1 } }
        return out
    }
}

/// A table that runs on from one page to the next without repeating its
/// header: its rows on the next page are read under the header of the
/// page before, so a `Name` or `Geburtsdatum` column keeps its meaning.
enum TableContinuation {
    /// Lines near the top of a page that may hold the continued table
    /// (a letterhead or a running header comes first).
    static let searchLines = 8

    /// A table's header row: its text and its number of cells.
    struct Header {
        var scalars: [Unicode.Scalar]
        var cells: Int
    }

    /// The detections on `cur` read with `header` put right above its
    /// first row of as many cells, and that row's line index; nil when
    /// there is no such row or the page repeats the header. Ranges are
    /// `cur`'s own.
    static func detections(under header: Header, on cur: PageModel,
                           detect: (PageText, [Range<Int>]) -> [Detection]) -> ([Detection], Int)? {
        let text = cur.text
        guard let row = cur.lines.prefix(searchLines).firstIndex(where: { width(of: $0, in: text) == header.cells })
        else { return nil }
        let line = cur.lines[row]
        let at = lineStart(line, in: text)
        // A page that repeats the header needs no help.
        if fold(header.scalars) == fold(Array(text.scalars[at..<line.cells[line.cells.count - 1].upperBound])) { return nil }
        // The header's scalars go in with no boxes: they are context, never burned.
        let none = Rect(x: 0, y: 0, width: 0, height: 0)
        let inserted = header.scalars + ["\n"]
        let scalars = Array(text.scalars[..<at]) + inserted + Array(text.scalars[at...])
        let boxes = Array(text.boxes[..<at]) + Array(repeating: none, count: inserted.count) + Array(text.boxes[at...])
        let shift = inserted.count
        let ocr = cur.ocr.map { r in r.lowerBound >= at ? (r.lowerBound + shift)..<(r.upperBound + shift) : r }
        var out: [Detection] = []
        for var d in detect(PageText(scalars: scalars, boxes: boxes), ocr) {
            let r = d.range
            if r.upperBound <= at {
                out.append(d)
            } else if r.upperBound > at + shift {
                // Anything reaching into the header keeps only the rows' part.
                d.range = (max(at + shift, r.lowerBound) - shift)..<(r.upperBound - shift)
                out.append(d)
            }
        }
        return (out, row)
    }

    /// The header of the page's last table: the first line of the last run
    /// of two or more consecutive lines that have two or more cells each.
    static func lastHeader(_ m: PageModel) -> Header? {
        guard let k = lastTableStart(m) else { return nil }
        let line = m.lines[k]
        return Header(scalars: Array(m.text.scalars[lineStart(line, in: m.text)..<line.cells[line.cells.count - 1].upperBound]),
                      cells: width(of: line, in: m.text))
    }

    /// A line's number of columns: the cells between the bars of a row
    /// typed with `|` (`| a | b |` has two), else its table's, else its
    /// cells'. A typed row's bars count first: OCR's gaps split its
    /// segments into a varying number of cells, row by row.
    static func width(of line: PageModel.Line, in text: PageText) -> Int {
        let s = text.scalars[line.cells[0].lowerBound..<line.cells[line.cells.count - 1].upperBound]
        if s.first == "|", s.last == "|" { return max(1, s.reduce(0) { $0 + ($1 == "|" ? 1 : 0) } - 1) }
        if line.tableColumns > 0 { return line.tableColumns }
        return line.cells.count
    }

    /// Where a line's text starts, with the tabs of its leading empty cells.
    static func lineStart(_ line: PageModel.Line, in text: PageText) -> Int {
        var at = line.cells[0].lowerBound
        while at > 0, text.scalars[at - 1] == "\t" { at -= 1 }
        return at
    }

    /// The line index where the page's last table starts.
    /// A line of one cell between two rows is the tail of a row that
    /// wrapped (`£1,429.98 |` under a bar-typed row too wide for the page):
    /// it does not end the table.
    static func lastTableStart(_ m: PageModel) -> Int? {
        let wide = m.lines.map { width(of: $0, in: m.text) >= 2 }
        var best: Int?
        var k = 0
        while k < m.lines.count {
            guard wide[k] else { k += 1; continue }
            var end = k + 1
            while end < m.lines.count, !m.lines[end].startsBlock {
                if wide[end] { end += 1; continue }
                if end + 1 < m.lines.count, wide[end + 1], !m.lines[end + 1].startsBlock { end += 2; continue }
                break
            }
            // A header row alone at the page's foot (its rows all on the next page)
            // is a table too: a row of words, no digit (a footer has its page number).
            if end - k >= 2 || (end == m.lines.count && end - k == 1 && !hasDigit(m.lines[k], in: m.text)) { best = k }
            k = end
        }
        return best
    }

    static func hasDigit(_ line: PageModel.Line, in text: PageText) -> Bool {
        text.scalars[line.cells[0].lowerBound..<line.cells[line.cells.count - 1].upperBound].contains { $0.isNumericFast }
    }

    static func fold(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        s.filter { !$0.isWhitespaceFast }.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
    }
}
