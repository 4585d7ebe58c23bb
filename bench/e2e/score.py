#!/usr/bin/env python3
"""End-to-end detection benchmark: the typeset corpus through the real mount,
scored by the pixels of the outputs and by what OCR can still read in them.

    /usr/bin/python3 bench/e2e/score.py [--quick] [--layouts a,b] [--docs GLOB] [-j N]
                                        [--json FILE] [--verbose]

Typesets the corpus (typeset.py, cached under .build/e2e/), copies the
selected documents into a source folder, mounts REDACTFS_BIN (default
.build/release/redactfs) the way tests/integration/harness.py does, reads
every *.redacted.* output through the mount and measures:

  recall         a gold item is REDACTED when >= 95% of its ink is dark in the
                 output (ink = pixels dark in the source render inside the
                 item's boxes; both rendered with pdftoppm -gray at --dpi;
                 the photo layout is compared in its own pixel space)
  leaks          tesseract (eng+deu, TSV) reads each output page; a gold item
                 whose text can still be read at its place is a leak (items
                 with fewer than 3 letters or digits are not judged)
  over-redaction share of non-personal words with >= 50% of their ink dark
  speed          wall time per page of reading the outputs through the mount

Prints the figures with their targets beside them; asserts nothing (exit 0
unless the mount itself fails). Item text is printed only with --verbose.

The full run takes every document in the text layouts and a fixed,
name-hashed subset in the slow ones (OCR by redactfs and by the scorer):
see SUBSET.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tests", "integration"))
import harness  # noqa: E402
import typeset  # noqa: E402

import numpy as np  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

# Documents per layout in a full run (None: all) and in --quick. The slow
# layouts cost OCR twice (redactfs reads them, and so does the leak check).
SUBSET = {"flow": None, "table": None, "table-ruled": 40, "form": None, "form-below": 30,
          "form-acro": 20, "two-column": 30, "outlines": 14, "image": 14, "scan": 14, "scan-200": 14,
          "photo": 14}
QUICK = {"scan": 2, "scan-200": 2, "photo": 2, "outlines": 3, "image": 3}
QUICK_DEFAULT = 6

TARGETS = {"recall": 0.98, "recall_each": 0.95, "leaks": 0, "over": 0.02}
INK = 128        # a source pixel darker than this is ink
DARK = 80        # an output pixel darker than this is burned
REDACTED = 0.95  # share of an item's ink that must be burned
BLACKED = 0.50   # share of a word's ink burned for it to count as over-redacted
OCR_DPI = 200
MIN_ALNUM = 3


# ------------------------------------------------------------------ selection

def stable_rank(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()


def select(entries, quick: bool):
    """Keeps every document of a layout, or the first N by name hash (stable
    as documents are added: a new one joins only if it hashes low)."""
    by_layout = collections.defaultdict(list)
    for doc, layout, path in entries:
        by_layout[layout].append((doc, layout, path))
    out = []
    for layout, lst in by_layout.items():
        cap = QUICK.get(layout, QUICK_DEFAULT) if quick else SUBSET.get(layout)
        lst.sort(key=lambda e: stable_rank(e[0].name))
        out += lst if cap is None else lst[:cap]
    return sorted(out, key=lambda e: (typeset.LAYOUTS.index(e[1]), e[0].name))


# ------------------------------------------------------------------ pixels

def render(path: str, dpi: int) -> list[np.ndarray]:
    """Every page of a PDF (or the image itself) as a gray array."""
    if path.endswith(".jpg"):
        return [np.asarray(Image.open(path).convert("L"))]
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), path, os.path.join(d, "p")],
                           capture_output=True, timeout=600)
        if r.returncode != 0:
            raise RuntimeError(f"pdftoppm failed on {os.path.basename(path)}: {r.stderr[-300:]!r}")
        files = sorted(os.listdir(d), key=lambda f: int(re.search(r"(\d+)\.pgm$", f).group(1)))
        return [np.asarray(Image.open(os.path.join(d, f))) for f in files]


def box_mask(quad, scale: float, shape):
    """(y0, x0, mask) of the pixels inside a quad given in source units."""
    pts = [(x * scale, y * scale) for x, y in quad]
    x0 = max(int(min(p[0] for p in pts)), 0)
    y0 = max(int(min(p[1] for p in pts)), 0)
    x1 = min(int(max(p[0] for p in pts)) + 2, shape[1])
    y1 = min(int(max(p[1] for p in pts)) + 2, shape[0])
    if x1 <= x0 or y1 <= y0:
        return None
    img = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(img).polygon([(x - x0, y - y0) for x, y in pts], fill=1)
    return y0, x0, np.asarray(img, dtype=bool)


def footprint_counts(boxes, src_pages, out_pages, scale: float):
    """(footprint pixels, of which dark in the output; paper pixels in the
    footprint, of which dark in the output). An item's footprint is the
    tight box of its ink (source pixels darker than INK) inside each of its
    boxes: glyphs stay dark when nothing is burned, so what tells a burn is
    that the paper between and around the strokes turned dark too."""
    total = dark = paper = paper_dark = 0
    for b in boxes:
        p = b["page"]
        if p >= len(src_pages) or p >= len(out_pages):
            continue
        src, out = src_pages[p], out_pages[p]
        m = box_mask(b["quad"], scale, src.shape)
        if m is None:
            continue
        y0, x0, mask = m
        h, w = mask.shape
        ink = (src[y0:y0 + h, x0:x0 + w] < INK) & mask
        ys, xs = np.nonzero(ink)
        if len(ys) == 0:
            continue
        ty0, ty1, tx0, tx1 = y0 + ys.min(), y0 + ys.max() + 1, x0 + xs.min(), x0 + xs.max() + 1
        s = src[ty0:ty1, tx0:tx1]
        if out.shape != src.shape:  # an output at another size: sample it at the same places
            yy = np.clip((np.arange(ty0, ty1) * out.shape[0] / src.shape[0]).astype(int), 0, out.shape[0] - 1)
            xx = np.clip((np.arange(tx0, tx1) * out.shape[1] / src.shape[1]).astype(int), 0, out.shape[1] - 1)
            o = out[np.ix_(yy, xx)] < DARK
        else:
            o = out[ty0:ty1, tx0:tx1] < DARK
        light = s >= INK
        total += o.size
        dark += int(np.count_nonzero(o))
        paper += int(np.count_nonzero(light))
        paper_dark += int(np.count_nonzero(o & light))
    return total, dark, paper, paper_dark


# ------------------------------------------------------------------ OCR

def ocr_words(page: np.ndarray, dpi: int):
    """tesseract TSV words of one page: (text, x0, y0, x1, y1, line key)."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    with tempfile.TemporaryDirectory() as d:
        png = os.path.join(d, "p.png")
        Image.fromarray(page).save(png)
        r = subprocess.run(["tesseract", png, "-", "-l", "eng+deu", "--dpi", str(dpi), "tsv"],
                           capture_output=True, timeout=600, env=env)
    words = []
    for line in r.stdout.decode("utf-8", errors="replace").splitlines()[1:]:
        f = line.split("\t")
        if len(f) == 12 and f[0] == "5" and f[11].strip():
            x, y, w, h = map(int, f[6:10])
            words.append((f[11], x, y, x + w, y + h, (f[2], f[3], f[4])))
    return words


