#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Poppler
import Posix
import RedactCore

/// What the parent asks of a worker, passed on its command line. The
/// command line holds settings only: never a path, a term or any text.
public struct WorkerRequest: Sendable, Equatable {
    public var dpi: Int
    /// Zero-based page range to process; nil means every page.
    public var pages: Range<Int>?
    /// Text only (for `scan`): no rendering.
    public var textOnly: Bool
    public var limits: Limits

    public init(dpi: Int, pages: Range<Int>? = nil, textOnly: Bool = false, limits: Limits = Limits()) {
        self.dpi = dpi
        self.pages = pages
        self.textOnly = textOnly
        self.limits = limits
    }

    public var arguments: [String] {
        var a = ["--dpi", String(dpi)]
        if let p = pages { a += ["--pages", "\(p.lowerBound)-\(p.upperBound)"] }
        if textOnly { a.append("--text-only") }
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
            case "--text-only":
                r.textOnly = true; i += 1
            default:
                return nil
            }
        }
        return r
    }
}

/// The worker process: reads the PDF from standard input (an open file
/// descriptor handed over by the parent), writes pages to standard output,
/// and exits. It holds no key and no terms; it never opens a path itself.
public enum WorkerMain {
    public static func run(arguments: [String]) -> Never {
        // Without the sandbox nothing is parsed: the parent sees a failed worker.
        guard Hardening.lockDownWorker() else { exit(70) }
        guard let request = WorkerRequest.parse(arguments) else { exit(64) }
        let out = FileDescriptor(owning: 1)
        do throws(RedactError) {
            try process(request, out: out)
            exit(0)
        } catch {
            var w = WireWriter()
            let (k, s, p) = WireError.encode(error)
            w.u8(WireTag.error); w.u8(k); w.u8(s); w.i64(p)
            try? out.writeAll(w.bytes)
            exit(0)
        }
    }

    static func process(_ request: WorkerRequest, out: FileDescriptor) throws(RedactError) {
        let doc = try PDFDocument(fd: 0)
        let count = doc.pageCount
        guard count > 0 else { throw .damaged(.parse) }
        guard count <= request.limits.maxPages else { throw .limitExceeded(.pages(max: request.limits.maxPages)) }
        var head = WireWriter()
        head.bytes = WireTag.magic
        head.u32(UInt32(count))
        try send(head.bytes, to: out)
        let range = request.pages.map { $0.clamped(to: 0..<count) } ?? 0..<count
        for i in range {
            let page = try doc.page(i)
            let size = page.size
            let text = try page.text()
            var pixels: Pixmap?
            if !request.textOnly {
                page.removeAnnotations()
                pixels = try page.render(dpi: Double(request.dpi), limits: request.limits)
            }
            var w = WireWriter()
            w.bytes.reserveCapacity(64 + text.scalars.count * 36 + (pixels?.rgb.count ?? 0))
            w.u8(WireTag.page); w.u32(UInt32(i)); w.f64(size.width); w.f64(size.height)
            w.u32(UInt32(text.scalars.count))
            for (s, b) in zip(text.scalars, text.boxes) {
                w.u32(s.value); w.f64(b.x); w.f64(b.y); w.f64(b.width); w.f64(b.height)
            }
            if let p = pixels {
                w.u8(1); w.u32(UInt32(p.width)); w.u32(UInt32(p.height))
                w.bytes.append(contentsOf: p.rgb)
            } else {
                w.u8(0)
            }
            try send(w.bytes, to: out)
        }
        try send([WireTag.done], to: out)
    }

    static func send(_ bytes: [UInt8], to out: FileDescriptor) throws(RedactError) {
        do { try out.writeAll(bytes) } catch { throw .io(.worker, error.rawValue) }
    }
}
