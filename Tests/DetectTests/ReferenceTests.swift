import RedactCore
import XCTest

@testable import Detect

final class ReferenceTests: XCTestCase {
    func refs(_ text: String) -> [String] { texts(text, .reference) }

    func testGermanLabels() {
        XCTAssertEqual(refs("Aktenzeichen: 3 K 1234/23"), ["3 K 1234/23"])
        XCTAssertEqual(refs("Az.: 12 O 345/23"), ["12 O 345/23"])
        XCTAssertEqual(refs("Kundennummer: 123 456 789"), ["123 456 789"])
        XCTAssertEqual(refs("Kunden-Nr. 4711-0815"), ["4711-0815"])
        XCTAssertEqual(refs("Kd.-Nr.: KD-99812"), ["KD-99812"])
        XCTAssertEqual(refs("Vertragsnummer 2020/556677"), ["2020/556677"])
        XCTAssertEqual(refs("Versicherungsnummer: VS.44.1290.77"), ["VS.44.1290.77"])
        XCTAssertEqual(refs("Mitgliedsnummer 000123456"), ["000123456"])
        XCTAssertEqual(refs("Personalnummer: 07731"), ["07731"])
        XCTAssertEqual(refs("Patientennummer: P-2231-A"), ["P-2231-A"])
        XCTAssertEqual(refs("Ihr Zeichen: AB/12-345"), ["AB/12-345"])
        XCTAssertEqual(refs("Rechnungsnummer: RE-2024-0012"), ["RE-2024-0012"])
    }

    func testEnglishLabels() {
        XCTAssertEqual(refs("Case No. 2023-CV-00417"), ["2023-CV-00417"])
        XCTAssertEqual(refs("Policy number: PX-44-1234/B"), ["PX-44-1234/B"])
        XCTAssertEqual(refs("Customer ID: 88213"), ["88213"])
        XCTAssertEqual(refs("Account: 12345678"), ["12345678"])
        XCTAssertEqual(refs("Our ref: JS/4471"), ["JS/4471"])
        XCTAssertEqual(refs("Reference 7781-ZX."), ["7781-ZX"])
    }

    func testFusedNextLineAndTable() {
        XCTAssertEqual(refs("Kundennummer:4471123"), ["4471123"])
        XCTAssertEqual(refs("Kundennr12345"), ["12345"])
        XCTAssertEqual(refs("Sort codeO4-OO-O4 Account no.8812O447"), ["O4-OO-O4", "8812O447"])
        XCTAssertEqual(refs("Vertragsnummer\nV-2231-99"), ["V-2231-99"])
        let table = """
            Datum        Kundennummer    Betrag
            12.03.2024   K-55123         12,50 EUR
            """
        XCTAssertEqual(refs(table), ["K-55123"])
    }

    func testMoreLabels() {
        XCTAssertEqual(refs("Geschäftszahl: GKK-S-2023/44120"), ["GKK-S-2023/44120"])
        XCTAssertEqual(refs("Mieternummer: WH3-11-0042"), ["WH3-11-0042"])
        XCTAssertEqual(refs("Strom   Zähler 9XYZ0012345678   01.01.-31.12."), ["9XYZ0012345678"])
        XCTAssertEqual(refs("Personalnr. 55102"), ["55102"])
        XCTAssertEqual(refs("Hospital no.: K3390217"), ["K3390217"])
        XCTAssertEqual(refs("(support case SUP-20931)"), ["SUP-20931"])
        // "case" alone is an English word: no reference after it.
        XCTAssertEqual(refs("Average loss per case: GBP 412."), [])
    }

    func testNotValues() {
        XCTAssertEqual(refs("Bitte geben Sie Ihre Kundennummer an."), [])
        XCTAssertEqual(refs("with reference to your letter"), [])
        XCTAssertEqual(refs("Ihre Rechnung vom 12.03.2024"), [])
        XCTAssertEqual(refs("Rechnung 12.03.2024"), [])
        XCTAssertEqual(refs("Konto IBAN DE89 3704 0044 0532 0130 00"), [])
        XCTAssertEqual(refs("Konto: DE89370400440532013000"), [])
        XCTAssertEqual(refs("Privacy Policy 2024"), [])
        XCTAssertEqual(refs("Phoenix, AZ 85001"), [])
        // The bank code of a person's account is theirs too (corpus rule 6).
        XCTAssertEqual(refs("Konto 1234567890 BLZ 10020030"), ["1234567890", "10020030"])
    }

