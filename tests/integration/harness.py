"""Helpers for the redactfs integration tests: the binary, mounts, checks.

* ``Mount`` starts ``redactfs mount SRC MNT --foreground`` with its stderr in
  a log file, waits until /proc/mounts shows ``fuse.redactfs`` at MNT, and on
  ``stop()`` unmounts (``fusermount3 -u``, then ``-uz``), waits for the
  process and raises AssertionError if a mount was left behind. Register
  ``stop`` with ``addCleanup`` / ``addClassCleanup`` so it always runs.
* ``check_redacted_output`` runs every "pixels only" check on an output.
* ``page_words`` / ``phrase_box`` / ``render_gray`` / ``dark_fraction`` find
  where a string is on a source page and measure how dark that area is on
  the output.
"""

from __future__ import annotations

import dataclasses
import errno
import html
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FSTYPE = "fuse.redactfs"
EX_USAGE = 64

# Names that must never appear in an output, raw or decompressed.
FORBIDDEN_NAMES = [b"/Info", b"/Metadata", b"/Annots", b"/EmbeddedFiles", b"/OpenAction",
                   b"/AcroForm", b"/Outlines", b"/Font", b"/JavaScript"]


def binary() -> str:
    path = os.environ.get("REDACTFS_BIN", ".build/debug/redactfs")
    if not os.path.isabs(path):
        path = os.path.join(REPO_ROOT, path)
    return path


def require_binary() -> str:
    """The binary path; a missing binary is an error, not a skip (CI must not go green)."""
    path = binary()
    if not os.access(path, os.X_OK):
        raise AssertionError(f"redactfs binary not found at {path}: run `swift build` "
                             "or set REDACTFS_BIN")
    return path


def fuse_unusable_reason() -> str | None:
    """None when FUSE mounts can be tried here, otherwise why not."""
    if not os.path.exists("/dev/fuse"):
        return "/dev/fuse does not exist"
    try:
        fd = os.open("/dev/fuse", os.O_RDWR)
        os.close(fd)
    except OSError as e:
        return f"/dev/fuse cannot be opened: {e}"
    if shutil.which("fusermount3") is None:
        return "fusermount3 is not installed"
    return None


def require_mountable():
    """The binary must exist; skip (with the reason) where FUSE cannot mount."""
    require_binary()
    reason = fuse_unusable_reason()
    if reason:
        raise unittest.SkipTest(reason)


def make_env(home: str) -> dict:
    """Environment for the binary: config, cache and data in a private folder."""
    env = dict(os.environ)
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                     ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
        env[var] = os.path.join(home, sub)
        os.makedirs(env[var], exist_ok=True)
    env.pop("NOTIFY_SOCKET", None)
    env.pop("CREDENTIALS_DIRECTORY", None)
    return env


def scratch(cls, prefix: str) -> tuple[str, str, dict]:
    """For a test class's setUpClass: a private folder (removed after the
    class), an empty `src` folder in it and an environment whose config and
    cache live there. Returns (base, src, env)."""
    base = tempfile.mkdtemp(prefix=prefix)
    cls.addClassCleanup(shutil.rmtree, base, True)
    src = os.path.join(base, "src")
    os.makedirs(src)
    return base, src, make_env(os.path.join(base, "home"))


def assert_burned(tc, darkness: dict[str, float], label: str, control: str | None = None):
    """`darkness` maps each planted string to the dark share of its box in
    an output: every personal string at least 95% dark, the control word
    (which must stay readable) under half."""
    for text, frac in darkness.items():
        if text == control:
            tc.assertLess(frac, 0.5, f"{label}: the control word is {frac:.0%} dark "
                                     "(over-redaction or misplaced boxes)")
        else:
            tc.assertGreaterEqual(frac, 0.95, f"{label}: a personal string is only {frac:.0%} dark")


def run(args: list[str], timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    """Run a tool, capture bytes output. Never raises on a non-zero exit."""
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(args, timeout=timeout, **kw)


def redactfs(*args: str, env: dict | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    return run([binary(), *args], env=env, timeout=timeout)


def describe(r: subprocess.CompletedProcess) -> str:
    return (f"command: {' '.join(map(str, r.args))}\nexit: {r.returncode}\n"
            f"stdout: {r.stdout[-2000:]!r}\nstderr: {r.stderr[-2000:]!r}")


# --------------------------------------------------------------------------
# Mounts


def _unescape_mount_field(s: str) -> str:
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), s)


