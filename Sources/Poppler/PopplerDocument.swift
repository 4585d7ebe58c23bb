import CPoppler
import Imaging
import RedactCore

/// A PDF opened by poppler. Lives only in the worker process: parsing and
/// rendering untrusted PDFs never happens in the process that holds keys.
///
/// One document per thread (poppler documents are not thread-safe).
public final class PDFDocument {
    private let doc: OpaquePointer

    /// Opens the PDF behind `fd` (which the document takes over; the worker
    /// exits when done, so it is not closed separately).
    /// (poppler_document_new_from_fd)
    public init(fd: Int32) throws(RedactError) {
        var err: UnsafeMutablePointer<GError>?
        guard let d = poppler_document_new_from_fd(fd, nil, &err) else {
            let code = err?.pointee.code ?? -1
            let isPoppler = err.map { $0.pointee.domain == poppler_error_quark() } ?? false
            g_clear_error(&err)
            if isPoppler && code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) { throw .passwordRequired }
            throw .damaged(.parse)
        }
        doc = d
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(doc)) }

    /// (poppler_document_get_n_pages)
    public var pageCount: Int { Int(poppler_document_get_n_pages(doc)) }

    /// The page at zero-based `index`. (poppler_document_get_page)
    public func page(_ index: Int) throws(RedactError) -> PDFPage {
        guard let p = poppler_document_get_page(doc, Int32(index)) else { throw .refused(.pageNotLoadable) }
        return PDFPage(p)
    }
}

/// One page of a `PDFDocument`.
public final class PDFPage {
    private let page: OpaquePointer

    init(_ p: OpaquePointer) { page = p }
    deinit { g_object_unref(UnsafeMutableRawPointer(page)) }

    /// The visible page in points: the CropBox, with width and height
    /// swapped when /Rotate is 90 or 270. (poppler_page_get_size)
    public var size: PageSize {
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        return PageSize(width: w, height: h)
    }