    func testKindAndConfidence() {
        let d = detections("Kundennummer: 4471123", .reference)
        XCTAssertEqual(d.map(\.kind), ["label Kundennummer"])
        XCTAssertEqual(d.map(\.reason), [.context])
        let inv = detections("Rechnungsnummer: RE-2024-0012", .reference)
        XCTAssertLessThan(inv.first?.confidence ?? 1, d.first?.confidence ?? 0)
    }

    func testEverydayWordsTakeOnlyACode() {
        XCTAssertEqual(refs("Case QX-19-2207  Customer since 2019"), ["QX-19-2207"])
        XCTAssertEqual(refs("Subject: refund request - case TB-RFD-330917"), ["TB-RFD-330917"])
        XCTAssertEqual(refs("DEA KT5508813"), ["KT5508813"])
        XCTAssertEqual(refs("Den Antrag (Vorgang ZA-2023-55071) habe ich gestellt."), ["ZA-2023-55071"])
        XCTAssertEqual(refs("Ihr Ausweis (Nr. K-LB 2290/88) fehlt."), ["K-LB 2290/88"])
        XCTAssertEqual(refs("State license VT-5531"), ["VT-5531"])
        XCTAssertEqual(refs("Case 12 of 40 was closed."), [])
        XCTAssertEqual(refs("Licensed under the Apache license 2.0"), [])
        XCTAssertEqual(refs("The claim 12.50 was paid."), [])
        XCTAssertEqual(refs("The batch reference for the bank file is NL69 IWQQ 6004 7917 06."), [])
        // `example` of a host name is no sample.
        XCTAssertEqual(refs("# log of shop.example.org, 2024-04-09 (support case SUP-2291)"), ["SUP-2291"])
    }

    func testValuesAfterAQualifierOrInProse() {
        XCTAssertEqual(refs("(Mitgliedsnummer des Hauptmieters 5512-0983) zugestimmt"), ["5512-0983"])
        XCTAssertEqual(refs("Ihre Kundennummer bei der Gläubigerin\tQR-33019842"), ["QR-33019842"])
        XCTAssertEqual(refs("logs attached to ticket\nNET-4471 for review"), ["NET-4471"])
        XCTAssertEqual(refs("Your Unique Taxpayer Reference for Self Assessment, if you need it, is 55180 22371."),
                       ["55180 22371"])
        XCTAssertEqual(refs("Unique pupil number (if known) K220481937004"), ["K220481937004"])
        XCTAssertEqual(refs("5. Licence number\nWALKE712039JT8QZ"), ["WALKE712039JT8QZ"])
        // Not a sentence's next line, nor a count: the value must be a code.
        XCTAssertEqual(refs("we will send the reference\n2024 figures soon"), [])
        // A sample in instructions is no one's number.
        XCTAssertEqual(refs("Example UPN format in guidance note: A123456789012"), [])
    }

    func testDirectDebitBookingTexts() {
        let statement = """
            Date\tPayment type\tDetails\tPaid out\tBalance
            03 Jun\tDD\tANGLIAN WATER 51190273\t41.20\t980.10
            04 Jun\tDD\tEON NEXT CUST 3318047\t88.00\t892.10
            05 Jun\tDEB\tTESCO STORES 2291\t12.40\t879.70
            07 Jun\tSO\tRENT FLAT 2\t700.00\t179.70
            09 Jun 2024 DD SKY DIGITAL ACC 40018223 30.00 149.70
            """
        XCTAssertEqual(refs(statement), ["51190273", "CUST 3318047", "ACC 40018223"])
        // Not an amount, not a card payment, not an ordinary capital `SO`.
        XCTAssertEqual(refs("01 May\tDD\tCOUNCIL TAX 1,150.00\t2,597.23"), [])
        XCTAssertEqual(refs("AND SO ON 1234567"), [])
    }

    func testAccountHolderColumnOfCodes() {
        let table = """
            | User | Email | Login time |
            |---|---|---|
            | K-0031882 | a.b@example.org | 2024-03-02 03:12:02 |
            | K-0077120 | c.d@example.org | 2024-03-02 03:14:40 |
            """
        XCTAssertEqual(refs(table), ["K-0031882", "K-0077120"])
        // Names in a customer column are no codes.
        XCTAssertEqual(refs("Customer\tCity\tOrders\nAnna Berg\tUlm\t3"), [])
    }

