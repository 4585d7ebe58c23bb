#!/usr/bin/env python3
"""Writes the hostile-input corpus for `make hostile` (bench/hostile/run.py).

    /usr/bin/python3 bench/hostile/generate.py OUTDIR [--seed N]

Deterministic: the same seed on the same machine gives the same bytes (the
base PDFs come from cairo with fixed dates; everything else is written here
by hand from a seeded random generator, or by PIL with fixed inputs). Each
file sits in a folder named for its kind (OUTDIR/trunc/..., OUTDIR/flip/...)
and its name says what was done to it. A manifest, OUTDIR/MANIFEST.tsv,
lists every file with its kind and a one-line description (the bytes of the
names folder's non-UTF-8 names are written as Python escapes there).

Kinds:
  valid     untouched controls: the base PDFs, a one-page PDF, a PNG and a JPEG
  trunc     base PDFs cut at many offsets
  flip      base PDFs with 1-16 bytes changed
  xref      broken xref tables, trailers and startxref offsets
  objstm    broken object streams and xref streams
  junk      junk before the header
  loop      page-tree and resource loops
  nest      100,000-level nesting of arrays, dicts, q and BT
  xobj      deep Form XObject recursion, self and mutual recursion, fan-out
  pages     2000, 2001 and 5000 blank pages, lying /Count
  mediabox  giant, degenerate and odd page boxes
  bomb      Flate and LZW decompression bombs (content and image streams)
  codec     JBIG2, JPX, CCITT and DCT image streams, valid-looking and broken
  font      truncated or broken embedded fonts, degenerate Type3 fonts
  enc       odd encryption (unknown filter, wrong key length, RC4 with an empty
            user password, a real user password, AES-128, AES-256 written here)
  cpubomb   small PDFs whose content keeps a renderer busy for minutes
  img       image bombs and damaged images (PNG, JPEG, TIFF, GIF, WebP, BMP)
  names     valid files whose names hold a newline or bytes that are not UTF-8

Needs /usr/bin/python3 with python3-cairo, python3-pil and python3-cryptography
(AES-256), and qpdf (the other encrypted files).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

import cairo
from PIL import Image

DEFAULT_SEED = 12
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

# --------------------------------------------------------------------------
# Writing PDFs by hand


def pdf_str(s: str) -> bytes:
    return b"(" + s.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def stream_obj(data: bytes, extra: bytes = b"", length: bytes | None = None) -> bytes:
    if length is None:
        length = str(len(data)).encode()
    return b"<< /Length " + length + b" " + extra + b" >>\nstream\n" + data + b"\nendstream"


def flate(data: bytes, level: int = 9) -> bytes:
    return zlib.compress(data, level)


class PDF:
    """Objects by number; build() writes header, bodies, xref and trailer."""

    def __init__(self):
        self.objs: dict[int, bytes] = {}
        self.next = 1

    def reserve(self) -> int:
        n = self.next
        self.next += 1
        return n

    def add(self, body: bytes, num: int | None = None) -> int:
        if num is None:
            num = self.reserve()
        self.objs[num] = body
        return num

    def build(self, root: int, header: bytes = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n",
              trailer_extra: bytes = b"", xref: str = "table", objstm: bool = False) -> bytes:
        out = bytearray(header)
        offsets: dict[int, tuple[int, int, int]] = {}  # num -> (type, a, b)
        nums = sorted(self.objs)
        inline = nums
        if objstm:
            # every non-stream object but the catalog's parent chain goes into one object stream
            packable = [n for n in nums if b"stream\n" not in self.objs[n]]
            stm_num = max(nums) + 1
            head, body = [], bytearray()
            for i, n in enumerate(packable):
                head.append(f"{n} {len(body)}".encode())
                body += self.objs[n] + b"\n"
                offsets[n] = (2, stm_num, i)
            hb = b" ".join(head) + b"\n"
            data = hb + bytes(body)
            stm = stream_obj(flate(data), f"/Type /ObjStm /N {len(packable)} /First {len(hb)} /Filter /FlateDecode".encode())
            inline = [n for n in nums if n not in offsets] + [stm_num]
            self.objs[stm_num] = stm
        for n in inline:
            offsets[n] = (1, len(out), 0)
            out += f"{n} 0 obj\n".encode() + self.objs[n] + b"\nendobj\n"
        size = max(offsets) + 1
        if xref == "table":
            xo = len(out)
            out += f"xref\n0 {size}\n".encode()
            out += b"0000000000 65535 f \n"
            for n in range(1, size):
                if n in offsets:
                    out += f"{offsets[n][1]:010d} 00000 n \n".encode()
                else:
                    out += b"0000000000 65535 f \n"
            out += f"trailer\n<< /Size {size} /Root {root} 0 R ".encode() + trailer_extra + b" >>\n"
            out += f"startxref\n{xo}\n%%EOF\n".encode()
        else:
            xnum = size
            size += 1
            xo = len(out)
            offsets[xnum] = (1, xo, 0)
            rows = bytearray()
            for n in range(size):
                t, a, b = offsets.get(n, (0, 0, 65535 if n == 0 else 0))
                rows += struct.pack(">BIH", t, a, b)
            d = f"/Type /XRef /Size {size} /W [1 4 2] /Root {root} 0 R /Filter /FlateDecode ".encode() + trailer_extra
            out += f"{xnum} 0 obj\n".encode() + stream_obj(flate(bytes(rows)), d) + b"\nendobj\n"
            out += f"startxref\n{xo}\n%%EOF\n".encode()
        return bytes(out)


def simple_doc(content: bytes | list[bytes], resources: bytes = b"<< >>", media: bytes = b"[0 0 612 792]",
               page_extra: bytes = b"", compress: bool = True) -> PDF:
    """A PDF object set with one page (or one per content) and given resources."""
    p = PDF()
    cat = p.reserve()
    pages = p.reserve()
    contents = content if isinstance(content, list) else [content]
    kids = []
    for c in contents:
        if compress:
            cs = p.add(stream_obj(flate(c), b"/Filter /FlateDecode"))
        else:
            cs = p.add(stream_obj(c))
        kids.append(p.add(b"<< /Type /Page /Parent %d 0 R /MediaBox %s /Resources %s /Contents %d 0 R %s >>"
                          % (pages, media, resources, cs, page_extra)))
    p.add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids), pages)
    p.add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages, cat)
    p.root = cat
    return p


HELV = b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>"


def text_content(lines: list[str], size: int = 12, y0: int = 740) -> bytes:
    out = [b"BT /F1 %d Tf 72 %d Td %d TL" % (size, y0, size + 4)]
    for line in lines:
        out.append(pdf_str(line) + b" '")
    out.append(b"ET")
    return b"\n".join(out)


def one_page_pdf(label: str = "A small valid page") -> bytes:
    p = simple_doc(text_content([label, "Nothing personal on this page.", "Seite 1 von 1"]), HELV)
    return p.build(p.root)


# --------------------------------------------------------------------------
# Base PDFs from cairo (text, an image, several pages)


def cairo_image(w: int, h: int, rng: random.Random) -> cairo.ImageSurface:
    img = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
    c = cairo.Context(img)
    g = cairo.LinearGradient(0, 0, w, h)
    g.add_color_stop_rgb(0, 0.9, 0.8, 0.5)
    g.add_color_stop_rgb(1, 0.2, 0.4, 0.7)
    c.set_source(g)
    c.paint()
    for _ in range(12):
        c.set_source_rgb(rng.random(), rng.random(), rng.random())
        c.arc(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(5, w / 4), 0, 2 * math.pi)
        c.fill()
    c.set_source_rgb(0, 0, 0)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(h / 8)
    c.move_to(w * 0.1, h * 0.6)
    c.show_text("Stempel 2024")
    img.flush()
    return img


WORDS = ("Rechnung Angebot Lieferung Betrag Zahlung Konto Vertrag Seite Datum Kunde Auftrag Summe "
         "invoice order delivery amount payment account contract page date customer total notice "
         "the of and for with from this that which terms conditions shipping quantity").split()


def cairo_base(path: str, pages: int, size: tuple[float, float], rng: random.Random, label: str):
    s = cairo.PDFSurface(path, *size)
    s.set_metadata(cairo.PDFMetadata.CREATE_DATE, "2024-01-01T00:00:00")
    s.set_metadata(cairo.PDFMetadata.MOD_DATE, "2024-01-01T00:00:00")
    s.set_metadata(cairo.PDFMetadata.TITLE, f"hostile base {label}")
    s.set_metadata(cairo.PDFMetadata.AUTHOR, "redactfs bench")
    c = cairo.Context(s)
    for page in range(pages):
        c.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD)
        c.set_font_size(16)
        c.set_source_rgb(0, 0, 0)
        c.move_to(60, 70)
        c.show_text(f"{label} - Seite {page + 1} von {pages}")
        c.select_font_face("DejaVu Serif")
        c.set_font_size(10.5)
        y = 110
        while y < size[1] - 220:
            c.move_to(60, y)
            c.show_text(" ".join(rng.choice(WORDS) for _ in range(11)))
            y += 15
        img = cairo_image(240, 120, rng)
        c.save()
        c.translate(60, size[1] - 200)
        c.set_source_surface(img, 0, 0)
        c.paint()
        c.restore()
        c.set_line_width(0.8)
        c.rectangle(320, size[1] - 200, 200, 120)
        c.stroke()
        c.show_page()
    s.finish()


def objstm_base(rng: random.Random) -> bytes:
    """A 3-page text PDF with an xref stream and an object stream (hand-written)."""
    contents = [text_content([f"Objektstrom Seite {i + 1}"] + [" ".join(rng.choice(WORDS) for _ in range(9))
                                                                for _ in range(30)]) for i in range(3)]
    p = simple_doc(contents, HELV)
    return p.build(p.root, xref="stream", objstm=True)


# --------------------------------------------------------------------------
# Small helpers


class Writer:
    def __init__(self, out: str):
        self.out = out
        self.rows: list[tuple[str, str, str]] = []
        self.count = 0

    def put(self, kind: str, name: str | bytes, data: bytes, what: str = ""):
        d = os.path.join(self.out.encode(), kind.encode())
        os.makedirs(d, exist_ok=True)
        bname = name if isinstance(name, bytes) else name.encode()
        path = os.path.join(d, bname)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                view = view[n:]
        finally:
            os.close(fd)
        shown = bname.decode("utf-8", "backslashreplace").encode("unicode_escape").decode("ascii") \
            if isinstance(name, bytes) else name
        self.rows.append((kind, shown, what))
        self.count += 1

    def manifest(self):
        with open(os.path.join(self.out, "MANIFEST.tsv"), "w") as f:
            f.write("kind\tname\twhat\n")
            for k, n, w in self.rows:
                f.write(f"{k}\t{n}\t{w}\n")


def find_xref(data: bytes) -> tuple[int, int]:
    """(offset of the last 'xref' keyword, offset of the startxref number)."""
    m = list(re.finditer(rb"startxref\s+(\d+)", data))[-1]
    return int(m.group(1)), m.start(1)


def set_startxref(data: bytes, value: bytes) -> bytes:
    m = list(re.finditer(rb"startxref\s+(\d+)", data))[-1]
    return data[:m.start(1)] + value + data[m.end(1):]


def xref_entries(data: bytes) -> list[tuple[int, int]]:
    """(position, offset) of each in-use entry of the last classic xref table."""
    xo, _ = find_xref(data)
    out = []
    for m in re.finditer(rb"(\d{10}) (\d{5}) n\s", data[xo:]):
        out.append((xo + m.start(1), int(m.group(1))))
    return out


def replace_entries(data: bytes, fn) -> bytes:
    b = bytearray(data)
    for pos, off in xref_entries(data):
        b[pos:pos + 10] = f"{fn(off) % 10**10:010d}".encode()
    return bytes(b)


def zeros_zlib(total: int, chunk: int = 1 << 24, raw: bool = False) -> bytes:
    """A zlib stream of `total` zero bytes, made without compressing them all:
    deflate blocks after a full flush are the same for the same chunk."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    z = bytes(chunk)
    first = c.compress(z) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(z) + c.flush(zlib.Z_FULL_FLUSH)
    n, rest = divmod(total, chunk)
    parts = [b"" if raw else b"\x78\xda"]
    if n:
        parts.append(first)
        parts.append(again * (n - 1))
    c2 = zlib.compressobj(9, zlib.DEFLATED, -15)
    parts.append(c2.compress(bytes(rest)) + c2.flush())
    if not raw:
        a = 1
        # adler32 of `total` zeros: s1 stays 1, s2 grows by 1 per byte
        s1, s2 = 1, total % 65521
        a = (s2 << 16) | s1
        parts.append(struct.pack(">I", a))
    return b"".join(parts)


