#!/usr/bin/env python3
"""Reads the hostile corpus through a real redactfs mount: one hostile file
must cost that one file, and nothing else.

    REDACTFS_BIN=.build/release/redactfs /usr/bin/python3 bench/hostile/run.py \
        [--sample N] [--kinds K,...] [--jobs J] [--json F] [--deadline S] [--seed N]

1. The corpus: bench/hostile/generate.py's files (cached under
   .build/hostile/corpus-<hash of generate.py and the seed>) plus the seed
   PDFs of other projects' test suites (bench/hostile/seeds/), hard-linked
   or copied into a source folder (--sample N: a fixed, stratified sample).
2. A throwaway home (`redactfs init`), `redactfs mount SRC MNT --foreground
   --deadline S` (default 60 s here, the mount's own default is 120 s), the
   mount listed to map each source file to the name it is shown under.
3. Every file is read through the mount by a child process with a timeout
   (J at a time): served (bytes) or the errno, and the daemon's log line for
   it (`stage=` and its message). After every file the mount is checked
   (daemon alive, /proc/mounts, a stat of the root); a dead mount is
   recorded, remounted, and the run goes on. Kinds that keep workers busy
   (pages, bomb, xobj, cpubomb) are read last, so their renders, which go on
   after a deadline, do not delay the rest.
4. Each served output is checked: a PDF passes `qpdf --check`, `pdftotext`
   finds no text, `pdfinfo` shows no Title/Author/Creator/Producer/...,
   dates or metadata stream, its page count is the source's (`pdfinfo` on
   the source; TIFF pages; 1 for other images); an image output decodes,
   carries no EXIF/XMP/ICC/comment (exiftool) and no chunk or segment beyond
   what our writers write. Never the source's bytes.
5. Availability loss: a PDF we refuse with EIO (or do not show) that
   `pdftoppm -r 72 -f 1 -l 1` renders with exit 0 within 60 s; an image we
   refuse that PIL decodes (within its own bomb limit).
6. Peak daemon RSS (VmHWM) and peak worker RSS (children of the daemon,
   sampled every 50 ms), the slowest files, and a stall probe on a fresh
   mount: two cpubomb/ files opened in the background, 2 s later a valid
   one-page PDF, timed against the same on an idle mount.

Exit status 1 when the mount died or an output failed a check, else 0
(availability losses and the stall are reported, not failed).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "integration"))
sys.path.insert(0, HERE)
import harness as h  # noqa: E402

GENERATOR = os.path.join(HERE, "generate.py")
SEEDS = os.path.join(HERE, "seeds")
CACHE = os.path.join(REPO, ".build", "hostile")
DEFAULT_DEADLINE = 60.0
LATE_KINDS = ("pages", "bomb", "xobj", "cpubomb")  # read last, in this order
IMAGE_EXT = {".png", ".jpg", ".jpeg", ".webp", ".bmp", ".gif", ".tif", ".tiff"}
PDF_INFO_KEYS = ("Title", "Subject", "Keywords", "Author", "Creator", "Producer", "CreationDate", "ModDate")
# what exiftool may show of a clean output (groups with -G1)
EXIF_OK_GROUPS = {"System", "ExifTool", "Composite", "JFIF"}
EXIF_OK_TAGS = {
    "File": {"FileType", "FileTypeExtension", "MIMEType", "ImageWidth", "ImageHeight", "EncodingProcess",
             "BitsPerSample", "ColorComponents", "YCbCrSubSampling"},
    "PNG": {"ImageWidth", "ImageHeight", "BitDepth", "ColorType", "Compression", "Filter", "Interlace"},
}


# --------------------------------------------------------------------------
# The corpus


def generator_hash(seed: int) -> str:
    with open(GENERATOR, "rb") as f:
        return hashlib.sha256(f.read() + f"seed={seed}".encode()).hexdigest()[:16]


def ensure_corpus(seed: int, log=print) -> str:
    """The generated corpus for this generator and seed, made once and cached."""
    d = os.path.join(CACHE, f"corpus-{generator_hash(seed)}")
    if os.path.exists(os.path.join(d, "DONE")):
        return d
    os.makedirs(CACHE, exist_ok=True)
    tmp = d + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, GENERATOR, tmp, "--seed", str(seed)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise RuntimeError(f"generate.py failed:\n{r.stderr.decode(errors='replace')}")
    open(os.path.join(tmp, "DONE"), "w").close()
    shutil.rmtree(d, ignore_errors=True)
    os.rename(tmp, d)
    log(f"corpus: {r.stdout.decode().strip()} ({time.monotonic() - t0:.1f} s)")
    # keep only this corpus in the cache
    for other in os.listdir(CACHE):
        if other.startswith("corpus-") and os.path.join(CACHE, other) != d:
            shutil.rmtree(os.path.join(CACHE, other), ignore_errors=True)
    return d


def corpus_files(corpus: str) -> list[bytes]:
    """Relative paths (bytes) of every input: gen/<kind>/<name>, seeds/<project>/<name>."""
    out = []
    for top, root in ((b"gen", os.fsencode(corpus)), (b"seeds", os.fsencode(SEEDS))):
        for dirpath, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                if name in (b"MANIFEST.tsv", b"DONE", b"README.md") or name.startswith(b"LICENSE"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                out.append(os.path.join(top, rel))
    return out


def kind_of(rel: bytes) -> str:
    parts = rel.split(b"/")
    if parts[0] == b"seeds":
        return "seed-" + parts[1].decode()
    return parts[1].decode()


def show(rel: bytes) -> str:
    """A path for humans and JSON: non-UTF-8 bytes and control characters escaped."""
    s = rel.decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in s)


def pick_sample(files: list[bytes], n: int, seed: int = 0, exclude_kinds: tuple[str, ...] = ()) -> list[bytes]:
    """A fixed sample of n files, stratified by kind: every kind gets its share
    (at least one), picked with a seeded generator."""
    by_kind: dict[str, list[bytes]] = collections.defaultdict(list)
    for f in files:
        if kind_of(f) not in exclude_kinds:
            by_kind[kind_of(f)].append(f)
    kinds = sorted(by_kind)
    total = sum(len(v) for v in by_kind.values())
    rng = random.Random(seed)
    quota = {k: max(1, round(n * len(by_kind[k]) / total)) for k in kinds}
    while sum(quota.values()) > n:
        k = max(kinds, key=lambda k: (quota[k], k))
        quota[k] -= 1
    while sum(quota.values()) < n:
        k = max(kinds, key=lambda k: (len(by_kind[k]) - quota[k], k))
        quota[k] += 1
    out = []
    for k in kinds:
        out += sorted(rng.sample(by_kind[k], min(quota[k], len(by_kind[k]))))
    return out


def build_source(corpus: str, files: list[bytes], src: str):
    """Hard-link (or copy) files into src under their relative paths."""
    for rel in files:
        top, rest = rel.split(b"/", 1)
        origin = os.path.join(os.fsencode(corpus) if top == b"gen" else os.fsencode(SEEDS), rest)
        dest = os.path.join(os.fsencode(src), rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        try:
            os.link(origin, dest)
        except OSError:
            shutil.copyfile(origin, dest)


def order_for_reading(files: list[bytes]) -> list[bytes]:
    def key(f):
        k = kind_of(f)
        return (LATE_KINDS.index(k) + 1 if k in LATE_KINDS else 0, f)
    return sorted(files, key=key)


# --------------------------------------------------------------------------
# Mapping source names to shown names


def stem_of(name: bytes) -> bytes:
    base, ext = os.path.splitext(name)
    return base if ext else name


def shown_stem(name: bytes) -> bytes:
    m = re.match(rb"(.*)\.redacted\.[A-Za-z]+$", name, re.S)
    return m.group(1) if m else name


def escaped(name: bytes) -> bytes:
    """A source name as the man page says the mount shows it (DESCRIPTION):
    UTF-8 with no control character and no backslash as it is; else each
    byte of an invalid sequence or of a control character as \\xHH and each
    backslash as \\\\. Written here from the man page, not from the code."""
    import unicodedata
    text = name.decode("utf-8", errors="surrogateescape")
    # Escaped as above, the name must be in NFC (Unicode's composed form);
    # if it is not, every byte that is not ASCII is shown as \xHH.
    out = _escape(text, every_non_ascii=False)
    if unicodedata.normalize("NFC", out) != out:
        out = _escape(text, every_non_ascii=True)
    return out.encode("utf-8")


def _escape(text: str, every_non_ascii: bool) -> str:
    out = []
    for ch in text:
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:
            out.append(f"\\x{o - 0xDC00:02x}")
        elif o < 0x20 or o == 0x7F or 0x80 <= o <= 0x9F or (every_non_ascii and o >= 0x80):
            out.extend(f"\\x{b:02x}" for b in ch.encode("utf-8"))
        elif ch == "\\":
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def map_shown(mountpoint: str, files: list[bytes]) -> dict[bytes, bytes]:
    """source rel -> shown rel (bytes), by listing the mount folder by folder."""
    out = {}
    by_dir: dict[bytes, list[bytes]] = collections.defaultdict(list)
    for f in files:
        by_dir[os.path.dirname(f)].append(f)
    for d, fs in by_dir.items():
        try:
            listed = os.listdir(os.path.join(os.fsencode(mountpoint), d))
        except OSError:
            continue
        shown = {shown_stem(n): n for n in listed}
        left = set(listed)
        unmatched = []
        for f in fs:
            n = shown.get(escaped(stem_of(os.path.basename(f))))
            if n is not None and n in left:
                out[f] = os.path.join(d, n)
                left.discard(n)
            else:
                unmatched.append(f)
        # a name the mount rewrote (bytes that are not UTF-8): pair the leftovers when unambiguous
        if len(unmatched) == 1 and len(left) == 1:
            out[unmatched[0]] = os.path.join(d, left.pop())
    return out


# --------------------------------------------------------------------------
# Reading through the mount

READER = r"""
import json, os, sys, time
path, out = os.fsencode(sys.argv[1]), sys.argv[2]
t0 = time.monotonic()
res = {"errno": None, "phase": "open", "bytes": 0}
try:
    fd = os.open(path, os.O_RDONLY)
    res["open_s"] = time.monotonic() - t0
    res["phase"] = "read"
    with open(out, "wb") as f:
        while True:
            b = os.read(fd, 1 << 20)
            if not b:
                break
            f.write(b)
            res["bytes"] += len(b)
    os.close(fd)
    res["phase"] = "done"