    func testALabelWithItsValueBesideItHeadsNoColumn() {
        let page = """
            Sort code\t\t60-11-22\tAccount\t30441177
            Date\tPayment type\tDetails\tPaid out\tBalance
            20 May\tDEB\tWAITROSE 447\t38.42\t2,393.63
            """
        XCTAssertEqual(refs(page), ["60-11-22", "30441177"])
    }

    func testOtherNumbersInTheFormatOfALabelledOne() {
        let letter = """
            PCN number:   QT40718822
            Previous notices for this keeper: QT40299107 (paid),
            QT39917735 (cancelled). Quote QT-4 or code AB1234.
            """
        XCTAssertEqual(refs(letter), ["QT40718822", "QT40299107", "QT39917735"])
    }

    func testPatIsAGivenNameButPatIDALabel() {
        XCTAssertEqual(refs("Pat.-ID:      P-00419921"), ["P-00419921"])
        XCTAssertEqual(texts("Kontakt: Pat Morgan, Station 4", .name), ["Pat Morgan"])
    }

    func testAStrayDashAfterAColumnHeader() {
        let table = "Mitgl.-Nr. -\tName, Vorname\tAbteilung\n0191\tKoch, Heinz\tWandern\n0203\tOkafor, Jule\tTurnen\n"
        XCTAssertEqual(refs(table), ["0191", "0203"])
    }

    func testABareCardNumberIsTheIDRecognizers() {
        // (Here with every recognizer: the ID recognizer has it, by its check digit, and nothing else.)
        let card = scalars("Ausweisnummer: T220001293")
        XCTAssertEqual(Detector().detect(card).map(\.category), [.nationalID])
        XCTAssertEqual(refs("Ausweisnummer: BPA-K7-2023-0815"), ["BPA-K7-2023-0815"])
    }

    func testWrappedTableRowKeepsTheColumn() {
        let table = """
            | Name | Payroll no. | Net pay |
            |---|---|---|
            | Ann Lee | 12684 | £1,429.98
            |
            | Ben Hall | 14406 | £1,969.87 |
            """
        XCTAssertEqual(refs(table), ["12684", "14406"])
    }

    func testLeaseFlatLabAndBookingLabels() {
        XCTAssertEqual(refs("Lease no.: RT-2023-0871"), ["RT-2023-0871"])
        XCTAssertEqual(refs("Tenancy reference: 44812/B"), ["44812/B"])
        XCTAssertEqual(refs("die Wohnung im 2. OG, Wohnungs-Nr. 12-2L, mit Balkon"), ["12-2L"])
        XCTAssertEqual(refs("Objekt-Nr.: 0815-44"), ["0815-44"])
        XCTAssertEqual(refs("Versichertennummer: 801.227.446-03"), ["801.227.446-03"])
        XCTAssertEqual(refs("UBRN: 1234 5678 9012"), ["1234 5678 9012"])
        XCTAssertEqual(refs("Pat.-ID: P-22001   Auftrags-Nr.: 3107240088"), ["P-22001", "3107240088"])
        XCTAssertEqual(refs("Booking ref: QX7-2291"), ["QX7-2291"])
        XCTAssertEqual(refs("Building society roll no. 7712/33081"), ["7712/33081"])
    }

    func testAnAmountIsNoReference() {
        XCTAssertEqual(refs("Beleg\tKauf auf Rechnung\t129,95"), [])
        XCTAssertEqual(refs("Invoice\t1,250.00"), [])
    }

    func testLabelEndingAWrappedLine() {
        // A court's file number opens the next line of running text, with the court after it.
        XCTAssertEqual(refs("- Lohnpfändung: Aktenzeichen\n7 M 1456/22 AG Köln-Mülheim, erledigt."), ["7 M 1456/22"])
        XCTAssertEqual(refs("Beschluss, Geschäftszeichen\nVII ZB 31/20 des Gerichts"), ["VII ZB 31/20"])
        // The bracket with `Nr.` wrapped along with the ID card's number.
        XCTAssertEqual(refs("liegt vor; Ihr eigener Ausweis\n(Nr. K-LM 2281/07) fehlt noch."), ["K-LM 2281/07"])
        // Not a sentence that goes on with a count.
        XCTAssertEqual(refs("Bitte nennen Sie das Aktenzeichen\n12 Tage vor dem Termin."), [])
    }

