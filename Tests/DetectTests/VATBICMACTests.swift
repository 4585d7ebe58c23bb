import RedactCore
import XCTest

@testable import Detect

final class VATIDTests: XCTestCase {
    static func weighted(_ s: String, _ weights: [Int]) -> Int {
        zip(Spec.digits(s), weights).map { $0 * $1 }.reduce(0, +)
    }

    /// Valid IDs made with each country's published rule.
    static var made: [String] {
        var ids: [String] = []
        ids.append("DE" + "13669597" + String(Spec.iso7064("13669597")))
        // AT: digits 2, 4, 6 doubled (digit sums), + 4, 10 - last digit.
        let at = Spec.digits("1358562")
        var atSum = 4
        for (k, d) in at.enumerated() { atSum += k % 2 == 1 ? Spec.crossSum(2 * d) : d }
        ids.append("ATU1358562" + String((10 - atSum % 10) % 10))
        ids.append("NL" + "00449544" + String(weighted("00449544", [9, 8, 7, 6, 5, 4, 3, 2]) % 11) + "B01")
        let siren = 303265045
        ids.append("FR" + String(format: "%02d", (12 + 3 * (siren % 97)) % 97) + String(siren))
        ids.append("IT" + "0074311015" + String(Spec.luhnDigit("0074311015")))
        ids.append("ES12345678Z")
        // CIF: odd positions doubled (digit sums), control digit.
        let cif = Spec.digits("2801586")
        var cifSum = 0
        for (k, d) in cif.enumerated() { cifSum += k % 2 == 0 ? Spec.crossSum(2 * d) : d }
        ids.append("ESA2801586" + String((10 - cifSum % 10) % 10))
        ids.append("BE04031707" + String(format: "%02d", 97 - 4031707 % 97))
        let gb = weighted("9807806", [8, 7, 6, 5, 4, 3, 2])
        ids.append("GB9807806" + String(format: "%02d", (97 - gb % 97) % 97))
        ids.append("PL526025027" + String(weighted("526025027", [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11))
        let pt = 11 - weighted("50000490", [9, 8, 7, 6, 5, 4, 3, 2]) % 11
        ids.append("PT50000490" + String(pt >= 10 ? 0 : pt))
        ids.append("LU150274" + String(format: "%02d", 150274 % 89))
        ids.append("SE556677813" + String(Spec.luhnDigit("556677813")) + "01")
        return ids
    }

    func testPublished() {
        for id in ["DE136695976", "ATU13585627", "NL004495445B01", "FR40303265045", "IT00743110157", "BE0403170701",
                   "GB980780684", "ESA28015865"] {
            XCTAssertEqual(texts("USt-IdNr.: \(id)", .vatID), [id], id)
        }
    }

    func testMadeHere() {
        for id in Self.made {
            XCTAssertEqual(texts("VAT \(id)", .vatID), [id], id)
            XCTAssertEqual(kinds(id, .vatID), [String(id.prefix(2)) + " VAT ID"], id)
        }
        XCTAssertTrue(Self.made.contains("DE136695976"))
        XCTAssertTrue(Self.made.contains("ATU13585627"))
    }

    func testNearMisses() {
        for id in Self.made where !id.hasPrefix("NL") { assertNearMissesFail(id, .vatID) }
        // The Dutch suffix (B01, B02, ...) numbers branches and has no check:
        // only the nine digits before it are tried.
        let nl = Self.made.first { $0.hasPrefix("NL") }!
        for v in Spec.offByOne(String(nl.dropLast(3))) { XCTAssertEqual(texts(v + "B01", .vatID), [], v) }
    }

    func testPrintedForms() {
        XCTAssertEqual(texts("USt-IdNr. DE 136 695 976", .vatID), ["DE 136 695 976"])
        XCTAssertEqual(texts("VAT Reg No: GB 980 7806 84", .vatID), ["GB 980 7806 84"])
        XCTAssertEqual(texts("Unsere USt-ID lautet DE136695976, Steuernummer folgt.", .vatID), ["DE136695976"])
        XCTAssertEqual(detections("DE136695976", .vatID).map(\.reason), [.checksum])
    }

    func testCroatiaAndNorthernIreland() {
        let hr = "HR" + "1234567890" + String(Spec.iso7064("1234567890"))
        XCTAssertEqual(texts(hr, .vatID), [hr])
        assertNearMissesFail(hr, .vatID)
        XCTAssertEqual(texts("XI980780684", .vatID), ["XI980780684"])
    }

    func testOtherStatesOnlyWithLabel() {
        for id in ["CZ12345678", "CZ1234567890", "SK1234567890", "HU12345678", "RO1234567", "BG123456789",
                   "LT123456789", "LT123456789012", "LV12345678901", "EE123456789", "CY12345678L", "MT12345678",
                   "IE1234567T", "IE1234567WA", "SI12345678"] {
            XCTAssertEqual(texts("VAT: \(id)", .vatID), [id], id)
            XCTAssertEqual(detections("VAT: \(id)", .vatID).map(\.reason), [.context], id)
            XCTAssertEqual(texts(id, .vatID), [], id)
        }
        XCTAssertEqual(texts("VAT: CZ1234567", .vatID), [])  // too short
        XCTAssertEqual(texts("VAT: LT1234567890", .vatID), [])  // 10 digits: no Lithuanian form
        XCTAssertEqual(texts("VAT: IE123456T", .vatID), [])
    }

    func testNotVAT() {
        XCTAssertEqual(texts("DE1366959761", .vatID), [])
        XCTAssertEqual(texts("XDE136695976", .vatID), [])
        XCTAssertEqual(texts("US136695976", .vatID), [])
        XCTAssertEqual(texts("de136695976", .vatID), [])
        XCTAssertEqual(texts("AT13585627", .vatID), [])  // the U is part of the Austrian ID
    }
}

final class BICTests: XCTestCase {
    func testWithLabel() {
        XCTAssertEqual(texts("BIC: COBADEFFXXX", .bic), ["COBADEFFXXX"])
        XCTAssertEqual(texts("SWIFT-Code DEUTDEFF", .bic), ["DEUTDEFF"])
        XCTAssertEqual(texts("BIC/SWIFT: NWBKGB2L", .bic), ["NWBKGB2L"])
        XCTAssertEqual(kinds("BIC COBADEFFXXX", .bic), ["BIC"])
        XCTAssertEqual(detections("BIC COBADEFFXXX", .bic).map(\.reason), [.context])
    }

    func testNextToAnIBAN() {
        XCTAssertEqual(bics("DE89 3704 0044 0532 0130 00 COBADEFFXXX"), ["COBADEFFXXX"])
        XCTAssertEqual(bics("COBADEFFXXX DE89 3704 0044 0532 0130 00"), ["COBADEFFXXX"])
        let far = "DE89 3704 0044 0532 0130 00" + String(repeating: " und so weiter", count: 6) + " COBADEFFXXX"
        XCTAssertEqual(bics(far), [])
        // Unlabelled next to an IBAN, the BIC's country is the IBAN's.
        XCTAssertEqual(bics("to GB86 GMSO 9162 2016 5362 90\nCARD 4417 WAITROSE READING"), [])
        XCTAssertEqual(bics("GB86 GMSO 9162 2016 5362 90 NWBKGB2L"), ["NWBKGB2L"])
        XCTAssertEqual(bics("D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0 COBADEFFXXX"), ["COBADEFFXXX"])
        // The IBAN need not be a category that is on.
        XCTAssertEqual(texts("IBAN DE89 3704 0044 0532 0130 00 COBADEFFXXX", .bic), ["COBADEFFXXX"])
    }

    func testNeedsContextAndShape() {
        XCTAssertEqual(texts("COBADEFFXXX", .bic), [])
        XCTAssertEqual(texts("Das Wort ABSOLUTE steht hier.", .bic), [])
        XCTAssertEqual(texts("BIC COBAQQFFXXX", .bic), [])  // QQ is no country
        XCTAssertEqual(texts("BIC COBADEFFXX", .bic), [])  // 10 characters
        XCTAssertEqual(texts("BIC cobadeffxxx", .bic), [])
        XCTAssertEqual(texts("BIC C0BADEFF", .bic), [])  // digit in the bank code
    }

    func testLabelFusedInCapitals() {
        XCTAssertEqual(texts("SWIFT/BICNWBKGB2L", .bic), ["NWBKGB2L"])
        XCTAssertEqual(texts("BICCOBADEFFXXX", .bic), ["COBADEFFXXX"])
        XCTAssertEqual(texts("SWIFTDEUTDEFF", .bic), ["DEUTDEFF"])
        // Not the label in capitals, not 8 or 11 after it, or no country code.
        XCTAssertEqual(texts("BicCOBADEFFXXX", .bic), [])
        XCTAssertEqual(texts("BICYCLES", .bic), [])
        XCTAssertEqual(texts("BICCOBADEFFXX", .bic), [])
        XCTAssertEqual(texts("BICCOBAQQFFXXX", .bic), [])
    }

    func testFormLabelOnTheLineAbove() {
        // The label begins the line above, whatever else stands there; the value begins its line.
        XCTAssertEqual(texts("BIC des Instituts (8 oder 11 Stellen)\nCOBADEFFXXX\n", .bic), ["COBADEFFXXX"])
        // The value not at the start of its line, or the label not at the start of its line.
        XCTAssertEqual(texts("BIC des Instituts (8 oder 11 Stellen)\nneu: COBADEFFXXX\n", .bic), [])
        XCTAssertEqual(texts("Feld 3 BIC des Instituts (8 oder 11 Stellen)\nCOBADEFFXXX\n", .bic), [])
        // Two lines down is too far.
        XCTAssertEqual(texts("BIC des Instituts (8 oder 11 Stellen)\n\nCOBADEFFXXX\n", .bic), [])
    }

    func bics(_ text: String) -> [String] {
        found(text, [.bic, .iban]).filter { $0.category == .bic }.map(\.text)
    }
}

final class MACAddressTests: XCTestCase {
    func testForms() {
        XCTAssertEqual(texts("MAC 00:1A:2B:3C:4D:5E", .mac), ["00:1A:2B:3C:4D:5E"])
        XCTAssertEqual(texts("hw ether 00-1a-2b-3c-4d-5e up", .mac), ["00-1a-2b-3c-4d-5e"])
        XCTAssertEqual(texts("ab:cd:ef:01:23:45", .mac), ["ab:cd:ef:01:23:45"])
        XCTAssertEqual(texts("Cisco 001a.2b3c.4d5e.", .mac), ["001a.2b3c.4d5e"])
        XCTAssertEqual(detections("00:1A:2B:3C:4D:5E", .mac).map(\.reason), [.pattern])
    }

    func testNotMAC() {
        XCTAssertEqual(texts("00:1A:2B:3C:4D", .mac), [])
        XCTAssertEqual(texts("00:1A:2B:3C:4D:5E:6F", .mac), [])
        XCTAssertEqual(texts("00:1A-2B:3C:4D:5E", .mac), [])
        XCTAssertEqual(texts("00:1G:2B:3C:4D:5E", .mac), [])
        XCTAssertEqual(texts("12:30:45", .mac), [])
        XCTAssertEqual(texts("1234.5678.9012", .mac), [])
        XCTAssertEqual(texts("x00:1A:2B:3C:4D:5E", .mac), [])
    }

    func testSwissUID() {
        // The UID of a sole trader's firm; its check digit decides.
        XCTAssertEqual(texts("Einzelfirma, UID CHE-219.447.806 MWST", .vatID), ["CHE-219.447.806"])
        XCTAssertEqual(texts("UID CHE-219.447.807", .vatID), [])
    }
}
