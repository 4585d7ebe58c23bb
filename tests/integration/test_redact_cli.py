"""The command line without FUSE: --help, --version, usage errors, redact, scan."""

from __future__ import annotations

import hashlib
import os
import pty
import re
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
            ["redact", WS.fixtures.path("letter.pdf")],  # no -o
            ["redact", WS.fixtures.path("letter.pdf"), "-o"],
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


if __name__ == "__main__":
    unittest.main()
