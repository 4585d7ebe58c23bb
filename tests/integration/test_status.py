"""Seeing what a mount does, through the real binary and a real mount.

* ``redactfs status`` and ``MOUNTPOINT/.redactfs/status`` during a slow
  render (a scan read by OCR, one worker): the page count moves.
* A reader learns why a file failed, without the log: a password-protected,
  a damaged and a too-large (over the page limit) PDF.
* The control folder is never listed, so copies of the mount leave it out.
* A daemon in the background never writes to the terminal it left; its
  lines go to --log-file.
* Under systemd ($NOTIFY_SOCKET): READY=1, STATUS= lines with counts only
  (never a file name), STOPPING=1 at unmount.
"""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import unittest

import cairo

import harness as h
import fixtures
import ocr_fixtures

EX_NOINPUT = 66


def make_locked(src: str, path: str):
    subprocess.run(["qpdf", "--encrypt", "user-pw", "owner-pw", "256", "--", src, path], check=True)


def make_too_many_pages(path: str, pages: int):
    """A PDF one page over the page limit, each page a short line of text."""
    surface = cairo.PDFSurface(path, 200, 100)
    ctx = cairo.Context(surface)
    for i in range(pages):
        ctx.move_to(20, 50)
        ctx.show_text(f"Seite {i + 1}")
        ctx.show_page()
    surface.finish()


