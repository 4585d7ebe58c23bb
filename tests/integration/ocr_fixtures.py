"""Fixtures for OCR tests, made here: text drawn to pixels (scans, turned,
skewed, noisy), an image inside a text PDF, text drawn as outlines, and
annotation / form appearances. Every personal string is invented.

Boxes are returned in points of the displayed page, top-left origin, the
same space as harness.Gray.dark_fraction expects."""

from __future__ import annotations

import math
import os
import random

import cairo

import fixtures

FONT = "DejaVu Sans"


def iban_de(bank: str, account: str) -> str:
    """A German IBAN with valid mod-97 check digits, grouped by four."""
    bban = bank + account.rjust(10, "0")
    n = int(bban + "131400")  # D=13 E=14, check digits 00
    raw = "DE%02d" % (98 - n % 97) + bban
    return " ".join(raw[i:i + 4] for i in range(0, len(raw), 4))


IBAN = iban_de("43060967", "4170052300")
EMAIL = "lieselotte.quast@example.org"
IBAN2 = iban_de("20041155", "7712340019")
EMAIL2 = "konrad.pfeffer@example.net"
CONTROL = "Rechnung"  # a word that must stay readable

SCAN_LINES = [
    (40, 60, 16, f"{CONTROL} Nummer 4711"),
    (40, 100, 13, "Bitte überweisen Sie den Betrag auf"),
    (40, 125, 13, f"IBAN {IBAN}"),
    (40, 165, 13, f"Fragen an {EMAIL}"),
    (40, 205, 13, "Vielen Dank und freundliche Grüße"),
]
SCAN_SIZE = (420.0, 298.0)  # A5 landscape, points


def _phrase_box(ctx: cairo.Context, x: float, y: float, line: str, phrase: str):
    """Ink box of phrase inside line drawn at (x, y), as 4 corners in user space."""
    i = line.index(phrase)
    adv = ctx.text_extents(line[:i]).x_advance if i else 0.0
    e = ctx.text_extents(phrase)
    x0, y0 = x + adv + e.x_bearing, y + e.y_bearing
    return [(x0, y0), (x0 + e.width, y0), (x0, y0 + e.height), (x0 + e.width, y0 + e.height)]


def _turn(pt, turns: int, w: float, h: float):
    """A point of an upright w x h page after turning the page clockwise."""
    x, y = pt
    if turns == 1:
        return (h - y, x)
    if turns == 2:
        return (w - x, h - y)
    if turns == 3:
        return (y, w - x)
    return (x, y)


def make_scan(path: str, lines=SCAN_LINES, phrases=(IBAN, EMAIL, CONTROL), size=SCAN_SIZE,
              dpi: int = 150, turns: int = 0, skew_deg: float = 0.0, noise: int = 0,
              seed: int = 7) -> dict[str, tuple[float, float, float, float]]:
    """An image-only PDF of text drawn to pixels. Returns phrase -> box."""
    w, h = size
    s = dpi / 72.0
    upright = cairo.ImageSurface(cairo.FORMAT_RGB24, int(w * s), int(h * s))
    ctx = cairo.Context(upright)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.scale(s, s)
    if skew_deg:
        ctx.translate(w / 2, h / 2)
        ctx.rotate(math.radians(skew_deg))
        ctx.translate(-w / 2, -h / 2)
    ctx.select_font_face(FONT)
    ctx.set_source_rgb(0.05, 0.05, 0.05)
    boxes = {}
    for x, y, size_pt, text in lines:
        ctx.set_font_size(size_pt)
        ctx.move_to(x, y)
        ctx.show_text(text)
        for p in phrases:
            if p in text and p not in boxes:
                corners = [ctx.user_to_device(*c) for c in _phrase_box(ctx, x, y, text, p)]
                corners = [(cx / s, cy / s) for cx, cy in corners]
                boxes[p] = corners
    if noise:
        rnd = random.Random(seed)
        dev = cairo.Context(upright)
        for _ in range(noise):
            g = rnd.uniform(0.3, 0.8)
            dev.set_source_rgb(g, g, g)
            dev.rectangle(rnd.randrange(upright.get_width()), rnd.randrange(upright.get_height()), 1, 1)
            dev.fill()
    upright.flush()

    ow, oh = (h, w) if turns % 2 else (w, h)
    turned = cairo.ImageSurface(cairo.FORMAT_RGB24, int(ow * s), int(oh * s))
    t = cairo.Context(turned)
    t.set_source_rgb(1, 1, 1)
    t.paint()
    t.translate(turned.get_width() / 2, turned.get_height() / 2)
    t.rotate(turns * math.pi / 2)
    t.translate(-upright.get_width() / 2, -upright.get_height() / 2)
    t.set_source_surface(upright, 0, 0)
    t.paint()
    turned.flush()

    pdf = cairo.PDFSurface(path, ow, oh)
    c = cairo.Context(pdf)
    c.scale(1 / s, 1 / s)
    c.set_source_surface(turned, 0, 0)
    c.paint()
    pdf.finish()

    out = {}
    for p, corners in boxes.items():
        pts = [_turn(c, turns, w, h) for c in corners]
        out[p] = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
    return out