    func testCapitalAbbreviationsInABookingText() {
        XCTAssertEqual(refs("| 01.10. | Gutschrift | Beispiel Pflege GmbH | LOHN/GEHALT 09/2024 PERS 40177 | +2.104,10 |"), ["40177"])
        XCTAssertEqual(refs("BEITRAG 2024 MITGL 20417 TSV"), ["20417"])
        XCTAssertEqual(refs("GUTSCHRIFT KD 1.250,00"), [])
        XCTAssertEqual(refs("pers 12345"), [])  // not in capitals: not a booking text's label
    }

    func testFieldLabelAloneOnItsLine() {
        XCTAssertEqual(refs("Your caller ID\n704412"), ["704412"])
        XCTAssertEqual(refs("Ihre Kundennummer\n448120\nDatum 01.02.2024"), ["448120"])
        // Not the first words of a sentence that goes on.
        XCTAssertEqual(refs("Your customer ID\n1234 Example Street is where we live"), [])
    }

    func testCopulaEndingItsLine() {
        XCTAssertEqual(refs("Medicare: Your Medicare number is\n7QX2-AB4-KK19."), ["7QX2-AB4-KK19"])
        XCTAssertEqual(refs("Your policy number is\n\n7QX2-AB4-KKA9."), [])
    }

    func testMoreEverydayLabelsOfAPersonsNumber() {
        XCTAssertEqual(refs("Beitragsnummer: 447 118 203"), ["447 118 203"])
        XCTAssertEqual(refs("Abo-Nr.: AB-2231-77"), ["AB-2231-77"])
        XCTAssertEqual(refs("Aktenzahl: 12-3344/24"), ["12-3344/24"])
        XCTAssertEqual(refs("Membership ID: M-440182"), ["M-440182"])
        XCTAssertEqual(refs("Tenant reference: TR-22-0917"), ["TR-22-0917"])
        XCTAssertEqual(refs("Loan number: 770-2231-0098"), ["770-2231-0098"])
        XCTAssertEqual(refs("Subscriber ID: XGQ442118701"), ["XGQ442118701"])
        XCTAssertEqual(refs("Medicaid ID: AB12345C"), ["AB12345C"])
        XCTAssertEqual(refs("Docket no.: 24-CV-01187"), ["24-CV-01187"])
        XCTAssertEqual(refs("Zahlungsreferenz: 2024/118-33"), ["2024/118-33"])
    }

    func testExportColumnKeyedByARecord() {
        let export = """
            | user_id | display_name | role | last_login_utc |
            |---|---|---|---|
            | xq20417 | Ann Example | Clerk | 2025-01-02 10:11 |
            | xq20533 | Ben Example | Analyst | 2025-01-03 08:15 |
            """
        XCTAssertEqual(refs(export), ["xq20417", "xq20533"])
        let ids = "employee_no\tdept\tgrade\n40117\tSales\t3\n40122\tOps\t4\n"
        XCTAssertEqual(refs(ids), ["40117", "40122"])
        // Not a column of counts under another field.
        XCTAssertEqual(refs("item_no\tqty\tprice\n40117\t3\t9.99\n"), [])
    }
}

final class WrappedLabelAndLicenceTests: XCTestCase {
    func refs(_ s: String) -> [String] { texts(s, .reference) }

    func testALabelWrappedInRunningText() {
        XCTAssertEqual(refs("Rent is owed under the tenancy agreement and the lease\nno. QRT-LV-19-2207 dated 1 May."), ["QRT-LV-19-2207"])
        XCTAssertEqual(refs("The refund was paid to your savings account\nno. 000918273645 on Friday."), ["000918273645"])
        // Not in a table: a header cell and the next row are no one label.
        XCTAssertEqual(refs("Lease\tAmount\nno.\t1200"), [])
    }

    func testNewReferenceLabels() {
        XCTAssertEqual(refs("URN: 31 KT 0927741"), ["31 KT 0927741"])
        XCTAssertEqual(refs("Electricity MPAN: 16 0007 2291 448"), ["16 0007 2291 448"])
        XCTAssertEqual(refs("Die Betreibung 24117730 wurde eingestellt."), ["24117730"])
        XCTAssertEqual(refs("am 04.11.2025, GZ WE-MA-25-220117."), ["WE-MA-25-220117"])
        XCTAssertEqual(refs("Phoenix, AZ 85001"), [])
    }

