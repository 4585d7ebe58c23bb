#!/usr/bin/env python3
"""The labelled corpus as text files through the real mount: what a user's
notes, saved mails and exports look like when they are text. Each corpus
document (corpus/detection/*.txt, markup taken out) is written as
NAME.txt, UTF-8; the mount shows NAME.redacted.txt; the output is read
with cat and aligned with the source (difflib: the output is the source
with spans replaced by masks), and scored:

  recall          a gold item is REDACTED when >= 95% of its letters and
                  digits are inside replaced spans
  leaks           a gold item not redacted whose text (>= 3 letters or
                  digits) can still be read in the output
  over-redaction  share of non-personal words (outside every gold and
                  optional item; hard negatives included) inside replaced spans

    REDACTFS_BIN=... /usr/bin/python3 bench/e2e/text_score.py [--as txt|eml] [--docs GLOB] [--verbose]

With --as eml each document is the body of a saved mail instead (written by
Python's email package: text/plain, quoted-printable, UTF-8), and the
output's body is read back with the same package.

Asserts nothing; exit 0 unless the mount fails. Item text only with
--verbose (the sealed sets' misses are not to be read).
"""

from __future__ import annotations

import argparse
import collections
import difflib
import email
from email import policy
from email.message import EmailMessage
import fnmatch
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests", "integration"))
sys.path.insert(0, os.path.join(REPO, "corpus", "tools"))
import checkdigits  # noqa: E402
import harness  # noqa: E402

WORD = re.compile(r"\w+")


MASK = re.compile(r"\[REDACTED:[a-z-]+\]")


def masked_ranges(src: str, out: str) -> list[tuple[int, int]]:
    """Source ranges the output replaced (difflib on characters, each mask
    one character no source holds, so no letter of a mask is aligned with
    a letter of the source)."""
    sm = difflib.SequenceMatcher(None, src, MASK.sub("\ue000", out), autojunk=False)
    return [(i1, i2) for tag, i1, i2, _, _ in sm.get_opcodes() if tag in ("replace", "delete")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", default="*")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--as", dest="kind", choices=("txt", "eml"), default="txt")
    a = ap.parse_args()
    os.environ.setdefault("REDACTFS_BIN", os.path.join(REPO, ".build", "release", "redactfs"))
    corpus = os.path.join(REPO, "corpus", "detection")
    names = sorted(n[:-4] for n in os.listdir(corpus) if n.endswith(".txt") and fnmatch.fnmatch(n[:-4], a.docs))
    found = collections.Counter()
    total = collections.Counter()
    leaks = 0
    words = over = 0
    seconds = 0.0
    misses = []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "src")
        os.makedirs(src)
        docs = {}
        for n in names:
            with open(os.path.join(corpus, n + ".txt"), encoding="utf-8") as f:
                plain, spans = checkdigits.parse(f.read())
            docs[n] = (plain, spans)
            if a.kind == "eml":
                msg = EmailMessage()
                msg["From"] = "Sachbearbeitung <post@example.org>"
                msg["To"] = "empfang@example.org"
                msg["Subject"] = "Schreiben"
                msg.set_content(plain, cte="quoted-printable")
                with open(os.path.join(src, n + ".eml"), "wb") as f:
                    f.write(bytes(msg))
            else:
                with open(os.path.join(src, n + ".txt"), "w", encoding="utf-8") as f:
                    f.write(plain)
        env = harness.make_env(os.path.join(d, "home"))
        m = harness.Mount(src, os.path.join(d, "work"), env).start()
        try:
            for n in names:
                plain, spans = docs[n]
                t = time.perf_counter()
                raw = harness.read_file(m.path(f"{n}.redacted.{a.kind}"))
                if a.kind == "eml":
                    msg = email.message_from_bytes(raw, policy=policy.default)
                    # (A line break the writer adds at the end is an insertion:
                    # it covers no source character.)
                    out = msg.get_body(("plain",)).get_content()
                else:
                    out = raw.decode("utf-8")
                seconds += time.perf_counter() - t
                cover = bytearray(len(plain))
                for i1, i2 in masked_ranges(plain, out):
                    cover[i1:i2] = b"\1" * (i2 - i1)
                personal = bytearray(len(plain))
                for s in spans:
                    if s.mark != "!":
                        personal[s.start:s.end] = b"\1" * (s.end - s.start)
                    if s.mark != "":
                        continue
                    idx = [i for i in range(s.start, s.end) if plain[i].isalnum()]
                    total[s.category] += 1
                    if idx and sum(cover[i] for i in idx) >= 0.95 * len(idx):
                        found[s.category] += 1
                        continue
                    if len(idx) >= 3 and s.text in out:
                        leaks += 1
                    misses.append((n, s.category, s.text))
                for w in WORD.finditer(plain):
                    if any(personal[w.start():w.end()]):
                        continue
                    words += 1
                    over += all(cover[w.start():w.end()])
        finally:
            m.stop()
    n_items = sum(total.values())
    print(f"{a.kind} layout: {len(names)} documents as .{a.kind} through the mount ({seconds / max(1, len(names)) * 1000:.0f} ms each)")
    print(f"  recall {sum(found.values()) / max(1, n_items):.3f} ({sum(found.values())}/{n_items}), leaks {leaks}, "
          f"over-redaction {over / max(1, words) * 100:.1f}% ({over}/{words} words)")
    for c in sorted(total, key=lambda c: -total[c]):
        print(f"  {c:14s} {found[c] / total[c]:.3f}  ({found[c]}/{total[c]})")
    if a.verbose:
        for n, c, t in misses:
            print(f"  miss {n}: {c} {t!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