def lzw_zeros(total_codes_cycles: int, early: int = 1) -> bytes:
    """A PDF LZW stream (EarlyChange 1) decoding to a long run of zero bytes:
    codes 0, 258, 259, ... each one zero longer than the last, a Clear when
    the table is full, `total_codes_cycles` times; then EOD."""
    bits = []
    acc, nacc = 0, 0
    out = bytearray()

    def emit(code, width):
        nonlocal acc, nacc
        acc = (acc << width) | code
        nacc += width
        while nacc >= 8:
            nacc -= 8
            out.append((acc >> nacc) & 0xFF)
        acc &= (1 << nacc) - 1

    width = 9
    for cycle in range(total_codes_cycles):
        emit(256, width)  # clear, at the width in use
        width = 9
        next_code = 258
        prev = None
        code = 0
        while True:
            emit(code, width)
            if prev is not None:
                next_code += 1
            prev = code
            code = 258 if code == 0 else code + 1
            if next_code + early >= (1 << width) and width < 12:
                width += 1
            if next_code >= 4093:
                break
        # the decoder adds one more entry on the next code; clear resets it
    emit(257, width)
    if nacc:
        out.append((acc << (8 - nacc)) & 0xFF)
    return bytes(out)


def lzw_decode(data: bytes, early: int = 1, limit: int = 1 << 28) -> int:
    """Length of what a PDF LZW decoder makes of data (for a self-check)."""
    pos, bitbuf, nbits = 0, 0, 0
    width = 9
    table: list[bytes] = [bytes([i]) for i in range(256)] + [b"", b""]
    prev = None
    total = 0
    while True:
        while nbits < width:
            if pos >= len(data):
                return total
            bitbuf = (bitbuf << 8) | data[pos]
            pos += 1
            nbits += 8
        nbits -= width
        code = (bitbuf >> nbits) & ((1 << width) - 1)
        if code == 256:
            table = table[:258]
            width = 9
            prev = None
            continue
        if code == 257:
            return total
        if code < len(table):
            entry = table[code]
            if prev is not None:
                table.append(prev + entry[:1])
        elif code == len(table) and prev is not None:
            entry = prev + prev[:1]
            table.append(entry)
        else:
            raise ValueError(f"bad LZW code {code} (table {len(table)})")
        total += len(entry)
        if total > limit:
            return total
        prev = entry
        if len(table) + early >= (1 << width) and width < 12:
            width += 1


def png_chunk(t: bytes, data: bytes, crc: int | None = None) -> bytes:
    if crc is None:
        crc = zlib.crc32(t + data)
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", crc & 0xFFFFFFFF)


PNG_SIG = b"\x89PNG\r\n\x1a\n"


def png_by_hand(w: int, h: int, depth: int, ctype: int, idat: bytes) -> bytes:
    return (PNG_SIG + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 0))
            + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b""))


def pil_bytes(img: Image.Image, fmt: str, **kw) -> bytes:
    b = io.BytesIO()
    img.save(b, fmt, **kw)
    return b.getvalue()


def noise_image(rng: random.Random, w: int, h: int, mode: str = "RGB") -> Image.Image:
    img = Image.new(mode, (w, h), "white")
    px = img.load()
    for _ in range(400):
        x, y = rng.randrange(w), rng.randrange(h)
        col = tuple(rng.randrange(256) for _ in range(3)) if mode == "RGB" else rng.randrange(256)
        for dx in range(min(20, w - x)):
            for dy in range(min(8, h - y)):
                px[x + dx, y + dy] = col
    return img


