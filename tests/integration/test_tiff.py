"""TIFF through the mount: one page shows as NAME.redacted.png, more pages
as NAME.redacted.pdf with every page. The listing tells them apart from the
TIFF's header and first IFD alone (the IFDs of these fixtures sit after the
pixels, past the first 1024 bytes). A TIFF that gains pages in place, in a
folder that did not change otherwise, keeps its PNG name until the folder is
listed afresh and fails with EIO meanwhile: never a first page alone.
All personal strings are invented."""

from __future__ import annotations

import errno
import os
import tempfile
import unittest

import harness
import ocr_fixtures as ox
from harness import describe, redactfs


class TIFFNames(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        cls.base, cls.src, cls.env = harness.scratch(cls, "redactfs-tiff-")
        a, b = os.path.join(cls.base, "a.png"), os.path.join(cls.base, "b.png")
        cls.boxes = ox.make_photo_png(a)
        ox.make_photo_png(b, turns=2)
        cls.pages = [ox.png_rgb(a), ox.png_rgb(b)]
        ox.write_tiff(os.path.join(cls.src, "brief.tif"), cls.pages[:1])
        ox.write_tiff(os.path.join(cls.src, "akte.TIFF"), cls.pages)

    def mount(self) -> harness.Mount:
        m = harness.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env).start()
        self.addCleanup(m.stop, False)
        return m

    def check_png(self, data: bytes, label: str):
        self.assertTrue(data.startswith(b"\x89PNG\r\n\x1a\n"), f"{label}: not a PNG")
        out = os.path.join(tempfile.mkdtemp(dir=self.base), "out.png")
        with open(out, "wb") as f:
            f.write(data)
        harness.assert_burned(self, {t: ox.png_dark_fraction(out, b) for t, b in self.boxes.items()},
                              label, control=ox.CONTROL)

    def test_one_page_shows_as_png_more_as_pdf(self):
        m = self.mount()
        self.assertEqual(sorted(os.listdir(m.path())), ["akte.redacted.pdf", "brief.redacted.png"])
        self.check_png(harness.read_file(m.path("brief.redacted.png")), "single-page tiff")
        pdf = os.path.join(self.base, "akte.pdf")
        with open(pdf, "wb") as f:
            f.write(harness.read_file(m.path("akte.redacted.pdf")))
        self.assertEqual(len(harness.pdf_pages(pdf)), 2)

    def test_redact_writes_what_the_mount_shows(self):
        d = tempfile.mkdtemp(dir=self.base)
        # The output's name must say what is written: a one-page TIFF is a PNG.
        wrong = os.path.join(d, "brief.pdf")
        r = redactfs("redact", os.path.join(self.src, "brief.tif"), "-o", wrong, env=self.env)
        self.assertEqual(r.returncode, 64, describe(r))
        self.assertIn(".png", r.stderr.decode())
        self.assertFalse(os.path.exists(wrong))
        out = os.path.join(d, "brief.redacted.png")
        r = redactfs("redact", os.path.join(self.src, "brief.tif"), "-o", out, env=self.env)
        self.assertEqual(r.returncode, 0, describe(r))
        with open(out, "rb") as f:
            self.check_png(f.read(), "redact of a single-page tiff")

    def test_a_tiff_that_gains_pages_in_place_fails_until_relisted(self):
        src = os.path.join(self.base, "grow")
        os.makedirs(src)
        path = os.path.join(src, "fax.tif")
        ox.write_tiff(path, self.pages[:1])
        m = harness.Mount(src, tempfile.mkdtemp(dir=self.base), self.env).start()
        self.addCleanup(m.stop, False)
        self.assertEqual(os.listdir(m.path()), ["fax.redacted.png"])
        # Rewritten in place: the folder's own mtime does not change.
        before = os.stat(src).st_mtime_ns
        with open(path, "r+b") as f:
            grown = os.path.join(self.base, "grown.tif")
            ox.write_tiff(grown, self.pages)
            with open(grown, "rb") as g:
                f.write(g.read())
        self.assertEqual(os.stat(src).st_mtime_ns, before)
        with self.assertRaises(OSError) as cm:
            harness.read_file(m.path("fax.redacted.png"))
        self.assertEqual(cm.exception.errno, errno.EIO)
        self.assertIn("more than 1 pages", m.log())
        # The folder changes: listed afresh, the TIFF shows as a PDF of both pages.
        open(os.path.join(src, "x.bak"), "w").close()  # a file the mount does not show
        os.utime(src, ns=(before + 10**9, before + 10**9))
        self.assertEqual(os.listdir(m.path()), ["fax.redacted.pdf"])
        out = os.path.join(self.base, "fax.pdf")
        with open(out, "wb") as f:
            f.write(harness.read_file(m.path("fax.redacted.pdf")))
        self.assertEqual(len(harness.pdf_pages(out)), 2)


if __name__ == "__main__":
    unittest.main()
