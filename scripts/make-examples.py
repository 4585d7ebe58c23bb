#!/usr/bin/env python3
"""Writes the bundled examples/ (all personal data invented): text PDFs, a
scanned letter as PNG and a scanned PDF without a text layer.

Run from the repository root with /usr/bin/python3 (needs python3-cairo).
The PDFs are committed; this script documents how they were made.
"""
import cairo

def write(path, pages, size=(595, 842)):
    s = cairo.PDFSurface(path, *size)
    s.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00")
    c = cairo.Context(s)
    for lines in pages:
        y = 80
        for text, sz, bold in lines:
            c.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL,
                               cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
            c.set_font_size(sz)
            c.move_to(60, y)
            c.show_text(text)
            y += sz * 1.8
        c.show_page()
    s.finish()

N = lambda t: (t, 10, False)
B = lambda t: (t, 13, True)

write("examples/tax/steuerbescheid.pdf", [[
    B("Finanzamt Musterstadt"),
    N("Beispielweg 12, 12345 Musterstadt"),
    N(""),
    N("Bescheid für 2025 über Einkommensteuer"),
    N(""),
    N("Sehr geehrte Steuerpflichtige,"),
    N("bitte überweisen Sie den Betrag von 1.234,56 EUR bis zum 15.03.2026"),
    N("auf das Konto IBAN DE89 3704 0044 0532 0130 00 (BIC COBADEFFXXX)."),
    N("Rückfragen: Telefon 030 12345678 oder E-Mail erika.beispiel@example.org"),
    N("Online-Portal: https://www.example.org/steuerkonto"),
    N(""),
    N("Mit freundlichen Grüßen"),
    N("Ihr Finanzamt"),
]])

write("examples/invoice.pdf", [[
    B("INVOICE 2026-0042"),
    N("Bill to: invoices@example.com"),
    N("Phone: +44 20 7946 0958"),
    N("Paid with card 5555 5555 5555 4444 on 2026-02-01"),
    N("Server access logged from 192.0.2.44 and 2001:db8::7"),
    N(""),
    N("Item                     Qty     Price"),
    N("Consulting hours          12    1,200.00"),
    N("Total                           1,200.00 GBP"),
]])

write("examples/bank/statement.pdf", [
    [B("Kontoauszug Nr. 3/2026"),
     N("Kontoinhaber IBAN GB82 WEST 1234 5698 7654 32"),
     N("Gutschrift von AT61 1904 3002 3457 3201"),
     N("Lastschrift Kreditkarte 4111-1111-1111-1111"),
     N("Seite 1 von 2")],
    [B("Kontoauszug Nr. 3/2026 (Fortsetzung)"),
     N("Support: +49 (0)89 123456-0, support@example.net"),
     N("Seite 2 von 2")],
])


def scan(lines, width=1240, height=900, dpi=150):
    """A letter as a scanner would deliver it: text as pixels only (no text
    layer), gray paper, a slight tilt."""
    s = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    c = cairo.Context(s)
    c.set_source_rgb(0.96, 0.96, 0.94)
    c.paint()
    c.translate(width / 2, height / 2)
    c.rotate(0.012)  # about 0.7 degrees of skew
    c.translate(-width / 2, -height / 2)
    c.set_source_rgb(0.1, 0.1, 0.12)
    c.select_font_face("DejaVu Sans")
    y = 110
    for text, size in lines:
        c.set_font_size(size * dpi / 72)
        c.move_to(110, y)
        c.show_text(text)
        y += size * dpi / 72 * 1.7
    return s


letter = scan([
    ("Praxis Dr. med. Beispiel · Hauptstraße 5 · 10115 Berlin", 9),
    ("", 9),
    ("Frau", 11),
    ("Erika Musterfrau", 11),
    ("Lindenallee 7", 11),
    ("10117 Berlin", 11),
    ("", 11),
    ("Befund vom 02.02.2026, Patientin geb. 12.03.1980", 11),
    ("Versichertennummer A123456780", 11),
    ("Rückfragen an praxis@example.org", 11),
])
letter.write_to_png("examples/scans/befund-scan.png")

# The same kind of letter as a scanned PDF: one image per page, no text.
pdf = cairo.PDFSurface("examples/scans/kontoauszug-scan.pdf", 595, 428)
pdf.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00")
c = cairo.Context(pdf)
c.scale(72 / 150, 72 / 150)
c.set_source_surface(scan([
    ("Kontoauszug 2/2026", 13),
    ("Kontoinhaber: Jonas Beispielmann", 11),
    ("IBAN DE89 3704 0044 0532 0130 00", 11),
    ("Telefon 030 12345678", 11),
]), 0, 0)
c.paint()
pdf.show_page()
pdf.finish()
