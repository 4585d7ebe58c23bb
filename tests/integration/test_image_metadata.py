"""A JPEG from a phone or scanner carries more than pixels: EXIF naming its
author, GPS, XMP, IPTC, a comment, an ICC profile, an orientation tag.
Through the mount only the pixels survive, with the orientation applied.

The JPEGs are made here: a scan drawn with cairo, rendered to JPEG by
ghostscript, then tagged with exiftool. All names are invented."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import unittest

import harness
import ocr_fixtures as ox

PERSON = "Hildegard Quenzler"
# What exiftool may report of a JPEG that carries nothing but its pixels.
STRUCTURAL_GROUPS = {"ExifTool", "System", "File", "JFIF", "Composite"}
ICC = "/usr/share/color/icc/ghostscript/srgb.icc"


def exif_groups(path: str) -> dict[str, object]:
    r = subprocess.run(["exiftool", "-j", "-a", "-G1", "-s", path], capture_output=True, check=True)
    return json.loads(r.stdout)[0]


def make_tagged_jpeg(path: str, orientation: int) -> dict:
    pdf = path + ".pdf"
    boxes = ox.make_scan(pdf)  # points of a 420 x 298 pt page
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=jpeg", "-r150", "-dJPEGQ=90",
                    "-o", path, pdf], check=True, capture_output=True)
    os.unlink(pdf)
    tags = [f"-Artist={PERSON}", f"-XPAuthor={PERSON}", f"-ImageDescription=Scan for {PERSON}",
            f"-UserComment={PERSON}", "-GPSLatitude=52.5163", "-GPSLatitudeRef=N",
            "-GPSLongitude=13.3777", "-GPSLongitudeRef=E", f"-XMP-dc:Creator={PERSON}",
            f"-IPTC:By-line={PERSON}", f"-Comment={PERSON}", f"-Orientation#={orientation}",
            "-DateTimeOriginal=2026:01:02 03:04:05"]
    if os.path.exists(ICC):
        tags.append(f"-ICC_Profile<={ICC}")
    subprocess.run(["exiftool", "-q", "-overwrite_original", *tags, path], check=True, capture_output=True)
    return boxes


@unittest.skipIf(shutil.which("exiftool") is None or shutil.which("gs") is None,
                 "exiftool or ghostscript missing (make deps installs them)")
class TaggedJPEGThroughTheMount(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = tempfile.mkdtemp(prefix="redactfs-jpeg-")
        cls.addClassCleanup(shutil.rmtree, cls.base, True)
        src = os.path.join(cls.base, "src")
        os.makedirs(src)
        cls.boxes = make_tagged_jpeg(os.path.join(src, "upright.jpg"), orientation=1)
        make_tagged_jpeg(os.path.join(src, "turned.jpg"), orientation=6)
        cls.source_tags = exif_groups(os.path.join(src, "upright.jpg"))
        env = harness.make_env(os.path.join(cls.base, "home"))
        m = harness.Mount(src, cls.base, env)
        cls.addClassCleanup(m.stop)
        m.start()
        cls.out = {}
        for name in ("upright", "turned"):
            data = harness.read_file(m.path(f"{name}.redacted.jpg"))
            path = os.path.join(cls.base, f"{name}.out.jpg")
            with open(path, "wb") as f:
                f.write(data)
            cls.out[name] = path

    def test_sources_really_carry_the_metadata(self):
        # Guards the other tests: the fixture must hold what we claim.
        groups = {k.split(":")[0] for k in self.source_tags}
        for g in ("IFD0", "ExifIFD", "GPS", "XMP-dc", "IPTC"):
            self.assertIn(g, groups)
        with open(os.path.join(self.base, "src", "upright.jpg"), "rb") as f:
            self.assertIn(PERSON.encode(), f.read())

    def test_nothing_but_structure_survives(self):
        for name, path in self.out.items():
            tags = exif_groups(path)
            extra = sorted(k for k in tags if k.split(":")[0] not in STRUCTURAL_GROUPS and k != "SourceFile")
            self.assertEqual(extra, [], f"{name}: metadata survived")
            self.assertNotIn("File:Comment", tags, name)
            with open(path, "rb") as f:
                data = f.read()
            for needle in (PERSON.encode(), b"Exif\0\0", b"http://ns.adobe.com/xap", b"ICC_PROFILE", b"Photoshop"):
                self.assertNotIn(needle, data, f"{name}: {needle!r} in the output")

    def test_orientation_is_applied_to_the_pixels(self):
        up = exif_groups(self.out["upright"])
        turned = exif_groups(self.out["turned"])
        w, h = up["File:ImageWidth"], up["File:ImageHeight"]
        self.assertGreater(w, h, "the upright scan is landscape")
        self.assertEqual((turned["File:ImageWidth"], turned["File:ImageHeight"]), (h, w),
                         "orientation 6 was not turned into the pixels")

    def test_personal_data_in_the_pixels_is_burned(self):
        # The JPEG holds the page at 150 dpi: boxes in points scale by 150/72.
        # mutool decodes it to a PNG of the same pixel size for the check.
        png = self.out["upright"] + ".png"
        width = exif_groups(self.out["upright"])["File:ImageWidth"]
        subprocess.run(["mutool", "draw", "-q", "-o", png, "-w", str(width), self.out["upright"]],
                       check=True, capture_output=True)
        scale = 150 / 72
        for text, (x0, y0, x1, y1) in self.boxes.items():
            box = (x0 * scale, y0 * scale, x1 * scale, y1 * scale)
            frac = ox.png_dark_fraction(png, box)
            if text == ox.CONTROL:
                self.assertLess(frac, 0.5, f"control word {text!r} is {frac:.0%} dark")
            else:
                self.assertGreaterEqual(frac, 0.9, f"a personal string is only {frac:.0%} dark")


if __name__ == "__main__":
    unittest.main()
