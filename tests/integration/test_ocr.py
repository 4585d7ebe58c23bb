"""OCR through the real mount and `redactfs redact`: scanned pages (upright,
turned 90 and 180 degrees, skewed and noisy), an image inside a text PDF,
text drawn as outlines, annotation and form appearances, a font whose
extracted text lies about what it draws, and a 4-page scan spread over two
worker processes. All personal strings are invented."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
import unittest

import harness
import ocr_fixtures as ox
from harness import describe, redactfs

BASE: str | None = None
SRC: str | None = None
ENV: dict | None = None
BOXES: dict[str, dict] = {}


def setUpModule():
    global BASE, SRC, ENV
    harness.require_binary()
    BASE = tempfile.mkdtemp(prefix="redactfs-ocr-")
    SRC = os.path.join(BASE, "src")
    os.makedirs(SRC)
    ENV = harness.make_env(os.path.join(BASE, "home"))
    p = lambda n: os.path.join(SRC, n)
    BOXES["scan.pdf"] = ox.make_scan(p("scan.pdf"))
    BOXES["scan90.pdf"] = ox.make_scan(p("scan90.pdf"), turns=1)
    BOXES["scan180.pdf"] = ox.make_scan(p("scan180.pdf"), turns=2)
    BOXES["skewed.pdf"] = ox.make_scan(p("skewed.pdf"), skew_deg=1.5, noise=4000, dpi=200)
    BOXES["image.pdf"] = ox.make_text_with_image(p("image.pdf"))
    BOXES["image90.pdf"] = ox.make_text_with_image(p("image90.pdf"), turns=1)
    BOXES["image270.pdf"] = ox.make_text_with_image(p("image270.pdf"), turns=3)
    BOXES["outlines.pdf"] = ox.make_outlines(p("outlines.pdf"))
    BOXES["annotated.pdf"] = ox.make_annotated(p("annotated.pdf"))
    BOXES["scan4.pdf"] = ox.make_scans(p("scan4.pdf"), 4)
    for i in range(3):
        shutil.copy(p("scan4.pdf"), p(f"copy{i}.pdf"))
    BOXES["foto.png"] = ox.make_photo_png(p("foto.png"), turns=3)
    ox.make_photo_png(p("bild.jpg"))  # PNG bytes under a .jpg name
    ox.make_lying_font(p("lie.pdf"))
    ox.make_lying_font(p("lie-same-name.pdf"), base_font="Helvetica")
    ox.make_honest_fonts(p("honest.pdf"))
    ox.make_honest_turned(p("honest-turned.pdf"))


def tearDownModule():
    if BASE:
        for _, mnt, _, _ in harness.mount_entries():
            if mnt.startswith(BASE):
                harness.run(["fusermount3", "-uz", mnt], timeout=30)
        shutil.rmtree(BASE, ignore_errors=True)


def redacted_name(rel: str) -> str:
    return rel[:-4] + ".redacted.pdf"


def save(data: bytes, name: str) -> str:
    d = tempfile.mkdtemp(dir=BASE)
    path = os.path.join(d, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def check_covered(tc: unittest.TestCase, out_path: str, boxes: dict, label: str, page: int = 1,
                  control: bool = True):
    """Every personal string's box is dark in the output; the control word is not."""
    img = harness.render_gray(out_path, page, 150)
    for text, box in boxes.items():
        if text == ox.CONTROL:
            continue
        frac = img.dark_fraction(box, 150)
        tc.assertGreaterEqual(frac, 0.95, f"{label} p{page}: a personal string is only {frac:.0%} dark "
                                          f"(box {tuple(round(v, 1) for v in box)} pt)")
    if control and ox.CONTROL in boxes:
        frac = img.dark_fraction(boxes[ox.CONTROL], 150)
        tc.assertLess(frac, 0.5, f"{label} p{page}: the control word is {frac:.0%} dark "
                                 "(over-redaction or misplaced boxes)")


