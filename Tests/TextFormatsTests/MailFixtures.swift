/// Messages shaped the way common clients write them. Invented people,
/// addresses, numbers and IBANs only.
enum MailFixtures {
    /// `text` with every LF a CRLF (the wire format), as bytes.
    static func crlf(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for b in text.utf8 {
            if b == 0x0A { out.append(0x0D) }
            out.append(b)
        }
        return out
    }

    /// A small PDF, base64 as a client writes it (lines of 76).
    static let pdfBytes: [UInt8] = Array("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n".utf8)
    static let pdfBase64 = "JVBERi0xLjQKMSAwIG9iajw8L1R5cGUvQ2F0YWxvZz4+ZW5kb2JqCnRyYWlsZXI8PC9Sb290IDEg\nMCBSPj4KJSVFT0YK\n"

    /// Thunderbird: multipart/mixed with multipart/alternative (plain,
    /// format=flowed, 8bit UTF-8; HTML) and a PDF with an RFC 2231 name.
    static let thunderbird = crlf("""
    Content-Type: multipart/mixed; boundary="------------9GmHf0T2Xbq1ZcD7yA4kLr3e"
    Message-ID: <3f1c2a9e-7b1d-4c2e-9f0a-1d2e3f4a5b6c@example.org>
    Date: Tue, 17 Nov 2026 09:14:02 +0100
    MIME-Version: 1.0
    User-Agent: Mozilla Thunderbird
    Content-Language: de-DE
    To: =?UTF-8?Q?J=C3=BCrgen_M=C3=BCller?= <juergen.mueller@example.org>
    From: Zoe Kowalczyk <zoe.kowalczyk@example.net>
    Subject: =?UTF-8?Q?Rechnung_f=C3=BCr_M=C3=A4rz_und_die_n=C3=A4chsten_Schritte_z?=
     =?UTF-8?Q?ur_Kl=C3=A4rung?=

    This is a multi-part message in MIME format.
    --------------9GmHf0T2Xbq1ZcD7yA4kLr3e
    Content-Type: multipart/alternative;
     boundary="------------hX7aQ2wE9rT4yU6iO8pL0kJm"

    --------------hX7aQ2wE9rT4yU6iO8pL0kJm
    Content-Type: text/plain; charset=UTF-8; format=flowed
    Content-Transfer-Encoding: 8bit

    Hallo Jürgen,

    anbei die Rechnung über 1.234,56 €. Bitte auf DE89 3704 0044 0532 0130 00
    überweisen.

    Grüße
    Zoë

    --------------hX7aQ2wE9rT4yU6iO8pL0kJm
    Content-Type: text/html; charset=UTF-8
    Content-Transfer-Encoding: 8bit

    <!DOCTYPE html>
    <html>
      <head>
        <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
      </head>
      <body>
        <p>Hallo Jürgen,</p>
        <p>anbei die Rechnung über 1.234,56&nbsp;€.</p>
      </body>
    </html>

    --------------hX7aQ2wE9rT4yU6iO8pL0kJm--
    --------------9GmHf0T2Xbq1ZcD7yA4kLr3e
    Content-Type: application/pdf;
     name="=?UTF-8?Q?Rechnung_M=C3=A4rz_2026=2Epdf?="
    Content-Disposition: attachment;
     filename*=UTF-8''%52%65%63%68%6E%75%6E%67%20%4D%C3%A4%72%7A%20%32%30%32%36%2E%70%64%66
    Content-Transfer-Encoding: base64

    \(pdfBase64)
    --------------9GmHf0T2Xbq1ZcD7yA4kLr3e--

    """)

