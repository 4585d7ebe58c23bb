import Detect
import RedactCore
import XCTest

/// The texts of the detections of `category` in `s`.
private func detected(_ s: String, _ category: Category) -> [String] {
    let sc = Array(s.unicodeScalars)
    return Detector().detect(sc).filter { $0.category == category }.map { String(String.UnicodeScalarView(sc[$0.range])) }
}

/// Form fields whose value stands on the line below its label, and names
/// in a bank statement's booking text.
final class FormFieldTests: XCTestCase {
    func found(_ s: String) -> [(Category, String)] {
        let sc = Array(s.unicodeScalars)
        return Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
    }

    func testOneWordBelowAColonLabelIsTheValue() {
        let f = found("Antrag auf Anwohnerparken\n\nFamilienname:\nQuast\nVorname:\nJorinde\nGeburtsdatum:\n14.09.1986")
        XCTAssertTrue(f.contains { $0 == (.name, "Quast") }, "\(f)")
        XCTAssertTrue(f.contains { $0 == (.name, "Jorinde") }, "\(f)")
    }

    func testAHeaderWithoutAColonIsNotAField() {
        // A table header `Name` above a product is no form field.
        let f = found("Name\nBüromaterial\nMenge\n4")
        XCTAssertFalse(f.contains { $0.0 == .name }, "\(f)")
    }

    func testNamesAfterBookingWords() {
        let f = found("11.03.\tÜberweisung Tobias Quast\tDE53 2374 1840 4948 3669 46\t-300,00")
        XCTAssertTrue(f.contains { $0 == (.name, "Tobias Quast") }, "\(f)")
    }
}

/// A column header speaks for every cell of its column.
final class ReferenceColumnTests: XCTestCase {
    func testEveryRowUnderAReferenceHeader() {
        let s = "Name\tPayroll no.\tSort code\tAccount no.\tNet pay\n"
            + "Kirsty Ackroyd\t17486\t83-17-20\t79308320\t£1,016.36\n"
            + "Bogdan Rusu\t14192\t11-07-36\t76909645\t£2,068.40\n"
            + "Nasima Begum\t10432\t09-01-29\t57759362\t£2,031.88\n"
        let refs = detected(s, .reference)
        for v in ["17486", "14192", "10432", "83-17-20", "11-07-36", "09-01-29", "79308320", "76909645", "57759362"] {
            XCTAssertTrue(refs.contains(v), "\(v) in \(refs)")
        }
        XCTAssertFalse(refs.contains { $0.contains("£") || $0.contains("2,068") }, "the pay column is not a reference")
    }

    func testOCRNoiseOfARuleUnderTheHeaderDoesNotEndTheTable() {
        // A scanned pipe table: OCR reads its `|---|---|` rule as `ee`.
        let s = "| Name | Payroll no. | Date of birth |\nee\n"
            + "| Kirsty Ackroyd | 17486 | 03/02/1991 |\n| Bogdan Rusu | 14192 | 27/06/1986 |\n"
        let sc = Array(s.unicodeScalars)
        let found = Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
        for v in ["17486", "14192"] { XCTAssertTrue(found.contains { $0 == (.reference, v) }, "\(v) in \(found)") }
        for v in ["03/02/1991", "27/06/1986"] { XCTAssertTrue(found.contains { $0 == (.dateOfBirth, v) }, "\(v) in \(found)") }
    }
}

/// References as letters write them.
final class ReferenceWordingTests: XCTestCase {
    func refs(_ s: String) -> [String] { detected(s, .reference) }

    func testBookingTextAndRegisterAbbreviations() {
        XCTAssertEqual(refs("Miete 08/2024 Mieternr. 31-0447-082"), ["31-0447-082"])
        XCTAssertEqual(refs("Kfz-Vers. Vertr. AS-7741903218"), ["AS-7741903218"])
        XCTAssertEqual(refs("Kindergeld 08/24 KG-Nr. 215FK447190"), ["215FK447190"])
        XCTAssertEqual(refs("Checked by Dr N. Adebayo-Smith, GMC 7049318."), ["7049318"])
        XCTAssertEqual(refs("Juror number        641188270"), ["641188270"])
        XCTAssertEqual(refs("Der Vertrag wird unter der Nummer KT-0351-22874 geführt."), ["KT-0351-22874"])
        XCTAssertEqual(refs("Hampden Twp PD, incident no. H24-018814, Officer"), ["H24-018814"])
    }