def ink_box(img, box, dpi: int = 150, threshold: int = 128):
    """The bounding box (points) of the dark pixels of img inside box."""
    x0, y0, x1, y1 = img.region(box, dpi)
    xs, ys = [], []
    for y in range(y0, y1):
        for x in range(x0, x1):
            if img.data[y * img.width + x] < threshold:
                xs.append(x)
                ys.append(y)
    assert xs, f"fixture: no ink in {box}"
    s = 72 / dpi
    return (min(xs) * s, min(ys) * s, (max(xs) + 1) * s, (max(ys) + 1) * s)


class MountedOCR(unittest.TestCase):
    """One mount (two worker slots) for every single-page case."""

    @classmethod
    def setUpClass(cls):
        cls.mount = harness.Mount(SRC, tempfile.mkdtemp(dir=BASE), ENV, args=("--jobs", "2")).start()
        cls.outputs: dict[str, bytes] = {}

    @classmethod
    def tearDownClass(cls):
        cls.mount.stop()

    def output(self, rel: str) -> str:
        if rel not in self.outputs:
            try:
                self.outputs[rel] = harness.read_file(self.mount.path(redacted_name(rel)))
            except OSError as e:
                self.fail(f"reading {rel} through the mount failed: {e}\n{self.mount.log()[-2000:]}")
        return save(self.outputs[rel], redacted_name(rel))

    def test_scan_is_redacted_and_pixels_only(self):
        out = self.output("scan.pdf")
        harness.check_redacted_output(self, os.path.join(SRC, "scan.pdf"), self.outputs["scan.pdf"],
                                      [ox.IBAN, ox.EMAIL, ox.IBAN.replace(" ", "")])
        check_covered(self, out, BOXES["scan.pdf"], "scan")

    def test_scan_turned_90(self):
        check_covered(self, self.output("scan90.pdf"), BOXES["scan90.pdf"], "scan turned 90")

    def test_scan_turned_180(self):
        check_covered(self, self.output("scan180.pdf"), BOXES["scan180.pdf"], "scan turned 180")

    def test_scan_skewed_with_noise(self):
        check_covered(self, self.output("skewed.pdf"), BOXES["skewed.pdf"], "skewed noisy scan")

    def test_image_in_text_pdf(self):
        out = self.output("image.pdf")
        check_covered(self, out, BOXES["image.pdf"], "image in a text PDF", control=False)
        # The text layer around the image is still there to read, unburned.
        words = harness.page_words(os.path.join(SRC, "image.pdf"), 1)
        box = harness.phrase_box(words, f"{ox.CONTROL} mit beigelegter Karte")
        self.assertIsNotNone(box)
        self.assertLess(harness.render_gray(out, 1).dark_fraction(box), 0.5, "text-layer line burned")

    def test_image_on_turned_pages(self):
        for rel in ("image90.pdf", "image270.pdf"):
            with self.subTest(rel=rel):
                check_covered(self, self.output(rel), BOXES[rel], rel, control=False)

    def test_images_in_the_mount(self):
        names = os.listdir(self.mount.path())
        self.assertIn("foto.redacted.png", names)
        self.assertIn("bild.redacted.jpg", names)
        out = os.path.join(tempfile.mkdtemp(dir=BASE), "foto.redacted.png")
        shutil.copyfile(self.mount.path("foto.redacted.png"), out)
        ImageSources.check_png(self, out, BOXES["foto.png"], "png in the mount")
        with open(self.mount.path("bild.redacted.jpg"), "rb") as f:
            self.assertTrue(f.read(3) == b"\xff\xd8\xff", "a .jpg output must be a JPEG")

    def test_text_drawn_as_outlines(self):
        out = self.output("outlines.pdf")
        self.assertNotIn(ox.IBAN.split()[1], harness.run(["pdftotext", os.path.join(SRC, "outlines.pdf"), "-"])
                         .stdout.decode(), "fixture: the outlined lines must not be in the text layer")
        check_covered(self, out, BOXES["outlines.pdf"], "text as outlines", control=False)

    def test_annotation_and_form_appearances(self):
        # The appearances are drawn in the output (a reader sees them) and
        # every ink pixel of their personal data is burned.
        src = harness.render_gray(os.path.join(SRC, "annotated.pdf"), 1, 150)
        out = harness.render_gray(self.output("annotated.pdf"), 1, 150)
        for text, rect in BOXES["annotated.pdf"].items():
            # 2 pt in from the rectangle: its border is drawn, not text.
            x0, y0, x1, y1 = src.region((rect[0] + 2, rect[1] + 2, rect[2] - 2, rect[3] - 2), 150)
            ink = burned = 0
            for y in range(y0, y1):
                for x in range(x0, x1):
                    if src.data[y * src.width + x] < 100:
                        ink += 1
                        burned += out.data[y * out.width + x] < 64
            self.assertGreater(ink, 100, "fixture: poppler should draw the appearance")
            self.assertGreaterEqual(burned / ink, 0.98, f"annotation/form text: only {burned}/{ink} "
                                                        "of its ink pixels are burned")


    def test_font_whose_text_lies_is_read_by_ocr(self):
        # The fixture: the text layer says the innocent lines, the page
        # shows the IBAN and the e-mail (both checked with poppler's tools).
        src = os.path.join(SRC, "lie.pdf")
        layer = harness.run(["pdftotext", src, "-"]).stdout.decode()
        self.assertIn(ox.LIE_IBAN, layer)
        self.assertNotIn(ox.IBAN.split()[1], layer)
        self.assertNotIn("@", layer)
        words = harness.page_words(src, 1)
        boxes = {ox.IBAN: harness.phrase_box(words, ox.LIE_IBAN), ox.EMAIL: harness.phrase_box(words, ox.LIE_EMAIL),
                 ox.CONTROL: harness.phrase_box(words, ox.CONTROL)}
        self.assertTrue(all(boxes.values()), f"fixture: words not found in {words}")
        # The text layer's boxes span the font's ascent and descent; the
        # check is on the ink the reader sees.
        drawn = harness.render_gray(src, 1, 150)
        for text in (ox.IBAN, ox.EMAIL):
            boxes[text] = ink_box(drawn, boxes[text])
        check_covered(self, self.output("lie.pdf"), boxes, "font with a lying ToUnicode map")


