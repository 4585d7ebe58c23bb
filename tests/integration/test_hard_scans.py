"""Scans and photos that are hard to read. Tilted by more than tesseract
copes with (about four degrees): read straightened, boxes turned back onto
the page; the personal data of a page tilted by 7 or 9 degrees, either way,
and of a sideways page tilted on top, is covered. Shadowed (a phone photo
whose paper darkens towards one side): the background is evened out before
OCR, so the text at the dark end is read. All personal strings are invented."""

from __future__ import annotations

import os
import tempfile
import unittest

import cairo

import harness
import ocr_fixtures as ox

CASES = {"tilt7.pdf": dict(skew_deg=7.0), "tilt-9.pdf": dict(skew_deg=-9.0),
         "sideways-tilt6.pdf": dict(skew_deg=6.0, turns=1)}


class TiltedScans(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        cls.base, src, env = harness.scratch(cls, "redactfs-tilt-")
        cls.boxes = {n: ox.make_scan(os.path.join(src, n), noise=3000, dpi=200, **kw) for n, kw in CASES.items()}
        cls.mount = harness.Mount(src, tempfile.mkdtemp(dir=cls.base), env, args=("--jobs", "2")).start()
        cls.addClassCleanup(cls.mount.stop)

    def check(self, name: str):
        out = os.path.join(self.base, name + ".out.pdf")
        with open(out, "wb") as f:
            f.write(harness.read_file(self.mount.path(name[:-4] + ".redacted.pdf")))
        img = harness.render_gray(out, 1, 150)
        kw = CASES[name]
        # The phrase's own rectangle, turned with the page (a quarter turn
        # clockwise per `turns`, then the tilt).
        degrees = kw["skew_deg"] + 90 * kw.get("turns", 0)
        harness.assert_burned(self, {t: img.dark_fraction_in_turned_box(b, degrees, 150)
                                     for t, b in self.boxes[name].items()}, name, control=ox.CONTROL)

    def test_tilted_7_degrees(self):
        self.check("tilt7.pdf")

    def test_tilted_9_degrees_the_other_way(self):
        self.check("tilt-9.pdf")

    def test_sideways_and_tilted(self):
        self.check("sideways-tilt6.pdf")


def shadow(src: str, dst: str, darkest: float):
    """`src` with its paper darkening from white at the left to `darkest`
    (0..1) at the right, warm-tinted like indoor light."""
    img = cairo.ImageSurface.create_from_png(src)
    w, h = img.get_width(), img.get_height()
    out = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
    c = cairo.Context(out)
    c.set_source_surface(img)
    c.paint()
    g = cairo.LinearGradient(0, 0, w, h * 0.3)
    g.add_color_stop_rgb(0, 1, 1, 1)
    g.add_color_stop_rgb(1, darkest, darkest * 0.95, darkest * 0.85)
    c.set_operator(cairo.OPERATOR_MULTIPLY)
    c.set_source(g)
    c.paint()
    out.write_to_png(dst)


class ShadowedPhotos(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        cls.base, src, env = harness.scratch(cls, "redactfs-shadow-")
        plain = os.path.join(cls.base, "plain.png")
        cls.boxes = ox.make_photo_png(plain)
        for name, darkest in (("schatten.png", 0.45), ("dunkel.png", 0.25)):
            shadow(plain, os.path.join(src, name), darkest)
        cls.mount = harness.Mount(src, tempfile.mkdtemp(dir=cls.base), env).start()
        cls.addClassCleanup(cls.mount.stop)

    def check(self, name: str):
        out = os.path.join(self.base, name + ".out.png")
        with open(out, "wb") as f:
            f.write(harness.read_file(self.mount.path(name[:-4] + ".redacted.png")))
        harness.assert_burned(self, {t: ox.png_dark_fraction(out, b) for t, b in self.boxes.items()},
                              name, control=ox.CONTROL)

    def test_shadow_to_45_percent(self):
        self.check("schatten.png")

    def test_shadow_to_25_percent(self):
        self.check("dunkel.png")


if __name__ == "__main__":
    unittest.main()