def fold(s: str) -> str:
    """Lower case, no diacritics, ß as ss: what 'can still read' compares."""
    s = unicodedata.normalize("NFKD", s.replace("ß", "ss").replace("ẞ", "ss"))
    return "".join(c for c in s if not unicodedata.combining(c)).lower()


def alnum(s: str) -> str:
    return re.sub(r"[\W_]", "", fold(s))


def tokens(s: str) -> list[str]:
    return [t for t in re.split(r"[\W_]+", fold(s)) if t]


def is_numeric(s: str) -> bool:
    a = alnum(s)
    return sum(c.isdigit() for c in a) * 2 >= len(a)


def readable(item_text: str, words) -> bool:
    """Whether OCR words (those at the item's place, in reading order) spell
    the item: numbers compared without separators, other items as a word
    sequence (OCR's fused 'Name:Kaya' splits at the colon)."""
    if not words:
        return False
    if is_numeric(item_text):
        return alnum(item_text) in "".join(alnum(w[0]) for w in words)
    want = tokens(item_text)
    have = [t for w in words for t in tokens(w[0])]
    n = len(want)
    if any(have[i:i + n] == want for i in range(len(have) - n + 1)):
        return True
    # a value fused to its label ('KontoinhaberEmre'): letters without separators
    return len(alnum(item_text)) >= 6 and alnum(item_text) in "".join(alnum(w[0]) for w in words)


