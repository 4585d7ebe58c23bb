"""`redactfs review`: the user's last word on one document. Decisions
change the burned pixels of `redact` (and `scan`), follow the document
through a rename, do not apply to another file that takes its name, are
sealed on disk, and fail closed when tampered with."""
from __future__ import annotations

import errno
import os
import shutil
import subprocess
import time
import unittest

import cairo

import harness as h

TERM = "Wunderlich"
EMAIL = "kanzlei.berg@example.org"
SECRETS = (TERM, TERM.lower(), "kanzlei", "Fristen", "Rückfragen")


def letter(path: str, extra: str = "Mit freundlichen Grüßen"):
    """A typeset letter: an e-mail address, an always-redact term, and
    lines nothing detects."""
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(12)
    for i, line in enumerate([f"Rückfragen bitte an {EMAIL}", f"Das Projekt {TERM} läuft weiter.",
                              "Bitte beachten Sie die Fristen.", extra]):
        c.move_to(72, 120 + 30 * i)
        c.show_text(line)
    c.show_page()
    s.finish()


class TestReview(unittest.TestCase):
    def setUp(self):
        h.require_binary()
        self.base, self.src, self.env = h.scratch(type(self), "redactfs-review-")
        self.run_cli("init")
        self.run_cli("terms", "add", stdin=(TERM + "\n").encode())
        self.doc = os.path.join(self.src, "bescheid.pdf")
        letter(self.doc)
        self.words = h.page_words(self.doc, 1)
        self.decisions = os.path.join(self.env["XDG_CONFIG_HOME"], "redactfs", "decisions")

    def run_cli(self, *args, stdin: bytes = b"", check: bool = True) -> subprocess.CompletedProcess:
        r = subprocess.run([h.binary(), *args], input=stdin, env=self.env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=180)
        if check:
            self.assertEqual(r.returncode, 0, h.describe(r))
        # Off a terminal, nothing of the document reaches stdout or stderr.
        if args and args[0] == "review":
            for s in SECRETS:
                self.assertNotIn(s.encode(), r.stdout + r.stderr, h.describe(r))
        return r

    def entries(self, doc: str) -> dict[str, int]:
        """The listing: category -> number (first of its category)."""
        r = self.run_cli("review", doc)
        lines = r.stdout.decode().splitlines()
        self.assertEqual(lines[0], "no\tpage\tcategory\treason\tstate")
        out = {}
        for line in lines[1:]:
            no, page, category, reason, state = line.split("\t")
            out.setdefault(category, int(no))
        return out

    def darkness(self, doc: str, phrase: str) -> float:
        out = os.path.join(self.base, "out.pdf")
        r = self.run_cli("redact", doc, "-o", out)
        self.assertEqual(h.run(["pdftotext", out, "-"]).stdout.strip(), b"")
        box = h.phrase_box(self.words, phrase)
        self.assertIsNotNone(box, phrase)
        return h.render_gray(out, 1).dark_fraction(box)

    def test_keep_add_and_areas_change_the_pixels(self):
        self.assertGreater(self.darkness(self.doc, EMAIL), 0.8)
        self.assertLess(self.darkness(self.doc, "die Fristen."), 0.3)
        numbers = self.entries(self.doc)
        self.run_cli("review", self.doc, "--keep", str(numbers["email"]))
        self.assertLess(self.darkness(self.doc, EMAIL), 0.3, "a kept e-mail address was burned")
        # Added from standard input, never the command line.
        self.run_cli("review", self.doc, "--add", stdin="Fristen\n".encode())
        self.assertGreater(self.darkness(self.doc, "die Fristen."), 0.5, "an added string was not burned")
        self.assertLess(self.darkness(self.doc, "Bitte beachten"), 0.3)
        x0, y0, x1, y1 = h.phrase_box(self.words, "Bitte beachten")
        self.run_cli("review", self.doc, "--add-area", f"1:{x0 - 2},{y0 - 2},{x1 - x0 + 4},{y1 - y0 + 4}")
        self.assertGreater(self.darkness(self.doc, "Bitte beachten"), 0.8, "an added area was not burned")
        listed = self.run_cli("review", self.doc, "--list").stdout.decode().splitlines()
        self.assertEqual([l.split("\t")[0] for l in listed], ["kept", "added", "area"])
        self.run_cli("review", self.doc, "--unkeep", str(numbers["email"]))
        self.assertGreater(self.darkness(self.doc, EMAIL), 0.8)
        self.run_cli("review", self.doc, "--reset")
        self.assertLess(self.darkness(self.doc, "die Fristen."), 0.3)
        # An argument is never taken as the string to add.
        r = self.run_cli("review", self.doc, "--add", "Fristen", check=False)
        self.assertEqual(r.returncode, 64, h.describe(r))

    def test_a_term_stays_redacted_unless_kept_in_that_one_document(self):
        other = os.path.join(self.src, "anderer.pdf")
        letter(other, extra="Ein anderes Schreiben")
        self.run_cli("review", self.doc, "--keep", str(self.entries(self.doc)["term"]))
        self.assertLess(self.darkness(self.doc, TERM), 0.3)
        self.assertGreater(self.darkness(other, TERM), 0.8, "a term kept in one document was shown in another")

    def test_decisions_follow_a_rename_not_the_name(self):
        self.run_cli("review", self.doc, "--keep", str(self.entries(self.doc)["email"]))
        moved = os.path.join(self.src, "umbenannt.pdf")
        os.rename(self.doc, moved)
        self.assertLess(self.darkness(moved, EMAIL), 0.3, "the decision was lost in a rename")
        # Another file takes the old name: the decisions are not its own.
        letter(self.doc, extra="Hochachtungsvoll")
        self.assertGreater(self.darkness(self.doc, EMAIL), 0.8, "decisions applied to another file of that name")

    def test_sealed_on_disk_and_a_tampered_file_fails_closed(self):
        self.run_cli("review", self.doc, "--add", stdin="Fristen\n".encode())
        self.run_cli("review", self.doc, "--keep", str(self.entries(self.doc)["email"]))
        with open(self.decisions, "rb") as f:
            raw = f.read()
        for s in ("Fristen", EMAIL, "kanzlei", "bescheid"):
            self.assertNotIn(s.encode(), raw)
        self.assertEqual(os.stat(self.decisions).st_mode & 0o777, 0o600)
        broken = bytearray(raw)
        broken[-5] ^= 1
        with open(self.decisions, "wb") as f:
            f.write(broken)
        out = os.path.join(self.base, "tampered.pdf")
        r = self.run_cli("redact", self.doc, "-o", out, check=False)
        self.assertNotEqual(r.returncode, 0, h.describe(r))
        self.assertIn(b"failed authentication", r.stderr)
        self.assertFalse(os.path.exists(out))
        for s in SECRETS:
            self.assertNotIn(s.encode(), r.stdout + r.stderr)

    def mounted_darkness(self, m: h.Mount, phrase: str) -> float:
        out = os.path.join(self.base, "mounted.pdf")
        shutil.copyfile(m.path("bescheid.redacted.pdf"), out)
        return h.render_gray(out, 1).dark_fraction(h.phrase_box(self.words, phrase))

    def test_through_the_mount_a_decision_shows_within_seconds_and_survives_a_remount(self):
        h.require_mountable()
        m = h.Mount(self.src, self.base, self.env).start()
        self.addCleanup(m.stop, False)
        shown = m.path("bescheid.redacted.pdf")
        self.assertGreater(self.mounted_darkness(m, EMAIL), 0.8)
        before = os.stat(shown).st_mtime_ns
        # Reviewed on the source file while it is mounted.
        self.run_cli("review", self.doc, "--keep", str(self.entries(self.doc)["email"]))
        self.assertTrue(h.wait_for(lambda: os.stat(shown).st_mtime_ns > before, 10), "the mtime did not change")
        self.assertLess(self.mounted_darkness(m, EMAIL), 0.3, "the mounted output ignored the decision")
        self.assertGreater(self.mounted_darkness(m, TERM), 0.8)
        before = os.stat(shown).st_mtime_ns
        self.run_cli("review", self.doc, "--add", stdin="Fristen\n".encode())
        self.run_cli("review", self.doc, "--keep", str(self.entries(self.doc)["term"]))
        self.assertTrue(h.wait_for(lambda: os.stat(shown).st_mtime_ns > before, 10), "the mtime did not change")
        # Both decisions reach the mount (each within about a second).
        self.assertTrue(h.wait_for(lambda: self.mounted_darkness(m, TERM) < 0.3, 15, interval=0.5),
                        "a term kept in this document was burned")
        self.assertGreater(self.mounted_darkness(m, "die Fristen."), 0.5, "an added string was not burned")
        m.stop()
        m2 = h.Mount(self.src, self.base, self.env).start()
        self.addCleanup(m2.stop, False)
        self.assertLess(self.mounted_darkness(m2, EMAIL), 0.3, "the decision was lost in a remount")
        # A tampered decision file: the mount serves nothing rather than
        # something without the user's decisions, and says so in its log.
        with open(self.decisions, "r+b") as f:
            raw = bytearray(f.read())
            raw[-3] ^= 1
            f.seek(0)
            f.write(raw)
        def refused():
            try:
                with open(shown, "rb") as f:
                    f.read(1)
                return False
            except OSError as e:
                return e.errno == errno.EIO
        self.assertTrue(h.wait_for(refused, 10), "a tampered decision file was not refused")
        self.assertIn("decision file", m2.log())
        for s in SECRETS:
            self.assertNotIn(s, m2.log())

    def test_a_text_file_takes_keep_and_add_but_no_area_or_preview(self):
        doc = os.path.join(self.src, "notiz.txt")
        with open(doc, "w", encoding="utf-8") as f:
            f.write(f"Rückfragen bitte an {EMAIL}\nDas Projekt {TERM} läuft weiter.\nBitte beachten Sie die Fristen.\n")
        out = os.path.join(self.base, "notiz.redacted.txt")

        def redacted() -> str:
            self.run_cli("redact", doc, "-o", out)
            with open(out, encoding="utf-8") as f:
                return f.read()
        first = redacted()
        self.assertNotIn(EMAIL, first)
        self.assertNotIn(TERM, first)
        self.assertIn("die Fristen.", first)
        numbers = self.entries(doc)
        self.run_cli("review", doc, "--keep", str(numbers["email"]))
        self.run_cli("review", doc, "--add", stdin="Fristen\n".encode())
        second = redacted()
        self.assertIn(f"an {EMAIL}", second, "a kept e-mail address was masked")
        self.assertNotIn("Fristen", second, "an added string was not masked")
        self.assertNotIn(TERM, second, "a term not kept was shown")
        # scan lists what redact does, with the decisions.
        listed = self.run_cli("scan", "--json", doc).stdout.decode()
        self.assertNotIn('"email"', listed)
        for bad in (["--add-area", "1:10,10,50,20"], ["--preview", os.path.join(self.base, "p.pdf")]):
            r = self.run_cli("review", doc, *bad, check=False)
            self.assertEqual(r.returncode, 64, h.describe(r))
            self.assertIn(b"text file", r.stderr)
        # Through the mount, the same bytes.
        h.require_mountable()
        m = h.Mount(self.src, self.base, self.env).start()
        self.addCleanup(m.stop, False)
        self.assertEqual(h.read_file(m.path("notiz.redacted.txt")).decode(), second)

    def test_preview_outlines_and_numbers_the_boxes_and_holds_no_text(self):
        from PIL import Image
        numbers = self.entries(self.doc)
        self.run_cli("review", self.doc, "--keep", str(numbers["email"]))
        prev = os.path.join(self.base, "preview.pdf")
        r = self.run_cli("review", self.doc, "--preview", prev)
        self.assertIn(b"numbered box(es)", r.stderr)
        self.assertEqual(os.stat(prev).st_mode & 0o777, 0o600)
        self.assertEqual(h.run(["pdftotext", prev, "-"]).stdout.strip(), b"")
        self.assertEqual(len(h.run(["pdffonts", prev]).stdout.decode().splitlines()), 2)
        png = os.path.join(self.base, "preview")
        h.run(["pdftoppm", "-r", "150", "-png", "-singlefile", prev, png])
        img = Image.open(png + ".png").convert("RGB")

        def colours_around(phrase):
            x0, y0, x1, y1 = h.phrase_box(self.words, phrase)
            s = 150 / 72
            box = (int(x0 * s) - 6, int(y0 * s) - 6, int(x1 * s) + 6, int(y1 * s) + 6)
            return set(img.crop(box).getdata())

        green = any(g > 120 and r < 80 and b < 80 for r, g, b in colours_around(EMAIL))
        red = any(r > 180 and g < 60 and b < 60 for r, g, b in colours_around(TERM))
        self.assertTrue(green, "the kept e-mail address is not outlined in green")
        self.assertTrue(red, "the redacted term is not outlined in red")
        # The kept address is readable in the preview, as in the output; the term is not.
        self.assertLess(h.render_gray(prev, 1).dark_fraction(h.phrase_box(self.words, EMAIL)), 0.3)
        self.assertGreater(h.render_gray(prev, 1).dark_fraction(h.phrase_box(self.words, TERM)), 0.5)

    def test_verify_exempts_kept_detections_and_checks_added_strings(self):
        numbers = self.entries(self.doc)
        before = os.path.join(self.base, "before.pdf")
        self.run_cli("redact", self.doc, "-o", before)
        self.run_cli("review", self.doc, "--keep", str(numbers["email"]))
        self.run_cli("review", self.doc, "--add", stdin="Fristen\n".encode())
        after = os.path.join(self.base, "after.pdf")
        self.run_cli("redact", self.doc, "-o", after)
        r = self.run_cli("verify", after, "--source", self.doc)
        self.assertEqual(r.stdout, b"")
        # An output made before the string was added shows it: verify says so.
        r = self.run_cli("verify", before, "--source", self.doc, check=False)
        self.assertEqual(r.returncode, 1, h.describe(r))
        self.assertIn(b"page 1: detection: term detected on the source is readable", r.stdout)
        self.assertNotIn(b"Fristen", r.stdout + r.stderr)

