"""One hostile file costs one file, and nothing else: a fixed sample of 60
files of the hostile corpus (bench/hostile/, `make hostile` reads all of it)
through the real mount.

The sample is stratified by kind (generate.py's kinds and the qpdf / pdf.js
seeds) and picked with a fixed seed; the kinds that keep workers busy are
read last. Both cpubomb/ files are in it: with `--deadline 15` each costs
its reader 15 s and an EIO, and the unmount at the end must still be prompt
(the daemon stops its workers), so together they stay well within the
test's budget. For every file: the mount survives (daemon alive, in
/proc/mounts, its root answers stat); a served output passes `qpdf --check`,
has no text, no metadata and the source's page count (for images: decodes,
no EXIF/XMP/ICC/comment, no extra chunks or segments); a refusal is EIO or
EACCES within the deadline plus a margin (never a hang), and the daemon
logged a line for it. Availability losses and stalls are reported by
`make hostile`, not asserted here.
"""
from __future__ import annotations

import errno
import os
import shutil
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also when run by path
import harness as h  # noqa: E402

sys.path.insert(0, os.path.join(h.REPO_ROOT, "bench", "hostile"))
import run as hostile  # noqa: E402

SAMPLE = 60
SAMPLE_SEED = 0
DEADLINE = 15.0
MARGIN = 20.0   # a refusal must come within DEADLINE + MARGIN seconds


def sample_files(corpus: str) -> list[bytes]:
    """The fixed sample: 60 files across kinds, both cpubomb/ files among them."""
    files = hostile.corpus_files(corpus)
    bombs = [f for f in files if hostile.kind_of(f) == "cpubomb"][:2]
    rest = hostile.pick_sample(files, SAMPLE - len(bombs), SAMPLE_SEED, exclude_kinds=("cpubomb",))
    return rest + bombs


class HostileSample(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        h.require_mountable()
        import generate
        cls.corpus = hostile.ensure_corpus(generate.DEFAULT_SEED, log=lambda *a: None)
        cls.base = tempfile.mkdtemp(prefix="redactfs-hostile-")
        cls.addClassCleanup(cls._cleanup)
        cls.src = os.path.join(cls.base, "src")
        os.makedirs(cls.src)
        cls.files = sample_files(cls.corpus)
        hostile.build_source(cls.corpus, cls.files, cls.src)
        cls.env = h.make_env(os.path.join(cls.base, "home"))
        r = h.redactfs("init", env=cls.env)
        assert r.returncode == 0, h.describe(r)

    @classmethod
    def _cleanup(cls):
        for _, mnt, _, _ in h.mount_entries():
            if mnt.startswith(cls.base):
                h.run(["fusermount3", "-uz", mnt], timeout=30)
        if not any(m.startswith(cls.base) for _, m, _, _ in h.mount_entries()):
            shutil.rmtree(cls.base, ignore_errors=True)

    def test_sample(self):
        self.assertEqual(len(self.files), SAMPLE)
        kinds = {hostile.kind_of(f) for f in self.files}
        self.assertGreaterEqual(len(kinds), 15, f"the sample covers only {sorted(kinds)}")
        m = h.Mount(self.src, self.base, self.env, args=("--deadline", f"{DEADLINE:g}"))
        m.start()
        self.addCleanup(m.stop)
        mapping = hostile.map_shown(m.mountpoint, self.files)
        outdir = os.path.join(self.base, "out")
        os.makedirs(outdir)
        results = {}
        for i, f in enumerate(hostile.order_for_reading(self.files)):
            label = hostile.show(f)
            shown = mapping.get(f)
            if shown is None:
                results[f] = {"outcome": "hidden"}   # not shown (its first bytes disagree with its name)
                continue
            out = os.path.join(outdir, f"{i:03d}")
            res = hostile.read_through(os.path.join(os.fsencode(m.mountpoint), shown), out,
                                       timeout=DEADLINE + MARGIN + 30)
            res["shown"], res["out"] = shown, out
            results[f] = res
            problem = self._alive(m)
            # a dead mount fails the test at once: what follows would say nothing
            self.assertIsNone(problem, f"{label}: the mount died ({problem}); log:\n{m.log()[-3000:]}")
        events = hostile.parse_log(m.log())
        for f, res in results.items():
            label = hostile.show(f)
            with self.subTest(file=label):
                if res.get("outcome") == "hidden":
                    continue
                self.assertFalse(res.get("hung"), f"{label}: no answer within {DEADLINE + MARGIN + 30:g} s")
                self.assertLessEqual(res["total_s"], DEADLINE + MARGIN,
                                     f"{label}: took {res['total_s']:.1f} s (deadline {DEADLINE:g} s)")
                src = os.path.join(os.fsencode(self.src), f)
                if res.get("phase") == "done":
                    problems = hostile.check_output(src, res["out"], res["shown"])
                    self.assertEqual(problems, [], f"{label}: invalid output")
                    # And `redactfs verify` passes it (its OCR costs about a
                    # second a page: the short outputs only).
                    if (hostile.expected_pages(src) or 99) <= 5:
                        r = h.redactfs("verify", res["out"], env=self.env)
                        self.assertEqual(r.returncode, 0, f"{label}: verify: {h.describe(r)}")
                else:
                    self.assertIn(res.get("errno"), (errno.EIO, errno.EACCES),
                                  f"{label}: refused with {hostile.errname(res.get('errno'))} "
                                  f"in phase {res.get('phase')}")
                    evs = hostile.log_events_for(events, res["shown"])
                    self.assertTrue([e for e in evs if e["event"] == "error"],
                                    f"{label}: refused but the log has no error line for "
                                    f"{hostile.show(res['shown'])}")
        served = sum(1 for r in results.values() if r.get("phase") == "done")
        self.assertGreater(served, 10, "almost nothing was served: the sample says little")

    @staticmethod
    def _alive(m: h.Mount):
        if m.proc is None or m.proc.poll() is not None:
            return f"daemon exited ({m.proc.returncode if m.proc else '?'})"
        e = h.mount_entry(m.mountpoint)
        if e is None or e[2] != h.FSTYPE:
            return "gone from /proc/mounts"
        r = hostile.run_tool(["stat", "-c", "%i", m.mountpoint], timeout=15)
        if r.returncode != 0:
            return f"stat of the root failed: {r.stderr.decode(errors='replace').strip()[:200]}"
        return None


if __name__ == "__main__":
    unittest.main()
