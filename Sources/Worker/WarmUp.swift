#if canImport(Glibc)
import Glibc
#endif
import OCR
import Poppler
import Posix
import RedactCore

/// A spare worker's rehearsal: one small page of our own, read the way a
/// document's first page is, before any document arrives. The first page a
/// fresh process renders and reads pays once for what every later page
/// reuses (fontconfig's configuration and cache, FreeType, cairo's glyph
/// caches, the OCR engine's first recognition); measured on a one-page
/// letter, render took 20 ms and the font check 33 ms on the first page of
/// a worker against 10 and 8 on later ones. The rehearsal runs where a
/// spare waits anyway, so the document's open no longer pays it.
///
/// Only our own bytes are parsed here, before the sandbox, like the
/// libraries and the OCR model the spare loads. Nothing it produces is kept:
/// the font verdicts of the document's reader are untouched (a verdict for
/// this page's font must never vouch for a font of the same name in a
/// document).
enum WarmUp {
    /// One page, 300 by 60 points, a line of Helvetica (a standard font,
    /// found through fontconfig as documents' unembedded fonts are).
    static func document() -> [UInt8] {
        let content = "BT /F1 18 Tf 12 24 Td (Warm up 0123456789 abcdefghij) Tj ET"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 60] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets {
            let digits = String(o)
            out += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Array(out.utf8)
    }

    /// Opens, extracts, renders at `dpi` and reads the page with `engine`.
    /// Every failure is ignored: the document's own pages do the same work.
    static func rehearse(dpi: Int, limits: Limits, engine: OCREngine?) {
        let bytes = document()
        guard let file = try? MemoryFile.create("redactfs-warm-up") else { return }
        let written = bytes.withUnsafeBytes { write(file.rawValue, $0.baseAddress, $0.count) }
        guard written == bytes.count, lseek(file.rawValue, 0, SEEK_SET) == 0 else { return }
        // poppler takes over the descriptor it is given and closes it.
        let own = dup(file.rawValue)
        guard own >= 0 else { return }
        guard let doc = try? PDFDocument(fd: own), let page = try? doc.page(0) else { return }
        let text = try? page.text()
        _ = try? page.fontRuns(scalarCount: text?.scalars.count ?? 0)
        guard let pixels = try? page.render(dpi: Double(dpi), limits: limits), let engine else { return }
        // The page is one line, read the way font samples are.
        _ = try? engine.recognizeLine(GrayImage(pixels), dpi: 300)
    }
}
