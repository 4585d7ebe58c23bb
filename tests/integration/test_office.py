"""Office documents through the mount (issue 16, office part): .docx, .odt
(and .xlsx, .ods, .pptx, .odp, .doc, .rtf) show as NAME.redacted.pdf when
LibreOffice is installed, converted by soffice in a sandbox and then
rasterized like any PDF. Read with cat, pdftotext, pdfinfo, qpdf and OCR of
the output's pixels. A document whose Basic macro is bound to opening it
converts without the macro running; a damaged .docx and one over the size
limit fail alone with EIO and a reason, and the mount stays up. Without
soffice the documents are not shown and `redactfs status` says why.

The documents are written here with python-docx and odfpy (Debian:
python3-docx, python3-odf); every personal value in them is invented.
Skips, with the reason, when soffice or those modules are missing:
`make test-office` installs them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import zipfile

import harness
from harness import describe, redactfs

SOFFICE = shutil.which("soffice")

NAME = "Margarete Klunkelfeld"
IBAN = "DE89 3704 0044 0532 0130 00"
EMAIL = "m.klunkelfeld@example.org"
PHONE = "+49 89 41177203"
STREET = "Lindenallee 17"
# Words that must survive (OCR must still read them).
ORDINARY = ["überweisen", "freundlichen", "Grüßen", "Betrag", "Telefon"]


def missing_reason() -> str | None:
    if SOFFICE is None:
        return "LibreOffice (soffice) is not installed: `make test-office` installs it"
    try:
        import docx  # noqa: F401
        import odf  # noqa: F401
    except ImportError as e:
        return f"{e.name} is missing (python3-docx, python3-odf): `make test-office` installs them"
    if shutil.which("tesseract") is None:
        return "tesseract is not installed"
    return None


def write_docx(path: str):
    import docx
    d = docx.Document()
    d.add_paragraph(f"{NAME}\n{STREET}\n80331 München")
    d.add_paragraph("Rechnung Nr. 2026-114")
    d.add_paragraph(f"Sehr geehrte Frau {NAME.split()[1]},")
    d.add_paragraph(f"bitte überweisen Sie den Betrag von 240,00 EUR auf das Konto IBAN {IBAN}. "
                    f"Rückfragen gern per E-Mail an {EMAIL} oder telefonisch unter {PHONE}.")
    t = d.add_table(rows=5, cols=2)
    t.style = "Table Grid"
    for row, (k, v) in zip(t.rows, [("Name", NAME), ("Straße", STREET), ("IBAN", IBAN),
                                    ("E-Mail", EMAIL), ("Telefon", PHONE)]):
        row.cells[0].text = k
        row.cells[1].text = v
    d.add_paragraph("Mit freundlichen Grüßen")
    d.save(path)


def write_odt(path: str, macro: bool = False):
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableColumn, TableRow, TableCell
    from odf.text import P
    doc = OpenDocumentText()
    for line in [NAME, STREET, "80331 München", "Rechnung Nr. 2026-115", f"Sehr geehrte Frau {NAME.split()[1]},",
                 f"bitte überweisen Sie den Betrag von 99,00 EUR auf das Konto IBAN {IBAN}.",
                 f"Rückfragen gern per E-Mail an {EMAIL} oder telefonisch unter {PHONE}."]:
        doc.text.addElement(P(text=line))
    table = Table(name="Kontakt")
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    for k, v in [("Name", NAME), ("IBAN", IBAN), ("E-Mail", EMAIL), ("Telefon", PHONE)]:
        tr = TableRow()
        for text in (k, v):
            tc = TableCell()
            tc.addElement(P(text=text))
            tr.addElement(tc)
        table.addElement(tr)
    doc.text.addElement(table)
    doc.text.addElement(P(text="Mit freundlichen Grüßen"))
    doc.save(path)
    if macro:
        add_open_macro(path)


MACRO_WORD = "MAKROLIEF"


def add_open_macro(path: str):
    """Adds a Basic library whose Main, bound to opening the document
    (dom:load), writes MAKROLIEF at the top and tries to write a file
    beside the test."""
    marker = path + ".macro-ran"
    module = ('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">\n'
              '<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" '
              'script:language="StarBasic">Sub Main\n'
              f'  ThisComponent.getText().insertString(ThisComponent.getText().getStart(), "{MACRO_WORD} ", False)\n'
              f'  Open "{marker}" For Output As #1\n  Print #1, "ran"\n  Close #1\nEnd Sub\n</script:module>')
    lb = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">\n'
          '<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" '
          'library:readonly="false" library:passwordprotected="false">\n <library:element library:name="Module1"/>\n'
          '</library:library>')
    lc = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<!DOCTYPE library:libraries PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "libraries.dtd">\n'
          '<library:libraries xmlns:library="http://openoffice.org/2000/library" '
          'xmlns:xlink="http://www.w3.org/1999/xlink">\n <library:library library:name="Standard" library:link="false"/>\n'
          '</library:libraries>')
    event = ('<office:scripts><office:event-listeners><script:event-listener script:language="ooo:script" '
             'script:event-name="dom:load" xlink:type="simple" '
             'xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document"/>'
             '</office:event-listeners></office:scripts>')
    tmp = path + ".tmp"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w") as out:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "META-INF/manifest.xml":
                extra = "".join(f' <manifest:file-entry manifest:full-path="{p}" manifest:media-type="text/xml"/>\n'
                                for p in ["Basic/script-lc.xml", "Basic/Standard/script-lb.xml",
                                          "Basic/Standard/Module1.xml"])
                data = data.replace(b"</manifest:manifest>", extra.encode() + b"</manifest:manifest>")
            if item.filename == "content.xml":
                s = data.decode().replace("<office:scripts/>", "")
                for ns, uri in (("script", "urn:oasis:names:tc:opendocument:xmlns:script:1.0"),
                                ("xlink", "http://www.w3.org/1999/xlink"),
                                ("ooo", "http://openoffice.org/2004/office"),
                                ("dom", "http://www.w3.org/2001/xml-events")):
                    if f"xmlns:{ns}=" not in s:
                        s = s.replace("<office:document-content ", f'<office:document-content xmlns:{ns}="{uri}" ', 1)
                i = s.index(">", s.index("<office:document-content")) + 1
                data = (s[:i] + event + s[i:]).encode()
            out.writestr(item, data)
        out.writestr("Basic/script-lc.xml", lc)
        out.writestr("Basic/Standard/script-lb.xml", lb)
        out.writestr("Basic/Standard/Module1.xml", module)
    os.replace(tmp, path)


LINKED_WORD = "GEHEIMBILD"


def write_linked_image_odt(path: str, image: str):
    """A letter that shows an image it links to (file:///...), not one it
    holds: a document that would pull a file of the user's into its pages."""
    from PIL import Image, ImageDraw, ImageFont
    from odf.draw import Frame, Image as DrawImage
    from odf.opendocument import OpenDocumentText
    from odf.text import P
    img = Image.new("RGB", (900, 220), "white")
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 110)
    ImageDraw.Draw(img).text((20, 40), LINKED_WORD, fill="black", font=font)
    img.save(image)
    doc = OpenDocumentText()
    doc.text.addElement(P(text="Ein Brief mit einem verknüpften Bild."))
    p = P()
    frame = Frame(width="16cm", height="4cm", anchortype="as-char")
    frame.addElement(DrawImage(href="file://" + image, type="simple", show="embed", actuate="onLoad"))
    p.addElement(frame)
    doc.text.addElement(p)
    doc.text.addElement(P(text="Mit freundlichen Grüßen"))
    doc.save(path)


