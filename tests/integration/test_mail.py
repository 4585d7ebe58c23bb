"""Saved e-mails (.eml) through the mount (issue 16): NAME.eml shows as
NAME.redacted.eml, a new message written from values. The fixtures are
written by Python's email package the way a mail client saves a message:
a Thunderbird-shaped multipart/mixed with a multipart/alternative body
(plain and HTML), a PDF payslip attachment (typeset by cairo) and a ZIP,
with Received, Message-ID and X-Mailer headers; a web mailer's HTML-only
message with an image attachment (a photographed note: text drawn by
cairo into a PNG). The output is read with cat, Python's email package and
`mutt -f`; the attachments with pdftotext, qpdf --check and tesseract (OCR
of the output's pixels). All personal data is invented.
"""

from __future__ import annotations

import email
import io
import os
import shutil
import subprocess
import tempfile
import unittest
import zipfile
from email import policy
from email.message import EmailMessage
from email.utils import formataddr

import cairo

import harness
from harness import describe

IBAN = "DE89 3704 0044 0532 0130 00"
PAYSLIP_IBAN = "DE02 1203 0000 0000 2020 51"
PLANTED = ["Katharina", "Vogelsang", "k.vogelsang@posteo.de", "Brückner", "jonas.brueckner@web.de", "Kowalski",
           "m.kowalski@example.org", "personal@firma-nord.de", IBAN, "0171 4428193", "Lindenstraße 14",
           "86095742719", "posteo.de", "185.67.36.65", "Thunderbird"]
DROPPED_HEADERS = ["Received", "Message-ID", "X-Mailer", "Return-Path", "User-Agent", "In-Reply-To"]


def payslip_pdf() -> bytes:
    buf = io.BytesIO()
    s = cairo.PDFSurface(buf, 595, 842)
    c = cairo.Context(s)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(12)
    for i, line in enumerate(["Entgeltabrechnung März 2026", "Mitarbeiterin: Katharina Vogelsang",
                              f"IBAN: {PAYSLIP_IBAN}", "Steuer-ID: 86095742719", "Auszahlungsbetrag 2.841,17 EUR"]):
        c.move_to(72, 100 + 24 * i)
        c.show_text(line)
    c.show_page()
    s.finish()
    return buf.getvalue()


def note_png() -> bytes:
    s = cairo.ImageSurface(cairo.FORMAT_RGB24, 900, 220)
    c = cairo.Context(s)
    c.set_source_rgb(1, 1, 1)
    c.paint()
    c.set_source_rgb(0, 0, 0)
    c.select_font_face("DejaVu Sans")
    c.set_font_size(30)
    c.move_to(30, 80)
    c.show_text("Rückruf bitte unter 0171 4428193")
    c.move_to(30, 150)
    c.show_text("Notiz vom Empfang")
    buf = io.BytesIO()
    s.write_to_png(buf)
    return buf.getvalue()


def thunderbird_message() -> bytes:
    m = EmailMessage()
    m["Return-Path"] = "<k.vogelsang@posteo.de>"
    m["Received"] = "from mout.posteo.de (mout.posteo.de [185.67.36.65]) by mx.web.de with ESMTPS"
    m["Message-ID"] = "<20261201091402.4711@posteo.de>"
    m["Date"] = "Tue, 01 Dec 2026 09:14:02 +0100"
    m["From"] = formataddr(("Katharina Vogelsang", "k.vogelsang@posteo.de"))
    m["To"] = "Jonas Brückner <jonas.brueckner@web.de>, \"Kowalski, Marta\" <m.kowalski@example.org>"
    m["Cc"] = "personal@firma-nord.de"
    m["Subject"] = "Lohnabrechnung für Katharina Vogelsang – Rückfrage"
    m["X-Mailer"] = "Thunderbird 128.5"
    m["User-Agent"] = "Mozilla/5.0 Thunderbird/128.5"
    m.set_content(f"""Hallo Jonas,

anbei meine Lohnabrechnung. Meine neue Bankverbindung lautet
IBAN {IBAN}, bitte ab April darauf überweisen.
Ich bin unter 0171 4428193 erreichbar.

Viele Grüße
Katharina Vogelsang
Lindenstraße 14, 04109 Leipzig
""")
    m.add_alternative(f"""<html><head><style>p {{ color: #333 }}</style></head><body>
<p>Hallo Jonas,</p><p>anbei meine Lohnabrechnung. Meine neue Bankverbindung lautet
IBAN {IBAN}, bitte ab April darauf &uuml;berweisen.<br>Ich bin unter 0171 4428193 erreichbar.</p>
<p>Viele Gr&uuml;&szlig;e<br>Katharina Vogelsang<br>Lindenstra&szlig;e 14, 04109 Leipzig</p></body></html>""",
                      subtype="html")
    m.add_attachment(payslip_pdf(), maintype="application", subtype="pdf",
                     filename="Entgeltabrechnung_Vogelsang_2026-03.pdf")
    z = io.BytesIO()
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("belege.txt", "Katharina Vogelsang 86095742719")
    m.add_attachment(z.getvalue(), maintype="application", subtype="zip", filename="belege_vogelsang.zip")
    return bytes(m)


