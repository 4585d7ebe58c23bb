#!/usr/bin/env python3
"""Check digits for the detection corpus, written from the published algorithms.

    checkdigits.py --validate corpus/detection    check every annotated value
    checkdigits.py gen KIND [N]                   print N valid values of KIND
    checkdigits.py near KIND [N]                  print N near-misses (one digit off, failing)
    checkdigits.py --fill FILE...                 replace @KIND / @KIND! placeholders
                                                  inside annotations (authoring aid)

The corpus markup (see corpus/detection/README.md):

    {{category|text}}    personal data: must be found
    {{?category|text}}   organisation data a detector may flag (neither hit nor miss)
    {{!category|text}}   hard negative: looks like the category but fails its check;
                         must not be flagged

--validate checks that every file parses, every category is known, every
checksum value passes one of its category's checks (after undoing the OCR
confusions O/o->0, l/I->1, S->5, B->8 at positions where a digit belongs),
every hard negative fails all of them, and no unlabelled IBAN or Luhn-valid
card number hides in the plain text.

No third-party code, no Faker: only the standard library.
"""

from __future__ import annotations

import os
import random
import re
import sys
from dataclasses import dataclass

CATEGORIES = {
    "name", "address", "birthdate", "email", "url", "phone", "ip", "mac", "iban", "bic",
    "card", "tax-id", "national-id", "insurance-id", "vat-id", "reference", "plate",
}
CHECKSUM_CATEGORIES = {"iban", "card", "tax-id", "national-id", "insurance-id", "vat-id"}

# ---------------------------------------------------------------- helpers

OCR_DIGIT = {"O": "0", "o": "0", "D": "0", "Q": "0", "l": "1", "I": "1", "i": "1", "|": "1",
             "S": "5", "s": "5", "B": "8", "Z": "2", "G": "6", "b": "6", "g": "9", "q": "9"}
OCR_LETTER = {"0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"}


def compact(s: str) -> str:
    """Drops what separates groups: spaces, line breaks, dots, dashes, slashes."""
    return re.sub(r"[\s.\-/]", "", s)


def fix(s: str, mask: str) -> str | None:
    """Reads s against mask (D digit, L letter, A alphanumeric), undoing OCR
    confusions where a digit or letter belongs. None if the length differs."""
    if len(s) != len(mask):
        return None
    out = []
    for c, m in zip(s, mask):
        if m == "D" and not c.isdigit():
            c = OCR_DIGIT.get(c, OCR_DIGIT.get(c.lower(), c))
        elif m == "L" and c.isdigit():
            c = OCR_LETTER.get(c, c)
        out.append(c)
    return "".join(out)


def digits(s: str) -> list[int]:
    return [int(c) for c in s]


def cross_sum(n: int) -> int:
    return sum(int(c) for c in str(n))