def make_scans(path: str, pages: int, dpi: int = 150) -> list[dict]:
    """A multi-page image-only PDF: the scan page repeated, one box set per page."""
    import os
    import subprocess
    import tempfile
    parts, boxes = [], []
    with tempfile.TemporaryDirectory() as d:
        for i in range(pages):
            p = os.path.join(d, f"p{i}.pdf")
            boxes.append(make_scan(p, dpi=dpi, seed=i))
            parts.append(p)
        subprocess.run(["qpdf", "--empty", "--pages", *parts, "--", path], check=True)
    return boxes


def make_text_with_image(path: str, turns: int = 0) -> dict[str, tuple[float, float, float, float]]:
    """A text PDF (real text layer) with a photographed-card-like image holding
    an IBAN and an email, and no text layer for them. The card's text is light
    gray (lighter than what counts as ink), so only reading the image finds
    it. With turns, the page gets /Rotate 90 * turns."""
    dpi = 150
    s = dpi / 72.0
    cw, ch = 300.0, 110.0  # the card, points
    card = cairo.ImageSurface(cairo.FORMAT_RGB24, int(cw * s), int(ch * s))
    c = cairo.Context(card)
    c.set_source_rgb(0.93, 0.95, 0.98)
    c.paint()
    c.scale(s, s)
    c.set_source_rgb(0.2, 0.3, 0.5)
    c.set_line_width(2)
    c.rectangle(3, 3, cw - 6, ch - 6)
    c.stroke()
    c.select_font_face(FONT)
    c.set_font_size(12)
    c.set_source_rgb(0.55, 0.58, 0.62)
    card_lines = [(14, 35, "Kontoinhaber Karte"), (14, 62, IBAN2), (14, 89, EMAIL2)]
    local = {}
    for x, y, t in card_lines:
        c.move_to(x, y)
        c.show_text(t)
        if t in (IBAN2, EMAIL2):
            local[t] = _phrase_box(c, x, y, t, t)
    card.flush()

    pdf = cairo.PDFSurface(path, 595, 842)
    p = cairo.Context(pdf)
    p.select_font_face(FONT)
    p.set_font_size(12)
    for i, t in enumerate([f"{CONTROL} mit beigelegter Karte", "Die Karte ist unten abgebildet.",
                           "Sonst steht hier nichts Persönliches."]):
        p.move_to(72, 100 + 20 * i)
        p.show_text(t)
    ox, oy = 150.0, 300.0
    p.save()
    p.translate(ox, oy)
    p.scale(1 / s, 1 / s)
    p.set_source_surface(card, 0, 0)
    p.paint()
    p.restore()
    pdf.finish()
    if turns:
        import subprocess
        tmp = path + ".tmp"
        subprocess.run(["qpdf", f"--rotate=+{90 * turns}", path, tmp], check=True)
        os.replace(tmp, path)
    out = {}
    for t, corners in local.items():
        pts = [_turn((ox + x, oy + y), turns, 595, 842) for x, y in corners]
        out[t] = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
    return out


def make_outlines(path: str) -> dict[str, tuple[float, float, float, float]]:
    """A text PDF where the personal lines are drawn as filled outlines
    (text_path + fill): no text layer for them."""
    pdf = cairo.PDFSurface(path, 595, 842)
    p = cairo.Context(pdf)
    p.select_font_face(FONT)
    p.set_font_size(13)
    p.move_to(72, 100)
    p.show_text(f"{CONTROL} mit Umrissen")
    p.move_to(72, 125)
    p.show_text("Die folgenden Zeilen sind Pfade, kein Text.")
    out = {}
    for y, t in ((170, f"IBAN {IBAN}"), (200, f"Kontakt {EMAIL}")):
        phrase = IBAN if IBAN in t else EMAIL
        corners = _phrase_box(p, 72, y, t, phrase)
        out[phrase] = (min(x for x, _ in corners), min(y for _, y in corners),
                       max(x for x, _ in corners), max(y for _, y in corners))
        p.move_to(72, y)
        p.text_path(t)
        p.fill()
    pdf.finish()
    return out


