import RedactCore
import XCTest

@testable import Detect

final class SteuerIDTests: XCTestCase {
    /// Examples of the kind the BMF and ELSTER documents print.
    static let published = ["86095742719", "47036892816", "65929970489", "57549285017", "25768131411"]

    /// Valid IDs made here: ten digits with one digit twice, then the check digit.
    static func make(_ first10: String) -> String { first10 + String(Spec.iso7064(first10)) }

    func testPublishedAndComputed() {
        for id in Self.published + [Self.make("1234567891"), Self.make("9876543219"), Self.make("5505123498")] {
            XCTAssertEqual(texts("Steuer-ID: \(id)", .taxID), [id], id)
            XCTAssertEqual(kinds(id, .taxID), ["DE Steuer-ID"], id)
        }
    }

    func testCheckDigitZero() {
        // MOD 11,10 gives 10 here, written as 0.
        let id = Self.make("1234567892")
        XCTAssertEqual(id, "12345678920")
        XCTAssertEqual(texts("Steuer-ID \(id)", .taxID), [id])
        XCTAssertEqual(texts("Steuer-ID 12345678921", .taxID), [])
    }

    func testComputedMatchesPublished() {
        for id in Self.published { XCTAssertEqual(Self.make(String(id.prefix(10))), id) }
    }

    func testChecksumReasonAndConfidence() {
        let labelled = detections("Steuer-ID 86095742719", .taxID)
        XCTAssertEqual(labelled.map(\.reason), [.checksum])
        XCTAssertEqual(labelled.first?.confidence ?? 0, 0.99, accuracy: 0.001)
        let bare = detections("86095742719", .taxID)
        XCTAssertEqual(bare.first?.confidence ?? 0, 0.95, accuracy: 0.001)
    }

    func testOneDigitOffIsNotATaxID() {
        for id in Self.published { assertNearMissesFail(id, .taxID, prefix: "Steuer-ID: ") }
        for v in Spec.swapped("86095742719") { XCTAssertEqual(texts("IdNr \(v)", .taxID), [], v) }
    }

    func testRepetitionRule() {
        // Valid check digits, but no digit repeated, or one four times, or a
        // digit three times in a row: not Steuer-IDs.
        for first10 in ["1234567890", "1111234567", "1112345678", "1122345678"] {
            let candidate = Self.make(first10)
            XCTAssertEqual(texts(candidate, .taxID), [], candidate)
        }
        // Three times, not all adjacent: valid.
        let three = Self.make("1121345678")
        XCTAssertEqual(texts(three, .taxID), [three])
        // Leading zero.
        XCTAssertEqual(texts(Self.make("0123456781"), .taxID), [])
    }

    func testInRunningText() {
        XCTAssertEqual(texts("Ihre steuerliche Identifikationsnummer lautet 86 095 742 719. Bitte angeben.", .taxID),
                       ["86 095 742 719"])
        XCTAssertEqual(texts("Your German tax ID is 47036892816, please keep it.", .taxID), ["47036892816"])
    }

    func testFusedToTheWordBefore() {
        // OCR dropped the space after a lower-case word: the check digit vouches for the value.
        XCTAssertEqual(texts("Ihre Identifikationsnummer lautet86 095 742 719 ;bitte", .taxID), ["86 095 742 719"])
        XCTAssertEqual(texts("die Nummer lautet86095742719.", .taxID), ["86095742719"])
        // A label before on the line also allows an upper-case prefix.
        XCTAssertEqual(texts("Steuer-ID: NR86095742719", .taxID), ["86095742719"])
        // Not after a capital prefix without a label, nor with a wrong check digit.
        XCTAssertEqual(texts("Code AB86095742719", .taxID), [])
        XCTAssertEqual(texts("die Nummer lautet86095742718.", .taxID), [])
        // Not after a reference label: an order number may pass by chance.
        XCTAssertEqual(texts("Bestellnummer lautet86095742719", .taxID), [])
    }

