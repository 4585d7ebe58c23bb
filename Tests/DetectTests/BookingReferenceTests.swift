import RedactCore
import XCTest

@testable import Detect

/// References in bank booking texts, by trade vocabulary and by shape.
final class BookingReferenceTests: XCTestCase {
    func refs(_ s: String) -> [String] { texts(s, .reference) }

    func testUSAchBookingHoldsTheIndividualsID() {
        XCTAssertEqual(refs("| 03/14 | ACH DEBIT PRAIRIE GAS CO PYMT 2209183374 | | 88.10 | 1,200.00 |"), ["2209183374"])
        // The originator's company ID after `PPD ID`, `WEB ID` is no one's.
        XCTAssertEqual(refs("| 03/15 | ACH CREDIT ACME CORP PAYROLL PPD ID 1234509876 | 1,500.00 | | |"), [])
        XCTAssertEqual(refs("| 03/16 | ACH DEBIT NORTHWIND PAY WEB ID 5550001112 | | 20.00 | |"), [])
    }

    func testUSDescriptorAbbreviations() {
        XCTAssertEqual(refs("| 03/15 | ACH CREDIT ACME CORP PAYROLL PPD ID 1234509876 ROE J EMP 50731 | 1,500.00 |"), ["50731"])
        XCTAssertEqual(refs("| 03/17 | ZELLE TO JANE ROE CONF# Q55012233407 \"rent\" | | 60.00 |"), ["Q55012233407"])
        XCTAssertEqual(refs("| 03/18 | ACH DEBIT FIRST MTG PYMT LOAN 7730012291 | | 900.00 |"), ["7730012291"])
        XCTAssertEqual(refs("| 15.10. | LASTSCHRIFT SVWZ: Hausrat VSNR KV-2201-7731-02 | 21,37 |"), ["KV-2201-7731-02"])
        // A bank that spells the NACHA fields out: the individual's ID, not the originator's.
        XCTAssertEqual(refs("ORIG CO NAME:STATE TAX ORIG ID:9000000001 SEC:PPD IND ID:55012294471 IND NAME:JANE ROE"),
                       ["55012294471"])
    }

    func testSepaMandateReferenceAndAWrappedCell() {
        XCTAssertEqual(refs("LASTSCHRIFT MREF: XY-5521-0093 SVWZ: Beitrag"), ["XY-5521-0093"])
        // The label ends its cell, the cell wrapped: its value opens the same cell below.
        XCTAssertEqual(refs("15.10.\tLASTSCHRIFT MREF:\t21,37\n\tQA-7710-22 SVWZ: Beitrag"), ["QA-7710-22"])
    }

    func testTradeWordsBeforeACode() {
        XCTAssertEqual(refs("Aufnahmezahl: 2024/553120"), ["2024/553120"])
        XCTAssertEqual(refs("Bescheinigung Säule 3a (Vorsorge, Police 3A-55120091)"), ["3A-55120091"])
        XCTAssertEqual(refs("| Musterbank | Depot CH-771204-02 | Ehefrau | 1'000.00 |"), ["CH-771204-02"])
        XCTAssertEqual(refs("your certificate of deposit CD-55012277 matures"), ["CD-55012277"])
        XCTAssertEqual(refs("logged as evidence item E24-1102-03."), ["E24-1102-03"])
        XCTAssertEqual(refs("see DUI packet DUI-24-0117. He was"), ["DUI-24-0117"])
        XCTAssertEqual(refs("Member ID: QX5512     Group no.: 55120-07"), ["QX5512", "55120-07"])
        // The form puts the values below their labels.
        XCTAssertEqual(refs("Member ID:\tGroup no.:\nQX5512\t55120-07"), ["QX5512", "55120-07"])
        XCTAssertEqual(refs("Plan:\tTelefon:\nGold\t0301-234567"), [])
        XCTAssertEqual(refs("Vorgangs-ID:    QT24-0551-07-2291\nDatum:    01.02.2024"), ["QT24-0551-07-2291"])
        XCTAssertEqual(refs("The police were called at 21:40 to the depot 4."), [])
        XCTAssertEqual(refs("Encounter no. E-7731204"), ["E-7731204"])
        XCTAssertEqual(refs("Citation No. CT-2024-551208"), ["CT-2024-551208"])
        XCTAssertEqual(refs("Buchungszeichen 5.7712.044812.3"), ["5.7712.044812.3"])
        XCTAssertEqual(refs("Beitragskonto: 552 1209 4"), ["552 1209 4"])
    }

    func testACodeAfterTheInstitutionsName() {
        XCTAssertEqual(refs("Einkauf durch die Arbeitnehmerin, Vertrag Vorsorgekasse\nVK-BE-55120/01."), ["VK-BE-55120/01"])
        XCTAssertEqual(refs("Kundennummer Stadtwerke KS-4471-2"), ["KS-4471-2"])
        // Not after an everyday word, nor a form's name.
        XCTAssertEqual(refs("ask the employer to file Form W-2c with the agency"), [])
    }