def jpeg_header_only(w: int, h: int, sof: int = 0xC0) -> bytes:
    """SOI, DQT, SOFn (w x h, 3 components), DHT, SOS, a little entropy data, EOI."""
    dqt = b"\xff\xdb" + struct.pack(">H", 67) + b"\x00" + bytes([1] * 64)
    sofb = b"\xff" + bytes([sof]) + struct.pack(">HBHHB", 17, 8, h, w, 3) + b"\x01\x11\x00\x02\x11\x00\x03\x11\x00"
    # a DC and an AC table with one code each
    dht = (b"\xff\xc4" + struct.pack(">H", 2 + 17 + 1) + b"\x00" + bytes([1] + [0] * 15) + b"\x00"
           + b"\xff\xc4" + struct.pack(">H", 2 + 17 + 1) + b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    sos = b"\xff\xda" + struct.pack(">HB", 12, 3) + b"\x01\x00\x02\x00\x03\x00" + b"\x00\x3f\x00"
    return b"\xff\xd8" + dqt + sofb + dht + sos + bytes(4096) + b"\xff\xd9"


def tiff_pages(n: int, loop: str = "", w: int = 1, h: int = 1, tiled: bool = False) -> bytes:
    """Little-endian TIFF with n one-strip 8-bit gray pages of w x h (pixels
    all 0x80, shared). loop: 'self' (first IFD points to itself), 'two'
    (second points back to the first)."""
    out = bytearray(b"II*\x00" + struct.pack("<I", 0))
    pix_off = len(out)
    pixels = bytes([0x80]) * min(w * h, 1 << 16)
    out += pixels
    if len(out) % 2:
        out += b"\x00"
    ifd_offsets = []
    entries_n = 9
    ifd_size = 2 + entries_n * 12 + 4
    start = len(out)
    for i in range(n):
        ifd_offsets.append(start + i * ifd_size)
    for i in range(n):
        ents = [
            (256, 4, 1, w), (257, 4, 1, h), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
        ]
        if tiled:
            ents += [(322, 4, 1, 16), (323, 4, 1, 16), (324, 4, 1, pix_off), (325, 4, 1, len(pixels))]
        else:
            ents += [(273, 4, 1, pix_off), (277, 3, 1, 1), (278, 4, 1, h), (279, 4, 1, len(pixels))]
        ents.sort()
        b = struct.pack("<H", len(ents))
        for tag, typ, cnt, val in ents:
            if typ == 3:
                b += struct.pack("<HHIHH", tag, typ, cnt, val, 0)
            else:
                b += struct.pack("<HHII", tag, typ, cnt, val)
        nxt = ifd_offsets[i + 1] if i + 1 < n else 0
        if loop == "self" and i == 0:
            nxt = ifd_offsets[0]
        if loop == "two" and i == n - 1:
            nxt = ifd_offsets[0]
        b += struct.pack("<I", nxt)
        out += b
    out[4:8] = struct.pack("<I", ifd_offsets[0])
    return bytes(out)


def gif_frames(n: int, screen: tuple[int, int] = (1, 1), frame: tuple[int, int] = (1, 1)) -> bytes:
    out = bytearray(b"GIF89a" + struct.pack("<HH", *screen) + b"\x80\x00\x00" + b"\x00\x00\x00\xff\xff\xff")
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    # LZW min code size 2; codes: clear(4), 0, end(5), in 3-bit codes
    data = bytes([0x44, 0x01])  # clear, 0, eoi packed
    for i in range(n):
        out += b"\x21\xf9\x04\x00\x01\x00\x00\x00"
        out += b"\x2c" + struct.pack("<HHHH", 0, 0, *frame) + b"\x00"
        out += b"\x02" + bytes([len(data)]) + data + b"\x00"
    out += b"\x3b"
    return bytes(out)


# --------------------------------------------------------------------------
# The kinds


def gen_valid(w: Writer, bases: dict[str, bytes], rng: random.Random, small_png: bytes, small_jpg: bytes):
    for name, data in bases.items():
        w.put("valid", f"{name}.pdf", data, "untouched base PDF")
    w.put("valid", "one-page.pdf", one_page_pdf(), "a one-page text PDF (the stall probe)")
    w.put("valid", "small.png", small_png, "a valid PNG")
    w.put("valid", "small.jpg", small_jpg, "a valid JPEG")


def gen_trunc(w: Writer, bases: dict[str, bytes], rng: random.Random, per_base: int = 36):
    for name, data in bases.items():
        n = len(data)
        xo, sxpos = find_xref(data)
        offs = {1, 8, 9, 16, 64, n - 1, n - 6, n - 20, sxpos, max(xo, 1), xo + 30, n // 2}
        while len(offs) < per_base:
            offs.add(rng.randrange(1, n))
        for off in sorted(o for o in offs if 0 < o < n):
            w.put("trunc", f"{name}-at-{off:07d}.pdf", data[:off], f"{name} cut to {off} of {n} bytes")


def gen_flip(w: Writer, bases: dict[str, bytes], rng: random.Random, per_base: int = 36):
    for name, data in bases.items():
        n = len(data)
        for i in range(per_base):
            b = bytearray(data)
            k = rng.choice([1, 1, 2, 4, 8, 16])
            where = "anywhere"
            if i % 4 == 3:  # in the last 2 KB: xref, trailer, startxref
                lo = max(0, n - 2048)
                where = "tail"
            else:
                lo = 0
            pos = sorted(rng.randrange(lo, n) for _ in range(k))
            for p in pos:
                b[p] ^= rng.randrange(1, 256)
            w.put("flip", f"{name}-{i:02d}-{k}x-{where}.pdf", bytes(b),
                  f"{name} with {k} byte(s) changed at {','.join(map(str, pos[:4]))}{'...' if k > 4 else ''}")


def gen_xref(w: Writer, base: bytes, rng: random.Random):
    n = len(base)
    xo, _ = find_xref(base)
    ents = xref_entries(base)
    stream_mid = base.find(b"stream\n") + 20
    v = {
        "startxref-0": set_startxref(base, b"0"),
        "startxref-past-end": set_startxref(base, str(n + 1000).encode()),
        "startxref-negative": set_startxref(base, b"-5"),
        "startxref-huge": set_startxref(base, b"99999999999999999999999"),
        "startxref-in-stream": set_startxref(base, str(stream_mid).encode()),
        "startxref-missing": base.replace(b"startxref", b"startxrex"),
        "xref-keyword-broken": base[:xo] + b"xreF" + base[xo + 4:],
        "offsets-plus-1": replace_entries(base, lambda o: o + 1),
        "offsets-minus-3": replace_entries(base, lambda o: max(o - 3, 0)),
        "offsets-zero": replace_entries(base, lambda o: 0),
        "offsets-past-end": replace_entries(base, lambda o: o + n),
        "offsets-shuffled": (lambda offs: replace_entries(base, lambda o, it=iter(offs): next(it)))(
            rng.sample([o for _, o in ents], len(ents))),
        "offsets-all-first": replace_entries(base, lambda o: ents[0][1]),
        "entries-19-bytes": base[:xo] + re.sub(rb" n \n", b" n\n", base[xo:]),
        "entries-letters": base[:xo] + re.sub(rb"(\d{10}) 00000 n", lambda m: b"00x0000000 00000 n", base[xo:], count=3),
        "size-1": re.sub(rb"/Size \d+", b"/Size 1", base),
        "size-huge": re.sub(rb"/Size \d+", b"/Size 2147483647", base),
        "size-negative": re.sub(rb"/Size \d+", b"/Size -1", base),
        "root-missing": re.sub(rb"/Root \d+ 0 R", b"/Root 9999 0 R", base),
        "root-not-dict": re.sub(rb"/Root \d+ 0 R", b"/Root 42", base),
        "root-gone": re.sub(rb"/Root \d+ 0 R", b"", base),
        "trailer-missing": base[:base.rfind(b"trailer")] + base[base.rfind(b"startxref"):],
        "eof-missing": base.replace(b"%%EOF", b""),
        "subsection-huge": base[:xo] + re.sub(rb"xref\s+0 (\d+)", b"xref\n0 4294967295", base[xo:], count=1),
        "all-free": base[:xo] + base[xo:].replace(b" n \n", b" f \n"),
        "generation-65535": base[:xo] + re.sub(rb"(\d{10}) 00000 n", rb"\1 65535 n", base[xo:]),
        "no-xref-at-all": base[:xo] + b"%%EOF\n",
        "eof-twice-garbage": base + b"\x00" * 100 + b"startxref\n12\n%%EOF\n",
    }
    # incremental updates with /Prev loops
    tail = base.rstrip()
    upd_off = len(tail) + 1
    v["prev-self-loop"] = (tail + b"\n" + b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %d /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
                           % (len(ents) + 1, upd_off, upd_off)).replace(b"/Root 1 0 R", re.search(rb"/Root \d+ 0 R", base).group(0))
    a_off = upd_off
    sec_a = b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %d %s /Prev XXXXXXXXXX >>\n" % (len(ents) + 1, re.search(rb"/Root \d+ 0 R", base).group(0))
    b_off = a_off + len(sec_a)
    sec_b = b"xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size %d %s /Prev %010d >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(ents) + 1, re.search(rb"/Root \d+ 0 R", base).group(0), a_off, b_off)
    v["prev-two-loop"] = tail + b"\n" + sec_a.replace(b"XXXXXXXXXX", b"%010d" % b_off) + sec_b
    # an update that redefines the first object as a page-tree loop
    pages_num = int(re.search(rb"/Pages (\d+) 0 R", base).group(1))
    obj = b"%d 0 obj\n<< /Type /Pages /Kids [%d 0 R] /Count 1 /Parent %d 0 R >>\nendobj\n" % (pages_num, pages_num, pages_num)
    o_off = upd_off
    x_off = o_off + len(obj)
    v["update-pages-self-kid"] = (tail + b"\n" + obj + b"xref\n0 1\n0000000000 65535 f \n%d 1\n%010d 00000 n \ntrailer\n<< /Size %d %s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
                                  % (pages_num, o_off, len(ents) + 1, re.search(rb"/Root \d+ 0 R", base).group(0), xo, x_off))
    v["xrefstm-nowhere"] = re.sub(rb"trailer\s*<<", b"trailer\n<< /XRefStm 999999999", base)
    v["duplicate-objects"] = base[:xo] + base[base.find(b"1 0 obj"):base.find(b"endobj") + 7].replace(b"1 0 obj", b"1 0 obj") * 50 + base[xo:]
    for name, data in v.items():
        w.put("xref", f"{name}.pdf", data, f"text base: {name.replace('-', ' ')}")


def gen_objstm(w: Writer, rng: random.Random) -> bytes:
    base = objstm_base(rng)
    # locate the xref stream and the object stream
    xo, _ = find_xref(base)
    x_hdr_end = base.find(b"stream\n", xo) + 7
    x_end = base.find(b"\nendstream", x_hdr_end)
    xdict = base[xo:x_hdr_end]
    xdata = base[x_hdr_end:x_end]
    rows = zlib.decompress(xdata)
    m = re.search(rb"(\d+) 0 obj\n<< /Length (\d+) /Type /ObjStm /N (\d+) /First (\d+)", base)
    so = m.start()
    s_hdr_end = base.find(b"stream\n", so) + 7
    s_end = base.find(b"\nendstream", s_hdr_end)
    sdata = zlib.decompress(base[s_hdr_end:s_end])
    first = int(m.group(4))
    N = int(m.group(3))
    stm_num = int(m.group(1))

    def with_xref(new_rows: bytes | None = None, dict_sub=None, raw: bytes | None = None) -> bytes:
        data = raw if raw is not None else flate(new_rows if new_rows is not None else rows)
        d = base[xo:base.find(b"<<", xo)] + b"<< /Length %d " % len(data) + base[base.find(b"/Type /XRef", xo):x_hdr_end - 7]
        d = d.rstrip()
        if dict_sub:
            for a, b in dict_sub:
                d = re.sub(a, b, d)
        return base[:xo] + d + b"\nstream\n" + data + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xo

    xnum = int(re.match(rb"(\d+) 0 obj", base[xo:]).group(1))

    def with_objstm(new_data: bytes | None = None, dict_sub=None, raw: bytes | None = None) -> bytes:
        data = raw if raw is not None else flate(new_data if new_data is not None else sdata)
        d = b"<< /Length %d /Type /ObjStm /N %d /First %d /Filter /FlateDecode >>" % (len(data), N, first)
        if dict_sub:
            for a, b in dict_sub:
                d = re.sub(a, b, d)
        head = base[:so] + b"%d 0 obj\n" % stm_num + d + b"\nstream\n" + data + b"\nendstream\nendobj\n"
        # what followed the object stream up to the xref stream (other objects), then a fresh xref stream
        mid = base[base.find(b"endobj\n", s_end) + 7:xo]
        delta = len(head) + len(mid) - xo
        b = bytearray(rows)
        for i in range(len(rows) // 7):
            t, a, c = struct.unpack(">BIH", b[i * 7:i * 7 + 7])
            if t == 1 and a > so:
                b[i * 7:i * 7 + 7] = struct.pack(">BIH", t, a + delta, c)
        new_xo = len(head) + len(mid)
        xd = flate(bytes(b))
        xdict_new = re.sub(rb"/Length \d+", b"/Length %d" % len(xd), base[xo:x_hdr_end - 7].rstrip()) if b"/Length" in base[xo:x_hdr_end] else None
        return head + mid + xdict_new + b"\nstream\n" + xd + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % new_xo

    rowlen = 7
    nrows = len(rows) // rowlen

    def row_edit(fn) -> bytes:
        b = bytearray(rows)
        for i in range(nrows):
            t, a, c = struct.unpack(">BIH", b[i * 7:i * 7 + 7])
            t, a, c = fn(i, t, a, c)
            b[i * 7:i * 7 + 7] = struct.pack(">BIH", t & 0xFF, a & 0xFFFFFFFF, c & 0xFFFF)
        return bytes(b)

    v = {
        "w-zero": with_xref(dict_sub=[(rb"/W \[1 4 2\]", b"/W [0 0 0]")]),
        "w-huge": with_xref(dict_sub=[(rb"/W \[1 4 2\]", b"/W [9 9 9]")]),
        "w-negative": with_xref(dict_sub=[(rb"/W \[1 4 2\]", b"/W [1 -4 2]")]),
        "w-100": with_xref(dict_sub=[(rb"/W \[1 4 2\]", b"/W [100 100 100]")]),
        "w-short": with_xref(dict_sub=[(rb"/W \[1 4 2\]", b"/W [1 4]")]),
        "index-odd": with_xref(dict_sub=[(rb"/Type /XRef", b"/Type /XRef /Index [0]")]),
        "index-huge": with_xref(dict_sub=[(rb"/Type /XRef", b"/Type /XRef /Index [0 2147483647]")]),
        "index-negative": with_xref(dict_sub=[(rb"/Type /XRef", b"/Type /XRef /Index [-5 10]")]),
        "xref-size-huge": with_xref(dict_sub=[(rb"/Size \d+", b"/Size 1000000000")]),
        "xref-data-flipped": with_xref(raw=bytes(b ^ (0x5A if i % 7 == 3 else 0) for i, b in enumerate(flate(rows)))),
        "xref-data-truncated": with_xref(raw=flate(rows)[: len(flate(rows)) // 2]),
        "xref-length-wrong": with_xref(dict_sub=[(rb"/Length \d+", b"/Length 3")]),
        "xref-prev-self": with_xref(dict_sub=[(rb"/Type /XRef", b"/Type /XRef /Prev %d" % xo)]),
        "xref-predictor-bad": with_xref(dict_sub=[(rb"/Filter /FlateDecode", b"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 0 >>")]),
        "xref-predictor-cols-huge": with_xref(dict_sub=[(rb"/Filter /FlateDecode", b"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 2147483647 >>")]),
        "type2-missing-stream": with_xref(row_edit(lambda i, t, a, c: (t, 9999 if t == 2 else a, c))),
        "type2-index-past-n": with_xref(row_edit(lambda i, t, a, c: (t, a, c + 1000 if t == 2 else c))),
        "type2-points-to-self": with_xref(row_edit(lambda i, t, a, c: (t, i if t == 2 else a, c))),
        "objstm-in-objstm": with_xref(row_edit(lambda i, t, a, c: (2, stm_num, 0) if i == stm_num else (t, a, c))),
        "type-unknown": with_xref(row_edit(lambda i, t, a, c: (7 if t == 2 else t, a, c))),
        "objstm-n-huge": with_objstm(dict_sub=[(rb"/N \d+", b"/N 2147483647")]),
        "objstm-n-negative": with_objstm(dict_sub=[(rb"/N \d+", b"/N -1")]),
        "objstm-first-past-end": with_objstm(dict_sub=[(rb"/First \d+", b"/First 999999")]),
        "objstm-first-negative": with_objstm(dict_sub=[(rb"/First \d+", b"/First -10")]),
        "objstm-offsets-overlap": with_objstm(b" ".join((tok if j % 2 == 0 else b"0") for j, tok in
                                                        enumerate(sdata[:first].split())).ljust(first - 1) + b"\n" + sdata[first:]),
        "objstm-offsets-garbage": with_objstm(b"x y z " * (first // 6) + sdata[first:]),
        "objstm-extends-self": with_objstm(dict_sub=[(rb"/Type /ObjStm", b"/Type /ObjStm /Extends %d 0 R" % stm_num)]),
        "objstm-not-flate": with_objstm(raw=sdata[:200] + bytes(rng.randrange(256) for _ in range(100))),
        "objstm-lzw-garbage": with_objstm(raw=bytes(rng.randrange(256) for _ in range(300)),
                                          dict_sub=[(rb"/FlateDecode", b"/LZWDecode")]),
        "objstm-truncated": with_objstm(raw=flate(sdata)[:40]),
    }
    for name, data in v.items():
        w.put("objstm", f"{name}.pdf", data, f"xref/object-stream base: {name.replace('-', ' ')}")
    return base


def gen_junk(w: Writer, base: bytes, rng: random.Random):
    v = {
        "junk-10": b"0123456789" + base,
        "junk-1000-binary": bytes(rng.randrange(256) for _ in range(1000)) + base,
        "junk-1023-spaces": b" " * 1023 + base,
        "junk-1024-spaces": b" " * 1024 + base,
        "junk-2mb": bytes(rng.randrange(256) for _ in range(1 << 16)) * 32 + base,
        "html-before": b"<html><body>Not found</body></html>\n" + base,
        "bom-before": b"\xef\xbb\xbf" + base,
        "nul-before": b"\x00" * 16 + base,
        "two-headers": base[:9] + base,
        "header-only": b"%PDF-1.7\n",
        "header-2.0-then-garbage": b"%PDF-2.0\n" + bytes(rng.randrange(256) for _ in range(5000)),
        "header-99.9": b"%PDF-99.9" + base[8:],
        "header-lowercase": b"%pdf-1.4" + base[8:],
        "zip-disguised": b"PK\x03\x04" + base,
        "ps-header": b"%!PS-Adobe-3.0\n" + base,
    }
    for name, data in v.items():
        w.put("junk", f"{name}.pdf", data, f"text base with {name.replace('-', ' ')}")


def gen_loop(w: Writer):
    def mk(objs: dict[int, bytes], root: int = 1) -> bytes:
        p = PDF()
        for k, b in objs.items():
            p.add(b, k)
        return p.build(root)

    content = stream_obj(text_content(["loop"]))
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources %s /Contents 4 0 R >>" % HELV
    v = {
        "kids-self": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>", 3: page, 4: content},
        "kids-parent": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
                        5: b"<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 2 0 R] /Count 2 >>",
                        3: page.replace(b"/Parent 2 0 R", b"/Parent 5 0 R"), 4: content},
        "kids-two-cycle": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
                           5: b"<< /Type /Pages /Parent 6 0 R /Kids [6 0 R] /Count 1 >>",
                           6: b"<< /Type /Pages /Parent 5 0 R /Kids [5 0 R 3 0 R] /Count 1 >>", 3: page, 4: content},
        "page-twice": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R 3 0 R 3 0 R] /Count 3 >>", 3: page, 4: content},
        "parent-loop-inherit": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 5 0 R >>",
                                5: b"<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>",
                                3: b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>", 4: content},
        "resources-self": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                           3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 5 0 R /Contents 4 0 R >>",
                           5: b"<< /Font 5 0 R /XObject 5 0 R /ExtGState 5 0 R >>", 4: content},
        "length-self": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", 3: page,
                        4: stream_obj(text_content(["loop"]), length=b"4 0 R")},
        "length-indirect-loop": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", 3: page,
                                 4: stream_obj(text_content(["loop"]), length=b"6 0 R"), 6: b"7 0 R", 7: b"6 0 R"},
        "ref-chain-cycle": {1: b"<< /Type /Catalog /Pages 8 0 R >>", 8: b"9 0 R", 9: b"8 0 R", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", 3: page, 4: content},
        "count-huge": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 2147483647 >>", 3: page, 4: content},
        "count-negative": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count -1 >>", 3: page, 4: content},
        "contents-array-self": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                3: page.replace(b"/Contents 4 0 R", b"/Contents 5 0 R"), 5: b"[4 0 R 5 0 R]", 4: content},
        "outlines-loop": {1: b"<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", 3: page, 4: content,
                          6: b"<< /First 7 0 R /Last 7 0 R /Count 1 >>", 7: b"<< /Title (a) /Parent 6 0 R /Next 7 0 R /Prev 7 0 R /First 7 0 R >>"},
        "annots-loop": {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                        3: page.replace(b"/Contents", b"/Annots 6 0 R /Contents"), 4: content,
                        6: b"[7 0 R]", 7: b"<< /Type /Annot /Subtype /Text /Rect [10 10 50 50] /Popup 7 0 R /IRT 7 0 R /P 3 0 R >>"},
    }
    for name, objs in v.items():
        w.put("loop", f"{name}.pdf", mk(objs), f"page tree / reference loop: {name.replace('-', ' ')}")


def gen_nest(w: Writer):
    D = 100_000
    arr = b"[" * D + b"]" * D
    dct = b"<< /A " * D + b"1" + b" >>" * D
    v = {}
    p = simple_doc(text_content(["nested array in the page"]), HELV, page_extra=b"/Nest " + arr)
    v["array-in-page"] = p.build(p.root)
    p = simple_doc(text_content(["nested dict in the page"]), HELV, page_extra=b"/Nest " + dct)
    v["dict-in-page"] = p.build(p.root)
    p = simple_doc(text_content(["nested array in resources"]), b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> /X " + arr + b" >>")
    v["array-in-resources"] = p.build(p.root)
    p = simple_doc(b"BT /F1 12 Tf 72 700 Td " + b"[" * D + b"(x)" + b"]" * D + b" TJ ET", HELV)
    v["array-in-content"] = p.build(p.root)
    p = simple_doc(b"q " * D + b"0 0 100 100 re f " + b"Q " * D, HELV)
    v["q-100000"] = p.build(p.root)
    p = simple_doc(b"q " * D + b"0 0 100 100 re f", HELV)
    v["q-unbalanced"] = p.build(p.root)
    p = simple_doc(b"BT " * D + b"/F1 12 Tf (x) Tj " + b"ET " * D, HELV)
    v["bt-100000"] = p.build(p.root)
    p = simple_doc(b"BI /W 1 /H 1 /BPC 8 /CS /G /D " + arr + b" ID \x80 EI", HELV)
    v["inline-image-dict"] = p.build(p.root)
    p = simple_doc(text_content(["nested trailer"]), HELV)
    v["array-in-trailer"] = p.build(p.root, trailer_extra=b"/Nest " + arr)
    p = simple_doc(text_content(["nested in object stream"]), HELV, page_extra=b"/Nest " + dct)
    v["dict-in-objstm"] = p.build(p.root, xref="stream", objstm=True)
    p = simple_doc(b"/Span << /MCID 0 /X " + dct + b" >> BDC BT /F1 12 Tf 72 700 Td (x) Tj ET EMC", HELV)
    v["dict-in-marked-content"] = p.build(p.root)
    for name, data in v.items():
        w.put("nest", f"{name}.pdf", data, f"100,000-level nesting: {name.replace('-', ' ')}")


def form(content: bytes, resources: bytes = b"<< >>", bbox: bytes = b"[0 0 612 792]") -> bytes:
    return stream_obj(content, b"/Type /XObject /Subtype /Form /BBox " + bbox + b" /Resources " + resources)


def chained_forms(levels: int, link: bytes, leaf: bytes, contents: bytes) -> bytes:
    """One page whose content `contents` draws form 0 as /X; form k draws
    form k+1 with `link` (which names it /X); the last form draws `leaf`."""
    p = PDF()
    cat, pages, page, cs = p.reserve(), p.reserve(), p.reserve(), p.reserve()
    nums = [p.reserve() for _ in range(levels)]
    for k, num in enumerate(nums):
        if k + 1 < levels:
            p.add(form(link, b"<< /XObject << /X %d 0 R >> >>" % nums[k + 1]), num)
        else:
            p.add(form(leaf), num)
    p.add(stream_obj(contents), cs)
    p.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X %d 0 R >> >> /Contents %d 0 R >>"
          % (pages, nums[0], cs), page)
    p.add(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page, pages)
    p.add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages, cat)
    return p.build(cat)


