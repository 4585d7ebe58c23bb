"""The exit status table of redactfs(1), EXIT STATUS, through the real
binary: each condition, for every subcommand it can happen to, gives the one
code the table names for it.

    0 success                      69 FUSE unavailable, mount failed
    1 run-time failure; verify     70 worker crashed, internal error
      found something              73 output, mount point, init's files
   64 bad command line                cannot be made or used
   65 damaged / unsupported input,  74 I/O error
      term or decision file that   77 input needs a password
      fails authentication         78 config file problem, key file too
   66 input, source or key missing     open or not a key

69 and 70 need a broken system or a crashing worker and are not provoked
here; 74 needs a failing disk."""
import os
import shutil
import stat
import subprocess
import tempfile
import unittest

import cairo

import harness as h

EX_USAGE, EX_DATAERR, EX_NOINPUT, EX_CANTCREAT, EX_NOPERM, EX_CONFIG = 64, 65, 66, 73, 77, 78

# Each subcommand, with arguments that would otherwise be fine, given a bad option.
USAGE_ERRORS = {
    "mount": ["mount", "SRC", "MNT", "--no-such-option"],
    "redact": ["redact", "DOC", "--no-such-option"],
    "scan": ["scan", "DOC", "--no-such-option"],
    "review": ["review", "DOC", "--no-such-option"],
    "verify": ["verify", "DOC", "--no-such-option"],
    "init": ["init", "--no-such-option"],
    "terms": ["terms", "list", "--no-such-option"],
    "missing argument": ["redact", "DOC", "--dpi"],
    "bad value": ["scan", "DOC", "--dpi", "5"],
    "mount without mount point": ["mount", "SRC"],
    "unknown subcommand": ["frobnicate"],
    "mount-only flag to redact": ["redact", "DOC", "--cache-size", "1G"],
}


def make_doc(path, text="Kontakt: erika.beispiel@example.org"):
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(12)
    c.move_to(72, 100)
    c.show_text("Sehr geehrte Damen und Herren,")
    c.move_to(72, 130)
    c.show_text(text)
    c.show_page()
    s.finish()