def words_at(boxes, page_words, scale: float):
    """OCR words of a page that overlap the item's boxes by a quarter of
    their own area, in reading order."""
    out = []
    for b in boxes:
        xs = [x * scale for x, _ in b["quad"]]
        ys = [y * scale for _, y in b["quad"]]
        bx0, by0, bx1, by1 = min(xs), min(ys), max(xs), max(ys)
        for w in page_words.get(b["page"], []):
            ix = max(0.0, min(bx1, w[3]) - max(bx0, w[1]))
            iy = max(0.0, min(by1, w[4]) - max(by0, w[2]))
            area = max(1, (w[3] - w[1]) * (w[4] - w[2]))
            if ix * iy >= 0.25 * area and w not in out:
                out.append(w)
    return out


# ------------------------------------------------------------------ one document

def output_name(layout: str, doc_name: str) -> str:
    ext = "jpg" if layout == "photo" else "pdf"
    return f"{layout}/{doc_name}.redacted.{ext}"


def merge_bands(bands, height: int):
    out = []
    for a, b in sorted((max(0, int(a)), min(height, int(b) + 1)) for a, b in bands):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        elif b > a:
            out.append([a, b])
    return out


BAND_GAP = 40


def ocr_bands(page: np.ndarray, bands, dpi: int):
    """OCR words of the page strips `bands` (y ranges, full width), read in one
    tesseract call on the strips stacked with white gaps; words are mapped
    back to page pixels."""
    bands = merge_bands(bands, page.shape[0])
    if not bands:
        return []
    height = sum(b - a for a, b in bands) + BAND_GAP * len(bands)
    stack = np.full((height, page.shape[1]), 255, np.uint8)
    offsets, y = [], BAND_GAP // 2
    for a, b in bands:
        stack[y:y + b - a] = page[a:b]
        offsets.append((y, y + b - a, a))
        y += b - a + BAND_GAP
    out = []
    for w in ocr_words(stack, dpi):
        for s0, s1, a in offsets:
            if s0 - BAND_GAP // 2 <= w[2] < s1 + BAND_GAP // 2:
                out.append((w[0], w[1], w[2] - s0 + a, w[3], w[4] - s0 + a, w[5]))
                break
    return out


def score_document(meta: dict, src_path: str, out_path: str, dpi: int) -> dict:
    """Per-item and per-word results of one output.

    OCR reads the strips of each output page that hold a judged gold item
    not burned by the pixel test (the item's lines, full width, so a value
    fused to its label is read as it would be); a page whose every judged
    item is burned is not read, since a footprint >= 95% dark cannot spell it."""
    photo = meta["units"] == "px"
    src_pages = render(src_path, dpi)
    out_pages = render(out_path, dpi)
    scale = 1.0 if photo else dpi / 72.0
    items = []
    for it in meta["items"]:
        if it["mark"] != "":
            continue
        ink, burned, _, _ = footprint_counts(it["boxes"], src_pages, out_pages, scale)
        items.append({"category": it["category"], "ink": ink, "burned": burned,
                      "redacted": ink > 0 and burned >= REDACTED * ink,
                      "judged": len(alnum(it["text"])) >= MIN_ALNUM, "leak": False,
                      "text": it["text"], "boxes": it["boxes"]})
    suspects = [it for it in items if it["ink"] and it["judged"] and not it["redacted"]]
    if suspects:
        ocr_pages = out_pages if photo else render(out_path, OCR_DPI)
        k = 1.0 if photo else OCR_DPI / 72.0
        pad = 8
        bands = collections.defaultdict(list)
        for it in suspects:
            for b in it["boxes"]:
                ys = [y * k for _, y in b["quad"]]
                bands[b["page"]].append((min(ys) - pad, max(ys) + pad))
        page_words = {p: ocr_bands(ocr_pages[p], bl, OCR_DPI) for p, bl in bands.items()
                      if p < len(ocr_pages)}
        for it in suspects:
            it["leak"] = readable(it["text"], words_at(it["boxes"], page_words, k))
    for it in items:
        del it["boxes"]
    words = []
    for w in meta["words"]:
        ink, _, paper, paper_dark = footprint_counts(w["boxes"], src_pages, out_pages, scale)
        if ink:
            words.append({"blacked": paper_dark >= BLACKED * max(paper, 1), "text": w["text"]})
    return {"items": items, "words": words, "pages": len(out_pages),
            "page_mismatch": len(out_pages) != len(src_pages)}