def mount_entries() -> list[tuple[str, str, str, str]]:
    out = []
    with open("/proc/mounts") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4:
                out.append(tuple(_unescape_mount_field(p) for p in parts[:4]))
    return out


def mount_entry(mountpoint: str):
    mountpoint = os.path.realpath(mountpoint)
    for src, mnt, fstype, opts in mount_entries():
        if mnt == mountpoint:
            return (src, mnt, fstype, opts)
    return None


def wait_for(pred, timeout: float, interval: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        if pred():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(interval)


def unmount(mountpoint: str) -> list[str]:
    """Unmount with fusermount3 -u, falling back to -uz. Returns what was done."""
    done = []
    if mount_entry(mountpoint) is None:
        return done
    for attempt in range(3):
        r = run(["fusermount3", "-u", mountpoint], timeout=30)
        done.append(f"fusermount3 -u -> {r.returncode} {r.stderr.decode(errors='replace').strip()}")
        if r.returncode == 0 or mount_entry(mountpoint) is None:
            return done
        time.sleep(0.3)
    r = run(["fusermount3", "-uz", mountpoint], timeout=30)
    done.append(f"fusermount3 -uz -> {r.returncode} {r.stderr.decode(errors='replace').strip()}")
    return done


def processes_mentioning(text: str) -> list[int]:
    """PIDs whose command line contains text (to find a daemonized redactfs)."""
    pids = []
    needle = text.encode()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if needle in cmd and int(name) != os.getpid():
            pids.append(int(name))
    return pids


class Mount:
    """A redactfs mount in the foreground, for one test or one class."""

    def __init__(self, source: str, workdir: str, env: dict, args: tuple[str, ...] = (),
                 name: str = "mnt", timeout: float = 30):
        self.source = source
        self.mountpoint = os.path.join(workdir, name)
        self.log_path = os.path.join(workdir, name + ".log")
        self.stdout_path = os.path.join(workdir, name + ".stdout")
        self.env = env
        self.args = tuple(args)
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.returncode: int | None = None
        os.makedirs(self.mountpoint, exist_ok=True)

    def command(self) -> list[str]:
        return [binary(), "mount", self.source, self.mountpoint, "--foreground", *self.args]

    def start(self) -> "Mount":
        require_mountable()
        assert mount_entry(self.mountpoint) is None, f"{self.mountpoint} is already mounted"
        log = open(self.log_path, "ab")
        out = open(self.stdout_path, "ab")
        try:
            self.proc = subprocess.Popen(self.command(), stdout=out, stderr=log,
                                         stdin=subprocess.DEVNULL, env=self.env)
        finally:
            log.close()
            out.close()

        def ready():
            e = mount_entry(self.mountpoint)
            return (e is not None and e[2] == FSTYPE) or self.proc.poll() is not None

        ok = wait_for(ready, self.timeout)
        entry = mount_entry(self.mountpoint)
        if entry is None or entry[2] != FSTYPE:
            rc = self.proc.poll()
            self.stop(check=False)
            raise AssertionError(
                f"mount did not appear within {self.timeout}s (ready={ok}, exit={rc}, "
                f"entry={entry})\ncommand: {' '.join(self.command())}\nlog:\n{self.log()}")
        return self

    def __enter__(self) -> "Mount":
        return self.start()

    def __exit__(self, *exc):
        self.stop(check=exc[0] is None)
        return False

    def path(self, rel: str = "") -> str:
        return os.path.join(self.mountpoint, rel)

    def log(self) -> str:
        try:
            with open(self.log_path, "rb") as f:
                log = f.read().decode("utf-8", errors="replace")
            with open(self.stdout_path, "rb") as f:
                out = f.read().decode("utf-8", errors="replace")
        except OSError:
            return ""
        return log + (("\n[stdout]\n" + out) if out else "")

    def is_mounted(self) -> bool:
        return mount_entry(self.mountpoint) is not None

    def stop(self, check: bool = True):
        """Unmount, wait for the process; AssertionError if a mount is left."""
        if self.proc is None:
            return
        actions = unmount(self.mountpoint)
        try:
            self.returncode = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.returncode = self.proc.wait(timeout=10)
            actions.append("process did not exit after unmount: killed")
        proc, self.proc = self.proc, None
        left = mount_entry(self.mountpoint)
        if left is not None:
            run(["fusermount3", "-uz", self.mountpoint], timeout=30)
        if check and left is not None:
            raise AssertionError(f"mount left behind at {self.mountpoint}: {left}; {actions}")
        if check and "killed" in " ".join(actions):
            raise AssertionError(f"redactfs (pid {proc.pid}) did not exit after unmount; log:\n"
                                 f"{self.log()[-3000:]}")


# --------------------------------------------------------------------------
# Reading PDFs with poppler / qpdf


@dataclasses.dataclass
class PageInfo:
    width: float  # pdfinfo "size" (the crop box), before rotation
    height: float
    rotate: int

    @property
    def displayed(self) -> tuple[float, float]:
        if self.rotate % 180 == 90:
            return (self.height, self.width)
        return (self.width, self.height)


def pdf_pages(path: str) -> list[PageInfo]:
    r = run(["pdfinfo", "-f", "1", "-l", "100000", path], timeout=60)
    if r.returncode != 0:
        raise AssertionError(f"pdfinfo failed on {path}: {r.stderr!r}")
    text = r.stdout.decode(errors="replace")
    sizes = {int(m.group(1)): (float(m.group(2)), float(m.group(3))) for m in
             re.finditer(r"^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts", text, re.M)}
    rots = {int(m.group(1)): int(m.group(2)) for m in
            re.finditer(r"^Page\s+(\d+) rot:\s+(-?\d+)", text, re.M)}
    count = int(re.search(r"^Pages:\s+(\d+)", text, re.M).group(1))
    return [PageInfo(*sizes[i], rots.get(i, 0) % 360) for i in range(1, count + 1)]


def page_words(pdf_path: str, page: int) -> list[tuple[str, float, float, float, float]]:
    """Words on a page, boxes in points, top-left origin, displayed orientation."""
    r = run(["pdftotext", "-cropbox", "-bbox-layout", "-f", str(page), "-l", str(page),
             pdf_path, "-"], timeout=60)
    if r.returncode != 0:
        raise AssertionError(f"pdftotext -bbox-layout failed on {pdf_path}: {r.stderr!r}")
    words = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                         r'(.*?)</word>', r.stdout.decode("utf-8", errors="replace")):
        words.append((html.unescape(m.group(5)), *(float(m.group(i)) for i in range(1, 5))))
    return words


