#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Poppler
import Posix
import OCR
import RedactCore

/// What the parent asks of a worker, passed on its command line. The
/// command line holds settings only: never a path, a term or any text.
public struct WorkerRequest: Sendable, Equatable {
    public var dpi: Int
    /// Zero-based page range to process; nil means every page.
    public var pages: Range<Int>?
    /// Text only (for `scan`): no rendering.
    public var textOnly: Bool
    /// tesseract languages, e.g. "eng+deu" (checked by the parent first).
    public var ocrLanguages: String
    /// Resolution for OCR, lowered for a page that would pass the pixel cap.
    public var ocrDpi: Int
    /// Pages are asked for one by one on fd 3 (see `WireTag`).
    public var control: Bool
    /// The source is an image file (decoded here, then OCR'd), not a PDF.
    public var image: Bool = false
    /// Pixels only: no text layer, no OCR (a preview of an output).
    public var pixelsOnly: Bool = false
    /// Started ahead of need (`SpareWorkers`): load what every document
    /// needs, then wait on fd 0 for the document's descriptor.
    public var spare: Bool = false
    public var limits: Limits

    public init(dpi: Int, pages: Range<Int>? = nil, textOnly: Bool = false, ocrLanguages: String = "eng+deu",
                ocrDpi: Int = 300, control: Bool = false, limits: Limits = Limits()) {
        self.dpi = dpi
        self.pages = pages
        self.textOnly = textOnly
        self.ocrLanguages = ocrLanguages
        self.ocrDpi = ocrDpi
        self.control = control
        self.limits = limits
    }

    public var arguments: [String] {
        var a = ["--dpi", String(dpi), "--ocr-dpi", String(ocrDpi), "--ocr-languages", ocrLanguages]
        if let p = pages { a += ["--pages", "\(p.lowerBound)-\(p.upperBound)"] }
        if textOnly { a.append("--text-only") }
        if control { a.append("--control") }
        if image { a.append("--image") }
        if pixelsOnly { a.append("--pixels-only") }
        if spare { a.append("--spare") }
        return a
    }

    public static func parse(_ args: [String]) -> WorkerRequest? {
        var r = WorkerRequest(dpi: 150)
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--dpi":
                guard i + 1 < args.count, let d = Int(args[i + 1]) else { return nil }
                r.dpi = d; i += 2
            case "--pages":
                guard i + 1 < args.count else { return nil }
                let parts = args[i + 1].split(separator: "-").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= 0, parts[0] <= parts[1] else { return nil }
                r.pages = parts[0]..<parts[1]; i += 2
            case "--ocr-dpi":
                guard i + 1 < args.count, let d = Int(args[i + 1]), (36...1200).contains(d) else { return nil }
                r.ocrDpi = d; i += 2
            case "--ocr-languages":
                guard i + 1 < args.count, OCRLanguageList.isValid(args[i + 1]) else { return nil }
                r.ocrLanguages = args[i + 1]; i += 2
            case "--text-only":
                r.textOnly = true; i += 1
            case "--control":
                r.control = true; i += 1
            case "--image":
                r.image = true; i += 1
            case "--pixels-only":
                r.pixelsOnly = true; i += 1
            case "--spare":
                r.spare = true; i += 1
            default:
                return nil
            }
        }
        return r
    }
}

/// A call into poppler, cairo or tesseract, marked so that a crash in it
/// reaches the parent as `Refusal.libraryCrashed` at `stage` (see
/// `CrashRecord`) rather than as a worker that ended early.
func library<T, E: Error>(_ stage: Stage, _ body: () throws(E) -> T) throws(E) -> T {
    try CrashRecord.during(WireError.mark(stage), body)
}

/// The worker process: reads the PDF from standard input (an open file
/// descriptor handed over by the parent), writes pages to standard output,
/// and exits. It holds no key and no terms; it never opens a path itself.
public enum WorkerMain {
    public static func run(arguments: [String]) -> Never {
        // Armed before the sandbox, which does not stop it (sigaltstack and
        // rt_sigaction are allowed); see `library`.
        CrashRecord.install(fd: 1, record: WireError.crashRecord, stageAt: 2)
        guard let request = WorkerRequest.parse(arguments) else { exit(64) }
        var reader: PageReader?
        if request.spare {
            // Before the sandbox and before any document: only our own
            // code, our own rehearsal page and the trained OCR model run
            // here. Then the sandbox, while nobody waits for it (it took
            // most of a spare's start-to-first-page time when installed
            // after the word). Then the word on the control pipe: the
            // document is in the memory file on fd 0 (sealed). End of
            // file: the parent let this spare go.
            let r = PageReader(request: request)
            r.warmUp()
            reader = r
            guard Hardening.lockDownWorker() else { exit(70) }
            guard let size = try? readWord(3) else { exit(0) }
            var st = stat()
            guard fstat(0, &st) == 0, UInt64(st.st_size) == size else { exit(70) }
        } else {
            // Without the sandbox nothing is parsed: the parent sees a failed worker.
            guard Hardening.lockDownWorker() else { exit(70) }
        }
        let out = FileDescriptor(owning: 1)
        do throws(RedactError) {
            try process(request, out: out, reader: reader)
            exit(0)
        } catch {
            var w = WireWriter()
            let (k, s, p) = WireError.encode(error)
            w.u8(WireTag.error); w.u8(k); w.u8(s); w.i64(p)
            try? out.writeAll(w.bytes)
            exit(0)
        }
    }