    func testFusedLabelAndOCR() {
        XCTAssertEqual(texts("Steuer-ID:86095742719", .taxID), ["86095742719"])
        XCTAssertEqual(texts("IdNr86095742719", .taxID), ["86095742719"])
        XCTAssertEqual(ocrTexts("Steuer-ID 86O95742719", .taxID), ["86O95742719"])  // O for 0
        XCTAssertEqual(ocrTexts("Steuer-ID 860957427l9", .taxID), ["860957427l9"])  // l for 1
        XCTAssertEqual(texts("Steuer-ID 8609 5742 719", .taxID), ["8609 5742 719"])  // OCR spaces
        // An OCR-damaged label still counts as the label.
        XCTAssertEqual(detections("Steuer-lD 86095742719", .taxID).first?.confidence ?? 0, 0.99, accuracy: 0.001)
        XCTAssertEqual(ocrTexts("St.-Nr. 21/815/O8150", .taxID), ["21/815/O8150"])
        // Repaired but wrong: still not an ID.
        XCTAssertEqual(texts("Steuer-ID 86O95742718", .taxID), [])
        // A letter that is no digit look-alike.
        XCTAssertEqual(texts("Steuer-ID 86X95742719", .taxID), [])
    }

    func testNotInsideLongerNumbers() {
        XCTAssertEqual(texts("186095742719", .taxID), [])
        XCTAssertEqual(texts("860957427190", .taxID), [])
        XCTAssertEqual(texts("1.86095742719", .taxID), [])
        XCTAssertEqual(texts("+86095742719", .taxID), [])
        XCTAssertEqual(texts("ABC86095742719", .taxID), [])
    }
}

final class SteuernummerTests: XCTestCase {
    func testStateFormatsWithLabel() {
        for number in ["12/345/67890", "123/456/78901", "21 815 08150", "93815/08152", "133/8150/8159",
                       "2893081508152", "2181508150"] {
            XCTAssertEqual(texts("Steuernummer: \(number)", .taxID), [number], number)
            XCTAssertEqual(kinds("St.-Nr. \(number)", .taxID), ["DE Steuernummer"], number)
        }
    }

    func testReasonIsContext() {
        let d = detections("StNr 21/815/08150", .taxID)
        XCTAssertEqual(d.map(\.reason), [.context])
        XCTAssertEqual(d.first?.confidence ?? 0, 0.85, accuracy: 0.001)
    }

    func testNoLabelNoSteuernummer() {
        XCTAssertEqual(texts("Aktenzeichen 21/815/08150", .taxID), [])
        XCTAssertEqual(texts("21/815/08150", .taxID), [])
        XCTAssertEqual(texts("Rechnung 2893081508152", .taxID), [])
    }

    func testWrongShapes() {
        XCTAssertEqual(texts("Steuernummer 2893181508152", .taxID), [])  // 13 digits, fifth not 0
        XCTAssertEqual(texts("Steuernummer 1234/56/7890", .taxID), [])
        XCTAssertEqual(texts("Steuernummer 21/815 08150", .taxID), [])  // mixed separators
        XCTAssertEqual(texts("Steuernummer 21/815/081501", .taxID), [])
    }

    func testFusedAndRunningText() {
        XCTAssertEqual(texts("StNr21/815/08150", .taxID), ["21/815/08150"])
        XCTAssertEqual(texts("Steuer-Nr.:181/815/08155", .taxID), ["181/815/08155"])
        XCTAssertEqual(texts("Bitte geben Sie Ihre Steuernummer 181/815/08155 bei Rückfragen an.", .taxID),
                       ["181/815/08155"])
        XCTAssertEqual(texts("Tax number: 21/815/08150 (Berlin)", .taxID), ["21/815/08150"])
        // The value on the next line of a form.
        XCTAssertEqual(texts("Steuernummer\n21/815/08150", .taxID), ["21/815/08150"])
        // A label speaks only for the first number after it.
        XCTAssertEqual(texts("Steuernummer beim Finanzamt 27, Akte 21/815/08150", .taxID), [])
    }
}

