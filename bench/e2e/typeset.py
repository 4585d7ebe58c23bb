#!/usr/bin/env python3
"""Typesets the labelled detection corpus as real documents, the way the world
makes them, and records where every labelled item landed on the page.

    /usr/bin/python3 bench/e2e/typeset.py [--out DIR] [--layouts a,b] [--docs GLOB] [--force]

Each corpus document (corpus/detection/*.txt, read with checkdigits.parse)
is laid out in every layout that makes sense for it:

  flow         a word-processor letter: one text object per line, real spaces
  table        pipe tables and space-aligned rows as real tables: one text
               object per cell, no space characters between cells
  table-ruled  the same with ruling lines between cells and rows
  form         "Label: value" as a label cell and a value cell to its right
  form-below   the value on the line below its label (ID-card style)
  form-acro    the values as AcroForm text fields (reportlab)
  two-column   key/value header block beside the address, body in two columns
  outlines     the flow page with every glyph drawn as a path, no text layer
  image        text PDF whose paragraphs holding personal data are raster images
  scan         every page rasterized at 300 dpi, noise, skew, blur, image-only PDF
  scan-200     the same at 200 dpi (an office scanner's or copier's "standard"
               setting, and the resolution of most scan-to-mail devices)
  photo        a phone photo of the first page: JPEG, lighting, perspective, blur

Every layout is first a list of placed runs (a text object: page, x,
baseline, font, size, and the plain-text offsets it shows) plus ruling
lines; renderers turn that one geometry into PDFs, paths or pixels, so the
boxes of any item follow from the geometry and never from re-reading the
output. A run always shows a contiguous slice of the plain text, so the box
of any plain-text range is the union of the slices of runs it overlaps.

Output per document and layout, in DIR/<layout>/: <doc>.pdf (or .jpg) and
<doc>.json with the page sizes, the gold/optional items and the
non-personal words with their boxes (points, top-left origin; pixels of the
image for photo), as quads [[x,y]*4] so skewed pages stay exact. A stamp
file per output (hash of the corpus text and of this file) skips documents
already typeset. A form feed in a document starts a new page.
"""

from __future__ import annotations

import argparse
import dataclasses
import fnmatch
import hashlib
import io
import json
import math
import os
import random
import re
import sys

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(REPO, "corpus", "detection")
DEFAULT_OUT = os.path.join(REPO, ".build", "e2e")
sys.path.insert(0, os.path.join(REPO, "corpus", "tools"))
import checkdigits  # noqa: E402

LAYOUTS = ["flow", "table", "table-ruled", "form", "form-below", "form-acro", "two-column",
           "outlines", "image", "scan", "scan-200", "photo"]