class CommandLineOCR(unittest.TestCase):
    def test_scan_finds_what_a_lying_font_draws(self):
        for rel in ("lie.pdf", "lie-same-name.pdf"):
            with self.subTest(rel=rel):
                r = redactfs("scan", os.path.join(SRC, rel), env=ENV)
                self.assertEqual(r.returncode, 0, describe(r))
                text = r.stdout.decode()
                self.assertIn("\tiban\t", text)
                self.assertIn("\temail\t", text)

    def test_lying_font_with_an_honest_fonts_name(self):
        # Both fonts are "Helvetica" of one size and colour: poppler tells
        # them apart only by starting a new run where one ends.
        src = os.path.join(SRC, "lie-same-name.pdf")
        self.assertEqual(harness.run(["pdffonts", src]).stdout.decode().count("Helvetica "), 2, "fixture")
        (layer, ocr), = ox.worker_pages(harness.binary(), src)
        self.assertIn(ox.LIE_IBAN, layer)
        self.assertIn(ox.IBAN, ocr)
        self.assertIn(ox.EMAIL, ocr)

    def test_honest_fonts_are_not_read_by_ocr(self):
        # The worker's OCR text (ink no trusted glyph explains) stays empty
        # for six honest fonts on two pages. The check can fail: the CANARY
        # letters read as other letters if their font is OCR'd.
        pages = ox.worker_pages(harness.binary(), os.path.join(SRC, "honest.pdf"))
        self.assertEqual(len(pages), 2)
        for i, (layer, ocr) in enumerate(pages, start=1):
            self.assertIn(ox.CANARY, layer, f"fixture: page {i} text layer")
            self.assertEqual(ocr, "", f"page {i}: honest fonts were OCR'd ({len(ocr)} scalars)")
        # Pages turned by /Rotate: their words are sampled turned upright.
        pages = ox.worker_pages(harness.binary(), os.path.join(SRC, "honest-turned.pdf"))
        self.assertEqual(len(pages), 3)
        for rotate, (layer, ocr) in zip((90, 180, 270), pages):
            self.assertIn(ox.CANARY, layer, f"fixture: /Rotate {rotate} text layer")
            self.assertEqual(ocr, "", f"/Rotate {rotate}: honest text was OCR'd")
        # The same channel shows what a lying font draws.
        (layer, ocr), = ox.worker_pages(harness.binary(), os.path.join(SRC, "lie.pdf"))
        self.assertIn(ox.IBAN, ocr)
        self.assertIn(ox.EMAIL, ocr)
        # And the honest document's personal data is still found (text layer).
        r = redactfs("scan", os.path.join(SRC, "honest.pdf"), env=ENV)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stdout.decode().count("\tiban\t"), 2, r.stdout.decode())
        self.assertEqual(r.stdout.decode().count("\temail\t"), 2)


    def test_redact_cli_matches_scan(self):
        out = os.path.join(tempfile.mkdtemp(dir=BASE), "o.pdf")
        r = redactfs("redact", os.path.join(SRC, "scan90.pdf"), "-o", out, env=ENV)
        self.assertEqual(r.returncode, 0, describe(r))
        check_covered(self, out, BOXES["scan90.pdf"], "redact scan90")

    def test_scan_lists_ocr_detections(self):
        r = redactfs("scan", os.path.join(SRC, "scan180.pdf"), env=ENV)
        self.assertEqual(r.returncode, 0, describe(r))
        text = r.stdout.decode()
        self.assertIn("\tiban\t", text)
        self.assertIn("\temail\t", text)
        self.assertNotIn(ox.EMAIL, text, "scan printed personal data to a pipe")

    def test_missing_language_names_the_package(self):
        r = redactfs("redact", os.path.join(SRC, "scan.pdf"), "-o", os.path.join(BASE, "x.pdf"),
                     "--ocr-languages", "eng+zzq", env=ENV)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn(b"tesseract-ocr-zzq", r.stderr, describe(r))
        self.assertFalse(os.path.exists(os.path.join(BASE, "x.pdf")))


