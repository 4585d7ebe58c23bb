import XCTest

@testable import Detect

/// Addresses inside running text, in brackets, on wrapped lines, and the
/// house-number and office shapes that hid them (invented data).
final class AddressProseTests: XCTestCase {
    func testUKPostcodeInBracketsAfterTown() {
        XCTAssertEqual(texts("The Granary, Well Lane, Bexton, Knutsford (WA16 9QX)\n", .address, region: "GB"),
                       ["The Granary, Well Lane, Bexton, Knutsford (WA16 9QX)"])
        // Alone, the brackets are not the postcode's.
        XCTAssertEqual(texts("Postcode checked (WA16 9QX) on file.\n", .address, region: "GB"), ["WA16 9QX"])
    }

    func testUKHouseNameAfterProse() {
        XCTAssertEqual(texts("   the land edged red and being The Old Dairy, Pound Lane, Hesketh, Tarleton (PR9 4BD).\n", .address, region: "GB"),
                       ["The Old Dairy, Pound Lane, Hesketh, Tarleton (PR9 4BD)"])
        XCTAssertEqual(texts("   registered to Willow Cottage, Stone Lane, Bretby, Burton DE15 0RT today.\n", .address, region: "GB"),
                       ["Willow Cottage, Stone Lane, Bretby, Burton DE15 0RT"])
    }

    func testUSHalfHouseNumber() {
        XCTAssertEqual(texts("| 03/2012 | 612 1/2 W Bijou St, Pueblo, CO 81003 | reported |\n", .address, region: "US"),
                       ["612 1/2 W Bijou St, Pueblo, CO 81003"])
        // A fraction is no house number when no street follows.
        XCTAssertEqual(texts("Dosage 12 1/2 tablets daily.\n", .address, region: "US"), [])
    }

    func testRearBuildingBeforeFloorInSentence() {
        XCTAssertEqual(texts("für die Wohnung Lindauer Straße 42, Hinterhaus 2. OG rechts, 10999 Berlin sind Sie gemeldet.\n", .address),
                       ["Lindauer Straße 42, Hinterhaus 2. OG rechts, 10999 Berlin"])
        XCTAssertEqual(texts("Anschrift: Lindauer Straße 42, Seitenflügel, 10999 Berlin\n", .address),
                       ["Lindauer Straße 42, Seitenflügel, 10999 Berlin"])
    }

    func testFourDigitPostcodeWrappedFromItsStreet() {
        XCTAssertEqual(texts("Arbeitgeber: Toni Egger, Bäckerei (Einzelunternehmen), Kirchgasse 7, 6850\nDornbirn\nSteuernummer: 12 345/6789\n", .address),
                       ["Kirchgasse 7, 6850", "Dornbirn"])
    }

    func testNotaryNamedAfterTheirHolderIsPersonal() {
        XCTAssertEqual(texts("Kopie an: Notariat Lea Imfeld-Marti, lic. iur., Bahnhofstrasse 19, 6300 Zug\n", .address),
                       ["Bahnhofstrasse 19, 6300 Zug"])
        XCTAssertEqual(texts("Notar Paul Wyrsch · Bahnhofstrasse 19 · 6300 Zug · 041 711 20 30\n", .address),
                       ["Bahnhofstrasse 19 · 6300 Zug"])
        // The holder's own line: the office's letterhead above does not make it the office's.
        XCTAssertEqual(texts("Betreibungsamt Zug\nNotariat Lea Imfeld-Marti · Bahnhofstrasse 19 · 6300 Zug\n", .address),
                       ["Bahnhofstrasse 19 · 6300 Zug"])
        XCTAssertEqual(texts("Betreibungsamt Zug\nNotariat\tLea Imfeld-Marti · Bahnhofstrasse 19 · 6300 Zug\n", .address),
                       ["Bahnhofstrasse 19 · 6300 Zug"])
        // A notary's office without a person's name stays an office.
        XCTAssertEqual(texts("Notariat Zug-Nord, Bahnhofstrasse 19, 6300 Zug\n", .address), [])
    }
}

final class AddressUnderLetterheadTests: XCTestCase {
    func testSalutationLineUnderLetterheadIsThePersons() {
        XCTAssertEqual(texts("Sozialamt Kassel · Team 12\t03.02.2025\nFrau Ilse Vogt, Lindenweg 4, 34117 Kassel\n\nMitteilung an die Vermieterin\n", .address),
                       ["Lindenweg 4, 34117 Kassel"])
        // Without a salutation the letterhead's line goes on into its address.
        XCTAssertEqual(texts("Sozialamt Kassel\nTeam Nord, Lindenweg 4, 34117 Kassel\n\nMitteilung\n", .address), [])
    }
}

final class NumberedAddressFieldTests: XCTestCase {
    func testNumberedLabelWithAsideEndsTheLetterheadSearch() {
        let form = "2. Social Security number\t3. Date of birth\n491-22-8830\t02/14/1986\n"
            + "4. Home address (street, city, state, ZIP)\n77 Juniper Hollow Rd, Lot 9\nBastrop, TX 78602\n\n"
        XCTAssertEqual(texts(form, .address, region: "US"), ["77 Juniper Hollow Rd, Lot 9", "Bastrop, TX 78602"])
    }
}