SANS, SERIF = "DejaVu Sans", "DejaVu Serif"
TTF = {SANS: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
       SERIF: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"}
PAGE_W, PAGE_H = 595.276, 841.89  # A4
LEFT, RIGHT, TOP, BOTTOM = 56.0, 56.0, 60.0, 64.0
SIZE, LEADING = 10.0, 13.5
# A box reaches from above accented capitals to below descenders, but not
# into the neighbouring line (LEADING is 1.35 em).
ASCENT, DESCENT = 0.92, 0.26


# ------------------------------------------------------------------ model

@dataclasses.dataclass
class Run:
    """One text object: it shows plain[start:end] at (x, baseline y)."""
    page: int
    x: float
    y: float
    start: int
    end: int
    font: str = SANS
    size: float = SIZE
    block: int = 0     # paragraph number (the image layout rasterizes whole paragraphs)
    field: bool = False  # an AcroForm field value (form-acro)


@dataclasses.dataclass
class Geometry:
    plain: str
    runs: list = dataclasses.field(default_factory=list)
    rules: list = dataclasses.field(default_factory=list)   # (page, x0, y0, x1, y1)
    fields: list = dataclasses.field(default_factory=list)  # (page, x, y, w, h, run index)
    pages: int = 1


def unhinted() -> cairo.FontOptions:
    """Exact, unrounded advances: an image surface otherwise rounds every glyph
    advance to whole device pixels, and the boxes drift from the PDF's glyphs."""
    o = cairo.FontOptions()
    o.set_hint_metrics(cairo.HINT_METRICS_OFF)
    o.set_hint_style(cairo.HINT_STYLE_NONE)
    return o


_MEASURE = cairo.Context(cairo.ImageSurface(cairo.FORMAT_A8, 4, 4))


def set_font(ctx, font: str, size: float):
    ctx.select_font_face(font, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(size)
    ctx.set_font_options(unhinted())


def advance(text: str, font: str = SANS, size: float = SIZE) -> float:
    """Advance width of text as cairo's toy API draws it (no kerning, so the
    advance of a prefix is exactly where the next character starts)."""
    if font == "Helvetica":  # AcroForm field values, drawn by the viewer in a base-14 font
        from reportlab.pdfbase.pdfmetrics import stringWidth
        return stringWidth(text, font, size)
    set_font(_MEASURE, font, size)
    return _MEASURE.text_extents(text).x_advance


# ------------------------------------------------------------------ reading the plain text

def lines_with_offsets(plain: str):
    """(start, end) of every line, and whether a form feed precedes it."""
    out, pos = [], 0
    for raw in re.split(r"(\n)", plain):
        if raw == "\n":
            pos += 1
            continue
        for k, part in enumerate(raw.split("\f")):
            out.append((pos, pos + len(part), k > 0))
            pos += len(part) + 1
        pos -= 1
    return out


def pieces(plain: str, start: int, end: int, gap: int = 2):
    """Slices of a line separated by runs of at least `gap` spaces (cells of a
    space-aligned row), each with its character column."""
    out = []
    for m in re.finditer(r"\S+(?: {1,%d}\S+)*" % (gap - 1), plain[start:end]):
        out.append((start + m.start(), start + m.end()))
    return out


def words_of(plain: str, start: int, end: int):
    return [(start + m.start(), start + m.end()) for m in re.finditer(r"\S+", plain[start:end])]


def is_pipe_row(text: str) -> bool:
    return text.strip().startswith("|") and text.strip().endswith("|") and text.count("|") >= 3


def is_separator_row(text: str) -> bool:
    return is_pipe_row(text) and re.fullmatch(r"[\s|:\-]+", text) is not None


def pipe_cells(plain: str, start: int, end: int):
    """(start, end) of each cell's stripped content; empty cells as (p, p)."""
    text = plain[start:end]
    bars = [i for i, c in enumerate(text) if c == "|"]
    cells = []
    for a, b in zip(bars, bars[1:]):
        seg = text[a + 1:b]
        lead = len(seg) - len(seg.lstrip())
        core = seg.strip()
        s = start + a + 1 + lead
        cells.append((s, s + len(core)))
    return cells


# ------------------------------------------------------------------ a page cursor

class Cursor:
    """Where the next line goes; opens a new page when the current one is full."""

    def __init__(self, geo: Geometry, top: float = TOP, leading: float = LEADING):
        self.geo, self.top, self.leading = geo, top, leading
        self.page, self.y = 0, top + SIZE

    def new_page(self):
        self.page += 1
        self.geo.pages = max(self.geo.pages, self.page + 1)
        self.y = self.top + SIZE

    def need(self, height: float) -> bool:
        """Opens a new page unless `height` more points fit; True if it did."""
        if self.y + height - self.leading > PAGE_H - BOTTOM:
            self.new_page()
            return True
        return False

    def advance_line(self, n: float = 1.0):
        self.y += self.leading * n


def wrap(plain: str, start: int, end: int, width: float, font: str, size: float):
    """Splits plain[start:end] into slices no wider than width, at spaces
    where possible (a word longer than the width is cut)."""
    out = []
    while start < end:
        while start < end and plain[start] == " ":
            start += 1
        if start >= end:
            break
        if advance(plain[start:end], font, size) <= width:
            out.append((start, end))
            break
        cut = None
        for m in re.finditer(r" +", plain[start:end]):
            if advance(plain[start:start + m.start()], font, size) > width:
                break
            cut = start + m.start()
        if cut is None or cut == start:
            cut = start + 1
            while cut < end and advance(plain[start:cut + 1], font, size) <= width:
                cut += 1
        out.append((start, cut))
        start = cut
    return out


def flow_line(geo: Geometry, cur: Cursor, start: int, end: int, x0: float, width: float,
              font: str, size: float, block: int):
    """Lays one source line out as wrapped text objects, indentation kept."""
    text = geo.plain[start:end]
    indent = len(text) - len(text.lstrip(" "))
    x = x0 + advance(" " * indent, font, size)
    for s, e in wrap(geo.plain, start + indent, end, width - (x - x0), font, size):
        e = len(geo.plain[s:e].rstrip()) + s
        cur.need(cur.leading)
        geo.runs.append(Run(cur.page, x, cur.y, s, e, font, size, block))
        cur.advance_line()


def blank(geo: Geometry, start: int, end: int) -> bool:
    return geo.plain[start:end].strip() == ""


# ------------------------------------------------------------------ flow

def layout_flow(plain: str, font: str = SERIF) -> Geometry:
    """A word-processor letter: one text object per line, wrapped to the margins."""
    geo = Geometry(plain)
    cur = Cursor(geo)
    block = 0
    for start, end, ff in lines_with_offsets(plain):
        if ff:
            cur.new_page()
        if blank(geo, start, end):
            block += 1
            cur.advance_line()
            continue
        flow_line(geo, cur, start, end, LEFT, PAGE_W - LEFT - RIGHT, font, SIZE, block)
    return geo


# ------------------------------------------------------------------ table

CELL_PAD = 3.0   # points between a cell's edge and its text: no space character
TABLE_SIZE = 9.0


def table_blocks(plain: str):
    """Groups lines into ('pipe', [lines]) tables and ('line', line) others."""
    out = []
    for ln in lines_with_offsets(plain):
        if is_pipe_row(plain[ln[0]:ln[1]]) and not ln[2]:
            if out and out[-1][0] == "pipe":
                out[-1][1].append(ln)
                continue
            out.append(("pipe", [ln]))
        else:
            out.append(("line", ln))
    return out


def column_widths(plain: str, rows, ncols: int, width: float) -> list[float]:
    """Column widths the way office suites and browsers fit a table to the
    page (the automatic table layout of CSS 2.1, 17.5.2.2): every column
    gets at least its longest word, the rest of the page is shared in
    proportion to how much more each column's widest cell wants. Cells then
    wrap at spaces; only where even the longest words do not fit side by
    side are all columns shrunk and long words cut."""
    most = [12.0] * ncols
    least = [12.0] * ncols
    for cells in rows:
        for i, (s, e) in enumerate(cells):
            most[i] = max(most[i], advance(plain[s:e], SANS, TABLE_SIZE) + 2 * CELL_PAD)
            for ws, we in words_of(plain, s, e):
                least[i] = max(least[i], advance(plain[ws:we], SANS, TABLE_SIZE) + 2 * CELL_PAD)
    if sum(most) <= width:
        return most
    if sum(least) >= width:
        return [w * width / sum(least) for w in least]
    spare = (width - sum(least)) / (sum(most) - sum(least))
    return [lo + (hi - lo) * spare for lo, hi in zip(least, most)]


def place_row(geo: Geometry, cur: Cursor, cells, widths, ruled: bool, block: int, aligns=()):
    """One table row: every cell its own text object at its column's x (or
    ending at its right edge for a `---:` column, as amounts are set),
    wrapped inside the column; the row is as tall as its tallest cell."""
    lines = [wrap(geo.plain, s, e, w - 2 * CELL_PAD + 0.01, SANS, TABLE_SIZE) if e > s else []
             for (s, e), w in zip(cells, widths)]
    height = max(1, max((len(x) for x in lines), default=1)) * cur.leading
    cur.need(height)
    x = LEFT
    top = cur.y - TABLE_SIZE * 1.05
    for col, (parts, w) in enumerate(zip(lines, widths)):
        right = col < len(aligns) and aligns[col] == "right"
        for k, (s, e) in enumerate(parts):
            tx = x + w - CELL_PAD - advance(geo.plain[s:e], SANS, TABLE_SIZE) if right else x + CELL_PAD
            geo.runs.append(Run(cur.page, tx, cur.y + k * cur.leading, s, e, SANS, TABLE_SIZE, block))
        x += w
    bottom = top + height
    if ruled:
        geo.rules.append((cur.page, LEFT, top, x, top))
        geo.rules.append((cur.page, LEFT, bottom, x, bottom))
        xs = LEFT
        for w in [0.0] + widths:
            xs += w
            geo.rules.append((cur.page, xs, top, xs, bottom))
    cur.y += height
    return cur.page


def layout_pipe_table(geo: Geometry, cur: Cursor, lines, ruled: bool, block: int):
    """A pipe table; a table longer than the page repeats its header row."""
    rows, header, aligns = [], None, []
    for i, (s, e, _) in enumerate(lines):
        if is_separator_row(geo.plain[s:e]):
            if i == 1:
                header = 0
            cells = geo.plain[s:e].strip().strip("|").split("|")
            aligns = ["right" if c.strip().endswith(":") and not c.strip().startswith(":") else "left"
                      for c in cells]
            continue
        rows.append(pipe_cells(geo.plain, s, e))
    ncols = max(len(r) for r in rows)
    rows = [r + [(r[-1][1], r[-1][1])] * (ncols - len(r)) for r in rows]
    widths = column_widths(geo.plain, rows, ncols, PAGE_W - LEFT - RIGHT)
    page = cur.page
    for k, cells in enumerate(rows):
        before = cur.page
        place_row(geo, cur, cells, widths, ruled, block, aligns)
        if cur.page != before and header is not None and k > 0:
            # The row did not fit: move it below a repeated header on the new page.
            moved = [r for r in geo.runs if r.page == cur.page and r.block == block]
            for r in moved:
                geo.runs.remove(r)
            geo.rules[:] = [q for q in geo.rules if q[0] != cur.page] if ruled else geo.rules
            cur.y = cur.top + SIZE
            place_row(geo, cur, rows[header], widths, ruled, block, aligns)
            place_row(geo, cur, cells, widths, ruled, block, aligns)
        page = cur.page
    return page


def set_table(geo: Geometry, cur: Cursor, lines, ruled: bool, block: int) -> int:
    """A pipe table as a block of its own; returns the next block number."""
    layout_pipe_table(geo, cur, lines, ruled, block + 1)
    return block + 2


def aligned_row(geo: Geometry, cur: Cursor, start: int, end: int, ruled: bool, block: int) -> bool:
    """A space-aligned row ("Tax due      £6,108.40") as cells at their
    character columns, no space characters between them. False when the
    line has no such gap or would not fit (it is then laid out as flow)."""
    cells = pieces(geo.plain, start, end, gap=2)
    if len(cells) < 2:
        return False
    col_w = advance("n" * 10, SANS, TABLE_SIZE) / 10
    xs, prev_end = [], LEFT
    for s, e in cells:
        x = max(LEFT + (s - start) * col_w, prev_end + 2 * CELL_PAD)
        xs.append(x)
        prev_end = x + advance(geo.plain[s:e], SANS, TABLE_SIZE)
    if prev_end > PAGE_W - RIGHT:
        return False
    cur.need(cur.leading)
    for (s, e), x in zip(cells, xs):
        geo.runs.append(Run(cur.page, x, cur.y, s, e, SANS, TABLE_SIZE, block))
    if ruled:
        top, bottom = cur.y - TABLE_SIZE * 1.05, cur.y - TABLE_SIZE * 1.05 + cur.leading
        geo.rules.append((cur.page, LEFT, bottom, PAGE_W - RIGHT, bottom))
        for x in xs[1:]:
            geo.rules.append((cur.page, x - CELL_PAD, top, x - CELL_PAD, bottom))
    cur.advance_line()
    return True


def layout_table(plain: str, ruled: bool = False) -> Geometry:
    geo = Geometry(plain)
    cur = Cursor(geo)
    block = 0
    for kind, item in table_blocks(plain):
        if kind == "pipe":
            block = set_table(geo, cur, item, ruled, block)
            continue
        start, end, ff = item
        if ff:
            cur.new_page()
        if blank(geo, start, end):
            block += 1
            cur.advance_line()
        elif not aligned_row(geo, cur, start, end, ruled, block):
            flow_line(geo, cur, start, end, LEFT, PAGE_W - LEFT - RIGHT, SANS, SIZE, block)
    return geo


def has_table(plain: str) -> bool:
    lines = lines_with_offsets(plain)
    pipes = sum(1 for s, e, _ in lines if is_pipe_row(plain[s:e]))
    aligned = sum(1 for s, e, _ in lines if len(pieces(plain, s, e, 2)) >= 2)
    return pipes >= 2 or aligned >= 2


# ------------------------------------------------------------------ form

# A label's colon is followed by a space, as a form prints it: the colons
# inside a value (`3C:22:FB:…`, `08:01:55`) are not where a field ends.
LABEL = re.compile(r"([^\W\d][^:]{0,38}?:)(?!//)[ \t]+(?=\S)")


def label_pairs(plain: str, spans, start: int, end: int):
    """(label, value) slices of a line's cells: "Label: value", or "Label value"
    where a labelled value follows one to four words without digits."""
    gold_starts = {s.start for s in spans}
    out = []
    for s, e in pieces(plain, start, end, gap=2):
        m = LABEL.match(plain, s, e)
        if m:
            out.append(((s, s + len(m.group(1))), (m.end(), e)))
            continue
        for p in range(s + 1, e):
            if p in gold_starts and plain[p - 1] == " ":
                label = plain[s:p].strip()
                if 0 < len(label.split()) <= 4 and not re.search(r"\d", label):
                    out.append(((s, s + len(label)), (p, e)))
                break
    return out


def form_rows(plain: str, spans):
    """Label/value pairs of every line outside pipe tables (which a form sets as tables)."""
    return {s: label_pairs(plain, spans, s, e) for s, e, _ in lines_with_offsets(plain)
            if not is_pipe_row(plain[s:e])}


def has_form(plain: str, spans) -> bool:
    gold = [s for s in spans if s.mark == ""]
    n = 0
    for pairs in form_rows(plain, spans).values():
        for _, (vs, ve) in pairs:
            n += any(g.start < ve and g.end > vs for g in gold)
    return n >= 2


def layout_form(plain: str, spans, below: bool = False, fields: bool = False) -> Geometry:
    """Label cells and value cells: the value right of its label (a fixed
    value column, no space character between), or below it; other lines as flow."""
    geo = Geometry(plain)
    cur = Cursor(geo)
    rows = form_rows(plain, spans)
    # The value column starts 4 points right of the widest label: the longest
    # label touches its value almost, as in form tools' grids.
    labels = [advance(plain[s:e], SANS, SIZE) for pairs in rows.values() for (s, e), _ in pairs]
    label_w = min(190.0, max(labels, default=60.0) + 4)
    block = 0
    for kind, item in table_blocks(plain):
        if kind == "pipe":
            # A table inside a form is set as a table, as form tools do.
            block = set_table(geo, cur, item, False, block)
            continue
        start, end, ff = item
        if ff:
            cur.new_page()
        pairs = rows.get(start)
        if blank(geo, start, end):
            block += 1
            cur.advance_line()
        elif not pairs:
            flow_line(geo, cur, start, end, LEFT, PAGE_W - LEFT - RIGHT, SANS, SIZE, block)
        elif below:
            form_pairs_below(geo, cur, pairs, block)
        else:
            form_pairs_right(geo, cur, pairs, label_w, block, fields)
    return geo


def latin1(text: str) -> bool:
    try:
        text.encode("latin-1")
        return True
    except UnicodeEncodeError:
        return False


def form_pairs_right(geo, cur, pairs, label_w, block, fields):
    """Pairs of one line, side by side in equal slots: label cell, value cell."""
    slot = (PAGE_W - LEFT - RIGHT) / len(pairs)
    lw = min(label_w, slot * 0.45)
    rows_needed = 1
    cur.need(cur.leading)
    for k, ((ls, le), (vs, ve)) in enumerate(pairs):
        x = LEFT + k * slot
        lparts = wrap(geo.plain, ls, le, lw - 3, SANS, SIZE)
        for i, (s, e) in enumerate(lparts):
            geo.runs.append(Run(cur.page, x, cur.y + i * cur.leading, s, e, SANS, SIZE, block))
        # A label that wraps takes its lines too: the next row goes below it.
        rows_needed = max(rows_needed, len(lparts))
        vparts = wrap(geo.plain, vs, ve, slot - lw - 4, SANS, SIZE)
        for i, (s, e) in enumerate(vparts):
            # reportlab writes field values in Latin-1 only; other values stay text.
            field = fields and latin1(geo.plain[s:e])
            geo.runs.append(Run(cur.page, x + lw, cur.y + i * cur.leading, s, e, SANS, SIZE, block,
                                field=field))
            if field:
                geo.fields.append((cur.page, x + lw, cur.y + i * cur.leading - SIZE, slot - lw - 2,
                                   SIZE * 1.3, len(geo.runs) - 1))
        rows_needed = max(rows_needed, len(vparts))
    cur.advance_line(rows_needed)


def form_pairs_below(geo, cur, pairs, block):
    """ID-card style: a small label, the value on the line below it."""
    slot = (PAGE_W - LEFT - RIGHT) / len(pairs)
    small = 7.0
    cur.need(cur.leading * 2)
    label_y = cur.y - 2
    cur.advance_line(0.8)
    rows_needed = 1
    for k, ((ls, le), (vs, ve)) in enumerate(pairs):
        x = LEFT + k * slot
        geo.runs.append(Run(cur.page, x, label_y, ls, le, SANS, small, block))
        vparts = wrap(geo.plain, vs, ve, slot - 6, SANS, SIZE)
        for i, (s, e) in enumerate(vparts):
            geo.runs.append(Run(cur.page, x, cur.y + i * cur.leading, s, e, SANS, SIZE, block))
        rows_needed = max(rows_needed, len(vparts))
    cur.advance_line(rows_needed + 0.3)


# ------------------------------------------------------------------ two columns

SALUTATION = re.compile(r"^\s*(Sehr geehrte|Dear|Guten Tag|Hallo|Hello|Hi |Liebe|Lieber|Grüß)", re.I)
KEYVAL = re.compile(r"^\s*[^\W\d][^:]{0,30}:\s*\S|^\s*[^\W\d][\w.]*(?: [^\W\d][\w.]*){0,3} {2,}\S")


def split_header(plain: str):
    """Lines up to the salutation (or the first 12 lines) are the letter head."""
    lines = lines_with_offsets(plain)
    for i, (s, e, ff) in enumerate(lines):
        if SALUTATION.match(plain[s:e]) or ff or is_pipe_row(plain[s:e]):
            return lines[:i], lines[i:]
    return lines[:min(12, len(lines))], lines[min(12, len(lines)):]


def layout_two_column(plain: str) -> Geometry:
    """Address block left, key/value block (dates, references) to its right,
    then the body flowing down the left column, then the right one."""
    geo = Geometry(plain)
    head, body = split_header(plain)
    left, right = Cursor(geo), Cursor(geo)
    right_x = PAGE_W / 2 + 20
    for s, e, _ in head:
        if blank(geo, s, e):
            left.advance_line(0.5)
        elif KEYVAL.match(plain[s:e]):
            flow_line(geo, right, s, e, right_x, PAGE_W - RIGHT - right_x, SANS, 9.0, 1)
        else:
            flow_line(geo, left, s, e, LEFT, right_x - LEFT - 16, SANS, 9.0, 0)
    # A long head (a form with no salutation before its first page break)
    # runs onto the next page: the body starts below it there, not on the
    # first page's y over the head's last lines.
    last = max(left, right, key=lambda c: (c.page, c.y))
    flow_columns(geo, body, last.y + LEADING, last.page)
    return geo


def flow_columns(geo: Geometry, lines, top: float, page: int = 0):
    """The body in two columns, left then right; a table ends the column
    section and is set across the page (as a report sets a wide table
    between column sections), and the columns start again below it."""
    gap = 18.0
    width = (PAGE_W - LEFT - RIGHT - gap) / 2
    cur = Cursor(geo)
    cur.page = page
    if top > PAGE_H - BOTTOM:
        cur.new_page()
        top = cur.y
    cur.y, col, page_top, block = top, 0, top, 2
    lowest = top  # the bottom of the current column section so far

    def next_column():
        nonlocal col, page_top, lowest
        if col == 0:
            col, cur.y = 1, page_top
        else:
            cur.new_page()
            col, page_top, lowest = 0, cur.y, cur.y

    k = 0
    while k < len(lines):
        s, e, ff = lines[k]
        if ff:
            cur.new_page()
            col, page_top, lowest = 0, cur.y, cur.y
        if is_pipe_row(geo.plain[s:e]) and not ff:
            end = k
            while end < len(lines) and is_pipe_row(geo.plain[lines[end][0]:lines[end][1]]) \
                    and not lines[end][2]:
                end += 1
            cur.y = max(cur.y, lowest) + LEADING * 0.5
            block = set_table(geo, cur, lines[k:end], False, block)
            col, page_top, lowest = 0, cur.y + LEADING * 0.5, cur.y + LEADING * 0.5
            cur.y = page_top
            k = end
            continue
        k += 1
        if blank(geo, s, e):
            block += 1
            cur.advance_line(0.6)
            continue
        x0 = LEFT + col * (width + gap)
        for ws, we in wrap(geo.plain, s, e, width, SERIF, SIZE):
            if cur.y > PAGE_H - BOTTOM:
                next_column()
                x0 = LEFT + col * (width + gap)
            geo.runs.append(Run(cur.page, x0, cur.y, ws, len(geo.plain[ws:we].rstrip()) + ws,
                                SERIF, SIZE, block))
            cur.advance_line()
            lowest = max(lowest, cur.y)


# ------------------------------------------------------------------ boxes

def run_box(run: Run, plain: str, a: int, b: int):
    """Box (x0, y0, x1, y1) of plain[a:b] inside a run, spaces trimmed; None if empty."""
    a, b = max(a, run.start), min(b, run.end)
    while a < b and plain[a].isspace():
        a += 1
    while b > a and plain[b - 1].isspace():
        b -= 1
    if a >= b:
        return None
    x0 = run.x + advance(plain[run.start:a], run.font, run.size)
    x1 = run.x + advance(plain[run.start:b], run.font, run.size)
    return (x0, run.y - ASCENT * run.size, x1, run.y + DESCENT * run.size)


def boxes_of(geo: Geometry, a: int, b: int):
    """Every piece of plain[a:b] on the page, as {page, quad}; pieces across
    newlines inside one run do not occur (runs never hold a newline)."""
    out = []
    for run in geo.runs:
        if run.start < b and run.end > a:
            box = run_box(run, geo.plain, a, b)
            if box:
                x0, y0, x1, y1 = box
                out.append({"page": run.page, "quad": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]})
    return out


def items_and_words(geo: Geometry, spans):
    """Gold and optional items with their boxes; non-personal words (outside
    gold and optional spans; hard negatives included) with theirs."""
    items = [{"category": s.category, "mark": s.mark, "text": s.text,
              "boxes": boxes_of(geo, s.start, s.end)} for s in spans if s.mark in ("", "?")]
    covered = bytearray(len(geo.plain) + 1)
    for s in spans:
        if s.mark in ("", "?"):
            covered[s.start:s.end] = b"\1" * (s.end - s.start)
    words = []
    for m in re.finditer(r"\S+", geo.plain):
        # A unit is cut at span edges, as detect-eval counts it.
        a = m.start()
        while a < m.end():
            b = a
            while b < m.end() and covered[b] == covered[a]:
                b += 1
            if not covered[a] and re.search(r"\w", geo.plain[a:b]):
                words.append({"text": geo.plain[a:b], "boxes": boxes_of(geo, a, b)})
            a = b
    return items, words


# ------------------------------------------------------------------ rendering

def draw_runs(ctx, geo: Geometry, page: int, outline: bool = False, skip=lambda r: False):
    ctx.set_source_rgb(0, 0, 0)
    for r in geo.runs:
        if r.page != page or skip(r):
            continue
        set_font(ctx, r.font, r.size)
        ctx.move_to(r.x, r.y)
        text = geo.plain[r.start:r.end]
        if outline:
            ctx.text_path(text)
            ctx.fill()
        else:
            ctx.show_text(text)
    ctx.set_line_width(0.6)
    for p, x0, y0, x1, y1 in geo.rules:
        if p == page:
            ctx.move_to(x0, y0)
            ctx.line_to(x1, y1)
            ctx.stroke()


def pdf_surface(path: str):
    s = cairo.PDFSurface(path, PAGE_W, PAGE_H)
    # Fixed dates: the same corpus gives the same bytes.
    s.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2024-01-01T00:00:00")
    s.set_metadata(cairo.PDFMetadata.MOD_DATE, "2024-01-01T00:00:00")
    return s


def render_pdf(geo: Geometry, path: str, outline: bool = False, raster_blocks=frozenset()):
    s = pdf_surface(path)
    ctx = cairo.Context(s)
    for page in range(geo.pages):
        draw_runs(ctx, geo, page, outline, skip=lambda r: r.block in raster_blocks)
        for block in sorted(raster_blocks):
            paint_block_image(ctx, geo, page, block)
        ctx.show_page()
    s.finish()


def paint_block_image(ctx, geo: Geometry, page: int, block: int, dpi: int = 300):
    """Draws one paragraph into a 300 dpi bitmap and paints that into the page."""
    runs = [r for r in geo.runs if r.page == page and r.block == block]
    if not runs:
        return
    boxes = [run_box(r, geo.plain, r.start, r.end) for r in runs]
    boxes = [b for b in boxes if b]
    x0 = min(b[0] for b in boxes) - 4
    y0 = min(b[1] for b in boxes) - 4
    x1 = max(b[2] for b in boxes) + 4
    y1 = max(b[3] for b in boxes) + 4
    k = dpi / 72.0
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, int((x1 - x0) * k) + 1, int((y1 - y0) * k) + 1)
    ic = cairo.Context(img)
    ic.set_source_rgb(1, 1, 1)
    ic.paint()
    ic.scale(k, k)
    ic.translate(-x0, -y0)
    draw_runs(ic, geo, page, skip=lambda r: r.block != block)
    img.flush()
    ctx.save()
    ctx.translate(x0, y0)
    ctx.scale(1 / k, 1 / k)
    ctx.set_source_surface(img, 0, 0)
    ctx.paint()
    ctx.restore()


