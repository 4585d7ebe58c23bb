import RedactCore
import XCTest

@testable import Detect

final class USSocialSecurityNumberTests: XCTestCase {
    func testDashedSSN() {
        XCTAssertEqual(texts("SSN 123-45-6789", .nationalID), ["123-45-6789"])
        XCTAssertEqual(texts("Her number is 078-05-1121 on file.", .nationalID), ["078-05-1121"])
        XCTAssertEqual(kinds("123-45-6789", .nationalID), ["US SSN"])
        XCTAssertEqual(detections("123-45-6789", .nationalID).map(\.reason), [.pattern])
        XCTAssertEqual(detections("SSN: 123-45-6789", .nationalID).map(\.reason), [.context])
    }

    func testClaimNumberWithBeneficiaryCode() {
        XCTAssertEqual(texts("Claim Number: 804-52-8752A\n", .nationalID), ["804-52-8752"])
        XCTAssertEqual(texts("Claim Number: 804-52-8752B1 issued", .nationalID), ["804-52-8752"])
        // Glued to a word, to more than two characters, or an invalid area: not an SSN.
        XCTAssertEqual(texts("Claim Number: 804-52-8752Abc", .nationalID), [])
        XCTAssertEqual(texts("Part 804-52-8752ABC", .nationalID), [])
        XCTAssertEqual(texts("Claim Number: 666-52-8752A", .nationalID), [])
        XCTAssertEqual(texts("Claim Number: 804528752A", .nationalID), [])
    }

    func testInvalidRanges() {
        for number in ["000-45-6789", "666-45-6789", "123-00-6789", "123-45-0000", "901-45-6789"] {
            XCTAssertEqual(texts("SSN \(number)", .nationalID), [], number)
        }
    }

    func testPlainOnlyWithLabel() {
        XCTAssertEqual(texts("123456789", .nationalID), [])
        // Grouped 3-2-4 with spaces is the SSA's shape: a pattern, like hyphens.
        XCTAssertEqual(texts("123 45 6789", .nationalID), ["123 45 6789"])
        XCTAssertEqual(texts("Social Security Number: 123456789", .nationalID), ["123456789"])
        XCTAssertEqual(texts("SSN 123 45 6789", .nationalID), ["123 45 6789"])
        XCTAssertEqual(texts("12-345-6789", .nationalID), [])  // wrong grouping
    }

    func testITIN() {
        for group in ["50", "65", "70", "88", "90", "92", "94", "99"] {
            XCTAssertEqual(texts("ITIN 912-\(group)-3456", .taxID), ["912-\(group)-3456"], group)
        }
        for group in ["49", "66", "69", "89", "93"] {
            XCTAssertEqual(texts("ITIN 912-\(group)-3456", .taxID), [], group)
            XCTAssertEqual(texts("912-\(group)-3456", .nationalID), [], group)
        }
        XCTAssertEqual(kinds("912-70-3456", .taxID), ["US ITIN"])
        XCTAssertEqual(texts("912703456", .taxID), [])
        XCTAssertEqual(texts("ITIN: 912703456", .taxID), ["912703456"])
    }

    func testLabelledPhoneNumberWinsOverUnlabelledSSNShape() {
        // Berlin number written 3-2-4 after a phone label: a phone number, not an SSN.
        XCTAssertEqual(found("Tel. 030-12-3456", [.phone, .nationalID]).map(\.description), ["phone:030-12-3456"])
        // With an SSN label, the label decides.
        XCTAssertEqual(found("SSN 030-12-3456", [.phone, .nationalID]).map(\.description), ["national-id:030-12-3456"])
    }
}

final class UKNationalInsuranceNumberTests: XCTestCase {
    func testValid() {
        XCTAssertEqual(texts("National Insurance number: JG 10 37 59 A", .nationalID), ["JG 10 37 59 A"])
        XCTAssertEqual(texts("NINO JG103759A.", .nationalID), ["JG103759A"])
        XCTAssertEqual(texts("Your NI number AB123456C is shown above.", .nationalID), ["AB123456C"])
        XCTAssertEqual(kinds("JG103759A", .nationalID), ["UK NINO"])
        XCTAssertEqual(detections("JG103759A", .nationalID).map(\.reason), [.pattern])
    }

    func testPrefixAndSuffixRules() {
        for bad in ["DA123456A", "FA123456A", "QA123456A", "VA123456A", "AO123456A", "AD123456A",
                    "BG123456A", "GB123456A", "NK123456A", "KN123456A", "TN123456A", "NT123456A", "ZZ123456A",
                    "AB123456E", "AB12345C", "ab123456c", "AB 1234 56 C"] {
            XCTAssertEqual(texts(bad, .nationalID), [], bad)
        }
    }