def luhn_ok(s: str) -> bool:
    if not s.isdigit():
        return False
    total = 0
    for i, c in enumerate(reversed(s)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def luhn_digit(body: str) -> str:
    for c in "0123456789":
        if luhn_ok(body + c):
            return c
    raise AssertionError


def iso7064_11_10(body: str) -> int:
    """ISO 7064 MOD 11,10 (Steuer-ID, German VAT ID)."""
    product = 10
    for d in digits(body):
        s = (d + product) % 10
        if s == 0:
            s = 10
        product = (s * 2) % 11
    check = 11 - product
    return 0 if check == 10 else check


def letters_to_numbers(s: str) -> str:
    return "".join(str(ord(c) - 55) if c.isalpha() else c for c in s.upper())

# ---------------------------------------------------------------- validators
# Each takes the annotated text and returns True when it is a valid value of that kind.


def v_steuer_id(t: str) -> bool:
    s = fix(compact(t), "D" * 11)
    if not s or not s.isdigit() or s[0] == "0":
        return False
    counts = [s[:10].count(c) for c in set(s[:10])]
    # One digit twice or three times, the others at most once (since 2016 also three times).
    if sorted(counts)[-1] not in (2, 3) or sum(1 for c in counts if c > 1) != 1:
        return False
    return iso7064_11_10(s[:10]) == int(s[10])


STEUERNUMMER = re.compile(r"^(\d{2,3}/\d{3,4}/\d{4,5}|\d{4}/\d{3}/\d{4,5}|\d{3} \d{3} \d{5}|\d{13})$")


def v_steuernummer(t: str) -> bool:
    """Format only: the per-Land check digits are not uniform."""
    s = re.sub(r"\s+", " ", t.strip())
    s2 = "".join(OCR_DIGIT.get(c, c) if c not in "/ " else c for c in s)
    return bool(STEUERNUMMER.match(s2))


def v_itin(t: str) -> bool:
    if not re.match(r"^\S{3}[- ]\S{2}[- ]\S{4}$", t.strip()):
        return False
    s = fix(compact(t), "D" * 9)
    if not s or not s.isdigit() or s[0] != "9":
        return False
    g = int(s[3:5])
    return 50 <= g <= 65 or 70 <= g <= 88 or 90 <= g <= 92 or 94 <= g <= 99


ICAO_VALUES = {**{str(i): i for i in range(10)}, **{chr(65 + i): 10 + i for i in range(26)}, "<": 0}


def icao_digit(s: str) -> int:
    w = (7, 3, 1)
    return sum(ICAO_VALUES[c] * w[i % 3] for i, c in enumerate(s)) % 10


DE_DOC_CHARS = set("0123456789CFGHJKLMNPRTVWXYZ")


def v_de_id_document(t: str) -> bool:
    """German ID card or passport number with its ICAO 9303 check digit (10 characters)."""
    s = compact(t).upper()
    if len(s) != 10 or not all(c in DE_DOC_CHARS for c in s[:9]) or not s[9].isdigit():
        return False
    if s[0] not in "CFGHJKLMNPRTVWXYZ":
        return False
    return icao_digit(s[:9]) == int(s[9])


def v_ssn(t: str) -> bool:
    """Written with separators: nine bare digits could be anything (a BSN, an order number)."""
    if not re.match(r"^\S{3}[- ]\S{2}[- ]\S{4}$", t.strip()):
        return False
    s = fix(compact(t), "D" * 9)
    if not s or not s.isdigit():
        return False
    a, g, n = int(s[:3]), int(s[3:5]), int(s[5:])
    return a not in (0, 666) and a < 900 and g != 0 and n != 0


NINO_BAD_PREFIX = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def v_nino(t: str) -> bool:
    s = fix(compact(t).upper(), "LLDDDDDDL")
    if not s:
        return False
    if not re.match(r"^[A-Z]{2}\d{6}[A-D]$", s):
        return False
    return s[0] not in "DFIQUV" and s[1] not in "DFIOQUV" and s[:2] not in NINO_BAD_PREFIX


def v_nir(t: str) -> bool:
    s = compact(t).upper()
    if len(s) != 15:
        return False
    body = s[:13]
    body_n = body.replace("2A", "19").replace("2B", "18") if body[5:7] in ("2A", "2B") else body
    body_n = fix(body_n, "D" * 13)
    key = fix(s[13:], "DD")
    if not body_n or not body_n.isdigit() or not key.isdigit() or body_n[0] not in "12":
        return False
    return 97 - int(body_n) % 97 == int(key)


DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def v_dni(t: str) -> bool:
    s = compact(t).upper()
    if len(s) == 9 and s[0] in "XYZ":
        num = str("XYZ".index(s[0])) + s[1:8]
    elif len(s) == 9:
        num = s[:8]
    else:
        return False
    num = fix(num, "D" * 8)
    if not num.isdigit():
        return False
    return DNI_LETTERS[int(num) % 23] == s[8]


CF_ODD = dict(zip("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                  [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4,
                   18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]))
CF_EVEN = {**{str(i): i for i in range(10)}, **{chr(65 + i): i for i in range(26)}}
CF_MASK = "LLLLLLDDLDDLDDDL"


def cf_check(body15: str) -> str:
    total = sum(CF_ODD[c] if i % 2 == 0 else CF_EVEN[c] for i, c in enumerate(body15))
    return chr(65 + total % 26)


def v_codice_fiscale(t: str) -> bool:
    s = fix(compact(t).upper(), CF_MASK)
    if not s or not re.match(r"^[A-Z]{6}\d\d[ABCDEHLMPRST]\d\d[A-Z]\d{3}[A-Z]$", s):
        return False
    return cf_check(s[:15]) == s[15]


def v_bsn(t: str) -> bool:
    s = fix(compact(t), "D" * 9)
    if not s or not s.isdigit() or s == "000000000":
        return False
    d = digits(s)
    return (sum(d[i] * (9 - i) for i in range(8)) - d[8]) % 11 == 0