    /// Outlook: ISO-8859-1 quoted-printable German text, an encoded-word
    /// display name in Latin-1, a quoted "Last, First" name, folded
    /// recipients, a Latin-1 Q-encoded file name in both parameters.
    static let outlook: [UInt8] = {
        let head = crlf("""
        From: "Brandt, Lea" <lea.brandt@example.com>
        To: =?iso-8859-1?Q?Kowalczyk=2C_Zo=EB?= <zoe.kowalczyk@example.net>,
        \t"Weber, Tim" <tim.weber@example.com>
        Subject: =?iso-8859-1?Q?AW:_K=FCndigung_der_Wohnung_Stra=DFe_5?=
        Thread-Topic: =?iso-8859-1?Q?K=FCndigung_der_Wohnung?=
        Date: Wed, 18 Nov 2026 14:02:11 +0000
        Message-ID: <AM0PR01MB1234ABCD5678@AM0PR01MB1234.eurprd01.prod.outlook.example>
        Content-Language: de-DE
        X-MS-Has-Attach: yes
        Content-Type: multipart/mixed;
        \tboundary="_004_AM0PR01MB1234ABCD5678_"
        MIME-Version: 1.0

        --_004_AM0PR01MB1234ABCD5678_
        Content-Type: text/plain; charset="iso-8859-1"
        Content-Transfer-Encoding: quoted-printable

        Sehr geehrte Frau Kowalczyk,=20

        hiermit best=E4tige ich die K=FCndigung zum 31.12.2026. Die Kaution =
        wird auf Ihr Konto =FCberwiesen.

        Mit freundlichen Gr=FC=DFen
        Lea Brandt

        --_004_AM0PR01MB1234ABCD5678_
        Content-Type: application/pdf;
        \tname="=?iso-8859-1?Q?K=FCndigungsbest=E4tigung.pdf?="
        Content-Description: =?iso-8859-1?Q?K=FCndigungsbest=E4tigung.pdf?=
        Content-Disposition: attachment;
        \tfilename="=?iso-8859-1?Q?K=FCndigungsbest=E4tigung.pdf?="; size=70;
        \tcreation-date="Wed, 18 Nov 2026 14:01:00 GMT"
        Content-Transfer-Encoding: base64

        \(pdfBase64)
        --_004_AM0PR01MB1234ABCD5678_--

        """)
        return head
    }()

    /// Gmail: bare LF line ends (as saved by some tools), a 000000 boundary,
    /// base64 UTF-8 plain text, quoted-printable HTML with a table.
    static let gmail = Array("""
    MIME-Version: 1.0
    Date: Thu, 19 Nov 2026 18:30:45 +0100
    Message-ID: <CAF=abc123def456@mail.example.com>
    Subject: =?UTF-8?B?UmVjaG51bmcgZsO8ciBNw6Ryeg==?=
    From: =?UTF-8?B?SsO8cmdlbiBNw7xsbGVy?= <juergen.mueller@example.org>
    To: Zoe Kowalczyk <zoe.kowalczyk@example.net>
    Content-Type: multipart/alternative; boundary="0000000000004e8f2a05f1c9d3b7"

    --0000000000004e8f2a05f1c9d3b7
    Content-Type: text/plain; charset="UTF-8"
    Content-Transfer-Encoding: base64

    SGFsbG8gWm/DqywKYW5iZWkgZGllIFJlY2hudW5nIMO8YmVyIDEuMjM0LDU2IOKCrC4K

    --0000000000004e8f2a05f1c9d3b7
    Content-Type: text/html; charset="UTF-8"
    Content-Transfer-Encoding: quoted-printable

    <div dir=3D"ltr">Hallo Zo=C3=AB,<div><br></div><table><tr><td>Betrag</td><=
    td>1.234,56 &euro;</td></tr><tr><td>IBAN</td><td>DE89 3704 0044 0532 0130 =
    00</td></tr></table><div>Gr=C3=BC=C3=9Fe, <a href=3D"mailto:juergen.muelle=
    r@example.org">J=C3=BCrgen</a></div></div>

    --0000000000004e8f2a05f1c9d3b7--
    """.utf8)
}