    func testSampleDigitsAreRedactedToo() {
        // A real number may count up; hiding a sample costs nothing.
        XCTAssertEqual(texts("Sample format shown on our website:\nAB 12 34 56 C, which is not a real number.", .nationalID),
                       ["AB 12 34 56 C"])
        XCTAssertEqual(texts("e.g. JG 11 11 11 A", .nationalID), ["JG 11 11 11 A"])
        XCTAssertEqual(texts("NINO: AB 12 34 56 C", .nationalID), ["AB 12 34 56 C"])
        XCTAssertEqual(texts("e.g. JG 12 34 57 A", .nationalID), ["JG 12 34 57 A"])
    }

    func testWithoutSuffixOnlyWithLabel() {
        XCTAssertEqual(texts("JG103759", .nationalID), [])
        XCTAssertEqual(texts("NI number: JG 10 37 59", .nationalID), ["JG 10 37 59"])
    }
}

final class UKNHSNumberTests: XCTestCase {
    static func make(_ nine: String) -> String? {
        var sum = 0
        for (k, d) in Spec.digits(nine).enumerated() { sum += d * (10 - k) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? nil : nine + String(check)
    }

    static func grouped(_ s: String) -> String {
        let c = Array(s)
        return String(c[0..<3]) + " " + String(c[3..<6]) + " " + String(c[6...])
    }

    func testValid() {
        XCTAssertEqual(Self.make("943476591"), "9434765919")  // NHS Digital's example
        XCTAssertEqual(texts("NHS number: 943 476 5919", .insuranceID), ["943 476 5919"])
        XCTAssertEqual(texts("943-476-5919", .insuranceID), ["943-476-5919"])
        XCTAssertEqual(texts("NHS No. 9434765919", .insuranceID), ["9434765919"])
        XCTAssertEqual(kinds("943 476 5919", .insuranceID), ["UK NHS number"])
        for nine in ["401023213", "640832111", "450557710"] {
            guard let number = Self.make(nine) else { continue }
            XCTAssertEqual(texts(Self.grouped(number), .insuranceID), [Self.grouped(number)], number)
        }
    }

    func testLeadingZeroOnlyWithLabel() {
        // Scottish CHI numbers start with the day of birth: a leading 0 after an NHS label.
        XCTAssertEqual(texts("(NHS no. 037 538 3182) has", .insuranceID), ["037 538 3182"])
        XCTAssertEqual(texts("ref 037 538 3182 has", .insuranceID), [])
        XCTAssertEqual(texts("(NHS no. 037 538 3183) has", .insuranceID), [])
    }

    func testNearMissesAndShape() {
        assertNearMissesFail("943 476 5919", .insuranceID, prefix: "NHS ")
        XCTAssertEqual(texts("9434765919", .insuranceID), [])  // unbroken without label
        XCTAssertEqual(texts("9434 765 919", .insuranceID), [])
        XCTAssertEqual(texts("943 476-5919", .insuranceID), [])  // mixed separators
    }
}

final class FrenchNIRTests: XCTestCase {
    /// Key = 97 - (number mod 97), Corsica 2A as 19 and 2B as 18.
    static func make(_ thirteen: String) -> String {
        let plain = thirteen.replacingOccurrences(of: " ", with: "")
        let numeric = plain.replacingOccurrences(of: "2A", with: "19").replacingOccurrences(of: "2B", with: "18")
        let key = 97 - Int(numeric)! % 97
        return thirteen + " " + (key < 10 ? "0" : "") + String(key)
    }

    func testValid() {
        XCTAssertEqual(Self.make("2 55 08 14 168 025"), "2 55 08 14 168 025 38")  // the usual example
        for number in ["2 55 08 14 168 025 38", Self.make("1 84 12 76 451 089"), Self.make("1 84 12 2A 451 089"),
                       Self.make("2 91 03 2B 033 007")] {
            XCTAssertEqual(texts("Numéro de sécurité sociale : \(number)", .nationalID), [number], number)
            let plain = number.replacingOccurrences(of: " ", with: "")
            XCTAssertEqual(texts(plain, .nationalID), [plain], plain)
        }
        XCTAssertEqual(kinds("255081416802538", .nationalID), ["FR NIR"])
    }