    func testValuesAfterACopulaOrABracket() {
        XCTAssertEqual(refs("Medicare: Your Medicare number is 5EG4-TE5-MK72."), ["5EG4-TE5-MK72"])
        XCTAssertEqual(refs("Ihr Vertrag (Nr. B-VA 4417/93) liegt vor."), ["B-VA 4417/93"])
        XCTAssertEqual(refs("Caritas, Vertrag PK-2019-004417) beträgt 63,20 €."), ["PK-2019-004417"])
    }

    func testAMandateReferenceIsNoIBANUnlessItsLettersAreACountry() {
        XCTAssertEqual(refs("abgebucht, Mandatsreferenz FA1129-2945761093-01."), ["FA1129-2945761093-01"])
    }

    func testWordsAfterTheLabelAreNotReferences() {
        XCTAssertEqual(refs("Der Vertrag vom 12.03.2024 ist gekündigt. Das Mandat ist erteilt."), [])
    }
}

/// A person named right before their date of birth in brackets.
final class BirthBracketTests: XCTestCase {
    func names(_ s: String) -> [String] { detected(s, .name) }

    func testAGivenNameAloneBeforeItsBirthDate() {
        XCTAssertEqual(names("12.02.1996\t11.04.1999\tKindererziehung Artur (geb. 12.2.96)"), ["Artur"])
    }

    func testAnOrdinaryWordBeforeABracketIsNot() {
        XCTAssertEqual(names("Die Frist (geb. Datum beachten) läuft ab."), [])
    }
}

/// The counterparty in a statement's booking text.
final class BookingTextTests: XCTestCase {
    func names(_ s: String) -> [String] { detected(s, .name) }

    func testAnUnlistedCounterparty() {
        XCTAssertEqual(names("11.03.\tÜberweisung Okke Brandenburg\tDE53 2374 1840 4948 3669 46\t-300,00"), ["Okke Brandenburg"])
    }

    func testCompaniesAndPurposesAreNot() {
        XCTAssertEqual(names("05.03.\tLastschrift Stadtwerke Nord GmbH\tKunde SW-4471920\t-54,10\n"
                             + "30.04.\tGutschrift Gehalt April\t\t+2.814,66"), [])
    }
}

final class CustomerCodeTests: XCTestCase {
    func testACustomerLabelWithACode() {
        XCTAssertEqual(detected("05.03.\tLastschrift Stadtwerke Nord\tKunde SW-4471920\t-54,10", .reference), ["SW-4471920"])
    }
}

final class PayrollColumnTests: XCTestCase {
    func testEmpIDAndRoutingColumns() {
        let s = "| Employee | Emp ID | SSN | DOB | Routing | Account | Net pay |\n|---|---|---|---|---|---|---:|\n"
            + "| Delgado, Marco A. | GC-4987 | 285-58-2062 | 04/11/1983 | 111900659 | 5149399097 | 1,963.85 |\n"
            + "| Nguyen, Kim-Anh | GC-2563 | 249-49-0113 | 12/02/1990 | 113000023 | 9989430885 | 1,176.11 |\n"
        let refs = detected(s, .reference)
        for v in ["GC-4987", "GC-2563", "111900659", "113000023", "5149399097", "9989430885"] {
            XCTAssertTrue(refs.contains(v), "\(v) in \(refs)")
        }
    }
}

final class SurnameFirstColumnTests: XCTestCase {
    func testSurnameCommaGivenNamesFillTheCell() {
        let s = "| Employee | Emp ID | Net pay |\n|---|---|---:|\n| Delgado, Marco A. | GC-4987 | 1,963.85 |\n| Nguyen, Kim-Anh | GC-2563 | 1,176.11 |\n"
        let names = detected(s, .name)
        XCTAssertTrue(names.contains("Delgado, Marco A."), "\(names)")
        XCTAssertTrue(names.contains("Nguyen, Kim-Anh"), "\(names)")
    }
}

