import RedactCore
import XCTest

@testable import Detect

/// Identifiers by their shape (`UnlabelledCodes`), values after a number
/// word in running text (`NumberWordValues`), account tails, and a column
/// headed by two labels. All numbers invented.
final class UnlabelledCodeTests: XCTestCase {
    func refs(_ text: String, region: String = "DE") -> [String] { texts(text, .reference, region: region) }

    func testCodesOfCapitalsAndDigitsWhereverTheyStand() {
        XCTAssertEqual(refs("Die Rahmennummern der Räder: KTX5520193B und ein zweites."), ["KTX5520193B"])
        XCTAssertEqual(refs("Your loan has mortgage insurance (certificate PMIC-3301-77420-5) until then."),
                       ["PMIC-3301-77420-5"])
        XCTAssertEqual(refs("AutoPay enrollment: QP-66120493, started in May."), ["QP-66120493"])
        XCTAssertEqual(refs("Acas certificate T228193/24/11 - same respondent."), ["T228193/24/11"])
        XCTAssertEqual(refs("Vehicle 1HGBH41JXMN109186 was sold."), ["1HGBH41JXMN109186"])
    }

    func testLongNumbersStandingAlone() {
        XCTAssertEqual(refs("Führerschein: Nr. 30188245, ausgestellt 2001"), ["30188245"])
        XCTAssertEqual(refs("| Premium Bonds | holder's number 661204937 | 4,000.00 |"), ["661204937"])
    }

    func testWhatHasTheShapeButIsNoOnes() {
        // Invoices, orders, shipments, firms, forms, samples.
        XCTAssertEqual(refs("Bestellnummer BX-2024-88120 vom 3. Mai"), [])
        XCTAssertEqual(refs("Tracking 1Z9F44E20391128847 (UPS)"), [])
        XCTAssertEqual(refs("Registered in England and Wales no. 09912204."), [])
        XCTAssertEqual(refs("OMB No. 1545-2119"), [])
        XCTAssertEqual(refs("Beispiel: AB1234567"), [])
        // Short names of things, time stamps, words, hashes, OCR's digits.
        XCTAssertEqual(refs("key type ED25519 accepted"), [])
        XCTAssertEqual(refs("2024-05-14T09:12:33Z sshd started"), [])
        XCTAssertEqual(refs("see report-2025-26.xlsx and Bochum44781"), [])
        XCTAssertEqual(refs("Zeitraum O1.O9.1975-31.O8.1978"), [])
        // Amounts, dates, postcodes, a joined short number.
        XCTAssertEqual(refs("Betrag 12.345.678,00 EUR am 12.03.2024 in 44787 Bochum, Los 2024-117"), [])
    }

    func testShapeDoesNotHideAPhoneNumber() {
        let found = Detector(config: DetectorConfig(enabled: [.phone, .reference])).detect(
            scalars("Tagsüber bin ich unter 0176 55123390 zu erreichen."))
        XCTAssertTrue(found.contains { $0.category == .phone }, "\(found)")
    }

    func testAPhoneNumberReadInsideACodeLeavesTheCodeWhole() {
        let s = scalars("Your loan has PMI (certificate RXQT-3301-58842-6) until the balance falls.")
        let found = Detector(config: DetectorConfig(defaultRegion: "US")).detect(s)
        XCTAssertTrue(found.contains { $0.category == .reference && String(String.UnicodeScalarView(s[$0.range])) == "RXQT-3301-58842-6" },
                      "\(found)")
    }

    func testValuesAfterANumberWordInRunningText() {
        XCTAssertEqual(refs("Ausweis-Nr. F 5520 3318, gültig bis 14.05.2030"), ["F 5520 3318"])
        XCTAssertEqual(refs("Nr. KM 4 118 220 907 vom 12.03.2024 (Parken) - bezahlt."), ["KM 4 118 220 907"])
        XCTAssertEqual(refs("Your Allpay card number is 6622 9018 4471 0023 19; pay at any shop."),
                       ["6622 9018 4471 0023 19"])
        XCTAssertEqual(refs("Versicherungsbestätigung (eVB-Nr.): K3P9Z2W, Versicherer Nordstern"), ["K3P9Z2W"])
        // Not a telephone's, a house's, an invoice's or a sample's number.
        XCTAssertEqual(refs("Telefonnummer 0221 4471 882 oder Hausnummer 12"), [])
        XCTAssertEqual(refs("Ihre Bestell-Nr. 4471 2291 88 bitte angeben"), [])
        XCTAssertEqual(refs("die Musternummer 12 345 678 901 ist ungültig"), [])
    }