def phrase_box(words, phrase: str) -> tuple[float, float, float, float] | None:
    """Union box of the first run of consecutive words that spells phrase."""
    want = phrase.split()
    texts = [w[0] for w in words]
    for i in range(len(texts) - len(want) + 1):
        if texts[i:i + len(want)] == want:
            boxes = words[i:i + len(want)]
            return (min(b[1] for b in boxes), min(b[2] for b in boxes),
                    max(b[3] for b in boxes), max(b[4] for b in boxes))
    return None


@dataclasses.dataclass
class Gray:
    width: int
    height: int
    data: bytes

    def region(self, box_pts, dpi: float, shrink: int = 1):
        s = dpi / 72.0
        x0 = int(box_pts[0] * s + 0.999) + shrink
        y0 = int(box_pts[1] * s + 0.999) + shrink
        x1 = int(box_pts[2] * s) - shrink
        y1 = int(box_pts[3] * s) - shrink
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, self.width), min(y1, self.height)
        return x0, y0, x1, y1

    def dark_fraction(self, box_pts, dpi: float = 150, shrink: int = 1, threshold: int = 64) -> float:
        x0, y0, x1, y1 = self.region(box_pts, dpi, shrink)
        if x1 <= x0 or y1 <= y0:
            raise AssertionError(f"empty pixel region for box {box_pts} on {self.width}x{self.height}")
        dark = total = 0
        for y in range(y0, y1):
            row = self.data[y * self.width + x0:y * self.width + x1]
            total += len(row)
            dark += sum(1 for v in row if v < threshold)
        return dark / total


    def dark_fraction_in_turned_box(self, box_pts, degrees: float, dpi: float = 150, margin: float = 1.5,
                                    threshold: int = 64) -> float:
        """Dark share of the rectangle turned by `degrees` (clockwise, y down)
        whose bounding box is `box_pts`: the box of a phrase on a tilted page
        holds paper beside the phrase that no burn needs to cover."""
        import math
        s = dpi / 72.0
        bx0, by0, bx1, by1 = (v * s for v in box_pts)
        W, H = bx1 - bx0, by1 - by0
        phi = math.radians(degrees)
        c, n = abs(math.cos(phi)), abs(math.sin(phi))
        det = c * c - n * n
        if abs(det) < 0.2:
            raise AssertionError(f"angle {degrees} too close to 45 degrees to recover the box")
        length, thick = (c * W - n * H) / det, (c * H - n * W) / det
        cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
        ux, uy = math.cos(phi), math.sin(phi)
        dark = total = 0
        for y in range(max(0, int(by0)), min(self.height, int(by1) + 1)):
            for x in range(max(0, int(bx0)), min(self.width, int(bx1) + 1)):
                dx, dy = x + 0.5 - cx, y + 0.5 - cy
                if abs(dx * ux + dy * uy) <= length / 2 - margin and abs(-dx * uy + dy * ux) <= thick / 2 - margin:
                    total += 1
                    dark += self.data[y * self.width + x] < threshold
        if total == 0:
            raise AssertionError(f"empty turned box {box_pts} at {degrees} degrees")
        return dark / total