def v_rvnr(t: str) -> bool:
    """German pension insurance number: area, DDMMYY, initial, serial, check."""
    s = fix(compact(t).upper(), "DDDDDDDDLDDD")
    if not s or not re.match(r"^\d{8}[A-Z]\d{3}$", s):
        return False
    return rvnr_digit(s[:11]) == int(s[11])


def rvnr_digit(body: str) -> int:
    n = body[:8] + f"{ord(body[8]) - 64:02d}" + body[9:11]
    w = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    return sum(cross_sum(int(c) * w[i]) for i, c in enumerate(n)) % 10


def kvnr_digit(body: str) -> int:
    n = f"{ord(body[0]) - 64:02d}" + body[1:9]
    return sum(cross_sum(int(c) * (1 if i % 2 == 0 else 2)) for i, c in enumerate(n)) % 10


def v_kvnr(t: str) -> bool:
    s = fix(compact(t).upper(), "LDDDDDDDDD")
    if not s or not re.match(r"^[A-Z]\d{9}$", s):
        return False
    return kvnr_digit(s) == int(s[9])


def nhs_digit(body: str) -> int | None:
    r = sum(int(c) * (10 - i) for i, c in enumerate(body)) % 11
    c = 11 - r
    if c == 11:
        return 0
    return None if c == 10 else c


def v_nhs(t: str) -> bool:
    s = fix(compact(t), "D" * 10)
    if not s or not s.isdigit():
        return False
    c = nhs_digit(s[:9])
    return c is not None and c == int(s[9])


AT_SV_W = (3, 7, 9, 0, 5, 8, 4, 2, 1, 6)


def at_sv_digit(s: str) -> int:
    return sum(int(c) * AT_SV_W[i] for i, c in enumerate(s)) % 11


def v_at_svnr(t: str) -> bool:
    s = fix(compact(t), "D" * 10)
    if not s or not s.isdigit() or s[0] == "0":
        return False
    c = at_sv_digit(s)
    return c != 10 and c == int(s[3])


def ean13_digit(body12: str) -> int:
    return (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body12)) % 10) % 10


def v_ahv(t: str) -> bool:
    s = fix(compact(t), "D" * 13)
    if not s or not s.isdigit() or not s.startswith("756"):
        return False
    return ean13_digit(s[:12]) == int(s[12])


IBAN_LENGTHS = {"DE": 22, "AT": 20, "CH": 21, "NL": 18, "FR": 27, "GB": 22, "ES": 24, "IT": 27,
                "PL": 28, "BE": 16, "TR": 26, "LU": 20, "DK": 18}
# BBAN layout per country: D digit, L letter, A alphanumeric.
IBAN_BBAN = {"DE": "D" * 18, "AT": "D" * 16, "CH": "D" * 5 + "A" * 12, "NL": "LLLL" + "D" * 10,
             "FR": "D" * 10 + "A" * 11 + "DD", "GB": "LLLL" + "D" * 14, "ES": "D" * 20,
             "IT": "L" + "D" * 10 + "A" * 12, "PL": "D" * 24, "BE": "D" * 12, "TR": "D" * 22,
             "LU": "DDD" + "A" * 13, "DK": "D" * 14}


def v_iban(t: str) -> bool:
    s = re.sub(r"\s", "", t)
    cc = s[:2].upper()
    if cc not in IBAN_LENGTHS or len(s) != IBAN_LENGTHS[cc]:
        return False
    s = fix(s, "LLDD" + IBAN_BBAN[cc]).upper()
    if not re.match(r"^[A-Z]{2}\d{2}[A-Z0-9]+$", s):
        return False
    return int(letters_to_numbers(s[4:] + s[:4])) % 97 == 1


def v_card(t: str) -> bool:
    s = fix(compact(t), "D" * len(compact(t)))
    if not s or not 13 <= len(s) <= 19:
        return False
    issuer = (s[0] == "4" or 51 <= int(s[:2]) <= 55 or 2221 <= int(s[:4]) <= 2720
              or s[:2] in ("34", "37") or s[:4] == "6011" or s[:2] in ("65", "62")
              or s[:4] in ("6759", "5018", "5020", "5038", "6304"))
    return issuer and luhn_ok(s)