    func testNearMisses() {
        assertNearMissesFail("255081416802538", .nationalID)
        // Corsica: 2A and 2B are not interchangeable.
        let corsica = Self.make("1 84 12 2A 451 089")
        XCTAssertEqual(texts(corsica.replacingOccurrences(of: "2A", with: "2B"), .nationalID), [])
        XCTAssertEqual(texts("5 55 08 14 168 025 38", .nationalID), [])  // no such sex digit
    }

    func testOCRAndText() {
        XCTAssertEqual(ocrTexts("N° SS 2 55 O8 14 168 025 38", .nationalID), ["2 55 O8 14 168 025 38"])
        XCTAssertEqual(texts("Votre NIR 255081416802538 figure sur la carte Vitale.", .nationalID),
                       ["255081416802538"])
    }
}

final class SpanishDNITests: XCTestCase {
    static let letters = Array("TRWAGMYFPDXBNJZSQVHLCKE")

    func testValid() {
        XCTAssertEqual(Self.letters[12345678 % 23], "Z")
        XCTAssertEqual(texts("DNI 12345678Z", .nationalID), ["12345678Z"])
        XCTAssertEqual(texts("DNI: 12345678-Z", .nationalID), ["12345678-Z"])
        XCTAssertEqual(texts("Mi NIE es X1234567L.", .nationalID), ["X1234567L"])
        XCTAssertEqual(kinds("X1234567L", .nationalID), ["ES NIE"])
        XCTAssertEqual(kinds("12345678Z", .nationalID), ["ES DNI"])
        for n in [87654321, 11111111, 4500012] {
            let dni = String(format: "%08d", n) + String(Self.letters[n % 23])
            XCTAssertEqual(texts(dni, .nationalID), [dni])
        }
        let y = "Y" + "7654321" + String(Self.letters[(10_000_000 + 7654321) % 23])
        XCTAssertEqual(texts(y, .nationalID), [y])
    }

    func testNearMisses() {
        assertNearMissesFail("12345678Z", .nationalID)
        assertNearMissesFail("X1234567L", .nationalID)
        XCTAssertEqual(texts("12345678A", .nationalID), [])
        XCTAssertEqual(texts("12345678y", .nationalID), [])  // lower case is read, the letter still decides
        XCTAssertEqual(texts("W1234567L", .nationalID), [])
    }

    func testOCR() {
        XCTAssertEqual(ocrTexts("DNI 1234S678Z", .nationalID), ["1234S678Z"])
        XCTAssertEqual(ocrTexts("DNI 12S4S678Z", .nationalID), [])  // S for 5 twice, and 3 lost: no
    }
}

final class ItalianCodiceFiscaleTests: XCTestCase {
    static let odd: [Character: Int] = {
        let values = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
        var t: [Character: Int] = [:]
        for (k, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".enumerated() { t[c] = values[k] }
        for (k, c) in "0123456789".enumerated() { t[c] = values[k] }
        return t
    }()

    static func make(_ fifteen: String) -> String {
        var sum = 0
        for (k, c) in fifteen.enumerated() {
            if k % 2 == 0 {
                sum += odd[c]!
            } else {
                sum += c.wholeNumberValue ?? (Int(c.asciiValue!) - 65)
            }
        }
        return fifteen + String(Character(Unicode.Scalar(UInt8(65 + sum % 26))))
    }

    func testValid() {
        XCTAssertEqual(Self.make("RSSMRA85T10A562"), "RSSMRA85T10A562S")  // the usual example
        let woman = Self.make("BNCLRA92M61H501")
        let omocodia = Self.make("RSSMRA85T10A56N")  // last digit 2 written as N
        for code in ["RSSMRA85T10A562S", woman, omocodia] {
            XCTAssertEqual(texts("Codice fiscale: \(code)", .nationalID), [code], code)
        }
        XCTAssertEqual(texts("rssmra85t10a562s", .nationalID), ["rssmra85t10a562s"])  // OCR lower case
        XCTAssertEqual(kinds("RSSMRA85T10A562S", .nationalID), ["IT codice fiscale"])
        XCTAssertEqual(texts("Il mio codice fiscale è RSSMRA85T10A562S, grazie.", .nationalID),
                       ["RSSMRA85T10A562S"])
    }

    func testNearMisses() {
        assertNearMissesFail("RSSMRA85T10A562S", .nationalID)
        XCTAssertEqual(texts("RSSMRA85T10A562T", .nationalID), [])
        XCTAssertEqual(texts(Self.make("RSSMRA85F10A562"), .nationalID), [])  // F is no month letter
        XCTAssertEqual(texts(Self.make("RSSMRA85T10A56A"), .nationalID), [])  // A is no omocodia letter
    }
}

final class DutchBSNTests: XCTestCase {
    static func passes(_ s: String) -> Bool {
        let d = Spec.digits(s)
        var sum = -d[8]
        for k in 0..<8 { sum += d[k] * (9 - k) }
        return sum % 11 == 0
    }