def raster_page(geo: Geometry, page: int, dpi: int):
    """The page as an 8-bit gray PIL image (white paper, black ink)."""
    from PIL import Image
    k = dpi / 72.0
    w, h = int(round(PAGE_W * k)), int(round(PAGE_H * k))
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
    ctx = cairo.Context(img)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.scale(k, k)
    draw_runs(ctx, geo, page)
    img.flush()
    rgb = Image.frombuffer("RGBA", (w, h), bytes(img.get_data()), "raw", "BGRA", img.get_stride(), 1)
    return rgb.convert("L")


# ------------------------------------------------------------------ scan and photo

def seeded(name: str, layout: str) -> random.Random:
    return random.Random(hashlib.sha256(f"{name}/{layout}".encode()).digest())


def rotate_point(x, y, cx, cy, deg):
    """The point where (x, y) lands when the page is turned by deg
    (counter-clockwise on screen, y down), around (cx, cy)."""
    t = math.radians(deg)
    dx, dy = x - cx, y - cy
    return (cx + dx * math.cos(t) + dy * math.sin(t), cy - dx * math.sin(t) + dy * math.cos(t))


def add_noise(img, rnd: random.Random, amount: int):
    """Speckles: light gray dots on the paper, light dots in the ink."""
    import numpy as np
    a = np.array(img, dtype=np.int16)
    rng = np.random.default_rng(rnd.randrange(1 << 30))
    a += rng.normal(0, 6, a.shape).astype(np.int16)
    ys = rng.integers(0, a.shape[0], amount)
    xs = rng.integers(0, a.shape[1], amount)
    a[ys, xs] = rng.integers(140, 230, amount)
    from PIL import Image
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")


