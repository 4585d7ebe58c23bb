import TextFormats
import XCTest

/// HTML mail bodies reduced to the text a reader sees. Invented data only.
final class HTMLTextTests: XCTestCase {
    func testDroppedElementsAndAttributes() {
        let html = """
        <!DOCTYPE html><html><head><title>Geheim</title><style>p { color: red }</style>
        <script>var iban = "DE89";</script><meta name="author" content="Lea Brandt"></head>
        <body><!-- Kommentar mit Lea Brandt --><template><p>Vorlage</p><template>x</template>y</template>
        <p>Hallo <a href="mailto:lea.brandt@example.com" title="Lea">Lea</a>,<img src="cid:1" alt="Foto von Lea"></p>
        <SCRIPT type="text/javascript">if (a < b) { x = "</p>"; }</SCRIPT >
        </body></html>
        """
        XCTAssertEqual(HTMLText.text(html), "Hallo Lea,")
    }

    func testHeadWithoutEndIsClosedByContent() {
        XCTAssertEqual(HTMLText.text("<head><meta charset=utf-8><p>Text</p>"), "Text", "an element a head cannot hold ends it")
        XCTAssertEqual(HTMLText.text("<head><title>t</title>Text"), "Text", "so does text")
    }

    func testBlocksAndBreaks() {
        let html = "<div>Zeile 1</div><div>Zeile 2<br>Zeile 3</div><p>Absatz</p><ul><li>eins</li><li>zwei</li></ul><h1>Titel</h1>Ende<hr>x<blockquote>zitiert</blockquote>"
        XCTAssertEqual(HTMLText.text(html), "Zeile 1\nZeile 2\nZeile 3\nAbsatz\neins\nzwei\nTitel\nEnde\nx\nzitiert")
        XCTAssertEqual(HTMLText.text("a<br><br>b<br/><br /><br>c"), "a\n\nb\n\nc", "runs of empty lines become one")
        XCTAssertEqual(HTMLText.text("<p class=MsoNormal>&nbsp;</p><p>a</p>"), "a", "no empty lines at the ends")
    }

    func testTableRowsReadAsRows() {
        let html = """
        <table border="1">
          <tr><th>Name</th><th>IBAN</th><th></th><th>Betrag</th></tr>
          <tr><td><p>Zoë Kowalczyk</p></td><td><span>DE89 3704 0044 0532 0130 00</span></td><td></td><td>1.234,56&nbsp;&euro;</td></tr>
        </table>
        <table><tr><td>Layout<table><tr><td>innen</td><td>zwei</td></tr></table></td><td>rechts</td></tr></table>
        """
        XCTAssertEqual(HTMLText.text(html), "Name\tIBAN\t\tBetrag\nZoë Kowalczyk\tDE89 3704 0044 0532 0130 00\t\t1.234,56 €\nLayout\ninnen\tzwei\n\trechts")
    }

    func testWhiteSpaceCollapsesExceptInPre() {
        XCTAssertEqual(HTMLText.text("  Hallo \n\t <b> Welt </b> ! "), "Hallo Welt !")
        XCTAssertEqual(HTMLText.text("a&nbsp;&nbsp;b"), "a  b", "no-break spaces do not collapse")
        XCTAssertEqual(HTMLText.text("<pre>a  b\n  c</pre>d"), "a  b\n  c\nd")
    }

