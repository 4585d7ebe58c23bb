"""The command line without FUSE: --help, --version, usage errors, redact, scan."""

from __future__ import annotations

import hashlib
import json
import os
import pty
import re
import shutil
import subprocess
import unittest

import harness
from harness import EX_USAGE, describe, redactfs

WS: harness.Workspace | None = None


def setUpModule():
    global WS
    harness.require_binary()
    WS = harness.Workspace("redactfs-cli-")


def tearDownModule():
    if WS:
        WS.cleanup()


def redact_to_bytes(rel: str, *extra: str) -> tuple[bytes | None, object]:
    out = os.path.join(WS.tempdir("redact"), "out.pdf")
    r = redactfs("redact", WS.fixtures.path(rel), "-o", out, *extra, env=WS.env)
    data = harness.read_file(out) if os.path.exists(out) else None
    return data, r


_CACHE: dict[str, bytes] = {}


def redacted(tc: unittest.TestCase, rel: str) -> bytes:
    """`redactfs redact` output of a fixture (cached per module)."""
    if rel not in _CACHE:
        data, r = redact_to_bytes(rel)
        tc.assertEqual(r.returncode, 0, describe(r))
        tc.assertIsNotNone(data, f"redact exited 0 but wrote no output\n{describe(r)}")
        _CACHE[rel] = data
    return _CACHE[rel]


CATEGORY_PATTERNS = {
    "email": r"e-?mail",
    "url": r"\burl\b|\buri\b|\blink\b|\bweb",
    "ipv4": r"ipv4|ip-?v4|\bip\b|ip.?addr",
    "ipv6": r"ipv6|ip-?v6|\bip\b|ip.?addr",
    "iban": r"iban",
    "card": r"card|credit|payment|luhn|\bpan\b",
    "phone": r"phone|tel",
}