def make_scan(geo: Geometry, path: str, rnd: random.Random, dpi: int = 300):
    """`dpi` gray (300 or 200), skew 0.3-1.5 degrees either way, noise, blur, one image per
    page written by Pillow's PDF writer (JPEG inside, as scanners do).
    Returns the skew so the boxes can follow it."""
    from PIL import Image, ImageFilter
    skew = rnd.uniform(0.3, 1.5) * rnd.choice((-1, 1))
    pages = []
    for page in range(geo.pages):
        img = raster_page(geo, page, dpi)
        img = img.rotate(skew, resample=Image.BICUBIC, fillcolor=255)
        img = img.filter(ImageFilter.GaussianBlur(0.8))
        pages.append(add_noise(img, rnd, 3000))
    pages[0].save(path, "PDF", resolution=float(dpi), save_all=True, append_images=pages[1:],
                  creationDate=None, modDate=None, producer="Scan", quality=85)
    return skew


def skew_boxes(boxes, skew: float):
    cx, cy = PAGE_W / 2, PAGE_H / 2
    for b in boxes:
        b["quad"] = [list(rotate_point(x, y, cx, cy, skew)) for x, y in b["quad"]]


def homography(src, dst):
    """3x3 matrix H with H·src[i] ~ dst[i] for four point pairs."""
    import numpy as np
    a, v = [], []
    for (x, y), (u, w) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -w * x, -w * y])
        v += [u, w]
    h = np.linalg.solve(np.array(a, float), np.array(v, float))
    return np.append(h, 1.0).reshape(3, 3)


