"""Text files through the mount (issue 16): .txt, .md, .log, .csv, .tsv
and .json show as NAME.redacted.EXT, UTF-8, every detected span replaced
by [REDACTED:category], lines and CSV columns kept. Read with cat, cp and
Python's csv and json modules. Latin-1 and UTF-16 come out as UTF-8; a binary file
named .txt is not shown. All personal strings are invented; the files are
shaped like a letter saved as text, a bank's CSV export (semicolons, CRLF,
a quoted cell holding a separator and a line break), an HR system's TSV
and a CRM's JSON export (written by Python's json module, which escapes
every non-ASCII letter as \\uXXXX, as many exporters do).
"""

from __future__ import annotations

import csv
import io
import json
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

# An address book exported by a mail program: commas, a quoted name holding
# a comma, a quoted address holding a line break.
CONTACTS = ("Name,E-Mail,Adresse,Gruppe\r\n"
            "\"Kowalczyk, Zoë\",zoe.kowalczyk@example.org,\"Hauptstraße 5\r\n10115 Berlin\",Familie\r\n"
            "\"Brandt, Lea\",lea.brandt@example.org,\"Am Kanal 3\r\n14467 Potsdam\",Arbeit\r\n")

HR = ("Personalnummer\tNachname\tVorname\tTelefon\tAbteilung\n"
      "4711\tBrandt\tLea\t089 41177203\tEinkauf\n")

CRM = {
    "exportedAt": "2026-11-30T08:15:00Z",
    "customers": [
        {"id": 10482, "firstName": "Katharina", "lastName": "Vogelsang", "dateOfBirth": "1984-07-23",
         "email": "k.vogelsang@posteo.de", "phone": "+49 171 4428193", "iban": "DE02120300000000202051",
         "address": {"street": "Lindenstraße 14", "postalCode": "04109", "city": "Leipzig"},
         "active": True, "balance": -120.5, "tags": ["vip", "newsletter"]},
        {"id": 10483, "first_name": "Jonas", "last_name": "Brückner", "birthdate": "02.11.1990",
         "contact": {"mobile": 491609182734, "e-mail": "jonas.brueckner@web.de"}, "active": False,
         "balance": 0, "tags": []},
    ],
}
CRM_PLANTED = ["Katharina", "Vogelsang", "1984-07-23", "k.vogelsang@posteo.de", "4428193", "DE0212030000",
               "Lindenstra", "Jonas", "Br\u00fcckner", "Brückner", "02.11.1990", "491609182734", "jonas.brueckner@web.de"]


def shape(v):
    """The structure of a JSON value: keys, lengths and which values are
    containers; a string or number is only a leaf (a masked number becomes
    a string)."""
    if isinstance(v, dict):
        return {k: shape(x) for k, x in v.items()}
    if isinstance(v, list):
        return [shape(x) for x in v]
    if isinstance(v, (bool, type(None))):
        return v
    return "leaf"


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
        with open(os.path.join(cls.src, "kontakte.csv"), "w", encoding="utf-8", newline="") as f:
            f.write(CONTACTS)
        with open(os.path.join(cls.src, "personal.tsv"), "w", encoding="utf-8", newline="") as f:
            f.write(HR)
        with open(os.path.join(cls.src, "notiz.md"), "wb") as f:
            f.write("Grüße von Lea Brandt, lea.brandt@example.org\n".encode("latin-1"))
        with open(os.path.join(cls.src, "server.log"), "wb") as f:
            f.write("2026-03-01 Login von lea.brandt@example.org\n".encode("utf-16"))
        with open(os.path.join(cls.src, "kunden.json"), "w", encoding="utf-8") as f:
            json.dump(CRM, f, indent=2)
        with open(os.path.join(cls.src, "kaputt.json"), "w", encoding="utf-8") as f:
            f.write('{\n  "email": "lea.brandt@example.org",\n}\n')
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
                         ["Kontoauszug.redacted.csv", "brief.redacted.txt", "kaputt.redacted.json",
                          "kontakte.redacted.csv", "kunden.redacted.json", "notiz.redacted.md",
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

    def test_a_comma_csv_with_quoted_commas_and_line_breaks(self):
        m = self.mount()
        text = self.read(m, "kontakte.redacted.csv")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        want = list(csv.reader(io.StringIO(CONTACTS, newline="")))
        self.assertEqual([len(r) for r in rows], [len(r) for r in want], "same records, same columns")
        self.assertEqual(rows[0], want[0])
        for planted in ["Kowalczyk", "Zoë", "zoe.kowalczyk@example.org", "Hauptstraße 5", "Brandt", "Am Kanal 3", "14467"]:
            self.assertNotIn(planted, text)
        self.assertEqual(rows[1][3], "Familie")
        # Known over-redaction, kept visible here rather than hidden by a
        # friendlier fixture: "Familie" above "Arbeit" in the Gruppe column
        # reads as a salutation and a name on the next line (as "Familie⏎
        # Brandt" does at the top of a letter), so "Arbeit" is masked.

    def test_the_tsv_column_headers_give_context(self):
        m = self.mount()
        rows = list(csv.reader(io.StringIO(self.read(m, "personal.redacted.tsv")), delimiter="\t"))
        self.assertEqual(rows[0], HR.splitlines()[0].split("\t"))
        self.assertEqual(rows[1][1], "[REDACTED:name]")
        self.assertEqual(rows[1][3], "[REDACTED:phone]")
        self.assertEqual(rows[1][4], "Einkauf")

    def test_json_keys_give_context_and_the_output_is_the_same_json(self):
        m = self.mount()
        text = self.read(m, "kunden.redacted.json")
        for planted in CRM_PLANTED:
            self.assertNotIn(planted, text)
        out = json.loads(text)
        self.assertEqual(shape(out), shape(CRM), "same keys, same arrays, same containers")
        first, second = out["customers"]
        for k in ["firstName", "lastName"]:
            self.assertEqual(first[k], "[REDACTED:name]")
        self.assertEqual(first["iban"], "[REDACTED:iban]")
        self.assertEqual(first["dateOfBirth"], "[REDACTED:birthdate]")
        self.assertEqual(second["contact"]["mobile"], "[REDACTED:phone]", "a phone written as a number")
        self.assertEqual(second["contact"]["e-mail"], "[REDACTED:email]")
        # What is not personal stays, with its type.
        self.assertEqual(out["exportedAt"], CRM["exportedAt"])
        self.assertEqual([c["id"] for c in out["customers"]], [10482, 10483])
        self.assertEqual(first["balance"], -120.5)
        self.assertEqual(first["tags"], ["vip", "newsletter"])
        self.assertIs(second["active"], False)

    def test_a_json_file_that_is_not_json_is_redacted_as_text(self):
        m = self.mount()
        self.assertEqual(self.read(m, "kaputt.redacted.json"), '{\n  "email": "[REDACTED:email]",\n}\n')

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
