"""The FUSE mount, read with real tools.

Classes run in alphabetical order; each starts its own mount (a fresh cache)
so that the files a class reads are cold on first access.
"""

from __future__ import annotations

import concurrent.futures
import errno
import hashlib
import mmap
import os
import re
import shutil
import signal
import stat
import subprocess
import threading
import time
import unittest

import fixtures
import harness
from harness import describe, errname, errno_of, read_file, redactfs

WS: harness.Workspace | None = None
SOURCE_SNAPSHOT: dict[str, tuple] = {}
XATTR_NAME = "user.kontakt"
XATTR_VALUE = b"xattr.quelle@example.org"

# Listed in the mount (they are PDFs by name and magic) but fail on open.
LISTED_FAILING = ["passwort.pdf", "kaputt.pdf", "abgeschnitten.pdf"]
MIRRORED_DIRS = ["cold", "cold/rsync", "cold/tar", "hostile", "leer", "sub", "sub/tiefer"]


def snapshot(root: str) -> dict[str, tuple]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            digest = None
            if stat.S_ISREG(st.st_mode):
                digest = hashlib.sha256(read_file(p)).hexdigest()
            out[os.path.relpath(p, root)] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return out


def setUpModule():
    global WS, SOURCE_SNAPSHOT
    harness.require_mountable()
    WS = harness.Workspace("redactfs-mount-")
    WS.fixtures.secrets.append(fixtures.Secret(XATTR_VALUE.decode(), "email", "letter.pdf"))
    try:
        os.setxattr(WS.fixtures.path("letter.pdf"), XATTR_NAME, XATTR_VALUE)
    except OSError:
        pass  # the xattr test checks whether it is there
    SOURCE_SNAPSHOT = snapshot(WS.fixtures.root)


def tearDownModule():
    if WS:
        WS.cleanup()


def expected_files() -> set[str]:
    rels = [r for r in WS.fixtures.served] + LISTED_FAILING
    return {fixtures.mapped_name(r) for r in rels}


class MountTest(unittest.TestCase):
    """Base: one mount per class, unmounted (and checked) after the class."""

    mount_args: tuple[str, ...] = ()
    mnt: harness.Mount

    @classmethod
    def setUpClass(cls):
        cls.mnt = WS.mount(*cls.mount_args, name=cls.__name__.lower())
        cls.mnt.start()
        cls.addClassCleanup(cls.mnt.stop)

    def p(self, rel: str) -> str:
        return self.mnt.path(rel)

    def assertErrno(self, expected: int, fn, *args, msg: str = ""):
        got = errno_of(fn, *args)
        self.assertEqual(got, expected, f"{msg or fn.__name__}{args}: expected {errname(expected)}, "
                                        f"got {errname(got)}")

    def mounted_output(self, rel: str) -> bytes:
        return read_file(self.p(fixtures.mapped_name(rel)))


_CLI_CACHE: dict[str, bytes] = {}


def cli_redact(rels: list[str]) -> dict[str, bytes]:
    """`redactfs redact` of several fixtures, two at a time, cached."""
    todo = [r for r in rels if r not in _CLI_CACHE]

    def one(rel):
        out = os.path.join(WS.tempdir("cli"), "out.pdf")
        r = redactfs("redact", WS.fixtures.path(rel), "-o", out, env=WS.env)
        if r.returncode != 0 or not os.path.exists(out):
            raise AssertionError(f"redactfs redact {rel} failed\n{describe(r)}")
        return rel, read_file(out)

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for rel, data in pool.map(one, todo):
            _CLI_CACHE[rel] = data
    return {r: _CLI_CACHE[r] for r in rels}


# --------------------------------------------------------------------------