def apply_h(h, x, y):
    d = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    return ((h[0, 0] * x + h[0, 1] * y + h[0, 2]) / d, (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / d)


PHOTO_DPI = 200


def make_photo(geo: Geometry, path: str, rnd: random.Random):
    """The first page photographed: on a gray desk, a little turned and in
    perspective, lit from one side, slightly out of focus, JPEG.
    Returns the page-points -> photo-pixels mapping for the boxes."""
    import numpy as np
    from PIL import Image, ImageFilter
    page = raster_page(geo, 0, PHOTO_DPI).convert("RGB")
    pw, ph = page.size
    margin = 70
    W, H = pw + 2 * margin, ph + 2 * margin
    k = PHOTO_DPI / 72.0
    src = [(margin, margin), (margin + pw, margin), (margin + pw, margin + ph), (margin, margin + ph)]
    jitter = lambda: rnd.uniform(-0.018, 0.018) * pw
    dst = [(x + jitter(), y + jitter()) for x, y in src]
    canvas = Image.new("RGB", (W, H), (96, 92, 86))
    canvas.paste(page, (margin, margin))
    back = homography(dst, src)  # Pillow maps output pixels back to input pixels
    coeffs = list((back / back[2, 2]).flatten()[:8])
    photo = canvas.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC, fillcolor=(96, 92, 86))
    a = np.asarray(photo).astype(np.float32)
    gx = np.linspace(rnd.uniform(0.70, 0.82), rnd.uniform(0.98, 1.05), W)[None, :, None]
    gy = np.linspace(1.0, rnd.uniform(0.85, 0.97), H)[:, None, None]
    a = a * gx * gy + np.array([4, 2, -6], np.float32)
    photo = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "RGB")
    photo = photo.filter(ImageFilter.GaussianBlur(1.1))
    photo.save(path, "JPEG", quality=88)
    fwd = homography(src, dst)
    return lambda x, y: apply_h(fwd, margin + x * k, margin + y * k)


