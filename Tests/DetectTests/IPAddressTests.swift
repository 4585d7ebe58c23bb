import RedactCore
import XCTest

@testable import Detect

final class IPAddressTests: XCTestCase {
    func testIPv4() {
        XCTAssertEqual(texts("Server 192.0.2.17 antwortet.", .ipAddress), ["192.0.2.17"])
        XCTAssertEqual(texts("IP: 10.0.0.1.", .ipAddress), ["10.0.0.1"])
        XCTAssertEqual(texts("255.255.255.255 and 0.0.0.0", .ipAddress), ["255.255.255.255", "0.0.0.0"])
        XCTAssertEqual(texts("(198.51.100.4)", .ipAddress), ["198.51.100.4"])
        XCTAssertEqual(texts("IP:203.0.113.9", .ipAddress), ["203.0.113.9"])
    }

    func testIPv4NearMisses() {
        XCTAssertEqual(texts("256.1.1.1", .ipAddress), [])
        XCTAssertEqual(texts("1.2.3.1000", .ipAddress), [])
        XCTAssertEqual(texts("Version 1.2.3.4.5", .ipAddress), [])
        XCTAssertEqual(texts("1.2.3", .ipAddress), [])
        XCTAssertEqual(texts("geboren am 12.03.1980", .ipAddress), [])
        XCTAssertEqual(texts("Betrag 1.234.567,89 EUR", .ipAddress), [])
        XCTAssertEqual(texts("v1.2.3.4", .ipAddress), [])
        XCTAssertEqual(texts("1.2.3.4x", .ipAddress), [])
    }

    func testIPv4AfterAVersionWordIsAVersion() {
        XCTAssertEqual(texts("Client-Update auf Version 5.1.4.2 verteilt.", .ipAddress), [])
        XCTAssertEqual(texts("Firmware 4.2.1.16 rolled out. Printer driver 5.12.0.3.", .ipAddress), [])
        XCTAssertEqual(texts("Form version: 3.2.0.1 (April)", .ipAddress), [])
        // Other words before it, or a version word further back, leave an address.
        XCTAssertEqual(texts("Server 10.4.2.1 antwortet", .ipAddress), ["10.4.2.1"])
        XCTAssertEqual(texts("Version 3 läuft auf 10.4.2.1", .ipAddress), ["10.4.2.1"])
        XCTAssertEqual(texts("Subversion 10.4.2.1", .ipAddress), ["10.4.2.1"])
    }

    func testIPv4LeadingZerosHaveLowerConfidence() {
        let d = detections("192.168.001.010", .ipAddress)
        XCTAssertEqual(d.count, 1)
        XCTAssertLessThan(d[0].confidence, IPv4Recognizer.confidence)
    }

    func testIPv6() {
        XCTAssertEqual(texts("Host 2001:0db8:0000:0000:0000:ff00:0042:8329 ok", .ipAddress),
                       ["2001:0db8:0000:0000:0000:ff00:0042:8329"])
        XCTAssertEqual(texts("Host 2001:db8::ff00:42:8329.", .ipAddress), ["2001:db8::ff00:42:8329"])
        XCTAssertEqual(texts("link-local fe80::1 und FE80::ABCD:1", .ipAddress), ["fe80::1", "FE80::ABCD:1"])
        XCTAssertEqual(texts("mapped ::ffff:192.0.2.128", .ipAddress), ["::ffff:192.0.2.128"])
        XCTAssertEqual(texts("[2001:db8::1]:443", .ipAddress), ["2001:db8::1"])
        XCTAssertEqual(texts("IP:2001:db8::1", .ipAddress), ["2001:db8::1"])
        XCTAssertEqual(texts("2001:db8::", .ipAddress), ["2001:db8::"])
    }

    /// A label ending in hex letters, fused with the address by the text
    /// layer or OCR ("Adresse:" ends in 'e').
    func testIPv6FusedWithHexLetterLabel() {
        XCTAssertEqual(texts("Adresse:2001:db8:85a3::8a2e:370:7334", .ipAddress), ["2001:db8:85a3::8a2e:370:7334"])
        XCTAssertEqual(texts("Server: hallo\nAdresse:fe80::1", .ipAddress), ["fe80::1"])
        XCTAssertEqual(texts("Code:fe80::1 ok", .ipAddress), ["fe80::1"])
        // Still no address inside ordinary words with colons.
        XCTAssertEqual(texts("Bedeutung:ab:cd", .ipAddress), [])
    }

    func testIPv6NearMisses() {
        XCTAssertEqual(texts("Termin um 12:30 Uhr", .ipAddress), [])
        XCTAssertEqual(texts("Zeit 12:30:45", .ipAddress), [])
        XCTAssertEqual(texts("Spiel endete 12::30", .ipAddress), [])
        XCTAssertEqual(texts("2001:db8::1::2", .ipAddress), [])
        XCTAssertEqual(texts("1:2:3:4:5:6:7:8:9", .ipAddress), [])
        XCTAssertEqual(texts("1:2:3:4:5:6:7", .ipAddress), [])
        XCTAssertEqual(texts("2001:db8:12345::1", .ipAddress), [])
        XCTAssertEqual(texts("std::vector and Foo::bar", .ipAddress), [])
        XCTAssertEqual(texts("::", .ipAddress), [])
        XCTAssertEqual(texts("::ffff:300.1.1.1", .ipAddress), [])
    }

    func testPrefixLength() {
        XCTAssertEqual(texts("Prefix 2001:db8:4bc0:1e00::/56 delegated", .ipAddress), ["2001:db8:4bc0:1e00::/56"])
        XCTAssertEqual(texts("Netz 192.0.2.0/24.", .ipAddress), ["192.0.2.0/24"])
        XCTAssertEqual(texts("Host 192.0.2.7/33", .ipAddress), ["192.0.2.7"])
        XCTAssertEqual(texts("Pfad 192.0.2.7/24/x", .ipAddress), ["192.0.2.7"])
    }
}