FREETEXT = (72, 560, 400, 590)   # user space, bottom-left origin, 595 x 842
FIELD = (72, 480, 400, 505)


def make_annotated(path: str):
    """A text page with a FreeText annotation (an IBAN) and a form text field
    (an email): their appearances are drawn, their text is not in the text
    layer. Returns the two rectangles in top-left points."""
    pdf, catalog, _ = fixtures.simple_doc([{"content": fixtures.text_content([
        (72, 760, 16, f"{CONTROL} Formular"),
        (72, 730, 12, "Die Angaben stehen in den Feldern unten."),
    ])}])
    page_num = 5
    free = pdf.add(b"<< /Type /Annot /Subtype /FreeText /Rect [%g %g %g %g] /Contents " % FREETEXT
                   + fixtures.pdf_str(IBAN2) + b" /DA (/Helv 14 Tf 0 g) /F 4 >>")
    field = pdf.add(b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (mail) /V " + fixtures.pdf_str(EMAIL2)
                    + b" /Rect [%g %g %g %g] /F 4 /P %d 0 R /DA (/Helv 14 Tf 0 g) >>" % (*FIELD, page_num))
    helv = pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    page = pdf.objects[page_num - 1]
    assert page.startswith(b"<< /Type /Page ")
    pdf.set(page_num, page[:-3] + b" /Annots [%d 0 R %d 0 R] >>" % (free, field))
    pdf.set(catalog, pdf.objects[catalog - 1][:-3]
            + b" /AcroForm << /Fields [%d 0 R] /DA (/Helv 14 Tf 0 g) /DR << /Font << /Helv %d 0 R >> >> >> >>"
            % (field, helv))
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    top = lambda r: (r[0], 842 - r[3], r[2], 842 - r[1])
    return {IBAN2: top(FREETEXT), EMAIL2: top(FIELD)}


def make_photo_png(path: str, turns: int = 0) -> dict[str, tuple[float, float, float, float]]:
    """A PNG of text (a photographed letter, no resolution stated), turned
    clockwise by quarter turns. Returns phrase -> box in output pixels."""
    w, h = 900, 400
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
    c = cairo.Context(img)
    c.set_source_rgb(0.97, 0.97, 0.95)
    c.paint()
    c.set_source_rgb(0.05, 0.05, 0.1)
    c.select_font_face(FONT)
    c.set_font_size(28)
    boxes = {}
    for i, (t, p) in enumerate([(f"{CONTROL} 4711", CONTROL), (f"IBAN {IBAN}", IBAN), (f"Mail {EMAIL}", EMAIL)]):
        x, y = 30, 80 + 60 * i
        c.move_to(x, y)
        c.show_text(t)
        boxes[p] = _phrase_box(c, x, y, t, p)
    img.flush()
    ow, oh = (h, w) if turns % 2 else (w, h)
    out = cairo.ImageSurface(cairo.FORMAT_RGB24, ow, oh)
    t = cairo.Context(out)
    t.translate(ow / 2, oh / 2)
    t.rotate(turns * math.pi / 2)
    t.translate(-w / 2, -h / 2)
    t.set_source_surface(img, 0, 0)
    t.paint()
    out.write_to_png(path)
    res = {}
    for p, corners in boxes.items():
        pts = [_turn(q, turns, w, h) for q in corners]
        res[p] = (min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts))
    return res


def png_dark_fraction(path: str, box, threshold: int = 64) -> float:
    """Share of pixels darker than threshold (green channel) inside box (pixels)."""
    s = cairo.ImageSurface.create_from_png(path)
    data, stride = s.get_data(), s.get_stride()
    x0, y0 = int(math.ceil(box[0])) + 1, int(math.ceil(box[1])) + 1
    x1, y1 = int(box[2]) - 1, int(box[3]) - 1
    dark = total = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            total += 1
            dark += data[y * stride + 4 * x + 1] < threshold
    return dark / total


def png_rgb(path: str) -> tuple[int, int, bytes]:
    """Width, height and packed RGB bytes of a PNG (via cairo)."""
    s = cairo.ImageSurface.create_from_png(path)
    w, h, stride, data = s.get_width(), s.get_height(), s.get_stride(), bytes(s.get_data())
    out = bytearray(w * h * 3)
    for y in range(h):
        row = data[y * stride:y * stride + 4 * w]
        out[y * w * 3:(y + 1) * w * 3 - 2:3] = row[2::4]
        out[y * w * 3 + 1:(y + 1) * w * 3 - 1:3] = row[1::4]
        out[y * w * 3 + 2:(y + 1) * w * 3:3] = row[0::4]
    return w, h, bytes(out)


