import RedactCore
import XCTest

@testable import Detect

final class PhoneTests: XCTestCase {
    func testGermanNationalAndInternational() {
        XCTAssertEqual(texts("Tel. 030 12345678", .phone), ["030 12345678"])
        XCTAssertEqual(texts("Telefon: +49 30 1234 5678", .phone), ["+49 30 1234 5678"])
        XCTAssertEqual(texts("Handy 0171/1234567", .phone), ["0171/1234567"])
        XCTAssertEqual(texts("(030) 123 456 78", .phone), ["(030) 123 456 78"])
        XCTAssertEqual(texts("0049 30 12345678", .phone), ["0049 30 12345678"])
        XCTAssertEqual(texts("Fax 089-12345678", .phone), ["089-12345678"])
        XCTAssertEqual(texts("mobil: +49 (0) 171 1234567", .phone), ["+49 (0) 171 1234567"])
    }

    func testEnglishAndOtherCountries() {
        XCTAssertEqual(texts("Call +1 650-253-0000 today", .phone), ["+1 650-253-0000"])
        XCTAssertEqual(texts("Phone: +44 20 7946 0018", .phone), ["+44 20 7946 0018"])
        XCTAssertEqual(texts("Phone: 020 7946 0018", .phone, region: "GB"), ["020 7946 0018"])
    }

    func testANationalNumberOutsideTheMetadatasRangesIsStillAPhone() {
        // Ofcom keeps `0115 496 0xxx` and `07700 900xxx` for drama;
        // libphonenumber's metadata calls them invalid, as it does ranges
        // allocated after it was built. Grouped as a phone number with its
        // trunk prefix, in prose with no label, after another number.
        XCTAssertEqual(texts("money adviser (Student Services, 0115 496 0723, s@uni.example)", .phone, region: "GB"),
                       ["0115 496 0723"])
        XCTAssertEqual(texts("Phone: 0131 496 0254 / 07700 900 664", .phone, region: "GB"), ["0131 496 0254", "07700 900 664"])
        // Not a date, a version or a number without its groups.
        XCTAssertEqual(texts("Version 0.10 10 2024 vom 03.07.2024", .phone, region: "GB"), [])
        XCTAssertEqual(texts("Vorgang 01159604723 erledigt", .phone, region: "GB"), [])
    }

    func testANumberInATableCellAfterANumericCell() {
        // A shipping list: the ZIP code's cell, then the phone's. The page
        // model puts a tab between cells; the number never runs across it.
        XCTAssertEqual(texts("8421 BOLSA AVE, WESTMINSTER CA 92683\t714-555-0165\tGround", .phone, region: "US"),
                       ["714-555-0165"])
        XCTAssertEqual(texts("1\tCK-58812\tOR 97202\t(845) 555-0183", .phone, region: "US"), ["(845) 555-0183"])
    }

    func testAStreetAbbreviationIsNoTaxLabel() {
        // `ST` ends a street (`TACOMA ST`); only `St.-Nr.` and the like label a tax number.
        XCTAssertEqual(texts("1408 SE TACOMA ST\t503-555-0121", .phone, region: "US"), ["503-555-0121"])
        XCTAssertEqual(texts("St.-Nr. 030 12345678", .phone), [])
    }