    static func process(_ request: WorkerRequest, out: FileDescriptor, reader warm: PageReader? = nil) throws(RedactError) {
        if request.image { return try ImagePages.process(request, out: out) }
        let opened = StageTimes.now()
        let doc = try library(.parse) { () throws(RedactError) in try PDFDocument(fd: 0) }
        let count = doc.pageCount
        guard count > 0 else { throw .damaged(.parse) }
        guard count <= request.limits.maxPages else { throw .limitExceeded(.pages(max: request.limits.maxPages)) }
        var head = WireWriter()
        head.bytes = WireTag.magic
        head.u32(UInt32(count))
        head.f64(StageTimes.now() - opened)
        try send(head.bytes, to: out)
        let reader = warm ?? PageReader(request: request)
        if request.control {
            // fd 3: u32 page indices from the parent, end of file when done.
            let control = FileDescriptor(owning: 3)
            while let i = try nextIndex(control) {
                guard i < count else { throw .workerFailed("page index out of range") }
                try sendPage(i, try readPage(i, doc, reader), to: out)
            }
        } else {
            let range = request.pages.map { $0.clamped(to: 0..<count) } ?? 0..<count
            for i in range {
                try sendPage(i, try readPage(i, doc, reader), to: out)
            }
        }
        try send([WireTag.done], to: out)
    }

    /// Loads page `i` (its time is the page's parse) and reads it.
    static func readPage(_ i: Int, _ doc: PDFDocument, _ reader: PageReader) throws(RedactError) -> ReadPage {
        var parse = 0.0
        let page = try StageTimes.measure(&parse) { () throws(RedactError) in
            try library(.parse) { () throws(RedactError) in try doc.page(i) }
        }
        var read = try reader.read(page)
        read.times.parse += parse
        return read
    }

    /// Writes one page record (see `WireTag`). The pixels go from their
    /// own array to the pipe: copied into one buffer with the rest, a page
    /// cost another 6.5 MB copy and as many fresh pages of memory.
    static func sendPage(_ index: Int, _ page: ReadPage, to out: FileDescriptor) throws(RedactError) {
        var w = WireWriter()
        let n = page.layer.scalars.count + page.ocr.scalars.count
        w.bytes.reserveCapacity(64 + n * 36)
        w.u8(WireTag.page); w.u32(UInt32(index)); w.f64(page.size.width); w.f64(page.size.height)
        w.text(page.layer)
        w.text(page.ocr)
        if let p = page.pixels {
            w.u8(1); w.u32(UInt32(p.width)); w.u32(UInt32(p.height)); w.u8(UInt8(p.channels))
            try send(w.bytes, to: out)
            w.bytes.removeAll(keepingCapacity: true)
            var failure: Errno?
            p.samples.withUnsafeBytes { b in
                do throws(Errno) { try out.writeAll(b) } catch { failure = error }
            }
            if let failure { throw .io(.worker, failure.rawValue) }
        } else {
            w.u8(0)
        }
        for v in page.times.workerStages { w.f64(v) }
        try send(w.bytes, to: out)
    }

    /// A spare's word to start: the document's size (u64), nil at end of file.
    static func readWord(_ fd: Int32) throws(RedactError) -> UInt64? {
        try readExactly(8, from: fd).map { b in b.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) } }
    }

    /// The next page index the parent asks for, nil at end of file.
    static func nextIndex(_ fd: FileDescriptor) throws(RedactError) -> Int? {
        try readExactly(4, from: fd.rawValue).map { b in
            Int(UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24)
        }
    }

    /// `count` bytes from the control pipe; nil at end of file before the
    /// first byte, an error at end of file inside them.
    static func readExactly(_ count: Int, from fd: Int32) throws(RedactError) -> [UInt8]? {
        var buf = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, count - got) }
            if n < 0 { if errno == EINTR { continue }; throw .io(.worker, errno) }
            if n == 0 { if got == 0 { return nil }; throw .workerFailed("control pipe broke") }
            got += n
        }
        return buf
    }

    static func send(_ bytes: [UInt8], to out: FileDescriptor) throws(RedactError) {
        do { try out.writeAll(bytes) } catch { throw .io(.worker, error.rawValue) }
    }
}