def write_tiff(path: str, pages: list[tuple[int, int, bytes]]):
    """A baseline multi-page TIFF: uncompressed 8-bit RGB, one strip a page."""
    import struct
    out = bytearray(b"II*\x00" + struct.pack("<I", 0))
    prev_link = 4
    for w, h, rgb in pages:
        data_off = len(out)
        out += rgb
        if len(out) % 2:
            out += b"\x00"
        bps_off = len(out)
        out += struct.pack("<HHH", 8, 8, 8)
        ifd_off = len(out)
        tags = [(256, 4, 1, w), (257, 4, 1, h), (258, 3, 3, bps_off), (259, 3, 1, 1), (262, 3, 1, 2),
                (273, 4, 1, data_off), (277, 3, 1, 3), (278, 4, 1, h), (279, 4, 1, len(rgb)), (284, 3, 1, 1)]
        out += struct.pack("<H", len(tags))
        for tag, typ, count, value in tags:
            if typ == 3 and count == 1:
                out += struct.pack("<HHIHH", tag, typ, count, value, 0)
            else:
                out += struct.pack("<HHII", tag, typ, count, value)
        next_link = len(out)
        out += struct.pack("<I", 0)
        struct.pack_into("<I", out, prev_link, ifd_off)
        prev_link = next_link
    with open(path, "wb") as f:
        f.write(out)


# A font whose ToUnicode map lies: the page shows an IBAN and an e-mail,
# the text layer says these innocent lines (same word lengths, so the words
# line up one to one).
LIE_IBAN = "Habe eine gute Zeit hier so"
LIE_EMAIL = "Schoene Gruesse vom Bodensee"
_GLYPH_NAMES = {".": "period", "@": "at", "-": "hyphen", ",": "comma", ":": "colon",
                **{d: n for d, n in zip("0123456789", ("zero one two three four five six seven "
                                                       "eight nine").split())}}


def make_lying_font(path: str, base_font: str = "Times-Roman") -> dict[str, str]:
    """A text PDF: honest Helvetica lines, and two lines in a Times whose
    codes 33.. draw the IBAN and e-mail (/Differences) while its /ToUnicode
    maps the same codes to LIE_IBAN and LIE_EMAIL. With base_font Helvetica the
    two fonts share a name (and size, colour: poppler tells them apart only
    by where one run of text ends). Returns drawn -> extracted."""
    # One code per drawn character; a drawn space stays code 32 in both maps.
    glyphs, uni, strings = [], [], []
    for text, said in ((IBAN, LIE_IBAN), (EMAIL, LIE_EMAIL)):
        assert len(text) == len(said)
        out = b""
        for d, u in zip(text, said):
            if d == " ":
                assert u == " "
                out += b"20"
                continue
            glyphs.append(_GLYPH_NAMES.get(d, d))
            uni.append(u)
            out += b"%02X" % (32 + len(glyphs))
        strings.append(b"<" + out + b">")
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            b"/CMapName /Lie def /CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n")
    pairs = [(32, " ")] + [(33 + i, u) for i, u in enumerate(uni)]
    for k in range(0, len(pairs), 100):
        chunk = pairs[k:k + 100]
        cmap += b"%d beginbfchar\n" % len(chunk)
        cmap += b"".join(b"<%02X> <%04X>\n" % (c, ord(u)) for c, u in chunk)
        cmap += b"endbfchar\n"
    cmap += b"endcmap CMapName currentdict /CMap defineresource pop end end\n"
    content = fixtures.text_content([
        (40, 780, 16, f"{CONTROL} Nummer 4711"),
        (40, 750, 13, "Bitte ueberweisen Sie den Betrag bis Ende des Monats."),
    ])
    content += b"BT /F2 13 Tf 40 720 Td " + strings[0] + b" Tj ET\n"
    content += b"BT /F2 13 Tf 40 690 Td " + strings[1] + b" Tj ET\n"
    content += fixtures.text_content([(40, 660, 13, "Vielen Dank und freundliche Gruesse")])
    pdf, catalog, _ = fixtures.simple_doc([{"content": content}])
    tounicode = pdf.add(fixtures.stream(b"", cmap))
    lie = pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /" + base_font.encode() + b" /Encoding << /Type /Encoding "
                  b"/Differences [33 " + b" ".join(b"/" + g.encode() for g in glyphs) + b"] >> "
                  b"/ToUnicode %d 0 R >>" % tounicode)
    page_num = next(i for i, o in enumerate(pdf.objects, start=1) if o.startswith(b"<< /Type /Page "))
    page = pdf.objects[page_num - 1]
    pdf.set(page_num, page.replace(b"/Font << /F1 ", b"/Font << /F2 %d 0 R /F1 " % lie))
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return {IBAN: LIE_IBAN, EMAIL: LIE_EMAIL}


