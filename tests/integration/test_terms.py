"""Always-redact terms through the real binary: init, the sealed file, the
mount loading, reloading and failing closed. All names invented."""
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

import cairo

import harness as h

NAME = "Ottilie Wunderlich"       # the term; no detector would find it
OTHER = "Quendolin"               # added while mounted


def make_doc(path):
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(11)
    lines = [
        "Mietvertrag zwischen der Vermieterin und",
        f"Frau {NAME} wohnt im zweiten Stock.",
        "Der Vertrag wurde unterschrieben von Ottilie",   # the term split over two lines
        "Wunderlich am ersten Tag des Monats.",
        f"Hausmeister {OTHER} hat die Schlüssel.",
        "Nebenkosten werden jährlich abgerechnet.",
    ]
    for i, t in enumerate(lines):
        c.move_to(72, 100 + 22 * i)
        c.show_text(t)
    c.show_page()
    s.finish()


def put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def get(path):
    with open(path, "rb") as f:
        return f.read()


def dark_fraction(pdf, page_words_src, phrase):
    box = h.phrase_box(page_words_src, phrase)
    assert box is not None, phrase
    return h.render_gray(pdf, 1, 150).dark_fraction(box, 150)


class TermsTest(unittest.TestCase):
    def setUp(self):
        self.base = tempfile.mkdtemp(prefix="redactfs-terms-")
        self.env = h.make_env(os.path.join(self.base, "home"))
        self.src = os.path.join(self.base, "src")
        os.makedirs(self.src)
        self.doc = os.path.join(self.src, "vertrag.pdf")
        make_doc(self.doc)
        self.words = h.page_words(self.doc, 1)
        self.cfg = os.path.join(self.env["XDG_CONFIG_HOME"], "redactfs")
        self.outputs = []   # every stdout/stderr we saw, checked for terms at the end
        self.addCleanup(self.cleanup)

    def cleanup(self):
        for _, mnt, _, _ in h.mount_entries():
            if mnt.startswith(self.base):
                h.run(["fusermount3", "-uz", mnt])
        shutil.rmtree(self.base, ignore_errors=True)

    def cli(self, *args, stdin=b"", check=True):
        r = subprocess.run([h.binary(), *args], input=stdin, env=self.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        self.outputs.append(r.stderr)
        if args[:2] != ("terms", "export"):
            self.outputs.append(r.stdout)
        if check:
            self.assertEqual(r.returncode, 0, h.describe(r))
        return r

    def init_with(self, *terms):
        self.cli("init")
        if terms:
            self.cli("terms", "add", stdin=("\n".join(terms) + "\n").encode())

    def assert_no_terms_in(self, blobs):
        for b in blobs:
            for t in (NAME, "Ottilie", "Wunderlich", OTHER):
                self.assertNotIn(t.encode(), b)
                self.assertNotIn(t.lower().encode(), b)

    def test_files_are_private_and_sealed(self):
        self.init_with(NAME)
        self.assertEqual(os.stat(self.cfg).st_mode & 0o777, 0o700)
        self.assertEqual(os.stat(os.path.join(self.cfg, "key")).st_mode & 0o777, 0o600)
        sealed = open(os.path.join(self.cfg, "terms"), "rb").read()
        self.assertTrue(sealed.startswith(b"RDFSSEAL"))
        self.assertNotIn(b"Ottilie", sealed)
        self.assertEqual(self.cli("terms", "export").stdout.decode().split("\n")[0], NAME)
        # A second init without --force must not replace the key.
        key = open(os.path.join(self.cfg, "key"), "rb").read()
        self.assertNotEqual(self.cli("init", check=False).returncode, 0)
        self.assertEqual(open(os.path.join(self.cfg, "key"), "rb").read(), key)
        self.assert_no_terms_in(self.outputs)

    def test_term_is_redacted_including_across_a_line_break(self):
        self.init_with(NAME)
        r = self.cli("scan", self.doc)
        header, *rows = r.stdout.decode().splitlines()
        box, category = header.split("\t").index("box"), header.split("\t").index("category")
        terms = [l for l in rows if l.split("\t")[category] == "term"]
        self.assertEqual(len(terms), 2, r.stdout)
        # The split occurrence has one box on each line.
        self.assertEqual(sorted(len(l.split("\t")[box].split(" ")) for l in terms), [1, 2])
        out = os.path.join(self.base, "out.pdf")
        self.cli("redact", self.doc, "-o", out)
        self.assertGreater(dark_fraction(out, self.words, NAME), 0.95)
        self.assertLess(dark_fraction(out, self.words, "Nebenkosten"), 0.5)
        self.assert_no_terms_in(self.outputs)

    def test_tampered_truncated_or_wrong_key_refuses_to_start(self):
        self.init_with(NAME)
        terms = os.path.join(self.cfg, "terms")
        good = get(terms)
        key = os.path.join(self.cfg, "key")
        good_key = get(key)
        cases = {
            "bit flip": lambda: put(terms, good[:30] + bytes([good[30] ^ 1]) + good[31:]),
            "truncated": lambda: put(terms, good[:-1]),
            "wrong key": lambda: put(key, os.urandom(32)),
        }
        for what, spoil in cases.items():
            with self.subTest(what):
                spoil()
                m = h.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env)
                with self.assertRaises(AssertionError):
                    m.start()
                self.assertIsNone(h.mount_entry(m.mountpoint))
                self.assertNotIn(m.returncode, (0, None))
                self.assertIn(b"failed authentication", get(m.log_path))
                self.assertNotEqual(self.cli("redact", self.doc, "-o", os.path.join(self.base, "x.pdf"),
                                             check=False).returncode, 0)
                self.assertFalse(os.path.exists(os.path.join(self.base, "x.pdf")))
                put(terms, good)
                put(key, good_key)
                os.chmod(key, 0o600)

    def test_group_readable_key_is_refused(self):
        self.init_with(NAME)
        os.chmod(os.path.join(self.cfg, "key"), 0o640)
        r = self.cli("scan", self.doc, check=False)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn(b"chmod 600", r.stderr)

    def test_term_added_while_mounted_then_fail_closed_then_recovered(self):
        self.init_with(NAME)
        with h.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env) as m:
            path = os.path.join(m.mountpoint, "vertrag.redacted.pdf")
            first = h.read_file(path)
            mtime1 = os.stat(path).st_mtime_ns
            tmp = os.path.join(self.base, "a.pdf")
            put(tmp, first)
            self.assertGreater(dark_fraction(tmp, self.words, NAME), 0.95)
            self.assertLess(dark_fraction(tmp, self.words, OTHER), 0.5)

            self.cli("terms", "add", stdin=(OTHER + "\n").encode())
            self.assertTrue(h.wait_for(lambda: os.stat(path).st_mtime_ns != mtime1, 10),
                            "output mtime did not change after the terms changed")
            second = h.read_file(path)
            put(tmp, second)
            self.assertGreater(dark_fraction(tmp, self.words, OTHER), 0.95)

            # A term file that cannot be opened: every file fails, the mount stays.
            terms = os.path.join(self.cfg, "terms")
            good = get(terms)
            put(terms, good[:-3])
            self.assertTrue(h.wait_for(lambda: h.errno_of(h.read_file, path) == 5, 10),
                            "reads did not fail closed with EIO")
            self.assertIsNotNone(h.mount_entry(m.mountpoint))
            put(terms, good)
            self.assertTrue(h.wait_for(lambda: h.errno_of(h.read_file, path) is None, 10))
            self.assertEqual(h.read_file(path), second)
        log = get(m.log_path)
        self.assertIn(b"cannot be loaded", log)
        self.assert_no_terms_in(self.outputs + [log])

    def test_terms_are_taken_out_of_names(self):
        self.init_with("Wunderlich")
        os.makedirs(os.path.join(self.src, "Akte Wunderlich"))
        shutil.copy(self.doc, os.path.join(self.src, "Akte Wunderlich", "Befund_Wunderlich_2024.pdf"))
        shutil.copy(self.doc, os.path.join(self.src, "Befund_WUNDERLICH.pdf"))
        shutil.copy(self.doc, os.path.join(self.src, "Befund_wunderlich.pdf"))
        with h.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env) as m:
            shown = sorted(os.path.relpath(os.path.join(r, n), m.mountpoint)
                           for r, ds, fs in os.walk(m.mountpoint) for n in ds + fs)
            self.assertEqual(shown, [
                "Akte REDACTED",
                "Akte REDACTED/Befund_REDACTED_2024.redacted.pdf",
                # two sources that differ only in the term: both shown, numbered
                "Befund_REDACTED (2).redacted.pdf",
                "Befund_REDACTED.redacted.pdf",
                "vertrag.redacted.pdf",
            ])
            out = h.read_file(os.path.join(m.mountpoint, "Akte REDACTED", "Befund_REDACTED_2024.redacted.pdf"))
            self.assertTrue(out.startswith(b"%PDF-"))
            # The source name is not reachable under the mount either.
            self.assertFalse(os.path.exists(os.path.join(m.mountpoint, "Befund_WUNDERLICH.redacted.pdf")))
            # A term added while mounted renames at once.
            self.cli("terms", "add", stdin=b"vertrag\n")
            self.assertTrue(h.wait_for(lambda: "REDACTED.redacted.pdf" in os.listdir(m.mountpoint)
                                       and "vertrag.redacted.pdf" not in os.listdir(m.mountpoint), 10),
                            os.listdir(m.mountpoint))
            # Terms that cannot be loaded: no names at all (fail closed).
            terms = os.path.join(self.cfg, "terms")
            good = get(terms)
            put(terms, good[:-3])
            self.assertTrue(h.wait_for(lambda: h.errno_of(os.listdir, m.mountpoint) == 5, 10),
                            "listing did not fail closed with EIO")
            put(terms, good)
            self.assertTrue(h.wait_for(lambda: h.errno_of(os.listdir, m.mountpoint) is None, 10))
        self.assert_no_terms_in(self.outputs + [get(m.log_path)])

    def test_terms_are_found_in_ocr_text(self):
        # A photographed note: no text layer, the term only in the pixels.
        import ocr_fixtures as ox
        png = os.path.join(self.src, "notiz.png")
        img = cairo.ImageSurface(cairo.FORMAT_RGB24, 900, 260)
        c = cairo.Context(img)
        c.set_source_rgb(1, 1, 1)
        c.paint()
        c.set_source_rgb(0, 0, 0)
        c.select_font_face("DejaVu Sans")
        c.set_font_size(30)
        boxes = {}
        for i, (line, word) in enumerate([(f"Hausmeister {OTHER} kommt morgen", OTHER),
                                          ("Nebenkosten werden abgerechnet", "Nebenkosten")]):
            x, y = 40, 90 + 80 * i
            c.move_to(x, y)
            c.show_text(line)
            adv = c.text_extents(line[:line.index(word)]).x_advance
            e = c.text_extents(word)
            boxes[word] = (x + adv + e.x_bearing, y + e.y_bearing, x + adv + e.x_bearing + e.width, y + e.y_bearing + e.height)
        img.write_to_png(png)
        self.init_with(OTHER)
        with h.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env) as m:
            out = os.path.join(self.base, "notiz.out.png")
            put(out, h.read_file(os.path.join(m.mountpoint, "notiz.redacted.png")))
        self.assertGreater(ox.png_dark_fraction(out, boxes[OTHER]), 0.95, "the term read by OCR is not burned")
        self.assertLess(ox.png_dark_fraction(out, boxes["Nebenkosten"]), 0.5)
        self.assert_no_terms_in(self.outputs + [get(m.log_path)])

    def test_writer_killed_at_random_points_leaves_old_or_new(self):
        self.init_with("Anfangswort")
        rng = random.Random(1234)
        expected = {"Anfangswort"}
        for i in range(25):
            word = f"Zusatzwort{i}"
            p = subprocess.Popen([h.binary(), "terms", "add"], stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env)
            p.stdin.write((word + "\n").encode())
            p.stdin.close()
            time.sleep(rng.uniform(0, 0.03))
            p.send_signal(signal.SIGKILL)
            p.wait()
            r = self.cli("terms", "export")
            got = set(r.stdout.decode().split())
            self.assertIn(got, (expected, expected | {word.lower()}, expected | {word}),
                          f"round {i}: the term file is neither the old nor the new list")
            expected = got
        # A writer killed between creating its temporary file and renaming
        # it leaves that (sealed) file behind; the next write removes it.
        self.cli("terms", "add", stdin=b"Schlusswort\n")
        leftovers = [f for f in os.listdir(self.cfg) if f not in ("key", "terms", "terms.lock")]
        self.assertEqual(leftovers, [], "temporary files of killed writers left in the config folder")


if __name__ == "__main__":
    unittest.main()