def webmail_message() -> bytes:
    m = EmailMessage()
    m["Date"] = "Wed, 02 Dec 2026 17:40:11 +0100"
    m["From"] = "Jonas Brückner <jonas.brueckner@web.de>"
    m["To"] = formataddr(("Katharina Vogelsang", "k.vogelsang@posteo.de"))
    m["In-Reply-To"] = "<20261201091402.4711@posteo.de>"
    m["Subject"] = "AW: Lohnabrechnung"
    m.set_content("""<div>Hallo Frau Vogelsang,</div><div><br></div>
<div>die neue Kontoverbindung ist eingetragen. Eine Notiz vom Empfang h&auml;nge ich an.</div>
<table><tr><td>Konto alt</td><td>DE02 1203 0000 0000 2020 51</td></tr></table>
<div>Mit freundlichen Gr&uuml;&szlig;en<br>Jonas Br&uuml;ckner<br>Personalabteilung</div>""",
                  subtype="html", cte="quoted-printable")
    m.add_attachment(note_png(), maintype="image", subtype="png", filename="notiz.png")
    return bytes(m)


def ocr(data: bytes, suffix: str, tmp: str) -> str:
    path = os.path.join(tmp, "a" + suffix)
    with open(path, "wb") as f:
        f.write(data)
    if suffix == ".pdf":
        harness.run(["pdftoppm", "-r", "200", "-gray", "-png", "-singlefile", path, os.path.join(tmp, "page")])
        path = os.path.join(tmp, "page.png")
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    r = subprocess.run(["tesseract", path, "-", "-l", "deu"], capture_output=True, env=env, timeout=120)
    return r.stdout.decode("utf-8", errors="replace")


class MailFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        harness.require_mountable()
        cls.base, cls.src, cls.env = harness.scratch(cls, "redactfs-mail-")
        with open(os.path.join(cls.src, "rueckfrage.eml"), "wb") as f:
            f.write(thunderbird_message())
        with open(os.path.join(cls.src, "antwort.eml"), "wb") as f:
            f.write(webmail_message())
        # A multipart message whose boundary parameter is missing.
        with open(os.path.join(cls.src, "kaputt.eml"), "wb") as f:
            f.write(b"From: a@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
                    b"Content-Type: multipart/mixed\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nhallo\r\n--b--\r\n")

    def mount(self) -> harness.Mount:
        m = harness.Mount(self.src, tempfile.mkdtemp(dir=self.base), self.env).start()
        self.addCleanup(m.stop, False)
        return m

    def parsed(self, raw: bytes) -> email.message.EmailMessage:
        msg = email.message_from_bytes(raw, policy=policy.default)
        for part in msg.walk():
            self.assertEqual(part.defects, [], f"{part.get_content_type()}: {part.defects}")
        return msg

    def test_names(self):
        m = self.mount()
        self.assertEqual(sorted(os.listdir(m.path())),
                         ["antwort.redacted.eml", "kaputt.redacted.eml", "rueckfrage.redacted.eml"])

    def test_headers_bodies_and_attachments_of_a_client_message(self):
        m = self.mount()
        raw = subprocess.run(["cat", m.path("rueckfrage.redacted.eml")], capture_output=True, check=True).stdout
        msg = self.parsed(raw)
        for name in DROPPED_HEADERS:
            self.assertIsNone(msg[name], f"{name} kept")
        self.assertEqual(msg["Date"], "Tue, 01 Dec 2026 09:14:02 +0100")
        self.assertEqual([a.display_name for a in msg["To"].addresses], ["[REDACTED:name]", "[REDACTED:name]"])
        self.assertEqual({a.addr_spec for a in msg["From"].addresses + msg["To"].addresses + msg["Cc"].addresses},
                         {"redacted@redacted.invalid"})
        self.assertEqual(msg["Subject"], "Lohnabrechnung für [REDACTED:name] – Rückfrage")
        # Everything a reader can get at: raw bytes, decoded text parts.
        texts = [p.get_content() for p in msg.walk() if p.get_content_maintype() == "text"]
        everything = raw.decode("ascii") + "\n".join(texts) + str(msg["Subject"])
        for planted in PLANTED:
            self.assertNotIn(planted, everything)
        body = msg.get_body(("plain",)).get_content()
        self.assertIn(f"IBAN [REDACTED:iban], bitte ab April darauf überweisen.", body)
        self.assertIn("Viele Grüße", body)
        self.assertNotIn("<p>", everything, "the plain alternative is the body, not the markup")
        # The PDF stays an attachment, redacted as any PDF; the ZIP is listed.
        pdfs = [p for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]
        self.assertEqual([p.get_filename() for p in pdfs], ["attachment-1.redacted.pdf"])
        pdf = pdfs[0].get_content()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a.pdf")
            with open(path, "wb") as f:
                f.write(pdf)
            self.assertEqual(harness.run(["qpdf", "--check", path]).returncode, 0)
            self.assertEqual(harness.run(["pdftotext", path, "-"]).stdout.strip(), b"", "a text layer")
            seen = ocr(pdf, ".pdf", d)
        self.assertIn("Entgeltabrechnung", seen)
        for planted in ["Vogelsang", "2020 51", "86095742719"]:
            self.assertNotIn(planted, seen)
        self.assertNotIn("zip", [p.get_content_subtype() for p in msg.iter_attachments()])
        note = texts[-1]
        self.assertIn("attachment 2 (application/zip", note)
        self.assertIn("not shown", note)
        self.assertNotIn("belege", note, "a file name may hold a name")

    def test_mutt_reads_the_output(self):
        if shutil.which("mutt") is None or shutil.which("script") is None:
            self.skipTest("mutt or script (bsdutils) not installed: make deps installs them")
        m = self.mount()
        d = tempfile.mkdtemp(dir=self.base)
        shutil.copy(m.path("rueckfrage.redacted.eml"), d)
        piped = os.path.join(d, "piped.txt")
        # mutt wants a terminal: script(1) gives it one. pipe_decode hands
        # the message on as mutt decoded it.
        cmd = (f"mutt -n -F /dev/null -R -e 'set folder={d}' -e 'set pipe_decode=yes' -e 'set wait_key=no' "
               f"-f {os.path.join(d, 'rueckfrage.redacted.eml')} "
               f"-e 'push \"<pipe-message>cat > {piped}<enter><quit>\"'")
        env = dict(self.env, TERM="xterm", HOME=d)
        r = subprocess.run(["script", "-qc", cmd, "/dev/null"], capture_output=True, env=env, timeout=60)
        self.assertTrue(os.path.exists(piped), describe(r))
        with open(piped, encoding="utf-8") as f:
            shown = f.read()
        self.assertIn("Subject: Lohnabrechnung für [REDACTED:name] – Rückfrage", shown)
        self.assertIn("IBAN [REDACTED:iban], bitte ab April darauf überweisen.", shown)
        for planted in PLANTED:
            self.assertNotIn(planted, shown)

    def test_an_html_only_message_and_an_image_attachment(self):
        m = self.mount()
        msg = self.parsed(harness.read_file(m.path("antwort.redacted.eml")))
        self.assertIsNone(msg["In-Reply-To"])
        body = msg.get_body(("plain",)).get_content()
        self.assertIn("Hallo Frau [REDACTED:name],", body)
        self.assertIn("Mit freundlichen Grüßen", body)
        self.assertNotIn("<div>", body)
        for planted in ["Vogelsang", "Brückner", PAYSLIP_IBAN]:
            self.assertNotIn(planted, body)
        images = [p for p in msg.iter_attachments() if p.get_content_maintype() == "image"]
        self.assertEqual([(p.get_content_type(), p.get_filename()) for p in images],
                         [("image/png", "attachment-1.redacted.png")])
        with tempfile.TemporaryDirectory() as d:
            seen = ocr(images[0].get_content(), ".png", d)
        self.assertIn("Notiz vom Empfang", seen)
        self.assertNotIn("4428193", seen)

    def test_a_damaged_message_fails_alone(self):
        m = self.mount()
        self.assertEqual(harness.errno_of(harness.read_file, m.path("kaputt.redacted.eml")), 5)
        self.assertIn("damaged", m.log())
        self.assertTrue(harness.read_file(m.path("antwort.redacted.eml")).startswith(b"From "))

    def test_redact_writes_what_the_mount_shows(self):
        d = tempfile.mkdtemp(dir=self.base)
        out = os.path.join(d, "out.eml")
        r = harness.redactfs("redact", os.path.join(self.src, "rueckfrage.eml"), "-o", out, env=self.env)
        self.assertEqual(r.returncode, 0, describe(r))
        m = self.mount()
        with open(out, "rb") as f:
            self.assertEqual(f.read(), harness.read_file(m.path("rueckfrage.redacted.eml")), "deterministic")


if __name__ == "__main__":
    unittest.main()
