"""What identifies redactfs and documents it: `--version` names each C
library with the version it reports at run time; redactfs(1) renders without
a warning and its SYNOPSIS covers every subcommand `--help` lists."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

MAN = os.path.join(h.REPO_ROOT, "man", "redactfs.1")
LIBRARIES = ["libfuse", "poppler", "cairo", "tesseract", "leptonica", "OpenSSL", "libphonenumber", "libdeflate"]


def synopsis(text: str) -> str:
    """The SYNOPSIS section of a man page's troff source."""
    m = re.search(r"^\.SH SYNOPSIS\n(.*?)^\.SH ", text, re.M | re.S)
    return m.group(1) if m else ""


class Version(unittest.TestCase):
    def test_version_names_each_library_with_a_version(self):
        h.require_binary()
        for flag in ("--version", "-V"):
            with self.subTest(flag=flag):
                r = h.redactfs(flag)
                self.assertEqual(r.returncode, 0, h.describe(r))
                lines = r.stdout.decode().splitlines()
                self.assertRegex(lines[0], r"^redactfs \d+\.\d+\.\d+$")
                for lib in LIBRARIES:
                    found = [line for line in lines if line.split(" ", 1)[0] == lib]
                    self.assertEqual(len(found), 1, f"{lib} not named once in:\n{r.stdout.decode()}")
                    self.assertRegex(found[0], rf"^{lib} \d+\.\d+", f"{lib} has no version number")

    def test_versions_are_the_loaded_libraries(self):
        """Read at run time: the libfuse version is the installed fuse3's."""
        pkg = shutil.which("pkg-config")
        if pkg is None:
            self.skipTest("pkg-config is not installed")
        want = subprocess.run([pkg, "--modversion", "fuse3"], stdout=subprocess.PIPE, text=True)
        if want.returncode != 0:
            self.skipTest("fuse3.pc not found")
        r = h.redactfs("--version")
        self.assertIn(f"libfuse {want.stdout.strip()}", r.stdout.decode())


class ManPage(unittest.TestCase):
    def test_renders_without_warnings(self):
        groff = shutil.which("groff")
        if groff is None:
            self.skipTest("groff is not installed (Debian package groff-base)")
        # -k: preconv reads the page as UTF-8, as man(1) does.
        r = subprocess.run([groff, "-k", "-man", "-Tutf8", "-ww", "-z", MAN],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "", "groff warnings in man/redactfs.1")

    def test_synopsis_covers_every_subcommand(self):
        h.require_binary()
        r = h.redactfs("--help")
        self.assertEqual(r.returncode, 0, h.describe(r))
        text = r.stdout.decode()
        block = text.split("SUBCOMMANDS:", 1)[1].split("\n\n", 1)[0]
        subcommands = [line.split()[0] for line in block.splitlines() if line.strip()]
        self.assertIn("mount", subcommands)
        with open(MAN) as f:
            syn = synopsis(f.read())
        self.assertTrue(syn, "no SYNOPSIS in man/redactfs.1")
        for sub in subcommands:
            with self.subTest(subcommand=sub):
                self.assertRegex(syn, rf'\.SY "redactfs {re.escape(sub)}"', f"{sub} missing from SYNOPSIS")
        self.assertIn(".B \\-t fuse.redactfs", syn)

    def test_sections(self):
        with open(MAN) as f:
            text = f.read()
        heads = re.findall(r"^\.SH (.*)$", text, re.M)
        for want in ["SYNOPSIS", "OPTIONS", '"FSTAB AND MOUNT \\-t"', "FILES", "EXIT STATUS"]:
            self.assertIn(want, heads)
        self.assertEqual(heads.count("OPTIONS"), 1)
        files = text.split("\n.SH FILES\n", 1)[1].split("\n.SH ", 1)[0]
        self.assertIn("$XDG_CONFIG_HOME/redactfs/", files)
        for name in ["config", "key", "terms", "decisions", "mounts/"]:
            self.assertRegex(files, rf"\n\.I[RB]? {re.escape(name)}", f"FILES does not list {name}")
        for path in ["$XDG_CACHE_HOME/redactfs/", "redactfs.service", "redactfs@.service"]:
            self.assertIn(path, files, f"FILES does not list {path}")


if __name__ == "__main__":
    unittest.main()
