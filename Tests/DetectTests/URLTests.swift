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

    func testNearMisses() {
        XCTAssertEqual(texts("http:// nothing", .url), [])
        XCTAssertEqual(texts("xhttp://example.de", .url), [])
        XCTAssertEqual(texts("the httpd server", .url), [])
        XCTAssertEqual(texts("max@www.example.de", .url), [])
        XCTAssertEqual(texts("ftp://example.de", .url), [])
    }
}
