#if canImport(Glibc)
import Glibc
#endif
import Detect
import Encode
import Imaging
import Posix
import RedactCore
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
    let detector: Detector
    /// Always-redact terms. They stay in this process: never sent to a
    /// worker, logged, or written anywhere.
    let terms: TermMatcher

    public init(settings: RenderSettings, terms: TermMatcher = TermMatcher([]), limits: Limits = Limits(),
                worker: WorkerClient = WorkerClient()) {
        self.settings = settings
        self.limits = limits
        self.worker = worker
        self.terms = terms
        var config = DetectorConfig()
        config.enabled = settings.categories
        config.defaultRegion = settings.region
        self.detector = Detector(config: config)
    }

    /// A file or folder name with the always-redact terms taken out.
    public func redactName(_ name: String) -> String {
        settings.categories.contains(.term) ? terms.redactName(name) : name
    }

    /// Redacts the source behind `fd` into a new image-only PDF.
    /// All or nothing: any failing page fails the whole file.
    public func redact(_ fd: FileDescriptor, progress: ((Int, Int) -> Void)? = nil) throws(RedactError) -> Redaction {
        let start = Self.now()
        _ = try SourceKind.classify(fd)
        let st: FileStatus
        do { st = try fd.status() } catch { throw .io(.open, error.rawValue) }
        guard st.size <= limits.maxSourceBytes else { throw .limitExceeded(.sourceBytes(max: limits.maxSourceBytes)) }
        let out = try worker.run(source: fd, request: WorkerRequest(dpi: settings.dpi, limits: limits))
        var pages: [OutputPage] = []
        pages.reserveCapacity(out.pages.count)
        var counts: [Category: Int] = [:]
        let scale = Double(settings.dpi) / 72.0
        for page in out.pages {
            guard var pixels = page.pixels else { throw .damaged(.render) }
            let found = detect(page.text)
            for d in found { counts[d.category, default: 0] += 1 }
            pixels.burn(RedactionPlan.boxes(for: found, in: page.text), scale: scale)
            pages.append(OutputPage(size: page.size, image: pixels))
            progress?(pages.count, out.pageCount)
        }
        let bytes: [UInt8]
        do { bytes = try PDFWriter.write(pages) } catch { throw .damaged(.encode) }
        return Redaction(bytes: bytes, pageCount: out.pageCount, counts: counts,
                         milliseconds: Int((Self.now() - start) * 1000))
    }

    /// Detection only: what would be redacted, page by page.
    public func scan(_ fd: FileDescriptor) throws(RedactError) -> [ScanPage] {
        _ = try SourceKind.classify(fd)
        let out = try worker.run(source: fd, request: WorkerRequest(dpi: settings.dpi, textOnly: true, limits: limits))
        return out.pages.map { page in
            let found = detect(page.text)
            return ScanPage(index: page.index, text: page.text, detections: found,
                            boxes: found.map { RedactionPlan.boxes(for: $0.range, in: page.text) })
        }
    }

    /// Recognizers plus always-redact terms, in text order.
    func detect(_ text: PageText) -> [Detection] {
        var found = detector.detect(text.scalars)
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