def parse_pgm(data: bytes) -> Gray:
    tokens, pos = [], 0
    while len(tokens) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        tokens.append(data[start:pos])
    pos += 1  # one whitespace byte after maxval
    if tokens[0] != b"P5" or int(tokens[3]) != 255:
        raise AssertionError(f"unexpected PGM header {tokens}")
    w, h = int(tokens[1]), int(tokens[2])
    pixels = data[pos:pos + w * h]
    if len(pixels) != w * h:
        raise AssertionError("short PGM")
    return Gray(w, h, pixels)


def render_gray(pdf_path: str, page: int, dpi: int = 150) -> Gray:
    with tempfile.TemporaryDirectory() as d:
        prefix = os.path.join(d, "p")
        r = run(["pdftoppm", "-cropbox", "-r", str(dpi), "-gray", "-f", str(page), "-l", str(page),
                 "-singlefile", pdf_path, prefix], timeout=120)
        if r.returncode != 0:
            raise AssertionError(f"pdftoppm failed on {pdf_path} page {page}: {r.stderr!r}")
        with open(prefix + ".pgm", "rb") as f:
            return parse_pgm(f.read())


# --------------------------------------------------------------------------
# The output checks


def encodings(s: str) -> list[bytes]:
    out = [s.encode("utf-8")]
    try:
        out.append(s.encode("latin-1"))
    except UnicodeEncodeError:
        pass
    out.append(s.encode("utf-16-be"))
    return list(dict.fromkeys(out))