    func testAccountTails() {
        XCTAssertEqual(refs("Payments come from your account ending 40917 each month.", region: "US"), ["40917"])
        XCTAssertEqual(refs("Your card ending in 4471 was charged.", region: "US"), ["4471"])
        XCTAssertEqual(refs("Abbuchung vom Konto endend auf 3390."), ["3390"])
        XCTAssertEqual(refs("The lease ending 2026 will renew.", region: "US"), [])
    }

    func testAColumnHeadedByTwoLabels() {
        let table = """
            | Vertragspartner | Art | Kontonummer / Vertragsnummer | Datum |
            | Nordbank AG | Girokonto | 4471 229 018 | 03.05.2016 |
            | Quelle Finanz GmbH | Rahmenkredit | QF 8812 4471 02 | 08.11.2023 |
            """
        XCTAssertEqual(refs(table), ["4471 229 018", "QF 8812 4471 02"])
    }

    func testAColumnGoesOnPastARowWhoseLastCellWrapped() {
        let table = """
            | Vertragspartner | Art | Kontonummer | Datum | Status |
            | Nordbank AG | Girokonto | 4471 229 018 | 03.05.2016 | 12.000 EUR, 48 Raten,
            plangemäß |
            | Quelle Finanz GmbH | Rahmenkredit | QF 8812 4471 02 | 08.11.2023 | - |
            """
        XCTAssertEqual(refs(table), ["4471 229 018", "QF 8812 4471 02"])
    }

    func testTheLettersAndGroupsThatCloseANumberArePartOfIt() {
        // A suffix of capitals or a check letter after the digits belongs to the number.
        XCTAssertEqual(refs("Child Benefit number  XKB 40217839 MT\n", region: "GB"), ["XKB 40217839 MT"])
        XCTAssertEqual(refs("Kiel, Az. 412/23 WK\n"), ["412/23 WK"])
        XCTAssertEqual(refs("Aktenzeichen: 4 C 2281/24 b\nDatum: 04.11.2025\n"), ["4 C 2281/24 b"])
        // A number found by its shape takes the groups after it.
        // And the capitals in front of it, even where they are a label nobody listed.
        XCTAssertEqual(refs("A N OKAFOR · CRN 508812347 22 · page 1 of 2\n", region: "GB"), ["CRN 508812347 22"])
        XCTAssertEqual(refs("Page 2 of 2 · XKB 40217839 MT\n", region: "GB"), ["XKB 40217839 MT"])
        XCTAssertEqual(refs("| Silas Brandt | VSP 5520 1187 | DD-4471 |\n", region: "US"), ["VSP 5520 1187"])
        XCTAssertEqual(refs("Forderung EUR 40217839\n"), ["40217839"])
        // A currency or a label after it is not the number's.
        XCTAssertEqual(refs("Forderung 40217839 EUR\n"), ["40217839"])
        XCTAssertEqual(refs("Vertrag 40217839 Tel 0431 99 12\n"), ["40217839"])
    }

