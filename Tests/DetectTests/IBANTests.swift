import RedactCore
import XCTest

@testable import Detect

final class IBANTests: XCTestCase {
    /// Published example IBANs (registry and bank documentation examples).
    static let valid = [
        "DE89370400440532013000", "GB82WEST12345698765432", "GB29NWBK60161331926819",
        "NL91ABNA0417164300", "FR1420041010050500013M02606", "AT611904300234573201",
        "CH9300762011623852957", "BE68539007547034", "NO9386011117947",
        "MT84MALT011000012345MTLCAST001S", "LC55HEMM000100010012001200023015",
        "RU0204452560040702810412345678901", "ES9121000418450200051332",
        "IT60X0542811101000000123456", "PL61109010140000071219812874",
    ]

    static func grouped(_ iban: String) -> String {
        var out = ""
        for (k, c) in iban.enumerated() {
            if k > 0 && k % 4 == 0 { out.append(" ") }
            out.append(c)
        }
        return out
    }

    func testPublishedExamples() {
        for iban in Self.valid {
            XCTAssertEqual(texts("IBAN: \(iban).", .iban), [iban], iban)
            let g = Self.grouped(iban)
            XCTAssertEqual(texts("IBAN \(g) BIC XYZ", .iban), [g], g)
        }
    }

    func testAsPrinted() {
        XCTAssertEqual(texts("Bankverbindung: DE89 3704 0044 0532 0130 00, Commerzbank", .iban),
                       ["DE89 3704 0044 0532 0130 00"])
        XCTAssertEqual(texts("IBAN:DE89370400440532013000\nBIC: COBADEFFXXX", .iban), ["DE89370400440532013000"])
        XCTAssertEqual(texts("DE89\u{A0}3704\u{A0}0044\u{A0}0532\u{A0}0130\u{A0}00", .iban),
                       ["DE89\u{A0}3704\u{A0}0044\u{A0}0532\u{A0}0130\u{A0}00"])
        // Grouped as BLZ and account number.
        XCTAssertEqual(texts("DE89 37040044 0532013000", .iban), ["DE89 37040044 0532013000"])
        // OCR in lower case.
        XCTAssertEqual(texts("iban gb82 west 1234 5698 7654 32", .iban), ["gb82 west 1234 5698 7654 32"])
    }

    func testOCRFusedLabelAndOneBoxPerCharacter() {
        XCTAssertEqual(texts("Ihr Konto:IBANDE89 3704 0044 0532 0130 00", .iban), ["DE89 3704 0044 0532 0130 00"])
        XCTAssertEqual(texts("IBAN: D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0\n", .iban),
                       ["D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0"])
        // Glued to any other word it is not an IBAN, nor when spaced out with a wrong digit.
        XCTAssertEqual(texts("KontoDE89370400440532013000", .iban), [])
        XCTAssertEqual(texts("D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 1", .iban), [])
    }

    func testRunsOnOverOneLineBreak() {
        XCTAssertEqual(texts("IBAN DE89 3704 0044\n0532 0130 00 bitte", .iban), ["DE89 3704 0044\n0532 0130 00"])
        XCTAssertEqual(texts("IBAN DE89 3704 0044 \r\n0532 0130 00", .iban), ["DE89 3704 0044 \r\n0532 0130 00"])
        // Not twice, not with a wrong digit, not right after the country code.
        XCTAssertEqual(texts("IBAN DE89 3704\n0044\n0532 0130 00", .iban), [])
        XCTAssertEqual(texts("IBAN DE89 3704 0044\n0532 0130 01", .iban), [])
        XCTAssertEqual(texts("IBAN DE\n89 3704 0044 0532 0130 00", .iban), [])
        // An IBAN that ends at the line's end does not take the next line.
        XCTAssertEqual(texts("DE89 3704 0044 0532 0130 00\n12 Stück", .iban), ["DE89 3704 0044 0532 0130 00"])
    }

    func testReasonIsChecksum() {
        let d = detections("DE89370400440532013000", .iban)
        XCTAssertEqual(d, [Detection(category: .iban, range: 0..<22, confidence: 1.0, reason: .checksum)])
    }