def laughs(levels: int, fan: int) -> bytes:
    """Form k draws form k+1 `fan` times (shifted a little); the last form
    fills a small square. fan**levels fills in all."""
    link = b"".join(b"q 1 0 0 1 %.2f %.2f cm /X Do Q\n" % (i * 0.3, i * 0.2) for i in range(fan))
    return chained_forms(levels, link, b"0.5 g 10 10 20 20 re f", b"q /X Do Q")


def form_chain(depth: int) -> bytes:
    return chained_forms(depth, b"q 0.999 0 0 0.999 0.05 0.05 cm /X Do Q", b"0 g 100 100 50 50 re f", b"/X Do")


def gen_xobj(w: Writer):
    for depth in (100, 1000, 10000):
        w.put("xobj", f"chain-{depth}.pdf", form_chain(depth), f"Form XObject chain {depth} deep")
    # a form that draws itself; two forms that draw each other
    p = PDF()
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>",
            4: stream_obj(b"/X Do"), 5: form(b"0 g 1 1 5 5 re f /X Do", b"<< /XObject << /X 5 0 R >> >>")}
    for k, b in objs.items():
        p.add(b, k)
    w.put("xobj", "self-recursive.pdf", p.build(1), "a Form XObject that draws itself")
    p = PDF()
    objs[5] = form(b"/Y Do", b"<< /XObject << /Y 6 0 R >> >>")
    objs[6] = form(b"/X Do /X Do", b"<< /XObject << /X 5 0 R >> >>")
    for k, b in objs.items():
        p.add(b, k)
    w.put("xobj", "mutual-recursive.pdf", p.build(1), "two Form XObjects that draw each other")
    p = PDF()
    objs[5] = form(b"/X Do", b"7 0 R")
    objs[7] = b"<< /XObject << /X 5 0 R >> >>"
    objs.pop(6)
    for k, b in objs.items():
        p.add(b, k)
    w.put("xobj", "recursive-via-shared-resources.pdf", p.build(1), "a form whose resources name itself indirectly")
    for levels, fan in ((4, 10), (5, 10), (6, 10), (3, 100)):
        w.put("xobj", f"laughs-{fan}^{levels - 1}.pdf", laughs(levels, fan), f"fan-out: {fan}^{levels - 1} leaf draws")
    # a pattern whose cell draws the pattern
    p = PDF()
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Pattern << /P 5 0 R >> >> /Contents 4 0 R >>",
            4: stream_obj(b"/Pattern cs /P scn 0 0 612 792 re f"),
            5: stream_obj(b"/Pattern cs /P scn 0 0 10 10 re f", b"/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /Pattern << /P 5 0 R >> >>")}
    for k, b in objs.items():
        p.add(b, k)
    w.put("xobj", "pattern-self-recursive.pdf", p.build(1), "a tiling pattern whose cell paints with itself")