def photo_boxes(boxes, mapping):
    """Keeps the first page's boxes, in photo pixels."""
    out = []
    for b in boxes:
        if b["page"] == 0:
            out.append({"page": 0, "quad": [list(mapping(x, y)) for x, y in b["quad"]]})
    return out


# ------------------------------------------------------------------ AcroForm (reportlab)

def render_acroform(geo: Geometry, path: str):
    """Labels and plain lines as text, every value as a filled-in AcroForm text
    field (its appearance stream is the only place the value is drawn).
    The field value is drawn in Helvetica by reportlab, so the value runs are
    re-measured in Helvetica for the boxes (see acro_geometry)."""
    from reportlab.lib.colors import black, white
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas
    for name, ttf in TTF.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, ttf))
    c = canvas.Canvas(path, pagesize=(PAGE_W, PAGE_H), invariant=1)
    fields = {f[5]: f for f in geo.fields}
    n = 0
    for page in range(geo.pages):
        for i, r in enumerate(geo.runs):
            if r.page != page:
                continue
            text = geo.plain[r.start:r.end]
            if i in fields:
                _, x, y, w, h, _ = fields[i]
                n += 1
                c.acroForm.textfield(name=f"f{n}", value=text, x=x, y=PAGE_H - y - h, width=w,
                                     height=h, fontName="Helvetica", fontSize=r.size, borderWidth=0,
                                     borderColor=white, fillColor=white, textColor=black,
                                     forceBorder=False)
            else:
                c.setFont(r.font, r.size)
                c.drawString(r.x, PAGE_H - r.y, text)
        c.showPage()
    c.save()


