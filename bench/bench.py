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


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


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


if __name__ == "__main__":
    sys.exit(main())