class TestA_Names(MountTest):
    """Listing, name mapping, stat, inodes, xattrs. Opens almost nothing."""

    def test_getattr_does_not_render(self):
        # ls -l of everything before any open: must be fast (no render in getattr)
        t0 = time.monotonic()
        n = 0
        for dirpath, dirnames, filenames in os.walk(self.mnt.mountpoint):
            for name in filenames:
                st = os.stat(os.path.join(dirpath, name))
                self.assertGreater(st.st_size, 0, f"{name}: size 0 before the first open")
                n += 1
        elapsed = time.monotonic() - t0
        self.assertGreater(n, 20)
        self.assertLess(elapsed, 2.0, f"stat of {n} unopened files took {elapsed:.1f}s "
                                      "(rendering in getattr/lookup?)")

    def test_listing_root(self):
        want = {n for n in expected_files() if "/" not in n}
        want |= {d for d in MIRRORED_DIRS if "/" not in d}
        self.assertEqual(set(os.listdir(self.mnt.mountpoint)), want)

    def test_listing_tree(self):
        files, dirs = set(), set()
        for dirpath, dirnames, filenames in os.walk(self.mnt.mountpoint):
            rel = os.path.relpath(dirpath, self.mnt.mountpoint)
            for d in dirnames:
                dirs.add(os.path.normpath(os.path.join(rel, d)))
            for f in filenames:
                files.add(os.path.normpath(os.path.join(rel, f)))
        self.assertEqual(dirs, set(MIRRORED_DIRS))
        self.assertEqual(files, expected_files())
        self.assertEqual(os.listdir(self.p("leer")), [], "empty folder should be mirrored empty")

    def test_types(self):
        self.assertTrue(stat.S_ISDIR(os.stat(self.p("sub/tiefer")).st_mode))
        st = os.lstat(self.p("letter.redacted.pdf"))
        self.assertTrue(stat.S_ISREG(st.st_mode), "a served PDF should be a regular file")
        self.assertTrue(st.st_mode & stat.S_IRUSR, "a served PDF should be readable")
        self.assertFalse(st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH),
                         f"mode {oct(st.st_mode)} has write bits on a read-only mount")

    def test_uppercase_extension(self):
        self.assertTrue(os.path.isfile(self.p("GROSS.redacted.pdf")))

    def test_unmapped_names_enoent(self):
        names = ["letter.pdf", "letter", "letter.redacted.redacted.pdf", "letter.REDACTED.pdf",
                 "GROSS.PDF", "GROSS.redacted.PDF", "notiz.pdf", "notiz.redacted.pdf",
                 ".geheim.pdf", ".geheim.redacted.pdf", ".versteckt", ".versteckt/drin.redacted.pdf",
                 "liesmich.bak", "liesmich.redacted.bak", "liesmich.redacted.pdf", "tabelle.xml",
                 "tabelle.redacted.xml",
                 "extern.pdf", "extern.redacted.pdf", "extern_rel.redacted.pdf", "extern_ordner",
                 "extern_ordner/draussen.redacted.pdf", "nichtda.redacted.pdf",
                 "sub/tiefer/innen.pdf", "sub/nichtda", "../src/letter.pdf"]
        for name in names:
            with self.subTest(name=name):
                self.assertErrno(errno.ENOENT, os.stat, self.p(name))
        self.assertErrno(errno.ENOENT, open, self.p("letter.pdf"), "rb")

    def test_inode_stable(self):
        paths = [self.p(r) for r in ("letter.redacted.pdf", "zehn.redacted.pdf", "sub", "sub/tiefer",
                                     "sub/tiefer/innen.redacted.pdf", "hostile/info.redacted.pdf")]
        first = [os.stat(p).st_ino for p in paths]
        second = [os.stat(p).st_ino for p in paths]
        self.assertEqual(first, second, "inode numbers changed between two stats")
        self.assertEqual(len(set(first)), len(first), "two entries share an inode number")
        # the same through stat(1) and readdir
        for p, ino in zip(paths, first):
            r = harness.run(["stat", "-c", "%i", p])
            self.assertEqual(int(r.stdout), ino)
        listed = {e.name: e.inode() for e in os.scandir(self.p("sub/tiefer"))}
        self.assertEqual(listed["innen.redacted.pdf"], first[4], "readdir inode != stat inode")

    def test_stat_size_before_and_after_open(self):
        path = self.p("cold/stat.redacted.pdf")
        ino = os.stat(path).st_ino
        before = os.stat(path).st_size
        self.assertGreater(before, 0, "size before the first open must be a non-zero estimate")
        with open(path, "rb") as f:
            fsize = os.fstat(f.fileno()).st_size
            data = f.read()
        self.assertGreater(len(data), 0)
        self.assertEqual(fsize, len(data), "fstat size after open != bytes read")
        self.assertEqual(os.stat(path).st_size, len(data), "stat size after open != bytes read")
        self.assertEqual(os.stat(path).st_ino, ino, "inode changed after open")

    def test_xattrs_not_passed_through(self):
        src = WS.fixtures.path("letter.pdf")
        try:
            has = XATTR_NAME in os.listxattr(src)
        except OSError:
            has = False
        for rel in ("letter.redacted.pdf", "sub", ""):
            path = self.p(rel)
            try:
                names = os.listxattr(path)
            except OSError as e:
                self.assertIn(e.errno, (errno.ENOTSUP, errno.EOPNOTSUPP), errname(e.errno))
                names = []
            self.assertEqual(names, [], f"{rel or '/'}: xattrs listed: {names}")
        got = errno_of(os.getxattr, self.p("letter.redacted.pdf"), XATTR_NAME)
        self.assertIn(got, (errno.ENODATA, errno.ENOTSUP, errno.EOPNOTSUPP),
                      f"getxattr {XATTR_NAME}: {errname(got)}")
        if not has:
            self.skipTest("source file system did not take the user xattr; only checked empty lists")

    def test_writes_erofs(self):
        f = self.p("letter.redacted.pdf")
        cases = [
            ("open r+", lambda: open(f, "r+b")),
            ("open a", lambda: open(f, "ab")),
            ("create", lambda: open(self.p("neu.pdf"), "wb")),
            ("O_CREAT", lambda: os.open(self.p("neu2.redacted.pdf"), os.O_WRONLY | os.O_CREAT, 0o644)),
            ("truncate", lambda: os.truncate(f, 0)),
            ("utime", lambda: os.utime(f)),
            ("mkdir", lambda: os.mkdir(self.p("neu"))),
            ("rmdir", lambda: os.rmdir(self.p("leer"))),
            ("unlink", lambda: os.unlink(f)),
            ("rename", lambda: os.rename(f, self.p("x.redacted.pdf"))),
            ("rename dir", lambda: os.rename(self.p("sub"), self.p("sub2"))),
            ("chmod", lambda: os.chmod(f, 0o666)),
            ("chown", lambda: os.chown(f, 1, 1)),
            ("symlink", lambda: os.symlink("/etc/passwd", self.p("link.pdf"))),
            ("link", lambda: os.link(f, self.p("hard.redacted.pdf"))),
            ("setxattr", lambda: os.setxattr(f, "user.x", b"1")),
            ("removexattr", lambda: os.removexattr(f, "user.x")),
        ]
        for name, fn in cases:
            with self.subTest(op=name):
                self.assertErrno(errno.EROFS, fn, msg=name)
        for cmd in (["touch", f], ["touch", self.p("neu.txt")], ["mkdir", self.p("neu")],
                    ["rm", "-f", f], ["mv", f, self.p("y.redacted.pdf")],
                    ["cp", WS.fixtures.path("letter.pdf"), self.p("kopie.pdf")]):
            with self.subTest(cmd=cmd[0]):
                r = harness.run(cmd)
                self.assertNotEqual(r.returncode, 0, describe(r))
                self.assertIn(b"Read-only file system", r.stderr, describe(r))
        self.assertEqual(set(os.listdir(self.mnt.mountpoint)),
                         {n for n in expected_files() if "/" not in n} |
                         {d for d in MIRRORED_DIRS if "/" not in d})