class TestUsage(unittest.TestCase):
    def test_help(self):
        r = redactfs("--help", env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        text = (r.stdout + r.stderr).decode(errors="replace").lower()
        for word in ("mount", "redact", "scan"):
            self.assertIn(word, text, f"--help does not mention {word}")

    def test_version(self):
        r = redactfs("--version", env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertRegex((r.stdout + r.stderr).decode(errors="replace"), r"\d+\.\d+")

    def test_usage_errors_exit_64(self):
        cases = [
            [],
            ["no-such-subcommand"],
            ["mount"],
            ["mount", WS.fixtures.root],
            ["mount", WS.fixtures.root, WS.tempdir("m"), "--no-such-option"],
            ["mount", WS.fixtures.root, WS.tempdir("m"), "--dpi", "many"],
            ["redact"],  # no input
            ["redact", WS.fixtures.path("letter.pdf"), "-o"],
            # -o takes one input; several are written beside themselves
            ["redact", WS.fixtures.path("letter.pdf"), WS.fixtures.path("zehn.pdf"), "-o",
             os.path.join(WS.tempdir("r"), "o.pdf")],
            ["redact", "-"],  # standard input needs -o
            ["redact", "-", "-", "-o", os.path.join(WS.tempdir("r"), "o.pdf")],
            ["redact", "-q", "-v", WS.fixtures.path("letter.pdf"), "-o", os.path.join(WS.tempdir("r"), "o.pdf")],
            ["redact", "--output=", WS.fixtures.path("letter.pdf")],
            ["scan", "--json", "--show-text", WS.fixtures.path("letter.pdf")],
            ["scan", "--json", "--show-layout", WS.fixtures.path("letter.pdf")],
            ["redact", WS.fixtures.path("letter.pdf"), "-o", os.path.join(WS.tempdir("r"), "o.pdf"),
             "--dpi", "-3"],
            ["scan"],
        ]
        for args in cases:
            with self.subTest(args=args):
                r = redactfs(*args, env=WS.env, timeout=30)
                self.assertEqual(r.returncode, EX_USAGE, describe(r))
                self.assertTrue(r.stderr.strip(), "a usage error should say something on stderr")
                self.assertNotIn(b"Fatal error", r.stderr, "usage error crashed")


class TestRedact(unittest.TestCase):
    def test_letter_output_checks(self):
        out = redacted(self, "letter.pdf")
        harness.check_redacted_output(self, WS.fixtures.path("letter.pdf"), out,
                                      WS.fixtures.all_forms(), "redact letter.pdf")

    def test_letter_secrets_burned_and_controls_readable(self):
        check_pixels(self, "letter.pdf", redacted(self, "letter.pdf"))

    def test_geometry_rotation_and_cropbox(self):
        rel = "geometrie.pdf"
        out = redacted(self, rel)
        harness.check_redacted_output(self, WS.fixtures.path(rel), out,
                                      WS.fixtures.all_forms(), "redact " + rel)
        check_pixels(self, rel, out)

    def test_qpdf_rotated(self):
        rel = "gedreht.pdf"
        out = redacted(self, rel)
        harness.check_redacted_output(self, WS.fixtures.path(rel), out,
                                      WS.fixtures.all_forms(), "redact " + rel)
        check_pixels(self, rel, out)

    def test_hostile_structure(self):
        for rel in sorted(r for r in WS.fixtures.served if r.startswith("hostile/")):
            with self.subTest(rel=rel):
                out = redacted(self, rel)
                harness.check_redacted_output(self, WS.fixtures.path(rel), out,
                                              WS.fixtures.all_forms(), "redact " + rel)

    def test_owner_password_pdf(self):
        rel = "eigentuemer.pdf"
        out = redacted(self, rel)
        harness.check_redacted_output(self, WS.fixtures.path(rel), out,
                                      WS.fixtures.all_forms(), "redact " + rel)
        check_pixels(self, rel, out)
        with open(os.path.join(WS.tempdir("enc"), "o.pdf"), "wb") as f:
            f.write(out)
        r = harness.run(["qpdf", "--show-encryption", f.name])
        self.assertIn(b"not encrypted", r.stdout, "output should not be encrypted")

    def test_deterministic(self):
        a, r1 = redact_to_bytes("letter.pdf")
        b, r2 = redact_to_bytes("letter.pdf")
        self.assertEqual(r1.returncode, 0, describe(r1))
        self.assertEqual(r2.returncode, 0, describe(r2))
        self.assertEqual(hashlib.sha256(a).hexdigest(), hashlib.sha256(b).hexdigest(),
                         "two redact runs of letter.pdf differ")

    def test_dpi_option(self):
        out, r = redact_to_bytes("sub/tiefer/innen.pdf", "--dpi", "72")
        self.assertEqual(r.returncode, 0, describe(r))
        harness.check_redacted_output(self, WS.fixtures.path("sub/tiefer/innen.pdf"), out,
                                      WS.fixtures.all_forms(), "redact --dpi 72")
        path = os.path.join(WS.tempdir("dpi"), "o.pdf")
        with open(path, "wb") as f:
            f.write(out)
        r = harness.run(["pdfimages", "-list", path])
        rows = [l.split() for l in r.stdout.decode().splitlines()[2:] if l.strip()]
        self.assertTrue(rows, f"pdfimages found no image\n{describe(r)}")
        width = int(rows[0][3])
        # A4 is 595.28 pt wide: 595.28 px at 72 dpi, rounded either way
        self.assertIn(width, (595, 596), f"image width {width} px at --dpi 72")

    def test_damaged_fails_without_output(self):
        for rel in ("kaputt.pdf", "abgeschnitten.pdf", "notiz.pdf"):
            with self.subTest(rel=rel):
                out = os.path.join(WS.tempdir("bad"), "out.pdf")
                r = redactfs("redact", WS.fixtures.path(rel), "-o", out, env=WS.env)
                self.assertNotEqual(r.returncode, 0, describe(r))
                self.assertNotEqual(r.returncode, EX_USAGE, "a damaged input is not a usage error")
                self.assertFalse(os.path.exists(out), "a failed redact left an output file")
                self.assertEqual([n for n in os.listdir(os.path.dirname(out))], [],
                                 "a failed redact left a temp file behind")
                self.assertNotIn(b"Fatal error", r.stderr)

    def test_user_password_fails_and_says_so(self):
        out = os.path.join(WS.tempdir("pw"), "out.pdf")
        r = redactfs("redact", WS.fixtures.path("passwort.pdf"), "-o", out, env=WS.env)
        self.assertNotEqual(r.returncode, 0, describe(r))
        self.assertFalse(os.path.exists(out))
        self.assertRegex(r.stderr.decode(errors="replace").lower(), r"password|passwort",
                         "the error should say that a password is needed")

    def test_stderr_has_no_personal_data(self):
        for rel in ("letter.pdf", "hostile/info.pdf", "passwort.pdf", "kaputt.pdf"):
            out = os.path.join(WS.tempdir("err"), "out.pdf")
            r = redactfs("redact", WS.fixtures.path(rel), "-o", out, env=WS.env)
            text = (r.stdout + r.stderr).decode(errors="replace")
            for s in WS.fixtures.all_forms():
                self.assertNotIn(s, text, f"redact {rel} printed a personal string")


def run_on_tty(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess:
    """Run with stdout on a pseudo-terminal (for output meant only for a terminal)."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(args, stdout=slave, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, env=WS.env)
        os.close(slave)
        slave = -1
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO once the child has closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        rc = proc.wait(timeout=timeout)
        err = proc.stderr.read()
        proc.stderr.close()
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
    out = b"".join(chunks).replace(b"\r\n", b"\n")
    return subprocess.CompletedProcess(args, rc, out, err)


def check_pixels(tc: unittest.TestCase, rel: str, out: bytes, label: str = ""):
    harness.check_pixels(tc, WS.fixtures, rel, out, WS.tempdir("px"), label)


class TestScan(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.plain = redactfs("scan", WS.fixtures.path("letter.pdf"), env=WS.env)
        cls.shown = run_on_tty([harness.binary(), "scan", "--show-text", WS.fixtures.path("letter.pdf")])
        cls.piped = redactfs("scan", "--show-text", WS.fixtures.path("letter.pdf"), env=WS.env)

    def lines(self, r):
        return [l for l in r.stdout.decode(errors="replace").splitlines() if l.strip()]

    def test_scan_lists_categories(self):
        self.assertEqual(self.plain.returncode, 0, describe(self.plain))
        text = self.plain.stdout.decode(errors="replace").lower()
        for cat, pattern in CATEGORY_PATTERNS.items():
            self.assertRegex(text, pattern, f"scan output has no {cat} detection")
        lines = [l for l in self.lines(self.plain) if re.match(r"\s*\d+\s", l)]
        self.assertGreaterEqual(len(lines), 7, "expected one line per detection (7):\n"
                                + self.plain.stdout.decode(errors="replace"))

    def test_scan_pages(self):
        # categories on page 1 vs 2 (see fixtures.LETTER_ITEMS)
        text = self.plain.stdout.decode(errors="replace").lower()
        for cat, page in (("email", 1), ("iban", 2)):
            line = next((l for l in text.splitlines() if re.search(CATEGORY_PATTERNS[cat], l)), "")
            self.assertRegex(line, rf"(page\D{{0,3}}|^\s*|\bp\.?\s*){page}\b",
                             f"the {cat} line should name page {page}: {line!r}")

    def test_scan_hides_text_by_default(self):
        out = (self.plain.stdout + self.plain.stderr).decode(errors="replace")
        for s in WS.fixtures.secrets_in("letter.pdf"):
            for form in s.forms:
                self.assertNotIn(form, out, f"scan printed {s.category} text without --show-text")

    def test_scan_show_text_refuses_pipe(self):
        # --show-text prints only to a terminal (so the text does not end up in files)
        out = (self.piped.stdout + self.piped.stderr).decode(errors="replace")
        for s in WS.fixtures.secrets_in("letter.pdf"):
            for form in s.forms:
                self.assertNotIn(form, out, "--show-text printed personal data into a pipe")
        self.assertNotEqual(self.piped.returncode, 0)

    def test_scan_show_text(self):
        self.assertEqual(self.shown.returncode, 0, describe(self.shown))
        out = self.shown.stdout.decode(errors="replace")
        for s in WS.fixtures.secrets_in("letter.pdf"):
            self.assertTrue(any(f in out for f in s.forms) or s.text.replace(" ", "") in out,
                            f"scan --show-text does not show the {s.category} string")

    def test_scan_later_page(self):
        r = redactfs("scan", WS.fixtures.path("zehn.pdf"), env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        text = r.stdout.decode(errors="replace").lower()
        self.assertRegex(text, r"e-?mail")
        self.assertRegex(text, r"\b7\b", "the email on page 7 should be reported on page 7")


# --------------------------------------------------------------------------
# redact as OCRmyPDF and Dangerzone behave (issue 14): several inputs,
# default names, standard input and output, refusals, progress, EPIPE.

EX_DATAERR = 65

# Invented personal data planted in the images made below.
IMAGE_SECRETS = ["anna.bildlich@example.org", "+49 30 7781234"]


def sha256_file(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def draw_note_png(path: str):
    """A screenshot-like note: what cairo (a desktop) writes as PNG."""
    import cairo

    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 1240, 620)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.set_source_rgb(0, 0, 0)
    ctx.select_font_face("DejaVu Sans")
    ctx.set_font_size(34)
    for y, line in ((110, "Notiz zum Termin am Montag"), (210, f"Kontakt: {IMAGE_SECRETS[0]}"),
                    (310, f"Telefon: {IMAGE_SECRETS[1]}"), (410, "Bitte vorher anrufen.")):
        ctx.move_to(60, y)
        ctx.show_text(line)
    surface.write_to_png(path)


def make_images(folder: str) -> dict[str, str]:
    """The note as a camera (JPEG), a desktop (PNG, BMP) and a scanner (TIFF
    of one and of two pages) write it. Returns name -> path."""
    from PIL import Image

    png = os.path.join(folder, "notiz.png")
    draw_note_png(png)
    img = Image.open(png).convert("RGB")
    paths = {"notiz.png": png}
    for name, kw in (("foto.jpg", {"quality": 90}), ("bild.bmp", {}), ("seite.tif", {"compression": "tiff_lzw"})):
        paths[name] = os.path.join(folder, name)
        img.save(paths[name], **kw)
    paths["mappe.tiff"] = os.path.join(folder, "mappe.tiff")
    img.save(paths["mappe.tiff"], save_all=True, append_images=[img.copy()], compression="tiff_lzw")
    return paths


def kind_of(data: bytes) -> str:
    if data.startswith(b"%PDF-"):
        return "pdf"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    return "unknown"


def error_lines(stderr: bytes) -> list[str]:
    return [l for l in stderr.decode(errors="replace").splitlines() if l.startswith("Error:")]


def run_with_stderr_on_tty(args: list[str], stdin=subprocess.DEVNULL, timeout: float = 180
                           ) -> subprocess.CompletedProcess:
    """Run with standard error on a pseudo-terminal (stdout to a file);
    returns what the terminal got as stderr, raw (\\r and escapes kept)."""
    master, slave = pty.openpty()
    outdir = WS.tempdir("ttyout")
    try:
        with open(os.path.join(outdir, "stdout"), "wb+") as out:
            proc = subprocess.Popen(args, stdout=out, stderr=slave, stdin=stdin, env=WS.env)
            os.close(slave)
            slave = -1
            chunks = []
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # EIO once the child has closed the terminal
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            rc = proc.wait(timeout=timeout)
            out.seek(0)
            stdout = out.read()
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
    return subprocess.CompletedProcess(args, rc, stdout, b"".join(chunks))


def copy_fixture(rel: str, folder: str, name: str | None = None) -> str:
    dst = os.path.join(folder, name or os.path.basename(rel))
    shutil.copyfile(WS.fixtures.path(rel), dst)
    return dst


class TestRedactBatch(unittest.TestCase):
    def test_batch_one_bad_input_in_three(self):
        d = WS.tempdir("batch")
        good_pdf = copy_fixture("letter.pdf", d)
        bad = copy_fixture("kaputt.pdf", d)
        png = make_images(d)["notiz.png"]
        before = sorted(os.listdir(d))
        r = redactfs("redact", good_pdf, bad, png, env=WS.env)
        # the bad one is in the middle: the last input is still written
        self.assertEqual(r.returncode, EX_DATAERR, "the batch exits with its (first) failure's status\n"
                         + describe(r))
        errors = error_lines(r.stderr)
        self.assertEqual(len(errors), 1, f"one error line per failed input\n{describe(r)}")
        self.assertTrue(errors[0].startswith(f"Error: {bad}: "), errors[0])
        self.assertEqual(r.stdout, b"", "redact prints nothing on stdout without -o -")
        made = sorted(set(os.listdir(d)) - set(before))
        self.assertEqual(made, ["letter.redacted.pdf", "notiz.redacted.png"],
                         "the good inputs are written beside themselves, the bad one leaves nothing")
        harness.check_redacted_output(self, good_pdf, harness.read_file(os.path.join(d, "letter.redacted.pdf")),
                                      WS.fixtures.all_forms(), "batch letter.pdf")
        self.assertEqual(kind_of(harness.read_file(os.path.join(d, "notiz.redacted.png"))), "png")

    def test_batch_missing_input_is_66_and_others_written(self):
        d = WS.tempdir("batch")
        good = copy_fixture("sub/tiefer/innen.pdf", d)
        r = redactfs("redact", os.path.join(d, "fehlt.pdf"), good, env=WS.env)
        self.assertEqual(r.returncode, 66, describe(r))
        self.assertEqual(len(error_lines(r.stderr)), 1, describe(r))
        self.assertTrue(os.path.exists(os.path.join(d, "innen.redacted.pdf")))

    def test_default_output_names_beside_inputs(self):
        d = WS.tempdir("names")
        images = make_images(d)
        sub = os.path.join(d, "unter")
        os.makedirs(sub)
        inputs = [copy_fixture("letter.pdf", d), copy_fixture("GROSS.PDF", sub), *images.values()]
        expected = {
            "letter.redacted.pdf": "pdf",
            "unter/GROSS.redacted.pdf": "pdf",
            "notiz.redacted.png": "png",
            "foto.redacted.jpg": "jpeg",
            "bild.redacted.png": "png",
            "seite.redacted.png": "png",     # a TIFF of one page: one PNG
            "mappe.redacted.pdf": "pdf",     # a TIFF of two pages: a PDF
        }
        r = redactfs("redact", *inputs, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stderr, b"", "nothing on stderr when it is not a terminal")
        for rel, kind in expected.items():
            with self.subTest(output=rel):
                path = os.path.join(d, rel)
                self.assertTrue(os.path.exists(path), f"{rel} not written\n{sorted(os.listdir(d))}")
                self.assertEqual(kind_of(harness.read_file(path)), kind)
        # relative paths: beside the input, not in the working directory
        r = harness.run([harness.binary(), "redact", "unter/GROSS.PDF"], cwd=d, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertFalse(os.path.exists(os.path.join(d, "GROSS.redacted.pdf")))
        pages = harness.pdf_pages(os.path.join(d, "mappe.redacted.pdf"))
        self.assertEqual(len(pages), 2, "each TIFF page is a PDF page")

    def test_default_name_without_terms(self):
        # the mount takes always-redact terms out of names; so does the default output name
        env = harness.make_env(WS.tempdir("termhome"))
        r = harness.run([harness.binary(), "init"], env=env, stdin=subprocess.DEVNULL)
        self.assertEqual(r.returncode, 0, describe(r))
        r = harness.run([harness.binary(), "terms", "add"], input=b"Kesselring\n", env=env)
        self.assertEqual(r.returncode, 0, describe(r))
        d = WS.tempdir("termnames")
        src = copy_fixture("letter.pdf", d, "Brief_Kesselring.pdf")
        r = harness.run([harness.binary(), "redact", src], env=env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(sorted(os.listdir(d)), ["Brief_Kesselring.pdf", "Brief_REDACTED.redacted.pdf"])
        self.assertNotIn(b"Kesselring", r.stderr)

    def test_stdin_input(self):
        d = WS.tempdir("stdin")
        out = os.path.join(d, "aus.pdf")
        with open(WS.fixtures.path("letter.pdf"), "rb") as f:
            data = f.read()
        # a pipe, not a file: nothing to stat, seek or reopen
        r = harness.run([harness.binary(), "redact", "-", "-o", out], input=data, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(harness.read_file(out), redacted(self, "letter.pdf"),
                         "standard input gives the same bytes as the file")
        # the type comes from the bytes
        images = make_images(d)
        with open(images["foto.jpg"], "rb") as f:
            jpeg = f.read()
        r = harness.run([harness.binary(), "redact", "-", "-o", os.path.join(d, "aus.jpeg")], input=jpeg, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(kind_of(harness.read_file(os.path.join(d, "aus.jpeg"))), "jpeg")
        r = harness.run([harness.binary(), "redact", "-", "-o", os.path.join(d, "falsch.pdf")], input=jpeg,
                        env=WS.env)
        self.assertEqual(r.returncode, EX_USAGE, describe(r))
        self.assertIn(".jpg", r.stderr.decode())
        # not a document
        r = harness.run([harness.binary(), "redact", "-", "-o", os.path.join(d, "nichts.pdf")],
                        input=b"Kontakt: klartext.stdin@example.org\n", env=WS.env)
        self.assertEqual(r.returncode, EX_DATAERR, describe(r))
        self.assertNotIn(b"klartext", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(d, "nichts.pdf")))
        # a plaintext spool never shows up as a file: only a memfd
        self.assertEqual(sorted(os.listdir(d)), sorted(["aus.pdf", "aus.jpeg", *images]))

    def test_stdin_over_the_size_limit(self):
        # an image may be no larger from standard input than as a file (256 MiB)
        out = os.path.join(WS.tempdir("big"), "gross.png")
        r = harness.run(["bash", "-c", "{ printf '\\x89PNG\\r\\n\\x1a\\n'; head -c 270000000 /dev/zero; } | "
                         f"'{harness.binary()}' redact - -o '{out}'"], env=WS.env)
        self.assertEqual(r.returncode, EX_DATAERR, describe(r))
        self.assertEqual(error_lines(r.stderr), ["Error: standard input: limit exceeded: "
                                                 "the image file is larger than 268435456 bytes"])
        self.assertFalse(os.path.exists(out))

    def test_stdout_output(self):
        r = redactfs("redact", WS.fixtures.path("letter.pdf"), "-o", "-", env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stdout, redacted(self, "letter.pdf"), "-o - writes the output to stdout")
        with open(WS.fixtures.path("letter.pdf"), "rb") as f:
            r = harness.run([harness.binary(), "redact", "-", "-o", "-"], stdin=f, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stdout, redacted(self, "letter.pdf"))

    def test_stdout_on_a_terminal_refused(self):
        r = run_on_tty([harness.binary(), "redact", WS.fixtures.path("letter.pdf"), "-o", "-"])
        self.assertEqual(r.returncode, EX_USAGE, describe(r))
        self.assertNotIn(b"%PDF", r.stdout)

    def test_output_equals_form(self):
        d = WS.tempdir("eq")
        for form in (["--output=" + os.path.join(d, "a.pdf")], ["--output", os.path.join(d, "b.pdf")]):
            with self.subTest(form=form):
                r = redactfs("redact", WS.fixtures.path("letter.pdf"), *form, env=WS.env)
                self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(harness.read_file(os.path.join(d, "a.pdf")), redacted(self, "letter.pdf"))
        self.assertEqual(harness.read_file(os.path.join(d, "b.pdf")), redacted(self, "letter.pdf"))

    def test_refuses_to_overwrite_the_input(self):
        d = WS.tempdir("same")
        src = copy_fixture("letter.pdf", d)
        os.link(src, os.path.join(d, "hardlink.pdf"))
        os.symlink(src, os.path.join(d, "symlink.pdf"))
        digest, mtime = sha256_file(src), os.stat(src).st_mtime_ns
        cases = [
            ["redact", src, "-o", src],
            ["redact", src, "--output=" + os.path.join(d, ".", "..", os.path.basename(d), "letter.pdf")],
            ["redact", src, "-o", os.path.join(d, "hardlink.pdf")],
            ["redact", src, "-o", os.path.join(d, "symlink.pdf")],
            ["redact", os.path.join(d, "symlink.pdf"), "-o", src],
        ]
        for args in cases:
            with self.subTest(args=args):
                r = redactfs(*args, env=WS.env)
                self.assertEqual(r.returncode, EX_USAGE, describe(r))
                lines = r.stderr.decode(errors="replace").splitlines()
                self.assertEqual(len(lines), 1, f"one line\n{describe(r)}")
                self.assertIn("overwrite", lines[0])
        # the input redirected into standard input is the same file too
        with open(src, "rb") as f:
            r = harness.run([harness.binary(), "redact", "-", "-o", src], stdin=f, env=WS.env)
        self.assertEqual(r.returncode, EX_USAGE, describe(r))
        self.assertEqual(sha256_file(src), digest, "the input changed")
        self.assertEqual(os.stat(src).st_mtime_ns, mtime, "the input was rewritten")
        self.assertTrue(os.path.islink(os.path.join(d, "symlink.pdf")))
        self.assertEqual(sorted(os.listdir(d)), ["hardlink.pdf", "letter.pdf", "symlink.pdf"],
                         "nothing was written, not even a temporary file")

    def test_batch_never_overwrites_another_input(self):
        # a.pdf's default output is the name of the second input
        d = WS.tempdir("other")
        a = copy_fixture("letter.pdf", d, "a.pdf")
        b = copy_fixture("sub/tiefer/innen.pdf", d, "a.redacted.pdf")
        digest = sha256_file(b)
        r = redactfs("redact", a, b, env=WS.env)
        self.assertEqual(r.returncode, EX_USAGE, describe(r))
        self.assertEqual(len(error_lines(r.stderr)), 1, describe(r))
        self.assertEqual(sha256_file(b), digest, "the second input was overwritten")
        self.assertTrue(os.path.exists(os.path.join(d, "a.redacted.redacted.pdf")), "the other input is written")

    def test_extension_mismatch_refused(self):
        d = WS.tempdir("ext")
        images = make_images(d)
        cases = [
            (WS.fixtures.path("letter.pdf"), "x.png", ".pdf"),
            (WS.fixtures.path("letter.pdf"), "x", ".pdf"),
            (images["notiz.png"], "x.pdf", ".png"),
            (images["foto.jpg"], "x.png", ".jpg"),
            (images["mappe.tiff"], "x.png", ".pdf"),
            (images["seite.tif"], "x.tif", ".png"),
        ]
        for src, out, wanted in cases:
            with self.subTest(src=os.path.basename(src), out=out):
                r = redactfs("redact", src, "-o", os.path.join(d, out), env=WS.env)
                self.assertEqual(r.returncode, EX_USAGE, describe(r))
                lines = r.stderr.decode(errors="replace").splitlines()
                self.assertEqual(len(lines), 1, describe(r))
                self.assertIn(wanted, lines[0], "the message names the expected extension")
                self.assertFalse(os.path.exists(os.path.join(d, out)))
        for src, out in ((images["foto.jpg"], "y.JPEG"), (images["bild.bmp"], "y.png"),
                         (WS.fixtures.path("GROSS.PDF"), "y.Pdf")):
            with self.subTest(src=os.path.basename(src), out=out):
                r = redactfs("redact", src, "-o", os.path.join(d, out), env=WS.env)
                self.assertEqual(r.returncode, 0, describe(r))

    def test_progress_and_summary_on_a_terminal(self):
        out = os.path.join(WS.tempdir("tty"), "zehn.out.pdf")
        r = run_with_stderr_on_tty([harness.binary(), "redact", WS.fixtures.path("zehn.pdf"), "-o", out])
        self.assertEqual(r.returncode, 0, describe(r))
        text = r.stderr.decode(errors="replace")
        self.assertIn("\r", text, "the progress line updates in place")
        self.assertIn("redacting zehn.pdf: page 10/10", text, "progress reaches the last page")
        lines = [l.split("\r")[-1].replace("\x1b[K", "") for l in text.replace("\r\n", "\n").split("\n")]
        lines = [l for l in lines if l.strip()]
        self.assertEqual(len(lines), 2, f"the progress line and the summary stay\n{text!r}")
        self.assertEqual(lines[0], "redacting zehn.pdf: page 10/10")
        size = os.path.getsize(out)
        m = re.fullmatch(r"zehn\.pdf: 10 pages, 1 detection \(email 1\), (\d+\.\d) s, "
                         r"([\d.]+) (B|KiB|MiB) written to (.*)", lines[1])
        self.assertIsNotNone(m, f"summary: {lines[1]!r}")
        self.assertEqual(m.group(4), out)
        factor = {"B": 1, "KiB": 1024, "MiB": 1024 * 1024}[m.group(3)]
        self.assertAlmostEqual(float(m.group(2)) * factor, size, delta=0.06 * factor,
                               msg="the summary names the output size")
        for s in WS.fixtures.all_forms():
            self.assertNotIn(s, text, "progress printed document text")

    def test_batch_summary_per_input_on_a_terminal(self):
        d = WS.tempdir("ttyb")
        inputs = [copy_fixture("letter.pdf", d), copy_fixture("kaputt.pdf", d), make_images(d)["foto.jpg"]]
        r = run_with_stderr_on_tty([harness.binary(), "redact", *inputs])
        self.assertEqual(r.returncode, EX_DATAERR, describe(r))
        text = r.stderr.decode(errors="replace")
        final = [l.split("\r")[-1].replace("\x1b[K", "") for l in text.replace("\r\n", "\n").split("\n")]
        summaries = [l for l in final if re.match(r"\S+: \d+ pages?, ", l)]
        self.assertEqual([l.split(":")[0] for l in summaries], ["letter.pdf", "foto.jpg"], text)
        self.assertRegex(summaries[0], r"^letter\.pdf: 2 pages, 8 detections \(card 1, email 1, iban 1, ip 2, "
                                       r"name 1, phone 1, url 1\), ")
        self.assertRegex(summaries[1], r"^foto\.jpg: 1 page, 2 detections \(email 1, phone 1\), ")
        self.assertEqual(len([l for l in final if l.startswith("Error: ")]), 1, text)
        for s in WS.fixtures.all_forms() + IMAGE_SECRETS:
            self.assertNotIn(s, text)

    def test_no_progress_when_stderr_is_a_pipe(self):
        out = os.path.join(WS.tempdir("pipe"), "o.pdf")
        r = redactfs("redact", WS.fixtures.path("zehn.pdf"), "-o", out, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stderr, b"", "neither progress nor summary into a pipe")

    def test_quiet_on_a_terminal(self):
        out = os.path.join(WS.tempdir("quiet"), "o.pdf")
        for flag in ("-q", "--quiet"):
            with self.subTest(flag=flag):
                r = run_with_stderr_on_tty([harness.binary(), "redact", flag, WS.fixtures.path("letter.pdf"),
                                            "-o", out])
                self.assertEqual(r.returncode, 0, describe(r))
                self.assertEqual(r.stderr, b"", "-q prints neither progress nor summary")
                self.assertTrue(os.path.exists(out))
        # errors are still said
        r = run_with_stderr_on_tty([harness.binary(), "redact", "-q", WS.fixtures.path("kaputt.pdf"), "-o",
                                    os.path.join(WS.tempdir("quiet"), "k.pdf")])
        self.assertEqual(r.returncode, EX_DATAERR)
        self.assertIn(b"Error: ", r.stderr)

    def test_verbose_page_lines(self):
        out = os.path.join(WS.tempdir("verbose"), "o.pdf")
        r = redactfs("redact", "-v", WS.fixtures.path("zehn.pdf"), "-o", out, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        lines = r.stderr.decode(errors="replace").splitlines()
        pages = [l for l in lines if re.fullmatch(r"  zehn\.pdf: page \d+/10 done, \d+\.\d s", l)]
        self.assertEqual([int(re.search(r"page (\d+)", l).group(1)) for l in pages], list(range(1, 11)),
                         "-v: one line per page, in order\n" + "\n".join(lines))
        self.assertRegex(lines[-2], r"^zehn\.pdf: 10 pages, 1 detection \(email 1\), ")
        # Then where the time went, by stage (never document text).
        self.assertRegex(lines[-1], r"^  zehn\.pdf: stages wall=\d+ms spawn=\d+ms .* encode=\d+ms$")
        self.assertNotIn("\r", r.stderr.decode(errors="replace"), "no updating line into a pipe")

    def test_closed_pipe_is_quiet(self):
        # redact x.pdf -o - | head -c1: the reader goes before the output is written
        proc = subprocess.Popen([harness.binary(), "redact", WS.fixtures.path("zehn.pdf"), "-o", "-"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=WS.env)
        first = proc.stdout.read(1)
        proc.stdout.close()
        err = proc.stderr.read()
        proc.stderr.close()
        rc = proc.wait(timeout=180)
        self.assertEqual(first, b"%")
        self.assertEqual(err, b"", "a closed pipe is not an error")
        self.assertEqual(rc, 0, "exit 0 when the reader stops reading (see the man page)")
        # and through a shell, as users write it
        r = harness.run(["bash", "-c", f"'{harness.binary()}' redact '{WS.fixtures.path('zehn.pdf')}' -o - "
                         "| head -c1 >/dev/null; echo ${PIPESTATUS[0]}"], env=WS.env)
        self.assertEqual(r.stderr, b"", describe(r))
        self.assertEqual(r.stdout, b"0\n", describe(r))

    def test_scan_json_closed_pipe_is_quiet(self):
        r = harness.run(["sh", "-c", f"'{harness.binary()}' scan --json '{WS.fixtures.path('letter.pdf')}' "
                         "| head -c1"], env=WS.env)
        self.assertEqual(r.stdout, b"{")
        self.assertEqual(r.stderr, b"", describe(r))


class TestScanJSON(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.r = redactfs("scan", "--json", WS.fixtures.path("letter.pdf"), env=WS.env)

    def test_parses_and_matches_the_table(self):
        self.assertEqual(self.r.returncode, 0, describe(self.r))
        doc = json.loads(self.r.stdout)
        self.assertEqual(doc["file"], WS.fixtures.path("letter.pdf"))
        self.assertEqual(doc["pages"], 2)
        cats = sorted(d["category"] for d in doc["detections"])
        self.assertEqual(cats, ["card", "email", "iban", "ip", "ip", "name", "phone", "url"])
        for det in doc["detections"]:
            self.assertEqual(set(det), {"page", "tier", "category", "kind", "reason", "confidence", "tokens",
                                        "boxes"})
            self.assertIn(det["page"], (1, 2))
            self.assertIn(det["tier"], ("identifiers", "financial", "contact", "other"))
            self.assertIn(det["reason"], ("checksum", "pattern", "context", "gazetteer", "term"))
            self.assertTrue(0 < det["confidence"] <= 1)
            self.assertTrue(det["boxes"] and all(len(b) == 4 and b[2] > 0 and b[3] > 0 for b in det["boxes"]))
        by_cat = {d["category"]: d for d in doc["detections"]}
        self.assertEqual(by_cat["email"]["page"], 1)
        self.assertEqual(by_cat["iban"]["page"], 2)
        self.assertEqual(by_cat["iban"]["reason"], "checksum")
        # the same rows as the table
        table = redactfs("scan", WS.fixtures.path("letter.pdf"), env=WS.env)
        rows = [l.split("\t") for l in table.stdout.decode().splitlines()[1:]]
        self.assertEqual(sorted((int(r[0]), r[2]) for r in rows),
                         sorted((d["page"], d["category"]) for d in doc["detections"]))

    def test_no_document_text(self):
        out = self.r.stdout.decode(errors="replace")
        for s in WS.fixtures.secrets_in("letter.pdf"):
            for form in s.forms:
                self.assertNotIn(form, out, f"scan --json printed {s.category} text")
        for word in ("Beispiel", "Musterbank", "Zahlungsdaten"):
            self.assertNotIn(word, out, "scan --json printed words of the page")

    def test_stdin(self):
        with open(WS.fixtures.path("letter.pdf"), "rb") as f:
            r = harness.run([harness.binary(), "scan", "--json", "-"], stdin=f, env=WS.env)
        self.assertEqual(r.returncode, 0, describe(r))
        doc = json.loads(r.stdout)
        self.assertEqual(doc["file"], "-")
        self.assertEqual(doc["detections"], json.loads(self.r.stdout)["detections"])

    def test_failure_is_not_json(self):
        r = redactfs("scan", "--json", WS.fixtures.path("passwort.pdf"), env=WS.env)
        self.assertEqual(r.returncode, 77, describe(r))
        self.assertEqual(r.stdout, b"")
        self.assertEqual(len(error_lines(r.stderr)), 1)


if __name__ == "__main__":
    unittest.main()