def acro_geometry(geo: Geometry):
    """Moves the value runs to where reportlab's appearance stream draws a
    field's text with no border: at the field's left edge, baseline one font
    size below its top (txAP), in Helvetica (advance() measures it with
    reportlab's metrics)."""
    fields = {f[5]: f for f in geo.fields}
    for i, r in enumerate(geo.runs):
        if i in fields:
            _, x, y, w, h, _ = fields[i]
            r.x, r.y, r.font = x, y + r.size, "Helvetica"


# ------------------------------------------------------------------ documents

@dataclasses.dataclass
class Doc:
    name: str
    plain: str
    spans: list
    digest: str


def load_corpus(pattern: str = "*") -> list[Doc]:
    docs = []
    for f in sorted(os.listdir(CORPUS)):
        if f.endswith(".txt") and f != "README.md" and any(fnmatch.fnmatch(f[:-4], p) for p in pattern.split(",")):
            with open(os.path.join(CORPUS, f), encoding="utf-8") as fh:
                text = fh.read()
            plain, spans = checkdigits.parse(text)
            docs.append(Doc(f[:-4], plain, spans, hashlib.sha256(text.encode()).hexdigest()))
    return docs


def layouts_for(doc: Doc) -> list[str]:
    """Every layout that makes sense for the document."""
    out = ["flow"]
    if has_table(doc.plain):
        out += ["table", "table-ruled"]
    if has_form(doc.plain, doc.spans):
        out += ["form", "form-below", "form-acro"]
    out += ["two-column", "outlines", "image", "scan", "scan-200", "photo"]
    return out