    func testEveryChangedDigitFails() {
        for iban in ["DE89370400440532013000", "GB82WEST12345698765432"] {
            var chars = Array(iban)
            for k in 2..<chars.count where chars[k].isNumber {
                let original = chars[k]
                let d = Int(String(original))!
                chars[k] = Character(String((d + 1) % 10))
                XCTAssertEqual(texts(String(chars), .iban), [], String(chars))
                chars[k] = original
            }
        }
    }

    func testSwappedDigitsFail() {
        XCTAssertEqual(texts("DE89 3704 0044 0532 0130 00".replacingOccurrences(of: "0532", with: "0523"), .iban), [])
    }

    func testLengthTable() {
        XCTAssertEqual(IBANRegistry.lengths.count, 89)
        XCTAssertEqual(IBANRegistry.length(0x44, 0x45), 22)  // DE
        XCTAssertEqual(IBANRegistry.length(0x6E, 0x6F), 15)  // no
        XCTAssertEqual(IBANRegistry.length(0x55, 0x53), 0)  // US has none
        for (code, length) in IBANRegistry.lengths {
            XCTAssertTrue((15...34).contains(length), code)
        }
    }

    func testWrongLengthIsNotAnIBAN() {
        // DE needs 22; one character more or less fails even with a matching checksum.
        XCTAssertEqual(texts("DE8937040044053201300", .iban), [])
        XCTAssertEqual(texts("DE893704004405320130001", .iban), [])
        XCTAssertEqual(texts("DE89 3704 0044 0532 0130 001", .iban), [])
        // A valid GB IBAN relabelled with a country of another length.
        XCTAssertEqual(texts("NL82WEST12345698765432", .iban), [])
    }

    func testUnknownCountryAndNearMisses() {
        XCTAssertEqual(texts("US89370400440532013000", .iban), [])
        XCTAssertEqual(texts("XDE89370400440532013000", .iban), [])
        XCTAssertEqual(texts("DE89  3704 0044 0532 0130 00", .iban), [])
        XCTAssertEqual(texts("DE 89 3704 0044 0532 0130 00", .iban), [])
        XCTAssertEqual(texts("DE00370400440532013000", .iban), [])
    }

    func testTwoInOneText() {
        XCTAssertEqual(texts("von DE89 3704 0044 0532 0130 00 an GB82 WEST 1234 5698 7654 32", .iban),
                       ["DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32"])
    }

    func testSEPAFieldsRunTogether() {
        // Remittance text: "IBAN+…BIC+…" with no space between the fields.
        let text = "EREF+NOTPROVIDED SVWZ+Miete IBAN+DE89370400440532013000BIC+COBADEFFXXX"
        XCTAssertEqual(texts(text, .iban), ["DE89370400440532013000"])
        XCTAssertEqual(texts(text, .bic), ["COBADEFFXXX"])
        XCTAssertEqual(texts("DE89370400440532013000XYZ", .iban), [])
        // A form field wraps the BIC before the primary office's branch code.
        XCTAssertEqual(texts("IBAN+DE89370400440532013000BIC+COBADEFF XXX", .bic), ["COBADEFF XXX"])
        XCTAssertEqual(texts("BIC: COBADEFF\nXXX\n", .bic), ["COBADEFF\nXXX"])
        XCTAssertEqual(texts("BIC: COBADEFF XXXL", .bic), ["COBADEFF"])
        XCTAssertEqual(texts("BIC: COBADEFF ABC", .bic), ["COBADEFF"])
        // OCR doubles or loses an X of the branch code.
        XCTAssertEqual(ocrTexts("DE89 3704 0044 0532 0130 00 (COBADEFFXXxX)", .bic), ["COBADEFFXXxX"])
        XCTAssertEqual(ocrTexts("BIC COBADEFFX", .bic), ["COBADEFFX"])
        XCTAssertEqual(texts("BIC COBADEFFXXxX", .bic), [])  // text layer
        XCTAssertEqual(ocrTexts("BIC COBADEFFXXXXXX", .bic), [])
    }
}