final class GermanPensionNumberTests: XCTestCase {
    /// Builds a number with the published algorithm, written out here.
    static func make(area: String, birth: String, letter: Character, serial: String) -> String {
        let pos = Spec.alphabetPosition(letter)
        let digits = Spec.digits(area + birth) + [pos / 10, pos % 10] + Spec.digits(serial)
        let weights = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]
        var sum = 0
        for (d, w) in zip(digits, weights) { sum += Spec.crossSum(d * w) }
        return area + birth + String(letter) + serial + String(sum % 10)
    }

    func testValid() {
        let published = "15070649C103"
        XCTAssertEqual(Self.make(area: "15", birth: "070649", letter: "C", serial: "10"), published)
        let made = Self.make(area: "65", birth: "170839", letter: "J", serial: "00")
        let third = Self.make(area: "12", birth: "311299", letter: "Z", serial: "52")
        for number in [published, made, third] {
            XCTAssertEqual(texts("Rentenversicherungsnummer: \(number)", .insuranceID), [number], number)
            XCTAssertEqual(kinds(number, .insuranceID), ["DE Rentenversicherungsnummer"])
        }
        XCTAssertEqual(detections(published, .insuranceID).map(\.reason), [.checksum])
    }

    func testPrintedWithSpaces() {
        XCTAssertEqual(texts("SV-Nummer 15 070649 C 103", .insuranceID), ["15 070649 C 103"])
        XCTAssertEqual(texts("Versicherungsnummer: 15 070649 C103.", .insuranceID), ["15 070649 C103"])
        XCTAssertEqual(texts("15 0706 49C103", .insuranceID), [])  // not a printed grouping
    }

    func testNearMisses() {
        assertNearMissesFail("15070649C103", .insuranceID, prefix: "SV-Nr. ")
        XCTAssertEqual(texts("15070649D103", .insuranceID), [])  // other letter
        XCTAssertEqual(texts("15320649C103", .insuranceID), [])  // day 32
    }

    func testOCRAndFused() {
        XCTAssertEqual(ocrTexts("RV-Nummer:15O70649C103", .insuranceID), ["15O70649C103"])
        XCTAssertEqual(ocrTexts("Ihre Versicherungsnummer ist 15070649C1O3.", .insuranceID), ["15070649C1O3"])
        XCTAssertEqual(texts("Your pension number 15070649C103 is on the card.", .insuranceID), ["15070649C103"])
    }
}

final class GermanHealthInsuranceNumberTests: XCTestCase {
    static func make(_ letter: Character, _ eight: String) -> String {
        let pos = Spec.alphabetPosition(letter)
        let digits = [pos / 10, pos % 10] + Spec.digits(eight)
        var sum = 0
        for (k, d) in digits.enumerated() { sum += Spec.crossSum(d * (k % 2 == 0 ? 1 : 2)) }
        return String(letter) + eight + String(sum % 10)
    }

    func testValid() {
        XCTAssertEqual(Self.make("A", "12345678"), "A123456780")
        for number in ["A123456780", Self.make("T", "40728135"), Self.make("Z", "99000123")] {
            XCTAssertEqual(texts("Krankenversichertennummer: \(number)", .insuranceID), [number], number)
            XCTAssertEqual(texts(number, .insuranceID), [number], number)
            XCTAssertEqual(kinds(number, .insuranceID), ["DE Krankenversichertennummer"])
        }
        XCTAssertEqual(detections("KVNR A123456780", .insuranceID).first?.confidence ?? 0, 0.98, accuracy: 0.001)
    }

    func testNearMisses() {
        assertNearMissesFail(Self.make("T", "40728135"), .insuranceID, prefix: "Versichertennummer ")
        XCTAssertEqual(texts("B123456780", .insuranceID), [])
        XCTAssertEqual(texts("a123456780", .insuranceID), [])  // not a capital
        XCTAssertEqual(texts("A1234567801", .insuranceID), [])
    }

    func testOCRAndRunningText() {
        XCTAssertEqual(ocrTexts("Versichertennummer:A12345678O", .insuranceID), ["A12345678O"])
        // OCR reads the leading G as 6: only in OCR text, under the label, with the check digit.
        let g = Self.make("G", "01778361")
        let six = "6" + g.dropFirst()
        XCTAssertEqual(ocrTexts("Krankenversichertennummer \(six)", .insuranceID), [six])
        XCTAssertEqual(ocrTexts("Kundennummer \(six)", .insuranceID), [])  // no health label
        XCTAssertEqual(ocrTexts(six, .insuranceID), [])
        XCTAssertEqual(texts("Krankenversichertennummer \(six)", .insuranceID), [])  // text layer
        XCTAssertEqual(ocrTexts("Krankenversichertennummer 8" + g.dropFirst(), .insuranceID), [])  // B fails the check
        XCTAssertEqual(texts("Die Versichertennummer A123456780 steht auf der Karte.", .insuranceID), ["A123456780"])
        XCTAssertEqual(texts("Health insurance no. A123456780, valid.", .insuranceID), ["A123456780"])
    }
}