/// The numbered fields of a driving licence, transcribed.
final class LicenceFieldTests: XCTestCase {
    func testNumberedFieldsAfterALicenceHeading() {
        let s = "Angaben laut vorgelegtem Kartenführerschein (Vorderseite):\nFÜHRERSCHEIN\tBUNDESREPUBLIK DEUTSCHLAND\n"
            + "1.\nKAMIŃSKI\n2.\nBARTOSZ PIOTR\n3.\n22.06.1988 GLIWICE\n4a.\t4b.\n17.03.2014\t16.03.2029\n5.\nJ4100WR7L31\n9.\nAM/B/BE"
        let sc = Array(s.unicodeScalars)
        let found = Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
        XCTAssertTrue(found.contains { $0 == (.name, "KAMIŃSKI") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.name, "BARTOSZ PIOTR") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.dateOfBirth, "22.06.1988") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.reference, "J4100WR7L31") }, "\(found)")
        XCTAssertFalse(found.contains { $0.1 == "17.03.2014" }, "the date of issue is no birth date")
    }

    func testCaptionsBesideTheFieldNumbers() {
        let s = "DOCUMENT 1 - UK photocard driving licence (front)\n1. Surname\nOKAFOR-LANE\n2. Given names\nJUDE MARCUS\n"
            + "3. Date of birth\n02.11.1988\n5. Licence number\nOKAFO811028JM9XA"
        let sc = Array(s.unicodeScalars)
        let found = Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
        XCTAssertTrue(found.contains { $0 == (.name, "OKAFOR-LANE") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.dateOfBirth, "02.11.1988") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.reference, "OKAFO811028JM9XA") }, "\(found)")
        XCTAssertFalse(found.contains { $0.1 == "Surname" }, "a caption is no name: \(found)")
    }

    func testAFieldLabelIsNoLicenceHeading() {
        let s = "Driver's license: GA 058331447\nReferences\n1. Ada Lee, friend of 8 years\n2. Father Tom Byrne, St. Luke\nAUTHORIZATION AND AGREEMENT"
        let sc = Array(s.unicodeScalars)
        let names = Detector().detect(sc).filter { $0.category == .name }.map { String(String.UnicodeScalarView(sc[$0.range])) }
        XCTAssertFalse(names.contains("AUTHORIZATION AND AGREEMENT"), "\(names)")
    }

    func testTheBarcodeTextOfAUSLicence() {
        let s = "@\nANSI 636035100102DL00410288ZI03290015DL\nDAQK55120349871\nDCSMORROW\nDACELLEN\nDBB04121979\n"
            + "DAG18 N ELM ST\nDAISPRINGFIELD\nDCF20220114 2B71 0042\nDCGUSA"
        let sc = Array(s.unicodeScalars)
        let found = Detector().detect(sc).map { ($0.category, String(String.UnicodeScalarView(sc[$0.range]))) }
        XCTAssertTrue(found.contains { $0 == (.reference, "K55120349871") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.name, "MORROW") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.dateOfBirth, "04121979") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == (.reference, "20220114 2B71 0042") }, "\(found)")
        XCTAssertFalse(found.contains { $0.1 == "USA" }, "\(found)")
    }

    func testTheAccessNumberOfAnIDCard() {
        let s = "PERSONALAUSWEIS   IDENTITY CARD\nName / Surname\nBERGER\nGültig bis / Date of expiry\n03.11.2031\n551208\n"
        let sc = Array(s.unicodeScalars)
        let refs = Detector().detect(sc).filter { $0.category == .reference }.map { String(String.UnicodeScalarView(sc[$0.range])) }
        XCTAssertEqual(refs, ["551208"])
    }

    func testNumberedListsElsewhereAreNoFields() {
        let s = "Tagesordnung\n1.\nBegrüßung\n2.\nBericht des Vorstands"
        let sc = Array(s.unicodeScalars)
        XCTAssertTrue(Detector().detect(sc).filter { $0.category == .name }.isEmpty)
    }
}

/// A column of `Surname, Given` names.
final class NameColumnTests: XCTestCase {
    func testAnOfficeAboveAnAddressIsNoPerson() {
        let s = "The office that serves your area is located at:\n\nSOCIAL SECURITY\n1501 N 5TH ST\nREADING, PA 19601"
        let sc = Array(s.unicodeScalars)
        let found = Detector().detect(sc)
        XCTAssertTrue(found.filter { $0.category == .name }.isEmpty, "\(found)")
    }

    func testAGivenNameThatIsAlsoAMonth() {
        let s = "Mitgl.-Nr.\tName, Vorname\tGeburtsdatum\n0021\tNowicki, Jan\t06.06.1966\n0022\tAlbrecht, Sven\t13.08.1975\n"
        let sc = Array(s.unicodeScalars)
        let names = Detector().detect(sc).filter { $0.category == .name }.map { String(String.UnicodeScalarView(sc[$0.range])) }
        XCTAssertTrue(names.contains("Nowicki, Jan"), "\(names)")
        XCTAssertTrue(names.contains("Albrecht, Sven"), "\(names)")
    }
}