def v_vat(t: str) -> bool:
    s = re.sub(r"[\s.\-]", "", t).upper()
    cc, rest = s[:2], s[2:]
    if cc == "DE":
        r = fix(rest, "D" * 9)
        return bool(r) and r.isdigit() and r[0] != "0" and iso7064_11_10(r[:8]) == int(r[8])
    if cc == "AT":
        r = fix(rest, "L" + "D" * 8)
        if not r or r[0] != "U" or not r[1:].isdigit():
            return False
        d = digits(r[1:])
        total = sum(d[i] if i % 2 == 0 else cross_sum(d[i] * 2) for i in range(7))
        return (10 - (total + 4) % 10) % 10 == d[7]
    if cc == "NL":
        r = fix(rest, "D" * 9 + "L" + "DD")
        if not r or not re.match(r"^\d{9}B\d\d$", r):
            return False
        d = digits(r[:9])
        eleven = sum(d[i] * (9 - i) for i in range(8)) % 11 == d[8]
        mod97 = int(letters_to_numbers("NL" + r)) % 97 == 1
        return eleven or mod97
    if cc == "FR":
        r = fix(rest, "AA" + "D" * 9)
        if not r or not r[2:].isdigit() or not r[:2].isdigit():
            return False
        return (12 + 3 * (int(r[2:]) % 97)) % 97 == int(r[:2])
    if cc == "IT":
        r = fix(rest, "D" * 11)
        return bool(r) and r.isdigit() and luhn_ok(r)
    if cc == "BE":
        r = fix(rest, "D" * 10)
        return bool(r) and r.isdigit() and r[0] in "01" and 97 - int(r[:8]) % 97 == int(r[8:])
    if cc == "ES":
        if len(rest) != 9:
            return False
        if rest[0].isdigit() or rest[0] in "XYZ":
            return v_dni(rest)
        body = fix(rest[1:8], "D" * 7)
        if not body.isdigit():
            return False
        d = digits(body)
        total = sum(d[i] for i in (1, 3, 5)) + sum(cross_sum(d[i] * 2) for i in (0, 2, 4, 6))
        c = (10 - total % 10) % 10
        return rest[8] == str(c) or rest[8] == "JABCDEFGHI"[c]
    return False


def v_bic(t: str) -> bool:
    return bool(re.match(r"^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$", re.sub(r"\s", "", t)))


VALIDATORS = {
    "iban": [v_iban],
    "card": [v_card],
    "tax-id": [v_steuer_id, v_steuernummer, v_itin],
    "national-id": [v_de_id_document, v_ssn, v_nino, v_nir, v_dni, v_codice_fiscale, v_bsn],
    "insurance-id": [v_rvnr, v_kvnr, v_nhs, v_at_svnr, v_ahv],
    "vat-id": [v_vat],
    "bic": [v_bic],
}

# Kinds whose validator is a real checksum (a near-miss of these must fail).
CHECKSUM_KINDS = {v_iban, v_card, v_steuer_id, v_de_id_document, v_nir, v_dni, v_codice_fiscale,
                  v_bsn, v_rvnr, v_kvnr, v_nhs, v_at_svnr, v_ahv, v_vat}

# ---------------------------------------------------------------- generators

RNG = random.Random(4)


def rd(n: int) -> str:
    return "".join(RNG.choice("0123456789") for _ in range(n))


def group(s: str, n: int = 4) -> str:
    return " ".join(s[i:i + n] for i in range(0, len(s), n))


def g_steuer_id() -> str:
    while True:
        ds = RNG.sample("0123456789", 9)
        if ds[0] == "0":
            continue
        dup = RNG.randrange(9)
        body = ds[:]
        body.insert(RNG.randrange(1, 10), ds[dup])
        body = "".join(body)[:10]
        if body[0] == "0":
            continue
        s = body + str(iso7064_11_10(body))
        if v_steuer_id(s):
            return f"{s[:2]} {s[2:5]} {s[5:8]} {s[8:]}" if RNG.random() < 0.5 else s


def g_iban(cc: str) -> str:
    bban = "".join(RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") if m == "L" else rd(1)
                   for m in IBAN_BBAN[cc])
    if cc == "BE":
        n = int(bban[:10]) % 97 or 97
        bban = bban[:10] + f"{n:02d}"
    check = 98 - int(letters_to_numbers(bban + cc + "00")) % 97
    return group(f"{cc}{check:02d}{bban}")


