#!/usr/bin/env python3
"""Writes the bundled examples/ PDFs (all personal data invented).

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
