#if canImport(Glibc)
import Glibc
#endif
import ImageCodec
import Imaging
import OCR
import Posix
import RedactCore

/// Image sources in the worker: the file is decoded here (untrusted input
/// stays in the worker), each page or frame OCR'd, and its pixels sent with
/// the OCR text, like a scanned PDF page. Pages go out in order, one
/// decoded page at a time.
enum ImagePages {
    static func process(_ request: WorkerRequest, out: FileDescriptor) throws(RedactError) {
        let caps = ImageCaps(limits: request.limits)
        let opened = StageTimes.now()
        let bytes = try readAll(max: caps.maxBytes)
        let count = try ImageDecoder.probe(bytes, caps: caps).frames
        // GIF: only the first frame is shown (docs/images.md).
        let pages = ImageFormat.sniff(bytes) == .tiff ? count : 1
        guard pages > 0 else { throw .damaged(.parse) }
        var head = WireWriter()
        head.bytes = WireTag.magic
        head.u32(UInt32(pages))
        head.f64(StageTimes.now() - opened)
        try WorkerMain.send(head.bytes, to: out)
        let reader = PageReader(request: request)
        let control = request.control ? FileDescriptor(owning: 3) : nil
        var stopped = false
        do throws(RedactError) {
            var last = StageTimes.now()
            try ImageDecoder.decodeEach(bytes, caps: caps) { (i, image) throws(RedactError) in
                // Decoding the frame is this page's parse.
                let decoded = StageTimes.now() - last
                defer { last = StageTimes.now() }
                if let control {
                    // One worker reads an image file, pages in order.
                    guard let want = try WorkerMain.nextIndex(control) else { stopped = true; throw .workerFailed("stop") }
                    guard want == i else { throw .workerFailed("image pages are read in order") }
                } else if let r = request.pages, !r.contains(i) {
                    return
                }
                try WorkerMain.sendPage(i, try reader.read(image, decoded: decoded), to: out)
            }
        } catch {
            if !stopped { throw error }
        }
        if let control, !stopped, try WorkerMain.nextIndex(control) != nil {
            throw .workerFailed("page index out of range")
        }
        try WorkerMain.send([WireTag.done], to: out)
    }

    /// Standard input to its end, refusing more than `max` bytes.
    static func readAll(max: Int) throws(RedactError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw .io(.parse, errno) }
            if n == 0 { return out }
            guard out.count + n <= max else { throw .limitExceeded(.imageBytes(max: max)) }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}

extension PageReader {
    /// One decoded image: read whole by OCR (turned upright if need be) at
    /// the file's resolution, boxes in points of the page that shows it.
    func read(_ image: DecodedImage, decoded: Double = 0) throws(RedactError) -> ReadPage {
        let size = image.pageSize()
        var times = StageTimes()
        times.parse = decoded
        if request.pixelsOnly { return ReadPage(size: size, layer: .empty, ocr: .empty, pixels: image.pixels, times: times) }
        let dpi: Int
        if let d = image.dpi, DecodedImage.plausibleDPI.contains(d.x) { dpi = Int(d.x.rounded()) } else { dpi = 300 }
        let gray = GrayImage(image.pixels)
        let sx = size.width / Double(image.pixels.width), sy = size.height / Double(image.pixels.height)
        let words = try StageTimes.measure(&times.ocr) { () throws(RedactError) in
            try readWhole(gray, dpi: dpi, engine: try engineReady()).map { word in
                word.mapped { Rect(x: $0.x * sx, y: $0.y * sy, width: $0.width * sx, height: $0.height * sy) }
            }
        }
        return ReadPage(size: size, layer: .empty, ocr: OCRAssembly.pageText(words),
                        pixels: request.textOnly ? nil : image.pixels, times: times)
    }
}