    func testGBDrivingLicenceNumbersByTheirShape() {
        XCTAssertEqual(refs("licence MORGA753116SM9IJ held"), ["MORGA753116SM9IJ"])
        XCTAssertEqual(refs("Driver: PENHA962155T99KL"), ["PENHA962155T99KL"])
        // A birth month or day that cannot be.
        XCTAssertEqual(refs("code MORGA713116SM9IJ and MORGA750016SM9IJ"), [])
        XCTAssertEqual(refs("the sample number in DVLA guidance MORGA753116SM9IJ"), [])
    }
}

final class MoreReferenceLabelTests: XCTestCase {
    func testNumberSignsCompoundsAndBookingCodes() {
        XCTAssertEqual(texts("Loan #: 7702231187", .reference, region: "US"), ["7702231187"])
        XCTAssertEqual(texts("Confirmation code: RT4K9P", .reference, region: "US"), ["RT4K9P"])
        XCTAssertEqual(texts("Zahl: MA 35-EW/1182/2025", .reference), ["MA 35-EW/1182/2025"])
        // A creditor's ID is no one's name.
        XCTAssertEqual(texts("Gläubiger-ID DE98ZZZ09999999999", .name), [])
        XCTAssertEqual(texts("Patient-Name: Emilia Thao Nguyen", .name), ["Emilia Thao Nguyen"])
    }
}

final class NumberLabelTests: XCTestCase {
    func refs(_ s: String) -> [String] { texts(s, .reference) }

    func testALabelBuiltLikeANumbersLabel() {
        XCTAssertEqual(refs("Objektnummer: 77-4R-12"), ["77-4R-12"])
        XCTAssertEqual(refs("Schließfachkennung: SF-22918"), ["SF-22918"])
        XCTAssertEqual(refs("Locker ID: LK-4471"), ["LK-4471"])
        XCTAssertEqual(refs("Depot number: 44018-2291"), ["44018-2291"])
    }

    func testNotTheNumbersThatAreNoOnes() {
        XCTAssertEqual(refs("Artikelnummer: AX-4471-22"), [])
        XCTAssertEqual(refs("Sendungsnummer: 00340434161094042557"), [])
        XCTAssertEqual(refs("Serial number: SN-44182-X"), [])
        XCTAssertEqual(refs("Room number: 2.14"), [])
        XCTAssertEqual(refs("Version number: 3.2.1"), [])
    }
}

/// File numbers of courts and offices, values written with stray spaces,
/// asides between a label and its value, and the labels real letters use
/// for them.
final class OfficeFileNumberTests: XCTestCase {
    func refs(_ s: String, region: String = "DE") -> [String] { texts(s, .reference, region: region) }

    func testAnAustrianCourtFileNumberWithItsCheckLetter() {
        XCTAssertEqual(refs("Unterhalt lt. Beschluss des BG Salzburg, GZ 2 Fam 114/19k, monatlich 310,00 Euro.\n", region: "AT"),
                       ["2 Fam 114/19k"])
        XCTAssertEqual(refs("Unterhaltszahlungen lt. Beschluss des BG Salzburg, GZ\n2 Fam 114/19k, monatlich 310,00 Euro.\n", region: "AT"),
                       ["2 Fam 114/19k"])
        // Not a size or a ratio without a court or a label.
        XCTAssertEqual(refs("Bitte 2 Fam 114/19k nicht verwechseln.\n", region: "AT"), [])
    }

    func testAnOfficeAbbreviationOpensAFileNumber() {
        XCTAssertEqual(refs("Aktenzeichen:\tStA 41.2-E 688/2025\nSachbearbeiter/in:\tHerr Pawlak\n"), ["StA 41.2-E 688/2025"])
        // The abbreviation alone is no number.
        XCTAssertEqual(refs("Aktenzeichen: StA bitte angeben\n"), [])
    }

    func testASpacedSlashBetweenNumbers() {
        XCTAssertEqual(refs("Dossier-Nr.:\tAM 2025 / 118 604\n", region: "CH"), ["AM 2025 / 118 604"])
        XCTAssertEqual(refs("| Datum | Massnahme | Referenz |\n|---|---|---|\n| 12.03.2021 | Verwarnung | AM 2021 / 031 877 |\n", region: "CH"),
                       ["AM 2021 / 031 877"])
        XCTAssertEqual(refs("Seite 1 / 2\n"), [])
    }