except OSError as e:
    res["errno"] = e.errno
res["total_s"] = time.monotonic() - t0
print(json.dumps(res))
"""


def read_through(mount_path: bytes, out_path: str, timeout: float) -> dict:
    """Open and read one file in a child process; never hangs past timeout."""
    t0 = time.monotonic()
    p = subprocess.Popen([sys.executable, "-c", READER, mount_path, out_path],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        try:
            p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        return {"errno": None, "phase": "timeout", "bytes": 0, "total_s": time.monotonic() - t0, "hung": True}
    try:
        res = json.loads(out.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        res = {"errno": None, "phase": "reader-crashed", "bytes": 0, "stderr": err.decode(errors="replace")[-500:]}
    res["total_s"] = time.monotonic() - t0
    return res


def errname(n) -> str:
    import errno as E
    return E.errorcode.get(n, str(n)) if n is not None else "-"


# --------------------------------------------------------------------------
# The daemon's log

LOG_ERR = re.compile(r"^redactfs: error: (.*?): stage=(\S+) errno=(\d+): (.*)$")
LOG_SERVED = re.compile(r"^redactfs: served (.*?) pages=(\d+)")


def parse_log(text: str) -> dict[str, list[dict]]:
    """shown path (as logged) -> list of events (served / error with stage, errno, message)."""
    events: dict[str, list[dict]] = collections.defaultdict(list)
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        # a name with a newline is logged as it is: join continuation lines
        j = i
        joined = line
        while (not LOG_ERR.match(joined) and not LOG_SERVED.match(joined) and joined.startswith("redactfs: ")
               and j + 1 < len(lines) and not lines[j + 1].startswith("redactfs: ") and j - i < 3):
            j += 1
            joined += "\n" + lines[j]
        m = LOG_ERR.match(joined)
        if m:
            events[m.group(1)].append({"event": "error", "stage": m.group(2), "errno": int(m.group(3)),
                                       "message": m.group(4)})
            i = j + 1
            continue
        m = LOG_SERVED.match(joined)
        if m:
            events[m.group(1)].append({"event": "served", "pages": int(m.group(2))})
            i = j + 1
            continue
        i += 1
    return events


def log_events_for(events: dict[str, list[dict]], shown_rel: bytes) -> list[dict]:
    for key in (shown_rel.decode("utf-8", "replace"), shown_rel.decode("utf-8", "backslashreplace"),
                shown_rel.decode("latin-1"), show(shown_rel)):
        if key in events:
            return events[key]
    return []


def reason_of(ev: dict) -> str:
    """A short refusal reason: the stage, and for limits the limit's words."""
    msg = re.sub(r"\d+(\.\d+)?", "N", ev.get("message", ""))
    msg = re.sub(r"\s+", " ", msg).strip()
    return f"{ev.get('stage')}: {msg[:110]}"