def many_pages(n: int, count: int | None = None, tree: bool = False, size: bytes = b"[0 0 300 300]") -> bytes:
    p = PDF()
    cat, pages, cs = p.reserve(), p.reserve(), p.reserve()
    p.add(stream_obj(b""), cs)
    kids = []
    if not tree:
        for _ in range(n):
            kids.append(p.add(b"<< /Type /Page /Parent %d 0 R /MediaBox %s /Contents %d 0 R /Resources << >> >>" % (pages, size, cs)))
        p.add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % (count if count is not None else n), pages)
    else:
        # 10 intermediate nodes of n/10 pages
        mids = []
        for j in range(10):
            mid = p.reserve()
            leaves = [p.add(b"<< /Type /Page /Parent %d 0 R /MediaBox %s /Contents %d 0 R /Resources << >> >>" % (mid, size, cs))
                      for _ in range(n // 10)]
            p.add(b"<< /Type /Pages /Parent %d 0 R /Kids [" % pages + b" ".join(b"%d 0 R" % k for k in leaves) + b"] /Count %d >>" % len(leaves), mid)
            mids.append(mid)
        p.add(b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in mids) + b"] /Count %d >>" % n, pages)
    p.add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages, cat)
    return p.build(cat)


def gen_pages(w: Writer):
    w.put("pages", "pages-2000.pdf", many_pages(2000), "2000 blank pages (at the stated limit)")
    w.put("pages", "pages-2001.pdf", many_pages(2001), "2001 blank pages (one over)")
    w.put("pages", "pages-5000.pdf", many_pages(5000), "5000 blank pages")
    w.put("pages", "pages-5000-tree.pdf", many_pages(5000, tree=True), "5000 blank pages in a two-level tree")
    w.put("pages", "count-lies-1000000.pdf", many_pages(3, count=1000000), "3 pages, /Count says 1000000")
    w.put("pages", "count-lies-1.pdf", many_pages(3000, count=1), "3000 pages, /Count says 1")


def gen_mediabox(w: Writer):
    boxes = {
        "14400-square": b"[0 0 14400 14400]",
        "14401-square": b"[0 0 14401 14401]",
        "100000-square": b"[0 0 100000 100000]",
        "1e30": b"[0 0 1e30 1e30]",
        "14000x1": b"[0 0 14000 1]",
        "1x14000": b"[0 0 1 14000]",
        "14400x10": b"[0 0 14400 10]",
        "zero": b"[0 0 0 0]",
        "negative": b"[0 0 -612 -792]",
        "inverted": b"[612 792 0 0]",
        "offset-huge": b"[1e9 1e9 1000000612 1000000792]",
        "three-numbers": b"[0 0 612]",
        "strings": b"[(a) (b) (c) (d)]",
        "nan-like": b"[0 0 1e400 1e400]",
        "tiny": b"[0 0 0.001 0.001]",
    }
    for name, box in boxes.items():
        p = simple_doc(text_content(["MediaBox " + name], y0=20), HELV, media=box)
        w.put("mediabox", f"{name}.pdf", p.build(p.root), f"MediaBox {box.decode()}")
    extra = {
        "userunit-75000": b"/UserUnit 75000",
        "cropbox-larger": b"/CropBox [-100000 -100000 100000 100000]",
        "rotate-45": b"/Rotate 45",
        "rotate-huge": b"/Rotate 2147483640",
    }
    for name, e in extra.items():
        p = simple_doc(text_content(["page " + name]), HELV, page_extra=e)
        w.put("mediabox", f"{name}.pdf", p.build(p.root), f"A4-ish page with {e.decode()}")


