"""The config file (redactfs.conf(5)) through the real binary: the default
file is read by redact, scan and the mount; --config replaces it; the
command line wins over it; the mount's keys are fine for redact; paths in
it are relative to its folder; a bad line is exit 78 naming FILE:LINE."""
import os
import subprocess
import unittest

import cairo

import harness as h

EMAIL = "erika.beispiel@example.org"
TERM = "Quendolin"


def make_doc(path):
    s = cairo.PDFSurface(path, 595, 842)     # A4 in points
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(12)
    for i, t in enumerate(["Sehr geehrte Damen und Herren,", f"Kontakt: {EMAIL}",
                           f"Hausmeister {TERM} hat die Schlüssel."]):
        c.move_to(72, 100 + 24 * i)
        c.show_text(t)
    c.show_page()
    s.finish()


def image_width(pdf: str) -> int:
    """Pixel width of the (only) page image of an image-only PDF."""
    r = h.run(["pdfimages", "-list", pdf])
    assert r.returncode == 0, h.describe(r)
    rows = [l.split() for l in r.stdout.decode().splitlines()[2:] if l.strip()]
    assert len(rows) >= 1, r.stdout
    return int(rows[0][3])


class ConfigFile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        h.require_binary()
        cls.base, cls.src, _ = h.scratch(cls, "redactfs-config-")
        cls.doc = os.path.join(cls.src, "brief.pdf")
        make_doc(cls.doc)
        cls.n = 0

    def setUp(self):
        type(self).n += 1
        self.home = os.path.join(self.base, f"home{self.n}")
        self.env = h.make_env(self.home)
        self.cfg = os.path.join(self.env["XDG_CONFIG_HOME"], "redactfs")
        os.makedirs(self.cfg, mode=0o700, exist_ok=True)
        self.conf = os.path.join(self.cfg, "config")

    def write_config(self, text, path=None):
        with open(path or self.conf, "w") as f:
            f.write(text)

    def cli(self, *args, stdin=b"", code=0):
        r = subprocess.run([h.binary(), *args], input=stdin, env=self.env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=180)
        self.assertEqual(r.returncode, code, h.describe(r))
        return r

    def categories(self, *args):
        r = self.cli("scan", self.doc, *args)
        header, *rows = r.stdout.decode().splitlines()
        col = header.split("\t").index("category")
        return {row.split("\t")[col] for row in rows}

    def redact_width(self, *args):
        out = os.path.join(self.home, "out.pdf")
        self.cli("redact", self.doc, "-o", out, *args)
        w = image_width(out)
        os.unlink(out)
        return w

    def test_default_file_is_read_and_disable_removes_a_category(self):
        self.assertIn("email", self.categories(), "no config: the e-mail address is found")
        self.write_config("# no e-mail detection\ndisable = email\n")
        self.assertNotIn("email", self.categories())
        # --config names another file, read instead of the default one.
        other = os.path.join(self.home, "other.conf")
        self.write_config("region = AT\n", other)
        self.assertIn("email", self.categories("--config", other))

    def test_dpi_from_the_file_and_the_flag_wins(self):
        self.assertAlmostEqual(self.redact_width(), 595 * 150 / 72, delta=1, msg="default 150 dpi")
        self.write_config("dpi = 72\n")
        self.assertEqual(self.redact_width(), 595)
        self.assertAlmostEqual(self.redact_width("--dpi", "100"), 595 * 100 / 72, delta=1)
        self.assertAlmostEqual(self.redact_width("--dpi=100"), 595 * 100 / 72, delta=1)

    def test_mount_keys_are_accepted_by_redact(self):
        self.write_config("cache-size = 64M\ndisk-cache = no\ndisk-cache-size = 2G\nprefetch = yes\n"
                          "deadline = 30\njobs = 1\ndpi = 72\n")
        self.assertEqual(self.redact_width(), 595)
        # Checked all the same: a bad value of a mount key stops redact too.
        self.write_config("prefetch = sometimes\n")
        r = self.cli("scan", self.doc, code=78)
        self.assertIn(f"{self.conf}:1: prefetch must be yes or no".encode(), r.stderr)

    def test_key_and_term_file_paths_relative_to_the_config_folder(self):
        os.makedirs(os.path.join(self.cfg, "geheim"), mode=0o700)
        self.write_config("key-file = geheim/schluessel\nterms-file = geheim/begriffe\n")
        self.cli("init")
        self.assertTrue(os.path.exists(os.path.join(self.cfg, "geheim", "schluessel")))
        self.assertTrue(os.path.exists(os.path.join(self.cfg, "geheim", "begriffe")))
        self.assertFalse(os.path.exists(os.path.join(self.cfg, "key")))
        self.cli("terms", "add", stdin=f"{TERM}\n".encode())
        self.assertIn("term", self.categories())
        # The flag wins over the file: another key does not open those terms.
        other = os.path.join(self.home, "anderer-schluessel")
        self.cli("init", "--key-file", other, "--terms-file", os.path.join(self.home, "andere-begriffe"))
        r = self.cli("scan", self.doc, "--key-file", other, code=65)
        self.assertIn(b"failed authentication", r.stderr)

    def test_unknown_key_is_78_with_its_line_and_writes_nothing(self):
        self.write_config("dpi = 100\n\n# next line is a typo\ndpii = 200\n")
        out = os.path.join(self.home, "out.pdf")
        r = self.cli("redact", self.doc, "-o", out, code=78)
        self.assertEqual(r.stderr.decode().strip(), f"Error: {self.conf}:4: unknown key 'dpii'")
        self.assertFalse(os.path.exists(out))
        # The flag spelling is not a key; the message says which one is.
        self.write_config("--dpi = 100\n")
        r = self.cli("scan", self.doc, code=78)
        self.assertIn(b":1: unknown key '--dpi' (did you mean 'dpi'?)", r.stderr)

    def test_mount_reads_the_default_file_and_dash_o_wins(self):
        h.require_mountable()
        self.write_config("dpi = 72\n")
        for args, width in (((), 595), (("-o", "dpi=100"), 595 * 100 / 72)):
            with self.subTest(args=args):
                with h.Mount(self.src, self.home, self.env, args=args) as m:
                    out = os.path.join(self.home, "served.pdf")
                    with open(m.path("brief.redacted.pdf"), "rb") as f, open(out, "wb") as g:
                        g.write(f.read())
                self.assertAlmostEqual(image_width(out), width, delta=1)

    def test_mount_refuses_a_bad_config_before_mounting(self):
        h.require_mountable()
        self.write_config("cache-size = 1G\ndeadline = never\n")
        mnt = os.path.join(self.home, "mnt")
        os.makedirs(mnt)
        r = self.cli("mount", self.src, mnt, "--foreground", code=78)
        self.assertIn(f"{self.conf}:2: deadline must be".encode(), r.stderr)
        self.assertIsNone(h.mount_entry(mnt))


if __name__ == "__main__":
    unittest.main()
