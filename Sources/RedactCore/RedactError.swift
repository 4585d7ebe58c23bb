/// The stage of the pipeline at which a file failed; logged with the errno.
public enum Stage: String, Sendable {
    case open, classify, worker, parse, text, render, detect, burn, encode, cache, serve
    /// An office document turned into a PDF by LibreOffice.
    case convert
}

/// Why one file could not be served. Every case maps to one errno at the
/// FUSE boundary and to one exit code in the command line; messages are
/// fixed strings and numbers, never text from a document or a term.
public enum RedactError: Error, Equatable, Sendable {
    /// The source does not exist (any more).
    case notFound
    /// The source is not readable by us (EACCES passed through).
    case accessDenied
    /// The PDF needs a user password to be opened.
    case passwordRequired
    /// The source is not a document we redact (bad magic, unknown type).
    case unsupported
    /// The document is damaged or hostile: parsing or rendering failed.
    case damaged(Stage)
    /// A stated limit was hit (pages, pixels, bytes).
    case limitExceeded(Limit)
    /// Input the man page says is not served (LIMITS), named.
    case refused(Refusal)
    /// The worker process died, timed out or broke the protocol.
    case workerFailed(String)
    /// An I/O error with the given errno.
    case io(Stage, Int32)

    /// The errno the kernel hands to the reading program.
    public var errnoValue: Int32 {
        switch self {
        case .notFound: return 2          // ENOENT
        case .accessDenied, .passwordRequired: return 13  // EACCES
        case .unsupported, .damaged, .limitExceeded, .refused, .workerFailed: return 5  // EIO
        case .io(_, let e): return e == 13 ? 13 : 5
        }
    }

    public var stage: Stage {
        switch self {
        case .notFound, .accessDenied, .passwordRequired: return .open
        case .unsupported: return .classify
        case .damaged(let s): return s
        case .limitExceeded(let l): return l.isTime ? .render : .parse
        case .refused(let r): return r.stage
        case .workerFailed: return .worker
        case .io(let s, _): return s
        }
    }

    /// A one-line description for logs and the terminal.
    public var message: String {
        switch self {
        case .notFound: return "no such file"
        case .accessDenied: return "permission denied"
        case .passwordRequired: return "the PDF is encrypted and needs a password to open"
        case .unsupported: return "not a supported document (its bytes are not the PDF, image, text or mail its name says)"
        case .damaged(let s): return "the document is damaged or could not be processed (\(s.rawValue))"
        case .limitExceeded(let l): return "limit exceeded: \(l.description)"
        case .refused(let r): return "refused (man redactfs, LIMITS): \(r.description)"
        case .workerFailed(let why): return "worker failed: \(why)"
        case .io(let s, let e): return "I/O error in \(s.rawValue) (errno \(e))"
        }
    }
}

/// Caps that protect the mount from hostile documents. Stated in the man
/// page and named in the error when hit.
public enum Limit: Equatable, Sendable, CustomStringConvertible {
    case pages(max: Int)
    case pixelsPerPage(max: Int)
    /// A side of the rendered page would be longer than this many pixels
    /// (the renderer's own bound).
    case pixelsPerSide(max: Int)
    case pageSize(maxPoints: Double)
    case sourceBytes(max: Int64)
    /// An image source is larger than this many bytes.
    case imageBytes(max: Int)
    /// An image holds more frames (TIFF pages, GIF frames) than this.
    case frames(max: Int)
    /// A text source (`.txt`, `.csv` …) is larger than this many bytes.
    case textBytes(max: Int)
    case mailBytes(max: Int)
    case textPerPage(max: Int)
    /// One page took more CPU time than this (a CPU bomb).
    case pageCPU(seconds: Double)
    /// One page took longer than this, not counting the time its worker was
    /// paused so another document could go first.
    case pageTime(seconds: Double)
    /// The whole document took more CPU time than this, over all its workers.
    case documentCPU(seconds: Double)
    /// The whole document took longer than this.
    case documentTime(seconds: Double)
    /// Nobody waited for the render any more, and finishing it into the
    /// cache took more CPU time than this.
    case finishCPU(seconds: Double)
    /// An office document (`.docx` …) is larger than this many bytes.
    case officeBytes(max: Int)
    /// LibreOffice took longer than this to convert an office document.
    case conversionTime(seconds: Double)
    /// The PDF LibreOffice made of an office document is larger than this.
    case convertedBytes(max: Int)

    public var description: String {
        switch self {
        case .pages(let m): return "more than \(m) pages"
        case .pixelsPerPage(let m): return "a page would exceed \(m) pixels"
        case .pixelsPerSide(let m): return "a side of a page would exceed \(m) pixels"
        case .pageSize(let m): return "a page is larger than \(Int(m)) points on a side"
        case .sourceBytes(let m): return "the source is larger than \(m) bytes"
        case .imageBytes(let m): return "the image file is larger than \(m) bytes"
        case .frames(let m): return "the image has more than \(m) pages or frames"
        case .textBytes(let m): return "the text is larger than \(m) bytes"
        case .mailBytes(let m): return "the message is larger than \(m) bytes"
        case .textPerPage(let m): return "a page has more than \(m) characters of text"
        case .pageCPU(let s): return "a page took more than \(Self.seconds(s)) of CPU time"
        case .pageTime(let s): return "a page took longer than \(Self.seconds(s))"
        case .documentCPU(let s): return "the document took more than \(Self.seconds(s)) of CPU time"
        case .documentTime(let s): return "the document took longer than \(Self.seconds(s))"
        case .finishCPU(let s):
            return "nobody waited for the render any more and finishing it took more than \(Self.seconds(s)) of CPU time"
        case .officeBytes(let m): return "the office document is larger than \(m) bytes"
        case .conversionTime(let s): return "LibreOffice took longer than \(Self.seconds(s)) to convert the document"
        case .convertedBytes(let m): return "the PDF LibreOffice made is larger than \(m) bytes"
        }
    }