class Workspace:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="redactfs-status-")
        self.src = os.path.join(self.dir, "src")
        os.makedirs(os.path.join(self.src, "post"))
        self.env = dict(os.environ, HOME=self.dir, XDG_CONFIG_HOME=os.path.join(self.dir, "config"),
                        XDG_CACHE_HOME=os.path.join(self.dir, "cache"))
        self.env.pop("NOTIFY_SOCKET", None)
        fixtures.make_letter(os.path.join(self.src, "post", "letter.pdf"), "post/letter.pdf")
        make_locked(os.path.join(self.src, "post", "letter.pdf"), os.path.join(self.src, "post", "locked.pdf"))
        with open(os.path.join(self.src, "post", "letter.pdf"), "rb") as f:
            whole = f.read()
        # Cut in the middle, as an interrupted download leaves it.
        with open(os.path.join(self.src, "post", "damaged.pdf"), "wb") as f:
            f.write(whole[: len(whole) // 3])
        make_too_many_pages(os.path.join(self.src, "post", "huge.pdf"), 2001)
        ocr_fixtures.make_scans(os.path.join(self.src, "scan.pdf"), pages=6)

    def cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)


WS: Workspace


def setUpModule():
    global WS
    h.require_binary()
    h.require_mountable()
    WS = Workspace()


def tearDownModule():
    WS.cleanup()


def status_json(mountpoint: str) -> dict:
    with open(os.path.join(mountpoint, ".redactfs", "status"), "rb") as f:
        return json.loads(f.read())


class TestStatus(unittest.TestCase):
    def mount(self, *args, name="mnt") -> h.Mount:
        m = h.Mount(WS.src, WS.dir, WS.env, args=args, name=name)
        m.start()
        self.addCleanup(m.stop)
        return m

    def status(self, *args) -> subprocess.CompletedProcess:
        return subprocess.run([h.binary(), "status", *args], env=WS.env, capture_output=True, text=True, timeout=30)

    def test_page_count_moves_during_a_slow_render(self):
        m = self.mount("--jobs", "1", name="slow")
        reader = subprocess.Popen(["cat", m.path("scan.redacted.pdf")], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        self.addCleanup(reader.stderr.close)
        self.addCleanup(lambda: reader.poll() is None and reader.kill())
        seen, texts = [], []
        deadline = time.monotonic() + 120
        while reader.poll() is None and time.monotonic() < deadline:
            doc = status_json(m.mountpoint)
            for r in doc["renders"]:
                if r["file"] == "scan.redacted.pdf":
                    seen.append((r["page"], r["pages"]))
            if len(texts) < 2:
                out = self.status(m.mountpoint)
                if "scan.redacted.pdf" in out.stdout:
                    texts.append(out.stdout)
            time.sleep(0.1)
        self.assertEqual(reader.wait(timeout=60), 0, reader.stderr.read())
        pages = {p for _, p in seen}
        self.assertEqual(pages - {0}, {6}, f"page totals seen: {seen}")
        done = sorted({d for d, p in seen if p})
        self.assertGreaterEqual(len(done), 3, f"the page count did not move: {seen}")
        self.assertEqual(done, sorted(done))
        self.assertTrue(texts, "redactfs status never showed the render")
        self.assertRegex(texts[0], r"scan\.redacted\.pdf: (page \d of 6|starting)")
        # Done: nothing in flight, one render counted.
        after = status_json(m.mountpoint)
        self.assertEqual(after["renders"], [])
        self.assertGreaterEqual(after["counters"]["renders"], 1)

    def test_reasons_visible_to_a_reader(self):
        m = self.mount(name="fail")
        expected = {
            "post/locked.redacted.pdf": "needs a password",
            "post/damaged.redacted.pdf": "damaged",
            "post/huge.redacted.pdf": "more than 2000 pages",
        }
        for rel in expected:
            with self.assertRaises(OSError, msg=rel):
                with open(m.path(rel), "rb") as f:
                    f.read()
        doc = status_json(m.mountpoint)
        failing = {f["file"]: f["reason"] for f in doc["failing"]}
        for rel, words in expected.items():
            self.assertIn(rel, failing)
            self.assertIn(words, failing[rel])
            out = self.status(m.path(rel))
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertIn(words, out.stdout)
        recent = [f["file"] for f in doc["recent_failures"]]
        self.assertEqual(sorted(recent), sorted(expected))
        self.assertEqual(doc["counters"]["failures"], 3)
        # A file that was served has no reason.
        with open(m.path("post/letter.redacted.pdf"), "rb") as f:
            self.assertTrue(f.read(5).startswith(b"%PDF-"))
        out = self.status(m.path("post/letter.redacted.pdf"))
        self.assertIn("no failure recorded", out.stdout)
        out = self.status("--json", m.path("post/locked.redacted.pdf"))
        self.assertIn("needs a password", json.loads(out.stdout)["error"])
        # The human summary names the failures too.
        out = self.status(m.mountpoint)
        self.assertIn("failing now: 3 file(s)", out.stdout)
        # Without a path: every mount, this one included.
        out = self.status()
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn(m.mountpoint, out.stdout)

    def test_control_folder_is_never_listed(self):
        m = self.mount(name="list")
        self.assertNotIn(".redactfs", os.listdir(m.mountpoint))
        found = subprocess.run(["find", m.mountpoint], capture_output=True, text=True, timeout=60).stdout
        self.assertNotIn(".redactfs", found)
        self.assertEqual(sorted(os.listdir(os.path.join(m.mountpoint, ".redactfs"))), ["status"])
        with self.assertRaises(OSError):
            open(os.path.join(m.mountpoint, ".redactfs", "status"), "wb")
        self.assertEqual(status_json(m.mountpoint)["source"], WS.src)

    def test_not_a_mount(self):
        out = self.status(WS.src)
        self.assertEqual(out.returncode, EX_NOINPUT, out.stderr)
        self.assertIn("not a redactfs mount", out.stderr)


STAGES = ("spawn", "parse", "render", "text", "fontcheck", "ocr", "detect", "burn", "encode")


class TestStages(unittest.TestCase):
    """Where a render's time went: one log line per render with --verbose,
    and per input with `redact -v`; never without them."""

    def parse(self, line: str) -> dict:
        return {k: int(v) for k, v in __import__("re").findall(r"(\w+)=(\d+)ms", line)}

    def check(self, stages: dict, ocr: bool):
        self.assertEqual(set(stages), set(STAGES) | {"wall"})
        self.assertGreater(stages["wall"], 0)
        self.assertGreater(stages["render"], 0)
        self.assertGreater(stages["encode"], 0)
        (self.assertGreater if ocr else self.assertEqual)(stages["ocr"], 0)

    def test_mount_logs_stages_when_verbose(self):
        m = h.Mount(WS.src, WS.dir, WS.env, args=("--verbose",), name="verbose")
        m.start()
        self.addCleanup(m.stop)
        for rel in ("post/letter.redacted.pdf", "scan.redacted.pdf"):
            with open(m.path(rel), "rb") as f:
                f.read()
        lines = [l for l in m.log().splitlines() if " stages " in l]
        self.assertEqual(len(lines), 2, m.log())
        letter = next(l for l in lines if "post/letter.redacted.pdf" in l)
        scan = next(l for l in lines if "scan.redacted.pdf" in l)
        self.check(self.parse(letter), ocr=False)
        self.check(self.parse(scan), ocr=True)

    def test_quiet_without_verbose(self):
        m = h.Mount(WS.src, WS.dir, WS.env, name="plain")
        m.start()
        self.addCleanup(m.stop)
        with open(m.path("post/letter.redacted.pdf"), "rb") as f:
            f.read()
        self.assertIn("served post/letter.redacted.pdf", m.log())
        self.assertNotIn(" stages ", m.log())

    def test_redact_verbose_prints_stages(self):
        out = os.path.join(WS.dir, "letter-v.redacted.pdf")
        r = subprocess.run([h.binary(), "redact", os.path.join(WS.src, "post", "letter.pdf"), "-o", out, "-v"],
                           env=WS.env, capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [l for l in r.stderr.splitlines() if " stages " in l]
        self.assertEqual(len(lines), 1, r.stderr)
        self.check(self.parse(lines[0]), ocr=False)


class TestBackground(unittest.TestCase):
    def test_background_daemon_leaves_the_terminal(self):
        mnt = os.path.join(WS.dir, "bg")
        os.makedirs(mnt)
        log = os.path.join(WS.dir, "bg-file.log")
        master, slave = pty.openpty()
        self.addCleanup(os.close, master)
        try:
            for args, name in (([], "syslog"), (["--log-file", log], "file")):
                r = subprocess.run([h.binary(), "mount", WS.src, mnt, *args], env=WS.env, stdin=slave,
                                   stdout=slave, stderr=slave, timeout=60)
                self.assertEqual(r.returncode, 0)
                try:
                    self.assertTrue(h.wait_for(lambda: h.mount_entry(mnt) is not None, 10))
                    with self.assertRaises(OSError):
                        open(os.path.join(mnt, "post", "damaged.redacted.pdf"), "rb").read()
                    with open(os.path.join(mnt, "post", "letter.redacted.pdf"), "rb") as f:
                        f.read()
                finally:
                    h.unmount(mnt)
                self.assertIsNone(h.mount_entry(mnt), "mount left behind")
                time.sleep(0.3)
                written = b""
                while select.select([master], [], [], 0.2)[0]:
                    written += os.read(master, 65536)
                self.assertEqual(written, b"", f"the daemon ({name}) wrote to the terminal: {written[:300]!r}")
        finally:
            os.close(slave)
        with open(log, "r") as f:
            lines = f.read()
        self.assertIn("mounted at", lines)
        self.assertIn("damaged.redacted.pdf: stage=", lines)
        self.assertIn("served post/letter.redacted.pdf", lines)
        self.assertEqual(os.stat(log).st_mode & 0o777, 0o600)

    def test_background_daemon_lets_go_of_a_pipe(self):
        # `redactfs mount … 2>&1 | tee`: the daemon must not keep the pipe
        # (the pipeline would never end) nor write its lines into it.
        mnt = os.path.join(WS.dir, "bgpipe")
        os.makedirs(mnt)
        p = subprocess.Popen([h.binary(), "mount", WS.src, mnt], env=WS.env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        try:
            self.assertEqual(p.wait(timeout=60), 0)
            self.assertTrue(h.wait_for(lambda: h.mount_entry(mnt) is not None, 10))
            with self.assertRaises(OSError):
                open(os.path.join(mnt, "post", "locked.redacted.pdf"), "rb").read()
            # Every writer gone: the read ends at once, with nothing in it.
            ready = select.select([p.stdout], [], [], 5)[0]
            self.assertTrue(ready, "the background daemon still holds the pipe")
            os.set_blocking(p.stdout.fileno(), False)
            try:
                data = os.read(p.stdout.fileno(), 65536)
            except BlockingIOError:
                data = None
            self.assertEqual(data, b"", "the background daemon wrote into the pipe, or still holds it")
        finally:
            h.unmount(mnt)
            p.stdout.close()
        self.assertIsNone(h.mount_entry(mnt), "mount left behind")


class TestSystemdNotify(unittest.TestCase):
    def test_ready_status_stopping(self):
        sock_path = os.path.join(WS.dir, "notify.sock")
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(sock_path)
        self.addCleanup(s.close)
        messages: list[str] = []

        def collect():
            s.settimeout(0.5)
            while not stop.is_set():
                try:
                    messages.append(s.recv(4096).decode())
                except socket.timeout:
                    pass
                except OSError:
                    return
        stop = threading.Event()
        t = threading.Thread(target=collect, daemon=True)
        t.start()
        env = dict(WS.env, NOTIFY_SOCKET=sock_path)
        m = h.Mount(WS.src, WS.dir, env, args=("--jobs", "1"), name="notify")
        m.start()
        try:
            self.assertTrue(h.wait_for(lambda: "READY=1" in messages, 10), messages)
            subprocess.run(["cat", m.path("scan.redacted.pdf")], stdout=subprocess.DEVNULL, timeout=120)
            with self.assertRaises(OSError):
                open(m.path("post/locked.redacted.pdf"), "rb").read()
            self.assertTrue(h.wait_for(lambda: any("1 failed" in x for x in messages), 10), messages)
        finally:
            m.stop()
        self.assertTrue(h.wait_for(lambda: "STOPPING=1" in messages, 5), messages)
        stop.set()
        t.join(5)
        statuses = [x for x in messages if x.startswith("STATUS=")]
        self.assertTrue(any("rendering 1 file(s)" in x for x in statuses), statuses)
        for x in statuses:
            self.assertNotIn("redacted", x, "a file name went to systemd's status")
        self.assertEqual(messages[0], "READY=1")
        self.assertEqual(messages[-1], "STOPPING=1")


if __name__ == "__main__":
    unittest.main()