    /// The page text with one box per Unicode scalar, in page space (points,
    /// top-left origin of the visible page). Fails closed when poppler's
    /// text and its layout disagree in length: guessing which box belongs to
    /// which character could leave personal data uncovered.
    ///
    /// Asks for the text of an area far larger than any page rather than the
    /// page's own rectangle: with /Rotate 270 and a CropBox, poppler 22.12
    /// clips the page-rectangle query wrongly and drops visible lines.
    /// Text outside the visible page costs only boxes that are clipped away.
    /// (poppler_page_get_text_for_area, poppler_page_get_text_layout_for_area)
    public func text() throws(RedactError) -> PageText {
        var area = PopplerRectangle(x1: -Self.farAway, y1: -Self.farAway, x2: Self.farAway, y2: Self.farAway)
        guard let cText = poppler_page_get_text_for_area(page, &area) else { return .empty }
        defer { g_free(cText) }
        let scalars = Array(String(cString: cText).unicodeScalars)
        if scalars.isEmpty { return .empty }
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var n: guint = 0
        guard poppler_page_get_text_layout_for_area(page, &area, &rects, &n) != 0, let rects else {
            throw .damaged(.text)
        }
        defer { g_free(rects) }
        guard Int(n) == scalars.count else { throw .damaged(.text) }
        var boxes: [Rect] = []
        boxes.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            let r = rects[i]
            boxes.append(Rect(x: min(r.x1, r.x2), y: min(r.y1, r.y2),
                              width: abs(r.x2 - r.x1), height: abs(r.y2 - r.y1)))
        }
        return PageText(scalars: scalars, boxes: boxes)
    }

    /// Which font draws which scalars of `text()`: poppler's runs of equal
    /// font, size, colour and underlining, in order, covering the text
    /// once. Fails closed when the runs do not cover exactly `scalarCount`
    /// scalars (the count `text()` returned): a glyph credited to the wrong
    /// font could be trusted unverified. Same area as `text()`, so the
    /// indices are over the same scalars.
    /// (poppler_page_get_text_attributes_for_area)
    public func fontRuns(scalarCount: Int) throws(RedactError) -> [PDFFontRun] {
        if scalarCount == 0 { return [] }
        var area = PopplerRectangle(x1: -Self.farAway, y1: -Self.farAway, x2: Self.farAway, y2: Self.farAway)
        guard let list = poppler_page_get_text_attributes_for_area(page, &area) else { throw .damaged(.text) }
        defer { poppler_page_free_text_attributes(list) }
        var out: [PDFFontRun] = []
        var next = 0
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            node = n.pointee.next
            guard let a = n.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self) else {
                throw .damaged(.text)
            }
            // end_index is inclusive; runs follow one another without gaps.
            let start = Int(a.pointee.start_index), end = Int(a.pointee.end_index)
            guard start == next, end >= start, end < scalarCount else { throw .damaged(.text) }
            let c = a.pointee.color
            out.append(PDFFontRun(font: a.pointee.font_name.map { String(cString: $0) } ?? "",
                                  style: [a.pointee.font_size, a.pointee.is_underlined != 0 ? 1 : 0,
                                          Double(c.red), Double(c.green), Double(c.blue)],
                                  range: start..<(end + 1)))
            next = end + 1
        }
        guard next == scalarCount else { throw .damaged(.text) }
        return out
    }

    /// Larger than any page we accept (Limits.maxPagePoints), on every side.
    static let farAway = 100_000.0

    /// Removes every annotation (form fields included) from the in-memory
    /// page so rendering draws the page content only. The worker no longer
    /// does this: annotation appearances are drawn as a reader sees them and
    /// read by OCR (their text is not in the text layer).
    /// (poppler_page_get_annot_mapping, poppler_page_remove_annot)
    public func removeAnnotations() {
        guard let list = poppler_page_get_annot_mapping(page) else { return }
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let m = n.pointee.data?.assumingMemoryBound(to: PopplerAnnotMapping.self),
               let annot = m.pointee.annot {
                poppler_page_remove_annot(page, annot)
            }
            node = n.pointee.next
        }
        poppler_page_free_annot_mapping(list)
    }

    /// Where images are drawn on the page, in points of the visible page. A
    /// scanned signature or a photographed ID card inside a text page is text
    /// only OCR can read.
    ///
    /// poppler 22.12 places the rectangles right for /Rotate 0 and 180, but
    /// for 90 and 270 it keeps the unturned width and height at a turned
    /// corner, and poppler-glib does not say which of the two turns a page
    /// has. On a page whose CropBox is turned a quarter (or square), both
    /// candidate rectangles are returned: reading one area too many costs
    /// time, missing one could leave personal data.
    /// (poppler_page_get_image_mapping, poppler_page_get_crop_box)
    public func imageAreas() -> [Rect] {
        guard let list = poppler_page_get_image_mapping(page) else { return [] }
        defer { poppler_page_free_image_mapping(list) }
        let s = size
        var crop = PopplerRectangle()
        poppler_page_get_crop_box(page, &crop)
        let cw = abs(crop.x2 - crop.x1), ch = abs(crop.y2 - crop.y1)
        let square = abs(cw - ch) < 0.5
        let quarter = !square && abs(cw - s.height) < 0.5 && abs(ch - s.width) < 0.5
        var out: [Rect] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            node = n.pointee.next
            guard let m = n.pointee.data?.assumingMemoryBound(to: PopplerImageMapping.self) else { continue }
            let a = m.pointee.area
            let r = Rect(x: min(a.x1, a.x2), y: min(a.y1, a.y2), width: abs(a.x2 - a.x1), height: abs(a.y2 - a.y1))
            guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, !r.isEmpty else { continue }
            if !quarter { out.append(r) }
            if quarter || square {
                out.append(Rect(x: r.x - r.height, y: r.y, width: r.height, height: r.width))  // /Rotate 90
                out.append(Rect(x: r.x, y: r.y - r.width, width: r.height, height: r.width))   // /Rotate 270
            }
        }
        return out
    }

    /// Renders the visible page at `dpi` to RGB pixels on white.
    /// (cairo_image_surface_create, poppler_page_render)
    public func render(dpi: Double, limits: Limits) throws(RedactError) -> Pixmap {
        let s = size
        guard s.width > 0, s.height > 0 else { throw .refused(.emptyPage) }
        guard s.width <= limits.maxPagePoints, s.height <= limits.maxPagePoints else {
            throw .limitExceeded(.pageSize(maxPoints: limits.maxPagePoints))
        }
        let scale = dpi / 72.0
        let w = max(1, Int((s.width * scale).rounded(.up)))
        let h = max(1, Int((s.height * scale).rounded(.up)))
        guard w * h <= limits.maxPixelsPerPage else {
            throw .limitExceeded(.pixelsPerPage(max: limits.maxPixelsPerPage))
        }
        guard w <= limits.maxPixelsPerSide, h <= limits.maxPixelsPerSide else {
            throw .limitExceeded(.pixelsPerSide(max: limits.maxPixelsPerSide))
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)) else {
            throw .damaged(.render)
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            throw .damaged(.render)
        }
        // Pages are transparent: paint white first, then the page on top.
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        poppler_page_render(page, cr)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .refused(.rendererError) }
        guard let data = cairo_image_surface_get_data(surface) else { throw .damaged(.render) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let gray = Self.grayIfGray(data, stride: stride, width: w, height: h) {
            return Pixmap(width: w, height: h, gray: gray)
        }
        // RGB24 is one native-endian 32-bit word per pixel: B, G, R, X in
        // memory on little-endian machines.
        let rgb = [UInt8](unsafeUninitializedCapacity: w * h * 3) { out, count in
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride)
                var o = y * w * 3
                for x in 0..<w {
                    let px = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    out[o] = UInt8((px >> 16) & 0xFF)
                    out[o + 1] = UInt8((px >> 8) & 0xFF)
                    out[o + 2] = UInt8(px & 0xFF)
                    o += 3
                }
            }
            count = w * h * 3
        }
        return Pixmap(width: w, height: h, rgb: rgb)
    }

    /// The gray samples of an RGB24 surface whose every pixel has R == G
    /// == B, else nil (stopping at the first colour pixel). Most pages are
    /// text: they cross the pipe and are searched, burned and encoded as
    /// one byte per pixel instead of three.
    static func grayIfGray(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int) -> [UInt8]? {
        var gray = true
        let out = [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
            count = 0
            guard let dst = out.baseAddress else { return }
            for y in 0..<h {
                // Rows of RGB24 are 4-byte aligned (cairo's stride).
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let o = dst + y * w
                // The whole row without a branch (so it can go many pixels
                // at a time), then one test: B == G == R in every pixel.
                var diff: UInt32 = 0
                for x in 0..<w {
                    let px = row[x]
                    diff |= (px ^ (px >> 8)) & 0xFFFF
                    o[x] = UInt8(truncatingIfNeeded: px)
                }
                if diff != 0 { gray = false; return }
            }
            count = w * h
        }
        return gray ? out : nil
    }
}

/// Scalars `range` of a page's text are drawn in the font named `font`
/// (poppler's name for it: subset prefix and all; not unique in a document)
/// with `style` (size, underlined, red, green, blue). poppler starts a new
/// run where the font object, size, colour or underlining changes.
public struct PDFFontRun: Sendable, Equatable {
    public var font: String
    public var style: [Double]
    public var range: Range<Int>
    public init(font: String, style: [Double], range: Range<Int>) {
        self.font = font
        self.style = style
        self.range = range
    }
}