# --------------------------------------------------------------------------
# Checking outputs


def run_tool(args, timeout=120) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(args, -9, e.stdout or b"", b"timeout")


def pdfinfo_pages(path: bytes | str, timeout: float = 120) -> int | None:
    r = run_tool(["pdfinfo", path], timeout)
    m = re.search(rb"^Pages:\s+(\d+)", r.stdout, re.M)
    return int(m.group(1)) if (r.returncode == 0 and m) else None


def image_frames(path: bytes) -> int | None:
    """Pages of a TIFF (as PIL counts them), else 1."""
    code = ("import sys, os\nfrom PIL import Image\nImage.MAX_IMAGE_PIXELS = None\n"
            "im = Image.open(os.fsencode(sys.argv[1]))\nprint(getattr(im, 'n_frames', 1))\n")
    r = run_tool([sys.executable, "-c", code, path], 60)
    try:
        return int(r.stdout.strip())
    except ValueError:
        return None


def expected_pages(src: bytes) -> int | None:
    ext = os.path.splitext(src)[1].lower().decode(errors="replace")
    if ext in (".tif", ".tiff"):
        return image_frames(src)
    if ext in IMAGE_EXT:
        return 1
    return pdfinfo_pages(src)


def check_output(src: bytes, out: str, shown_rel: bytes) -> list[str]:
    """Problems with one served output (empty when it passes every check)."""
    problems = []
    with open(out, "rb") as f:
        data = f.read()
    with open(src, "rb") as f:
        if f.read() == data:
            return ["identical to the source"]
    ext = os.path.splitext(shown_rel)[1].lower()
    want = expected_pages(src)
    if ext == b".pdf":
        if not data.startswith(b"%PDF-"):
            return ["not a PDF"]
        r = run_tool(["qpdf", "--check", out])
        if r.returncode != 0:
            problems.append(f"qpdf --check exit {r.returncode}")
        r = run_tool(["pdftotext", out, "-"])
        if r.returncode != 0:
            problems.append(f"pdftotext exit {r.returncode}")
        elif re.sub(rb"\s", b"", r.stdout):
            problems.append("text layer")
        r = run_tool(["pdfinfo", out])
        info = r.stdout.decode(errors="replace")
        for key in PDF_INFO_KEYS:
            if re.search(rf"^{key}:", info, re.M):
                problems.append(f"metadata {key}")
        if re.search(r"^Metadata Stream:\s+yes", info, re.M) or re.search(r"^Custom Metadata:\s+yes", info, re.M):
            problems.append("metadata stream")
        got = pdfinfo_pages(out)
        if want is not None and got != want:
            problems.append(f"pages {got} != source {want}")
    else:
        r = run_tool(["exiftool", "-j", "-G1", "-a", "-u", out])
        try:
            tags = json.loads(r.stdout.decode(errors="replace"))[0]
        except (ValueError, IndexError):
            tags = {}
            problems.append("exiftool could not read it")
        for k in tags:
            if k == "SourceFile" or ":" not in k:
                continue
            g, t = k.split(":", 1)
            if g in EXIF_OK_GROUPS or t in EXIF_OK_TAGS.get(g, ()):
                continue
            if g == "ExifTool":
                continue
            problems.append(f"metadata {k}")
        if ext == b".png":
            problems += png_chunk_problems(data)
        elif ext == b".jpg":
            problems += jpeg_marker_problems(data)
        code = ("import sys\nfrom PIL import Image\nImage.MAX_IMAGE_PIXELS = None\n"
                "im = Image.open(sys.argv[1]); im.load(); print(im.size)\n")
        r = run_tool([sys.executable, "-c", code, out], 120)
        if r.returncode != 0:
            problems.append("does not decode (PIL)")
        if want is not None and want != 1:
            problems.append(f"pages 1 != source {want}")
    return problems


