"""Layouts as office suites, banks and form tools write them, through the
real mount: a bank statement whose table cells are separate text objects
with no space between them (unruled and ruled), a label/value form with the
value right of its label and below it, and a two-column letter with a
key/value block beside the address.

Every gold item must be burned (>= 95% of its ink footprint dark), the
output must have no text layer, and ordinary words must stay readable. The
documents are typeset with bench/e2e/typeset.py from the inline markup
below (the corpus markup: {{category|text}}); all personal data is invented.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import unittest

import harness
from harness import REPO_ROOT

sys.path.insert(0, os.path.join(REPO_ROOT, "bench", "e2e"))
sys.path.insert(0, os.path.join(REPO_ROOT, "corpus", "tools"))

STATEMENT = """\
Nordsee Bank eG                                        Kontoauszug 3/2025
Deichstraße 9, 26382 Wilhelmshaven                     Blatt 1 von 1

Kontoinhaber: {{name|Jorinde Quast}}
IBAN {{iban|DE84 3416 7211 0684 0388 54}}
Kundennummer {{reference|7730 1942 55}}

| Datum | Vorgang | Gegenkonto | Betrag EUR |
|---|---|---|---:|
| 03.03. | Gutschrift {{name|Tamino Reuter}} | {{iban|DE65 2143 0443 2445 1956 83}} | 120,00 |
| 05.03. | Lastschrift Stadtwerke Nord | Kunde {{reference|SW-4471920}} | -54,10 |
| 07.03. | Telefon | {{phone|089/41177203}} | -19,99 |
| 11.03. | Überweisung {{name|Okke Brandenburg}} | {{iban|DE53 2374 1840 4948 3669 46}} | -300,00 |
| 14.03. | Kartenzahlung Bäckerei Möwe | Karte endet 4411 | -6,40 |

Alter Kontostand                                              1.204,55
Neuer Kontostand                                                944,06
"""

FORM = """\
Antrag auf Anwohnerparken
Stadt Wilhelmshaven, Bürgerservice

Familienname: {{name|Quast}}
Vorname: {{name|Jorinde}}
Geburtsdatum: {{birthdate|14.09.1986}}
Anschrift: {{address|Kopperhörner Straße 41, 26384 Wilhelmshaven}}
Telefon: {{phone|0170 5528143}}
Steuer-ID: {{tax-id|34159673020}}
Kennzeichen: {{plate|WHV-JQ 214}}

Die Gebühr beträgt 30,00 Euro jährlich und wird nach Erteilung fällig.
"""

LETTER = """\
Krankenkasse Küste
Postfach 1020, 26352 Wilhelmshaven

{{name|Jorinde Quast}}
{{address|Kopperhörner Straße 41
26384 Wilhelmshaven}}
Datum: 18.03.2025
Versichertennummer: {{insurance-id|F615193205}}
Ihre Ansprechpartnerin: {{name|Wiebke Harms}}
Telefon: {{phone|04421 773 1290}}

Sehr geehrte Frau {{name|Quast}},

vielen Dank für Ihre Nachricht vom 10. März. Die Kosten für die Behandlung
übernehmen wir in voller Höhe. Den Betrag überweisen wir auf Ihr Konto
{{iban|DE84 3416 7211 0684 0388 54}} innerhalb der nächsten zehn Tage.

Bitte bewahren Sie die Rechnung auf, falls wir Rückfragen haben. Für die
Zukunft empfehlen wir, Anträge vor Beginn der Behandlung zu stellen; das
spart Ihnen und uns Zeit. Bei Fragen erreichen Sie Frau {{name|Harms}}
montags bis freitags von 8 bis 16 Uhr.

