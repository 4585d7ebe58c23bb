"""Self-test of the fixture generator (needs no redactfs binary).

The leak checks elsewhere only mean something if the fixtures really carry the
planted data where they claim to, and are valid PDFs.
"""

from __future__ import annotations

import json
import os
import unittest

import harness
from harness import describe, read_file, run

WS: harness.Workspace | None = None


def setUpModule():
    global WS
    WS = harness.Workspace("redactfs-fixtures-")


def tearDownModule():
    if WS:
        WS.cleanup()


class TestFixtures(unittest.TestCase):
    def test_served_pdfs_pass_qpdf_check(self):
        for rel in sorted(WS.fixtures.served):
            with self.subTest(rel=rel):
                r = run(["qpdf", "--check", WS.fixtures.path(rel)])
                self.assertEqual(r.returncode, 0, describe(r))

    def test_visible_secrets_are_in_the_text_layer(self):
        for rel in sorted(WS.fixtures.served):
            for s in WS.fixtures.visible_secrets(rel):
                with self.subTest(rel=rel, secret=s.category):
                    words = harness.page_words(WS.fixtures.path(rel), s.page)
                    self.assertIsNotNone(harness.phrase_box(words, s.text))
                    # and the visible text is not already dark (so coverage means burning)
                    img = harness.render_gray(WS.fixtures.path(rel), s.page, dpi=72)
                    self.assertLess(img.dark_fraction(harness.phrase_box(words, s.text), dpi=72), 0.6)

    def test_hostile_secrets_not_on_the_page(self):
        for rel in sorted(r for r in WS.fixtures.served if r.startswith("hostile/")):
            with self.subTest(rel=rel):
                r = run(["pdftotext", WS.fixtures.path(rel), "-"])
                text = r.stdout.decode()
                self.assertIn("Seite steht nichts", text)
                for s in WS.fixtures.secrets_in(rel):
                    self.assertIsNone(s.page)
                    if s.drawn:
                        # poppler draws FreeText contents and field values on the page
                        # (and pdftotext reads them back): see TestB_Outputs in test_mount
                        self.assertIn(s.text, text)
                    else:
                        self.assertNotIn(s.text, text)

    def test_info(self):
        r = run(["pdfinfo", WS.fixtures.path("hostile/info.pdf")])
        for s in WS.fixtures.secrets_in("hostile/info.pdf"):
            self.assertIn(s.text, r.stdout.decode())

    def test_xmp(self):
        r = run(["pdfinfo", "-meta", WS.fixtures.path("hostile/xmp.pdf")])
        for s in WS.fixtures.secrets_in("hostile/xmp.pdf"):
            self.assertIn(s.text, r.stdout.decode())

    def test_annotations(self):
        r = run(["qpdf", "--json", "--json-key=qpdf", WS.fixtures.path("hostile/annots.pdf")])
        text = json.dumps(json.loads(r.stdout))
        self.assertIn("/FreeText", text)
        self.assertIn("/Text", text)
        for s in WS.fixtures.secrets_in("hostile/annots.pdf"):
            self.assertIn(s.text, text)

    def test_embedded_file(self):
        d = WS.tempdir("detach")
        r = run(["pdfdetach", "-saveall", "-o", d, WS.fixtures.path("hostile/embedded.pdf")])
        self.assertEqual(r.returncode, 0, describe(r))
        payload = read_file(os.path.join(d, "kundendaten.txt")).decode()
        for s in WS.fixtures.secrets_in("hostile/embedded.pdf"):
            self.assertIn(s.text, payload)

    def test_incremental_update(self):
        path = WS.fixtures.path("hostile/incremental.pdf")
        raw = read_file(path)
        self.assertEqual(raw.count(b"%%EOF"), 2)
        for s in WS.fixtures.secrets_in("hostile/incremental.pdf"):
            self.assertIn(s.text.encode(), raw, "the earlier revision should still hold the data")
        text = run(["pdftotext", path, "-"]).stdout.decode()
        self.assertIn("Zweite Fassung", text)
        self.assertNotIn("Erste Fassung", text)

    def test_actions(self):
        raw = read_file(WS.fixtures.path("hostile/actions.pdf"))
        for name in (b"/OpenAction", b"/JavaScript", b"/Outlines", b"/AcroForm"):
            self.assertIn(name, raw)

    def test_geometry(self):
        pages = harness.pdf_pages(WS.fixtures.path("geometrie.pdf"))
        self.assertEqual([p.rotate for p in pages], [0, 90, 0, 270])
        self.assertEqual(pages[2].displayed, (460.0, 610.0))  # crop box
        self.assertEqual(pages[3].displayed, (620.0, 520.0))  # crop box, rotated
        self.assertEqual(harness.pdf_pages(WS.fixtures.path("gedreht.pdf"))[0].rotate, 90)
        sizes = [p.displayed for p in harness.pdf_pages(WS.fixtures.path("formate.pdf"))]
        self.assertEqual(len(set(sizes)), 4)

    def test_encryption(self):
        r = run(["qpdf", "--show-encryption", WS.fixtures.path("eigentuemer.pdf")])
        self.assertEqual(r.returncode, 0, describe(r))
        self.assertIn(b"User password = ", r.stdout)
        r = run(["pdftotext", WS.fixtures.path("passwort.pdf"), "-"])
        self.assertNotEqual(r.returncode, 0)
        r = run(["pdftotext", "-upw", "userpw", WS.fixtures.path("passwort.pdf"), "-"])
        self.assertEqual(r.returncode, 0, describe(r))

    def test_broken_and_hidden(self):
        for rel in ("kaputt.pdf", "abgeschnitten.pdf"):
            self.assertTrue(read_file(WS.fixtures.path(rel)).startswith(b"%PDF-"))
            self.assertNotEqual(run(["pdftoppm", "-r", "10", WS.fixtures.path(rel)]).returncode, 0)
        self.assertFalse(read_file(WS.fixtures.path("notiz.pdf")).startswith(b"%PDF-"))
        self.assertTrue(os.path.islink(WS.fixtures.path("extern.pdf")))
        self.assertFalse(os.path.realpath(WS.fixtures.path("extern.pdf")).startswith(WS.fixtures.root))

    def test_output_check_rejects_the_source(self):
        # the checker must catch a leak: feed it a source file as "output"
        with self.assertRaises(AssertionError):
            harness.check_redacted_output(self, WS.fixtures.path("hostile/info.pdf"),
                                          read_file(WS.fixtures.path("hostile/xmp.pdf")),
                                          WS.fixtures.all_forms())


if __name__ == "__main__":
    unittest.main()