def png_chunk_problems(data: bytes) -> list[str]:
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ["not a PNG"]
    import zlib
    pos, seen, bad = 8, [], []
    while pos + 8 <= len(data):
        ln = int.from_bytes(data[pos:pos + 4], "big")
        typ = data[pos + 4:pos + 8]
        seen.append(typ)
        crc = data[pos + 8 + ln:pos + 12 + ln]
        if len(crc) < 4 or int.from_bytes(crc, "big") != zlib.crc32(data[pos + 4:pos + 8 + ln]):
            bad.append(f"PNG CRC of {typ.decode(errors='replace')}")
        pos += 12 + ln
    if pos != len(data) or not seen or seen[-1] != b"IEND":
        bad.append("PNG does not end with IEND")
    extra = sorted({c.decode(errors="replace") for c in seen} - {"IHDR", "IDAT", "IEND"})
    return [f"PNG chunk {c}" for c in extra] + bad


def jpeg_marker_problems(data: bytes) -> list[str]:
    if not data.startswith(b"\xff\xd8"):
        return ["not a JPEG"]
    pos, bad = 2, set()
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            break
        m = data[pos + 1]
        if m == 0xDA:  # start of scan: entropy data follows
            break
        ln = int.from_bytes(data[pos + 2:pos + 4], "big")
        if m == 0xE0 and data[pos + 4:pos + 9] == b"JFIF\x00":
            pass
        elif m in (0xDB, 0xC4, 0xC0, 0xDD):
            pass
        else:
            bad.add(f"JPEG marker FF{m:02X}")
        pos += 2 + ln
    return sorted(bad)


def has_pdf_header(src: bytes) -> bool:
    with open(src, "rb") as f:
        return b"%PDF-" in f.read(1024)