def gen_bomb(w: Writer):
    # Flate: 1 GiB of spaces as a content stream (valid, decodes to nothing)
    c = zlib.compressobj(9)
    chunk = b" " * (1 << 24)
    first = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    tail = c.flush()
    n = 64
    # adler32 of n chunks of spaces
    a = 1
    for _ in range(n):
        a = zlib.adler32(chunk, a)
    body = first + again * (n - 1) + tail
    # the zlib header of compressobj(9) is 78 da; the trailing adler was computed for `chunk` only: replace it
    body = body[:-4] + struct.pack(">I", a)
    p = simple_doc(b"", HELV)
    num = [k for k, v in p.objs.items() if b"stream" in v][0]
    p.objs[num] = stream_obj(body, b"/Filter /FlateDecode")
    w.put("bomb", "flate-content-1gib-spaces.pdf", p.build(p.root), "content stream: 1 GiB of spaces, Flate")
    # Flate image: 30000 x 30000 gray of zeros (900 MB)
    for name, (wd, ht, bpc, cs) in {"flate-image-30000-gray": (30000, 30000, 8, b"/DeviceGray"),
                                    "flate-image-60000-gray": (60000, 60000, 8, b"/DeviceGray"),
                                    "flate-image-60000-bw": (60000, 60000, 1, b"/DeviceGray")}.items():
        total = (wd * bpc + 7) // 8 * ht
        data = zeros_zlib(total)
        p = simple_doc(b"q 612 0 0 792 0 0 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
        p.add(stream_obj(data, b"/Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent %d /ColorSpace %s /Filter /FlateDecode"
                         % (wd, ht, bpc, cs)), 5)
        w.put("bomb", f"{name}.pdf", p.build(p.root), f"image XObject {wd}x{ht} {bpc}-bit of zeros, Flate ({total >> 20} MiB raw)")
    # Flate of Flate: 256 MiB zeros, deflated twice
    inner = zeros_zlib(1 << 28)
    p = simple_doc(b"q 612 0 0 792 0 0 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
    p.add(stream_obj(flate(inner), b"/Type /XObject /Subtype /Image /Width 16384 /Height 16384 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter [/FlateDecode /FlateDecode]"), 5)
    w.put("bomb", "flate-twice-256mib.pdf", p.build(p.root), "image stream Flate of Flate of 256 MiB zeros")
    # image smaller than what its stream decodes to
    p = simple_doc(b"q 612 0 0 792 0 0 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
    p.add(stream_obj(zeros_zlib(1 << 30), b"/Type /XObject /Subtype /Image /Width 10 /Height 10 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode"), 5)
    w.put("bomb", "flate-1gib-for-10x10-image.pdf", p.build(p.root), "a 10x10 image whose stream inflates to 1 GiB")
    # LZW: content stream and image of zeros
    lz = lzw_zeros(40)
    p = simple_doc(b"q 612 0 0 792 0 0 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
    p.add(stream_obj(lz, b"/Type /XObject /Subtype /Image /Width 20000 /Height 20000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /LZWDecode"), 5)
    w.put("bomb", "lzw-image-20000.pdf", p.build(p.root), "image 20000x20000, LZW of zeros (about 300 MB decoded)")
    p = simple_doc(b"")
    num = [k for k, v in p.objs.items() if b"stream" in v][0]
    p.objs[num] = stream_obj(lzw_zeros(40), b"/Filter /LZWDecode")
    w.put("bomb", "lzw-content-zeros.pdf", p.build(p.root), "content stream LZW of ~300 MB of NUL bytes")
    p = simple_doc(b"")
    num = [k for k, v in p.objs.items() if b"stream" in v][0]
    p.objs[num] = stream_obj(flate(lzw_zeros(40)), b"/Filter [/FlateDecode /LZWDecode]")
    w.put("bomb", "flate-lzw-content.pdf", p.build(p.root), "content stream Flate of LZW of zeros")
    # ASCIIHex / RunLength expanding
    rl = (b"\x81\x00") * 200000 + b"\x80"  # each pair: 128 zero bytes
    p = simple_doc(b"q 612 0 0 792 0 0 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
    p.add(stream_obj(flate(rl), b"/Type /XObject /Subtype /Image /Width 5000 /Height 5000 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter [/FlateDecode /RunLengthDecode]"), 5)
    w.put("bomb", "runlength-image.pdf", p.build(p.root), "image 5000x5000: Flate of RunLength")


def jbig2_segment(num: int, typ: int, page: int, data: bytes, refs: bytes = b"\x00") -> bytes:
    return struct.pack(">IB", num, typ) + refs + struct.pack(">BI", page, len(data)) + data


def gen_codec(w: Writer, rng: random.Random):
    def image_pdf(stream: bytes, wd: int, ht: int, filt: bytes, extra: bytes = b"", cs: bytes = b"/DeviceGray",
                  bpc: int = 1, more_objs: dict | None = None) -> bytes:
        p = simple_doc(b"q 500 0 0 500 50 150 cm /Im Do Q", b"<< /XObject << /Im 5 0 R >> >>")
        p.add(stream_obj(stream, b"/Type /XObject /Subtype /Image /Width %d /Height %d /BitsPerComponent %d /ColorSpace %s /Filter %s %s"
                         % (wd, ht, bpc, cs, filt, extra)), 5)
        for k, v in (more_objs or {}).items():
            p.add(v, k)
        return p.build(p.root)

    # JBIG2: embedded stream = segments without the file header
    page_info = jbig2_segment(0, 48, 1, struct.pack(">IIIIBH", 64, 64, 0, 0, 0, 0))
    gen_hdr = struct.pack(">IIIIB", 64, 64, 0, 0, 0) + b"\x00" + bytes([3, 0xFF, 0xFD, 0xFF, 2, 0xFE, 0xFE, 0xFE])
    generic = jbig2_segment(1, 38, 1, gen_hdr + bytes(rng.randrange(256) for _ in range(200)) + b"\xff\xac")
    endp = jbig2_segment(2, 49, 1, b"")
    v = {
        "jbig2-random": (bytes(rng.randrange(256) for _ in range(2000)), 64, 64, b"", None),
        "jbig2-generic-garbage": (page_info + generic + endp, 64, 64, b"", None),
        "jbig2-page-4g": (jbig2_segment(0, 48, 1, struct.pack(">IIIIBH", 0xFFFFFFFF, 0xFFFFFFFF, 0, 0, 0, 0)) + generic + endp, 64, 64, b"", None),
        "jbig2-page-vs-pdf-size": (page_info + generic + endp, 30000, 30000, b"", None),
        "jbig2-segment-length-huge": (page_info + struct.pack(">IB", 1, 38) + b"\x00" + struct.pack(">BI", 1, 0xFFFFFFF0) + gen_hdr, 64, 64, b"", None),
        "jbig2-globals-missing": (page_info + generic + endp, 64, 64, b"/DecodeParms << /JBIG2Globals 99 0 R >>", None),
        "jbig2-globals-self": (page_info + generic + endp, 64, 64, b"/DecodeParms << /JBIG2Globals 5 0 R >>", None),
        "jbig2-refs-many": (page_info + struct.pack(">IB", 1, 38) + b"\xe0" + struct.pack(">I", 0x1FFFFFFF) + b"\x00" * 64 + generic + endp, 64, 64, b"", None),
        "jbig2-truncated": ((page_info + generic)[:30], 64, 64, b"", None),
    }
    for name, (data, wd, ht, extra, more) in v.items():
        w.put("codec", f"{name}.pdf", image_pdf(data, wd, ht, b"/JBIG2Decode", extra, more_objs=more), f"JBIG2 image stream: {name[6:].replace('-', ' ')}")

    # JPX from PIL, then damaged
    img = noise_image(rng, 200, 160)
    jpx = pil_bytes(img, "JPEG2000", irreversible=False)
    siz = jpx.find(b"\xff\x51")
    big = bytearray(jpx)
    if siz > 0:
        big[siz + 6:siz + 14] = struct.pack(">II", 60000, 60000)
    jv = {
        "jpx-valid": (jpx, 200, 160),
        "jpx-truncated-half": (jpx[:len(jpx) // 2], 200, 160),
        "jpx-truncated-header": (jpx[:60], 200, 160),
        "jpx-siz-60000": (bytes(big), 60000, 60000),
        "jpx-siz-60000-pdf-small": (bytes(big), 200, 160),
        "jpx-flipped": (bytes(b ^ (0x41 if i % 97 == 5 else 0) for i, b in enumerate(jpx)), 200, 160),
        "jpx-wrong-size-in-pdf": (jpx, 20000, 20000),
        "jpx-random": (bytes(rng.randrange(256) for _ in range(3000)), 200, 160),
    }
    for name, (data, wd, ht) in jv.items():
        w.put("codec", f"{name}.pdf", image_pdf(data, wd, ht, b"/JPXDecode", cs=b"/DeviceRGB", bpc=8), f"JPX image stream: {name[4:].replace('-', ' ')}")

    # CCITT G4 from PIL's libtiff writer, strip extracted
    bw = noise_image(rng, 400, 300, "L").point(lambda x: 255 if x > 128 else 0).convert("1")
    tif = pil_bytes(bw, "TIFF", compression="group4")
    im = Image.open(io.BytesIO(tif))
    offs = im.tag_v2[273]
    cnts = im.tag_v2[279]
    g4 = b"".join(tif[o:o + c] for o, c in zip(offs, cnts)) if len(offs) == 1 else tif[offs[0]:offs[0] + cnts[0]]
    rows = 300 if len(offs) == 1 else im.tag_v2.get(278, 300)
    cv = {
        "ccitt-g4-valid": (g4, 400, rows, b"/DecodeParms << /K -1 /Columns 400 /Rows %d /BlackIs1 false >>" % rows),
        "ccitt-g4-columns-0": (g4, 400, rows, b"/DecodeParms << /K -1 /Columns 0 /Rows %d >>" % rows),
        "ccitt-g4-columns-huge": (g4, 400, rows, b"/DecodeParms << /K -1 /Columns 1073741824 /Rows %d >>" % rows),
        "ccitt-g4-rows-huge": (g4, 400, 1000000, b"/DecodeParms << /K -1 /Columns 400 /Rows 1000000 >>"),
        "ccitt-g4-as-g3": (g4, 400, rows, b"/DecodeParms << /K 0 /Columns 400 /Rows %d >>" % rows),
        "ccitt-g4-truncated": (g4[:len(g4) // 3], 400, rows, b"/DecodeParms << /K -1 /Columns 400 /Rows %d >>" % rows),
        "ccitt-random": (bytes(rng.randrange(256) for _ in range(3000)), 400, 300, b"/DecodeParms << /K -1 /Columns 400 /Rows 300 >>"),
        "ccitt-k-huge": (g4, 400, rows, b"/DecodeParms << /K 2147483647 /Columns 400 /Rows %d >>" % rows),
    }
    for name, (data, wd, ht, extra) in cv.items():
        w.put("codec", f"{name}.pdf", image_pdf(data, wd, ht, b"/CCITTFaxDecode", extra), f"CCITT image stream: {name[6:].replace('-', ' ')}")

    # DCT in a PDF
    jpg = pil_bytes(noise_image(rng, 300, 200), "JPEG", quality=80)
    dv = {
        "dct-valid": (jpg, 300, 200),
        "dct-header-65000": (jpeg_header_only(65000, 65000), 65000, 65000),
        "dct-header-65000-pdf-small": (jpeg_header_only(65000, 65000), 300, 200),
        "dct-truncated": (jpg[:len(jpg) // 3], 300, 200),
        "dct-no-soi": (jpg[2:], 300, 200),
    }
    for name, (data, wd, ht) in dv.items():
        w.put("codec", f"{name}.pdf", image_pdf(data, wd, ht, b"/DCTDecode", cs=b"/DeviceRGB", bpc=8), f"DCT image stream: {name[4:].replace('-', ' ')}")


def gen_font(w: Writer, rng: random.Random):
    with open(FONT, "rb") as f:
        ttf = f.read()

    def font_pdf(fontfile: bytes, key: bytes = b"/FontFile2", subtype: bytes = b"/TrueType", ff_extra: bytes = b"") -> bytes:
        p = simple_doc(b"BT /F1 24 Tf 72 700 Td (Hello broken font) Tj 0 -40 Td (0123456789) Tj ET",
                       b"<< /Font << /F1 6 0 R >> >>")
        p.add(b"<< /Type /Font /Subtype %s /BaseFont /Broken /FirstChar 32 /LastChar 126 /Widths [%s] /FontDescriptor 7 0 R /Encoding /WinAnsiEncoding >>"
              % (subtype, b" ".join([b"600"] * 95)), 6)
        p.add(b"<< /Type /FontDescriptor /FontName /Broken /Flags 32 /FontBBox [-200 -200 1200 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 %s 8 0 R >>" % key, 7)
        p.add(stream_obj(fontfile, b"/Length1 %d %s" % (len(fontfile), ff_extra)), 8)
        return p.build(p.root)

    for cut in (12, 100, 1000, 10000, 100000, len(ttf) - 1):
        w.put("font", f"ttf-truncated-{cut:06d}.pdf", font_pdf(ttf[:cut]), f"TrueType font program cut to {cut} bytes")
    bad = bytearray(ttf)
    bad[4:6] = b"\xff\xff"  # numTables
    w.put("font", "ttf-numtables-65535.pdf", font_pdf(bytes(bad[:200000])), "TrueType with numTables 65535")
    bad = bytearray(ttf[:200000])
    for _ in range(200):
        bad[rng.randrange(12, len(bad))] ^= rng.randrange(1, 256)
    w.put("font", "ttf-flipped.pdf", font_pdf(bytes(bad)), "TrueType font program with 200 bytes changed")
    w.put("font", "ttf-random.pdf", font_pdf(bytes(rng.randrange(256) for _ in range(5000))), "TrueType font program of random bytes")
    w.put("font", "cff-garbage.pdf", font_pdf(b"\x01\x00\x04\x02" + bytes(rng.randrange(256) for _ in range(3000)), b"/FontFile3", b"/Type1", b"/Subtype /Type1C"),
          "FontFile3 /Type1C of garbage")
    t1 = b"%!PS-AdobeFont-1.0: Broken\n/FontName /Broken def\ncurrentfile eexec\n" + bytes(rng.randrange(256) for _ in range(2000))
    w.put("font", "type1-truncated-eexec.pdf", font_pdf(t1, b"/FontFile", b"/Type1", b"/Length2 100000 /Length3 0"), "Type1 font with a cut eexec section")
    w.put("font", "otf-in-fontfile2.pdf", font_pdf(b"OTTO" + ttf[4:50000]), "an OpenType header on TrueType tables")

    def type3(matrix: bytes, proc: bytes = b"1000 0 0 0 750 750 d1 0 0 750 750 re f", bbox: bytes = b"[0 0 750 750]",
              extra_res: bytes = b"") -> bytes:
        p = simple_doc(b"BT /T3 24 Tf 72 700 Td (aaaa) Tj ET", b"<< /Font << /T3 6 0 R >> >>")
        p.add(b"<< /Type /Font /Subtype /Type3 /FontBBox %s /FontMatrix %s /CharProcs << /a 7 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] %s >>"
              % (bbox, matrix, extra_res), 6)
        p.add(stream_obj(proc), 7)
        return p.build(p.root)

    t3 = {
        "type3-matrix-zero": type3(b"[0 0 0 0 0 0]"),
        "type3-matrix-singular": type3(b"[0.001 0.001 0.001 0.001 0 0]"),
        "type3-matrix-huge": type3(b"[1e30 0 0 1e30 0 0]"),
        "type3-matrix-tiny": type3(b"[1e-30 0 0 1e-30 0 0]"),
        "type3-matrix-short": type3(b"[0.001 0]"),
        "type3-matrix-strings": type3(b"[(a) (b) (c) (d) (e) (f)]"),
        "type3-bbox-inverted": type3(b"[0.001 0 0 0.001 0 0]", bbox=b"[750 750 0 0]"),
        "type3-bbox-huge": type3(b"[0.001 0 0 0.001 0 0]", proc=b"1000 0 -1e9 -1e9 1e9 1e9 d1 -1e9 -1e9 2e9 2e9 re f", bbox=b"[-1e9 -1e9 1e9 1e9]"),
        "type3-glyph-uses-itself": type3(b"[0.001 0 0 0.001 0 0]", proc=b"1000 0 d0 BT /T3 1000 Tf (a) Tj ET",
                                         extra_res=b"/Resources << /Font << /T3 6 0 R >> >>"),
        "type3-glyph-no-d0": type3(b"[0.001 0 0 0.001 0 0]", proc=b"0 0 750 750 re f"),
        "type3-charprocs-missing": type3(b"[0.001 0 0 0.001 0 0]").replace(b"/CharProcs << /a 7 0 R >>", b"/CharProcs 99 0 R"),
    }
    for name, data in t3.items():
        w.put("font", f"{name}.pdf", data, f"Type3 font: {name[6:].replace('-', ' ')}")


def _r6_hash(password: bytes, salt: bytes, udata: bytes) -> bytes:
    """PDF 2.0 algorithm 2.B (revision 6 password hash)."""
    import hashlib
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    k = hashlib.sha256(password + salt + udata).digest()
    i = 0
    while True:
        k1 = (password + k + udata) * 64
        enc = Cipher(algorithms.AES(k[:16]), modes.CBC(k[16:32])).encryptor()
        e = enc.update(k1) + enc.finalize()
        m = sum(e[:16]) % 3
        k = (hashlib.sha256, hashlib.sha384, hashlib.sha512)[m](e).digest()
        i += 1
        if i >= 64 and e[-1] <= i - 32:
            return k[:32]


def aes256_pdf(rng: random.Random, user: bytes = b"", owner: bytes = b"owner-secret",
               tamper: str = "") -> bytes:
    """A one-page PDF encrypted with AES-256 (V 5, R 6), written by hand so
    that the file key and salts come from rng (qpdf draws them at random)."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    rb = lambda n: bytes(rng.randrange(256) for _ in range(n))  # noqa: E731
    key = rb(32)
    uvs, uks, ovs, oks = rb(8), rb(8), rb(8), rb(8)
    U = _r6_hash(user, uvs, b"") + uvs + uks
    enc = Cipher(algorithms.AES(_r6_hash(user, uks, b"")), modes.CBC(bytes(16))).encryptor()
    UE = enc.update(key) + enc.finalize()
    O = _r6_hash(owner, ovs, U) + ovs + oks
    enc = Cipher(algorithms.AES(_r6_hash(owner, oks, U)), modes.CBC(bytes(16))).encryptor()
    OE = enc.update(key) + enc.finalize()
    P = -4
    perms = struct.pack("<i", P) + b"\xff\xff\xff\xff" + b"Tadb" + rb(4)
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    Perms = enc.update(perms) + enc.finalize()
    content = flate(text_content(["AES-256 page", "Nothing personal on this page."]))
    pad = 16 - len(content) % 16
    iv = rb(16)
    enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    ct = iv + enc.update(content + bytes([pad]) * pad) + enc.finalize()
    if tamper == "truncated-stream":
        ct = ct[:-5]
    if tamper == "perms":
        Perms = bytes(b ^ 0x55 for b in Perms)
    if tamper == "ue-short":
        UE = UE[:16]
    if tamper == "u-wrong":
        U = bytes(b ^ 0x01 for b in U[:32]) + U[32:]
    p = PDF()
    cat, pages, page, cs, encd = p.reserve(), p.reserve(), p.reserve(), p.reserve(), p.reserve()
    p.add(stream_obj(ct, b"/Filter /FlateDecode"), cs)
    p.add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %d 0 R >>" % (pages, HELV, cs), page)
    p.add(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page, pages)
    p.add(b"<< /Type /Catalog /Pages %d 0 R >>" % pages, cat)
    h = lambda b: b"<" + b.hex().encode() + b">"  # noqa: E731
    cfm = b"/ROT13" if tamper == "cfm-unknown" else b"/AESV3"
    p.add(b"<< /Filter /Standard /V 5 /R 6 /Length 256 /CF << /StdCF << /AuthEvent /DocOpen /CFM " + cfm
          + b" /Length 32 >> >> /StmF /StdCF /StrF /StdCF /O " + h(O) + b" /U " + h(U) + b" /OE " + h(OE)
          + b" /UE " + h(UE) + b" /Perms " + h(Perms) + b" /P %d >>" % P, encd)
    ident = h(rb(16))
    return p.build(cat, trailer_extra=b"/Encrypt %d 0 R /ID [%s %s]" % (encd, ident, ident))


def gen_enc(w: Writer, base: bytes, tmp: str):
    src = os.path.join(tmp, "enc-src.pdf")
    with open(src, "wb") as f:
        f.write(base)

    def qpdf(*args) -> bytes:
        out = os.path.join(tmp, "enc-out.pdf")
        r = subprocess.run(["qpdf", "--static-id", "--static-aes-iv", "--allow-weak-crypto", "--encrypt", *args, "--", src, out],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode not in (0, 3):
            raise RuntimeError(f"qpdf {args}: {r.stderr.decode()}")
        with open(out, "rb") as f:
            return f.read()

    rc4_empty = qpdf("", "owner-secret", "128", "--use-aes=n")
    rc4_40 = qpdf("", "owner-secret", "40")
    # AES-128 (R4): qpdf derives its key from the passwords and the (static) ID,
    # so the bytes are the same every run; for AES-256 (R6) qpdf draws a random
    # file key, so those files are written by aes256_pdf from a seeded generator.
    aes128_empty = qpdf("", "owner-secret", "128", "--use-aes=y")
    aes128_user = qpdf("letmein", "owner-secret", "128", "--use-aes=y")
    v = {
        "rc4-128-empty-user": (rc4_empty, "RC4 128-bit, empty user password (viewable)"),
        "rc4-40-empty-user": (rc4_40, "RC4 40-bit, empty user password"),
        "aes128-empty-user": (aes128_empty, "AES-128, empty user password (viewable)"),
        "aes128-user-password": (aes128_user, "AES-128 with a user password (needs a password)"),
        "unknown-filter": (rc4_empty.replace(b"/Filter /Standard", b"/Filter /FooBar  "), "security handler /FooBar"),
        "key-length-7": (re.sub(rb"/Length 128", b"/Length 7  ", rc4_empty, count=1), "RC4 with /Length 7"),
        "key-length-4096": (re.sub(rb"/Length 128", b"/Length 4096", rc4_empty, count=1), "RC4 with /Length 4096"),
        "key-length-negative": (re.sub(rb"/Length 128", b"/Length -128", rc4_empty, count=1), "RC4 with /Length -128"),
        "v-99": (re.sub(rb"/V \d", b"/V 9", rc4_empty, count=1), "/V 9"),
        "r-99": (re.sub(rb"/R \d", b"/R 9", rc4_empty, count=1), "/R 9"),
        "o-short": (re.sub(rb"/O <[0-9a-fA-F]+>", b"/O <00>", rc4_empty, count=1), "/O of one byte"),
        "u-missing": (re.sub(rb"/U <[0-9a-fA-F]+>", b"", rc4_empty, count=1), "no /U"),
        "encrypt-not-dict": (re.sub(rb"/Encrypt \d+ 0 R", b"/Encrypt 42", rc4_empty, count=1), "/Encrypt 42"),
        "stmf-unknown": (re.sub(rb"/StmF /StdCF", b"/StmF /NoSuch", aes128_empty, count=1), "AES-128 with /StmF naming a missing crypt filter"),
        "cfm-unknown": (re.sub(rb"/CFM /AESV2", b"/CFM /ROT13", aes128_empty, count=1), "AES-128 with /CFM /ROT13"),
        "aes-data-truncated": (aes128_empty[:len(aes128_empty) * 2 // 3], "AES-128 file cut at two thirds"),
        "aes-identity-stmf": (re.sub(rb"/StmF /StdCF", b"/StmF /Identity", aes128_empty, count=1), "AES-128 whose streams claim the Identity filter"),
    }
    rng = random.Random("aes256")
    v["aes256-empty-user"] = (aes256_pdf(rng), "AES-256 (R6), empty user password (viewable)")
    v["aes256-user-password"] = (aes256_pdf(rng, user=b"letmein"), "AES-256 (R6) with a user password")
    for t in ("truncated-stream", "perms", "ue-short", "u-wrong", "cfm-unknown"):
        v[f"aes256-{t}"] = (aes256_pdf(rng, tamper=t), f"AES-256 (R6), empty user password, {t.replace('-', ' ')}")
    for name, (data, what) in v.items():
        w.put("enc", f"{name}.pdf", data, what)


def cpu_fills(n: int) -> bytes:
    """n full-page fills in alternating grays: one content stream, Flate."""
    unit = b"0.3 g 0 0 612 792 re f 0.7 g 0 0 612 792 re f\n"
    p = simple_doc(unit * (n // 2))
    return p.build(p.root)


def cpu_zigzag(n: int) -> bytes:
    """One path of n segments that all cross every scanline, filled even-odd."""
    unit = b"612 792 l 0 0 l\n"
    p = simple_doc(b"0 0 m\n" + unit * (n // 2) + b"h f*\n")
    return p.build(p.root)


def gen_cpubomb(w: Writer):
    w.put("cpubomb", "fills-400k.pdf", cpu_fills(400_000), "400,000 full-page fills (800,000 operators)")
    w.put("cpubomb", "zigzag-1m.pdf", cpu_zigzag(1_000_000), "one path of 1,000,000 page-high segments, even-odd fill")
    w.put("cpubomb", "laughs-10^8.pdf", laughs(9, 10), "Form XObject fan-out: 10^8 leaf draws")


def gen_img(w: Writer, rng: random.Random, small_png: bytes, small_jpg: bytes):
    # 60000 x 60000 PNGs of zeros
    w.put("img", "png-60000-gray8.png", png_by_hand(60000, 60000, 8, 0, zeros_zlib(60000 * 60001)),
          "PNG 60000x60000 8-bit gray of zeros (3.6 GB decoded)")
    w.put("img", "png-60000-bw1.png", png_by_hand(60000, 60000, 1, 0, zeros_zlib(60000 * (7500 + 1))),
          "PNG 60000x60000 1-bit of zeros")
    w.put("img", "png-60000-rgba-short-idat.png", png_by_hand(60000, 60000, 8, 6, zeros_zlib(1 << 16)),
          "PNG header 60000x60000 RGBA, tiny IDAT")
    w.put("img", "png-1x60000000.png", png_by_hand(1, 60_000_000, 1, 0, zeros_zlib(60_000_000 * 2)),
          "PNG 1 x 60,000,000")
    w.put("img", "png-2147483647-wide.png", png_by_hand(2147483647, 1, 8, 0, zeros_zlib(1 << 16)),
          "PNG 2^31-1 pixels wide (header)")
    w.put("img", "png-zero-width.png", png_by_hand(0, 100, 8, 0, zeros_zlib(100)), "PNG 0 x 100")
    w.put("img", "png-bad-depth.png", png_by_hand(100, 100, 3, 0, zeros_zlib(100 * 101)), "PNG bit depth 3")
    w.put("img", "png-bad-colortype.png", png_by_hand(100, 100, 8, 5, zeros_zlib(100 * 101)), "PNG colour type 5")
    # wrong CRCs
    chunks = []
    pos = 8
    while pos < len(small_png):
        ln = struct.unpack(">I", small_png[pos:pos + 4])[0]
        chunks.append((pos, ln, small_png[pos + 4:pos + 8]))
        pos += 12 + ln
    for cpos, ln, typ in chunks:
        if typ in (b"IHDR", b"IDAT", b"IEND"):
            b = bytearray(small_png)
            b[cpos + 8 + ln] ^= 0xFF
            w.put("img", f"png-crc-{typ.decode().lower()}-{cpos}.png", bytes(b), f"valid PNG with a wrong {typ.decode()} CRC")
    # truncated and flipped PNG / JPEG
    for label, data, ext in (("png", small_png, "png"), ("jpeg", small_jpg, "jpg")):
        offs = sorted({4, 8, 16, 33, 100, len(data) // 4, len(data) // 2, len(data) - 12, len(data) - 1}
                      | {rng.randrange(1, len(data)) for _ in range(6)})
        for off in offs:
            w.put("img", f"{label}-trunc-{off:07d}.{ext}", data[:off], f"valid {label.upper()} cut to {off} of {len(data)} bytes")
        for i in range(6):
            b = bytearray(data)
            for _ in range(1 + i * 3):
                b[rng.randrange(20, len(b))] ^= rng.randrange(1, 256)
            w.put("img", f"{label}-flip-{i}.{ext}", bytes(b), f"valid {label.upper()} with {1 + i * 3} bytes changed")
    png_idat_bomb = png_by_hand(7000, 7000, 8, 2, zeros_zlib(7000 * (7000 * 3 + 1)))
    w.put("img", "png-7000-rgb-zeros.png", png_idat_bomb, "PNG 7000x7000 RGB (49 Mpx, under the 60 Mpx cap) of zeros")
    # JPEG headers claiming 65000 x 65000
    w.put("img", "jpeg-65000-baseline.jpg", jpeg_header_only(65000, 65000), "JPEG header 65000x65000 baseline")
    w.put("img", "jpeg-65000-progressive.jpg", jpeg_header_only(65000, 65000, 0xC2), "JPEG header 65000x65000 progressive")
    w.put("img", "jpeg-0x0.jpg", jpeg_header_only(0, 0), "JPEG header 0x0")
    w.put("img", "jpeg-7800-valid-header.jpg", jpeg_header_only(7800, 7800), "JPEG header 7800x7800 (under the cap), garbage data")
    exif_bomb = b"\xff\xd8" + (b"\xff\xe1\xff\xfe" + b"Exif\x00\x00" + b"MM\x00*\x00\x00\x00\x08" + b"\xff\xff" + bytes(65520)) * 20 + small_jpg[2:]
    w.put("img", "jpeg-exif-65535-entries.jpg", exif_bomb, "valid JPEG behind 20 APP1 EXIF segments claiming 65535 entries")
    # TIFFs
    w.put("img", "tiff-10000-pages.tif", tiff_pages(10000), "TIFF with 10,000 1x1 pages")
    w.put("img", "tiff-2001-pages.tif", tiff_pages(2001), "TIFF with 2001 1x1 pages (one over the limit)")
    w.put("img", "tiff-3-pages.tif", tiff_pages(3, w=100, h=100), "TIFF with 3 pages of 100x100 (valid)")
    w.put("img", "tiff-ifd-loop-self.tif", tiff_pages(1, loop="self"), "TIFF whose IFD points to itself")
    w.put("img", "tiff-ifd-loop-two.tif", tiff_pages(2, loop="two"), "TIFF of two IFDs pointing at each other")
    w.put("img", "tiff-ifd-loop-1000.tif", tiff_pages(1000, loop="two"), "TIFF of 1000 IFDs, the last pointing to the first")
    w.put("img", "tiff-65000-square.tif", tiff_pages(1, w=65000, h=65000), "TIFF header 65000x65000, short strip")
    w.put("img", "tiff-tiled.tif", tiff_pages(1, w=64, h=64, tiled=True), "tiled TIFF (refused as stated)")
    b = bytearray(tiff_pages(1))
    b[4:8] = struct.pack("<I", 0xFFFFFFF0)
    w.put("img", "tiff-ifd-past-end.tif", bytes(b), "TIFF whose first IFD is past the end")
    # GIFs
    w.put("img", "gif-10000-frames.gif", gif_frames(10000), "GIF with 10,000 1x1 frames")
    w.put("img", "gif-65535-screen.gif", gif_frames(1, screen=(65535, 65535), frame=(65535, 65535)), "GIF 65535x65535 screen and frame")
    w.put("img", "gif-truncated.gif", gif_frames(3)[:40], "GIF cut in its first frame")
    w.put("img", "gif-valid-3-frames.gif", gif_frames(3), "GIF with 3 1x1 frames (valid)")
    # WebP
    webp = pil_bytes(noise_image(rng, 320, 240), "WEBP", quality=80)
    webp_ll = pil_bytes(noise_image(rng, 320, 240), "WEBP", lossless=True)
    w.put("img", "webp-valid.webp", webp, "valid lossy WebP")
    for off in (12, 20, 30, len(webp) // 2, len(webp) - 1):
        w.put("img", f"webp-trunc-{off:06d}.webp", webp[:off], f"WebP cut to {off} bytes")
    for off in (30, len(webp_ll) // 2):
        w.put("img", f"webp-lossless-trunc-{off:06d}.webp", webp_ll[:off], f"lossless WebP cut to {off} bytes")
    b = bytearray(webp)
    b[4:8] = struct.pack("<I", 0xFFFFFFF0)
    w.put("img", "webp-riff-size-huge.webp", bytes(b), "WebP with a RIFF size of 4 GiB")
    b = bytearray(webp)
    b[16:20] = struct.pack("<I", 0x7FFFFFF0)
    w.put("img", "webp-chunk-size-huge.webp", bytes(b), "WebP with a VP8 chunk size of 2 GiB")
    for i in range(4):
        b = bytearray(webp)
        for _ in range(4 + i * 8):
            b[rng.randrange(12, len(b))] ^= rng.randrange(1, 256)
        w.put("img", f"webp-flip-{i}.webp", bytes(b), f"WebP with {4 + i * 8} bytes changed")
    vp8x = b"VP8X" + struct.pack("<I", 10) + b"\x00\x00\x00\x00" + (16383).to_bytes(3, "little") + (16383).to_bytes(3, "little")
    w.put("img", "webp-vp8x-16384-canvas.webp", b"RIFF" + struct.pack("<I", 4 + len(vp8x) + len(webp) - 12) + b"WEBP" + vp8x + webp[12:],
          "WebP with a 16384x16384 VP8X canvas around a small frame")
    anim = pil_bytes(noise_image(rng, 64, 64), "WEBP", save_all=True,
                     append_images=[noise_image(rng, 64, 64) for _ in range(3)], duration=100)
    w.put("img", "webp-animated.webp", anim, "animated WebP (refused as stated)")
    # BMP
    bmp = pil_bytes(noise_image(rng, 200, 100), "BMP")
    b = bytearray(bmp)
    b[18:26] = struct.pack("<ii", 65000, -65000)
    w.put("img", "bmp-65000-topdown.bmp", bytes(b), "BMP header 65000 x -65000")
    b = bytearray(bmp)
    b[10:14] = struct.pack("<I", 0xFFFFFF00)
    w.put("img", "bmp-data-offset-huge.bmp", bytes(b), "BMP pixel data offset past the end")
    w.put("img", "bmp-truncated.bmp", bmp[:len(bmp) // 2], "BMP cut in half")
    b = bytearray(bmp)
    b[30:34] = struct.pack("<I", 1)  # RLE8 on a 24-bit image
    w.put("img", "bmp-rle-on-24bit.bmp", bytes(b), "BMP claiming RLE8 on 24 bits")


def gen_names(w: Writer, small_png: bytes):
    pdf = one_page_pdf("A valid page with an odd file name")
    w.put("names", b"new\nline.pdf", pdf, "valid PDF, newline in its name")
    w.put("names", b"carriage\rreturn.pdf", pdf, "valid PDF, carriage return in its name")
    w.put("names", b"tab\there.png", small_png, "valid PNG, tab in its name")
    w.put("names", b"latin1-caf\xe9.pdf", pdf, "valid PDF, Latin-1 byte in its name")
    w.put("names", b"bad-utf8-\xc3\x28.pdf", pdf, "valid PDF, broken UTF-8 sequence in its name")
    w.put("names", b"bytes-\xff\xfe\x80.png", small_png, "valid PNG, bytes 0xff 0xfe 0x80 in its name")
    w.put("names", b"overlong-\xc0\xaf.pdf", pdf, "valid PDF, overlong UTF-8 slash in its name")
    w.put("names", b"surrogate-\xed\xa0\x80.pdf", pdf, "valid PDF, UTF-8-encoded surrogate in its name")
    w.put("names", b"x" * 240 + b".pdf", pdf, "valid PDF, 244-byte name")
    w.put("names", b"-leading-dash.pdf", pdf, "valid PDF, name starting with a dash")


# --------------------------------------------------------------------------


def generate(out: str, seed: int = DEFAULT_SEED, verbose: bool = True) -> int:
    rng = random.Random(seed)
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    w = Writer(out)
    with tempfile.TemporaryDirectory(prefix="hostile-gen-") as tmp:
        bases = {}
        for name, pages, size in (("letter", 3, (595.28, 841.89)), ("report", 5, (612, 792)), ("memo", 2, (419.53, 595.28))):
            path = os.path.join(tmp, name + ".pdf")
            cairo_base(path, pages, size, random.Random(f"{seed}-{name}"), name.capitalize())
            with open(path, "rb") as f:
                bases[name] = f.read()
        objbase = objstm_base(random.Random(f"{seed}-objstm"))
        small_png = pil_bytes(noise_image(random.Random(f"{seed}-png"), 240, 160), "PNG")
        small_jpg = pil_bytes(noise_image(random.Random(f"{seed}-jpg"), 240, 160), "JPEG", quality=85)
        gen_valid(w, {**bases, "objstm": objbase}, rng, small_png, small_jpg)
        gen_trunc(w, {**bases, "objstm": objbase}, rng)
        gen_flip(w, {**bases, "objstm": objbase}, rng)
        gen_xref(w, bases["letter"], rng)
        gen_objstm(w, rng)
        gen_junk(w, bases["memo"], rng)
        gen_loop(w)
        gen_nest(w)
        gen_xobj(w)
        gen_pages(w)
        gen_mediabox(w)
        gen_bomb(w)
        gen_codec(w, rng)
        gen_font(w, rng)
        gen_enc(w, bases["letter"], tmp)
        gen_cpubomb(w)
        gen_img(w, rng, small_png, small_jpg)
        gen_names(w, small_png)
    w.manifest()
    if verbose:
        kinds: dict[str, int] = {}
        for k, _, _ in w.rows:
            kinds[k] = kinds.get(k, 0) + 1
        print(f"wrote {w.count} files to {out}: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    return w.count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    a = ap.parse_args(argv)
    generate(a.outdir, a.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