    func testStraySpacesByAJoiner() {
        XCTAssertEqual(refs("Urkundennummer\tUR- 0425- 11/25 sind auf jeder Seite angegeben.\n"), ["UR- 0425- 11/25"])
        XCTAssertEqual(refs("Your LBTT return reference is\tRS-LBTT-8841 -20937; please keep it.\n", region: "GB"),
                       ["RS-LBTT-8841 -20937"])
    }

    func testAQuotedValue() {
        XCTAssertEqual(refs("Please transfer the balance, reference \"CIM24-0918\".\n", region: "GB"), ["CIM24-0918"])
    }

    func testAnAsideBetweenLabelAndValue() {
        XCTAssertEqual(refs("MHIC license number of Defendant (Maryland Home Improvement Commission): 01-139874 Defendant's date of birth\n",
                            region: "US"), ["01-139874"])
        XCTAssertEqual(refs("Unique Taxpayer Reference (Self\nAssessment)\t47716 20958\nEmployment start\t01/02/2021\n", region: "GB"),
                       ["47716 20958"])
        XCTAssertEqual(refs("Die Kfz-Steuer wird abgerechnet (Kassenzeichen des\nHauptzollamts: 4401.1887.3302.6).\n"), ["4401.1887.3302.6"])
        // A shop's invoice number keeps its aside to itself, and words are no value.
        XCTAssertEqual(refs("Invoice number for your order (web shop): 4471-2291\n", region: "GB"), [])
        XCTAssertEqual(refs("Policy number (see your schedule): to follow\n", region: "GB"), [])
    }

    func testTheLabelsOfFilesAndSerials() {
        XCTAssertEqual(refs("Verteiler: Personalakte PA 3382, Betriebsrat (z. Hd. Vorsitzende)\n"), ["PA 3382"])
        XCTAssertEqual(refs("Die Abmahnung wird zur Personalakte genommen.\n"), [])
        XCTAssertEqual(refs("eligible (walking distance). Badge serial LE 9 8841 0A 1027\nissued 27/10/2025\n", region: "GB"),
                       ["LE 9 8841 0A 1027"])
        XCTAssertEqual(refs("Die Gebühren bitten wir unter Angabe des Kassenzeichens 6.1020.004418.3\nzu überweisen.\n"), ["6.1020.004418.3"])
        XCTAssertEqual(refs("Die Gebühren bitten wir unter Angabe des Kassenzeichens\n6.1020.004418.3\nzu überweisen.\n"), ["6.1020.004418.3"])
        XCTAssertEqual(refs("| Child | Birth registration | Registered in |\n|---|---|---|\n| Ruairidh McIntyre | 685/2 2008 01472 | Edinburgh |\n",
                            region: "GB"), ["685/2 2008 01472"])
    }

    func testAnE_MailAddressSaysNothingOfTheNumberAfterIt() {
        XCTAssertEqual(refs("Steuerberaterin Mag. Oberndorfer (k.oberndorfer@ok-steuer.at), Klientennummer OK-2210-38.\n", region: "AT"),
                       ["OK-2210-38"])
        // A tax word of the sentence itself still does.
        XCTAssertEqual(refs("Bitte die Steuer-Nummer 4471-2291-38 angeben.\n"), [])
    }

    func testAValueWrappedAfterItsLetters() {
        XCTAssertEqual(refs("Zulassungsbescheinigung Teil II Nr.: HT\n4418293\t\tGewährleistung\n"), ["HT\n4418293"])
    }

    func testALicenceNumberWithItsStateCode() {
        XCTAssertEqual(refs("Driver license no.: TX 27840516    State: Texas\n", region: "US"), ["TX 27840516"])
        XCTAssertEqual(refs("Co-buyer: Lena Ortiz (spouse, DL TX 39118804).\n", region: "US"), ["TX 39118804"])
    }

    func testTheCertifiedMailArticleNumber() {
        XCTAssertEqual(refs("mailed the Complaint by certified mail, restricted delivery, article no. 9589 0710 5270 0418 2236 51, on 07/18/2025\n",
                            region: "US"), ["9589 0710 5270 0418 2236 51"])
        // A shop's article is no one's.
        XCTAssertEqual(refs("Item: article no. 9589 0710 5270 0418 2236 51, colour blue\n", region: "US"), [])
        XCTAssertEqual(refs("Artikel-Nr. 4711 0815 2233 44, Bestellung vom 12.03.2025\n"), [])
    }
}
