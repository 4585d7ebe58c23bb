import RedactCore
import XCTest

@testable import Detect

/// How identifiers sit with the other recognizers: a checksum outranks a
/// pattern, an IBAN wins, labels decide ties with phone numbers.
final class IdentifierOverlapTests: XCTestCase {
    func testGermanLetter() {
        let letter = """
            Finanzamt Musterstadt · Steuernummer 21/815/08150
            Sehr geehrter Herr Beispiel,
            Ihre Steuer-ID lautet 86 095 742 719. Ihre Rentenversicherungsnummer 15 070649 C 103 und
            Ihre Krankenversichertennummer A123456780 haben wir gespeichert. Ausweisnummer T220001293.
            USt-IdNr. DE136695976 · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX
            Router 00:1A:2B:3C:4D:5E. Der Betrag von 1.234,56 EUR wird am 12.03.2024 fällig.
            Aktenzeichen 123456789, Vorgang 4711/2024, Seite 2 von 3.
            """
        XCTAssertEqual(found(letter).map(\.description), [
            "tax-id:21/815/08150",
            "name:Beispiel",
            "tax-id:86 095 742 719",
            "insurance-id:15 070649 C 103",
            "insurance-id:A123456780",
            "national-id:T220001293",
            "vat-id:DE136695976",
            "iban:DE89 3704 0044 0532 0130 00",
            "bic:COBADEFFXXX",
            "mac:00:1A:2B:3C:4D:5E",
            "reference:123456789",
        ])
    }

    func testEnglishLetter() {
        let letter = """
            Dear Ms Example,
            your National Insurance number is JG 10 37 59 A and your NHS number 943 476 5919.
            For our US office: SSN 123-45-6789, ITIN 912-70-3456. Dutch colleagues: BSN 1234.56.782.
            Codice fiscale RSSMRA85T10A562S, DNI 12345678Z, NIR 2 55 08 14 168 025 38,
            AHV 756.1234.5678.97, SVNR 1237 010180, VAT GB980780684.
            Invoice 2024-0042 of 12/03/2024, total GBP 1,234.56, order 123456789, ref 987654321.
            """
        XCTAssertEqual(found(letter, region: "GB").map(\.description), [
            "name:Example",
            "national-id:JG 10 37 59 A",
            "insurance-id:943 476 5919",
            "national-id:123-45-6789",
            "tax-id:912-70-3456",
            "national-id:1234.56.782",
            "national-id:RSSMRA85T10A562S",
            "national-id:12345678Z",
            "national-id:2 55 08 14 168 025 38",
            "insurance-id:756.1234.5678.97",
            "insurance-id:1237 010180",
            "vat-id:GB980780684",
            "reference:2024-0042",
            "reference:987654321",
        ])
    }

    func testIBANWins() {
        for iban in IBANTests.valid {
            XCTAssertEqual(found("IBAN \(iban)").map(\.category), [.iban], iban)
            let g = IBANTests.grouped(iban)
            XCTAssertEqual(found("IBAN \(g)").map(\.category), [.iban], g)
        }
    }

    func testChecksumBeatsPhone() {
        // 030 123458 is a Berlin number and, after the label, a valid BSN.
        XCTAssertEqual(found("BSN 030123458", [.phone, .nationalID]).map(\.description), ["national-id:030123458"])
        XCTAssertEqual(found("Tel. 030123458", [.phone, .nationalID]).map(\.description), ["phone:030123458"])
    }

    func testInternationalPhoneIsNoIdentifier() {
        // Its last 11 digits are a valid Steuer-ID, but they follow a country code.
        let tail = "1570342189"
        let id = tail + String(Spec.iso7064(tail))
        XCTAssertEqual(texts(id, .taxID), [id])
        let phone = "+49 1570 " + id.dropFirst(4)
        XCTAssertEqual(found("Mobil: \(phone)", [.phone, .taxID]).map(\.description), ["phone:\(phone)"])
        XCTAssertEqual(found("Mobil: +49 (0) \(id)", [.taxID]).map(\.description), [])
    }

    func testReferenceLabelsAreNoIdentifiers() {
        XCTAssertEqual(texts("A123456780", .insuranceID), ["A123456780"])
        XCTAssertEqual(texts("Kundennummer A123456780", .insuranceID), [])
        XCTAssertEqual(texts("Rechnungsnummer: 86095742719", .taxID), [])
        XCTAssertEqual(texts("Invoice number 943 476 5919", .insuranceID), [])
        XCTAssertEqual(texts("Aktenzeichen T220001293", .nationalID), [])
        // An identifier label next to it still counts; VAT IDs keep their prefix.
        XCTAssertEqual(texts("Kundennummer / Steuer-ID 86095742719", .taxID), ["86095742719"])
        XCTAssertEqual(texts("Kundennummer DE136695976", .vatID), ["DE136695976"])
        // A sentence that merely contains "order" does not hide an identifier.
        XCTAssertEqual(texts("In order to help, 943 476 5919 is your number.", .insuranceID), ["943 476 5919"])
    }

    func testPhoneBeatsUnlabelledPattern() {
        XCTAssertEqual(found("Tel. 030-12-3456", [.phone, .nationalID]).map(\.description), ["phone:030-12-3456"])
    }

    func testCardAgainstContextIdentifier() {
        // A 13-digit number with 0 as fifth digit that passes Luhn as a Visa
        // card: the card (checksum) outranks the Steuernummer (label only).
        var base = "410205081501"
        base += String(Spec.luhnDigit(base))
        XCTAssertEqual(found("Steuernummer \(base)", [.taxID, .paymentCard]).map(\.description), ["card:\(base)"])
        // With a number that is no card, the label decides.
        var other = "410205081501"
        other += String((Spec.luhnDigit(other) + 1) % 10)
        XCTAssertEqual(found("Steuernummer \(other)", [.taxID, .paymentCard]).map(\.description), ["tax-id:\(other)"])
    }

    func testCategoriesOffAreNotDetected() {
        let text = "Steuer-ID 86095742719, BIC COBADEFFXXX, MAC 00:1A:2B:3C:4D:5E"
        XCTAssertEqual(found(text, [.bic]).map(\.description), ["bic:COBADEFFXXX"])
        XCTAssertEqual(found(text, [.email]).map(\.description), [])
    }
}