# ------------------------------------------------------------------ the mount

def stage(selected, src_root: str):
    """Copies the selected documents into the mount's source folder."""
    for doc, layout, path in selected:
        os.makedirs(os.path.join(src_root, layout), exist_ok=True)
        shutil.copyfile(path, os.path.join(src_root, layout, os.path.basename(path)))


def read_through(mount, rel: str, dest: str):
    """Reads one output through the mount; (seconds, error or None)."""
    t = time.perf_counter()
    try:
        with open(mount.path(rel), "rb") as f:
            data = f.read()
    except OSError as e:
        return time.perf_counter() - t, harness.errname(e.errno)
    took = time.perf_counter() - t
    with open(dest, "wb") as f:
        f.write(data)
    return took, None


def run_mount(selected, base: str, jobs: int, log):
    """Mounts, reads every output (jobs at a time); unmounts in every case.
    Returns {(doc, layout): (seconds, error)} and the read phase's wall time."""
    src = os.path.join(base, "src")
    outs = os.path.join(base, "out")
    os.makedirs(outs)
    stage(selected, src)
    env = harness.make_env(os.path.join(base, "home"))
    r = harness.redactfs("init", env=env)
    if r.returncode != 0:
        raise RuntimeError("redactfs init failed:\n" + harness.describe(r))
    mount = harness.Mount(src, base, env, args=("--jobs", str(max(1, jobs))), timeout=60)
    results = {}
    mount.start()
    try:
        t0 = time.perf_counter()

        def one(entry):
            doc, layout, _ = entry
            dest = os.path.join(outs, f"{layout}--{doc.name}")
            return entry, read_through(mount, output_name(layout, doc.name), dest)

        with cf.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            for n, (entry, res) in enumerate(pool.map(one, selected), 1):
                results[(entry[0].name, entry[1])] = res
                if n % 25 == 0:
                    log(f"  read {n}/{len(selected)} outputs")
        wall = time.perf_counter() - t0
    finally:
        mount.stop(check=True)
    if harness.mount_entry(mount.mountpoint) is not None:
        raise RuntimeError(f"a mount was left at {mount.mountpoint}")
    return results, wall


# ------------------------------------------------------------------ figures

def ratio(a: int, b: int):
    return a / b if b else None