def g_card(kind: str = "visa") -> str:
    prefix = {"visa": "4" + rd(5), "mc": RNG.choice(["51", "52", "53", "54", "55"]) + rd(4),
              "amex": RNG.choice(["34", "37"]) + rd(4)}[kind]
    length = 15 if kind == "amex" else 16
    body = prefix + rd(length - 1 - len(prefix))
    s = body + luhn_digit(body)
    if kind == "amex":
        return f"{s[:4]} {s[4:10]} {s[10:]}"
    return group(s)


def g_de_doc(passport: bool = False) -> str:
    first = "C" if passport else RNG.choice("LMNT")
    body = first + "".join(RNG.choice("0123456789CFGHJKLMNPRTVWXYZ") for _ in range(8))
    return body + str(icao_digit(body))


def g_ssn() -> str:
    while True:
        a = RNG.randrange(1, 900)
        if a == 666:
            continue
        return f"{a:03d}-{RNG.randrange(1, 100):02d}-{RNG.randrange(1, 10000):04d}"


def g_nino() -> str:
    while True:
        p = RNG.choice("ABCEGHJKLMNOPRSTWXYZ") + RNG.choice("ABCEGHJKLMNPRSTWXYZ")
        if p not in NINO_BAD_PREFIX:
            return f"{p} {rd(2)} {rd(2)} {rd(2)} {RNG.choice('ABCD')}"


def g_nir() -> str:
    body = RNG.choice("12") + rd(2) + f"{RNG.randrange(1, 13):02d}" + f"{RNG.randrange(1, 96):02d}" + rd(6)
    key = 97 - int(body) % 97
    return f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:13]} {key:02d}"


def g_dni(nie: bool = False) -> str:
    if nie:
        p = RNG.choice("XYZ")
        num = str("XYZ".index(p)) + rd(7)
        return p + num[1:] + DNI_LETTERS[int(num) % 23]
    num = rd(8)
    return num + DNI_LETTERS[int(num) % 23]


def g_codice_fiscale(surname: str, first: str, yy: int, month: int, day: int, female: bool, place: str) -> str:
    def cons(s):
        return [c for c in s.upper() if c.isalpha() and c not in "AEIOU"]

    def vows(s):
        return [c for c in s.upper() if c in "AEIOU"]
    sc = (cons(surname) + vows(surname) + ["X"] * 3)[:3]
    fc = cons(first)
    fc = [fc[0], fc[2], fc[3]] if len(fc) >= 4 else (fc + vows(first) + ["X"] * 3)[:3]
    body = "".join(sc + fc) + f"{yy:02d}" + "ABCDEHLMPRST"[month - 1] + f"{day + (40 if female else 0):02d}" + place
    return body + cf_check(body)


def g_bsn() -> str:
    while True:
        b = rd(8)
        if b[0] == "0":
            continue
        c = sum(int(x) * (9 - i) for i, x in enumerate(b)) % 11
        if c < 10:
            return b + str(c)


def g_rvnr(ddmmyy: str, initial: str, female: bool) -> str:
    area = RNG.choice(["12", "13", "15", "24", "28", "42", "53", "65"])
    serial = f"{RNG.randrange(50, 100) if female else RNG.randrange(0, 50):02d}"
    body = area + ddmmyy + initial + serial
    s = body + str(rvnr_digit(body))
    return f"{s[:2]} {s[2:8]} {s[8]} {s[9:]}" if RNG.random() < 0.6 else s


def g_kvnr() -> str:
    body = RNG.choice("ABCDEFGHKLMNRSTWZ") + rd(8)
    return body + str(kvnr_digit(body + "0"))


def g_nhs() -> str:
    while True:
        b = rd(9)
        c = nhs_digit(b)
        if c is not None:
            s = b + str(c)
            return f"{s[:3]} {s[3:6]} {s[6:]}"


def g_at_svnr(ddmmyy: str) -> str:
    while True:
        serial = str(RNG.randrange(1, 10)) + rd(2)
        s = serial + "0" + ddmmyy
        c = at_sv_digit(s)
        if c != 10:
            return f"{serial}{c} {ddmmyy}"


def g_ahv() -> str:
    b = "756" + rd(9)
    s = b + str(ean13_digit(b))
    return f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}"