class TestA2_Listings(unittest.TestCase):
    """Listings read in many calls, with offsets, from a snapshot taken at
    opendir; rewinddir starts a fresh one."""

    def test_long_listing_in_many_calls_and_rewinddir(self):
        import ctypes
        src = WS.tempdir("listsrc")
        pdf = WS.fixtures.path("letter.pdf")
        names = [f"brief-{i:03d}-{'x' * 60}.pdf" for i in range(300)]
        for n in names:
            shutil.copyfile(pdf, os.path.join(src, n))
        m = WS.mount(source=src)
        m.start()
        self.addCleanup(m.stop, False)
        want = sorted(n[:-4] + ".redacted.pdf" for n in names)
        libc = ctypes.CDLL(None, use_errno=True)
        libc.opendir.restype = ctypes.c_void_p
        libc.readdir.restype = ctypes.c_void_p
        libc.readdir.argtypes = [ctypes.c_void_p]
        libc.rewinddir.argtypes = [ctypes.c_void_p]
        libc.closedir.argtypes = [ctypes.c_void_p]
        # struct dirent on x86-64: d_ino, d_off (8 each), d_reclen (2), d_type (1), d_name.
        def read_all(d):
            out = []
            while True:
                e = libc.readdir(d)
                if not e:
                    return sorted(n for n in out if n not in (".", ".."))
                out.append(ctypes.string_at(e + 19).decode())
        d = libc.opendir(m.mountpoint.encode())
        self.assertTrue(d)
        try:
            self.assertEqual(read_all(d), want)
            shutil.copyfile(pdf, os.path.join(src, "neu.pdf"))
            libc.rewinddir(d)
            self.assertEqual(read_all(d), sorted(want + ["neu.redacted.pdf"]))
        finally:
            libc.closedir(d)


    def test_every_name_is_listed_escaped_where_it_must_be(self):
        """Names with a newline, a tab, bytes that are not UTF-8, or a
        backslash are listed under an escaped form (man page, DESCRIPTION)
        and read back as the right file; a UTF-8 name is shown as it is."""
        src = WS.tempdir("oddnames")
        pdf = WS.fixtures.path("letter.pdf")
        cases = {
            b"Brief\n2024.pdf": "Brief\\x0a2024.redacted.pdf",
            b"tab\there.pdf": "tab\\x09here.redacted.pdf",
            b"M\xfcller.pdf": "M\\xfcller.redacted.pdf",
            "Müller.pdf".encode(): "Müller.redacted.pdf",
            b"back\\slash.pdf": "back\\\\slash.redacted.pdf",
            b"lit\\x41.pdf": "lit\\\\x41.redacted.pdf",
            b"litA.pdf": "litA.redacted.pdf",
        }
        for raw in cases:
            shutil.copyfile(pdf.encode(), os.path.join(src.encode(), raw))
        os.mkdir(os.path.join(src.encode(), b"Akten\xff"))
        shutil.copyfile(pdf.encode(), os.path.join(src.encode(), b"Akten\xff", b"innen.pdf"))
        m = WS.mount(source=src)
        m.start()
        self.addCleanup(m.stop, False)
        want = set(cases.values()) | {"Akten\\xff"}
        self.assertEqual(set(os.listdir(m.mountpoint)), want)
        ref = harness.read_file(m.path("litA.redacted.pdf"))
        self.assertTrue(ref.startswith(b"%PDF-"))
        for shown in sorted(cases.values()):
            self.assertEqual(harness.read_file(m.path(shown)), ref, shown)
        self.assertEqual(harness.read_file(m.path("Akten\\xff/innen.redacted.pdf")), ref)
        # A name that is not how any name is shown does not exist.
        for bogus in ("lit\\x41.redacted.pdf", "Brief\\x0A2024.redacted.pdf"):
            self.assertFalse(os.path.exists(m.path(bogus)), bogus)
        # No control character of a name reaches the log.
        self.assertNotRegex(m.log(), "[\x00-\x08\x0b-\x1f\x7f]")
        m.stop()