def poppler_renders(src: bytes, timeout: float = 60) -> bool:
    """pdftoppm renders page 1. A page poppler cannot load (a loop in the
    page tree, a destroyed page object) still gives exit 0 and a blank
    1 by 1 pixel image: that is not a rendered page."""
    with tempfile.TemporaryDirectory(prefix="hostile-pp-") as d:
        r = run_tool(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", src, os.path.join(d, "p")], timeout)
        if r.returncode != 0:
            return False
        for name in os.listdir(d):
            with open(os.path.join(d, name), "rb") as f:
                fields = f.read(64).split()
            if len(fields) >= 3 and fields[1].isdigit() and fields[2].isdigit():
                return int(fields[1]) * int(fields[2]) > 1
        return False


def pil_decodes(src: bytes, timeout: float = 60) -> bool:
    code = "import sys, os\nfrom PIL import Image\nim = Image.open(os.fsencode(sys.argv[1])); im.load()\n"
    r = run_tool([sys.executable, "-c", code, src], timeout)
    return r.returncode == 0


# --------------------------------------------------------------------------
# Memory


class RSSSampler(threading.Thread):
    """Peak VmHWM of the daemon(s) and of their children, every 50 ms."""

    def __init__(self):
        super().__init__(daemon=True)
        self.pids: set[int] = set()
        self.daemon_peak_kib = 0
        self.worker_peak_kib = 0
        self.worker_peak_rss_kib = 0
        self.workers_seen: set[int] = set()
        self.stop_event = threading.Event()

    @staticmethod
    def status(pid: int) -> dict[str, int]:
        out = {}
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith(("VmHWM:", "VmRSS:", "PPid:")):
                        k, v = line.split(":", 1)
                        out[k] = int(v.split()[0])
        except OSError:
            pass
        return out

    def run(self):
        while not self.stop_event.wait(0.05):
            for pid in list(self.pids):
                s = self.status(pid)
                self.daemon_peak_kib = max(self.daemon_peak_kib, s.get("VmHWM", 0))
            if not self.pids:
                continue
            try:
                names = os.listdir("/proc")
            except OSError:
                continue
            for name in names:
                if not name.isdigit():
                    continue
                try:
                    with open(f"/proc/{name}/stat", "rb") as f:
                        st = f.read()
                    ppid = int(st.rsplit(b")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if ppid in self.pids:
                    s = self.status(int(name))
                    self.workers_seen.add(int(name))
                    self.worker_peak_kib = max(self.worker_peak_kib, s.get("VmHWM", 0))
                    self.worker_peak_rss_kib = max(self.worker_peak_rss_kib, s.get("VmRSS", 0))


# --------------------------------------------------------------------------
# The run


class Run:
    def __init__(self, args, log=print):
        self.args = args
        self.log = log
        self.base = tempfile.mkdtemp(prefix="run-", dir=os.path.join(CACHE)) if os.path.isdir(CACHE) else tempfile.mkdtemp(prefix="hostile-run-")
        self.src = os.path.join(self.base, "src")
        self.outdir = os.path.join(self.base, "out")
        os.makedirs(self.src)
        os.makedirs(self.outdir)
        self.env = h.make_env(os.path.join(self.base, "home"))
        self.mounts: list[h.Mount] = []
        self.mount: h.Mount | None = None
        self.sampler = RSSSampler()
        self.deaths: list[dict] = []
        self.hwm_rises: list[tuple[int, int, list[str]]] = []
        self.last_hwm: dict[int, int] = {}
        self.lock = threading.Lock()

    # mounts ---------------------------------------------------------------
    def init_home(self):
        r = h.redactfs("init", env=self.env)
        if r.returncode != 0:
            raise RuntimeError(f"redactfs init failed: {h.describe(r)}")

    def start_mount(self, source: str | None = None, name: str | None = None) -> h.Mount:
        name = name or f"mnt{len(self.mounts)}"
        m = h.Mount(source or self.src, self.base, self.env, name=name,
                    args=("--deadline", f"{self.args.deadline:g}", *(("--jobs", str(self.args.daemon_jobs)) if self.args.daemon_jobs else ())))
        self.mounts.append(m)
        m.start()
        self.sampler.pids.add(m.proc.pid)
        return m

    def mount_alive(self, m: h.Mount) -> str | None:
        """None when the mount works, else what is wrong."""
        if m.proc is None or m.proc.poll() is not None:
            return f"daemon exited ({m.proc.returncode if m.proc else '?'})"
        e = h.mount_entry(m.mountpoint)
        if e is None or e[2] != h.FSTYPE:
            return "gone from /proc/mounts"
        r = run_tool(["stat", "-c", "%i", m.mountpoint], timeout=15)
        if r.returncode != 0:
            return f"stat of the root failed: {r.stderr.decode(errors='replace').strip()[:120]}"
        return None

    def stop_all(self):
        for m in self.mounts:
            try:
                m.stop(check=False)
            except Exception as e:  # noqa: BLE001 - keep unmounting the rest
                self.log(f"unmount {m.mountpoint}: {e}")
        self.sampler.stop_event.set()

    # reading --------------------------------------------------------------
    @staticmethod
    def _record(r: dict, res: dict):
        r.update(res)
        if res.get("phase") == "done":
            r["outcome"] = "served"
        elif res.get("hung"):
            r["outcome"] = "hung"
        elif res.get("errno") is not None:
            r["outcome"] = "refused"
        else:
            r["outcome"] = res.get("phase", "?")

    def read_all(self, files: list[bytes], timeout: float) -> dict[bytes, dict]:
        results: dict[bytes, dict] = {}
        m = self.mount
        mapping = map_shown(m.mountpoint, files)
        queue = collections.deque(enumerate(order_for_reading(files)))
        in_flight: dict[concurrent.futures.Future, bytes] = {}
        done_n = 0
        t_start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.jobs) as pool:
            while queue or in_flight:
                while queue and len(in_flight) < self.args.jobs:
                    i, f = queue.popleft()
                    shown = mapping.get(f)
                    if shown is None:
                        results[f] = {"outcome": "hidden", "kind": kind_of(f), "mount": m.mountpoint}
                        done_n += 1
                        continue
                    out = os.path.join(self.outdir, f"{i:05d}")
                    fut = pool.submit(read_through, os.path.join(os.fsencode(m.mountpoint), shown), out, timeout)
                    in_flight[fut] = f
                    results[f] = {"kind": kind_of(f), "shown": shown, "out": out, "mount": m.mountpoint}
                if not in_flight:
                    continue
                finished, _ = concurrent.futures.wait(list(in_flight), return_when=concurrent.futures.FIRST_COMPLETED)
                batch = []
                for fut in finished:
                    f = in_flight.pop(fut)
                    batch.append(f)
                    self._record(results[f], fut.result())
                    done_n += 1
                    if self.args.progress and done_n % 50 == 0:
                        self.log(f"  {done_n}/{len(files)} read ({time.monotonic() - t_start:.0f} s)")
                hwm = self.sampler.status(m.proc.pid).get("VmHWM", 0)
                if hwm > self.last_hwm.get(m.proc.pid, 0) + 32 * 1024:
                    # the daemon's peak rose while these files were read
                    self.hwm_rises.append((hwm - self.last_hwm.get(m.proc.pid, 0), hwm,
                                           [show(f) for f in batch] + [show(f) for f in in_flight.values()]))
                self.last_hwm[m.proc.pid] = max(hwm, self.last_hwm.get(m.proc.pid, 0))
                problem = self.mount_alive(m)
                if problem:
                    # the files just finished and those still in flight share the blame
                    for fut in list(in_flight):
                        f = in_flight.pop(fut)
                        batch.append(f)
                        self._record(results[f], fut.result())
                    culprits = [f for f in batch if results[f]["outcome"] != "served"] or batch
                    for f in culprits:
                        results[f]["outcome"] = "mount-died"
                    self.deaths.append({"problem": problem, "files": [show(f) for f in culprits],
                                        "log_tail": m.log()[-1500:]})
                    self.log(f"MOUNT DEATH: {problem}; files: {[show(f) for f in culprits]}; remounting")
                    try:
                        m.stop(check=False)
                    except Exception:  # noqa: BLE001 - the mount is broken already
                        pass
                    m = self.mount = self.start_mount()
                    mapping = map_shown(m.mountpoint, files)
        return results


def summarize(results: dict[bytes, dict], run: Run, extra: dict) -> tuple[str, dict, int]:
    lines = []
    out = {"files": {}, "summary": {}}
    by = collections.Counter(r["outcome"] for r in results.values())
    served = [f for f, r in results.items() if r["outcome"] == "served"]
    refused = [f for f, r in results.items() if r["outcome"] == "refused"]
    reasons = collections.Counter()
    for f in refused:
        r = results[f]
        reasons[f"{errname(r.get('errno'))} {r.get('reason', 'no log line')}"] += 1
    invalid = {f: r["problems"] for f, r in results.items() if r.get("problems")}
    by_check = collections.Counter(p.split(" ")[0] + (" " + p.split(" ")[1] if p.startswith("metadata") else "")
                                   for ps in invalid.values() for p in ps)
    losses = [(f, r) for f, r in results.items() if r.get("availability_loss")]
    kinds = collections.Counter(r["kind"] for r in results.values())
    lines.append(f"redactfs hostile corpus: {len(results)} files ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})")
    lines.append(f"binary: {h.binary()}  deadline: {run.args.deadline:g} s  readers: {run.args.jobs}  "
                 f"read timeout: {extra['read_timeout']:g} s  runtime: {extra['runtime_s']:.0f} s")
    lines.append("")
    lines.append(f"served: {by.get('served', 0)}   refused: {by.get('refused', 0)}   not shown: {by.get('hidden', 0)}   "
                 f"hung (read timeout): {by.get('hung', 0)}   lost to a mount death: {by.get('mount-died', 0)}   "
                 f"other: {sum(v for k, v in by.items() if k not in ('served', 'refused', 'hidden', 'hung', 'mount-died'))}")
    lines.append("")
    lines.append("outcome by kind (served / refused / not shown / hung / died):")
    for k in sorted(kinds):
        c = collections.Counter(r["outcome"] for r in results.values() if r["kind"] == k)
        lines.append(f"  {k:14s} {c.get('served', 0):4d} {c.get('refused', 0):4d} {c.get('hidden', 0):4d} "
                     f"{c.get('hung', 0):4d} {c.get('mount-died', 0):4d}")
    lines.append("")
    lines.append("refused, by errno and reason (the daemon's log line):")
    for reason, n in reasons.most_common():
        lines.append(f"  {n:4d}  {reason}")
    no_log = [f for f in refused if results[f].get("reason") is None]
    if no_log:
        lines.append(f"  refusals without a log line: {len(no_log)}: " + ", ".join(show(f) for f in no_log[:10]))
    lines.append("")
    lines.append(f"mount deaths: {len(run.deaths)}")
    for d in run.deaths:
        lines.append(f"  {d['problem']}  (files: {', '.join(d['files'])})")
    hung = [f for f, r in results.items() if r["outcome"] == "hung"]
    for f in hung:
        lines.append(f"  read timed out (no answer within {extra['read_timeout']:g} s): {show(f)}")
    lines.append("")
    lines.append(f"invalid outputs: {len(invalid)}" + (f"  by check: {dict(by_check)}" if invalid else ""))
    for f, ps in sorted(invalid.items()):
        lines.append(f"  {show(f)}: {'; '.join(ps)}")
    lines.append("")
    lines.append(f"availability losses (refused or not shown by us, page 1 rendered by pdftoppm -r 72 / decoded by PIL): {len(losses)}")
    # A stated limit or refusal names itself in the error: "limit exceeded:
    # ..." or "refused (man redactfs, LIMITS): ...".
    def stated(r):
        reason = r.get("reason") or ""
        return "limit" in reason or "refused (man redactfs" in reason
    limit = [(f, r) for f, r in losses if stated(r)]
    other = [(f, r) for f, r in losses if not stated(r)]
    lines.append(f"  at a stated limit (man redactfs, LIMITS): {len(limit)}; other: {len(other)}")
    for label, group in (("other", other), ("stated limit", limit)):
        loss_reasons = collections.Counter(r.get("reason") or ("not shown" if r["outcome"] == "hidden" else r["outcome"])
                                           for _, r in group)
        for reason, n in loss_reasons.most_common():
            lines.append(f"  {n:4d}  {reason}  ({label})")
    for f, r in sorted(other) + sorted(limit):
        lines.append(f"    {show(f)}  [{r['availability_loss']}] "
                     f"{r.get('reason') or ('not shown' if r['outcome'] == 'hidden' else r['outcome'])}")
    lines.append("")
    s = run.sampler
    lines.append(f"peak daemon RSS (VmHWM): {s.daemon_peak_kib / 1024:.0f} MiB   peak worker RSS: VmHWM "
                 f"{s.worker_peak_kib / 1024:.0f} MiB, VmRSS {s.worker_peak_rss_kib / 1024:.0f} MiB "
                 f"({len(s.workers_seen)} worker processes seen)")
    for rise, hwm, fs in sorted(run.hwm_rises, reverse=True)[:5]:
        lines.append(f"  daemon peak rose by {rise / 1024:.0f} MiB to {hwm / 1024:.0f} MiB while reading: {', '.join(fs)}")
    lines.append("")
    slow = sorted(((r.get("total_s", 0), f) for f, r in results.items() if "total_s" in r), reverse=True)[:10]
    lines.append("slowest 10 files (seconds, outcome):")
    for t, f in slow:
        r = results[f]
        lines.append(f"  {t:7.1f}  {r['outcome']:8s} {show(f)}  {r.get('reason') or ''}")
    lines.append("")
    st = extra.get("stall")
    if st:
        lines.append(f"stall probe: a one-page PDF took {st['idle_s']:.2f} s on an idle mount and "
                     f"{st['busy_s']:.2f} s ({st['busy_outcome']}) with two cpubomb/ files opened 2 s before "
                     f"({', '.join(st['bombs'])}; they ended: {', '.join(st['bomb_outcomes'])})")
    exit_code = 1 if (run.deaths or invalid or hung) else 0
    lines.append("")
    lines.append(f"exit status: {exit_code} (1 when the mount died, a read hung or an output failed a check)")
    out["summary"] = {
        "files": len(results), "outcomes": dict(by), "refused_by_reason": dict(reasons),
        "mount_deaths": run.deaths, "invalid_outputs": {show(f): p for f, p in invalid.items()},
        "availability_losses": {show(f): {"reason": r.get("reason"), "outcome": r["outcome"], "by": r["availability_loss"]}
                                for f, r in losses},
        "peak_daemon_rss_kib": s.daemon_peak_kib, "peak_worker_hwm_kib": s.worker_peak_kib,
        "peak_worker_rss_kib": s.worker_peak_rss_kib,
        "daemon_peak_rises": [{"kib": r, "hwm_kib": w, "files": fs} for r, w, fs in sorted(run.hwm_rises, reverse=True)],
        "slowest": [{"file": show(f), "seconds": t, "outcome": results[f]["outcome"]} for t, f in slow],
        "stall": st, **{k: v for k, v in extra.items() if k != "stall"},
    }
    for f, r in results.items():
        out["files"][show(f)] = {k: (show(v) if isinstance(v, bytes) else v) for k, v in r.items()
                                 if k not in ("out", "log", "mount")}
    return "\n".join(lines), out, exit_code


def stall_probe(run: Run, corpus: str, timeout: float) -> dict:
    """Fresh mount: a one-page PDF idle, then with two cpubomb/ files opened 2 s before."""
    src = os.path.join(run.base, "stall-src")
    os.makedirs(src)
    one = os.path.join(corpus, "valid", "one-page.pdf")
    for name in ("idle-probe.pdf", "busy-probe.pdf"):
        shutil.copyfile(one, os.path.join(src, name))
    bombs = sorted(os.listdir(os.path.join(corpus, "cpubomb")))[:2]
    for b in bombs:
        shutil.copyfile(os.path.join(corpus, "cpubomb", b), os.path.join(src, b))
    m = run.start_mount(src, "stall")
    try:
        idle = read_through(os.fsencode(os.path.join(m.mountpoint, "idle-probe.redacted.pdf")),
                            os.path.join(run.outdir, "stall-idle"), timeout)
        bomb_res = [None, None]

        def bomb(i, b):
            bomb_res[i] = read_through(os.fsencode(os.path.join(m.mountpoint, b[:-4] + ".redacted.pdf")),
                                       os.path.join(run.outdir, f"stall-bomb{i}"), timeout)
        threads = [threading.Thread(target=bomb, args=(i, b)) for i, b in enumerate(bombs)]
        for t in threads:
            t.start()
        time.sleep(2)
        busy = read_through(os.fsencode(os.path.join(m.mountpoint, "busy-probe.redacted.pdf")),
                            os.path.join(run.outdir, "stall-busy"), timeout)
        for t in threads:
            t.join()

        def outcome(r):
            return "served" if r.get("phase") == "done" else ("hung" if r.get("hung") else f"{errname(r.get('errno'))} after {r.get('total_s', 0):.0f} s")
        return {"idle_s": idle.get("total_s"), "idle_outcome": outcome(idle), "busy_s": busy.get("total_s"),
                "busy_outcome": outcome(busy), "bombs": bombs, "bomb_outcomes": [outcome(r) for r in bomb_res]}
    finally:
        m.stop(check=False)


def check_all(run: Run, results: dict[bytes, dict], jobs: int):
    """Output checks, log reasons and availability losses (in a pool)."""
    events: dict[str, list[dict]] = collections.defaultdict(list)
    for m in run.mounts:
        for k, v in parse_log(m.log()).items():
            events[k] += v

    def one(item):
        f, r = item
        src = os.path.join(os.fsencode(run.src), f)
        if "shown" in r:
            evs = log_events_for(events, r["shown"])
            errs = [e for e in evs if e["event"] == "error"]
            if errs:
                r["stage"] = errs[-1]["stage"]
                r["log_errno"] = errs[-1]["errno"]
                if r["outcome"] == "refused":
                    r["reason"] = reason_of(errs[-1])
            r["log_lines"] = len(evs)
        if r["outcome"] == "served":
            try:
                r["problems"] = check_output(src, r["out"], r["shown"])
            finally:
                if not run.args.keep:
                    try:
                        os.unlink(r["out"])
                    except OSError:
                        pass
        elif r["outcome"] in ("refused", "hidden", "hung") and (r.get("errno") in (5, None)):
            ext = os.path.splitext(f)[1].lower().decode(errors="replace")
            if ext == ".pdf":
                if poppler_renders(src):
                    r["availability_loss"] = "pdftoppm"
                    if r["outcome"] == "hidden" and not has_pdf_header(src):
                        # The man page says such a file is not listed.
                        r["reason"] = "not shown: refused (man redactfs, LIMITS): no %PDF- header in the first 1024 bytes"
            elif ext in IMAGE_EXT and pil_decodes(src):
                r["availability_loss"] = "PIL"
        return f

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(one, list(results.items())))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=0, help="read a stratified sample of N files (default: all)")
    ap.add_argument("--kinds", help="only these kinds, comma-separated (e.g. img,names,seed-qpdf)")
    ap.add_argument("--jobs", type=int, default=2, help="files read at once (default 2)")
    ap.add_argument("--daemon-jobs", type=int, default=0, help="--jobs for the mount (default: its own)")
    ap.add_argument("--json", help="write per-file results and the summary to this file")
    ap.add_argument("--deadline", type=float, default=DEFAULT_DEADLINE,
                    help=f"the mount's --deadline in seconds (default {DEFAULT_DEADLINE:g}; redactfs's own is 120)")
    ap.add_argument("--seed", type=int, default=None, help="generator seed (default: generate.py's)")
    ap.add_argument("--no-stall", action="store_true", help="skip the stall probe")
    ap.add_argument("--keep", action="store_true", help="keep the run folder (outputs, logs)")
    ap.add_argument("--progress", action="store_true", default=True)
    args = ap.parse_args(argv)
    import generate
    seed = generate.DEFAULT_SEED if args.seed is None else args.seed
    h.require_binary()
    reason = h.fuse_unusable_reason()
    if reason:
        print(f"cannot mount here: {reason}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    corpus = ensure_corpus(seed)
    files = corpus_files(corpus)
    if args.kinds:
        files = [f for f in files if kind_of(f) in args.kinds.split(",")]
    if args.sample:
        files = pick_sample(files, args.sample)
    run = Run(args)
    read_timeout = args.deadline + 60
    results: dict[bytes, dict] = {}
    stall = None

    def on_signal(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")
    signal.signal(signal.SIGTERM, on_signal)
    interrupted = False
    try:
        build_source(corpus, files, run.src)
        run.init_home()
        run.sampler.start()
        run.mount = run.start_mount()
        print(f"reading {len(files)} files through {run.mount.mountpoint} (deadline {args.deadline:g} s, "
              f"{args.jobs} readers)", flush=True)
        results = run.read_all(files, read_timeout)
        for m in list(run.mounts):
            m.stop(check=False)  # ends the background renders of the bombs before the stall probe
        if not args.no_stall:
            print("stall probe ...", flush=True)
            stall = stall_probe(run, corpus, read_timeout)
        print("checking outputs and availability ...", flush=True)
        check_all(run, results, max(2, args.jobs))
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted: unmounting", file=sys.stderr)
    finally:
        run.stop_all()
        left = [m.mountpoint for m in run.mounts if h.mount_entry(m.mountpoint)]
        for mp in left:
            h.run(["fusermount3", "-uz", mp], timeout=30)
    if interrupted and not results:
        if not args.keep and not any(h.mount_entry(m.mountpoint) for m in run.mounts):
            shutil.rmtree(run.base, ignore_errors=True)
        return 130
    text, data, code = summarize(results, run, {"read_timeout": read_timeout, "runtime_s": time.monotonic() - t0,
                                                "stall": stall, "corpus": corpus, "seed": seed})
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
    if not args.keep and not any(h.mount_entry(m.mountpoint) for m in run.mounts):
        shutil.rmtree(run.base, ignore_errors=True)
    else:
        print(f"run folder kept: {run.base}")
    return 130 if interrupted else code


if __name__ == "__main__":
    sys.exit(main())