Mit freundlichen Grüßen
Ihre Krankenkasse Küste
"""

# name -> (markup, layout)
DOCUMENTS = {
    "statement-table": (STATEMENT, "table"),
    "statement-ruled": (STATEMENT, "table-ruled"),
    "form-right": (FORM, "form"),
    "form-below": (FORM, "form-below"),
    "letter-two-column": (LETTER, "two-column"),
}

# Words that must stay readable in every document that has them.
CONTROLS = {"Kontoauszug", "Vorgang", "Betrag", "Kontostand", "Antrag", "Gebühr", "jährlich",
            "Behandlung", "Rechnung", "freundlichen"}

BASE = SRC = ENV = MOUNT = None
META: dict[str, dict] = {}
OUTPUTS: dict[str, bytes] = {}


def typeset_documents(gen: str, src: str):
    import checkdigits
    import typeset
    for name, (markup, layout) in DOCUMENTS.items():
        plain, spans = checkdigits.parse(markup)
        doc = typeset.Doc(name, plain, spans, "")
        path = typeset.typeset(doc, layout, gen)
        with open(path[:-4] + ".json", encoding="utf-8") as f:
            META[name] = json.load(f)
        shutil.copyfile(path, os.path.join(src, name + ".pdf"))


def setUpModule():
    global BASE, SRC, ENV, MOUNT
    harness.require_mountable()
    BASE = tempfile.mkdtemp(prefix="redactfs-layout-")
    SRC = os.path.join(BASE, "src")
    os.makedirs(SRC)
    ENV = harness.make_env(os.path.join(BASE, "home"))
    typeset_documents(os.path.join(BASE, "gen"), SRC)
    r = harness.redactfs("init", env=ENV)
    assert r.returncode == 0, harness.describe(r)
    MOUNT = harness.Mount(SRC, BASE, ENV, args=("--jobs", "2")).start()
    try:
        for name in DOCUMENTS:
            try:
                OUTPUTS[name] = harness.read_file(MOUNT.path(name + ".redacted.pdf"))
            except OSError as e:
                OUTPUTS[name] = e
    finally:
        MOUNT.stop()


def tearDownModule():
    if BASE:
        for _, mnt, _, _ in harness.mount_entries():
            if mnt.startswith(BASE):
                harness.run(["fusermount3", "-uz", mnt], timeout=30)
        shutil.rmtree(BASE, ignore_errors=True)


class LayoutTest(unittest.TestCase):
    DPI = 150

    def output(self, name: str) -> str:
        out = OUTPUTS[name]
        if isinstance(out, OSError):
            self.fail(f"{name}: reading the output failed: {harness.errname(out.errno)}")
        path = os.path.join(BASE, name + ".out.pdf")
        with open(path, "wb") as f:
            f.write(out)
        return path

    def pages(self, name: str):
        import score
        return (score.render(os.path.join(SRC, name + ".pdf"), self.DPI),
                score.render(self.output(name), self.DPI))

    def check_gold_burned(self, name: str):
        import score
        src, out = self.pages(name)
        for it in META[name]["items"]:
            if it["mark"] != "":
                continue
            with self.subTest(doc=name, category=it["category"]):
                total, dark, _, _ = score.footprint_counts(it["boxes"], src, out, self.DPI / 72)
                self.assertGreater(total, 0, f"{name}: a {it['category']} item has no ink")
                self.assertGreaterEqual(dark / total, 0.95,
                                        f"{name}: a {it['category']} item is only "
                                        f"{dark / total:.0%} dark")

    def check_words_visible(self, name: str):
        import score
        src, out = self.pages(name)
        blacked, seen = [], 0
        for w in META[name]["words"]:
            total, _, paper, paper_dark = score.footprint_counts(w["boxes"], src, out, self.DPI / 72)
            if not total:
                continue
            seen += 1
            if paper_dark >= 0.5 * max(paper, 1):
                blacked.append(w["text"])
        controls = [w for w in blacked if w.strip(".,:;") in CONTROLS]
        self.assertEqual(controls, [], f"{name}: control words blacked")
        self.assertLessEqual(len(blacked), max(1, seen // 20),
                             f"{name}: {len(blacked)} of {seen} ordinary words blacked")

    def check_no_text(self, name: str):
        r = harness.run(["pdftotext", self.output(name), "-"])
        self.assertEqual(r.returncode, 0, harness.describe(r))
        self.assertEqual(r.stdout.decode("utf-8", "replace").strip(), "",
                         f"{name}: the output has a text layer")


def _add_tests():
    for name in DOCUMENTS:
        slug = name.replace("-", "_")
        setattr(LayoutTest, f"test_{slug}_gold_burned", lambda self, n=name: self.check_gold_burned(n))
        setattr(LayoutTest, f"test_{slug}_no_text_layer", lambda self, n=name: self.check_no_text(n))
        setattr(LayoutTest, f"test_{slug}_words_visible", lambda self, n=name: self.check_words_visible(n))


_add_tests()


if __name__ == "__main__":
    unittest.main()
