"""Text files through the mount (issue 16, first part): .txt, .md, .log,
.csv and .tsv show as NAME.redacted.EXT, UTF-8, every detected span replaced
by [REDACTED:category], lines and CSV columns kept. Read with cat, cp and
Python's csv module. Latin-1 and UTF-16 come out as UTF-8; a binary file
named .txt is not shown. All personal strings are invented; the files are
shaped like a letter saved as text, a bank's CSV export (semicolons, CRLF,
a quoted cell holding a separator and a line break) and an HR system's TSV.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import tempfile
import unittest

import harness
from harness import describe, redactfs

LETTER = """Lea Brandt
Hauptstraße 5
10115 Berlin

Sehr geehrte Frau Brandt,
bitte überweisen Sie den Betrag auf das Konto IBAN DE89 3704 0044 0532 0130 00.
Rückfragen gern per E-Mail an lea.brandt@example.org oder unter 030 12345678.

Mit freundlichen Grüßen
"""

BANK = ("Buchungstag;Empfänger;IBAN;Verwendungszweck;Betrag\r\n"
        "01.03.2026;Lea Brandt;DE89 3704 0044 0532 0130 00;\"Miete März; Whg. 3\r\nHauptstraße 5\";-850,00\r\n"
        "02.03.2026;Stadtwerke Nord;DE02 1203 0000 0000 2020 51;Abschlag Strom;-80,00\r\n")

HR = ("Personalnummer\tNachname\tVorname\tTelefon\tAbteilung\n"
      "4711\tBrandt\tLea\t089 41177203\tEinkauf\n")

PLANTED = ["DE89 3704 0044 0532 0130 00", "lea.brandt@example.org", "030 12345678", "089 41177203", "Brandt"]


class TextFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        cls.base, cls.src, cls.env = harness.scratch(cls, "redactfs-text-")
        with open(os.path.join(cls.src, "brief.txt"), "w", encoding="utf-8") as f:
            f.write(LETTER)
        with open(os.path.join(cls.src, "Kontoauszug.CSV"), "w", encoding="utf-8", newline="") as f:
            f.write(BANK)
        with open(os.path.join(cls.src, "personal.tsv"), "w", encoding="utf-8", newline="") as f:
            f.write(HR)
        with open(os.path.join(cls.src, "notiz.md"), "wb") as f:
            f.write("Grüße von Lea Brandt, lea.brandt@example.org\n".encode("latin-1"))
        with open(os.path.join(cls.src, "server.log"), "wb") as f:
            f.write("2026-03-01 Login von lea.brandt@example.org\n".encode("utf-16"))
        with open(os.path.join(cls.src, "bild.txt"), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64))

    def mount(self) -> harness.Mount:
        m = harness.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env).start()
        self.addCleanup(m.stop, False)
        return m

    def read(self, m, name) -> str:
        data = harness.read_file(m.path(name))
        return data.decode("utf-8")  # raises if the output is not UTF-8

    def test_names_and_the_binary_file(self):
        m = self.mount()
        self.assertEqual(sorted(os.listdir(m.path())),
                         ["Kontoauszug.redacted.csv", "brief.redacted.txt", "notiz.redacted.md",
                          "personal.redacted.tsv", "server.redacted.log"])

    def test_the_letter_loses_its_personal_data_and_keeps_its_lines(self):
        m = self.mount()
        out = subprocess.run(["cat", m.path("brief.redacted.txt")], capture_output=True, check=True).stdout.decode()
        for planted in PLANTED[:3] + ["Hauptstraße 5"]:
            self.assertNotIn(planted, out)
        self.assertIn("[REDACTED:iban]", out)
        self.assertIn("Mit freundlichen Grüßen", out)
        self.assertEqual(out.count("\n"), LETTER.count("\n"))
        # The size the listing gives after the open is the bytes read.
        self.assertEqual(os.stat(m.path("brief.redacted.txt")).st_size, len(out.encode()))

    def test_the_csv_stays_valid_with_the_same_columns(self):
        m = self.mount()
        d = tempfile.mkdtemp(dir=self.base)
        shutil.copy(m.path("Kontoauszug.redacted.csv"), d)
        with open(os.path.join(d, "Kontoauszug.redacted.csv"), encoding="utf-8", newline="") as f:
            text = f.read()
        rows = list(csv.reader(io.StringIO(text), delimiter=";"))
        want = list(csv.reader(io.StringIO(BANK), delimiter=";"))
        self.assertEqual([len(r) for r in rows], [len(r) for r in want])
        self.assertEqual(rows[0], want[0], "header kept")
        self.assertEqual(rows[1][2], "[REDACTED:iban]")
        self.assertEqual(rows[2][2], "[REDACTED:iban]")
        self.assertNotIn("Brandt", text)
        self.assertEqual(rows[2][4], "-80,00")
        self.assertTrue(text.endswith("\r\n"), "line ends kept")

    def test_the_tsv_column_headers_give_context(self):
        m = self.mount()
        rows = list(csv.reader(io.StringIO(self.read(m, "personal.redacted.tsv")), delimiter="\t"))
        self.assertEqual(rows[0], HR.splitlines()[0].split("\t"))
        self.assertEqual(rows[1][1], "[REDACTED:name]")
        self.assertEqual(rows[1][3], "[REDACTED:phone]")
        self.assertEqual(rows[1][4], "Einkauf")

    def test_latin1_and_utf16_come_out_as_utf8(self):
        m = self.mount()
        md = self.read(m, "notiz.redacted.md")
        self.assertTrue(md.startswith("Grüße von "), md)
        self.assertNotIn("lea.brandt@example.org", md)
        log = self.read(m, "server.redacted.log")
        self.assertTrue(log.startswith("2026-03-01 Login von [REDACTED:email]"), log)

    def test_redact_writes_what_the_mount_shows(self):
        d = tempfile.mkdtemp(dir=self.base)
        r = redactfs("redact", os.path.join(self.src, "brief.txt"), "-o", os.path.join(d, "out.txt"), env=self.env)
        self.assertEqual(r.returncode, 0, describe(r))
        m = self.mount()
        with open(os.path.join(d, "out.txt"), "rb") as f:
            self.assertEqual(f.read(), harness.read_file(m.path("brief.redacted.txt")))


if __name__ == "__main__":
    unittest.main()
