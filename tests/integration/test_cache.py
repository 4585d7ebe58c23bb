"""The mount's caches, deadline, interrupt and prefetch, through the real binary.

Counters come from the daemon's own log: one "served NAME pages=..." line per
render, "from the disk cache" per disk hit, and a stats line at unmount
("renders=N prefetched=N ... disk_refused=N"). All document text is invented.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest

import cairo

import harness as h

WORDS = ("Bescheid über die Einkommensteuer Vorauszahlungen Finanzamt Steuerjahr "
         "Betrag Zahlung Konto Frist Einspruch Rechtsbehelf Belehrung").split()


def make_pdf(path: str, pages: int, tag: str = ""):
    """Full A4 pages of 9 pt text with an invented IBAN and e-mail address."""
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(9)
    for p in range(pages):
        y, line = 50, 0
        while y < 800:
            if line % 9 == 3:
                text = f"IBAN DE89 3704 0044 0532 0130 00, Rückfragen: frieda.beispiel{p}{tag}@example.org"
            else:
                text = " ".join(WORDS[(line + i + len(tag)) % len(WORDS)] for i in range(12))
            c.move_to(40, y)
            c.show_text(text)
            y += 11
            line += 1
        c.show_page()
    s.finish()


def stats(log: str) -> dict[str, int]:
    """The counters of the last stats line (written at unmount)."""
    lines = [l for l in log.splitlines() if "renders=" in l]
    assert lines, f"no stats line in the log:\n{log[-2000:]}"
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", lines[-1])}


def served(log: str, name: str) -> int:
    """Renders of `name` for a reader (not prefetch, not from the disk cache)."""
    return len(re.findall(rf"served {re.escape(name)} pages=", log))


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"{field} not in /proc/{pid}/status")


WS: h.Workspace | None = None
SRC = ""
REF: dict[str, bytes] = {}
FILES = {"eins.pdf": 1, "zwei.pdf": 2, "drei.pdf": 3, "zehn.pdf": 10, "gross.pdf": 30, "riesig.pdf": 60}


def setUpModule():
    global WS, SRC
    h.require_mountable()
    WS = h.Workspace("redactfs-cache-")
    r = h.redactfs("init", env=WS.env)
    assert r.returncode == 0, h.describe(r)
    SRC = os.path.join(WS.base, "src")
    os.makedirs(os.path.join(SRC, "viele"))
    for name, pages in FILES.items():
        make_pdf(os.path.join(SRC, name), pages, tag=name[:2])
    for i in range(5):
        make_pdf(os.path.join(SRC, "viele", f"akte{i}.pdf"), 4, tag=f"v{i}")
    for name in ("eins.pdf", "zwei.pdf", "drei.pdf", "zehn.pdf"):
        out = os.path.join(WS.base, "ref.pdf")
        r = h.redactfs("redact", os.path.join(SRC, name), "-o", out, env=WS.env)
        assert r.returncode == 0, h.describe(r)
        REF[name] = h.read_file(out)


def tearDownModule():
    if WS:
        WS.cleanup()


def shown(name: str) -> str:
    return name[:-4] + ".redacted.pdf"


def cache_dir() -> str:
    return os.path.join(WS.env["XDG_CACHE_HOME"], "redactfs")


class CacheTest(unittest.TestCase):
    def mount(self, *args: str) -> h.Mount:
        m = WS.mount(*args, source=SRC)
        m.start()
        self.addCleanup(m.stop, False)
        return m

    def finish(self, m: h.Mount) -> dict[str, int]:
        m.stop()
        return stats(m.log())

    def clear_disk_cache(self):
        shutil.rmtree(cache_dir(), ignore_errors=True)


class TestMemoryBudget(CacheTest):
    def test_small_budget_serves_big_outputs_and_keeps_small_ones(self):
        m = self.mount("--cache-size", "1M")
        pid = m.proc.pid
        big = m.path(shown("zehn.pdf"))          # ~1 MiB output: more than the budget
        small = m.path(shown("eins.pdf"))
        self.assertGreater(len(REF["zehn.pdf"]), 1 << 20)
        first_rss = None
        for rnd in range(4):
            self.assertEqual(h.read_file(big), REF["zehn.pdf"], f"round {rnd}")
            # The big output is made into a sealed file out of memory and
            # kept there, so the small one stays cached in memory.
            self.assertEqual(h.read_file(small), REF["eins.pdf"], f"round {rnd}")
            self.assertEqual(h.read_file(small), REF["eins.pdf"], f"round {rnd}, again")
            if rnd == 0:
                first_rss = rss_kib(pid)
        last_rss = rss_kib(pid)
        log = m.log()
        self.assertEqual(served(log, shown("zehn.pdf")), 1, log[-3000:])
        self.assertEqual(served(log, shown("eins.pdf")), 1, log[-3000:])
        # Memory does not grow with the rounds (allow allocator noise).
        self.assertLess(last_rss - first_rss, 24 * 1024, f"RSS grew from {first_rss} to {last_rss} KiB")
        # The size stays exact after the bytes were dropped.
        self.assertEqual(os.stat(big).st_size, len(REF["zehn.pdf"]))
        s = self.finish(m)
        self.assertEqual((s["memory_hits"], s["sealed_hits"], s["sealed"], s["spilled"]), (7, 3, 1, 0))
        self.assertLessEqual(s["held_peak_kib"], 1024)

    def test_daemon_caps_its_own_address_space(self):
        """4 GiB plus twice the cache budget (man page, LIMITS); workers
        inherit the cap and lower it to their own 3 GiB."""
        m = self.mount("--cache-size", "64M")
        with open(f"/proc/{m.proc.pid}/limits") as f:
            line = next(l for l in f if l.startswith("Max address space"))
        self.assertEqual(line.split()[3:5], [str((4 << 30) + 2 * (64 << 20))] * 2, line)
        self.assertEqual(h.read_file(m.path(shown("eins.pdf"))), REF["eins.pdf"])
        m.stop()

    def test_open_handle_keeps_its_bytes_when_the_source_changes(self):
        work = tempfile.mkdtemp(dir=WS.base)
        src = os.path.join(work, "src")
        os.makedirs(src)
        shutil.copyfile(os.path.join(SRC, "zwei.pdf"), os.path.join(src, "akte.pdf"))
        m = h.Mount(src, work, WS.env, args=("--cache-size", "1M")).start()
        self.addCleanup(m.stop, False)
        path = m.path("akte.redacted.pdf")
        with open(path, "rb") as fa:
            head = fa.read(1000)
            # Replaced (as editors save) while fa is open: the next open sees
            # the new file, fa keeps reading the old output to its end.
            shutil.copyfile(os.path.join(SRC, "drei.pdf"), os.path.join(src, ".neu"))
            os.rename(os.path.join(src, ".neu"), os.path.join(src, "akte.pdf"))
            self.assertEqual(h.read_file(path), REF["drei.pdf"])
            self.assertEqual(head + fa.read(), REF["zwei.pdf"])
        # The kernel caches a path's attributes for attr_timeout (1 s) and
        # the close reaches the daemon after close() returns, so the path's
        # size is exact within that second, not at once.
        deadline = time.monotonic() + 2.0
        while os.stat(path).st_size != len(REF["drei.pdf"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(os.stat(path).st_size, len(REF["drei.pdf"]))
        with open(path, "rb") as fb:
            self.assertEqual(os.fstat(fb.fileno()).st_size, len(REF["drei.pdf"]))
            self.assertEqual(fb.read(), REF["drei.pdf"])
        m.stop()


class TestSpill(CacheTest):
    def test_open_outputs_past_the_budget_leave_memory(self):
        """Fourteen one-page outputs (about 100 KiB each, small enough to be
        made in memory) open at once under a 1 MiB budget: those that no
        longer fit beside the others are moved out of memory (sealed,
        unnamed, see SealedFile), all read back whole, and the output bytes
        the daemon held never passed the budget. (Its resident size also
        carries the renders in flight, bounded; `make bench` measures that.)"""
        work = tempfile.mkdtemp(dir=WS.base)
        src = os.path.join(work, "src")
        os.makedirs(src)
        n = 14
        for i in range(n):
            shutil.copyfile(os.path.join(SRC, "eins.pdf"), os.path.join(src, f"akte{i:02d}.pdf"))
        before = set(os.listdir("/var/tmp"))
        m = h.Mount(src, work, WS.env, args=("--cache-size", "1M")).start()
        self.addCleanup(m.stop, False)
        files = []
        try:
            for i in range(n):
                files.append(open(m.path(f"akte{i:02d}.redacted.pdf"), "rb"))
            for i, f in enumerate(reversed(files)):
                self.assertEqual(f.read(), REF["eins.pdf"], f"handle {i}")
            # Nothing with a name was left where they went.
            self.assertEqual(set(os.listdir("/var/tmp")) - before, set())
        finally:
            for f in files:
                f.close()
        s = self.finish(m)
        fit = (1 << 20) // len(REF["eins.pdf"])
        self.assertLess(fit, n)
        self.assertEqual((s["renders"], s["sealed"], s["spilled"]), (n, 0, n - fit))
        self.assertLessEqual(s["held_peak_kib"], 1024)

    def test_a_long_render_keeps_its_pages_and_output_on_disk_sealed(self):
        """Under a 1 MiB budget the renders in flight may hold 256 KiB of
        compressed pages: the rest of a 10-page (1 MiB) and a 30-page output
        wait in sealed, unnamed files and each output is written into one.
        Read through the mount with read(2), mmap and cp, they are the bytes
        `redactfs redact` makes in memory, and none was held in memory."""
        work = tempfile.mkdtemp(dir=WS.base)
        src = os.path.join(work, "src")
        os.makedirs(src)
        for name in ("zehn.pdf", "gross.pdf"):
            shutil.copyfile(os.path.join(SRC, name), os.path.join(src, name))
        out = os.path.join(work, "ref-gross.pdf")
        r = h.redactfs("redact", os.path.join(src, "gross.pdf"), "-o", out, env=WS.env)
        self.assertEqual(r.returncode, 0, h.describe(r))
        ref_gross = h.read_file(out)
        before = set(os.listdir("/var/tmp"))
        m = h.Mount(src, work, WS.env, args=("--cache-size", "1M")).start()
        self.addCleanup(m.stop, False)
        with open(m.path("gross.redacted.pdf"), "rb") as f:
            self.assertEqual(f.read(), ref_gross)
        import mmap
        with open(m.path("zehn.redacted.pdf"), "rb") as f, mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ) as mm:
            self.assertEqual(mm[:], REF["zehn.pdf"])
        copy = os.path.join(work, "copy.pdf")
        shutil.copyfile(m.path("gross.redacted.pdf"), copy)
        self.assertEqual(h.read_file(copy), ref_gross)
        self.assertEqual(set(os.listdir("/var/tmp")) - before, set())
        s = self.finish(m)
        # Each rendered once: a sealed output is kept (on disk) for the next open.
        self.assertEqual((s["renders"], s["sealed"]), (2, 2))
        self.assertEqual(s["held_peak_kib"], 0)

    def test_within_the_budget_nothing_leaves_memory(self):
        m = self.mount()
        with open(m.path(shown("eins.pdf")), "rb") as a, open(m.path(shown("zwei.pdf")), "rb") as b:
            self.assertEqual((a.read(), b.read()), (REF["eins.pdf"], REF["zwei.pdf"]))
        s = self.finish(m)
        self.assertEqual(s["spilled"], 0)
        self.assertGreater(s["held_peak_kib"], 0)


class TestAttributes(CacheTest):
    """The kernel caches attributes for a second (attr_timeout), so `ls -l`
    costs no round trip per file; sizes still change from the estimate to
    the exact size at open."""

    def test_estimate_seen_before_open_never_cuts_a_read(self):
        m = self.mount()
        for name, read in (("eins.pdf", h.read_file), ("zwei.pdf", copy_read), ("drei.pdf", mmap_read)):
            p = m.path(shown(name))
            # The estimate, now cached by the kernel, is smaller than the output.
            self.assertLess(os.stat(p).st_size, len(REF[name]), name)
            self.assertEqual(read(p), REF[name], name)
            self.assertEqual(os.stat(p).st_size, len(REF[name]), name)

    def test_listing_carries_the_attributes_stat_gives(self):
        m = self.mount()
        self.assertEqual(h.read_file(m.path(shown("eins.pdf"))), REF["eins.pdf"])
        out = subprocess.run(["ls", "-lin", "--time-style=+%s", m.mountpoint], capture_output=True, text=True, check=True)
        rows = [l.split() for l in out.stdout.splitlines()[1:]]
        self.assertEqual(sorted(r[-1] for r in rows), sorted(os.listdir(m.mountpoint)))
        for r in rows:
            st = os.stat(m.path(r[-1]))
            self.assertEqual((int(r[0]), int(r[5])), (st.st_ino, st.st_size), r[-1])
        sizes = {r[-1]: int(r[5]) for r in rows}
        self.assertEqual(sizes[shown("eins.pdf")], len(REF["eins.pdf"]))
        self.assertEqual(self.finish(m)["renders"], 1)


def copy_read(path: str) -> bytes:
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["cp", path, d + "/out"], check=True)
        with open(d + "/out", "rb") as f:
            return f.read()


def mmap_read(path: str) -> bytes:
    import mmap
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ) as mm:
        return bytes(mm)


class TestDiskCache(CacheTest):
    def setUp(self):
        self.clear_disk_cache()

    def test_survives_remount_sealed_and_nameless(self):
        m = self.mount("--disk-cache")
        for n in ("eins.pdf", "zwei.pdf"):
            self.assertEqual(h.read_file(m.path(shown(n))), REF[n])
        s = self.finish(m)
        self.assertEqual((s["renders"], s["disk_writes"]), (2, 2))
        names = os.listdir(cache_dir())
        self.assertEqual(len(names), 2, names)
        self.assertEqual(os.stat(cache_dir()).st_mode & 0o777, 0o700)
        for n in names:
            self.assertRegex(n, r"^[0-9a-f]{64}$")
            p = os.path.join(cache_dir(), n)
            self.assertEqual(os.stat(p).st_mode & 0o777, 0o600)
            data = h.read_file(p)
            self.assertTrue(data.startswith(b"RDFSSEAL\x01\x03"), data[:10])
            for needle in (b"%PDF", b"eins", b"zwei", b"redacted", b"/Image", b"FlateDecode", b"frieda"):
                self.assertNotIn(needle, data)
        # A second mount serves both from the disk, rendering nothing.
        m2 = self.mount("--disk-cache")
        for n in ("eins.pdf", "zwei.pdf"):
            self.assertEqual(h.read_file(m2.path(shown(n))), REF[n])
        s = self.finish(m2)
        self.assertEqual((s["renders"], s["disk_hits"]), (0, 2), m2.log()[-2000:])
        self.assertEqual(m2.log().count("from the disk cache"), 2)

    def test_tampered_or_moved_entry_is_refused_and_rendered_afresh(self):
        m = self.mount("--disk-cache")
        for n in ("eins.pdf", "zwei.pdf"):
            h.read_file(m.path(shown(n)))
        self.finish(m)
        names = sorted(os.listdir(cache_dir()))
        self.assertEqual(len(names), 2)
        # One entry gets a flipped byte; the other is replaced by a copy of
        # the first (valid seal, wrong output).
        p0, p1 = (os.path.join(cache_dir(), n) for n in names)
        good0 = h.read_file(p0)
        flipped = bytearray(good0)
        flipped[len(flipped) // 2] ^= 0x40
        with open(p0, "wb") as f:
            f.write(flipped)
        with open(p1, "wb") as f:
            f.write(good0)
        m2 = self.mount("--disk-cache")
        for n in ("eins.pdf", "zwei.pdf"):
            self.assertEqual(h.read_file(m2.path(shown(n))), REF[n])
        s = self.finish(m2)
        log = m2.log()
        self.assertEqual((s["disk_refused"], s["renders"], s["disk_hits"]), (2, 2, 0), log[-2000:])
        self.assertEqual(log.count("disk cache entry refused"), 2, log[-2000:])
        self.assertIn("failed authentication", log)
        self.assertIn("belongs to another output", log)

    def test_leftovers_of_a_crashed_write_are_removed_and_a_torn_entry_refused(self):
        m = self.mount("--disk-cache")
        h.read_file(m.path(shown("eins.pdf")))
        self.finish(m)
        [name] = os.listdir(cache_dir())
        entry = os.path.join(cache_dir(), name)
        # A crash between write and rename leaves a temporary; a torn entry
        # under a real name can only come from outside (we rename whole files).
        old_tmp = os.path.join(cache_dir(), ".tmp-0123456789abcdef-4242")
        new_tmp = os.path.join(cache_dir(), ".tmp-fedcba9876543210-4243")
        for p in (old_tmp, new_tmp):
            with open(p, "wb") as f:
                f.write(h.read_file(entry)[:100])
        os.utime(old_tmp, (time.time() - 3600, time.time() - 3600))
        with open(entry, "r+b") as f:
            f.truncate(os.path.getsize(entry) // 2)
        m2 = self.mount("--disk-cache")
        self.assertFalse(os.path.exists(old_tmp), "a stale temporary survived")
        self.assertTrue(os.path.exists(new_tmp), "another writer's fresh temporary was removed")
        self.assertEqual(h.read_file(m2.path(shown("eins.pdf"))), REF["eins.pdf"])
        s = self.finish(m2)
        self.assertEqual((s["disk_refused"], s["renders"]), (1, 1), m2.log()[-2000:])

    def test_bounded_by_disk_cache_size(self):
        m = self.mount("--disk-cache", "--disk-cache-size", "500K")
        for n in ("eins.pdf", "zwei.pdf", "drei.pdf"):   # ~110 + 220 + 330 KiB
            self.assertEqual(h.read_file(m.path(shown(n))), REF[n])
        self.finish(m)
        total = sum(os.path.getsize(os.path.join(cache_dir(), n)) for n in os.listdir(cache_dir()))
        self.assertLessEqual(total, 500 * 1024)
        self.assertGreater(total, 0)
        # The newest entry (drei) survived; the oldest (eins) went first.
        m2 = self.mount("--disk-cache", "--disk-cache-size", "500K")
        h.read_file(m2.path(shown("drei.pdf")))
        h.read_file(m2.path(shown("eins.pdf")))
        log = m2.log()
        self.finish(m2)
        self.assertIn("served drei.redacted.pdf from the disk cache", log)
        self.assertEqual(served(log, "eins.redacted.pdf"), 1)

    def test_changed_source_is_not_served_from_disk(self):
        work = tempfile.mkdtemp(dir=WS.base)
        src = os.path.join(work, "src")
        os.makedirs(src)
        target = os.path.join(src, "brief.pdf")
        shutil.copyfile(os.path.join(SRC, "eins.pdf"), target)
        m = h.Mount(src, work, WS.env, args=("--disk-cache",)).start()
        self.addCleanup(m.stop, False)
        self.assertEqual(h.read_file(m.path("brief.redacted.pdf")), REF["eins.pdf"])
        m.stop()
        # Rewritten in place (same inode) with another document.
        with open(target, "r+b") as f:
            f.truncate(0)
            f.write(h.read_file(os.path.join(SRC, "zwei.pdf")))
        m2 = h.Mount(src, work, WS.env, args=("--disk-cache",), name="mnt2").start()
        self.addCleanup(m2.stop, False)
        self.assertEqual(h.read_file(m2.path("brief.redacted.pdf")), REF["zwei.pdf"])
        m2.stop()
        self.assertEqual(stats(m2.log())["disk_hits"], 0)

    def test_other_terms_or_settings_are_not_served_from_disk(self):
        m = self.mount("--disk-cache")
        h.read_file(m.path(shown("eins.pdf")))
        self.finish(m)
        # Other settings: a fresh render.
        m2 = self.mount("--disk-cache", "--dpi", "100")
        h.read_file(m2.path(shown("eins.pdf")))
        self.assertEqual(self.finish(m2)["disk_hits"], 0)
        # Other terms: a fresh render (the term list is private to this test's home).
        env = dict(WS.env)
        home = os.path.join(WS.base, "terms-home")
        env["XDG_CONFIG_HOME"] = os.path.join(home, "config")
        shutil.copytree(WS.env["XDG_CONFIG_HOME"], env["XDG_CONFIG_HOME"])
        r = subprocess.run([h.binary(), "terms", "add"], input=b"Rechtsbehelf\n", env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        m3 = h.Mount(SRC, WS.tempdir("terms"), env, args=("--disk-cache",)).start()
        self.addCleanup(m3.stop, False)
        data = h.read_file(m3.path(shown("eins.pdf")))
        m3.stop()
        self.assertNotEqual(data, REF["eins.pdf"])
        self.assertEqual(stats(m3.log())["disk_hits"], 0)
        # The same terms and settings again: served from the disk.
        m4 = self.mount("--disk-cache")
        self.assertEqual(h.read_file(m4.path(shown("eins.pdf"))), REF["eins.pdf"])
        self.assertEqual(self.finish(m4)["disk_hits"], 1)

    def test_disk_cache_needs_a_key(self):
        env = h.make_env(os.path.join(WS.base, "keyless"))
        mnt = WS.tempdir("keyless")
        r = h.run([h.binary(), "mount", SRC, mnt, "--foreground", "--disk-cache"], env=env, timeout=30)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn(b"key", r.stderr)
        self.assertIsNone(h.mount_entry(mnt))


class TestDeadlineAndInterrupt(CacheTest):
    def test_deadline_gives_eio_and_the_render_is_kept(self):
        m = self.mount("--deadline", "0.3")
        path = m.path(shown("gross.pdf"))
        t0 = time.monotonic()
        self.assertEqual(h.errno_of(h.read_file, path), errno.EIO)
        self.assertLess(time.monotonic() - t0, 3.0)
        self.assertIn("stage=deadline", m.log())
        # Other files and the mount still work (a small one fits the deadline
        # only once the big render is done; wait for that).
        self.assertTrue(h.wait_for(lambda: "served gross.redacted.pdf pages=30" in m.log(), 60), m.log()[-2000:])
        data = h.read_file(path)
        self.assertTrue(data.startswith(b"%PDF-"))
        s = self.finish(m)
        self.assertEqual((s["renders"], s["deadlines"], s["memory_hits"]), (1, 1, 1))

    def test_interrupted_reader_returns_and_mount_stays_usable(self):
        m = self.mount()
        path = m.path(shown("riesig.pdf"))
        p = subprocess.Popen(["cat", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(0.8)
        self.assertIsNone(p.poll(), "cat finished before it could be interrupted")
        t0 = time.monotonic()
        p.send_signal(signal.SIGINT)
        p.wait(timeout=10)
        waited = time.monotonic() - t0
        self.assertLess(waited, 1.5, f"cat took {waited:.1f}s to return after SIGINT")
        self.assertNotIn("served riesig.redacted.pdf", m.log(), "the render finished before the interrupt")
        # The mount answers, and the file is served once its render is done.
        self.assertIn(shown("eins.pdf"), os.listdir(m.mountpoint))
        self.assertEqual(h.read_file(m.path(shown("eins.pdf"))), REF["eins.pdf"])
        self.assertTrue(h.read_file(path).startswith(b"%PDF-"))
        s = self.finish(m)
        self.assertEqual(s["interrupted"], 1)
        self.assertEqual(served(m.log(), shown("riesig.pdf")), 1, "the interrupted render was not reused")


def make_cpu_bomb(path: str, depth: int = 30):
    """A page whose Form XObjects each draw the next one twice, `depth` deep:
    2^depth drawings from a few kilobytes, a CPU bomb for poppler (pdftoppm
    renders it for as long as one lets it)."""
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", ""]
    for k in range(depth):
        last = k == depth - 1
        content = "0 0 1 1 re f" if last else " ".join(["q 0.999 0 0 0.999 0.1 0.1 cm /X Do Q"] * 2)
        res = "" if last else f"/Resources << /XObject << /X {5 + k} 0 R >> >>"
        objs.append(f"<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] {res} /Length {len(content)} >>\n"
                    f"stream\n{content}\nendstream")
    objs.append("<< /Length 9 >>\nstream\nq /X Do Q\nendstream")
    objs[2] = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X 4 0 R >> >> "
               f"/Contents {len(objs)} 0 R >>")
    out, offsets = b"%PDF-1.4\n", []
    for i, o in enumerate(objs):
        offsets.append(len(out))
        out += f"{i + 1} 0 obj\n{o}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(path, "wb") as f:
        f.write(out)


class TestFairShare(CacheTest):
    """Two CPU bombs hold both worker slots; a letter opened next is served
    while both are still being waited for (the pool pauses one bomb's worker
    for it), and the mount stays whole. How fast, against an idle mount, is
    `make hostile`'s figure, not an assertion here."""

    def bomb_source(self) -> tuple[str, str]:
        work = tempfile.mkdtemp(dir=WS.base)
        src = os.path.join(work, "src")
        os.makedirs(src)
        for name in ("bombe1.pdf", "bombe2.pdf"):
            make_cpu_bomb(os.path.join(src, name))
        shutil.copyfile(os.path.join(SRC, "eins.pdf"), os.path.join(src, "brief.pdf"))
        return work, src

    def start_bombs(self, m: h.Mount) -> list[subprocess.Popen]:
        cats = [subprocess.Popen(["cat", m.path(f"bombe{i}.redacted.pdf")], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for i in (1, 2)]
        for c in cats:
            self.addCleanup(lambda c=c: (c.kill(), c.wait()))
        # Both renders have their worker (the pool's two slots are held).
        time.sleep(2.0)
        self.assertEqual([c.poll() for c in cats], [None, None], "a bomb was served or refused at once")
        return cats

    def test_a_letter_is_served_while_two_bombs_are_waited_for(self):
        work, src = self.bomb_source()
        m = h.Mount(src, work, WS.env, args=("--jobs", "2")).start()
        self.addCleanup(m.stop, False)
        cats = self.start_bombs(m)
        self.assertEqual(h.read_file(m.path("brief.redacted.pdf")), REF["eins.pdf"])
        self.assertEqual([c.poll() for c in cats], [None, None], "the letter was served only after a bomb ended")
        self.assertIn("served brief.redacted.pdf pages=1", m.log())
        # Readers waiting in open keep the mount busy: let them go first.
        for c in cats:
            c.send_signal(signal.SIGINT)
            c.wait(timeout=10)
        m.stop()

    def test_a_bomb_nobody_waits_for_goes_to_the_background(self):
        work, src = self.bomb_source()
        m = h.Mount(src, work, WS.env, args=("--jobs", "2", "--deadline", "1")).start()
        self.addCleanup(m.stop, False)
        cats = [subprocess.Popen(["cat", m.path(f"bombe{i}.redacted.pdf")], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE) for i in (1, 2)]
        for c in cats:
            _, err = c.communicate(timeout=30)
            self.assertIn(b"Input/output error", err)
        log = m.log()
        self.assertEqual(log.count("stage=deadline"), 2, log[-2000:])
        self.assertIn("the render goes on in the background for the cache, for at most 300 s more CPU time", log)
        # Their renders go on as background work, which yields at once.
        self.assertEqual(h.read_file(m.path("brief.redacted.pdf")), REF["eins.pdf"])
        self.assertNotIn("served bombe", m.log())
        m.stop()


class TestPrefetch(CacheTest):
    def test_listing_renders_nothing_without_prefetch(self):
        m = self.mount()
        for dirpath, _, files in os.walk(m.mountpoint):
            for f in files:
                os.stat(os.path.join(dirpath, f))
        time.sleep(0.5)
        s = self.finish(m)
        self.assertEqual((s["renders"], s["prefetched"]), (0, 0))

    def test_listing_queues_files_and_an_open_goes_first(self):
        m = self.mount("--prefetch")
        names = sorted(os.listdir(m.path("viele")))
        self.assertEqual(len(names), 5)
        # Open the last one at once: it must not wait behind the queue.
        last = names[-1]
        data = h.read_file(m.path("viele/" + last))
        self.assertTrue(data.startswith(b"%PDF-"))
        done = lambda: m.log().count("prefetched viele/") >= 4
        self.assertTrue(h.wait_for(done, 60), m.log()[-3000:])
        log = m.log()
        before = log[:log.index(f"served viele/{last} pages=")]
        self.assertLessEqual(before.count("prefetched viele/"), 1,
                             f"the open waited behind prefetches:\n{log[-3000:]}")
        # The opened file was not rendered twice, and a prefetched one is a hit.
        self.assertEqual(h.read_file(m.path("viele/" + names[0]))[:5], b"%PDF-")
        s = self.finish(m)
        self.assertEqual((s["renders"], s["prefetched"]), (5, 4), log[-3000:])
        self.assertGreaterEqual(s["memory_hits"], 1)


if __name__ == "__main__":
    unittest.main()