def summarize(scored, reads, wall_read: float) -> dict:
    cat = collections.defaultdict(lambda: [0, 0])
    lay = collections.defaultdict(lambda: [0, 0])
    leaks = collections.Counter()
    leak_items = []
    words = blacked = unjudged = 0
    over_words = collections.Counter()
    # Per document and layout: what a change moved, for reading two runs side by side.
    per_doc = {}
    errors, speed = [], collections.defaultdict(lambda: [0.0, 0])
    for (name, layout), res in scored.items():
        secs, err = reads[(name, layout)]
        if err:
            errors.append({"doc": name, "layout": layout, "error": err})
            continue
        speed[layout][0] += secs
        speed[layout][1] += res["pages"]
        for it in res["items"]:
            if it["ink"] == 0:
                continue
            for d, k in ((cat, it["category"]), (lay, layout)):
                d[k][0] += it["redacted"]
                d[k][1] += 1
            unjudged += not it["judged"]
            if it["leak"]:
                leaks[it["category"]] += 1
                leak_items.append({"doc": name, "layout": layout, "category": it["category"],
                                   "text": it["text"]})
        words += len(res["words"])
        blacked += sum(w["blacked"] for w in res["words"])
        judged = [it for it in res["items"] if it["ink"]]
        per_doc[f"{layout}/{name}"] = {
            "items": len(judged), "redacted": sum(it["redacted"] for it in judged),
            "missed": [f'{it["category"]}: {it["text"]}' for it in judged if not it["redacted"]],
            "blacked": [w["text"] for w in res["words"] if w["blacked"]],
        }
        for w in res["words"]:
            if w["blacked"]:
                over_words[(layout, w["text"])] += 1
    found = sum(v[0] for v in cat.values())
    total = sum(v[1] for v in cat.values())
    pages = sum(v[1] for v in speed.values())
    return {
        "recall": ratio(found, total), "items": total, "redacted": found,
        "per_category": {k: {"redacted": v[0], "items": v[1], "recall": ratio(*v)} for k, v in sorted(cat.items())},
        "per_layout": {k: {"redacted": v[0], "items": v[1], "recall": ratio(*v),
                           "documents": sum(1 for (n, l) in scored if l == k),
                           "seconds_per_page": ratio(speed[k][0], speed[k][1])}
                       for k, v in sorted(lay.items(), key=lambda kv: typeset.LAYOUTS.index(kv[0]))},
        "leaks": sum(leaks.values()), "leaks_per_category": dict(sorted(leaks.items())),
        "leak_items": leak_items, "items_too_short_to_judge": unjudged,
        "non_personal_words": words, "over_redacted_words": blacked,
        "over_redaction": ratio(blacked, words),
        "over_redacted_top": [{"layout": l, "text": t, "count": n} for (l, t), n in over_words.most_common(60)],
        "per_document": dict(sorted(per_doc.items())),
        "pages": pages, "read_wall_seconds": wall_read,
        "wall_seconds_per_page": ratio(wall_read, pages), "errors": errors,
        "targets": TARGETS,
    }


def fmt(v, pct: bool = False) -> str:
    if v is None:
        return "   -  "
    return f"{v:6.1%}" if pct else f"{v:6.3f}"


def mark(ok: bool) -> str:
    return "ok  " if ok else "MISS"


def report(s: dict, verbose: bool, out=print):
    t = TARGETS
    out("")
    out(f"recall (>= {REDACTED:.0%} of the ink burned), per category     target >= {t['recall_each']}")
    for k, v in s["per_category"].items():
        out(f"  {k:14} {fmt(v['recall'])}  {v['redacted']:5}/{v['items']:<5} "
            f"{mark(v['recall'] is not None and v['recall'] >= t['recall_each'])}")
    out(f"recall per layout                                       target >= {t['recall_each']}")
    for k, v in s["per_layout"].items():
        spp = v["seconds_per_page"]
        out(f"  {k:14} {fmt(v['recall'])}  {v['redacted']:5}/{v['items']:<5} docs {v['documents']:3}  "
            f"{(f'{spp:5.2f} s/page') if spp is not None else ''}  "
            f"{mark(v['recall'] is not None and v['recall'] >= t['recall_each'])}")
    rec = s["recall"]
    out(f"overall recall  {fmt(rec)}  {s['redacted']}/{s['items']} visible gold items   "
        f"target >= {t['recall']}  {mark(rec is not None and rec >= t['recall'])}")
    out(f"leaks (OCR still reads the item)  {s['leaks']}   target {t['leaks']}  {mark(s['leaks'] == 0)}")
    for k, v in s["leaks_per_category"].items():
        out(f"  {k:14} {v}")
    if verbose:
        for li in s["leak_items"]:
            out(f"    {li['layout']}/{li['doc']}: {li['category']} {li['text']!r}")
    out(f"  ({s['items_too_short_to_judge']} items with fewer than {MIN_ALNUM} letters/digits not judged)")
    ov = s["over_redaction"]
    out(f"over-redaction  {fmt(ov, True)}  {s['over_redacted_words']}/{s['non_personal_words']} "
        f"non-personal words >= {BLACKED:.0%} blacked   target <= {t['over']:.0%}  "
        f"{mark(ov is not None and ov <= t['over'])}")
    if verbose:
        for o in s.get("over_redacted_top", []):
            out(f"    blacked {o['layout']}: {o['text']!r} x{o['count']}")
    wpp = s["wall_seconds_per_page"]
    out(f"speed  {s['pages']} pages read through the mount in {s['read_wall_seconds']:.1f} s wall "
        f"= {wpp if wpp is None else round(wpp, 3)} s/page")
    if s["errors"]:
        out(f"ERRORS: {len(s['errors'])} outputs could not be read (not scored):")
        for e in s["errors"]:
            out(f"  {e['layout']}/{e['doc']}: {e['error']}")


