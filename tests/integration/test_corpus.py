"""The labelled detection corpus (corpus/detection) and its tools.

No mount needed. Checks that the check-digit code agrees with published
examples, that every annotated value in the corpus passes (and every hard
negative fails) its checks, that the validator really rejects a broken corpus,
and that detect-eval reads the corpus the way checkdigits.py does.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import harness
from harness import REPO_ROOT, describe

CORPUS = os.path.join(REPO_ROOT, "corpus", "detection")
TOOLS = os.path.join(REPO_ROOT, "corpus", "tools")
sys.path.insert(0, TOOLS)
import checkdigits as cd  # noqa: E402


def validate(folder: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, os.path.join(TOOLS, "checkdigits.py"), "--validate", folder],
                          capture_output=True, timeout=120)


def corpus_spans() -> dict[str, tuple[str, list[cd.Span]]]:
    out = {}
    for f in sorted(os.listdir(CORPUS)):
        if f.endswith(".txt"):
            with open(os.path.join(CORPUS, f), encoding="utf-8") as fh:
                out[f] = cd.parse(fh.read())
    return out


class TestCheckDigits(unittest.TestCase):
    # Published examples (issuers' documentation and specifications).
    VALID = [
        (cd.v_iban, "DE89 3704 0044 0532 0130 00"),
        (cd.v_iban, "GB82 WEST 1234 5698 7654 32"),
        (cd.v_card, "4111 1111 1111 1111"),
        (cd.v_steuer_id, "86095742719"),
        (cd.v_vat, "DE136695976"),
        (cd.v_vat, "ATU13585627"),
        (cd.v_vat, "FR40303265045"),
        (cd.v_vat, "IT00743110157"),
        (cd.v_vat, "BE0403170701"),
        (cd.v_vat, "ESA58818501"),
        (cd.v_vat, "NL000099998B57"),
        (cd.v_nhs, "943 476 5919"),
        (cd.v_bsn, "111222333"),
        (cd.v_codice_fiscale, "RSSMRA85T10A562S"),
        (cd.v_ahv, "756.9217.0769.85"),
        (cd.v_dni, "12345678Z"),
        (cd.v_kvnr, "A123456780"),
        (cd.v_rvnr, "15070649C103"),
        (cd.v_de_id_document, "T220001293"),
        (cd.v_nir, "2 55 08 14 168 025 38"),
    ]

    def test_published_examples_pass(self):
        for f, v in self.VALID:
            with self.subTest(check=f.__name__, value=v):
                self.assertTrue(f(v))

    def test_one_digit_off_fails(self):
        for f, v in self.VALID:
            i = max(i for i, c in enumerate(v) if c.isdigit())
            wrong = v[:i] + str((int(v[i]) + 1) % 10) + v[i + 1:]
            with self.subTest(check=f.__name__, value=wrong):
                self.assertFalse(f(wrong))

    def test_ocr_confusions_are_undone_only_where_digits_belong(self):
        self.assertTrue(cd.v_iban("DE89 37O4 OO44 O532 Ol3O OO"))
        self.assertTrue(cd.v_card("4lll llll llll llll"))
        self.assertFalse(cd.v_iban("DE89 37X4 0044 0532 0130 00"))

    def test_generators_make_valid_values_and_near_misses_fail(self):
        for kind, category in [("steuerid", "tax-id"), ("iban-de", "iban"), ("iban-gb", "iban"),
                               ("visa", "card"), ("kvnr", "insurance-id"), ("nhs", "insurance-id"),
                               ("bsn", "national-id"), ("vat-de", "vat-id"), ("vat-fr", "vat-id"),
                               ("rvnr:010190:A", "insurance-id"), ("atsv:010190", "insurance-id")]:
            checks = cd.category_validators(category)
            for _ in range(20):
                with self.subTest(kind=kind):
                    self.assertTrue(any(f(cd.parametrised(kind)) for f in checks))
                    self.assertFalse(any(f(cd.near_miss(kind, category)) for f in checks))


class TestCorpus(unittest.TestCase):
    def test_corpus_validates(self):
        r = validate(CORPUS)
        self.assertEqual(r.returncode, 0, describe(r))

    def test_size_and_coverage(self):
        docs = corpus_spans()
        self.assertGreaterEqual(len(docs), 40)
        self.assertTrue(any(f.startswith("de-") for f in docs) and any(f.startswith("en-") for f in docs))
        gold: dict[str, int] = {}
        negatives = 0
        for _, spans in docs.values():
            for s in spans:
                if s.mark == "":
                    gold[s.category] = gold.get(s.category, 0) + 1
                negatives += s.mark == "!"
        for c in sorted(cd.CATEGORIES):
            with self.subTest(category=c):
                self.assertGreaterEqual(gold.get(c, 0), 10 if c in ("mac", "plate") else 30)
        self.assertGreaterEqual(negatives, 10)

    def test_hard_negative_words_are_present_unlabelled(self):
        plain = "\n".join(p for p, _ in corpus_spans().values())
        for w in ("Frau Holle", "Berliner Sparkasse", "Goethestraße GmbH", "Koch", "Wolf", "Rose", "April"):
            with self.subTest(word=w):
                self.assertIn(w, plain)

    def test_validator_rejects_a_broken_corpus(self):
        src = os.path.join(CORPUS, "de-rechnung-freelancer.txt")
        with open(src, encoding="utf-8") as fh:
            text = fh.read()
        m = re.search(r"\{\{iban\|([^}]*)\}\}", text)
        iban = m.group(1)
        i = max(i for i, c in enumerate(iban) if c.isdigit())
        broken = iban[:i] + str((int(iban[i]) + 1) % 10) + iban[i + 1:]
        cases = {
            "checksum": text.replace(m.group(0), "{{iban|" + broken + "}}"),
            "unlabelled": text.replace(m.group(0), iban),
            "category": text.replace("{{name|", "{{person|", 1),
            "negative passes": text.replace(m.group(0), "{{!iban|" + iban + "}}"),
            "unclosed": text.replace(m.group(0), "{{iban|" + iban),
        }
        for why, body in cases.items():
            with self.subTest(case=why), tempfile.TemporaryDirectory() as d:
                with open(os.path.join(d, "doc.txt"), "w", encoding="utf-8") as fh:
                    fh.write(body)
                r = validate(d)
                self.assertEqual(r.returncode, 1, describe(r))

    def test_parse_offsets_are_code_points(self):
        plain, spans = cd.parse("Frau {{name|Ayşe Demir}}, IBAN {{?iban|X}} {{!card|1}}.")
        self.assertEqual(plain, "Frau Ayşe Demir, IBAN X 1.")
        self.assertEqual([(s.mark, s.category, plain[s.start:s.end]) for s in spans],
                         [("", "name", "Ayşe Demir"), ("?", "iban", "X"), ("!", "card", "1")])


class TestDetectEval(unittest.TestCase):
    """detect-eval (built next to redactfs) parses the corpus as checkdigits.py does."""

    def setUp(self):
        self.bin = os.path.join(os.path.dirname(harness.binary()), "detect-eval")
        if not os.access(self.bin, os.X_OK):
            raise AssertionError(f"detect-eval not found at {self.bin}: run `swift build`")

    def run_eval(self, *args: str, folder: str = CORPUS) -> subprocess.CompletedProcess:
        return subprocess.run([self.bin, "--no-speed", *args, folder], capture_output=True, timeout=300)

    def test_unit_counts_match_the_python_parser(self):
        expected: dict[str, tuple[int, int]] = {}
        for plain, spans in corpus_spans().values():
            for s in spans:
                if s.mark == "":
                    units, n = expected.get(s.category, (0, 0))
                    expected[s.category] = (units + len(plain[s.start:s.end].split()), n + 1)
        r = self.run_eval()
        self.assertEqual(r.returncode, 0, describe(r))
        out = r.stdout.decode()
        for c, (units, n) in expected.items():
            with self.subTest(category=c):
                m = re.search(rf"^  {re.escape(c)} +(\d+) .* (\d+)  [ 0-9.-]+$", out, re.M)
                self.assertIsNotNone(m, out)
                self.assertEqual((int(m.group(1)), int(m.group(2))), (units, n))

    def test_default_output_carries_no_corpus_text(self):
        out = self.run_eval().stdout.decode()
        for plain, spans in corpus_spans().values():
            for s in spans:
                if s.mark == "" and len(plain[s.start:s.end]) > 6:
                    self.assertNotIn(plain[s.start:s.end], out)
        self.assertIn("--verbose", out)

    def test_check_fails_when_a_target_is_missed(self):
        # A corpus whose only gold value is a name nobody can find (written in
        # lower case, with no context): recall 0 misses its target.
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "a.txt"), "w", encoding="utf-8") as fh:
                fh.write("danke auch an {{name|quirinus zwiebelmeyer}} und alle anderen.\n")
            self.assertEqual(self.run_eval(folder=d).returncode, 0)
            r = self.run_eval("--check", folder=d)
            self.assertEqual(r.returncode, 1, describe(r))
            self.assertIn("targets missed: recall name\n", r.stdout.decode())

    def test_malformed_corpus_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "a.txt"), "w", encoding="utf-8") as fh:
                fh.write("Hallo {{person|Anna}}\n")
            r = self.run_eval(folder=d)
            self.assertEqual(r.returncode, 65, describe(r))


if __name__ == "__main__":
    unittest.main()
