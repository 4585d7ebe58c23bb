import RedactCore
import XCTest

@testable import Detect

/// Organisations' addresses are not personal data (corpus rule 3): where
/// the layout or the words around an address say whose it is. Each test
/// keeps a person's address beside the organisation's, which must stay found.
final class OrganisationAddressTests: XCTestCase {
    func addresses(_ text: String, region: String = "DE") -> [String] { texts(text, .address, region: region) }

    func testFieldNamingAnOrganisationAbovePlainAddressField() {
        let form = """
            3.1 Name of your employer: Tamsin Ridge Freight Ltd
            3.2 Address: Unit 4, Kestrel Business Park, Orchard Way, Leicester LE4 9QT
            """
        XCTAssertEqual(addresses(form, region: "GB"), [])
        let representative = """
            7.1 Organisation: Pembury Locke Solicitors
            7.2 Address: 2nd Floor, 40 Friar Gate, Derby DE1 1DA
            """
        XCTAssertEqual(addresses(representative, region: "GB"), [])
        // The person's field above, or a field that says whose address it is, keeps it personal.
        let person = """
            1.2 Name: Corin Waterhouse
            1.3 Address: 18 Larch Close, Derby DE22 3PX
            """
        XCTAssertEqual(addresses(person, region: "GB"), ["18 Larch Close, Derby DE22 3PX"])
        let home = """
            Employer: Tamsin Ridge Freight Ltd
            Home address: 18 Larch Close, Derby DE22 3PX
            """
        XCTAssertEqual(addresses(home, region: "GB"), ["18 Larch Close, Derby DE22 3PX"])
    }

    func testOrganisationNamedAtTheEndOfTheLineAbove() {
        let prose = """
            Die Bescheinigung für Frau Talia Brenner ging an das Kreisspital Oberau, Personaldienst,
            Lindenbühl 12, 8500 Oberau.
            """
        XCTAssertEqual(addresses(prose, region: "CH"), [])
        let clerk = """
            Ihre Ansprechpartnerin: Talia Brenner, Kundenberaterin, Geschäftsstelle Oberau,
            Marktgasse 7, 8500 Oberau, Telefon 052 000 00 00
            """
        XCTAssertEqual(addresses(clerk, region: "CH"), [])
        // The office's name wrapped in a narrow column.
        let wrapped = """
            Ihre Ansprechpartnerin: Talia Brenner, Kundenberaterin, Geschäftsstelle
            Oberau,
            Marktgasse 7, 8500 Oberau, Telefon 052 000 00 00
            """
        XCTAssertEqual(addresses(wrapped, region: "CH"), [])
        // A person named there: the address stays hers.
        let person = """
            Zeugin ist die Nachbarin, Frau Talia Brenner,
            Lindenstrasse 14, 8500 Oberau.
            """
        XCTAssertEqual(addresses(person, region: "CH"), ["Lindenstrasse 14, 8500 Oberau"])
    }

    func testAttentionLineBetweenCompanyAndAddress() {
        let letter = """
            Quillmere Print Works LLC
            Attn: Dorian Vale, Office Manager
            415 W Birch St, Unit 3
            Fresno, CA 93721
            """
        XCTAssertEqual(addresses(letter, region: "US"), [])
        let person = """
            Dorian Vale
            415 W Birch St, Apt 3
            Fresno, CA 93721
            """
        XCTAssertEqual(addresses(person, region: "US"), ["415 W Birch St, Apt 3", "Fresno, CA 93721"])
    }

    func testLegalFormsAndPracticeWords() {
        XCTAssertEqual(addresses("OSTERLY TAX & LEDGER, PLLC\n77 Cedar Ave, Boise, ID 83702", region: "US"), [])
        XCTAssertEqual(addresses("HOLLOWAY CREEK FAMILY MEDICINE\n900 Juniper Rd, Boise, ID 83704", region: "US"), [])
        XCTAssertEqual(addresses("Ashgrove Staff Pensions\nPO Box 4410, Leeds LS1 9ZZ", region: "GB"), [])
        XCTAssertEqual(addresses("LARKSPUR VALLEY HEALTH PLAN\nPO Box 22190, Boise, ID 83720-2190", region: "US"), [])
        XCTAssertEqual(addresses("Stadt Oberau\nEinwohnerkontrolle · Zollgasse 4 · 8500 Oberau", region: "CH"), [])
        // A doctor's practice, as on a letter to her.
        XCTAssertEqual(addresses("Frau Dr. med. Ines Walcher\nFachärztin für Innere Medizin\nBirkenallee 3\n86150 Augsburg"), [])
        XCTAssertEqual(addresses("Kinderarzt: Dr. Paul Reith, Birkenallee 3, 86150 Augsburg"), [])
        // An Austrian district authority above a town written before its street.
        XCTAssertEqual(addresses("BEZIRKSHAUPTMANNSCHAFT OBERAU\nReferat Verkehr\n3100 Oberau, Lindengasse 21", region: "AT"), [])
    }

    func testTownWrappedOffAnOrganisationsStreet() {
        let form = """
            Practice address: Lakeside Hand & Wrist Associates, 810 Alder Creek Rd, Suite
            120,
            Tulsa, OK 74105
            """
        XCTAssertEqual(addresses(form, region: "US"), [])
        let person = """
            Mailing address: 14 Quarry Ln,
            Tulsa, OK 74105
            """
        XCTAssertEqual(addresses(person, region: "US"), ["14 Quarry Ln,", "Tulsa, OK 74105"])
    }