# ------------------------------------------------------------------ main

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="End-to-end detection benchmark through the real mount.")
    ap.add_argument("--quick", action="store_true", help="Score a small subset, for iteration.")
    ap.add_argument("--layouts", default="", help="Comma-separated layouts (default: all).")
    ap.add_argument("--docs", default="*", help="Globs over document names, comma-separated.")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="Outputs read and scored at once.")
    ap.add_argument("--dpi", type=int, default=150, help="Render dpi for the pixel checks.")
    ap.add_argument("--json", default="", help="Write all figures to this file.")
    ap.add_argument("--all", action="store_true", help="Every document in every layout (slow).")
    ap.add_argument("--verbose", action="store_true", help="Name missed and leaked items (prints their text).")
    a = ap.parse_args(argv)
    layouts = [x for x in a.layouts.split(",") if x] or None
    if layouts and set(layouts) - set(typeset.LAYOUTS):
        ap.error(f"unknown layouts: {sorted(set(layouts) - set(typeset.LAYOUTS))}")
    if a.all:
        SUBSET.update({k: None for k in SUBSET})
    os.environ.setdefault("REDACTFS_BIN", os.path.join(REPO, ".build", "release", "redactfs"))
    log = lambda m: print(m, file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    harness.require_mountable()
    selected = select(typeset.plan(layouts=layouts, pattern=a.docs), a.quick)
    n = typeset.ensure(selected, jobs=a.jobs, log=lambda m: None)
    log(f"typeset {n} stale documents")
    log(f"{len(selected)} typeset documents ({time.perf_counter() - t0:.0f} s); binary "
        f"{harness.binary()}")
    base = tempfile.mkdtemp(prefix="redactfs-e2e-")
    try:
        reads, wall = run_mount(selected, base, a.jobs, log)
        log(f"read through the mount in {wall:.0f} s; scoring")
        scored = score_all(selected, reads, base, a, log)
    finally:
        if not any(m.startswith(base) for _, m, _, _ in harness.mount_entries()):
            shutil.rmtree(base, ignore_errors=True)
    s = summarize(scored, reads, wall)
    s["binary"] = harness.binary()
    s["total_seconds"] = time.perf_counter() - t0
    s["subset"] = {k: (None if a.all else (QUICK.get(k, QUICK_DEFAULT) if a.quick else v))
                   for k, v in SUBSET.items()}
    if verbose_misses := a.verbose:
        print_misses(scored, reads)
    report(s, verbose_misses)
    print(f"total {s['total_seconds']:.0f} s")
    if a.json:
        if not a.verbose:
            s["leak_items"] = [{k: v for k, v in li.items() if k != "text"} for li in s["leak_items"]]
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(s, f, ensure_ascii=False, indent=1)
    return 0


def score_all(selected, reads, base: str, a, log):
    def one(entry):
        doc, layout, path = entry
        secs, err = reads[(doc.name, layout)]
        if err:
            return entry, {"items": [], "words": [], "pages": 0}
        with open(path[:path.rindex(".")] + ".json", encoding="utf-8") as f:
            meta = json.load(f)
        out = os.path.join(base, "out", f"{layout}--{doc.name}")
        if layout == "photo":
            os.rename(out, out + ".jpg")
            out += ".jpg"
        return entry, score_document(meta, path, out, a.dpi)

    scored = {}
    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for n, (entry, res) in enumerate(pool.map(one, selected), 1):
            scored[(entry[0].name, entry[1])] = res
            if n % 25 == 0:
                log(f"  scored {n}/{len(selected)}")
    return scored


def print_misses(scored, reads):
    for (name, layout), res in sorted(scored.items()):
        for it in res["items"]:
            if it["ink"] and not it["redacted"]:
                print(f"  miss {layout}/{name}: {it['category']} {it['text']!r} "
                      f"({it['burned'] / it['ink']:.0%} burned)")


if __name__ == "__main__":
    sys.exit(main())