final class GermanIDDocumentTests: XCTestCase {
    /// ICAO 9303 check digit, written from the specification.
    static func icao(_ s: String) -> Int {
        let weights = [7, 3, 1]
        var sum = 0
        for (k, c) in s.enumerated() {
            let value = c.wholeNumberValue ?? (Int(c.asciiValue!) - 55)
            sum += value * weights[k % 3]
        }
        return sum % 10
    }

    func testSpecimens() {
        // The specimen ID card and passport of the Federal Ministry of the Interior.
        XCTAssertEqual(Self.icao("T22000129"), 3)
        XCTAssertEqual(Self.icao("C01X00T47"), 8)
        XCTAssertEqual(texts("Ausweisnummer T220001293", .nationalID), ["T220001293"])
        XCTAssertEqual(kinds("T220001293", .nationalID), ["DE Personalausweis"])
        XCTAssertEqual(kinds("Passport C01X00T478", .nationalID), ["DE Reisepass"])
        let made = "L01X9K7M2" + String(Self.icao("L01X9K7M2"))
        XCTAssertEqual(texts("ID: \(made).", .nationalID), [made])
        XCTAssertEqual(detections("T220001293", .nationalID).map(\.reason), [.checksum])
    }

    func testWithoutCheckDigitOnlyWithLabel() {
        XCTAssertEqual(texts("Personalausweisnummer: T22000129", .nationalID), ["T22000129"])
        XCTAssertEqual(detections("Ausweis-Nr. T22000129", .nationalID).map(\.reason), [.context])
        XCTAssertEqual(texts("Passnummer C01X00T47", .nationalID), ["C01X00T47"])
        XCTAssertEqual(texts("Code T22000129", .nationalID), [])
        XCTAssertEqual(texts("T22000129", .nationalID), [])
        // An ID card label does not make a passport-shaped number an ID card.
        XCTAssertEqual(texts("Ausweisnummer C01X00T47", .nationalID), [])
    }

    func testNearMissesAndAlphabet() {
        assertNearMissesFail("T220001293", .nationalID)
        XCTAssertEqual(texts("T22000129A", .nationalID), [])
        XCTAssertEqual(texts("A220001293", .nationalID), [])  // not an authority letter
        XCTAssertEqual(texts("TE2000129" + String(Self.icao("TE2000129")), .nationalID), [])  // vowel
        XCTAssertEqual(texts("TXXXXXXXX" + String(Self.icao("TXXXXXXXX")), .nationalID), [])  // no digit
    }

    func testMachineReadableZone() {
        XCTAssertEqual(texts("IDD<<T220001293<<<<<<<<<<<<<<<", .nationalID), ["T220001293"])
        XCTAssertEqual(texts("P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<\nC01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4",
                             .nationalID), ["C01X00T478"])
        XCTAssertEqual(texts("C01X00T477D<<6408125F2702283<<<<<<<<<<<<<<<4", .nationalID), [])
    }

    func testInRunningText() {
        XCTAssertEqual(texts("Bitte legen Sie Ihren Ausweis (Nr. T220001293) vor.", .nationalID), ["T220001293"])
        XCTAssertEqual(texts("Passport number: C01X00T478, issued 2020.", .nationalID), ["C01X00T478"])
    }

    func testIDDocumentNumberReadByOCR() {
        // "T220001293" as OCR reads it: O for 0, no vowel is in the alphabet.
        XCTAssertEqual(ocrTexts("Personalausweisnummer T22OOO1293", .nationalID), [])  // three repairs: too many
        XCTAssertEqual(ocrTexts("Personalausweisnummer T220OO1293", .nationalID), ["T220OO1293"])
        XCTAssertEqual(texts("Personalausweisnummer T220OO1293", .nationalID), ["T220OO1293"])  // labelled: context
    }
}