class TestB_Outputs(MountTest):
    """Every served PDF passes the output checks; pixels are burned where they should be."""

    def test_outputs(self):
        for rel in sorted(WS.fixtures.served):
            if rel.startswith("cold/"):
                continue
            with self.subTest(rel=rel):
                path = self.p(fixtures.mapped_name(rel))
                data = read_file(path)
                self.assertEqual(os.stat(path).st_size, len(data), "stat size != bytes read")
                harness.check_redacted_output(self, WS.fixtures.path(rel), data,
                                              WS.fixtures.all_forms(), "mount " + rel)

    def test_pixels(self):
        for rel in ("letter.pdf", "geometrie.pdf", "gedreht.pdf", "formate.pdf", "zehn.pdf",
                    "GROSS.PDF", "sub/tiefer/innen.pdf", "eigentuemer.pdf"):
            with self.subTest(rel=rel):
                check_pixels(self, rel, self.mounted_output(rel), "mount " + rel)

    def test_annotation_and_form_text_not_legible(self):
        # poppler draws FreeText contents and form field values on the page.
        # The output shows what a reader sees, so the appearance may be there,
        # but every ink pixel of its (personal) text must be burned or blank.
        h = 842
        cases = [("hostile/annots.pdf", fixtures.FREETEXT_RECT, "FreeText annotation"),
                 ("hostile/actions.pdf", (72, 500, 400, 530), "text field value")]
        for rel, (x0, y0, x1, y1), what in cases:
            with self.subTest(rel=rel):
                box = (x0 + 4, h - y1 + 4, x1 - 4, h - y0 - 4)
                src = harness.render_gray(WS.fixtures.path(rel), 1)
                self.assertGreater(src.dark_fraction(box, threshold=128), 0.01,
                                   "fixture: poppler should draw the text in the source")
                out_path = os.path.join(WS.tempdir("annot"), "o.pdf")
                with open(out_path, "wb") as f:
                    f.write(self.mounted_output(rel))
                out = harness.render_gray(out_path, 1)
                px0, py0, px1, py1 = src.region(box, 150)
                ink = [(x, y) for y in range(py0, py1) for x in range(px0, px1)
                       if src.data[y * src.width + x] < 128]
                dark = sum(1 for x, y in ink if out.data[y * out.width + x] < 64)
                blank = out.dark_fraction(box, threshold=128) <= 0.005
                self.assertTrue(blank or dark >= 0.98 * len(ink),
                                f"{rel}: the {what} ({what} holds personal data) is rendered legibly "
                                f"into the output pixels: {dark}/{len(ink)} of its ink pixels burned; "
                                f"it must be left out or burned")

    def test_same_bytes_as_cli_and_deterministic(self):
        rel = "letter.pdf"
        a = self.mounted_output(rel)
        b = self.mounted_output(rel)
        self.assertEqual(a, b, "two reads of the same file differ")
        cli = cli_redact([rel])[rel]
        self.assertEqual(hashlib.sha256(a).hexdigest(), hashlib.sha256(cli).hexdigest(),
                         f"mount output ({len(a)} bytes) != redactfs redact output ({len(cli)} bytes)")