    func testOnlyWithLabel() {
        XCTAssertTrue(Self.passes("111222333"))
        XCTAssertTrue(Self.passes("123456782"))
        XCTAssertEqual(texts("BSN: 111222333", .nationalID), ["111222333"])
        XCTAssertEqual(texts("Burgerservicenummer 1234.56.782", .nationalID), ["1234.56.782"])
        XCTAssertEqual(texts("Uw BSN is 123 456 782.", .nationalID), ["123 456 782"])
        XCTAssertEqual(texts("123456782", .nationalID), [])
        XCTAssertEqual(texts("Bestelnummer 123456782", .nationalID), [])
        XCTAssertEqual(kinds("BSN 123456782", .nationalID), ["NL BSN"])
    }

    func testNearMisses() {
        assertNearMissesFail("123456782", .nationalID, prefix: "BSN ")
        XCTAssertEqual(texts("BSN 000000000", .nationalID), [])
    }
}

final class AustrianSocialSecurityNumberTests: XCTestCase {
    static func make(serial: String, birth: String) -> String? {
        let weights = [3, 7, 9, 5, 8, 4, 2, 1, 6]
        let d = Spec.digits(serial + birth)
        var sum = 0
        for (x, w) in zip(d, weights) { sum += x * w }
        return sum % 11 == 10 ? nil : serial + String(sum % 11) + " " + birth
    }

    func testValid() {
        XCTAssertEqual(Self.make(serial: "123", birth: "010180"), "1237 010180")
        XCTAssertEqual(texts("SVNR: 1237 010180", .insuranceID), ["1237 010180"])
        XCTAssertEqual(texts("1237 010180", .insuranceID), ["1237 010180"])
        XCTAssertEqual(texts("Sozialversicherungsnummer 1237010180", .insuranceID), ["1237010180"])
        XCTAssertEqual(kinds("1237 010180", .insuranceID), ["AT SVNR"])
        if let other = Self.make(serial: "456", birth: "241275") {
            XCTAssertEqual(texts("Versicherungsnummer \(other)", .insuranceID), [other])
        }
    }

    func testNearMissesAndShape() {
        assertNearMissesFail("1237 010180", .insuranceID, prefix: "SVNR ")
        XCTAssertEqual(texts("1237010180", .insuranceID), [])  // unbroken without label
        XCTAssertEqual(texts("0237 010180", .insuranceID), [])
    }
}

final class SwissAHVNumberTests: XCTestCase {
    static func make(_ twelve: String) -> String {
        var sum = 0
        for (k, d) in Spec.digits(twelve).enumerated() { sum += d * (k % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }

    func testValid() {
        XCTAssertEqual(Self.make("756.1234.5678.9"), "756.1234.5678.97")
        XCTAssertEqual(texts("AHV-Nr. 756.1234.5678.97", .insuranceID), ["756.1234.5678.97"])
        XCTAssertEqual(texts("7561234567897", .insuranceID), ["7561234567897"])
        let spaced = Self.make("756 9217 0769 8")
        XCTAssertEqual(texts("N° AVS \(spaced)", .insuranceID), [spaced])
        let other = Self.make("756.3047.5009.6")
        XCTAssertEqual(texts("Ihre AHV-Nummer lautet \(other).", .insuranceID), [other])
        XCTAssertEqual(kinds(other, .insuranceID), ["CH AHV"])
    }

    func testNearMisses() {
        assertNearMissesFail("756.1234.5678.97", .insuranceID)
        XCTAssertEqual(texts(Self.make("757.1234.5678.9"), .insuranceID), [])  // not the Swiss prefix
        XCTAssertEqual(texts("756.12345.678.97", .insuranceID), [])
    }

    func testLowerCaseNINOAloneInACell() {
        // A spreadsheet column typed in lower case.
        XCTAssertEqual(texts("Ann Example\t12345\tab123456c\t01/02/1990", .nationalID), ["ab123456c"])
        XCTAssertEqual(texts("| Ann Example | ab123456c | 01/02/1990 |", .nationalID), ["ab123456c"])
        XCTAssertEqual(texts("code ab123456c in the list", .nationalID), [])
    }
}