    public static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }

    /// A time budget (hit while rendering), not a size cap (hit at parse).
    public var isTime: Bool {
        switch self {
        case .pageCPU, .pageTime, .documentCPU, .documentTime, .finishCPU, .conversionTime: return true
        default: return false
        }
    }
}

/// Damaged input that viewers may show in part but that is not served:
/// what they show is a guess (or nothing), and a redaction of a guess is
/// not one. Stated in the man page (LIMITS, SCANS AND IMAGES).
public enum Refusal: Equatable, Sendable, CustomStringConvertible {
    /// poppler cannot load a page (a loop in the page tree, a page object
    /// destroyed); its own tools print a blank 1 by 1 pixel image for it.
    case pageNotLoadable
    /// A page's crop box is empty: there is nothing a viewer shows.
    case emptyPage
    /// Drawing a page put cairo in an error state (a Type3 font whose
    /// matrix cannot be inverted, for one): what it drew is not the page.
    case rendererError
    /// An image whose data fails its checksum, ends early, or whose pages
    /// link back to an earlier one, or that its decoder warns about.
    case damagedImage
    /// poppler, cairo or tesseract crashed while reading or drawing a page
    /// (a Type3 glyph that draws itself recurses in cairo until the stack
    /// runs out; `pdftocairo` dies on it too).
    case libraryCrashed

    public var description: String {
        switch self {
        case .pageNotLoadable: return "a page cannot be loaded (a loop in the page tree or a broken page object)"
        case .emptyPage: return "a page's crop box is empty"
        case .rendererError: return "drawing a page put the renderer (cairo) in an error state"
        case .damagedImage: return "the image is damaged (a checksum fails, it ends early, or its pages loop)"
        case .libraryCrashed: return "the PDF or OCR library (poppler, cairo, tesseract) crashed reading or drawing a page"
        }
    }

    public var stage: Stage {
        switch self {
        case .pageNotLoadable, .damagedImage: return .parse
        case .emptyPage, .rendererError, .libraryCrashed: return .render
        }
    }
}

/// The caps themselves.
public struct Limits: Sendable, Equatable {
    public var maxPages = 2000
    public var maxPixelsPerPage = 60_000_000   // e.g. A0 at 300 dpi is ~140 MP; A3 at 600 dpi ~70 MP
    /// cairo's image surfaces stop at 32767 pixels on a side.
    public var maxPixelsPerSide = 32_767
    public var maxPagePoints = 14_400.0        // 200 in, PDF's own UserUnit-free maximum
    public var maxSourceBytes: Int64 = 2 << 30 // 2 GiB
    /// Image sources (PNG, JPEG, TIFF, WebP, BMP, GIF) are read into memory
    /// whole: a smaller cap than for PDFs.
    public var maxImageBytes = 256 << 20        // 256 MiB
    /// Text files are read whole into memory and laid out as pages.
    /// A text file is detected whole in the daemon (the document pass
    /// needs every page's values): about 3.5 s of CPU and 90 MiB of memory
    /// a MiB of CSV, measured on the bench machine.
    public var maxTextBytes = 4 << 20           // 4 MiB
    /// A saved e-mail is read whole; its text (headers and bodies) is held
    /// to `maxTextBytes`, each attachment to its own kind's limits.
    public var maxMailBytes = 64 << 20          // 64 MiB
    /// Characters of text on one page (text layer and OCR each): a dense
    /// A4 page holds about 5000.
    public var maxTextPerPage = 4_000_000
    /// Time budgets. A page: CPU time of its worker, and wall time not
    /// counting the time the worker was paused so that another document's
    /// open could go first (`WorkerPool`). A real page takes well under ten
    /// seconds, OCR at 300 dpi included; a page past these is a CPU bomb.
    public var pageCPUSeconds = 60.0
    public var pageSeconds = 180.0
    /// The whole document, over all its workers (2000 pages of OCR at
    /// 1.5 s each fit).
    public var documentCPUSeconds = 3600.0
    public var documentSeconds = 7200.0
    /// When nobody waits for a render any more (every open gave up at its
    /// deadline or was interrupted), it may use this much more CPU time to
    /// finish into the cache, in the background; then it is stopped.
    public var finishCPUSeconds = 300.0
    /// Office documents are copied whole into the conversion's private
    /// folder (in memory where there is one).
    public var maxOfficeBytes = 64 << 20         // 64 MiB
    /// LibreOffice's wall time for one conversion; then its whole process
    /// group is killed.
    public var officeSeconds = 60.0
    /// The PDF LibreOffice writes is read into memory.
    public var maxConvertedBytes = 256 << 20     // 256 MiB
    public init() {}
}