    func testCharacterReferences() {
        XCTAssertEqual(HTMLText.text("&lt;b&gt; &amp; &quot;x&quot; &apos;y&apos;"), "<b> & \"x\" 'y'", "decoded references are text, not markup")
        XCTAssertEqual(HTMLText.text("Gr&uuml;&szlig;e &Auml;&Ouml;&Uuml; &eacute;&egrave;&ccedil; &euro; &ndash; &mdash; &hellip; &bdquo;x&ldquo;"),
                       "Grüße ÄÖÜ éèç € – — … „x“")
        XCTAssertEqual(HTMLText.text("&#228;&#xE4;&#XE4;&#x20AC;&#128512;"), "äää€😀")
        XCTAssertEqual(HTMLText.text("&#150;&#0;&#xD800;&#x110000;&#99999999999;"), "–\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "C1 as Windows-1252, invalid as U+FFFD")
        XCTAssertEqual(HTMLText.text("&auml &copy 2026 &unknown; & &#; &#x; AT&T"), "ä © 2026 &unknown; & &#; &#x; AT&T")
    }

    func testOutlookWordHTML() {
        // What Outlook (Word as the editor) writes: conditional comments,
        // an XML island, o:p elements, MsoNormal paragraphs, a signature table.
        let html = """
        <html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15">
        <!--[if !mso]><style>v\\:* {behavior:url(#default#VML);}</style><![endif]--><style><!--
        p.MsoNormal {margin:0cm; font-size:11.0pt;} --></style><!--[if gte mso 9]><xml>
        <o:shapedefaults v:ext="edit" spidmax="1026" /></xml><![endif]--></head>
        <body lang=DE link="#0563C1"><div class=WordSection1>
        <p class=MsoNormal>Sehr geehrte Frau Kowalczyk,<o:p></o:p></p>
        <p class=MsoNormal><o:p>&nbsp;</o:p></p>
        <p class=MsoNormal>die Kaution von 1.500,00&nbsp;&#8364; wird auf Ihr Konto <b>DE89&nbsp;3704&nbsp;0044&nbsp;0532&nbsp;0130&nbsp;00</b>
        &uuml;berwiesen.<o:p></o:p></p>
        <![if !supportLists]><span>-</span><![endif]>
        <table class=MsoNormalTable border=0><tr><td style='padding:0'><p class=MsoNormal><b>Lea Brandt</b><o:p></o:p></p></td>
        <td><p class=MsoNormal>Tel. +49&nbsp;30&nbsp;1234567<o:p></o:p></p></td></tr></table>
        </div></body></html>
        """
        XCTAssertEqual(HTMLText.text(html), "Sehr geehrte Frau Kowalczyk,\n\ndie Kaution von 1.500,00 € wird auf Ihr Konto DE89 3704 0044 0532 0130 00 überwiesen.\n-\nLea Brandt\tTel. +49 30 1234567")
    }

    func testLessThanThatIsNotATag() {
        XCTAssertEqual(HTMLText.text("1 < 2 and 3 <= 4, <3"), "1 < 2 and 3 <= 4, <3")
    }

    func testHostileMarkupEndsWithoutHangingOrShowingMarkup() {
        XCTAssertEqual(HTMLText.text("text<!-- never closed <p>secret</p>"), "text")
        XCTAssertEqual(HTMLText.text("text<a href=\"never closed>secret"), "text")
        XCTAssertEqual(HTMLText.text("text<script>secret"), "text")
        XCTAssertEqual(HTMLText.text("a<b title=x\"y>c"), "ac", "a quote in an unquoted value opens nothing")
        XCTAssertEqual(HTMLText.text("<"), "<")
        XCTAssertEqual(HTMLText.text("&"), "&")
        XCTAssertEqual(HTMLText.text(""), "")
        let many = String(repeating: "<template>", count: 20_000) + String(repeating: "<td>&#x", count: 20_000) + String(repeating: "</table>", count: 20_000)
        XCTAssertEqual(HTMLText.text(many), "")
        let cells = String(repeating: "<table><tr><td>", count: 20_000) + "x"
        XCTAssertEqual(HTMLText.text(cells), "x")
        let big = String(repeating: "Lorem ipsum <b>dolor</b> sit &amp; amet<br>\n", count: 50_000)
        XCTAssertEqual(HTMLText.text(big).count, 50_000 * "Lorem ipsum dolor sit & amet\n".count - 1)
    }
}
