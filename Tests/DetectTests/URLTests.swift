import RedactCore
import XCTest

@testable import Detect

final class URLTests: XCTestCase {
    func testSchemes() {
        XCTAssertEqual(texts("Siehe https://example.de/pfad?x=1&y=2#a.", .url), ["https://example.de/pfad?x=1&y=2#a"])
        XCTAssertEqual(texts("See HTTP://Example.COM/Index.html, then", .url), ["HTTP://Example.COM/Index.html"])
        XCTAssertEqual(texts("http://192.0.2.1:8080/status", .url), ["http://192.0.2.1:8080/status"])
    }

    func testWWW() {
        XCTAssertEqual(texts("Besuchen Sie www.beispiel-shop.de/kontakt!", .url), ["www.beispiel-shop.de/kontakt"])
        XCTAssertEqual(texts("(www.example.org)", .url), ["www.example.org"])
        XCTAssertEqual(texts("www.example", .url), [])
        XCTAssertEqual(texts("www.", .url), [])
    }

    func testBalancedParenthesesStay() {
        XCTAssertEqual(texts("(see https://en.example.org/wiki/Foo_(bar))", .url), ["https://en.example.org/wiki/Foo_(bar)"])
    }

    func testUmlautPath() {
        XCTAssertEqual(texts("https://example.de/straße/größe ok", .url), ["https://example.de/straße/größe"])
    }

    func testHostWithPathWithoutScheme() {
        XCTAssertEqual(texts("LinkedIn: linkedin.com/in/erika-muster-nbg\n", .url), ["linkedin.com/in/erika-muster-nbg"])
        XCTAssertEqual(texts("see github.com/emuster.", .url), ["github.com/emuster"])
        // No path, a file extension that is a ccTLD, a path glued to a word, an e-mail domain.
        XCTAssertEqual(texts("visit example.com today", .url), [])
        XCTAssertEqual(texts("run debian/tests/check.sh/ now and setup.py/x", .url), [])
        XCTAssertEqual(texts("src/main.com/x", .url), [])
        XCTAssertEqual(texts("mail erika@example.com/ now", .url), [])
        XCTAssertEqual(texts("example.com/ alone", .url), [])
    }

    func testLoggedPathWithQuery() {
        let line = "1.2.3.4 - - [09/Apr/2024] \"GET /track?order=88140&name=Erika+Muster HTTP/2.0\" 200"
        XCTAssertEqual(texts(line, .url), ["/track?order=88140&name=Erika+Muster"])
        // A path without a query, a query without name=value, a path inside a word.
        XCTAssertEqual(texts("\"GET /account/orders HTTP/2.0\"", .url), [])
        XCTAssertEqual(texts("see /usr/share/doc? no", .url), [])
        XCTAssertEqual(texts("and/or?x=1", .url), [])
    }

    func testNearMisses() {
        XCTAssertEqual(texts("http:// nothing", .url), [])
        XCTAssertEqual(texts("xhttp://example.de", .url), [])
        XCTAssertEqual(texts("the httpd server", .url), [])
        XCTAssertEqual(texts("max@www.example.de", .url), [])
        XCTAssertEqual(texts("ftp://example.de", .url), [])
    }
}