def check_pixels(tc, rel, out, label):
    harness.check_pixels(tc, WS.fixtures, rel, out, WS.tempdir("px"), label)


class TestC_ColdReaders(MountTest):
    """Each tool gets its own never-opened file; all must read the complete output."""

    @classmethod
    def setUpClass(cls):
        rels = [f"cold/{n}.pdf" for n in fixtures.COLD_READERS]
        rels += [r for r in WS.fixtures.served if r.startswith("cold/tar/") or r.startswith("cold/rsync/")]
        cls.expected = cli_redact(rels)  # before the mount: no CPU contention with reads
        super().setUpClass()

    def check_same(self, rel: str, got: bytes, tool: str):
        want = self.expected[rel]
        self.assertEqual(len(got), len(want), f"{tool} read {len(got)} bytes of {rel} on first "
                                              f"access, redact CLI gives {len(want)}")
        self.assertTrue(got == want, f"{tool}: bytes differ from the redact CLI output for {rel}")
        path = self.p(fixtures.mapped_name(rel))
        self.assertEqual(os.stat(path).st_size, len(want), f"stat size after {tool} read")

    def test_cat(self):
        rel = "cold/cat.pdf"
        r = harness.run(["cat", self.p(fixtures.mapped_name(rel))])
        self.assertEqual(r.returncode, 0, describe(r))
        self.check_same(rel, r.stdout, "cat")

    def test_cp(self):
        rel = "cold/cp.pdf"
        dest = os.path.join(WS.tempdir("cp"), "x.pdf")
        r = harness.run(["cp", self.p(fixtures.mapped_name(rel)), dest])
        self.assertEqual(r.returncode, 0, describe(r))
        self.check_same(rel, read_file(dest), "cp")

    def test_sha256sum(self):
        rel = "cold/sha256sum.pdf"
        r = harness.run(["sha256sum", self.p(fixtures.mapped_name(rel))])
        self.assertEqual(r.returncode, 0, describe(r))
        want = hashlib.sha256(self.expected[rel]).hexdigest()
        self.assertEqual(r.stdout.split()[0].decode(), want, "sha256sum of the cold file")

    def test_python_read(self):
        rel = "cold/python_read.pdf"
        self.check_same(rel, read_file(self.p(fixtures.mapped_name(rel))), "python read")

    def _mmap(self, rel, access, flags_name):
        path = self.p(fixtures.mapped_name(rel))
        fd = os.open(path, os.O_RDONLY)
        try:
            size = os.fstat(fd).st_size
            if access is mmap.ACCESS_COPY:
                m = mmap.mmap(fd, 0, access=mmap.ACCESS_COPY)  # MAP_PRIVATE
            else:
                m = mmap.mmap(fd, 0, flags=mmap.MAP_SHARED, prot=mmap.PROT_READ)
            with m:
                data = bytes(m[:])
        finally:
            os.close(fd)
        self.assertEqual(size, len(data), f"{flags_name}: fstat size != mapped length")
        self.check_same(rel, data, f"mmap {flags_name}")

    def test_mmap_shared(self):
        self._mmap("cold/mmap_shared.pdf", None, "MAP_SHARED")

    def test_mmap_private(self):
        self._mmap("cold/mmap_private.pdf", mmap.ACCESS_COPY, "MAP_PRIVATE")

    def test_pdfinfo_first(self):
        rel = "cold/pdfinfo.pdf"
        r = harness.run(["pdfinfo", self.p(fixtures.mapped_name(rel))])
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertRegex(r.stdout.decode(), r"Pages:\s+2\b")
        self.check_same(rel, read_file(self.p(fixtures.mapped_name(rel))), "pdfinfo")

    def test_qpdf_first(self):
        rel = "cold/qpdf.pdf"
        r = harness.run(["qpdf", "--check", self.p(fixtures.mapped_name(rel))])
        self.assertEqual(r.returncode, 0, describe(r))
        self.check_same(rel, read_file(self.p(fixtures.mapped_name(rel))), "qpdf")

    def test_tar(self):
        d = WS.tempdir("tar")
        archive = os.path.join(d, "a.tar")
        r = harness.run(["tar", "-C", self.p("cold"), "-cf", archive, "tar"])
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertEqual(r.stderr, b"", f"tar warned: {r.stderr!r}")
        out = os.path.join(d, "x")
        os.makedirs(out)
        r = harness.run(["tar", "-C", out, "-xf", archive])
        self.assertEqual(r.returncode, 0, describe(r))
        rels = sorted(r for r in self.expected if r.startswith("cold/tar/"))
        self.assertEqual(sorted(os.listdir(os.path.join(out, "tar"))),
                         sorted(os.path.basename(fixtures.mapped_name(r)) for r in rels))
        for rel in rels:
            got = read_file(os.path.join(out, "tar", os.path.basename(fixtures.mapped_name(rel))))
            self.check_same(rel, got, "tar")

    def test_rsync(self):
        dest = WS.tempdir("rsync")
        r = harness.run(["rsync", "-a", self.p("cold/rsync") + "/", dest + "/"])
        self.assertEqual(r.returncode, 0, describe(r))
        rels = sorted(r for r in self.expected if r.startswith("cold/rsync/"))
        self.assertEqual(sorted(os.listdir(dest)),
                         sorted(os.path.basename(fixtures.mapped_name(r)) for r in rels))
        for rel in rels:
            got = read_file(os.path.join(dest, os.path.basename(fixtures.mapped_name(rel))))
            self.check_same(rel, got, "rsync")

    def test_concurrent_first_opens(self):
        rel = "cold/concurrent.pdf"
        path = self.p(fixtures.mapped_name(rel))
        barrier = threading.Barrier(4)

        def reader(_):
            barrier.wait()
            return read_file(path)

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            results = list(pool.map(reader, range(4)))
        for i, data in enumerate(results):
            self.check_same(rel, data, f"concurrent reader {i}")

    def test_warm_readers_agree(self):
        # all tools on one (by now warm) file give the same bytes
        path = self.p("letter.redacted.pdf")
        ref = read_file(path)
        d = WS.tempdir("warm")
        harness.run(["cp", path, os.path.join(d, "cp.pdf")])
        got = {
            "cat": harness.run(["cat", path]).stdout,
            "cp": read_file(os.path.join(d, "cp.pdf")),
        }
        with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ) as m:
            got["mmap"] = bytes(m[:])
        for tool, data in got.items():
            self.assertEqual(data, ref, f"{tool} differs from read()")
        r = harness.run(["sha256sum", path])
        self.assertEqual(r.stdout.split()[0].decode(), hashlib.sha256(ref).hexdigest())