def qdf_bytes(pdf_path: str) -> bytes:
    """qpdf --qdf --object-streams=disable: every stream it can decode, decoded."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "q.pdf")
        r = run(["qpdf", "--qdf", "--object-streams=disable", "--decode-level=all",
                 pdf_path, out], timeout=120)
        if r.returncode not in (0, 3):
            raise AssertionError(f"qpdf --qdf failed ({r.returncode}): {r.stderr!r}")
        with open(out, "rb") as f:
            return f.read()


def check_redacted_output(tc: unittest.TestCase, source_path: str, output: bytes,
                          forbidden: list[str], label: str = ""):
    """Every "pixels only" check on one output (bytes) against its source."""
    label = label or os.path.basename(source_path)
    tc.assertTrue(output.startswith(b"%PDF-"), f"{label}: output does not start with %PDF-")
    with open(source_path, "rb") as f:
        source = f.read()
    tc.assertNotEqual(output, source, f"{label}: output is the original file")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "out.pdf")
        with open(path, "wb") as f:
            f.write(output)

        r = run(["qpdf", "--check", path], timeout=120)
        tc.assertEqual(r.returncode, 0, f"{label}: qpdf --check\n{describe(r)}")

        r = run(["pdftotext", path, "-"], timeout=120)
        tc.assertEqual(r.returncode, 0, f"{label}: pdftotext\n{describe(r)}")
        text = r.stdout.decode("utf-8", errors="replace")
        tc.assertEqual(re.sub(r"\s", "", text), "", f"{label}: pdftotext found text: {text[:300]!r}")

        qdf = qdf_bytes(path)
        for name in FORBIDDEN_NAMES:
            for what, blob in (("raw", output), ("decompressed", qdf)):
                # a name is followed by a delimiter, whitespace or the end
                hit = re.search(re.escape(name) + rb"(?![A-Za-z0-9])", blob)
                tc.assertIsNone(hit, f"{label}: {name.decode()} found in {what} bytes at "
                                     f"{hit.start() if hit else 0}")

        src_pages = pdf_pages(source_path)
        out_pages = pdf_pages(path)
        tc.assertEqual(len(out_pages), len(src_pages), f"{label}: page count")
        for i, (s, o) in enumerate(zip(src_pages, out_pages), start=1):
            sw, sh = s.displayed
            ow, oh = o.displayed
            tc.assertTrue(abs(sw - ow) <= 0.01 and abs(sh - oh) <= 0.01,
                          f"{label}: page {i} displayed size {ow} x {oh} pts (rot {o.rotate}), "
                          f"source {sw} x {sh} pts (rot {s.rotate})")

        for secret in forbidden:
            for enc in encodings(secret):
                for what, blob in (("raw", output), ("decompressed", qdf)):
                    tc.assertNotIn(enc, blob, f"{label}: personal string {secret!r} found in "
                                              f"{what} output bytes")


def errno_of(fn, *args) -> int | None:
    """Call fn; return the errno of the OSError it raised, or None."""
    try:
        fn(*args)
    except OSError as e:
        return e.errno
    return None


def errname(n) -> str:
    return errno.errorcode.get(n, str(n)) if n is not None else "no error"


def read_file(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


# --------------------------------------------------------------------------
# Per-module workspace


class Workspace:
    """Fixtures generated once per test module, in a private temp folder."""

    def __init__(self, prefix: str):
        import fixtures  # local import: fixtures needs pycairo

        self.base = tempfile.mkdtemp(prefix=prefix)
        self.fixtures = fixtures.build(os.path.join(self.base, "fx"))
        self.env = make_env(os.path.join(self.base, "home"))
        self.work = os.path.join(self.base, "work")
        os.makedirs(self.work)
        self._n = 0

    def tempdir(self, name: str = "t") -> str:
        self._n += 1
        d = os.path.join(self.work, f"{name}{self._n}")
        os.makedirs(d)
        return d

    def mount(self, *args: str, name: str = "mnt", source: str | None = None) -> Mount:
        return Mount(source or self.fixtures.root, self.tempdir(name), self.env, args=args)

    def cleanup(self):
        # never rmtree through a live mount
        for src, mnt, fstype, opts in mount_entries():
            if mnt.startswith(self.base):
                run(["fusermount3", "-uz", mnt], timeout=30)
        if not any(m.startswith(self.base) for _, m, _, _ in mount_entries()):
            shutil.rmtree(self.base, ignore_errors=True)


def check_pixels(tc: unittest.TestCase, fx, rel: str, out: bytes, tmpdir: str, label: str = ""):
    """Every visible secret of rel is >= 95% dark in out; controls stay light."""
    import fixtures

    label = label or rel
    src = fx.path(rel)
    path = os.path.join(tmpdir, "out.pdf")
    with open(path, "wb") as f:
        f.write(out)
    secrets = fx.visible_secrets(rel)
    tc.assertTrue(secrets, f"fixture {rel} has no visible secrets")
    pages = sorted({s.page for s in secrets})
    for page in pages:
        words = page_words(src, page)
        img = render_gray(path, page)
        for s in secrets:
            if s.page != page:
                continue
            box = phrase_box(words, s.text)
            tc.assertIsNotNone(box, f"{rel} p{page}: {s.category} not found in the source text layer")
            frac = img.dark_fraction(box)
            tc.assertGreaterEqual(frac, 0.95, f"{label} page {page}: the {s.category} string is only "
                                              f"{frac:.0%} dark (box {tuple(round(v, 1) for v in box)} pt)")
        controls = [w for w in words if w[0] in ("Sehr", "Seite", "Kontakt:", "Geometrie", "Ende")]
        if rel.startswith("cold/") or rel == "letter.pdf":
            controls += [w for w in words if w[0] in fixtures.LETTER_CONTROLS.get(page, [])]
        tc.assertTrue(controls, f"{rel} p{page}: no control word found")
        for w in controls:
            frac = img.dark_fraction(w[1:])
            tc.assertLess(frac, 0.5, f"{label} page {page}: control word {w[0]!r} is {frac:.0%} dark "
                                     "(over-redaction or misplaced boxes)")