def workers_of(pid: int) -> int:
    """Running worker processes (`redactfs __worker`) whose parent is pid.
    A worker the pool paused (SIGSTOP, state T) for another document's open
    runs no more than a waiting one: not counted (see WorkerPool). Nor is a
    spare that has no document yet (its fd 0 is an empty memory file; see
    SpareWorkers)."""
    n = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            state, ppid = fields[0], int(fields[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid and len(cmd) > 1 and cmd[1] == b"__worker" and state not in (b"T", b"t"):
            if b"--spare" in cmd:
                try:
                    if os.stat(f"/proc/{name}/fd/0").st_size == 0:
                        continue
                except OSError:
                    continue
            n += 1
    return n


class FanOut(unittest.TestCase):
    def sample_while(self, mount: harness.Mount, readers: list[str]) -> tuple[int, list]:
        results: list = [None] * len(readers)

        def read(i, rel):
            try:
                results[i] = harness.read_file(mount.path(redacted_name(rel)))
            except OSError as e:
                results[i] = e

        threads = [threading.Thread(target=read, args=(i, r)) for i, r in enumerate(readers)]
        for t in threads:
            t.start()
        peak = 0
        while any(t.is_alive() for t in threads):
            peak = max(peak, workers_of(mount.proc.pid))
            time.sleep(0.02)
        for t in threads:
            t.join()
        return peak, results

    def test_four_page_scan_uses_two_workers(self):
        with harness.Mount(SRC, tempfile.mkdtemp(dir=BASE), ENV, args=("--jobs", "2")) as m:
            peak, (data,) = self.sample_while(m, ["scan4.pdf"])
            log = m.log()
        self.assertIsInstance(data, bytes, f"{data}\n{log[-2000:]}")
        self.assertEqual(peak, 2, "a 4-page scan with --jobs 2 should run two workers at once")
        out = save(data, "scan4.redacted.pdf")
        for page, boxes in enumerate(BOXES["scan4.pdf"], start=1):
            check_covered(self, out, boxes, "4-page scan", page=page)

    def test_slots_are_shared_between_documents(self):
        # Three 4-page scans read at once with two slots: never more than
        # two workers, whatever the number of documents.
        with harness.Mount(SRC, tempfile.mkdtemp(dir=BASE), ENV, args=("-o", "jobs=2")) as m:
            peak, results = self.sample_while(m, ["copy0.pdf", "copy1.pdf", "copy2.pdf"])
        for r in results:
            self.assertIsInstance(r, bytes, str(r))
        self.assertLessEqual(peak, 2, "more workers than slots ran at once")
        self.assertEqual(peak, 2)
        self.assertEqual(len({bytes(r) for r in results}), 1, "same source, different outputs")


if __name__ == "__main__":
    unittest.main()


class ImageSources(unittest.TestCase):
    """Image files through `redactfs redact`: decoded and OCR'd in a worker,
    burned and re-encoded from pixels as the type their name maps to."""

    def redact(self, src: str, out_name: str) -> str:
        out = os.path.join(tempfile.mkdtemp(dir=BASE), out_name)
        r = redactfs("redact", src, "-o", out, env=ENV)
        self.assertEqual(r.returncode, 0, describe(r))
        return out

    def check_png(self, out: str, boxes: dict, label: str):
        with open(out, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", f"{label}: not a PNG")
        for text, box in boxes.items():
            frac = ox.png_dark_fraction(out, box)
            if text == ox.CONTROL:
                self.assertLess(frac, 0.5, f"{label}: control word {frac:.0%} dark")
            else:
                self.assertGreaterEqual(frac, 0.95, f"{label}: a personal string is only {frac:.0%} dark")

    def test_png_photo(self):
        src = os.path.join(BASE, "photo.png")
        boxes = ox.make_photo_png(src)
        self.check_png(self.redact(src, "photo.redacted.png"), boxes, "png")

    def test_png_photo_sideways(self):
        src = os.path.join(BASE, "sideways.png")
        boxes = ox.make_photo_png(src, turns=1)
        self.check_png(self.redact(src, "sideways.redacted.png"), boxes, "sideways png")

    def test_name_decides_the_output_type(self):
        # PNG bytes under a .jpg name: shown (and written) as a JPEG.
        src = os.path.join(BASE, "misnamed.jpg")
        ox.make_photo_png(src)
        out = self.redact(src, "misnamed.redacted.jpg")
        with open(out, "rb") as f:
            data = f.read()
        self.assertTrue(data.startswith(b"\xff\xd8"), "not a JPEG")
        self.assertNotIn(b"Exif", data)

    def test_scan_reads_images(self):
        src = os.path.join(BASE, "scanme.png")
        ox.make_photo_png(src)
        r = redactfs("scan", src, env=ENV)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertIn("\tiban\t", r.stdout.decode())
        self.assertIn("\temail\t", r.stdout.decode())

    def test_multi_page_tiff_becomes_a_pdf(self):
        a, b = os.path.join(BASE, "t1.png"), os.path.join(BASE, "t2.png")
        boxes = [ox.make_photo_png(a), ox.make_photo_png(b, turns=2)]
        src = os.path.join(BASE, "akte.tif")
        ox.write_tiff(src, [ox.png_rgb(a), ox.png_rgb(b)])
        out = self.redact(src, "akte.redacted.pdf")
        self.assertEqual(len(harness.pdf_pages(out)), 2)
        # No resolution in the file: pages are laid out at 150 dpi.
        pt = 72 / 150
        for page, bx in enumerate(boxes, start=1):
            check_covered(self, out, {t: tuple(v * pt for v in box) for t, box in bx.items()},
                          "tiff", page=page)