class TestD_Errors(MountTest):
    """Damaged and encrypted sources; what the log says. (test_z_* run last.)"""

    def test_damaged_eio_and_mount_stays_up(self):
        for rel in ("kaputt.pdf", "abgeschnitten.pdf"):
            with self.subTest(rel=rel):
                path = self.p(fixtures.mapped_name(rel))
                self.assertGreater(os.stat(path).st_size, 0)
                self.assertErrno(errno.EIO, read_file, path, msg=f"read {rel}")
                self.assertErrno(errno.EIO, read_file, path, msg=f"second read {rel}")
                self.assertTrue(self.mnt.is_mounted(), "mount went away after a damaged file")
                self.assertIsNone(self.mnt.proc.poll(), "redactfs exited after a damaged file")
                self.assertIn("letter.redacted.pdf", os.listdir(self.mnt.mountpoint))
        data = read_file(self.p("sub/tiefer/innen.redacted.pdf"))
        self.assertTrue(data.startswith(b"%PDF-"), "other files unreadable after EIO")

    def test_user_password_eacces(self):
        path = self.p("passwort.redacted.pdf")
        self.assertErrno(errno.EACCES, read_file, path, msg="read passwort.redacted.pdf")
        self.assertTrue(self.mnt.is_mounted())
        self.assertRegex(self.mnt.log().lower(), r"password|passwort",
                         "the log should say that a password is needed")

    def test_owner_password_works(self):
        rel = "eigentuemer.pdf"
        data = self.mounted_output(rel)
        harness.check_redacted_output(self, WS.fixtures.path(rel), data, WS.fixtures.all_forms(),
                                      "mount " + rel)

    def test_z_log_lines(self):
        read_file(self.p("letter.redacted.pdf"))
        read_file(self.p("hostile/info.redacted.pdf"))
        errno_of(read_file, self.p("kaputt.redacted.pdf"))
        errno_of(read_file, self.p("passwort.redacted.pdf"))
        time.sleep(0.2)
        log = self.mnt.log()
        lines = log.splitlines()
        letter = [l for l in lines if "letter" in l]
        self.assertTrue(letter, f"no log line for the served letter:\n{log[-2000:]}")
        line = letter[-1]
        self.assertRegex(line, r"\bms\s*[=:]?\s*\d+|\d+\s*ms\b",
                         f"served line without a time in ms: {line!r}")
        self.assertRegex(line.lower(), r"email|e-mail", f"served line without category counts: {line!r}")
        self.assertRegex(line.lower(), r"iban", f"served line without category counts: {line!r}")
        self.assertNotIn(WS.fixtures.root, line, "log line carries an absolute source path")
        self.assertTrue([l for l in lines if "kaputt" in l], "no log line for the damaged file")

    def test_z_log_has_no_personal_data(self):
        # run after the other tests of this class (all of them read files)
        log = self.mnt.log()
        self.assertTrue(log.strip(), "the mount logged nothing")
        for s in WS.fixtures.all_forms():
            self.assertNotIn(s, log, "a personal string reached the log")