def geometry(doc: Doc, layout: str) -> Geometry:
    if layout in ("flow", "outlines", "image", "scan", "scan-200", "photo"):
        return layout_flow(doc.plain)
    if layout in ("table", "table-ruled"):
        return layout_table(doc.plain, ruled=layout == "table-ruled")
    if layout in ("form", "form-below", "form-acro"):
        return layout_form(doc.plain, doc.spans, below=layout == "form-below",
                           fields=layout == "form-acro")
    if layout == "two-column":
        return layout_two_column(doc.plain)
    raise ValueError(layout)


def personal_blocks(geo: Geometry, spans) -> set[int]:
    gold = [s for s in spans if s.mark == ""]
    return {r.block for r in geo.runs if any(g.start < r.end and g.end > r.start for g in gold)}


def typeset(doc: Doc, layout: str, out_dir: str) -> str:
    """Writes <out_dir>/<layout>/<doc>.{pdf,jpg} and .json; returns the output path."""
    folder = os.path.join(out_dir, layout)
    os.makedirs(folder, exist_ok=True)
    ext = "jpg" if layout == "photo" else "pdf"
    path = os.path.join(folder, f"{doc.name}.{ext}")
    geo = geometry(doc, layout)
    rnd = seeded(doc.name, layout)
    meta = {"doc": doc.name, "layout": layout, "file": os.path.basename(path), "units": "pt",
            "pages": geo.pages, "page_size": [PAGE_W, PAGE_H]}
    if layout == "form-acro":
        acro_geometry(geo)
    items, words = items_and_words(geo, doc.spans)
    if layout == "outlines":
        render_pdf(geo, path, outline=True)
    elif layout == "image":
        render_pdf(geo, path, raster_blocks=personal_blocks(geo, doc.spans))
    elif layout == "form-acro":
        render_acroform(geo, path)
    elif layout in ("scan", "scan-200"):
        skew = make_scan(geo, path, rnd, dpi=200 if layout == "scan-200" else 300)
        meta["skew"] = skew
        for it in items + words:
            skew_boxes(it["boxes"], skew)
    elif layout == "photo":
        mapping = make_photo(geo, path, rnd)
        meta.update(units="px", pages=1)
        for it in items + words:
            it["boxes"] = photo_boxes(it["boxes"], mapping)
    else:
        render_pdf(geo, path)
    meta["items"], meta["words"] = items, words
    with open(path[:-len(ext)] + "json", "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False)
    return path


def code_digest() -> str:
    with open(os.path.abspath(__file__), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def output_path(out_dir: str, doc: Doc, layout: str) -> str:
    ext = "jpg" if layout == "photo" else "pdf"
    return os.path.join(out_dir, layout, f"{doc.name}.{ext}")


def plan(out_dir: str = DEFAULT_OUT, layouts=None, pattern: str = "*"):
    """(doc, layout, path) of every output the corpus makes, nothing written."""
    return [(doc, layout, output_path(out_dir, doc, layout))
            for doc in load_corpus(pattern) for layout in layouts_for(doc)
            if not layouts or layout in layouts]


def _typeset_one(args):
    doc, layout, out_dir, want = args
    path = typeset(doc, layout, out_dir)
    with open(path + ".stamp", "w") as f:
        f.write(want)
    return f"{layout}/{doc.name}"


def ensure(entries, out_dir: str = DEFAULT_OUT, jobs: int = 1, force: bool = False, log=print):
    """Typesets the entries whose stamp (corpus text + this file) is stale."""
    code = code_digest()
    todo = []
    for doc, layout, path in entries:
        want = f"{doc.digest} {code}\n"
        stamp = path + ".stamp"
        if force or not os.path.exists(stamp) or open(stamp).read() != want:
            todo.append((doc, layout, out_dir, want))
    if jobs > 1 and len(todo) > 1:
        import concurrent.futures as cf
        import multiprocessing
        with cf.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            for done in pool.map(_typeset_one, todo):
                log(f"typeset {done}")
    else:
        for t in todo:
            log(f"typeset {_typeset_one(t)}")
    return len(todo)


def build(out_dir: str = DEFAULT_OUT, layouts=None, pattern: str = "*", force: bool = False,
          jobs: int = 1, log=print):
    """Typesets what is missing or stale; returns (doc, layout, path) of all outputs."""
    entries = plan(out_dir, layouts, pattern)
    ensure(entries, out_dir, jobs, force, log)
    return entries


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Typeset the detection corpus as PDFs and photos.")
    ap.add_argument("--out", default=DEFAULT_OUT, help="Build folder.")
    ap.add_argument("--layouts", default="", help="Comma-separated layouts (default: all).")
    ap.add_argument("--docs", default="*", help="Glob over document names.")
    ap.add_argument("--force", action="store_true", help="Typeset even what is up to date.")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="Documents typeset at once.")
    a = ap.parse_args(argv)
    layouts = [x for x in a.layouts.split(",") if x] or None
    if layouts and set(layouts) - set(LAYOUTS):
        ap.error(f"unknown layouts: {sorted(set(layouts) - set(LAYOUTS))}")
    out = build(a.out, layouts, a.docs, a.force, a.jobs)
    print(f"{len(out)} documents in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