# Letters of the font's own (WinAnsi) subset that OCR reads as other
# letters (f, u, S Z C): if the font drawing them were (wrongly) OCR'd, its
# words would come back spelled differently from the glyphs under them, and
# the page's OCR text would not be empty. Not sampled (the font has ASCII
# words).
CANARY = "ƒƒƒ µµµ ŠŽŒ"
HONEST_LINES = [
    ("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD, 16, f"{CONTROL} Nummer 4711"),
    ("DejaVu Serif", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL, 11,
     "Bitte überweisen Sie den Betrag bis zum Ende des Monats auf das Konto"),
    ("DejaVu Sans Mono", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL, 10, f"IBAN {IBAN2}"),
    ("DejaVu Serif", cairo.FONT_SLANT_ITALIC, cairo.FONT_WEIGHT_NORMAL, 11, f"Rückfragen bitte an {EMAIL2}"),
    ("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL, 9, f"Formelzeichen: {CANARY}"),
    ("DejaVu Sans", cairo.FONT_SLANT_OBLIQUE, cairo.FONT_WEIGHT_NORMAL, 12, "Vielen Dank und freundliche Grüße"),
]


def make_honest_fonts(path: str, pages: int = 2):
    """A text PDF in six honest fonts (cairo embeds them with a true
    ToUnicode map, one WinAnsi subset each), with an IBAN and an e-mail in
    its text layer and the CANARY line. Every page the same."""
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    for _ in range(pages):
        y = 80
        for family, slant, weight, size, text in HONEST_LINES:
            c.select_font_face(family, slant, weight)
            c.set_font_size(size)
            c.move_to(60, y)
            c.show_text(text)
            y += size * 2.2
        c.show_page()
    s.finish()


def worker_pages(binary: str, pdf: str) -> list[tuple[str, str]]:
    """Runs `redactfs __worker --text-only` on pdf the way the parent does
    (the file on stdin, a fixed environment) and decodes its byte stream
    (see Sources/Worker/Protocol.swift): (layer text, OCR text) per page."""
    import struct
    import subprocess
    with open(pdf, "rb") as f:
        r = subprocess.run([binary, "__worker", "--dpi", "150", "--ocr-dpi", "300", "--ocr-languages", "eng+deu",
                            "--text-only"], stdin=f, capture_output=True, timeout=120,
                           env={"OMP_THREAD_LIMIT": "1", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"})
    b = r.stdout
    assert r.returncode == 0 and b[:4] == b"RFW4", f"worker failed: rc {r.returncode}, {b[:8]!r}"
    count = struct.unpack_from("<I", b, 4)[0]
    pos, pages = 16, []  # magic, page count, seconds to open

    def text():
        nonlocal pos
        n = struct.unpack_from("<I", b, pos)[0]
        pos += 4
        out = []
        for _ in range(n):
            out.append(chr(struct.unpack_from("<I", b, pos)[0]))
            pos += 36
        return "".join(out)

    for _ in range(count):
        assert b[pos:pos + 1] == b"P", f"expected a page at {pos}, got {b[pos:pos + 1]!r}"
        pos += 1 + 4 + 16
        layer, ocr = text(), text()
        assert b[pos] == 0, "--text-only sends no pixels"
        pos += 1 + 5 * 8  # and the page's stage times
        pages.append((layer, ocr))
    assert b[pos:pos + 1] == b"D", f"worker did not finish: {b[pos:pos + 1]!r}"
    return pages


def make_honest_turned(path: str):
    """Three pages of honest Helvetica text with /Rotate 90, 180 and 270:
    the text runs down, leftwards and up in the rendering. Each has the
    CANARY line."""
    lines = [(72, 760, 14, f"{CONTROL} Nummer 4711"),
             (72, 730, 11, "Bitte überweisen Sie den Betrag bis zum Ende des Monats."),
             (72, 700, 11, f"Formelzeichen: {CANARY}")]
    pdf, catalog, _ = fixtures.simple_doc([{"content": fixtures.text_content(lines), "rotate": r}
                                           for r in (90, 180, 270)])
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