class TestE_Lifecycle(unittest.TestCase):
    """Signals, daemon forms, options."""

    def start(self, *args, name="life") -> harness.Mount:
        m = WS.mount(*args, name=name)
        m.start()
        self.addCleanup(m.stop)
        return m

    def _signal(self, sig):
        m = self.start(name=f"sig{sig}")
        ino = os.stat(m.path("letter.redacted.pdf")).st_ino
        self.assertTrue(read_file(m.path("sub/tiefer/innen.redacted.pdf")).startswith(b"%PDF-"))
        m.proc.send_signal(sig)
        try:
            rc = m.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.fail(f"redactfs did not exit within 20 s of signal {sig}")
        self.assertTrue(harness.wait_for(lambda: not m.is_mounted(), 5),
                        f"mount still there after signal {sig}")
        self.assertEqual(rc, 0, f"exit code after signal {sig}; log:\n{m.log()[-2000:]}")
        return ino

    def test_sigterm_unmounts_cleanly(self):
        self.__class__.ino_term = self._signal(signal.SIGTERM)

    def test_sigint_unmounts_cleanly(self):
        self.__class__.ino_int = self._signal(signal.SIGINT)

    def test_z_inodes_stable_across_mounts(self):
        a, b = getattr(self, "ino_term", None), getattr(self, "ino_int", None)
        if a is None or b is None:
            self.skipTest("needs both signal tests")
        self.assertEqual(a, b, "inode of letter.redacted.pdf differs between two mounts")

    def test_mount_point_checks(self):
        """A mount point inside the source (the mount would show itself), one
        already mounted on, or one holding files (hidden unless -o nonempty)
        is refused with a one-line reason and a sysexits code, before
        anything is mounted. df and /proc/mounts name the source."""
        src = os.path.realpath(WS.fixtures.root)

        def attempt(mnt, *extra):
            return subprocess.run([harness.binary(), "mount", src, mnt, *extra], env=WS.env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)

        for mnt, code, why in ((os.path.join(src, "sub"), 64, b"inside it"), (src, 64, b"inside it")):
            r = attempt(mnt)
            self.assertEqual(r.returncode, code, harness.describe(r))
            self.assertIn(why, r.stderr)
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
            self.assertIsNone(harness.mount_entry(mnt))
        full = WS.tempdir("full")
        with open(os.path.join(full, "notiz.txt"), "w") as f:
            f.write("x")
        r = attempt(full)
        self.assertEqual(r.returncode, 73, harness.describe(r))
        self.assertIn(b"not empty", r.stderr)
        self.assertIsNone(harness.mount_entry(full))
        m = self.start(name="checks")
        r = attempt(m.mountpoint)
        self.assertEqual(r.returncode, 73, harness.describe(r))
        self.assertIn(b"already has", r.stderr)
        entry = harness.mount_entry(m.mountpoint)
        self.assertEqual((entry[0], entry[2]), (src, "fuse.redactfs"))
        df = harness.run(["df", "--output=source", m.mountpoint]).stdout.decode().splitlines()
        self.assertEqual(df[-1].strip(), src)
        # -o nonempty mounts over the files. The daemon goes to the
        # background and keeps its output open: a file, not a pipe, takes it.
        self.addCleanup(harness.unmount, full)
        with open(os.path.join(WS.work, "nonempty.log"), "wb") as out:
            r = subprocess.run([harness.binary(), "mount", src, full, "-o", "nonempty"], env=WS.env,
                               stdin=subprocess.DEVNULL, stdout=out, stderr=out, timeout=60)
        self.assertEqual(r.returncode, 0, harness.read_file(os.path.join(WS.work, "nonempty.log")))
        self.assertTrue(harness.wait_for(lambda: harness.mount_entry(full) is not None, 10))
        self.assertIn("letter.redacted.pdf", os.listdir(full))
        self.assertEqual(harness.unmount(full) is not None, True)
        self.assertTrue(harness.wait_for(lambda: harness.mount_entry(full) is None, 10))
        self.assertEqual(os.listdir(full), ["notiz.txt"])

    def test_dpi_option(self):
        m = self.start("--dpi", "72", name="dpi")
        width = image_width(read_file(m.path("sub/tiefer/innen.redacted.pdf")))
        # A4 is 595.28 pt: 595.28 px at 72 dpi, rounded either way
        self.assertIn(width, (595, 596), f"A4 at --dpi 72 is {width} px wide")

    def _daemon(self, args: list[str], name: str, expect_dpi: int | None = None):
        mnt = WS.tempdir(name)
        log = os.path.join(WS.work, name + ".log")
        with open(log, "wb") as out:
            r = subprocess.run(args(mnt), stdout=out, stderr=out, stdin=subprocess.DEVNULL,
                               env=self.env(), timeout=60)
        pids = harness.processes_mentioning(mnt)

        def cleanup():
            harness.unmount(mnt)
            if not harness.wait_for(lambda: not [p for p in pids if os.path.exists(f"/proc/{p}")], 10):
                for p in pids:
                    try:
                        os.kill(p, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        self.addCleanup(cleanup)
        self.assertEqual(r.returncode, 0, f"{' '.join(r.args)}\n{read_file(log)[-2000:]!r}")
        entry = harness.mount_entry(mnt)
        self.assertIsNotNone(entry, "the command returned but nothing is mounted")
        self.assertEqual(entry[2], harness.FSTYPE)
        self.assertIn("ro", entry[3].split(","), f"mount options {entry[3]}")
        self.assertTrue(pids, "no daemon process found for the mount")
        data = read_file(os.path.join(mnt, "sub/tiefer/innen.redacted.pdf"))
        if expect_dpi:
            want = 595.2756 * expect_dpi / 72
            self.assertLess(abs(image_width(data) - want), 1.0, f"image width at dpi={expect_dpi}")
        done = harness.unmount(mnt)
        self.assertIsNone(harness.mount_entry(mnt), f"left mounted: {done}")
        self.assertTrue(harness.wait_for(lambda: not [p for p in pids if os.path.exists(f"/proc/{p}")
                                                       and not is_zombie(p)], 10),
                        f"daemon {pids} still running after unmount")

    def env(self):
        return WS.env

    def test_daemon_mount(self):
        self._daemon(lambda mnt: [harness.binary(), "mount", WS.fixtures.root, mnt], "daemon")

    def test_mount_fuse3_form(self):
        self._daemon(lambda mnt: [harness.binary(), WS.fixtures.root, mnt, "-o", "ro,dpi=100"],
                     "optform", expect_dpi=100)

    def test_mount_dot_fuse3(self):
        helper = shutil.which("mount.fuse3") or "/sbin/mount.fuse3"
        if not os.path.exists(helper):
            self.skipTest("mount.fuse3 not installed")
        bindir = WS.tempdir("bin")
        os.symlink(harness.binary(), os.path.join(bindir, "redactfs"))
        env = dict(WS.env, PATH=bindir + ":" + WS.env.get("PATH", "/usr/bin:/bin"))
        self.env = lambda: env
        self._daemon(lambda mnt: [helper, WS.fixtures.root, mnt, "-t", "redactfs", "-o", "ro,dpi=100"],
                     "mountfuse3", expect_dpi=100)


def is_zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def image_width(pdf: bytes) -> int:
    with open(os.path.join(WS.tempdir("img"), "o.pdf"), "wb") as f:
        f.write(pdf)
    r = harness.run(["pdfimages", "-list", f.name])
    rows = [l.split() for l in r.stdout.decode().splitlines()[2:] if l.strip()]
    if not rows:
        raise AssertionError(f"no image in output\n{describe(r)}")
    return int(rows[0][3])


class TestF_Responsiveness(MountTest):
    """A slow render must not block unrelated calls."""

    def test_stat_while_rendering(self):
        done = threading.Event()
        result = {}

        def render():
            try:
                t0 = time.monotonic()
                result["bytes"] = len(read_file(self.p("zehn.redacted.pdf")))
                result["seconds"] = time.monotonic() - t0
            except OSError as e:
                result["error"] = e
            finally:
                done.set()

        t = threading.Thread(target=render)
        t.start()
        worst = 0.0
        n = 0
        while not done.is_set() and n < 200:
            t0 = time.monotonic()
            os.stat(self.p("letter.redacted.pdf"))
            os.listdir(self.p("sub"))
            worst = max(worst, time.monotonic() - t0)
            n += 1
            time.sleep(0.05)
        t.join(120)
        self.assertNotIn("error", result)
        self.assertLess(worst, 1.0, f"stat/readdir took {worst:.2f}s while a render ran "
                                    f"({result.get('seconds', 0):.1f}s render)")


class TestZ_SourceUntouched(unittest.TestCase):
    def test_source_tree_unchanged(self):
        self.assertEqual(snapshot(WS.fixtures.root), SOURCE_SNAPSHOT,
                         "the source tree changed while mounted")


if __name__ == "__main__":
    unittest.main()