def g_vat(cc: str) -> str:
    if cc == "DE":
        b = str(RNG.randrange(1, 10)) + rd(7)
        return "DE" + b + str(iso7064_11_10(b))
    if cc == "AT":
        while True:
            b = rd(7)
            d = digits(b)
            total = sum(d[i] if i % 2 == 0 else cross_sum(d[i] * 2) for i in range(7))
            return "ATU" + b + str((10 - (total + 4) % 10) % 10)
    if cc == "NL":
        return "NL" + g_bsn() + "B" + f"{RNG.randrange(1, 20):02d}"
    if cc == "FR":
        siren = rd(8)
        siren += luhn_digit(siren)
        return f"FR{(12 + 3 * (int(siren) % 97)) % 97:02d}{siren}"
    if cc == "IT":
        b = rd(10)
        return "IT" + b + luhn_digit(b)
    if cc == "BE":
        b = "0" + str(RNG.randrange(2, 10)) + rd(6)
        return "BE" + b + f"{97 - int(b) % 97:02d}"
    if cc == "ES":
        return "ES" + g_dni()
    raise ValueError(cc)


def g_itin() -> str:
    g = RNG.choice(list(range(70, 89)) + [90, 91, 92] + list(range(94, 100)))
    return f"9{rd(2)}-{g}-{rd(4)}"


GENERATORS = {
    "steuerid": g_steuer_id,
    "itin": g_itin,
    "idcard": lambda: g_de_doc(False),
    "passport": lambda: g_de_doc(True),
    "ssn": g_ssn,
    "nino": g_nino,
    "nir": g_nir,
    "dni": lambda: g_dni(False),
    "nie": lambda: g_dni(True),
    "bsn": g_bsn,
    "kvnr": g_kvnr,
    "nhs": g_nhs,
    "ahv": g_ahv,
    "visa": lambda: g_card("visa"),
    "mc": lambda: g_card("mc"),
    "amex": lambda: g_card("amex"),
    **{f"iban-{c.lower()}": (lambda c=c: g_iban(c)) for c in IBAN_LENGTHS},
    **{f"vat-{c.lower()}": (lambda c=c: g_vat(c)) for c in ("DE", "AT", "NL", "FR", "IT", "BE", "ES")},
}


def parametrised(kind: str) -> str:
    """rvnr:DDMMYY:X[:f], atsv:DDMMYY, cf:Surname:First:YY:M:D:f|m:PLACE"""
    parts = kind.split(":")
    if parts[0] == "rvnr":
        return g_rvnr(parts[1], parts[2], len(parts) > 3 and parts[3] == "f")
    if parts[0] == "atsv":
        return g_at_svnr(parts[1])
    if parts[0] == "cf":
        return g_codice_fiscale(parts[1], parts[2], int(parts[3]), int(parts[4]), int(parts[5]),
                                parts[6] == "f", parts[7])
    return GENERATORS[kind]()


def category_validators(category: str):
    return VALIDATORS.get(category, [])


def near_miss(kind: str, category: str) -> str:
    """A valid value with one digit changed so that every check of its category fails."""
    for _ in range(1000):
        v = parametrised(kind)
        pos = [i for i, c in enumerate(v) if c.isdigit()]
        i = RNG.choice(pos[1:] if len(pos) > 1 else pos)
        w = v[:i] + str((int(v[i]) + RNG.randrange(1, 10)) % 10) + v[i + 1:]
        if not any(f(w) for f in category_validators(category)):
            return w
    raise RuntimeError(kind)

# ---------------------------------------------------------------- corpus


ANNOTATION = re.compile(r"\{\{([?!]?)([a-z-]+)\|(.*?)\}\}", re.S)


@dataclass
class Span:
    mark: str         # "" gold, "?" optional, "!" hard negative
    category: str
    text: str
    start: int        # scalar offsets in the plain text
    end: int
    line: int


def parse(text: str) -> tuple[str, list[Span]]:
    """Markup to plain text and spans. Python str indices are code points,
    the same as Swift's Unicode scalar offsets."""
    out, spans, pos = [], [], 0
    plain_len = 0
    for m in ANNOTATION.finditer(text):
        before = text[pos:m.start()]
        out.append(before)
        plain_len += len(before)
        value = m.group(3)
        line = text.count("\n", 0, m.start()) + 1
        spans.append(Span(m.group(1), m.group(2), value, plain_len, plain_len + len(value), line))
        out.append(value)
        plain_len += len(value)
        pos = m.end()
    out.append(text[pos:])
    plain = "".join(out)
    return plain, spans