def ocr(pdf: bytes, workdir: str) -> str:
    """The output's pixels read back: every page at 150 dpi, tesseract deu."""
    d = tempfile.mkdtemp(dir=workdir)
    path = os.path.join(d, "out.pdf")
    with open(path, "wb") as f:
        f.write(pdf)
    r = harness.run(["pdftoppm", "-r", "150", "-gray", "-png", path, os.path.join(d, "p")], timeout=120)
    assert r.returncode == 0, describe(r)
    text = []
    for page in sorted(p for p in os.listdir(d) if p.endswith(".png")):
        r = harness.run(["tesseract", os.path.join(d, page), "-", "-l", "deu"], timeout=120)
        assert r.returncode == 0, describe(r)
        text.append(r.stdout.decode("utf-8", errors="replace"))
    return "\n".join(text)


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s).lower()


class OfficeFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        reason = missing_reason()
        if reason:
            raise unittest.SkipTest(reason)
        cls.base, cls.src, cls.env = harness.scratch(cls, "redactfs-office-")
        write_docx(os.path.join(cls.src, "rechnung.docx"))
        write_odt(os.path.join(cls.src, "brief.odt"))
        write_odt(os.path.join(cls.src, "makro.odt"), macro=True)
        with open(os.path.join(cls.src, "kaputt.docx"), "wb") as f:
            f.write(b"PK\x03\x04" + os.urandom(4000))
        with open(os.path.join(cls.src, "riesig.docx"), "wb") as f:
            f.write(b"PK\x03\x04")
            f.truncate(65 << 20)  # over the 64 MiB limit (sparse)
        with open(os.path.join(cls.src, "notiz.txt"), "w") as f:
            f.write("nichts\n")
        # The linked file lies outside the source, as a user's file would.
        cls.linked_image = os.path.join(cls.base, "privat", "geheim.png")
        os.makedirs(os.path.dirname(cls.linked_image))
        write_linked_image_odt(os.path.join(cls.src, "verknuepft.odt"), cls.linked_image)
        cls.mount = harness.Mount(cls.src, tempfile.mkdtemp(dir=cls.base), cls.env).start()
        cls.addClassCleanup(cls.mount.stop)
        cls.outputs: dict[str, bytes] = {}

    def output(self, shown: str) -> bytes:
        if shown not in self.outputs:
            r = subprocess.run(["cat", self.mount.path(shown)], capture_output=True, timeout=300)
            self.assertEqual(r.returncode, 0, f"cat {shown}: {r.stderr!r}\n{self.mount.log()[-3000:]}")
            self.outputs[shown] = r.stdout
        return self.outputs[shown]

    def check_pixels_only(self, out: bytes, label: str):
        self.assertTrue(out.startswith(b"%PDF-"), label)
        d = tempfile.mkdtemp(dir=self.base)
        path = os.path.join(d, "out.pdf")
        with open(path, "wb") as f:
            f.write(out)
        r = harness.run(["qpdf", "--check", path])
        self.assertEqual(r.returncode, 0, f"{label}: qpdf --check\n{describe(r)}")
        r = harness.run(["pdftotext", path, "-"])
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stdout.strip(), b"", f"{label}: pdftotext found text")
        r = harness.run(["pdfinfo", path])
        self.assertEqual(r.returncode, 0, describe(r))
        info = r.stdout.decode()
        self.assertRegex(info, r"Pages:\s+1\b", f"{label}: one page\n{info}")
        self.assertNotIn("Producer", info, f"{label}: LibreOffice's producer string reached the output")
        qdf = harness.qdf_bytes(path)
        for name in harness.FORBIDDEN_NAMES:
            self.assertIsNone(re.search(re.escape(name) + rb"(?![A-Za-z0-9])", qdf), f"{label}: {name!r}")
        for planted in (NAME, IBAN, EMAIL, PHONE, STREET, "Klunkelfeld"):
            for enc in harness.encodings(planted):
                self.assertNotIn(enc, out, f"{label}: {planted!r} in the output bytes")
                self.assertNotIn(enc, qdf, f"{label}: {planted!r} in the decompressed output")

    def check_ocr(self, out: bytes, label: str):
        text = ocr(out, self.base)
        flat = squash(text)
        for planted in ("Klunkelfeld", IBAN, EMAIL, PHONE, STREET, "41177203", "0532013000"):
            self.assertNotIn(squash(planted), flat, f"{label}: OCR reads {planted!r} in the output:\n{text}")
        for word in ORDINARY:
            self.assertIn(word.lower(), text.lower(), f"{label}: OCR no longer reads {word!r}:\n{text}")
        return text

    def test_names(self):
        names = sorted(os.listdir(self.mount.path()))
        self.assertEqual(names, ["brief.redacted.pdf", "kaputt.redacted.pdf", "makro.redacted.pdf",
                                 "notiz.redacted.txt", "rechnung.redacted.pdf", "riesig.redacted.pdf",
                                 "verknuepft.redacted.pdf"])

    def test_docx_letter_and_table(self):
        start = time.monotonic()
        out = self.output("rechnung.redacted.pdf")
        print(f"\n  rechnung.docx through the mount: {time.monotonic() - start:.1f} s", end=" ")
        self.check_pixels_only(out, "rechnung.docx")
        self.check_ocr(out, "rechnung.docx")
        self.assertEqual(os.stat(self.mount.path("rechnung.redacted.pdf")).st_size, len(out))

    def test_odt_letter_and_table(self):
        out = self.output("brief.redacted.pdf")
        self.check_pixels_only(out, "brief.odt")
        self.check_ocr(out, "brief.odt")

    def test_macro_does_not_run(self):
        # Control: the macro is real. LibreOffice opening the document
        # (not converting it) with macro security "low" runs it and it
        # writes its marker. (LibreOffice 7.4's --convert-to did not run
        # it even then: the profile and the sandbox are the guarantee for
        # versions that would.)
        marker = os.path.join(self.src, "makro.odt.macro-ran")
        d = tempfile.mkdtemp(dir=self.base)
        os.makedirs(os.path.join(d, "profile", "user"))
        with open(os.path.join(d, "profile", "user", "registrymodifications.xcu"), "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
                    'xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
                    '<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" '
                    'oor:op="fuse"><value>0</value></prop></item>\n</oor:items>\n')
        control = subprocess.Popen([SOFFICE, f"-env:UserInstallation=file://{d}/profile", "--headless", "--norestore",
                                    "--nologo", "--nolockcheck", os.path.join(self.src, "makro.odt")],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                                   env=dict(self.env, HOME=d, TMPDIR=d))
        pipes = set(p for p in os.listdir("/tmp") if p.startswith("OSL_PIPE_"))
        try:
            ran = harness.wait_for(lambda: os.path.exists(marker), 60, 0.2)
        finally:
            os.killpg(control.pid, 9)
            control.wait()
            # Killed, it leaves its pipe behind (LibreOffice fixes its path in /tmp).
            for p in set(p for p in os.listdir("/tmp") if p.startswith("OSL_PIPE_")) - pipes:
                os.remove(os.path.join("/tmp", p))
        self.assertTrue(ran, "control: the macro bound to opening the document did not run")
        os.remove(marker)
        # Through the mount: converted, and the macro did not run.
        out = self.output("makro.redacted.pdf")
        self.check_pixels_only(out, "makro.odt")
        text = self.check_ocr(out, "makro.odt")
        self.assertNotIn(MACRO_WORD.lower(), text.lower(), "the macro bound to opening the document ran")
        self.assertFalse(os.path.exists(os.path.join(self.src, "makro.odt.macro-ran")))

    def test_a_linked_file_of_the_users_is_not_pulled_in(self):
        # Control: LibreOffice as it comes (a fresh default profile, no
        # sandbox) draws the linked image into its PDF.
        d = tempfile.mkdtemp(dir=self.base)
        r = harness.run([SOFFICE, f"-env:UserInstallation=file://{d}/profile", "--headless", "--norestore",
                         "--nologo", "--nolockcheck", "--nodefault", "--convert-to", "pdf", "--outdir", d,
                         os.path.join(self.src, "verknuepft.odt")], timeout=120, env=dict(self.env, HOME=d, TMPDIR=d))
        self.assertEqual(r.returncode, 0, describe(r))
        r = harness.run(["pdfimages", "-list", os.path.join(d, "verknuepft.pdf")])
        self.assertEqual(len(r.stdout.decode().splitlines()), 3, f"control: the image is not drawn\n{describe(r)}")
        # Through the mount: the letter, without the image.
        out = self.output("verknuepft.redacted.pdf")
        self.check_pixels_only(out, "verknuepft.odt")
        text = ocr(out, self.base)
        self.assertIn("freundlichen", text)
        self.assertNotIn(LINKED_WORD.lower(), squash(text), f"the linked image was drawn:\n{text}")

    def test_damaged_and_oversized_fail_alone(self):
        for shown, reason in (("kaputt.redacted.pdf", "damaged"),
                              ("riesig.redacted.pdf", f"larger than {64 << 20} bytes")):
            with self.subTest(shown=shown):
                n = harness.errno_of(harness.read_file, self.mount.path(shown))
                self.assertEqual(n, 5, f"{shown}: {harness.errname(n)}")
                r = redactfs("status", self.mount.path(shown), env=self.env)
                self.assertEqual(r.returncode, 0, describe(r))
                self.assertIn(reason, r.stdout.decode(), describe(r))
        # The mount is still up and serves the others.
        self.assertTrue(self.mount.is_mounted())
        self.assertTrue(self.output("brief.redacted.pdf").startswith(b"%PDF-"))
        log = self.mount.log()
        self.assertNotIn("Klunkelfeld", log)

    def test_status_says_office_files_are_shown(self):
        r = redactfs("status", self.mount.path(), env=self.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertIn("office files: shown", r.stdout.decode())

    def test_redact_writes_what_the_mount_shows(self):
        d = tempfile.mkdtemp(dir=self.base)
        out = os.path.join(d, "brief.redacted.pdf")
        start = time.monotonic()
        r = redactfs("redact", os.path.join(self.src, "brief.odt"), "-o", out, env=self.env)
        print(f"\n  redact brief.odt (soffice cold, a new profile): {time.monotonic() - start:.1f} s", end=" ")
        self.assertEqual(r.returncode, 0, describe(r))
        with open(out, "rb") as f:
            self.assertEqual(f.read(), self.output("brief.redacted.pdf"), "deterministic: the same bytes")


    def test_scan_and_review_read_the_converted_pages(self):
        # scan lists what the mount burns (of the PDF the document converts
        # to); a detection kept in review is listed no more and leaves the
        # output, as for a PDF.
        env = dict(self.env, XDG_CONFIG_HOME=tempfile.mkdtemp(dir=self.base))
        self.assertEqual(redactfs("init", env=env).returncode, 0)
        doc = os.path.join(self.src, "rechnung.docx")
        r = redactfs("scan", "--json", doc, env=env)
        self.assertEqual(r.returncode, 0, describe(r))
        categories = [d["category"] for d in json.loads(r.stdout)["detections"]]
        for c in ("iban", "email", "phone"):
            self.assertIn(c, categories)
        r = redactfs("review", doc, env=env)
        self.assertEqual(r.returncode, 0, describe(r))
        rows = [l.split("\t") for l in r.stdout.decode().splitlines()[1:] if l.count("\t") == 4]
        emails = [row[0] for row in rows if row[2] == "email"]
        self.assertTrue(emails, r.stdout)
        self.assertEqual(redactfs("review", doc, "--keep", emails[0], env=env).returncode, 0)
        r = redactfs("scan", "--json", doc, env=env)
        after = [d["category"] for d in json.loads(r.stdout)["detections"]]
        # The one address, in the letter and in the table: one entry, kept.
        self.assertNotIn("email", after)
        self.assertEqual(after.count("iban"), categories.count("iban"))


class OtherFormats(unittest.TestCase):
    """.rtf written here; .doc, .xlsx, .ods, .pptx and .odp made from the
    letter and a CSV table by LibreOffice itself (outside the mount)."""

    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        reason = missing_reason()
        if reason:
            raise unittest.SkipTest(reason)
        cls.base, cls.src, cls.env = harness.scratch(cls, "redactfs-office-formats-")
        work = os.path.join(cls.base, "make")
        os.makedirs(work)
        with open(os.path.join(cls.src, "brief.rtf"), "w", encoding="ascii") as f:
            f.write("{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times New Roman;}}\\f0\\fs24 "
                    f"Sehr geehrte Frau {NAME.split()[1]},\\par bitte \\u252?berweisen Sie den Betrag auf "
                    f"IBAN {IBAN}.\\par Telefon {PHONE}\\par Mit freundlichen Gr\\u252?\\u223?en\\par}}")
        with open(os.path.join(work, "tabelle.csv"), "w") as f:
            f.write(f"Name;IBAN;Telefon;Betrag\n{NAME};{IBAN};{PHONE};240,00\n")
        write_docx(os.path.join(work, "rechnung.docx"))

        def convert(path, to, *extra):
            r = harness.run([SOFFICE, f"-env:UserInstallation=file://{work}/profile", "--headless", "--norestore",
                             "--nologo", "--nolockcheck", *extra, "--convert-to", to, "--outdir", work, path],
                            timeout=180, env=dict(cls.env, HOME=work, TMPDIR=work))
            assert r.returncode == 0, describe(r)

        convert(os.path.join(work, "tabelle.csv"), "xlsx", "--infilter=CSV:59,34,76,1")
        convert(os.path.join(work, "tabelle.xlsx"), "ods")
        convert(os.path.join(work, "rechnung.docx"), "doc")
        convert(os.path.join(work, "rechnung.docx"), "pdf")
        convert(os.path.join(work, "rechnung.pdf"), "pptx", "--infilter=impress_pdf_import")
        convert(os.path.join(work, "rechnung.pptx"), "odp")
        for name in ("tabelle.xlsx", "tabelle.ods", "rechnung.doc", "rechnung.pptx", "rechnung.odp"):
            stem, ext = name.split(".")
            shutil.copy(os.path.join(work, name), os.path.join(cls.src, f"{stem}-{ext}.{ext}"))
        cls.mount = harness.Mount(cls.src, tempfile.mkdtemp(dir=cls.base), cls.env).start()
        cls.addClassCleanup(cls.mount.stop)

    def test_every_format_is_converted_and_redacted(self):
        names = sorted(os.listdir(self.mount.path()))
        self.assertEqual(names, ["brief.redacted.pdf", "rechnung-doc.redacted.pdf", "rechnung-odp.redacted.pdf",
                                 "rechnung-pptx.redacted.pdf", "tabelle-ods.redacted.pdf",
                                 "tabelle-xlsx.redacted.pdf"])
        for shown in names:
            with self.subTest(shown=shown):
                r = subprocess.run(["cat", self.mount.path(shown)], capture_output=True, timeout=300)
                self.assertEqual(r.returncode, 0, f"{shown}: {r.stderr!r}\n{self.mount.log()[-2000:]}")
                out = r.stdout
                OfficeFiles.check_pixels_only(self, out, shown)
                text = ocr(out, self.base)
                flat = squash(text)
                for planted in ("Klunkelfeld", IBAN, PHONE, "41177203", "0532013000"):
                    self.assertNotIn(squash(planted), flat, f"{shown}: OCR reads {planted!r}:\n{text}")
                keep = "IBAN" if shown.startswith("tabelle") else "freundlichen"
                self.assertIn(keep.lower(), text.lower(), f"{shown}: OCR no longer reads {keep!r}:\n{text}")


class OfficeSandbox(unittest.TestCase):
    """What a document inside soffice could reach (`redactfs __office-check`)."""

    def test_no_network_and_nothing_outside_the_private_folder(self):
        harness.require_binary()
        with tempfile.TemporaryDirectory(prefix="redactfs-office-check-") as d:
            os.makedirs(os.path.join(d, "private"))
            with open(os.path.join(d, "secret"), "w") as f:
                f.write("geheim\n")
            r = harness.run([harness.binary(), "__office-check", d])
            self.assertEqual(r.returncode, 0, describe(r))
            got = dict(line.split("=", 1) for line in r.stdout.decode().split())
            if got["landlock"] == "unavailable":
                self.skipTest("this kernel has no Landlock")
            want = {
                "socket_inet": "errno97", "socket_inet6": "errno97",  # EAFNOSUPPORT
                "socket_inet_dgram": "errno1", "socket_netlink": "errno1", "socket_unix_dgram": "errno1",
                "socket_unix": "ok", "connect_unix": "errno1", "io_uring_setup": "errno1", "setsid": "errno1",
                "read_system": "ok", "read_outside": "errno13", "list_outside": "errno13",
                "write_private": "ok", "write_tmp": "errno13", "write_outside": "errno13", "exec": "ok",
            }
            # Another process's /proc files: Landlock refuses them, but
            # root's CAP_SYS_PTRACE passes (checked as nobody by hand).
            if os.geteuid() != 0:
                want["read_parent_environ"] = "errno13"
            for k, v in want.items():
                self.assertEqual(got.get(k), v, f"{k}\n{describe(r)}")


class ConfiguredSoffice(unittest.TestCase):
    """The config file's soffice and office-timeout keys, with a stand-in
    soffice that hangs (and starts a child that would outlive it)."""

    def test_a_hanging_conversion_is_killed_at_the_timeout(self):
        harness.require_mountable()
        base, src, env = harness.scratch(self.__class__, "redactfs-office-slow-")
        token = f"4711.{os.getpid()}"
        soffice = os.path.join(base, "lo", "program", "soffice")
        os.makedirs(os.path.dirname(soffice))
        open(os.path.join(os.path.dirname(soffice), "soffice.bin"), "w").close()  # an install folder
        with open(soffice, "w") as f:
            f.write(f"#!/bin/sh\nsleep {token} &\nsleep {token}\n")
        os.chmod(soffice, 0o755)
        os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "redactfs"))
        with open(os.path.join(env["XDG_CONFIG_HOME"], "redactfs", "config"), "w") as f:
            f.write(f"soffice = {soffice}\noffice-timeout = 2\n")
        with open(os.path.join(src, "langsam.docx"), "wb") as f:
            f.write(b"PK\x03\x04" + bytes(100))
        with open(os.path.join(src, "notiz.txt"), "w") as f:
            f.write("nichts\n")
        m = harness.Mount(src, tempfile.mkdtemp(dir=base), env).start()
        self.addCleanup(m.stop)
        self.assertEqual(sorted(os.listdir(m.path())), ["langsam.redacted.pdf", "notiz.redacted.txt"])
        start = time.monotonic()
        n = harness.errno_of(harness.read_file, m.path("langsam.redacted.pdf"))
        self.assertEqual(n, 5, harness.errname(n))
        self.assertLess(time.monotonic() - start, 20)
        r = redactfs("status", m.path("langsam.redacted.pdf"), env=env)
        self.assertIn("LibreOffice took longer than 2 s to convert the document", r.stdout.decode(), describe(r))
        self.assertTrue(harness.wait_for(lambda: not harness.processes_mentioning(token), 5),
                        "a process of the conversion outlived the timeout")
        self.assertEqual(harness.read_file(m.path("notiz.redacted.txt")), b"nichts\n")


class WithoutLibreOffice(unittest.TestCase):
    def test_office_files_are_not_shown_and_status_says_why(self):
        harness.require_mountable()
        base, src, env = harness.scratch(self.__class__, "redactfs-office-none-")
        with open(os.path.join(src, "rechnung.docx"), "wb") as f:
            f.write(b"PK\x03\x04" + bytes(100))
        with open(os.path.join(src, "notiz.txt"), "w") as f:
            f.write("nichts\n")
        env = dict(env)
        env["PATH"] = os.path.join(base, "empty-path")  # no soffice on it
        m = harness.Mount(src, tempfile.mkdtemp(dir=base), env).start()
        self.addCleanup(m.stop)
        self.assertEqual(os.listdir(m.path()), ["notiz.redacted.txt"])
        r = redactfs("status", m.path(), env=env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertIn("office files: not shown: LibreOffice (soffice) not found: .docx .odt .xlsx .ods .pptx "
                      ".odp .doc .rtf files are not shown", r.stdout.decode())


if __name__ == "__main__":
    unittest.main()
