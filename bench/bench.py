#!/usr/bin/env python3
"""make bench: redactfs against reference tools, measured in the same run.

Prints absolute times and ratios; asserts nothing (speed is tracked here,
never as timed assertions in tests).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import cairo

BIN = os.environ.get("REDACTFS_BIN", ".build/release/redactfs")
DPI = int(os.environ.get("BENCH_DPI", "150"))
RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def dense_text_pdf(path, pages=10):
    """A text PDF with full A4 pages of 9 pt text and some invented personal data."""
    s = cairo.PDFSurface(path, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(9)
    words = ("Bescheid über die Einkommensteuer Vorauszahlungen Finanzamt Steuerjahr "
             "Betrag Zahlung Konto Frist Einspruch Rechtsbehelf Belehrung").split()
    for p in range(pages):
        y = 50
        line = 0
        while y < 800:
            if line % 9 == 3:
                text = f"Bitte überweisen Sie an IBAN DE89 3704 0044 0532 0130 00, Rückfragen: erika.muster{p}@example.org"
            else:
                text = " ".join(words[(line + i) % len(words)] for i in range(12))
            c.move_to(40, y)
            c.show_text(text)
            y += 11
            line += 1
        c.show_page()
    s.finish()


def timed(cmd, env=None):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - t


def scanned_pdf(path, pages=4, dpi=200):
    """An image-only PDF of A4 pages of 11 pt text drawn to pixels (a scan),
    with some invented personal data, light noise and a slight skew."""
    import math
    import random
    rnd = random.Random(5)
    words = ("Sehr geehrte Damen und Herren wir bestätigen den Eingang Ihrer Unterlagen "
             "zur Prüfung des Antrags auf Erstattung der Kosten für das laufende Jahr").split()
    pdf = cairo.PDFSurface(path, 595, 842)
    pc = cairo.Context(pdf)
    sc = dpi / 72.0
    for p in range(pages):
        img = cairo.ImageSurface(cairo.FORMAT_RGB24, int(595 * sc), int(842 * sc))
        c = cairo.Context(img)
        c.set_source_rgb(1, 1, 1)
        c.paint()
        c.scale(sc, sc)
        c.translate(297, 421)
        c.rotate(math.radians(0.7 * (p % 2 * 2 - 1)))
        c.translate(-297, -421)
        c.select_font_face("DejaVu Sans")
        c.set_font_size(11)
        c.set_source_rgb(0.1, 0.1, 0.1)
        y, line = 70, 0
        while y < 780:
            if line % 8 == 2:
                text = f"IBAN DE89 3704 0044 0532 0130 00, Fragen: erika.muster{p}@example.org"
            else:
                text = " ".join(words[(line * 3 + i) % len(words)] for i in range(10))
            c.move_to(50, y)
            c.show_text(text)
            y += 16
            line += 1
        dev = cairo.Context(img)
        for _ in range(3000):
            g = rnd.uniform(0.4, 0.8)
            dev.set_source_rgb(g, g, g)
            dev.rectangle(rnd.randrange(img.get_width()), rnd.randrange(img.get_height()), 1, 1)
            dev.fill()
        img.flush()
        pc.save()
        pc.scale(1 / sc, 1 / sc)
        pc.set_source_surface(img, 0, 0)
        pc.paint()
        pc.restore()
        pc.show_page()
    pdf.finish()


def bench_ocr(d):
    """Cold redact of a 4-page scan against the tesseract command line
    (OMP_THREAD_LIMIT=1) reading the same pages, at the same 300 dpi, one
    after another."""
    pages = 4
    src = os.path.join(d, "scan4.pdf")
    scanned_pdf(src, pages)
    subprocess.run(["pdftoppm", "-r", "300", "-gray", src, os.path.join(d, "page")], check=True)
    images = sorted(f for f in os.listdir(d) if f.startswith("page") and f.endswith(".pgm"))
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    runs = max(1, min(RUNS, 3))
    ours, ref, per_page = [], [], [[] for _ in images]
    for _ in range(runs):
        ours.append(timed([BIN, "redact", src, "-o", os.path.join(d, "scan-out.pdf")]))
        total = 0.0
        for i, img in enumerate(images):
            t = timed(["tesseract", os.path.join(d, img), "-", "-l", "eng+deu"], env=env)
            per_page[i].append(t)
            total += t
        ref.append(total)
    o, r = statistics.median(ours), statistics.median(ref)
    print(f"cold redact, {pages}-page scanned PDF, OCR at 300 dpi, {os.cpu_count()} cores (median of {runs}):")
    print(f"  redactfs redact            {o * 1000:8.0f} ms  ({o / pages * 1000:.0f} ms/page, pages spread over workers)")
    print(f"  tesseract CLI, one by one  {r * 1000:8.0f} ms  (OMP_THREAD_LIMIT=1, -l eng+deu)")
    for i, ts in enumerate(per_page, start=1):
        print(f"    page {i}: tesseract {statistics.median(ts) * 1000:6.0f} ms")
    print(f"  ratio                      {o / r:8.2f}x   (target <= 0.6x on 2 cores)")


def main():
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "ten.pdf")
        dense_text_pdf(src)
        ours, ref = [], []
        for i in range(RUNS):
            # Interleave so both see the same machine state.
            ours.append(timed([BIN, "redact", src, "-o", os.path.join(d, "out.pdf"), "--dpi", str(DPI)]))
            ref.append(timed(["pdftoppm", "-r", str(DPI), src, os.path.join(d, "ref")]))
        o, r = statistics.median(ours), statistics.median(ref)
        size = os.path.getsize(os.path.join(d, "out.pdf"))
        print(f"cold redact, 10-page text PDF at {DPI} dpi (median of {RUNS}):")
        print(f"  redactfs redact   {o * 1000:8.0f} ms")
        print(f"  pdftoppm -r {DPI}  {r * 1000:8.0f} ms")
        print(f"  ratio             {o / r:8.2f}x   (target <= 1.5x)")
        print(f"  output            {size / 10 / 1024:8.0f} KiB/page")
        bench_ocr(d)


if __name__ == "__main__":
    sys.exit(main())
