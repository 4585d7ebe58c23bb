"""Scans and photos tilted by more than tesseract copes with (about four
degrees) are read straightened and their boxes turned back onto the page:
the personal data of a page tilted by 7 or 9 degrees, either way, and of a
sideways page tilted on top, is covered in the output. All personal strings
are invented."""

from __future__ import annotations

import os
import tempfile
import unittest

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
        for text, box in self.boxes[name].items():
            frac = img.dark_fraction_in_turned_box(box, degrees, 150)
            if text == ox.CONTROL:
                self.assertLess(frac, 0.5, f"{name}: the control word is {frac:.0%} dark")
            else:
                self.assertGreaterEqual(frac, 0.95, f"{name}: a personal string is only {frac:.0%} dark")

    def test_tilted_7_degrees(self):
        self.check("tilt7.pdf")

    def test_tilted_9_degrees_the_other_way(self):
        self.check("tilt-9.pdf")

    def test_sideways_and_tilted(self):
        self.check("sideways-tilt6.pdf")


if __name__ == "__main__":
    unittest.main()
