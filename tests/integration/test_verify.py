"""`redactfs verify`: it passes what redactfs writes (by `redact` and
through the mount) and fails each classic bad redaction, built here the way
careless tools make them: black boxes over a kept text layer, metadata left
in Info, XMP or EXIF, a term in a PNG text chunk, a page left out, a term
still readable in the pixels."""
from __future__ import annotations

import io
import os
import subprocess
import unittest

import cairo
from PIL import Image, PngImagePlugin

import harness as h

TERM = "Wunderlich"
NAME = "Ottilie Wunderlich"
IBAN = "DE89 3704 0044 0532 0130 00"


def letter(path: str, pages: int = 1):
    """A typeset letter (cairo, as an office suite writes it) with a name,
    an IBAN and an e-mail address in its text layer."""
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    for p in range(pages):
        c.select_font_face("DejaVu Sans")
        c.set_font_size(12)
        lines = [f"Sehr geehrte Frau {NAME},", f"Ihre IBAN {IBAN} ist hinterlegt.",
                 "Rückfragen an ottilie.wunderlich@example.org.", f"Seite {p + 1}"]
        for i, line in enumerate(lines):
            c.move_to(72, 120 + 24 * i)
            c.show_text(line)
        c.show_page()
    s.finish()


def image_page(text: str, size=(1240, 1754)) -> cairo.ImageSurface:
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, *size)
    c = cairo.Context(img)
    c.set_source_rgb(1, 1, 1)
    c.paint()
    c.set_source_rgb(0, 0, 0)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(40)
    c.move_to(150, 300)
    c.show_text(text)
    return img


def image_only_pdf(path: str, text: str, author: str | None = None):
    """A scanned-looking page: the text only in the pixels."""
    s = cairo.PDFSurface(path, 595, 842)
    if author:
        s.set_metadata(cairo.PDFMetadata.AUTHOR, author)
    c = cairo.Context(s)
    c.scale(595 / 1240, 842 / 1754)
    c.set_source_surface(image_page(text), 0, 0)
    c.paint()
    s.finish()


class TestVerify(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        h.require_binary()
        cls.base, cls.src, cls.env = h.scratch(cls, "redactfs-verify-")
        r = h.redactfs("init", env=cls.env)
        assert r.returncode == 0, h.describe(r)
        r = subprocess.run([h.binary(), "terms", "add"], input=(TERM + "\n").encode(), env=cls.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        assert r.returncode == 0, h.describe(r)
        cls.source = os.path.join(cls.src, "brief.pdf")
        letter(cls.source)
        cls.ours = os.path.join(cls.base, "brief.redacted.pdf")
        r = h.redactfs("redact", cls.source, "-o", cls.ours, env=cls.env)
        assert r.returncode == 0, h.describe(r)

    def verify(self, output: str, *args: str) -> subprocess.CompletedProcess:
        r = h.redactfs("verify", output, *args, env=self.env)
        r.stdout, r.stderr = r.stdout.decode(), r.stderr.decode()
        # Off a terminal the findings carry no document text.
        for secret in (TERM, TERM.lower(), "3704"):
            self.assertNotIn(secret, r.stdout + r.stderr)
        return r

    def assertFails(self, output: str, *wanted: str, args: tuple[str, ...] = ()):
        r = self.verify(output, *args)
        self.assertEqual(r.returncode, 1, h.describe(r))
        for w in wanted:
            self.assertIn(w, r.stdout, h.describe(r))
        return r

    def path(self, name: str) -> str:
        return os.path.join(self.base, name)

    def test_our_outputs_pass(self):
        r = self.verify(self.ours, "--source", self.source)
        self.assertEqual(r.returncode, 0, h.describe(r))
        self.assertEqual(r.stdout, "")
        self.assertIn("clean: 1 page(s) checked against the source", r.stderr)
        # An image source's PNG and JPEG outputs, too.
        for ext in ("png", "jpg"):
            src = self.path(f"scan.{ext}")
            img = Image.frombuffer("RGB", (1240, 1754), bytes(image_page(f"Kontoinhaber {NAME}").get_data()),
                                   "raw", "BGRX", 0, 1)
            img.save(src, dpi=(150, 150))
            out = self.path(f"scan.redacted.{ext}")
            r = h.redactfs("redact", src, "-o", out, env=self.env)
            self.assertEqual(r.returncode, 0, h.describe(r))
            r = self.verify(out, "--source", src)
            self.assertEqual(r.returncode, 0, h.describe(r))

    def test_our_output_through_the_mount_passes(self):
        h.require_mountable()
        with h.Mount(self.src, self.base, self.env) as m:
            with open(m.path("brief.redacted.pdf"), "rb") as f:
                data = f.read()
        out = self.path("mounted.pdf")
        with open(out, "wb") as f:
            f.write(data)
        r = self.verify(out, "--source", self.source)
        self.assertEqual(r.returncode, 0, h.describe(r))

    def test_black_boxes_over_a_kept_text_layer(self):
        out = self.path("boxes.pdf")
        s = cairo.PDFSurface(out, 595, 842)
        c = cairo.Context(s)
        c.select_font_face("DejaVu Sans")
        c.set_font_size(12)
        c.move_to(72, 120)
        c.show_text(f"Sehr geehrte Frau {NAME},")
        c.rectangle(180, 105, 150, 20)
        c.fill()
        s.finish()
        self.assertFails(out, "text: text operators", "font:", "page 1: text: a text layer")

    def test_metadata_left_in_info(self):
        out = self.path("info.pdf")
        image_only_pdf(out, "Rechnung", author=NAME)
        self.assertFails(out, "metadata: document metadata (/Info)")

    def test_metadata_left_in_xmp(self):
        out = self.path("xmp.pdf")
        with open(self.ours, "rb") as f:
            data = f.read()
        # The catalog gains /Metadata, as a viewer's "save" adds it.
        xmp = b"<x:xmpmeta xmlns:x='adobe:ns:meta/'><dc:creator>Ottilie</dc:creator></x:xmpmeta>"
        data = data.replace(b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Catalog /Pages 2 0 R /Metadata 99 0 R >>")
        data += b"99 0 obj\n<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(xmp) + xmp + b"\nendstream\nendobj\n"
        with open(out, "wb") as f:
            f.write(data)
        self.assertFails(out, "metadata: document metadata (/Metadata)")

    def test_exif_left_in_a_jpeg(self):
        out = self.path("exif.jpg")
        img = Image.new("RGB", (400, 300), "white")
        exif = Image.Exif()
        exif[0x013B] = NAME  # Artist
        img.save(out, exif=exif.tobytes())
        self.assertFails(out, "metadata: JPEG EXIF")

    def test_a_term_in_a_png_text_chunk(self):
        out = self.path("chunk.png")
        info = PngImagePlugin.PngInfo()
        info.add_text("Comment", f"Konto von {TERM}")
        Image.new("RGB", (400, 300), "white").save(out, pnginfo=info)
        self.assertFails(out, "metadata: a PNG tEXt chunk")

    def test_a_missed_page(self):
        two = os.path.join(self.base, "zwei.pdf")
        letter(two, pages=2)
        self.assertFails(self.ours, "pages: 1 page(s), the source has 2", args=("--source", two))

    def test_a_term_readable_in_the_pixels(self):
        out = self.path("pixels.pdf")
        image_only_pdf(out, f"Kontoinhaber {NAME}")
        r = self.assertFails(out, "page 1: term: an always-redact term is readable")
        # With the source, what detection finds there is read too.
        r = self.assertFails(out, "page 1: detection:", args=("--source", self.source))
        self.assertNotIn("text layer", r.stdout)
