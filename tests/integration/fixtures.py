"""Fixtures for the redactfs integration tests, generated at test time.

Everything here is invented. Two kinds of PDF are made:

* Text PDFs drawn with pycairo (``cairo.PDFSurface`` embeds a font and writes
  a real text layer, so poppler sees the same words a user's viewer shows).
* Hand-written PDFs (``RawPDF``) for structure that cairo cannot make: page
  rotation, crop boxes, and the "hostile" files that carry personal data only
  outside the visible page (Info dictionary, XMP, annotations, attachments,
  actions, outlines, form fields, an earlier revision of an incremental
  update).

Every planted personal string is recorded as a ``Secret`` (text, category,
file, page) in the ``FixtureSet`` that ``build()`` returns, so that tests can
check that none of them leaks into an output or a log line, and can find the
visible ones on the page to check that they are burned out.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
import shutil
import subprocess
import zlib

import cairo

A4 = (595.2756, 841.8898)
LETTER = (612.0, 792.0)
A4_LANDSCAPE = (841.8898, 595.2756)
A5 = (419.5276, 595.2756)

FONT = "DejaVu Sans"


@dataclasses.dataclass(frozen=True)
class Secret:
    """One invented personal string planted in a fixture.

    ``page`` is the 1-based page the string is visible on, or ``None`` when
    it sits somewhere that is not drawn on a page (metadata, attachment, ...).
    ``category`` names what a detector should call it (``None`` when the
    string is not expected to be detected, e.g. a name in /Info).
    """

    text: str
    category: str | None
    file: str  # path relative to the source root ('' for files outside it)
    page: int | None = None
    # True for annotation / form-field text that viewers (and poppler) draw on
    # the page although it is not part of the page content.
    drawn: bool = False

    @property
    def digits(self) -> str:
        return re.sub(r"\D", "", self.text)

    @property
    def forms(self) -> list[str]:
        """The string and, when it has 8+ digits, its digits-only form."""
        out = [self.text]
        if len(self.digits) >= 8 and self.digits != self.text:
            out.append(self.digits)
        compact = re.sub(r"\s", "", self.text)
        if compact != self.text and compact not in out:
            out.append(compact)
        return out


@dataclasses.dataclass
class FixtureSet:
    root: str  # the source folder to mount
    outside: str  # a folder outside the root (symlink targets)
    secrets: list[Secret]
    # relative path -> description, for the PDFs the mount should serve
    served: dict[str, str]
    # relative paths of files that must not show up in the mount
    hidden: list[str]

    def path(self, rel: str) -> str:
        return os.path.join(self.root, rel)

    def secrets_in(self, rel: str) -> list[Secret]:
        return [s for s in self.secrets if s.file == rel]

    def visible_secrets(self, rel: str) -> list[Secret]:
        return [s for s in self.secrets if s.file == rel and s.page is not None]

    def all_forms(self) -> list[str]:
        seen: list[str] = []
        for s in self.secrets:
            for f in s.forms:
                if f not in seen:
                    seen.append(f)
        return seen


# --------------------------------------------------------------------------
# The letter: one of each category the first version detects.

# (label, value, category, page)
LETTER_ITEMS = [
    ("E-Mail:", "erika.mustermann@example.org", "email", 1),
    ("Webseite:", "https://www.example.com/kunde/4711", "url", 1),
    ("Server:", "192.0.2.44", "ipv4", 1),
    ("Adresse:", "2001:db8:85a3::8a2e:370:7334", "ipv6", 1),
    ("IBAN:", "DE89 3704 0044 0532 0130 00", "iban", 2),
    ("Karte:", "4111 1111 1111 1111", "card", 2),
    ("Telefon:", "+49 30 12345678", "phone", 2),
]

LETTER_HEADINGS = {1: "Testbrief Musterbank", 2: "Zahlungsdaten Anhang"}
# Words that must stay readable (controls for the pixel checks).
LETTER_CONTROLS = {1: ["Sehr", "Testbrief"], 2: ["Zahlungsdaten", "freundlichen"]}


def _cairo_lines(ctx: cairo.Context, lines: list[tuple[float, float, float, str]]):
    for x, y, size, text in lines:
        ctx.set_font_size(size)
        ctx.move_to(x, y)
        ctx.show_text(text)


def make_letter(path: str, rel: str, variant: str = "") -> list[Secret]:
    """A two-page A4 letter with one string of each detected category."""
    surface = cairo.PDFSurface(path, *A4)
    ctx = cairo.Context(surface)
    ctx.select_font_face(FONT)
    secrets: list[Secret] = []
    for page in (1, 2):
        lines = [(72, 90, 20, LETTER_HEADINGS[page])]
        if page == 1:
            lines.append((72, 150, 12, "Sehr geehrte Frau Beispiel,"))
            lines.append((72, 175, 12, "wir bestätigen hiermit Ihre Angaben wie folgt."))
        else:
            lines.append((72, 150, 12, "Bitte prüfen Sie die folgenden Zahlungsangaben."))
        y = 230
        for label, value, category, p in LETTER_ITEMS:
            if p != page:
                continue
            ctx.set_font_size(12)
            ctx.move_to(72, y)
            ctx.show_text(label)
            ctx.move_to(160, y)
            ctx.show_text(value)
            secrets.append(Secret(value, category, rel, page))
            y += 40
        if page == 2:
            lines.append((72, y + 40, 12, "Mit freundlichen Grüßen"))
            lines.append((72, y + 60, 12, "Ihre Beispielverwaltung"))
        if variant:
            lines.append((72, 800, 9, f"Exemplar {variant}"))
        _cairo_lines(ctx, lines)
        ctx.show_page()
    surface.finish()
    return secrets


LOREM = (
    "Dies ist ein Blindtext ohne personenbezogene Angaben. Er dient nur dazu, "
    "die Seite mit gewöhnlichem Fließtext zu füllen, damit die Erkennung etwas "
    "zu lesen hat. Nichts davon soll geschwärzt werden."
)


def _wrap(text: str, width: int = 80) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        out.append(line)
    return out


def make_text_pages(path: str, rel: str, sizes: list[tuple[float, float]],
                    secret_pages: dict[int, tuple[str, str]]) -> list[Secret]:
    """One page per size; page N carries secret_pages[N] (value, category)."""
    surface = cairo.PDFSurface(path, *sizes[0])
    ctx = cairo.Context(surface)
    ctx.select_font_face(FONT)
    secrets = []
    for i, size in enumerate(sizes, start=1):
        surface.set_size(*size)
        lines = [(60, 70, 16, f"Seite {i} von {len(sizes)}")]
        y = 110
        for _ in range(3):
            for text in _wrap(LOREM, int((size[0] - 120) / 6.2)):
                lines.append((60, y, 10, text))
                y += 14
            y += 10
        if i in secret_pages:
            value, category = secret_pages[i]
            lines.append((60, y + 20, 11, "Kontakt:"))
            lines.append((140, y + 20, 11, value))
            secrets.append(Secret(value, category, rel, i))
        _cairo_lines(ctx, lines)
        ctx.show_page()
    surface.finish()
    return secrets


# --------------------------------------------------------------------------
# Hand-written PDFs.


def pdf_str(s: str) -> bytes:
    """A PDF literal string: PDFDocEncoding-ish for ASCII, UTF-16BE otherwise."""
    try:
        raw = s.encode("ascii")
    except UnicodeEncodeError:
        return b"<FEFF" + s.encode("utf-16-be").hex().upper().encode() + b">"
    raw = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + raw + b")"


def pdf_text_str(s: str) -> bytes:
    """A literal string for a Tj operator with a WinAnsi-encoded font."""
    raw = s.encode("cp1252")
    raw = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + raw + b")"


def stream(entries: bytes, data: bytes, compress: bool = False) -> bytes:
    if compress:
        data = zlib.compress(data)
        entries += b" /Filter /FlateDecode"
    return (b"<< " + entries + b" /Length " + str(len(data)).encode() + b" >>\nstream\n"
            + data + b"\nendstream")


def text_content(lines: list[tuple[float, float, float, str]]) -> bytes:
    """Content stream drawing lines (x, y from bottom-left, size, text) in /F1."""
    out = b""
    for x, y, size, text in lines:
        out += b"BT /F1 %g Tf %g %g Td " % (size, x, y) + pdf_text_str(text) + b" Tj ET\n"
    return out


HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"


class RawPDF:
    """A tiny PDF writer: numbered objects, one classic xref table, a trailer."""

    def __init__(self):
        self.objects: list[bytes] = []

    def reserve(self) -> int:
        self.objects.append(b"null")
        return len(self.objects)

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def set(self, num: int, body: bytes):
        self.objects[num - 1] = body

    def bytes(self, root: int, info: int | None = None) -> bytes:
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for i, body in enumerate(self.objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n" % (len(self.objects) + 1)
        out += b"0000000000 65535 f \n"
        for off in offsets:
            out += b"%010d 00000 n \n" % off
        out += b"trailer\n<< /Size %d /Root %d 0 R" % (len(self.objects) + 1, root)
        if info:
            out += b" /Info %d 0 R" % info
        out += b" >>\nstartxref\n%d\n%%%%EOF\n" % xref
        return bytes(out)


def append_update(base: bytes, changed: dict[int, bytes], size: int, root: int) -> bytes:
    """An incremental update: new bodies for some objects, xref with /Prev."""
    prev = int(re.findall(rb"startxref\s+(\d+)", base)[-1])
    out = bytearray(base)
    offsets = {}
    for num in sorted(changed):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + changed[num] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n"
    for num in sorted(changed):
        out += b"%d 1\n%010d 00000 n \n" % (num, offsets[num])
    out += b"trailer\n<< /Size %d /Root %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (
        size, root, prev, xref)
    return bytes(out)


def simple_doc(pages: list[dict], catalog_extra: bytes = b"",
               info: bytes | None = None, extra_objects=None) -> tuple[RawPDF, int, int | None]:
    """A RawPDF with a catalog, a page tree, a Helvetica font and the pages.

    Each page dict: content (bytes), and optional media, crop, rotate, annots
    (bytes of an array), extra (bytes added to the page dict).
    Returns (pdf, catalog number, info number).
    """
    pdf = RawPDF()
    catalog = pdf.reserve()
    pages_obj = pdf.reserve()
    font = pdf.add(HELVETICA)
    kids = []
    for page in pages:
        content = pdf.add(stream(b"", page["content"], compress=page.get("compress", False)))
        media = page.get("media", (0, 0, 595, 842))
        body = b"<< /Type /Page /Parent %d 0 R /MediaBox [%g %g %g %g]" % (pages_obj, *media)
        if "crop" in page:
            body += b" /CropBox [%g %g %g %g]" % page["crop"]
        if page.get("rotate"):
            body += b" /Rotate %d" % page["rotate"]
        body += b" /Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R" % (font, content)
        if "annots" in page:
            body += b" /Annots " + page["annots"]
        body += page.get("extra", b"") + b" >>"
        kids.append(pdf.add(body))
    pdf.set(pages_obj, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids)))
    pdf.set(catalog, b"<< /Type /Catalog /Pages %d 0 R" % pages_obj + catalog_extra + b" >>")
    info_num = pdf.add(info) if info else None
    return pdf, catalog, info_num


def harmless_page(title: str) -> bytes:
    return text_content([
        (72, 760, 18, title),
        (72, 720, 12, "Auf dieser Seite steht nichts Persönliches."),
        (72, 700, 12, "Die Angaben stecken anderswo in der Datei."),
    ])


# --- geometry: rotation and crop boxes -------------------------------------

GEOMETRY_PAGES = [
    # (rotate, media, crop, email)
    (0, (0, 0, 595, 842), None, "seite.normal@example.org"),
    (90, (0, 0, 595, 842), None, "seite.gedreht@example.org"),
    (0, (0, 0, 595, 842), (60, 150, 520, 760), "seite.beschnitten@example.org"),
    (270, (0, 0, 612, 792), (40, 80, 560, 700), "seite.beides@example.org"),
]


def make_geometry(path: str, rel: str) -> list[Secret]:
    pages, secrets = [], []
    for i, (rot, media, crop, email) in enumerate(GEOMETRY_PAGES, start=1):
        lines = [
            (100, 700, 18, f"Geometrie Seite {i}"),
            (100, 660, 12, "Sehr geehrte Damen und Herren,"),
            (100, 620, 12, "Kontakt:"),
            (170, 620, 12, email),
            (100, 580, 12, "Ende der Seite."),
        ]
        if crop:
            # outside the crop box: must not be visible in the output
            lines.append((5, 20, 10, "AUSSERHALB"))
        page = {"content": text_content(lines), "media": media}
        if crop:
            page["crop"] = crop
        if rot:
            page["rotate"] = rot
        pages.append(page)
        secrets.append(Secret(email, "email", rel, i))
    pdf, catalog, _ = simple_doc(pages)
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return secrets


# --- hostile structure -------------------------------------------------------


def make_hostile_info(path: str, rel: str) -> list[Secret]:
    s = [
        Secret("Hildegard Informant", None, rel),
        Secret("hildegard.informant@example.net", "email", rel),
        Secret("DE02 1203 0000 0000 2020 51", "iban", rel),
        Secret("+49 89 7654321", "phone", rel),
    ]
    info = (b"<< /Author " + pdf_str(s[0].text) + b" /Title " + pdf_str(f"Brief an {s[1].text}")
            + b" /Subject " + pdf_str(f"Konto {s[2].text}")
            + b" /Keywords " + pdf_str(f"Telefon {s[3].text}")
            + b" /Creator (redactfs fixtures) /Producer (hand written) >>")
    pdf, catalog, info_num = simple_doc([{"content": harmless_page("Info-Verzeichnis")}], info=info)
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog, info_num))
    return s


def make_hostile_xmp(path: str, rel: str) -> list[Secret]:
    s = [
        Secret("Xaver Metadatenmann", None, rel),
        Secret("xaver.metadaten@example.net", "email", rel),
        Secret("2001:db8:beef::42", "ipv6", rel),
    ]
    xmp = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:creator><rdf:Seq><rdf:li>{s[0].text}</rdf:li></rdf:Seq></dc:creator>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Mail {s[1].text} Host {s[2].text}</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode("utf-8")
    pdf, catalog, _ = simple_doc([{"content": harmless_page("XMP-Metadaten")}])
    meta = pdf.add(stream(b"/Type /Metadata /Subtype /XML", xmp))
    pdf.set(catalog, pdf.objects[catalog - 1][:-3] + b" /Metadata %d 0 R >>" % meta)
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return s


FREETEXT_RECT = (72, 400, 420, 440)  # user space, bottom-left origin, on a 595x842 page


def make_hostile_annots(path: str, rel: str) -> list[Secret]:
    s = [
        Secret("notiz.annotation@example.net", "email", rel),
        Secret("Annegret Anmerkung", None, rel),
        Secret("DE75 5121 0800 1245 1261 99", "iban", rel, drawn=True),
    ]
    pdf, catalog, _ = simple_doc([{"content": harmless_page("Anmerkungen")}])
    text_annot = pdf.add(
        b"<< /Type /Annot /Subtype /Text /Rect [72 300 92 320] /Contents "
        + pdf_str(f"Bitte an {s[0].text} schicken") + b" /T " + pdf_str(s[1].text)
        + b" /F 4 >>")
    free_annot = pdf.add(
        b"<< /Type /Annot /Subtype /FreeText /Rect [%g %g %g %g] /Contents " % FREETEXT_RECT
        + pdf_str(s[2].text) + b" /DA (/Helv 14 Tf 0 g) /F 4 >>")
    page_num = len(pdf.objects) - 2  # the page object precedes the two annots
    page = pdf.objects[page_num - 1]
    assert page.startswith(b"<< /Type /Page ")
    pdf.set(page_num, page[:-3] + b" /Annots [%d 0 R %d 0 R] >>" % (text_annot, free_annot))
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return s


def make_hostile_embedded(path: str, rel: str) -> list[Secret]:
    s = [
        Secret("anhang.geheim@example.net", "email", rel),
        Secret("4012 8888 8888 1881", "card", rel),
        Secret("Gustav Anhangmann", None, rel),
    ]
    payload = f"Name: {s[2].text}\nE-Mail: {s[0].text}\nKarte: {s[1].text}\n".encode()
    pdf, catalog, _ = simple_doc([{"content": harmless_page("Dateianhang")}])
    ef = pdf.add(stream(b"/Type /EmbeddedFile /Subtype /text#2Fplain /Params << /Size %d >>"
                        % len(payload), payload))
    spec = pdf.add(b"<< /Type /Filespec /F (kundendaten.txt) /UF (kundendaten.txt) "
                   b"/EF << /F %d 0 R >> /Desc " % ef + pdf_str(f"Daten von {s[2].text}") + b" >>")
    pdf.set(catalog, pdf.objects[catalog - 1][:-3]
            + b" /Names << /EmbeddedFiles << /Names [(kundendaten.txt) %d 0 R] >> >> >>" % spec)
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return s


def make_hostile_incremental(path: str, rel: str) -> list[Secret]:
    s = [
        Secret("frueher.sichtbar@example.net", "email", rel),
        Secret("DE12 5001 0517 0648 4898 90", "iban", rel),
    ]
    first = text_content([
        (72, 760, 18, "Erste Fassung"),
        (72, 720, 12, f"E-Mail: {s[0].text}"),
        (72, 700, 12, f"IBAN: {s[1].text}"),
    ])
    pdf, catalog, _ = simple_doc([{"content": first}])
    base = pdf.bytes(catalog)
    content_num = 4  # catalog 1, pages 2, font 3, content 4
    assert b"stream" in pdf.objects[content_num - 1]
    second = harmless_page("Zweite Fassung")
    out = append_update(base, {content_num: stream(b"", second)}, len(pdf.objects) + 1, catalog)
    with open(path, "wb") as f:
        f.write(out)
    return s


def make_hostile_actions(path: str, rel: str) -> list[Secret]:
    """OpenAction JavaScript, a document-level script, outlines, a form field."""
    s = [
        Secret("skript.versteckt@example.net", "email", rel),
        Secret("lesezeichen.person@example.net", "email", rel),
        Secret("formular.wert@example.net", "email", rel, drawn=True),
        Secret("198.51.100.77", "ipv4", rel),
    ]
    pdf, catalog, _ = simple_doc([{"content": harmless_page("Aktionen und Formulare")}])
    page_num = 5  # catalog 1, pages 2, font 3, content 4, page 5
    assert pdf.objects[page_num - 1].startswith(b"<< /Type /Page ")
    js = pdf.add(b"<< /S /JavaScript /JS " + pdf_str(f"app.alert('{s[0].text}');") + b" >>")
    js2 = pdf.add(b"<< /S /JavaScript /JS " + pdf_str(f"var host = '{s[3].text}';") + b" >>")
    outlines = pdf.reserve()
    item = pdf.add(b"<< /Title " + pdf_str(f"Kontakt {s[1].text}") + b" /Parent %d 0 R "
                   b"/Dest [%d 0 R /Fit] >>" % (outlines, page_num))
    pdf.set(outlines, b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count 1 >>" % (item, item))
    field = pdf.add(b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (email) /V "
                    + pdf_str(s[2].text) + b" /Rect [72 500 400 530] /F 4 /P %d 0 R "
                    b"/DA (/Helv 12 Tf 0 g) >>" % page_num)
    helv = pdf.add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    page = pdf.objects[page_num - 1]
    pdf.set(page_num, page[:-3] + b" /Annots [%d 0 R] >>" % field)
    pdf.set(catalog, pdf.objects[catalog - 1][:-3]
            + b" /OpenAction %d 0 R /Outlines %d 0 R /PageMode /UseOutlines" % (js, outlines)
            + b" /Names << /JavaScript << /Names [(init) %d 0 R] >> >>" % js2
            + b" /AcroForm << /Fields [%d 0 R] /DA (/Helv 12 Tf 0 g) /DR << /Font << /Helv %d 0 R >> >> >> >>"
            % (field, helv))
    with open(path, "wb") as f:
        f.write(pdf.bytes(catalog))
    return s


# --------------------------------------------------------------------------
# The whole tree.

HOSTILE = {
    "hostile/info.pdf": make_hostile_info,
    "hostile/xmp.pdf": make_hostile_xmp,
    "hostile/annots.pdf": make_hostile_annots,
    "hostile/embedded.pdf": make_hostile_embedded,
    "hostile/incremental.pdf": make_hostile_incremental,
    "hostile/actions.pdf": make_hostile_actions,
}

# One distinct file per reader tool, so each read is the first open of its file.
COLD_READERS = ["cat", "cp", "sha256sum", "mmap_shared", "mmap_private", "stat",
                "pdfinfo", "qpdf", "concurrent", "python_read"]
COLD_DIRS = {"tar": 2, "rsync": 2}  # a folder with N files each


def _qpdf(*args: str):
    r = subprocess.run(["qpdf", *args], capture_output=True, text=True)
    # 3 = warnings; the fixtures must be clean, so only 0 is accepted
    if r.returncode != 0:
        raise RuntimeError(f"qpdf {' '.join(args)} failed ({r.returncode}): {r.stderr}")


def build(base: str) -> FixtureSet:
    """Create the source tree under base/src (and base/outside). Returns the set."""
    root = os.path.join(base, "src")
    outside = os.path.join(base, "outside")
    for d in (root, outside, os.path.join(root, "hostile"), os.path.join(root, "sub", "tiefer"),
              os.path.join(root, "leer"), os.path.join(root, ".versteckt"),
              os.path.join(root, "cold")):
        os.makedirs(d, exist_ok=True)
    secrets: list[Secret] = []
    served: dict[str, str] = {}
    hidden: list[str] = []

    def p(rel):
        return os.path.join(root, rel)

    secrets += make_letter(p("letter.pdf"), "letter.pdf")
    served["letter.pdf"] = "two-page letter, one string per category"

    secrets += make_text_pages(p("zehn.pdf"), "zehn.pdf", [A4] * 10,
                               {7: ("seite.sieben@example.org", "email")})
    served["zehn.pdf"] = "10-page text PDF"

    secrets += make_text_pages(p("formate.pdf"), "formate.pdf", [A4, LETTER, A4_LANDSCAPE, A5],
                               {3: ("quer.format@example.org", "email")})
    served["formate.pdf"] = "mixed page sizes"

    secrets += make_geometry(p("geometrie.pdf"), "geometrie.pdf")
    served["geometrie.pdf"] = "/Rotate 90 and 270, CropBox smaller than MediaBox"

    # qpdf --rotate on a cairo file as well (rotation set by a real tool)
    tmp = os.path.join(base, "tmp_rot.pdf")
    secrets += make_text_pages(tmp, "gedreht.pdf", [A4, A4],
                               {1: ("qpdf.gedreht@example.org", "email")})
    _qpdf("--rotate=+90:1", tmp, p("gedreht.pdf"))
    os.unlink(tmp)
    served["gedreht.pdf"] = "cairo PDF rotated by qpdf --rotate=+90:1"

    secrets += make_text_pages(p("GROSS.PDF"), "GROSS.PDF", [A4],
                               {1: ("gross.schreibung@example.org", "email")})
    served["GROSS.PDF"] = "uppercase extension"

    secrets += make_text_pages(p("sub/tiefer/innen.pdf"), "sub/tiefer/innen.pdf", [A4],
                               {1: ("innen.ordner@example.org", "email")})
    served["sub/tiefer/innen.pdf"] = "nested folder"

    # owner password only: viewable, edit-restricted
    tmp = os.path.join(base, "tmp_owner.pdf")
    secrets += make_text_pages(tmp, "eigentuemer.pdf", [A4],
                               {1: ("eigentuemer.schutz@example.org", "email")})
    _qpdf("--encrypt", "", "ownerpw", "256", "--print=none", "--modify=none", "--",
          tmp, p("eigentuemer.pdf"))
    os.unlink(tmp)
    served["eigentuemer.pdf"] = "owner-password-only PDF"

    for rel, maker in HOSTILE.items():
        secrets += maker(p(rel), rel)
        served[rel] = "hostile structure"

    # cold-read copies: distinct content per file (a footer names the reader)
    for name in COLD_READERS:
        rel = f"cold/{name}.pdf"
        secrets += make_letter(p(rel), rel, variant=name)
        served[rel] = f"cold read by {name}"
    for name, n in COLD_DIRS.items():
        os.makedirs(p(f"cold/{name}"), exist_ok=True)
        for i in range(n):
            rel = f"cold/{name}/brief{i}.pdf"
            secrets += make_letter(p(rel), rel, variant=f"{name}-{i}")
            served[rel] = f"cold read by {name}"

    # --- things that must fail or stay hidden -------------------------------
    # user password: listed, but open gives EACCES
    tmp = os.path.join(base, "tmp_user.pdf")
    secrets += make_text_pages(tmp, "passwort.pdf", [A4],
                               {1: ("passwort.geschuetzt@example.org", "email")})
    _qpdf("--encrypt", "userpw", "ownerpw", "256", "--", tmp, p("passwort.pdf"))
    os.unlink(tmp)

    # damaged: garbage after a valid header, and a truncated real PDF
    rng = random.Random(4711)
    with open(p("kaputt.pdf"), "wb") as f:
        f.write(b"%PDF-1.7\n" + bytes(rng.randrange(256) for _ in range(4096)))
    tmp = os.path.join(base, "tmp_trunc.pdf")
    secrets += make_letter(tmp, "abgeschnitten.pdf")
    with open(tmp, "rb") as f:
        data = f.read()
    with open(p("abgeschnitten.pdf"), "wb") as f:
        f.write(data[:300])
    os.unlink(tmp)

    # not a PDF despite the name
    notes = "Notiz: keine PDF-Datei. Kontakt notiz.klartext@example.org\n"
    with open(p("notiz.pdf"), "w") as f:
        f.write(notes)
    secrets.append(Secret("notiz.klartext@example.org", "email", "notiz.pdf"))
    hidden.append("notiz.pdf")

    # other files: kinds the mount does not show (text files are shown since
    # issue 16, and have their own tests in test_text.py)
    with open(p("liesmich.bak"), "w") as f:
        f.write("Telefon +49 40 5556667\n")
    secrets.append(Secret("+49 40 5556667", "phone", "liesmich.bak"))
    with open(p("tabelle.xml"), "w") as f:
        f.write("<t><name>Klaus</name><mail>klaus.tabelle@example.org</mail></t>\n")
    secrets.append(Secret("klaus.tabelle@example.org", "email", "tabelle.xml"))
    hidden += ["liesmich.bak", "tabelle.xml"]

    # dotfiles
    secrets += make_text_pages(p(".geheim.pdf"), ".geheim.pdf", [A4],
                               {1: ("punkt.datei@example.org", "email")})
    secrets += make_text_pages(p(".versteckt/drin.pdf"), ".versteckt/drin.pdf", [A4],
                               {1: ("punkt.ordner@example.org", "email")})
    hidden += [".geheim.pdf", ".versteckt"]

    # symlinks out of the root
    secrets += make_text_pages(os.path.join(outside, "draussen.pdf"), "", [A4],
                               {1: ("ausserhalb.link@example.org", "email")})
    os.symlink(os.path.join(outside, "draussen.pdf"), p("extern.pdf"))
    os.symlink(os.path.relpath(os.path.join(outside, "draussen.pdf"), root), p("extern_rel.pdf"))
    os.symlink(outside, p("extern_ordner"))
    hidden += ["extern.pdf", "extern_rel.pdf", "extern_ordner"]

    return FixtureSet(root=root, outside=outside, secrets=secrets, served=served, hidden=hidden)


def mapped_name(rel: str) -> str:
    """The name a source PDF has in the mount: X.pdf -> X.redacted.pdf."""
    head, tail = os.path.split(rel)
    stem, _ext = os.path.splitext(tail)
    return os.path.join(head, stem + ".redacted.pdf")


if __name__ == "__main__":
    import sys
    import tempfile

    base = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="redactfs-fixtures-")
    fs = build(base)
    print(fs.root)
    for s in fs.secrets:
        print(f"{s.file or '(outside)'}\tpage={s.page}\t{s.category}\t{s.text}")