    func testSuiteIsAnOffice() {
        XCTAssertEqual(addresses("Marrow & Finch\n2200 Elm St, Suite 410\nTulsa, OK 74103", region: "US"), [])
        XCTAssertEqual(addresses("Ellery Marsh\n2200 Elm St, Apt 410\nTulsa, OK 74103", region: "US"),
                       ["2200 Elm St, Apt 410", "Tulsa, OK 74103"])
    }

    func testWrappedTitleDoesNotPartTheLetterhead() {
        let head = """
            BRACKEN VALE LOAN SERVICING, LLC\tANNUAL ESCROW
            ACCOUNT REVIEW STATEMENT
            P.O. Box 77120, Tulsa, OK 74170-7120
            """
        XCTAssertEqual(addresses(head, region: "US"), [])
        XCTAssertEqual(addresses("BRACKEN VALE LOAN SERVICING, LLC\nANNUAL ESCROW STATEMENT\nP.O. Box 77120, Tulsa, OK 74170-7120",
                                 region: "US"), [])
        // A title, wrapped or not, parts the letterhead from the recipient below.
        let wrappedTitle = """
            BRACKEN VALE LOAN SERVICING, LLC\tANNUAL
            ESCROW STATEMENT
            Ellery Marsh
            2200 Elm St
            Tulsa, OK 74103
            """
        XCTAssertEqual(addresses(wrappedTitle, region: "US"), ["2200 Elm St", "Tulsa, OK 74103"])
        let letter = """
            Bracken Vale Loan Servicing LLC
            ANNUAL ESCROW STATEMENT
            Ellery Marsh
            2200 Elm St
            Tulsa, OK 74103
            """
        XCTAssertEqual(addresses(letter, region: "US"), ["2200 Elm St", "Tulsa, OK 74103"])
    }

    func testLetterheadLineWithDepartmentOrUnreadStreet() {
        let head = "Krankenkasse Aarental AG\nKundendienst Oberau · Zollgasse 18 · 8500 Oberau"
        XCTAssertEqual(addresses(head, region: "CH"), [])
        XCTAssertEqual(addresses("Betreibungsamt Oberau\nObertorplatz 3 · Postfach · 8501 Oberau", region: "CH"), [])
        // The organisation's return line, then its street: one letterhead.
        XCTAssertEqual(addresses("Landeskasse Nord · 24090 Kiel\nFördeweg 9, 24103 Kiel · Servicetelefon 0431 000000"), [])
        // A table row: the cells before are another column, not a letterhead.
        let table = """
            | 3 | HOLLOW PINE DENTAL GROUP | 400 ELM ST, TULSA OK 74103 |
            | 4 | ELLERY MARSH | 12 BIRCH RD APT 2, TULSA OK 74104 |
            """
        XCTAssertEqual(addresses(table, region: "US"), ["12 BIRCH RD APT 2, TULSA OK 74104"])
    }

    func testWhereAReplySlipGoes() {
        XCTAssertEqual(addresses("------ Mail this form to: PO Box 55120, Akron, OH 44309-5120", region: "US"), [])
        XCTAssertEqual(addresses("Send your payment to: 400 Elm St, Akron, OH 44308", region: "US"), [])
        XCTAssertEqual(addresses("Formular bitte zurücksenden an: Lindenweg 4, 31877 Oberau"), [])
        // Where a refund or a parcel goes is the person's.
        XCTAssertEqual(addresses("Send my refund to: 2200 Elm St, Akron, OH 44310", region: "US"), ["2200 Elm St, Akron, OH 44310"])
        XCTAssertEqual(addresses("Ship to: 2200 Elm St, Akron, OH 44310", region: "US"), ["2200 Elm St, Akron, OH 44310"])
    }

    func testOrganisationAddressPrintedAgain() {
        let notice = """
            Tarnbrook Collections, Inc.
            PO Box 55120, Akron, OH 44309-5120

            Ellery Marsh
            2200 Elm St
            Akron, OH 44310

            Please return this slip to: PO Box 55120, Akron, OH 44309-5120
            """
        XCTAssertEqual(addresses(notice, region: "US"), ["2200 Elm St", "Akron, OH 44310"])
        let prose = """
            Tarnbrook Collections, Inc.
            PO Box 55120, Akron, OH 44309-5120

            If you think we are wrong, write to us at
            PO Box 55120, Akron, OH 44309-5120 within 30 days.
            """
        XCTAssertEqual(addresses(prose, region: "US"), [])
        // The person's own address on the coupon, under their name, stays theirs.
        let coupon = """
            Tarnbrook Collections, Inc.
            PO Box 55120, Akron, OH 44309-5120

            Ellery Marsh
            2200 Elm St
            Akron, OH 44310

            Make your cheque payable to Tarnbrook Collections, Inc.
            Ellery Marsh
            2200 Elm St
            Akron, OH 44310
            """
        XCTAssertEqual(addresses(coupon, region: "US").filter { $0 == "2200 Elm St" }.count, 2)
    }

    func testNumberBeforeTheNextLabelOfAFormIsNoPostcode() {
        XCTAssertEqual(addresses("Pers.-Nr.: 31877     Kostenstelle 5200 Lager"), [])
        XCTAssertEqual(addresses("Personalnummer    31877         Eintritt          01.04.2020"), [])
        // A town in the next cell is still one, after an address label too.
        XCTAssertEqual(addresses("Lieferadresse: 31877     Oberau"), ["31877     Oberau"])
        XCTAssertEqual(addresses("Lindenweg 4\n31877     Oberau"), ["Lindenweg 4", "31877     Oberau"])
    }
}