    func testNumbersPrintedInGroupsOfDigits() {
        // Account and customer numbers printed in groups, wherever they stand.
        XCTAssertEqual(refs("Herr Nowicki ist unter 318 442 905 abgemeldet.\n"), ["318 442 905"])
        XCTAssertEqual(refs("Council tax:   Salford Council SC 7731 2046 5\n", region: "GB"), ["SC 7731 2046 5"])
        // Digits joined by a doubled slash, or in three parts or more.
        XCTAssertEqual(refs("Nummer der BG:  41187//0227719\n"), ["41187//0227719"])
        XCTAssertEqual(refs("Vollstreckungsbescheid AG Hagen 24-7719023-0-6\n"), ["24-7719023-0-6"])
        XCTAssertEqual(refs("| Dauphin County Tax Claim Bureau | Parcel 35-12-0448-017 | $988.10 |\n", region: "US"), ["35-12-0448-017"])
        XCTAssertEqual(refs("Logged 2024-05-14 and 2024-05-14-0457.\n", region: "US"), [])
        // Not phone numbers, amounts, years, an IBAN's or a card's shape.
        XCTAssertEqual(refs("Tel. 0301-234567, Fax 0431/123456\n"), [])
        XCTAssertEqual(refs("Betrag 1 234 567\nJahre 2023 2024 2025\n"), [])
        XCTAssertEqual(refs("Beispiel: NL69 IWQQ 6004 7917 06\nKarte 4111 1111 1111 1112\n"), [])
    }

    func testTheNumberOfWhatAPersonHolds() {
        XCTAssertEqual(refs("Halifax (mortgage account 5518 2209 7741) holds the charge.\n", region: "GB"), ["5518 2209 7741"])
        XCTAssertEqual(refs("Vermögen: Sparbuch 7720 118 402 bei der Sparkasse\n"), ["7720 118 402"])
        XCTAssertEqual(refs("Gebäudeversicherung Police KVB 71.2280.44\n"), ["KVB 71.2280.44"])
        // The value may open the next line of the sentence.
        XCTAssertEqual(refs("Sie sind unter der Beitragsnummer\n318 442 905 angemeldet.\n"), ["318 442 905"])
        // `Account no.`: the number word speaks, not the account word.
        XCTAssertEqual(refs("Account no.44182093\n"), ["44182093"])
    }

    func testAColumnHeadedByANumberWord() {
        let table = """
            | DR-Nr. | Gläubiger | Forderung |
            |---|---|---:|
            | DR II 2207/25 | Stadtwerke Lübeck AG | 312,40 € |
            | DR II 2219/25 | Jonna Wiebking | 90,00 € |
            """
        XCTAssertEqual(refs(table), ["DR II 2207/25", "DR II 2219/25"])
        let crn = "Sponsor\tRelationship\tCustomer Reference Number\nAdaeze Okafor\tMother\t2281 5530 71\n"
        XCTAssertEqual(refs(crn, region: "GB"), ["2281 5530 71"])
        // A form's numbered fields, values below their captions.
        let form = "10. Date of hire\t11. Occupation / job title\t12. Employee ID / payroll no.\n03/15/2021\tWarehouse lead\t005521\n"
        XCTAssertEqual(refs(form, region: "US"), ["005521"])
        // Not a column of numbers that are no one's.
        XCTAssertEqual(refs("Pos.\tArt.-Nr.\tMenge\n1\t4471-220\t3\n"), [])
    }

    func testSamplesAndChequesStayPlain() {
        // The sample's sentence began on the line before.
        XCTAssertEqual(refs("of fraud. An example of a Child Benefit\nnumber in our leaflet is XKB 00000000 AB: not a real number.\n", region: "GB"), [])
        // Cheque numbers in a column say which payment it was, not whose.
        XCTAssertEqual(refs("Week ending\tGross wages\tCheck no.\n08/08/2025\t$1,022.25\t208811\n", region: "US"), [])
        // Under a table's header row that ends in `Konto` stands its first row, not the value.
        XCTAssertEqual(refs("Periode\tTage\tKonto\n04/2025\t22\tbar\n", region: "CH"), [])
    }

    func testMaskedNumbersAndPartsApartByADash() {
        // A number masked but for its tail still says whose it is.
        XCTAssertEqual(refs("The refund went to account ****5530 held by Ilse Brandt.\n", region: "US"), ["****5530"])
        XCTAssertEqual(refs("Card XXXX-XXXX-XXXX-2291 was declined.\n", region: "US"), ["XXXX-XXXX-XXXX-2291"])
        XCTAssertEqual(refs("Total*: 12 items, see note ***.\n", region: "US"), [])
        // A file plan's number and the case's, apart by a dash, are one reference.
        XCTAssertEqual(refs("Mein Zeichen:      512.3 – 41187BG0227719\n"), ["512.3 – 41187BG0227719"])
    }