def validate_file(path: str) -> list[str]:
    errors = []
    name = os.path.basename(path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    plain, spans = parse(text)
    for stray in ("{{", "}}"):
        if stray in plain:
            errors.append(f"{name}:{plain[:plain.index(stray)].count(chr(10)) + 1}: unbalanced '{stray}'")
    for s in spans:
        where = f"{name}:{s.line}: {s.mark}{s.category}"
        if s.category not in CATEGORIES:
            errors.append(f"{where}: unknown category")
            continue
        if not s.text.strip() or s.text != s.text.strip():
            errors.append(f"{where}: empty value or value with outer spaces")
        if "|" in s.text:
            errors.append(f"{where}: '|' inside a value (a missing '}}}}'?)")
        checks = category_validators(s.category)
        if s.mark == "!":
            if not checks:
                errors.append(f"{where}: hard negatives need a category with a check")
            elif any(f(s.text) for f in checks):
                errors.append(f"{where}: hard negative passes a check: {s.text!r}")
        elif checks and not any(f(s.text) for f in checks):
            errors.append(f"{where}: fails every check of its category: {s.text!r}")
        if s.category == "email" and "@" not in s.text:
            errors.append(f"{where}: no '@'")
    errors += hidden_positives(name, plain, spans)
    return errors


def hidden_positives(name: str, plain: str, spans: list[Span]) -> list[str]:
    """A valid IBAN or card number outside every annotation is a labelling mistake."""
    covered = [False] * len(plain)
    for s in spans:
        if s.mark != "!":
            for i in range(s.start, s.end):
                covered[i] = True
    errors = []
    for m in re.finditer(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b", plain):
        if not any(covered[m.start():m.end()]):
            for end in range(m.end(), m.start() + 14, -1):
                if v_iban(plain[m.start():end]):
                    errors.append(f"{name}:{plain[:m.start()].count(chr(10)) + 1}: unlabelled valid IBAN")
                    break
    for m in re.finditer(r"(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])", plain):
        if not any(covered[m.start():m.end()]) and v_card(m.group(0)):
            errors.append(f"{name}:{plain[:m.start()].count(chr(10)) + 1}: unlabelled Luhn-valid card number")
    return errors


def validate(folder: str) -> int:
    files = sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    if not files:
        print(f"no .txt files in {folder}", file=sys.stderr)
        return 1
    errors, counts, negatives = [], {}, 0
    for f in files:
        errors += validate_file(os.path.join(folder, f))
        with open(os.path.join(folder, f), encoding="utf-8") as fh:
            _, spans = parse(fh.read())
        for s in spans:
            if s.mark == "":
                counts[s.category] = counts.get(s.category, 0) + 1
            elif s.mark == "!":
                negatives += 1
    for e in errors:
        print(e, file=sys.stderr)
    print(f"{len(files)} documents, {sum(counts.values())} gold spans, {negatives} hard negatives")
    for c in sorted(CATEGORIES):
        print(f"  {c:13} {counts.get(c, 0):4}")
    print("OK" if not errors else f"{len(errors)} errors")
    return 1 if errors else 0


PLACEHOLDER = re.compile(r"\{\{([?!]?)([a-z-]+)\|@([a-z0-9:A-Z-]+?)(!?)\}\}")


def fill(paths: list[str]) -> None:
    """Authoring aid: {{iban|@iban-de}} -> a fresh valid value, {{!iban|@iban-de!}} -> a near-miss."""
    for p in paths:
        RNG.seed(os.path.basename(p))
        with open(p, encoding="utf-8") as fh:
            text = fh.read()

        def repl(m):
            mark, cat, kind, miss = m.groups()
            v = near_miss(kind, cat) if miss else parametrised(kind)
            return "{{" + mark + cat + "|" + v + "}}"
        new = PLACEHOLDER.sub(repl, text)
        if new != text:
            with open(p, "w", encoding="utf-8") as fh:
                fh.write(new)


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--validate":
        return validate(argv[1])
    if len(argv) >= 1 and argv[0] == "--fill":
        fill(argv[1:])
        return 0
    if len(argv) >= 2 and argv[0] in ("gen", "near"):
        n = int(argv[2]) if len(argv) > 2 else 1
        cat = argv[3] if len(argv) > 3 else None
        for _ in range(n):
            print(parametrised(argv[1]) if argv[0] == "gen" else near_miss(argv[1], cat or "iban"))
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
