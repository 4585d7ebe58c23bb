"""Load through the real mount: many readers, a source that changes under
them, readers that are interrupted. Every byte is compared with what
`redactfs redact` makes of the same file. All document text is invented."""
from __future__ import annotations

import concurrent.futures
import os
import random
import shutil
import signal
import subprocess
import threading
import time
import unittest

import harness as h
from test_cache import make_pdf, stats

WS: h.Workspace | None = None
SRC = ""
REF: dict[str, bytes] = {}
NAMES = [f"akte{i:02d}.pdf" for i in range(10)]
VERSIONS = {"alt": 1, "neu": 2}          # the changing file: tag -> pages


def cli(path: str) -> bytes:
    out = os.path.join(WS.tempdir("ref"), "out.pdf")
    r = h.redactfs("redact", path, "-o", out, env=WS.env)
    assert r.returncode == 0, h.describe(r)
    return h.read_file(out)


def setUpModule():
    global WS, SRC
    h.require_mountable()
    WS = h.Workspace("redactfs-stress-")
    SRC = os.path.join(WS.base, "src")
    os.makedirs(SRC)
    for i, n in enumerate(NAMES):
        make_pdf(os.path.join(SRC, n), 1 + i % 3, tag=f"s{i}")
    make_pdf(os.path.join(SRC, "gross.pdf"), 40, tag="gr")
    for tag, pages in VERSIONS.items():
        make_pdf(os.path.join(WS.base, f"version-{tag}.pdf"), pages, tag=tag)
    paths = [os.path.join(SRC, n) for n in NAMES] + [os.path.join(WS.base, f"version-{t}.pdf") for t in VERSIONS]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for p, data in zip(paths, pool.map(cli, paths)):
            REF[os.path.basename(p)] = data


def tearDownModule():
    if WS:
        WS.cleanup()


def shown(name: str) -> str:
    return name[:-4] + ".redacted.pdf"


class StressTest(unittest.TestCase):
    def mount(self, *args: str, source: str | None = None) -> h.Mount:
        m = WS.mount(*args, source=source or SRC)
        m.start()
        self.addCleanup(m.stop, False)
        return m

    def test_16_readers_many_files_repeated_rounds(self):
        # A budget that holds about half the outputs: hits, evictions and
        # renders all happen while readers run.
        m = self.mount("--cache-size", "1M")
        errors: list[str] = []

        def reader(seed: int) -> int:
            rnd = random.Random(seed)
            n = 0
            for _ in range(3):
                order = NAMES[:]
                rnd.shuffle(order)
                for name in order:
                    try:
                        data = h.read_file(m.path(shown(name)))
                    except OSError as e:
                        errors.append(f"{name}: {e}")
                        continue
                    if data != REF[name]:
                        errors.append(f"{name}: {len(data)} bytes differ from redactfs redact")
                    n += 1
            return n

        with concurrent.futures.ThreadPoolExecutor(16) as pool:
            reads = sum(pool.map(reader, range(16)))
        self.assertEqual(errors, [])
        self.assertEqual(reads, 16 * 3 * len(NAMES))
        m.stop()
        s = stats(m.log())
        self.assertGreaterEqual(s["renders"], len(NAMES))
        self.assertGreater(s["memory_hits"], 0)
        self.assertNotIn("error", m.log())

    def test_changed_source_gives_whole_old_or_new_output(self):
        src = os.path.join(WS.base, "wechsel")
        os.makedirs(src, exist_ok=True)
        target = os.path.join(src, "brief.pdf")
        versions = {t: h.read_file(os.path.join(WS.base, f"version-{t}.pdf")) for t in VERSIONS}
        want = {REF[f"version-{t}.pdf"]: t for t in VERSIONS}

        def install(tag: str):
            tmp = os.path.join(src, ".neu")
            with open(tmp, "wb") as f:
                f.write(versions[tag])
            os.rename(tmp, target)   # as editors save

        install("alt")
        m = self.mount(source=src)
        path = m.path("brief.redacted.pdf")
        stop = threading.Event()
        seen: dict[str, int] = {}
        errors: list[str] = []

        def reader():
            while not stop.is_set():
                try:
                    data = h.read_file(path)
                except OSError as e:
                    errors.append(str(e))
                    continue
                tag = want.get(data)
                if tag is None:
                    errors.append(f"a read of {len(data)} bytes is neither version")
                else:
                    seen[tag] = seen.get(tag, 0) + 1

        threads = [threading.Thread(target=reader) for _ in range(6)]
        for t in threads:
            t.start()
        try:
            for i in range(8):
                time.sleep(0.4)
                install("neu" if i % 2 == 0 else "alt")
        finally:
            stop.set()
            for t in threads:
                t.join(60)
        self.assertEqual(errors, [], m.log()[-3000:])
        self.assertEqual(set(seen), set(VERSIONS), seen)
        # After the last change, the next open shows it.
        install("neu")
        self.assertEqual(h.read_file(path), REF["version-neu.pdf"])
        install("alt")
        self.assertEqual(h.read_file(path), REF["version-alt.pdf"])

    def test_interrupted_and_killed_readers_do_not_hang_the_mount(self):
        m = self.mount()
        big = m.path(shown("gross.pdf"))
        procs = [subprocess.Popen(["cat", big], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for _ in range(4)]
        time.sleep(0.5)
        for i, p in enumerate(procs):
            p.send_signal(signal.SIGINT if i % 2 == 0 else signal.SIGKILL)
        for p in procs:
            p.wait(timeout=5)
        # Everything else keeps working while the big render finishes.
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            got = list(pool.map(lambda n: h.read_file(m.path(shown(n))), NAMES[:4]))
        self.assertEqual(got, [REF[n] for n in NAMES[:4]])
        self.assertTrue(h.read_file(big).startswith(b"%PDF-"))
        m.stop()   # fails if the mount is left behind or the daemon hangs
        s = stats(m.log())
        self.assertGreaterEqual(s["interrupted"], 2)
        self.assertEqual(m.log().count("served gross.redacted.pdf pages="), 1)


if __name__ == "__main__":
    unittest.main()