    func testAnAustrianTaxNumber() {
        XCTAssertEqual(texts("Steuernummer:  57 318/2209 · UID ATU13585627\n", .taxID, region: "AT"), ["57 318/2209"])
    }

    func testWhatIsNotANumbersOwn() {
        // A merchant's name in capitals is not the number's prefix.
        XCTAssertEqual(refs("| 04/26 | NORDIC AIR 0381226574 OSLO | 412.40 |\n", region: "US"), ["0381226574"])
        // A test card number cut by a line break is no grouped account number.
        XCTAssertEqual(refs("Test numbers must not appear: 5235\n9658 7229 6608, and more.\n", region: "US"), [])
        // A unit after a number is not its closing letter.
        XCTAssertEqual(refs("Zähler 8KW-2209117 | 211,4 | 77,5 m³ |\n").filter { $0.contains("m") }, [])
    }
}

/// What the words before a number say, and the letters before it.
final class CodeContextTests: XCTestCase {
    func refs(_ s: String, region: String = "DE") -> [String] { texts(s, .reference, region: region) }

    func testAnEntryClassSaysNotPersonalOnlyInCapitals() {
        XCTAssertEqual(refs("Internal patient ID: KMC-0079415\tEMIS web no. 1204478\n", region: "GB"), ["KMC-0079415", "1204478"])
        XCTAssertEqual(refs("ACH DEBIT WEB ID 1234567890\n", region: "US").filter { $0.contains("1234567890") }, [])
    }

    func testAClauseEndsWhatTheWordsBeforeSay() {
        // OCR reads the cell's `·` as a dash: the IBAN's label is another clause's.
        XCTAssertEqual(refs("IBAN GBSO BOFS 8022 6010 4567 38 - reference \"CIM24-0918\"\n", region: "GB").filter { $0.contains("CIM24") },
                       ["CIM24-0918"])
        // A dash between a phone number's parts ends nothing.
        XCTAssertEqual(refs("Fax 0211 - 12345678\n"), [])
    }

    func testOneCapitalOpeningTheCellOfAGroupedNumber() {
        XCTAssertEqual(refs("| NGUYEN, THI MINH HANG | A 219 447 805 |\n", region: "US"), ["A 219 447 805"])
        // A letterhead's `T` says telephone.
        XCTAssertFalse(refs("T 0131 496 0720 · info@firm.co.uk\n", region: "GB").contains { $0.hasPrefix("T ") })
    }

    func testAnOCRDamagedCodeAfterANumberWord() {
        XCTAssertEqual(refs("Az. 346 E 1-1188/25, Aufenthaltstitel Nr. YSKOP7RST.\n"), ["346 E 1-1188/25", "YSKOP7RST"])
        XCTAssertEqual(refs("Modell Nr. SLIMLINE7 in Weiß\n"), [])
    }

    func testANumberWithAMembersSuffix() {
        XCTAssertEqual(refs("| Sorcha Byrne | 05/03/1988 | 77301920-01 |\n", region: "GB"), ["77301920-01"])
        // A phone number with its extension, a short number with a suffix, a date: no.
        XCTAssertEqual(refs("Tel. 030 12345678-12\n"), [])
        XCTAssertEqual(refs("Kasse 1234-01 am 2025-01-12\n"), [])
    }

    func testAnAccountTailWrapped() {
        XCTAssertEqual(refs("B. Copy of cancelled check no. 2281 (account\nending 4471, Capital One, N.A.)\n", region: "US"), ["4471"])
    }

    func testAnAustrianTaxNumberWithADash() {
        XCTAssertEqual(texts("Rückfragen über FinanzOnline (Steuernummer 91-417/3308 angeben).\n", .taxID, region: "AT"), ["91-417/3308"])
        XCTAssertEqual(texts("Durchwahl 91-417/3308\n", .taxID, region: "AT"), [])
    }
}