    func testNonASCIIBeforeTheNumberMapsToScalars() {
        let text = "Größe: 030 12345678 — Straße 5"
        let d = detections(text, .phone)
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d[0].range, 7..<19)
        XCTAssertEqual(substring(scalars(text), d[0].range), "030 12345678")
        XCTAssertEqual(texts("😀 Tel 0171 1234567 😀", .phone), ["0171 1234567"])
    }

    func testSeveralNumbersOnAPage() {
        let text = """
        Erika Beispiel
        Tel.: 030 12345678
        Fax: 030 12345679
        Mobil: 0171 9876543
        """
        XCTAssertEqual(texts(text, .phone), ["030 12345678", "030 12345679", "0171 9876543"])
    }

    func testManyNumbersGrowTheBuffer() {
        var text = ""
        for k in 0..<200 { text += "Tel. 030 1234\(String(format: "%04d", k))\n" }
        XCTAssertEqual(texts(text, .phone).count, 200)
    }

    func testDatesAmountsPostcodesAreNotPhones() {
        let texts_ = [
            "geboren am 12.03.1980 in Köln",
            "Betrag: 1.234,56 EUR",
            "Summe 12.345,67 € brutto",
            "10115 Berlin",
            "Am 12.03.2024 um 12:30 Uhr",
            "Zeitraum 01.01.2024 - 31.12.2024",
            "Datum 2024-03-12",
            "Version 1.2.3.4",
            "Total: $1,234.56",
            "Seite 1 von 12",
        ]
        for t in texts_ { XCTAssertEqual(texts(t, .phone), [], t) }
    }

    func testInvoiceAndCustomerNumbersAreNotPhones() {
        let texts_ = [
            "Rechnung Nr. 2023-004512",
            "Rechnungsnummer 20230045",
            "Rechnungsnummer: 0301234567",
            "Kundennummer 0301234567",
            "Kunden-Nr.: 089 1234567",
            "Bestellnummer 0301234567",
            "Invoice no. 0301234567",
            "Order #0301234567",
            "Kontonummer 0532013000",
            "Steuernummer 030 123 45678",
            "Vertragsnummer 0171 1234567",
            "Artikel 4711-0815",
        ]
        for t in texts_ { XCTAssertEqual(texts(t, .phone), [], t) }
    }

    func testPhoneLabelWinsOverIdentifierLabel() {
        XCTAssertEqual(texts("Kunden-Tel.: 030 12345678", .phone), ["030 12345678"])
        XCTAssertEqual(detections("Kunden-Tel.: 030 12345678", .phone).first?.confidence, 0.95)
    }

    func testInternationalNumberWithIdentifierLabelStays() {
        XCTAssertEqual(texts("Kundenservice +49 30 1234 5678", .phone), ["+49 30 1234 5678"])
    }

    func testIdentifierLabelOnlyOnTheSameLine() {
        XCTAssertEqual(texts("Rechnung\n030 12345678", .phone), ["030 12345678"])
    }

    func testConfidence() {
        let labelled = detections("Tel. 030 12345678", .phone)
        let plain = detections("Ruf an: bitte 030 12345678", .phone)
        let run = detections("bitte 03012345678", .phone)
        let intl = detections("bitte +49 30 12345678", .phone)
        XCTAssertEqual(labelled.first?.confidence, 0.95)
        XCTAssertEqual(labelled.first?.reason, .pattern)
        XCTAssertEqual(plain.first?.confidence, 0.95)  // "Ruf"
        XCTAssertEqual(run.first?.confidence, 0.7)
        XCTAssertEqual(intl.first?.confidence ?? 0, 0.9, accuracy: 1e-9)
    }

    func testWebAddressPartIsNoIdentifierLabel() {
        // ".art" in a web address is not "Art." (Artikel).
        XCTAssertEqual(texts("https://erika-muster.art   0157 8802 1174", .phone), ["0157 8802 1174"])
        XCTAssertEqual(texts("Art. 0157 8802 1174", .phone), [])
    }

    func testOCRLookAlikesAfterAPhoneLabel() {
        XCTAssertEqual(ocrTexts("Email:x@y.example  Tel:O7911 2O4 553", .phone), ["O7911 2O4 553"])
        XCTAssertEqual(ocrTexts("Tel. O3O 1234 5678", .phone), ["O3O 1234 5678"])
        // Without a phone label, or letters glued to words, no repair.
        XCTAssertEqual(ocrTexts("Ref O7911 2O4 553", .phone), [])
        XCTAssertEqual(ocrTexts("Tel. BO3O 1234 5678", .phone), [])
    }

    func testRegionHintedByAnInternationalNumberOnThePage() {
        let page = "Office +44 20 7946 0018\nsome text between the numbers, more text\nTeam line 0161 496 0553"
        XCTAssertEqual(texts(page, .phone), ["+44 20 7946 0018", "0161 496 0553"])
        // Without the hint, the German reading still takes it by its shape
        // (a trunk prefix and three groups): possible, if not valid, there.
        XCTAssertEqual(texts("Team 0161 496 0553", .phone), ["0161 496 0553"])
        // After a phone label the other regions are tried anyway.
        XCTAssertEqual(texts("Team line 0161 496 0553", .phone), ["0161 496 0553"])
        // "+1" hints nothing: US numbers need no trunk prefix, versions would pass.
        XCTAssertEqual(texts("call +1 650 253 0000\nbinutils (2.13.90.0.18-1.1) unstable", .phone), ["+1 650 253 0000"])
    }

    func testPossibleInternationalNumber() {
        // A range libphonenumber does not know as valid, written with a country code and grouped.
        XCTAssertEqual(texts("+44 7700 900 418 | mail", .phone), ["+44 7700 900 418"])
        XCTAssertEqual(detections("+44 7700 900 418", .phone).first?.confidence ?? 0, 0.7, accuracy: 1e-9)
        // Not grouped, too short, or no country code: nothing.
        XCTAssertEqual(texts("+447700900418", .phone), [])
        XCTAssertEqual(texts("+44 7700 90", .phone), [])
    }

    func testStatementDatesAndPeriodsAreNotPhones() {
        XCTAssertEqual(texts("07.02.   840112     Lufthansa 220-2414770118   412,80-", .phone), [])
        XCTAssertEqual(texts("04/2018-09/2021 Mediengestalterin", .phone), [])
        // A number written with dots, and a real number after a date, stay.
        XCTAssertEqual(texts("Tel. 0711.1234567", .phone), ["0711.1234567"])
        XCTAssertEqual(texts("am 07.02. Tel. 030 1234 5678", .phone), ["030 1234 5678"])
    }

    func testUnclosedBracketIsNotPartOfTheNumber() {
        XCTAssertEqual(texts("Plot inspections: Rosa (07700 900 732)", .phone), ["07700 900 732"])
        XCTAssertEqual(texts("Tel. (030) 1234 5678", .phone), ["(030) 1234 5678"])
    }

    func testInvalidNumbersAreNotPhones() {
        XCTAssertEqual(texts("Tel. 12345", .phone), [])
        XCTAssertEqual(texts("Tel. +49 1", .phone), [])
        XCTAssertEqual(texts("Tel. +999 1234 5678", .phone), [])
        XCTAssertEqual(texts("TelX0301234567Y", .phone), [])
    }

    func testIBANAndCardAreNotPhones() {
        XCTAssertEqual(found("IBAN DE89 3704 0044 0532 0130 00", [.phone, .iban]).map(\.category), [.iban])
        XCTAssertEqual(found("Karte 4111 1111 1111 1111", [.phone, .paymentCard]).map(\.category), [.paymentCard])
    }

    static let corpus = [
        "Erika Beispiel, Musterweg 12, 10115 Berlin, Tel. 030 12345678, Fax 030/12345679",
        "Call us at +1 650-253-0000 or +44 20 7946 0018; office hours 9:00-17:00.",
        "Termin am 12.03.2024 um 14:30, Raum 0.12, Rechnung 2024-004512 über 1.234,56 EUR",
        "Mobil 0171 1234567 ext. 12 und (0221) 987 654 32, geb. 01.02.1990",
        "Notruf 110, Auskunft 11833, Hotline 0800 1234567, Service 0180 5 123456",
        "Ümlaut-Zeile: Tel.:+49(0)89 1234 5678; Größe 1,80 m; Kontakt 0049 89 12345678",
        "Phone 020 7946 0018 or (650) 253-0000 or 650 253 0000, 12,345.67 USD, 1.2.3.4",
        "Zeitraum 01.01.2024 - 31.12.2024, Summe 12.345,67 EUR, 12 030 1234567 x",
    ]

    /// Deterministic text full of digit runs of many shapes (a linear
    /// congruential generator, no data generator library).
    static func syntheticText(seed: UInt64, count: Int) -> String {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let separators = [" ", " ", "-", "/", ".", " ", "", "(", ")", "+", " - ", ", ", "\n", " Tel. ", " x "]
        var text = ""
        for _ in 0..<count {
            if next(3) == 0 { text += ["+49", "+1", "+44", "0049", "0", "00"][next(6)] }
            text += String(next(10))
            for _ in 0..<next(12) { text += String(next(10)) }
            text += separators[next(separators.count)]
            if next(4) == 0 { text += ["Wort ", "a", "Nr. ", "EUR ", ",5", "ö "][next(6)] }
        }
        return text
    }

    /// The prefilter must not lose a number libphonenumber finds in the whole
    /// text. It may rarely find one more: with less text after a number, an
    /// extension ("x 123") may parse where the longer text did not.
    func testPrefilterLosesNothing() {
        let texts_ = Self.corpus + (1...20).map { Self.syntheticText(seed: UInt64($0), count: 400) }
        for code in ["DE", "GB", "US", "AT", "IT"] {
            let region = PhoneRecognizer.Region(code)
            var total = 0, extra = 0
            for text in texts_ {
                let s = scalars(text)
                var a: [Detection] = [], b: [Detection] = []
                s.withUnsafeBufferPointer { t in
                    PhoneRecognizer.find(in: t, region: region, prefilter: true, into: &a)
                    PhoneRecognizer.find(in: t, region: region, prefilter: false, into: &b)
                }
                // Same numbers (by start); an extension after one may differ.
                let ra = Set(a.map(\.range.lowerBound)), rb = Set(b.map(\.range.lowerBound))
                for r in rb.subtracting(ra).sorted() {
                    let lo = max(0, r - 12), hi = min(s.count, r + 24)
                    XCTFail("\(code): prefilter lost the number at \(substring(s, lo..<hi).debugDescription)")
                }
                total += rb.count
                extra += ra.subtracting(rb).count
            }
            XCTAssertGreaterThan(total, 100, code)
            XCTAssertLessThanOrEqual(extra * 100, total, code)
        }
    }

    func testRegionInfo() {
        XCTAssertEqual(PhoneRecognizer.Region("DE").requiredPrefixDigit, 0x30)
        XCTAssertNil(PhoneRecognizer.Region("US").requiredPrefixDigit)
        XCTAssertNil(PhoneRecognizer.Region("ZZ").requiredPrefixDigit)
        XCTAssertNil(PhoneRecognizer.Region("").requiredPrefixDigit)
    }

    func testCandidatePiecesSkipText() {
        let s = scalars("Ein langer Satz ohne Nummern, dann 030 12345678 und dann wieder nur Text.")
        let pieces = s.withUnsafeBufferPointer { PhoneRecognizer.candidatePieces($0, region: .init("DE")) }
        XCTAssertEqual(pieces.count, 1)
        XCTAssertLessThan(pieces[0].count, 40)
    }

    func testCandidatePiecesSkipDatesAmountsAndPostcodes() {
        let s = scalars("am 12.03.2024 - 31.12.2024 für 12.345,67 EUR in 10115 Berlin, or 12,345.67 USD")
        let pieces = s.withUnsafeBufferPointer { PhoneRecognizer.candidatePieces($0, region: .init("DE")) }
        XCTAssertEqual(pieces, [])
    }

    func testCandidatePiecesSkipTablesOfAmountsAndShortDates() {
        // Cents and the month of a short date start with 0 but no phone number.
        let s = scalars("Overtime   150.00    11.44   205.92\n26.02.   844518   Gutschrift 17,05")
        let pieces = s.withUnsafeBufferPointer { PhoneRecognizer.candidatePieces($0, region: .init("DE")) }
        XCTAssertEqual(pieces, [])
        // A number written with dots still is a candidate.
        let t = scalars("Tel. 030.1234567 oder 0171.2345678")
        let found = t.withUnsafeBufferPointer { PhoneRecognizer.candidatePieces($0, region: .init("DE")) }
        XCTAssertEqual(found.count, 1)
    }

    func testDetectorSkipsDigitsOfAddressesForPhones() {
        // An IP address in a log line overlaps no phone number.
        let d = Detector().detect(scalars("10.0.4.17 - - [09/04/2024:10:11:00] GET /"))
        XCTAssertEqual(d.map(\.category), [.ipAddress])
    }

    func testShimDirectly() {
        let text = Array("Tel 030 12345678".utf8)
        let m = PhoneRecognizer.matches(in: text, region: "DE") ?? []
        XCTAssertEqual(m.count, 1)
        XCTAssertEqual(m.first?.start, 4)
        XCTAssertEqual(m.first?.end, 16)
        XCTAssertEqual(m.first?.country_code, 49)
        // Unknown region: numbers without a country code are not found; no crash.
        // Nothing found is an empty list, not a failure.
        XCTAssertEqual(PhoneRecognizer.matches(in: text, region: "ZZ")?.count, 0)
        XCTAssertEqual(PhoneRecognizer.matches(in: [], region: "DE")?.count, 0)
    }

    func testAFailedMatcherRedactsThePieceInsteadOfPassingIt() {
        let t = scalars("Rückruf unter 0176 / 987 65 43 erbeten")
        var out: [Detection] = []
        t.withUnsafeBufferPointer { PhoneRecognizer.failedPiece($0, 0..<t.count, into: &out) }
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out.first?.category, .phone)
        XCTAssertEqual(out.first.map { String(String.UnicodeScalarView(t[$0.range])) }, "0176 / 987 65 43")
        // A piece without digits gives nothing to redact.
        out = []
        t.withUnsafeBufferPointer { PhoneRecognizer.failedPiece($0, 0..<7, into: &out) }
        XCTAssertEqual(out, [])
    }

    func testLabelledNumberOfAnotherRegion() {
        // A British letter's second page (no postcode to guess from), a Swiss direct line.
        XCTAssertEqual(texts("Direct line 0113 496 0123", .phone), ["0113 496 0123"])
        XCTAssertEqual(texts("Telefon direkt 031 387 00 00.", .phone), ["031 387 00 00"])
        XCTAssertEqual(texts("or at work on 0113 496 0123.", .phone), ["0113 496 0123"])
        // Without a label a number of another region is not read.
        XCTAssertEqual(texts("Bestellung 0113 496 0123 vom 12.03.2024", .phone), [])
    }

    func testNumberAfterAKnownValue() {
        // A run of digit groups that begins in a VAT ID's last digits.
        XCTAssertEqual(texts("Podcaster NL695375039B04 +31 6 2287 0000", .phone), ["+31 6 2287 0000"])
    }

    func testNumberWrappedOverALineBreak() {
        XCTAssertEqual(texts("Referee: Jo Example, Head of Data, jo@example.com, 030\n1234 5678 (office)", .phone),
                       ["030\n1234 5678"])
        // A date opening the next line is no part of a number.
        XCTAssertEqual(texts("Betrag 12,08\n07.06.2024 Kartenzahlung", .phone), [])
        // Two numbers of a column, one a line, stay apart.
        XCTAssertEqual(texts("Tel. 030 1234 5678\n040 8765 4321", .phone), ["030 1234 5678", "040 8765 4321"])
    }

    func testAnInternationalNumberWrappedOverALineBreak() {
        // The country code and most of the number fit on the first line.
        XCTAssertEqual(texts("Kontakt: jane@example.org, +49 151 2345\n6789", .phone), ["+49 151 2345\n6789"])
        // Beside a valid number, one its metadata does not know yet still gets the fallbacks.
        XCTAssertEqual(texts("Phone: 0113 496 0000 Mobile: +44 7700 900123", .phone, region: "GB"),
                       ["0113 496 0000", "+44 7700 900123"])
        XCTAssertEqual(texts("Phone: 0113 496 0000 Mobile: +44\n7700 900123", .phone, region: "GB"),
                       ["0113 496 0000", "+44\n7700 900123"])
        // A national number wrapped before its last group.
        XCTAssertEqual(texts("Erreichbar bin ich privat: 0151 23 45 67\n89.", .phone), ["0151 23 45 67\n89"])
        XCTAssertEqual(texts("4. Daytime phone   (415) 555-0100\n5. Email", .phone, region: "US"), ["(415) 555-0100"])
        // A whole number above a numbered question stays whole.
        XCTAssertEqual(texts("Mobile: +44 7700 900123\n1.6 How would you prefer us to contact you?", .phone, region: "GB"),
                       ["+44 7700 900123"])
    }

    func testANumberInAPhoneField() {
        // An extension under its column caption in a letter's info block.
        let block = "Geschäftszahl:      Sachbearbeiter:      Durchwahl:      Datum:\n"
            + "XY-123/4      Max Beispiel      31842      05.06.2025"
        XCTAssertEqual(texts(block, .phone, region: "AT"), ["31842"])
        // After a label and its colon, whatever libphonenumber makes of it.
        XCTAssertEqual(texts("Durchwahl: 214", .phone), ["214"])
        // A date or an amount in the field is none.
        XCTAssertEqual(texts("Fax: 12.50", .phone), [])
        XCTAssertEqual(texts("Telefon: 04.11.2025", .phone), [])
        XCTAssertEqual(texts("Tel.: 030 12345678", .phone), ["030 12345678"])
    }

    func testAnExtensionIsPartOfTheNumber() {
        let text = "Ask for Dana Whitfield, 512-555-0147 x 231, or on 0161 496 0519 ext. 40.\n"
        let phones = found(text, region: "US").filter { $0.text.contains("555") || $0.text.contains("496") }.map(\.text)
        XCTAssertTrue(phones.contains("512-555-0147 x 231"), "\(phones)")
        // Not a word that only starts like one.
        let other = found("Ask for Dana Whitfield, 512-555-0147 extra 2 copies.\n", region: "US").map(\.text)
        XCTAssertFalse(other.contains { $0.hasSuffix("2") && $0.contains("extra") }, "\(other)")
    }
}