    func testCourtFileNumbers() {
        XCTAssertEqual(refs("Pfändung lt. PfÜB AG Musterstadt 4 M 2291/24, Gläubiger"), ["4 M 2291/24"])
        XCTAssertEqual(refs("Urteil des ArbG Beispielstadt 3 Ca 1234/24 vom Mai"), ["3 Ca 1234/24"])
        XCTAssertEqual(refs("Aktenzeichen: 3 Ca 1234/24"), ["3 Ca 1234/24"])
        // The shape alone, with no court near, is some other count.
        XCTAssertEqual(refs("Lieferung 2 M 1187/25 Stück"), [])
    }

    func testANumberAfterAPersonNoun() {
        XCTAssertEqual(refs("Seen in the log: candidate 5520, Jane Roe, born 2008."), ["5520"])
        XCTAssertEqual(refs("the pupil 77104) was absent"), ["77104"])
        XCTAssertEqual(refs("candidate 2024, the year"), [])
        XCTAssertEqual(refs("each member 1500 points"), [])
    }

    func testASteuernummerInAWrappedCell() {
        XCTAssertEqual(texts("27.10.\tUEBERWEISUNG SVWZ: StNr\t618,00\n\t21/815/08150 ESt 2024", .taxID), ["21/815/08150"])
    }
}

final class SwissPlateTests: XCTestCase {
    func plates(_ s: String) -> [String] { texts(s, .licencePlate) }

    func testCantonAndDigitsNearAVehicle() {
        XCTAssertEqual(plates("Privatanteil Geschäftsfahrzeug (LU 55120)"), ["LU 55120"])
        XCTAssertEqual(plates("Fahrkosten: Motorrad, Kontrollschild BE 221 07, 12 km"), ["BE 221 07"])
        XCTAssertEqual(plates("Dienstwagen: ZH 123456"), ["ZH 123456"])
    }

    func testNotACompanyOrWithoutAVehicle() {
        XCTAssertEqual(plates("Fahrzeugkosten der Muster AG 2024"), [])
        XCTAssertEqual(plates("Beleg (ZG 71442) der Gemeinde"), [])
    }
}

/// Columns that a wrapped row or OCR's lost rule would end too early.
final class ColumnPastBreakTests: XCTestCase {
    func testALoginColumnPastARowThePageWrapped() {
        let table = """
            | Username | Role | Action |
            |---|---|---|
            | qbrandt | Clerk | password reset, MFA
            | re-enrolled |
            | zolawale7 | Analyst | none |
            | mfenwick | Lecturer | blocked by MFA |
            """
        let found = texts(table, .name)
        for n in ["qbrandt", "zolawale7", "mfenwick"] { XCTAssertTrue(found.contains(n), "\(n) in \(found)") }
    }

    func testAReferenceColumnPastTheGapOCRLeavesUnderItsHeader() {
        let table = """
            | Raum | Zählernummer | Stand | Verbrauch |

            | Küche | 5KW-20-0031177 | 12,40 | 3,1 m3 |
            | Bad | 5WW-20-0031178 | 8,02 | 2,2 m3 |
            | Flur | 72 5510 394 | – | 118 Einh. |
            """
        XCTAssertEqual(texts(table, .reference), ["5KW-20-0031177", "5WW-20-0031178", "72 5510 394"])
    }

    func testAFileNumberOCRReadWithAZeroIsNoIBAN() {
        XCTAssertEqual(texts("Geschäftszahl: PK-0Ö/2024/5512207", .reference), ["PK-0Ö/2024/5512207"])
        XCTAssertEqual(texts("Referenz: DE89 3704 0044 0532 0130 00", .reference), [])
    }
}

/// Values that open the next line, written like dates or led by a state.
final class WrappedValueTests: XCTestCase {
    func refs(_ s: String) -> [String] { texts(s, .reference) }

    func testASortCodeIsWrittenLikeADate() {
        XCTAssertEqual(refs("Sort code: 11-03-27"), ["11-03-27"])
        XCTAssertEqual(refs("are paid by direct debit from sort code\n11-03-27, account number 55120934."), ["11-03-27", "55120934"])
        XCTAssertEqual(refs("Reference: 11-03-27"), [])
    }

    func testALicenceNumberBelowItsLabelWithTheState() {
        // The state code is taken with the number, as the licence is cited (`TX 27840516`).
        XCTAssertEqual(refs("Driver's license no.\nMI K 552 118 740 336\nPolicy no."), ["MI K 552 118 740 336"])
    }

    func testARegisterNumberOpeningTheNextLine() {
        XCTAssertEqual(refs("Die Urkunde des Standesamts (Registernummer\nE 5512/2024) lag vor."), ["E 5512/2024"])
    }

    func testAnOfficersCollarNumber() {
        XCTAssertEqual(refs("Statement taken by:   PC 5520 Morven Example"), ["5520"])
        XCTAssertEqual(refs("Sgt 771, the custody officer"), ["771"])
        XCTAssertEqual(refs("a pc 5520 Morven"), [])
    }
}

final class USStatePlateTests: XCTestCase {
    func testAStatesCodeAndAPlateNearACar() {
        XCTAssertEqual(texts("2019 Honda Fit, OR KXR-5512; parked", .licencePlate), ["KXR-5512"])
        // A ZIP code has no letters; no car, no plate.
        XCTAssertEqual(texts("2019 Honda Fit, Salem, OR 97301", .licencePlate), [])
        XCTAssertEqual(texts("Form filed, OR KXR-5512 attached", .licencePlate), [])
    }
}