class ExitCodes(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        h.require_binary()
        cls.base, cls.src, _ = h.scratch(cls, "redactfs-exit-")
        cls.doc = os.path.join(cls.src, "brief.pdf")
        make_doc(cls.doc)
        cls.damaged = os.path.join(cls.base, "kaputt.pdf")
        with open(cls.damaged, "wb") as f:
            f.write(b"%PDF-1.7\n" + bytes(range(256)) * 16)
        cls.password = os.path.join(cls.base, "passwort.pdf")
        r = h.run(["qpdf", "--encrypt", "userpw", "ownerpw", "256", "--", cls.doc, cls.password])
        assert r.returncode == 0, h.describe(r)
        cls.missing = os.path.join(cls.base, "gibt-es-nicht.pdf")
        cls.n = 0

    def setUp(self):
        # A fresh home per test: its own config folder, key and terms.
        type(self).n += 1
        self.home = os.path.join(self.base, f"home{self.n}")
        self.env = h.make_env(self.home)
        self.cfg = os.path.join(self.env["XDG_CONFIG_HOME"], "redactfs")

    def cli(self, *args, stdin=b""):
        return subprocess.run([h.binary(), *args], input=stdin, env=self.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=180)

    def assertCode(self, r, code, needle: bytes | None = None):
        self.assertEqual(r.returncode, code, h.describe(r))
        if needle is not None:
            self.assertIn(needle, r.stderr, h.describe(r))

    def out(self, name="out.pdf"):
        return os.path.join(self.home, name)

    def init(self, *terms):
        self.assertCode(self.cli("init"), 0)
        if terms:
            self.assertCode(self.cli("terms", "add", stdin=("\n".join(terms) + "\n").encode()), 0)

    def mountpoint(self, name="mnt"):
        d = os.path.join(self.home, name)
        os.makedirs(d, exist_ok=True)
        return d

    def mount(self, *args, mnt=None):
        """`mount --foreground`, for the conditions that stop it before it
        mounts; fails the test if something got mounted."""
        h.require_mountable()
        mnt = mnt or self.mountpoint()
        r = self.cli("mount", self.src, mnt, "--foreground", *args)
        if h.mount_entry(mnt) is not None:
            h.unmount(mnt)
            self.fail(f"mounted although it should have been refused: {h.describe(r)}")
        return r

    # The subcommands that read a document with the key and terms.
    def readers(self):
        return {
            "redact": lambda: self.cli("redact", self.doc, "-o", self.out()),
            "scan": lambda: self.cli("scan", self.doc),
            "review": lambda: self.cli("review", self.doc),
            "verify": lambda: self.cli("verify", self.doc),
        }

    # --- 64 ------------------------------------------------------------

    def test_usage_errors_are_64_for_every_subcommand(self):
        for what, args in USAGE_ERRORS.items():
            with self.subTest(what):
                args = [{"DOC": self.doc, "SRC": self.src, "MNT": self.mountpoint()}.get(a, a) for a in args]
                r = self.cli(*args)
                self.assertCode(r, EX_USAGE, b"See 'redactfs --help'")

    def test_unknown_or_malformed_dash_o_is_64_before_mounting(self):
        for opts, why in (("bogus", b"unknown -o option 'bogus'"), ("ro,dpi=5", b"-o dpi must be"),
                          ("umask=999", b"-o umask must be"), ("cache_size=lots", b"-o cache_size must be"),
                          ("prefetch=maybe", b"-o prefetch takes no value"), ("fsname=x", b"set by redactfs")):
            with self.subTest(opts):
                self.assertCode(self.mount("-o", opts), EX_USAGE, why)
        # libfuse's own options still pass (and the mount works).
        with h.Mount(self.src, self.home, self.env, args=("-o", "ro,kernel_cache,attr_timeout=1,noatime")) as m:
            self.assertIn("brief.redacted.pdf", os.listdir(m.mountpoint))

    def test_mount_point_equal_to_or_inside_the_source_is_64(self):
        inner = os.path.join(self.src, "inner")
        os.makedirs(inner, exist_ok=True)
        self.addCleanup(os.rmdir, inner)
        for mnt in (self.src, inner):
            with self.subTest(mnt):
                self.assertCode(self.mount(mnt=mnt), EX_USAGE, b"inside it")

    # --- 65 ------------------------------------------------------------

    def test_damaged_input_is_65(self):
        self.init()   # review needs a key to seal decisions with
        for what, args in {"redact": ["redact", self.damaged, "-o", self.out()],
                           "scan": ["scan", self.damaged],
                           "review": ["review", self.damaged]}.items():
            with self.subTest(what):
                self.assertCode(self.cli(*args), EX_DATAERR, b"damaged")
        self.assertFalse(os.path.exists(self.out()))

    def test_wrong_key_is_65_everywhere(self):
        self.init("Beispiel")
        with open(os.path.join(self.cfg, "key"), "wb") as f:
            f.write(os.urandom(32))
        cases = dict(self.readers())
        cases["terms export"] = lambda: self.cli("terms", "export")
        cases["terms add"] = lambda: self.cli("terms", "add", stdin=b"Noch einer\n")
        cases["mount"] = lambda: self.mount()
        for what, run in cases.items():
            with self.subTest(what):
                self.assertCode(run(), EX_DATAERR, b"failed authentication")
        self.assertFalse(os.path.exists(self.out()))

    def test_tampered_term_file_is_65(self):
        self.init("Beispiel")
        terms = os.path.join(self.cfg, "terms")
        with open(terms, "rb") as f:
            data = bytearray(f.read())
        data[-3] ^= 1
        with open(terms, "wb") as f:
            f.write(data)
        for what, run in {"redact": self.readers()["redact"], "scan": self.readers()["scan"],
                          "terms export": lambda: self.cli("terms", "export"),
                          "mount": lambda: self.mount()}.items():
            with self.subTest(what):
                self.assertCode(run(), EX_DATAERR, b"failed authentication")

    def test_damaged_decision_file_is_65(self):
        self.init()
        with open(os.path.join(self.cfg, "decisions"), "wb") as f:
            f.write(os.urandom(200))
        for what, run in {"scan": self.readers()["scan"], "review": self.readers()["review"],
                          "mount": lambda: self.mount()}.items():
            with self.subTest(what):
                self.assertCode(run(), EX_DATAERR, b"decision file")

    # --- 66 ------------------------------------------------------------

    def test_missing_input_is_66(self):
        self.init()
        for what, args in {"redact": ["redact", self.missing, "-o", self.out()],
                           "scan": ["scan", self.missing],
                           "review": ["review", self.missing, "--list"],
                           "verify": ["verify", self.missing],
                           "verify --source": ["verify", self.doc, "--source", self.missing],
                           "terms import": ["terms", "import", self.missing]}.items():
            with self.subTest(what):
                self.assertCode(self.cli(*args), EX_NOINPUT)
        self.assertCode(self.cli("mount", self.missing, self.mountpoint()), EX_NOINPUT, b"not a folder")

    def test_key_missing_is_66(self):
        self.init("Beispiel")
        os.unlink(os.path.join(self.cfg, "key"))
        for what, run in {"redact": self.readers()["redact"], "scan": self.readers()["scan"],
                          "terms export": lambda: self.cli("terms", "export"),
                          "mount": lambda: self.mount()}.items():
            with self.subTest(what):
                self.assertCode(run(), EX_NOINPUT, b"key")
        # A key named on the command line that is not there.
        self.assertCode(self.cli("scan", self.doc, "--key-file", os.path.join(self.home, "nokey")), EX_NOINPUT,
                        b"no key at")

    # --- 73 ------------------------------------------------------------

    def test_output_that_cannot_be_written_is_73(self):
        nowhere = os.path.join(self.home, "no-such-folder", "out.pdf")
        self.assertCode(self.cli("redact", self.doc, "-o", nowhere), EX_CANTCREAT)
        self.init()
        self.assertCode(self.cli("review", self.doc, "--preview", nowhere), EX_CANTCREAT)
        # init: a key already there, and a key that cannot be made.
        self.assertCode(self.cli("init"), EX_CANTCREAT, b"already exists")
        self.assertCode(self.cli("init", "--key-file", os.path.join(self.home, "x", "y", "key"),
                                 "--terms-file", os.path.join(self.home, "t")), EX_CANTCREAT)

    def test_mount_point_not_empty_or_missing_is_73(self):
        full = self.mountpoint("voll")
        with open(os.path.join(full, "notiz.txt"), "w") as f:
            f.write("x")
        self.assertCode(self.mount(mnt=full), EX_CANTCREAT, b"not empty")
        h.require_mountable()
        self.assertCode(self.cli("mount", self.src, os.path.join(self.home, "fehlt"), "--foreground"),
                        EX_CANTCREAT, b"not a folder")

    # --- 77 ------------------------------------------------------------

    def test_password_protected_input_is_77(self):
        for what, args in {"redact": ["redact", self.password, "-o", self.out()],
                           "scan": ["scan", self.password]}.items():
            with self.subTest(what):
                self.assertCode(self.cli(*args), EX_NOPERM, b"password")
        self.assertFalse(os.path.exists(self.out()))

    # --- 78 ------------------------------------------------------------

    def test_key_file_readable_by_others_is_78(self):
        self.init("Beispiel")
        key = os.path.join(self.cfg, "key")
        os.chmod(key, 0o644)
        cases = dict(self.readers())
        cases["terms export"] = lambda: self.cli("terms", "export")
        cases["mount"] = lambda: self.mount()
        for what, run in cases.items():
            with self.subTest(what):
                self.assertCode(run(), EX_CONFIG, b"chmod 600")
        # Not a key at all (wrong length) is the same kind of problem.
        os.chmod(key, 0o600)
        with open(key, "ab") as f:
            f.write(b"x")
        self.assertCode(self.cli("scan", self.doc), EX_CONFIG, b"not a redactfs key")

    def test_unknown_config_key_is_78_with_its_line(self):
        os.makedirs(self.cfg, exist_ok=True)
        conf = os.path.join(self.cfg, "config")
        with open(conf, "w") as f:
            f.write("# settings\ndpi = 120\nfarbe = rot\n")
        cases = dict(self.readers())
        cases["init"] = lambda: self.cli("init")
        cases["terms"] = lambda: self.cli("terms", "export")
        cases["mount"] = lambda: self.mount()
        for what, run in cases.items():
            with self.subTest(what):
                r = run()
                self.assertCode(r, EX_CONFIG, f"{conf}:3: unknown key 'farbe'".encode())
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.cfg, "key")), "init made a key despite the bad config")
        self.assertFalse(os.path.exists(self.out()))

    def test_explicit_config_file_missing_is_78(self):
        r = self.cli("scan", self.doc, "--config", os.path.join(self.home, "fehlt.conf"))
        self.assertCode(r, EX_CONFIG, b"cannot read the config file")

    # --- 0 and 1 -------------------------------------------------------

    def test_success_and_verify_finding(self):
        self.assertCode(self.cli("redact", self.doc, "-o", self.out()), 0)
        self.assertCode(self.cli("verify", self.out()), 0)
        # The source itself has a text layer: a finding, exit 1.
        self.assertCode(self.cli("verify", self.doc), 1)


if __name__ == "__main__":
    unittest.main()
