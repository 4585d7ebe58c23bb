import RedactCore
import XCTest

@testable import Detect

final class AddressTests: XCTestCase {
    func addresses(_ text: String) -> [String] { texts(text, .address) }

    func testGermanStreets() {
        XCTAssertEqual(addresses("Musterstraße 12a"), ["Musterstraße 12a"])
        XCTAssertEqual(addresses("Hauptstr. 5"), ["Hauptstr. 5"])
        XCTAssertEqual(addresses("Hauptstr.5, 3. OG"), ["Hauptstr.5, 3. OG"])  // the floor finds the flat
        XCTAssertEqual(addresses("Musterstraße12\n12345 Musterstadt"), ["Musterstraße12", "12345 Musterstadt"])
        XCTAssertEqual(addresses("Am Markt 3"), ["Am Markt 3"])
        XCTAssertEqual(addresses("An der Kirche 5"), ["An der Kirche 5"])
        XCTAssertEqual(addresses("Berliner Straße 17-19"), ["Berliner Straße 17-19"])
        XCTAssertEqual(addresses("Konrad-Adenauer-Allee 1/3"), ["Konrad-Adenauer-Allee 1/3"])
        XCTAssertEqual(addresses("Alte Hattinger Straße 7"), ["Alte Hattinger Straße 7"])
        XCTAssertEqual(addresses("Vegesacker Heerstraße 140"), ["Vegesacker Heerstraße 140"])
        XCTAssertEqual(addresses("Jahnstraße 12, 3. OG links"), ["Jahnstraße 12, 3. OG links"])
        XCTAssertEqual(addresses("Aktienstraße 112, 45473 Mülheim an der Ruhr"), ["Aktienstraße 112, 45473 Mülheim an der Ruhr"])
        // Austria: house, staircase and door.
        XCTAssertEqual(addresses("Leopoldauer Straße 118/3/12"), ["Leopoldauer Straße 118/3/12"])
        XCTAssertEqual(addresses("Lindenweg 4 b"), ["Lindenweg 4 b"])
        XCTAssertEqual(addresses("MusterstraBe 7"), ["MusterstraBe 7"])  // OCR read ß as B
        XCTAssertEqual(addresses("Wohnhaft in der Gartenstraße 8 seit 2019."), ["Gartenstraße 8"])
    }

    func testEnglishStreets() {
        XCTAssertEqual(addresses("12 High Street"), ["12 High Street"])
        XCTAssertEqual(addresses("221B Baker Street"), ["221B Baker Street"])
        XCTAssertEqual(addresses("Flat 2, 10 Downing St"), ["Flat 2, 10 Downing St"])
        XCTAssertEqual(addresses("1600 Pennsylvania Avenue NW"), ["1600 Pennsylvania Avenue NW"])
        XCTAssertEqual(addresses("45 Elm Street, Apt 3B, Boston, MA 02118"), ["45 Elm Street, Apt 3B, Boston, MA 02118"])
        XCTAssertEqual(addresses("We paid 12 Pounds on Monday Road works"), [])
        // US numbered streets with a direction; a flat by letter; a flat and building above the street.
        XCTAssertEqual(addresses("88 N 21st St, Apt 2, Camp Hill, PA 17011"), ["88 N 21st St, Apt 2, Camp Hill, PA 17011"])
        XCTAssertEqual(addresses("3021 W 6TH ST UNIT 914, LOS ANGELES CA 90020"), ["3021 W 6TH ST UNIT 914, LOS ANGELES CA 90020"])
        XCTAssertEqual(addresses("Flat C, 14 Cotham Brow"), ["Flat C, 14 Cotham Brow"])
        XCTAssertEqual(addresses("Flat 8, Mercer House\n27 Wellington Street\nLeeds LS1 4DL"),
                       ["Flat 8, Mercer House", "27 Wellington Street", "Leeds LS1 4DL"])
        XCTAssertEqual(addresses("We will write to you at 32 Mill Close, York YO1 7HH."), ["32 Mill Close, York YO1 7HH"])
        XCTAssertEqual(addresses("We moved to 12 new offices in 2021"), [])
    }

    func testFrenchAndDutch() {
        XCTAssertEqual(addresses("12 rue de la Paix\n75002 Paris"), ["12 rue de la Paix", "75002 Paris"])
        XCTAssertEqual(addresses("Keizersgracht 123\n1015 CJ Amsterdam"), ["Keizersgracht 123", "1015 CJ Amsterdam"])
    }

    func testPostcodes() {
        XCTAssertEqual(addresses("10115 Berlin"), ["10115 Berlin"])
        XCTAssertEqual(addresses("D-80331 München"), ["D-80331 München"])
        XCTAssertEqual(addresses("60311 Frankfurt am Main"), ["60311 Frankfurt am Main"])
        XCTAssertEqual(addresses("06108 Halle (Saale)"), ["06108 Halle (Saale)"])
        XCTAssertEqual(addresses("A-1010 Wien"), ["A-1010 Wien"])
        XCTAssertEqual(addresses("CH-8001 Zürich"), ["CH-8001 Zürich"])
        XCTAssertEqual(addresses("London SW1A 2AA"), ["London SW1A 2AA"])
        XCTAssertEqual(addresses("Please write to SW1A 2AA"), ["SW1A 2AA"])
        XCTAssertEqual(addresses("Manchester M1 1AE"), ["Manchester M1 1AE"])
        XCTAssertEqual(addresses("Springfield, IL 62704"), ["Springfield, IL 62704"])
        XCTAssertEqual(addresses("Portland, OR 97205-1234"), ["Portland, OR 97205-1234"])
        XCTAssertEqual(addresses("Land: DE 10115 Berlin"), ["10115 Berlin"])
    }

    func testNumbersThatAreNotPostcodes() {
        XCTAssertEqual(addresses("Im Jahr 2023 haben wir 12345 Einwohner gezählt."), [])
        XCTAssertEqual(addresses("12345"), [])
        XCTAssertEqual(addresses("Betrag 12345 Euro"), [])
        XCTAssertEqual(addresses("2024 Einnahmen und Ausgaben"), [])
        XCTAssertEqual(addresses("1000 Stück"), [])
        XCTAssertEqual(addresses("Rechnung 10115 Berlin"), [])  // inside a sentence
        XCTAssertEqual(addresses("Termin am 12.03.2024 um 10:30 Uhr"), [])
        XCTAssertEqual(addresses("Parkplatz 3 ist reserviert"), [])
        XCTAssertEqual(addresses("Im Anhang finden Sie 2 Dokumente"), [])
        XCTAssertEqual(addresses("Am Montag 3"), [])
        XCTAssertEqual(addresses("Wohnhaft: Neue Reihe 50, 79098 Freiburg"), ["Neue Reihe 50, 79098 Freiburg"])
        XCTAssertEqual(addresses("Die Regeln stehen im Kapitel 3.\nAm Ende 4."), [])
        XCTAssertEqual(addresses("Abfahrt an Gleis 7"), [])
    }

    func testPOBox() {
        XCTAssertEqual(addresses("Postfach 12 34 56\n10115 Berlin"), ["Postfach 12 34 56", "10115 Berlin"])
        XCTAssertEqual(addresses("PO Box 4471"), ["PO Box 4471"])
        XCTAssertEqual(addresses("P.O. Box 12"), ["P.O. Box 12"])
        // An organisation's PO box is not personal data.
        XCTAssertEqual(addresses("Stadtwerke · Postfach 1234 · 12345 Musterstadt"), [])
        XCTAssertEqual(addresses("Postfach 1234 12345 Musterstadt"), ["Postfach 1234 12345 Musterstadt"])
    }

    func testFlatAfterStreetAndMoreStreetForms() {
        XCTAssertEqual(addresses("Lindenweg 7, Wohnung 4\n12345 Ebersfeld"), ["Lindenweg 7, Wohnung 4", "12345 Ebersfeld"])
        XCTAssertEqual(addresses("Hauptstraße 3, Whg. 12, 12345 Ebersfeld"), ["Hauptstraße 3, Whg. 12, 12345 Ebersfeld"])
        XCTAssertEqual(addresses("Via delle Rose 12\n00184 Roma"), ["Via delle Rose 12", "00184 Roma"])
        XCTAssertEqual(addresses("7 Penrose Circus\nBristol\nBS8 1TH"), ["7 Penrose Circus", "Bristol", "BS8 1TH"])
        // A flat word without a number is the next sentence, not the flat.
        XCTAssertEqual(addresses("Lindenweg 7, Wohnung frei\n12345 Ebersfeld"), ["Lindenweg 7", "12345 Ebersfeld"])
    }

    func testOrganisationAddressesAreNotPersonal() {
        // The letterhead: an organisation line just above the block.
        XCTAssertEqual(addresses("Stadtkasse Ebersfeld\nRathausplatz 4, 12345 Ebersfeld"), [])
        XCTAssertEqual(addresses("Krankenhaus St. Ulrich\nAbteilung Innere\nKlostergasse 9\n54321 Ulmenau"), [])
        // The return-address line and the footer.
        XCTAssertEqual(addresses("Ebersfelder Wohnbau GmbH · Lindenring 3 · 12345 Ebersfeld"), [])
        XCTAssertEqual(addresses("Sitz der Gesellschaft: Ebersfeld, Lindenring 3, 12345 Ebersfeld"), [])
        XCTAssertEqual(addresses("Riverside Dental Practice Ltd, 4 Mill Lane, Leeds LS2 7AB"), [])
        XCTAssertEqual(addresses("Hotel: 9 Harbour Row, Oban PA34 4LA"), [])
        // The recipient below a return-address line is a person.
        let letter = """
            Ebersfelder Wohnbau GmbH · Lindenring 3 · 12345 Ebersfeld
            Frau
            Ilka Rautenberg
            Gartenstraße 17
            12345 Ebersfeld
            """
        XCTAssertEqual(addresses(letter), ["Gartenstraße 17", "12345 Ebersfeld"])
        // A label before the address is not its owner (`Verbrauchsstelle`, `Address`).
        XCTAssertEqual(addresses("Verbrauchsstelle: Mühlweg 8, 12345 Ebersfeld"), ["Mühlweg 8, 12345 Ebersfeld"])
        XCTAssertEqual(addresses("NHS number: 123\nAddress: 7 Fern Close, Leeds LS6 2AB"), ["7 Fern Close, Leeds LS6 2AB"])
    }

    func testBlocks() {
        let german = "Herrn\nDr. Max Mustermann\nHauptstr. 5a\nD-80331 München\n\nBetreff: Ihr Antrag"
        XCTAssertEqual(addresses(german), ["Hauptstr. 5a", "D-80331 München"])
        let letterhead = "Erika Beispiel · Musterweg 12 · 10115 Berlin"
        XCTAssertEqual(addresses(letterhead), ["Musterweg 12 · 10115 Berlin"])
        let uk = "Mr T. Pellow\nFlat 2, 10 Downing St\nLondon\nSW1A 2AA\nUnited Kingdom"
        XCTAssertEqual(addresses(uk), ["Flat 2, 10 Downing St", "London", "SW1A 2AA"])
        let us = "Homer Jay\n742 Evergreen Terrace\nSpringfield, IL 62704"
        XCTAssertEqual(addresses(us), ["742 Evergreen Terrace", "Springfield, IL 62704"])
        // Two addresses on consecutive lines stay two.
        XCTAssertEqual(addresses("221B Baker Street\n12 High Street"), ["221B Baker Street", "12 High Street"])
    }

    func testBlockBesideAnInfoColumn() {
        // A letter's info block beside its address window: not covered.
        let text = "Herrn\nMax Mustermann       Ihr Zeichen: ab-12\nHauptstr. 5            Kundennummer: 12345\n10115 Berlin           Datum: 12.03.2024"
        XCTAssertEqual(addresses(text), ["Hauptstr. 5", "10115 Berlin"])
        XCTAssertEqual(texts(text, .name), ["Max Mustermann"])
        let noSalutation = "Odalys Quast          Ihr Zeichen: ab-12\nHauptstr. 5            Kundennummer: 12345\n10115 Berlin"
        XCTAssertEqual(texts(noSalutation, .name), ["Odalys Quast"])
    }

    func testStreetNameInACompanyName() {
        XCTAssertEqual(addresses("Die Goethestraße GmbH teilt mit, dass"), [])
    }

    func testReasonAndKind() {
        let d = detections("Hauptstr. 5a\n80331 München", .address)
        XCTAssertEqual(d.map(\.kind), ["address block", "address block"])
        XCTAssertEqual(d.map(\.reason), [.context, .context])
        XCTAssertEqual(detections("Lindenallee 7", .address).map(\.kind), ["street"])
    }

    func testStreetWithoutSuffixAbovePostcode() {
        XCTAssertEqual(addresses("Zeil 12\n60313 Frankfurt am Main"), ["Zeil 12", "60313 Frankfurt am Main"])
        XCTAssertEqual(addresses("Lange Reihe 5\n20099 Hamburg"), ["Lange Reihe 5", "20099 Hamburg"])
        XCTAssertEqual(addresses("Seite 2\nAnlage 3\n20099 Hamburg"), ["20099 Hamburg"])
    }

    func testUKBlocksOverSeveralLines() {
        // A street without a number, a district and a town, flat and house names above.
        XCTAssertEqual(addresses("Ms Ada Example\nFlat 7 Tanner House\nMillbrook Lane\nLondon\nSE9 4QT"),
                       ["Flat 7 Tanner House", "Millbrook Lane", "London", "SE9 4QT"])
        XCTAssertEqual(addresses("Mr Ben Example\n3/2, 41 Kelvin Road\nHillhead\nGlasgow\nG12 8QQ"),
                       ["3/2, 41 Kelvin Road", "Hillhead", "Glasgow", "G12 8QQ"])
        XCTAssertEqual(addresses("MR CY EXAMPLE\nFLAT 9 MILL WORKS\n4 CANAL STREET\nLEEDS\nLS2 7QQ"),
                       ["FLAT 9 MILL WORKS", "4 CANAL STREET", "LEEDS", "LS2 7QQ"])
        XCTAssertEqual(addresses("Mrs Di Example\nThe Willows\n5 Orchard Road\nDerby\nDE1 3QQ"),
                       ["The Willows", "5 Orchard Road", "Derby", "DE1 3QQ"])
        XCTAssertEqual(addresses("Insured: The Willows, 5 Orchard Road, Derby DE1 3QQ"),
                       ["The Willows, 5 Orchard Road, Derby DE1 3QQ"])
        // A district after the street when the block goes on below.
        XCTAssertEqual(addresses("8 Fern Walk, Heaton,\nBradford BD9 4QQ"), ["8 Fern Walk, Heaton,", "Bradford BD9 4QQ"])
        // "The Occupier" is no house.
        XCTAssertEqual(addresses("The Occupier\n5 Orchard Road\nDerby\nDE1 3QQ"), ["5 Orchard Road", "Derby", "DE1 3QQ"])
        // A street name alone is nothing.
        XCTAssertEqual(addresses("We met on Millbrook Lane in London."), [])
    }

    func testWelshAndUSStreets() {
        XCTAssertEqual(addresses("Drop 4: 12 Heol Fawr, Whitchurch, Cardiff CF14 1QQ"), ["12 Heol Fawr, Whitchurch, Cardiff CF14 1QQ"])
        XCTAssertEqual(addresses("7 Ffordd Newydd, Bangor"), ["7 Ffordd Newydd, Bangor"])  // the town after the street
        XCTAssertEqual(addresses("Address: 512 Birch Lane N, Apt 12\nMaple Grove, MN 55369"),
                       ["512 Birch Lane N, Apt 12", "Maple Grove, MN 55369"])
        XCTAssertEqual(addresses("Unit 88, The Foundry, 120 Elm St NW, Atlanta, GA 30318"),
                       ["Unit 88, The Foundry, 120 Elm St NW, Atlanta, GA 30318"])
        XCTAssertEqual(addresses("4410 N 9TH ST FL 3\nREADING PA 19601"), ["4410 N 9TH ST FL 3", "READING PA 19601"])
        XCTAssertEqual(addresses("| 3 | 880 GRAND CONCOURSE APT 2B, BRONX NY 10451 | Ground |"),
                       ["880 GRAND CONCOURSE APT 2B, BRONX NY 10451"])
    }

    func testGermanAndDutchStreets() {
        XCTAssertEqual(addresses("Objekt   Mühlweg 12–14, Haus 2, 3. OG links, Whg. 0312"),
                       ["Mühlweg 12–14, Haus 2, 3. OG links, Whg. 0312"])
        XCTAssertEqual(addresses("| 17.06. | Wohnbau GmbH | Miete Juli Am Lindenhang 9 WE 03 | -742,00 |"), ["Am Lindenhang 9"])
        XCTAssertEqual(addresses("Muster GmbH · Lindenweg 1 · 12345 Musterstadt"), [])
        XCTAssertEqual(addresses("| 12 | Kalkgrube 4, 31832 Springe-Eldagsen | Turnen |"), ["Kalkgrube 4, 31832 Springe-Eldagsen"])
        XCTAssertEqual(addresses("Seite 2, 10115 Berlin"), ["10115 Berlin"])
        XCTAssertEqual(addresses("Home: Van Eeghenstraat 12-II, 1071 GK Amsterdam"), ["Van Eeghenstraat 12-II, 1071 GK Amsterdam"])
        XCTAssertEqual(addresses("Via Roma 12\n50123 Firenze, Italy"), ["Via Roma 12", "50123 Firenze, Italy"])
        XCTAssertEqual(addresses("Am Bach 3\n65549 Limburg a. d. Lahn      erstellt am 01.07.2024"),
                       ["Am Bach 3", "65549 Limburg a. d. Lahn"])
        // OCR: a street hyphenated over a line break, a postcode split in two.
        XCTAssertEqual(addresses("Anna Beispiel Kaiser-\nstr.12 30159 Hannover"), ["Kaiser-", "str.12 30159 Hannover"])
        XCTAssertEqual(addresses("Hafenstr.4\n441 37 Dortmund"), ["Hafenstr.4", "441 37 Dortmund"])
        XCTAssertEqual(addresses("Seite 441 37 Dortmund"), [])
        // Running text wrapped between postcode and city.
        XCTAssertEqual(addresses("eine Zweitwohnung in der Lindenstraße 61, 80802\nMünchen, die Sie seit"),
                       ["Lindenstraße 61, 80802", "München"])
        // The supply point is the customer's.
        XCTAssertEqual(addresses("Mahnung – Strom Basis, Lieferstelle Lindenweg 3, 49078 Osnabrück"),
                       ["Lindenweg 3, 49078 Osnabrück"])
    }

    func testLicenceBarcodeLines() {
        let barcode = "ANSI 636035100102DL00410288ZI03290015DL\nDAQX1234\nDCSEXAMPLE\nDACJANE\nDBB02141990\nDAG12 OAK ST\nDAISPRINGFIELD\nDAJIL\nDAK627010000"
        XCTAssertEqual(addresses(barcode), ["12 OAK ST", "SPRINGFIELD", "627010000"])
        XCTAssertEqual(texts(barcode, .dateOfBirth), ["02141990"])
        // Not a barcode: lines that happen to start like elements.
        XCTAssertEqual(addresses("DAISY\nDAGMAR\nDAKOTA\nDACHS\nDAYTON"), [])
    }

    func testFrenchTypeBeforeTheName() {
        XCTAssertEqual(addresses("Madame\nClaire Example\nRue du Lac 8\n1800 Vevey"), ["Rue du Lac 8", "1800 Vevey"])
        XCTAssertEqual(addresses("Chemin de l'Ermitage 4\n1009 Pully"), ["Chemin de l'Ermitage 4", "1009 Pully"])
        XCTAssertEqual(addresses("Av. de la Gare 17, 1950 Sion"), ["Av. de la Gare 17, 1950 Sion"])
        XCTAssertEqual(addresses("Route de Berne 45\n1700 Fribourg"), ["Route de Berne 45", "1700 Fribourg"])
        // `Place` and `Route` without their article are English words.
        XCTAssertEqual(addresses("Route Planning 2"), [])
        XCTAssertEqual(addresses("Place Settings 4"), [])
    }

    func testTitleLinePartsLetterheadFromRecipient() {
        let letter = """
            Example Borough Council
            Revenues Office, Town Hall, Exampleton EX1 1AA

            COUNCIL TAX BILL 2024/25
            Priya Example
            Flat 2, 9 Mill Row
            Hebden
            HX1 2AB
            """
        XCTAssertEqual(addresses(letter), ["Flat 2, 9 Mill Row", "Hebden", "HX1 2AB"])
        // A company's name in capitals above is still its letterhead.
        XCTAssertEqual(addresses("EXAMPLE BILLING LTD\nFlat 2, 9 Mill Row\nHebden\nHX1 2AB"), [])
    }

    func testNarrowCellsWrapped() {
        // The flat after the comma, on the next line of the cell.
        XCTAssertEqual(addresses("Objekt\tLindenweg 12–14, Haus 2,\n3. OG links, Whg. 0312\nDatum\t01.02.2024"),
                       ["Lindenweg 12–14, Haus 2,", "3. OG links, Whg. 0312"])
        // A shipping list: the street type and the flat wrapped in the address column.
        let table = """
            | 4 | Ann Example | 4410 MAPLEWOOD | 555-0100 | Ground |
            | | | AVE S, |
            | | | DENVER CO 80220 |
            | 5 | Bo Example | 72 ORCHARD RD | | Ground |
            | | | APT 4B, DENVER CO 80219 |
            """
        XCTAssertEqual(addresses(table), ["4410 MAPLEWOOD", "AVE S", "DENVER CO 80220", "72 ORCHARD RD", "APT 4B, DENVER CO 80219"])
        // (`CO` above is Colorado, not a company's letterhead.)
        // A street name alone, and a line below that is no street type.
        XCTAssertEqual(addresses("| 4 | 4410 MAPLEWOOD |\n| | shipped |"), [])
    }

    func testValueCellWrappedAfterAComma() {
        XCTAssertEqual(addresses("Full name:\tMs Ann Example\nAddress:\t19 Example Walk, Didsbury,\nManchester M20 6XX\nEmail:\tann@example.org"),
                       ["19 Example Walk, Didsbury,", "Manchester M20 6XX"])
    }

    func testPhotoOCRAmpersandForSharpS() {
        XCTAssertEqual(addresses("wohnhaft Lindenstra&e 3, 01067 Dresden,"), ["Lindenstra&e 3, 01067 Dresden"])
        XCTAssertEqual(addresses("Bautzner Stra&e 97\n01099 Dresden"), ["Bautzner Stra&e 97", "01099 Dresden"])
        XCTAssertEqual(addresses("Karl-Marx-Stra&e 12"), ["Karl-Marx-Stra&e 12"])
        XCTAssertEqual(addresses("Meier & e 3 Partner"), [])
    }
}

final class CodeAndCapitalisedWordTests: XCTestCase {
    func testAProcedureCodeBeforeADescriptionIsNoPostcode() {
        let bill = "| 02/03/2025 | 99213 | Office visit, level 3 | 180.00 |\n| 02/03/2025 | 29125 | Short arm splint application | 95.00 |"
        XCTAssertEqual(texts(bill, .address), [])
        XCTAssertEqual(texts("Frau Ada Brenner\nLindenweg 4\n67059 Ludwigshafen am Rhein", .address).count, 2)
    }
}

final class MoreStreetFormsTests: XCTestCase {
    func addresses(_ s: String) -> [String] { texts(s, .address, region: "US") }

    func testSpanishTypesAndATypeWordInTheName() {
        XCTAssertEqual(addresses("MARISOL QUINTANA\n2207 E CALLE LOS ALAMOS\nTUCSON AZ 85716"), ["2207 E CALLE LOS ALAMOS", "TUCSON AZ 85716"])
        XCTAssertEqual(addresses("DEREK AMOAH\n918 N PARK VIEW DR APT 4\nOGDEN UT 84404"), ["918 N PARK VIEW DR APT 4", "OGDEN UT 84404"])
    }

    func testAustrianPartsOfABuildingAfterSlashes() {
        XCTAssertEqual(texts("Linzer Straße 12 / Stiege 2 / Tür 9\n4020 Linz", .address), ["Linzer Straße 12 / Stiege 2 / Tür 9", "4020 Linz"])
    }
}

final class OneLineAddressTests: XCTestCase {
    func testUKAddressesOnOneLine() {
        XCTAssertEqual(texts("Address: 7 The Maltings, Long Hanborough, Witney OX29 8AB", .address, region: "GB"),
                       ["7 The Maltings, Long Hanborough, Witney OX29 8AB"])
        XCTAssertEqual(texts("Mrs E Parry, Bryn Awel, Ffordd Isaf, Bala LL23 7AA", .address, region: "GB"),
                       ["Bryn Awel, Ffordd Isaf, Bala LL23 7AA"])
        // An office's lines before a town are not a house: the organisation's address is left alone.
        XCTAssertEqual(texts("Customer Services, Pension Team, Darlington DL98 1AB", .address, region: "GB"), [])
    }

    func testUSStatesWrittenOutAndCompassPointsWithDots() {
        XCTAssertEqual(texts("Home: 1208 Pecan Valley Dr., Round Rock, Texas 78664", .address, region: "US"),
                       ["1208 Pecan Valley Dr., Round Rock, Texas 78664"])
        XCTAssertEqual(texts("resides at 31 E. 104th St., #2R, New York, NY 10029.", .address, region: "US"),
                       ["31 E. 104th St., #2R, New York, NY 10029"])
    }

    func testAGermanAddressInRunningText() {
        XCTAssertEqual(texts("wohnhaft in der Lindenstraße 4 in 06108 Halle (Saale), geboren am", .address),
                       ["Lindenstraße 4 in 06108 Halle (Saale)"])
    }
}

final class AddressFieldTests: XCTestCase {
    func testAFormThatAsksForTheAddressFieldByField() {
        XCTAssertEqual(texts("Straße: Holunderweg 7\nPLZ: 34119\nOrt: Kassel", .address), ["Holunderweg 7", "34119", "Kassel"])
        XCTAssertEqual(texts("Street address: 88 Quarry Rd\nCity: Round Rock\nState: TX\nZIP: 78681", .address, region: "US"),
                       ["88 Quarry Rd", "Round Rock", "TX", "78681"])
        // Without an address nearby, a town field is only a town; a code field is no address.
        XCTAssertEqual(texts("Geburtsort\nOrt: Kassel", .address), [])
        XCTAssertEqual(texts("Straße: Holunderweg 7\nCode: QX-4471", .address), ["Holunderweg 7"])
    }
}

final class AddressSession8Tests: XCTestCase {
    func testAMailEndorsementAboveTheRecipientIsNoLetterhead() {
        let letter = "NORTHFIELD COMMUNITY HOSPITAL\nPatient Billing Office · PO Box 1200 · Dayton, OH 45401\n\n"
            + "ADDRESS SERVICE REQUESTED\nMarisol Quintero-Blake\n1183 Hollow Creek Ln Apt 4C\nKettering OH 45429-1187\n"
        XCTAssertEqual(texts(letter, .address, region: "US"), ["1183 Hollow Creek Ln Apt 4C", "Kettering OH 45429-1187"])
    }

    func testUSPSStreetSuffixAbbreviations() {
        XCTAssertEqual(texts("2210 Quail Holw, Apt B\nRound Rock, TX 78681", .address, region: "US"),
                       ["2210 Quail Holw, Apt B", "Round Rock, TX 78681"])
        XCTAssertEqual(texts("Ship to: 77 Deer Xing, Boone NC 28607", .address, region: "US"), ["77 Deer Xing, Boone NC 28607"])
        // A town named with street types (`Valley`) is still the town of its line.
        XCTAssertEqual(texts("88 N BIRCH HOLW\nWEST VALLEY CITY UT 84119", .address, region: "US"),
                       ["88 N BIRCH HOLW", "WEST VALLEY CITY UT 84119"])
    }

    func testAUnitByTheNumberSign() {
        XCTAssertEqual(texts("| Driver | 3390 Cedar Hollow St #C, Everett WA 98201 | 425-555-0101 |", .address, region: "US"),
                       ["3390 Cedar Hollow St #C, Everett WA 98201"])
    }

    func testAnAddressLabelAboveTheBlockMakesItAPersonsNotAnOffice() {
        let form = "Social Security number         Date of birth\n000-00-0000                    May 2, 1980\n"
            + "Home address\n5521 Old Mill Rd, Unit 9\nAustin, TX 78745\nMobile phone\n"
        XCTAssertEqual(texts(form, .address, region: "US"), ["5521 Old Mill Rd, Unit 9", "Austin, TX 78745"])
    }

    func testTheValueOfAnAddressLabelIsTakenWhole() {
        // A district after the street, the town wrapped under the label's column.
        XCTAssertEqual(texts("Address:\t14 Heron Rise, Littleover\nDerby DE23 1XY\nTel:\t01234 567890", .address, region: "GB"),
                       ["14 Heron Rise, Littleover", "Derby DE23 1XY"])
        // A house name, a village, the town and the postcode.
        XCTAssertEqual(texts("Name\tA Person\nCorrespondence\tTrewint Farmhouse, Penhallow, Truro TR4 9ZZ\nPhone\t0", .address, region: "GB"),
                       ["Trewint Farmhouse, Penhallow, Truro TR4 9ZZ"])
    }

    func testAHouseNameOnAUKAddressLine() {
        XCTAssertEqual(texts("Mrs A Person, Bramble Cottage, Lower Bockhampton, Dorchester DT2 8ZZ.", .address, region: "GB"),
                       ["Bramble Cottage, Lower Bockhampton, Dorchester DT2 8ZZ"])
    }

    func testACountryWrappedToTheNextLine() {
        XCTAssertEqual(texts("Unterstützte Person: die Mutter, Ulica Kralja Tomislava 9, 10000 Zagreb,\nKroatien, Beitrag 2024", .address),
                       ["Ulica Kralja Tomislava 9, 10000 Zagreb,", "Kroatien"])
    }

    func testAStreetTypeOfAnotherLanguageBeforeTheName() {
        XCTAssertEqual(texts("Strada Florilor 12", .address), ["Strada Florilor 12"])
    }

    func testACapitalisedPrepositionInsideASentenceOpensAStreet() {
        XCTAssertEqual(texts("die Abrechnung für Ihre Wohnung im Objekt\nHinter der Mühle 27 (Wohnfläche 64 m²).", .address),
                       ["Hinter der Mühle 27"])
        XCTAssertEqual(texts("| 03.11. | DAUERAUFTRAG Miete November Auf dem Kamp 4 OG IBAN DE00 | 900,00 |", .address),
                       ["Auf dem Kamp 4 OG"])
        XCTAssertEqual(texts("Miete Oktober Lindenweg 4 EG IBAN DE00", .address), ["Lindenweg 4 EG"])
        XCTAssertEqual(texts("Hauptstraße 7 OG links", .address), ["Hauptstraße 7 OG links"])
        // At the start of a sentence a preposition is capitalised anyway.
        XCTAssertEqual(texts("Wir kommen. Am Montag 3 Gäste (und Kinder).", .address), [])
        XCTAssertEqual(texts("Die Sitzung. Im Kreis 4 (alle) stimmten zu.", .address), [])
    }

    func testAFieldThatNamesTheAddressPartsIsALabel() {
        // An Austrian registration form asks for the parts one by one; the label line names them.
        let form = "Angaben zur Unterkunft\nStraße bzw. Ort (wenn keine Straßennamen) / Haus-Nr. / Stiege / Tür\n"
            + "Grazer Gasse 57 / Stiege 2 / Tür 9\n8010 Graz\nIst diese Unterkunft Hauptwohnsitz?\nja"
        XCTAssertEqual(texts(form, .address, region: "AT"), ["Grazer Gasse 57 / Stiege 2 / Tür 9", "8010 Graz"])
        XCTAssertTrue(texts("Street / City / State / ZIP\n88 Example Ave\nSpringfield, IL 62704", .address, region: "US")
            .contains("88 Example Ave"))
        // The label of a previous address is not the addressee's name.
        XCTAssertEqual(texts("Bisheriger Hauptwohnsitz\nBeispielweg 9/4, 4020 Linz", .name, region: "AT"), [])
        // A sentence that lists address parts has no separators of fields.
        XCTAssertEqual(texts("Bitte Straße und Ort angeben. Danke.", .address), [])
    }

    func testAUSStreetOfAnyNameBeforeItsTown() {
        // The state and ZIP code make the line an address: no street type needed.
        XCTAssertEqual(texts("| Jane Roe | 4812 Greenway, Apt 12, Tulsa, OK 74105 | $1,200.00 |", .address, region: "US"),
                       ["4812 Greenway, Apt 12, Tulsa, OK 74105"])
        XCTAssertEqual(texts("Ship to: 77 Willow Path, Round Rock, TX 78681", .address, region: "US"),
                       ["77 Willow Path, Round Rock, TX 78681"])
        // A number inside a sentence does not open a street.
        XCTAssertEqual(texts("We opened in 2019 with 40 staff, Austin, TX 78701", .address, region: "US"), ["Austin, TX 78701"])
    }

    func testAUSStreetInCapitalsAboveItsTown() {
        XCTAssertEqual(texts("ROSA EXAMPLE\n5120 RIVERWALK APT 9\nDENTON TX 76201", .address, region: "US"),
                       ["5120 RIVERWALK APT 9", "DENTON TX 76201"])
        XCTAssertEqual(texts("ROSA EXAMPLE\n5120 RIVERWALK\nDENTON TX 76201", .address, region: "US"),
                       ["5120 RIVERWALK", "DENTON TX 76201"])
    }

    func testAProvinceAfterTheTown() {
        XCTAssertEqual(texts("(Anschrift: Calle Sol 9, 2º A, 29680 Estepona, Málaga).", .address),
                       ["Calle Sol 9, 2º A, 29680 Estepona, Málaga"])
        // Not a word that goes on into the line.
        XCTAssertEqual(texts("Lindenweg 4, 87600 Kaufbeuren, Telefon 08341 12345", .address), ["Lindenweg 4, 87600 Kaufbeuren"])
        XCTAssertEqual(texts("Hauptstraße 5, 12345 Musterstadt, Mai 2024", .address), ["Hauptstraße 5, 12345 Musterstadt"])
    }

    func testAFormCaptionForTheNameOwnsTheAddressBelow() {
        // The insurer above the caption is not the owner of the insured's address.
        let form = "Krankenkasse bzw. Kostenträger\nTechniker Krankenkasse\nName, Vorname des Versicherten\n"
            + "Musterfrau, Petra 01.02.80\nAhornstr. 7\n45127 Essen\n"
        XCTAssertEqual(texts(form, .address), ["Ahornstr. 7", "45127 Essen"])
        // Without the caption the block under the insurer's name is the insurer's.
        XCTAssertEqual(texts("Techniker Krankenkasse\nAhornstr. 7\n45127 Essen\n", .address), [])
    }

    func testAUKInwardCodeWithALookAlikeO() {
        // A font or OCR gives the inward code's 0 as O: counted after a street and a town only.
        XCTAssertEqual(texts("Your account for 8 Example Gardens, Leeds LS6 OQT is in arrears.", .address, region: "GB"),
                       ["8 Example Gardens, Leeds LS6 OQT"])
        XCTAssertEqual(texts("Code LS6 OAK", .address, region: "GB"), [])
    }

    func testAUSZipWrappedToTheNextLine() {
        XCTAssertEqual(texts("She moved (from 918 Example St, Tulsa, OK\n74105); we wrote", .address, region: "US"),
                       ["918 Example St, Tulsa, OK", "74105"])
    }

    func testALabelsValueGoesOnAtTheLineStartOverATownLine() {
        // A form's value cell whose town and postcode lines fall back to the margin.
        let form = "Deceased:\tJohn Example, born 1 May 1930\nLast address:\t14 Example Way\nOssett\nWF5 9ZZ\n"
        XCTAssertEqual(texts(form, .address, region: "GB"), ["14 Example Way", "Ossett", "WF5 9ZZ"])
    }

    func testTheFlatAndTheBuildingBelongToTheAddress() {
        // Lines above the street: in whose care, the room, the back building, a Scottish flat.
        XCTAssertEqual(texts("Herrn\nMalte Evers\nc/o Wohnheim Lessingstraße\nZimmer 214\nLessingstraße 8\n24103 Kiel\n\nSehr geehrter Herr Evers,\n", .address),
                       ["c/o Wohnheim Lessingstraße", "Zimmer 214", "Lessingstraße 8", "24103 Kiel"])
        XCTAssertEqual(texts("Frau\nIlka Brand\nHinterhaus, 2. OG rechts\nAckerstraße 31\n10115 Berlin\n\nSehr geehrte Frau Brand,\n", .address),
                       ["Hinterhaus, 2. OG rechts", "Ackerstraße 31", "10115 Berlin"])
        XCTAssertEqual(texts("Mr Ewan Baird\nFlat 3/2\n17 Dumbarton Road\nGLASGOW\nG11 6PA\n\nDear Mr Baird,\n", .address, region: "GB"),
                       ["Flat 3/2", "17 Dumbarton Road", "GLASGOW", "G11 6PA"])
        // After the street: a shared flat, a mobile home's lot.
        XCTAssertEqual(texts("Frau\nIlka Brand\nLöbdergraben 7, WG 3\n07743 Jena\n\nSehr geehrte Frau Brand,\n", .address),
                       ["Löbdergraben 7, WG 3", "07743 Jena"])
        XCTAssertEqual(texts("Ms Dana Whitfield\n1120 Cypress Bend Dr, Lot 9\nSan Marcos, TX 78666\n\nDear Ms Whitfield,\n", .address, region: "US"),
                       ["1120 Cypress Bend Dr, Lot 9", "San Marcos, TX 78666"])
    }

    func testAHouseOnARoadWithoutNumbers() {
        // Rural addresses written on one line: the house's name and the road are the address.
        XCTAssertEqual(texts("Ewan Tulloch of Higher Fold Farm, Carr Lane, Wrea Green, PR4 2NE\n", .address, region: "GB"),
                       ["Higher Fold Farm, Carr Lane, Wrea Green, PR4 2NE"])
        XCTAssertEqual(texts("  Term address: Flat 4, Brindley House, 12 Queen Street, Derby DE1 3DL\n", .address, region: "GB"),
                       ["Flat 4, Brindley House, 12 Queen Street, Derby DE1 3DL"])
        XCTAssertEqual(texts("Address:   Flat 3/2, 17 Dumbarton Road, Glasgow G11 6PA\n", .address, region: "GB"),
                       ["Flat 3/2, 17 Dumbarton Road, Glasgow G11 6PA"])
        // A company's name before its address is no house.
        XCTAssertEqual(texts("We met at the Crown, 22 Mill Road, Derby DE1 3JR\n", .address, region: "GB"), ["22 Mill Road, Derby DE1 3JR"])
    }

    func testInTheCareOfAPersonIsAName() {
        XCTAssertEqual(texts("C/O MARISOL QUIROGA\n1420 Oak Ridge Drive\nAustin, TX 78704\n", .address, region: "US"),
                       ["1420 Oak Ridge Drive", "Austin, TX 78704"])
    }
}

/// Village lines, c/o lines, rural routes, towns beside a lone street, wrapped postcodes.
final class AddressBlockPartsTests: XCTestCase {
    func addresses(_ text: String) -> [String] { texts(text, .address) }

    func testVillageLinesWithJoiningWords() {
        XCTAssertEqual(addresses("Home address\nRose Cottage\n2 Mill Lane\nSutton in the Elms\nBroughton Astley\nLE9 6QE\n"),
                       ["Rose Cottage", "2 Mill Lane", "Sutton in the Elms", "Broughton Astley", "LE9 6QE"])
        XCTAssertEqual(addresses("14 Bridge Street\nStratford upon Avon\nCV37 6AB\n"),
                       ["14 Bridge Street", "Stratford upon Avon", "CV37 6AB"])
        XCTAssertEqual(addresses("Mrs Jane Example\n12 The Green\nLittle Snoring\nFakenham\nNorfolk\nNR21 0AA\n"),
                       ["12 The Green", "Little Snoring", "Fakenham", "Norfolk", "NR21 0AA"])
        // A sentence between a street and a postcode is no town line.
        XCTAssertEqual(addresses("14 Bridge Street\nPlease reply in the envelope enclosed\nCV37 6AB\n"), ["14 Bridge Street", "CV37 6AB"])
    }

    func testInWhoseCare() {
        XCTAssertEqual(addresses("Anschrift:            Im Wiesengrund 4\n                      c/o Fam. Beispiel\n"
                                 + "                      76829 Landau-Queichheim\nTelefon:              06341 9 55 31\n"),
                       ["Im Wiesengrund 4", "c/o Fam. Beispiel", "76829 Landau-Queichheim"])
        XCTAssertEqual(addresses("Your first UK address:\nc/o St Mary's Hall, Colum Road, Cardiff CF10 3UX\n"),
                       ["c/o St Mary's Hall, Colum Road, Cardiff CF10 3UX"])
        // An organisation's address stays visible, c/o or not.
        XCTAssertEqual(addresses("Paget Road Surgery, 2 Paget Road, Penarth CF64 1YF\n"), [])
    }

    func testRuralRoutesAndNumberedRoads() {
        XCTAssertEqual(texts("EZEKIEL T. EXAMPLE\nRR 2 BOX 118A\n7714 COUNTY ROAD 40\nMARSHALLTOWN IA 50158-9021\n", .address, region: "US"),
                       ["RR 2 BOX 118A", "7714 COUNTY ROAD 40", "MARSHALLTOWN IA 50158-9021"])
        XCTAssertEqual(texts("Rural Route 3, Box 45\nAmes, IA 50010\n", .address, region: "US"), ["Rural Route 3, Box 45", "Ames, IA 50010"])
        XCTAssertEqual(texts("We live at 1200 State Route 9, Hayward, WI 54843.", .address, region: "US"),
                       ["1200 State Route 9, Hayward, WI 54843"])
        // A route without a box, a road and a distance: no address.
        XCTAssertEqual(texts("Take RR 2 north for 3 miles.", .address, region: "US"), [])
        XCTAssertEqual(texts("The site is 12 Main Road 40 minutes away.", .address, region: "US"), [])
    }

    func testTownNextToALoneStreetInASentence() {
        XCTAssertEqual(addresses("Das Fahrzeug wird um 11:00 Uhr in Hauptstr. 117 b, Neustadt\nübergeben."),
                       ["Hauptstr. 117 b, Neustadt"])
        XCTAssertEqual(addresses("Er wohnt in der Lindenstraße 4, Frankfurt am Main."), ["Lindenstraße 4, Frankfurt am Main"])
        XCTAssertEqual(addresses("Ausbildung mit eigenem Haushalt in Chemnitz, Straße der Nationen 88."),
                       ["Chemnitz, Straße der Nationen 88"])
        XCTAssertEqual(addresses("Ausbildung mit eigenem Haushalt in\nChemnitz, Straße der Nationen 88."), ["Chemnitz, Straße der Nationen 88"])
        XCTAssertEqual(addresses("Platz der Einheit 3, 14467 Potsdam"), ["Platz der Einheit 3, 14467 Potsdam"])
        // Not a weekday, a floor or a salutation after the street; not a town before a letterhead's street.
        XCTAssertEqual(addresses("Die Übergabe ist in der Lindenstraße 4, Montag."), ["Lindenstraße 4"])
        XCTAssertEqual(addresses("Wir wohnen in der Lindenstraße 4, Erdgeschoss."), ["Lindenstraße 4"])
        XCTAssertEqual(addresses("Stadtwerke Chemnitz, Straße der Nationen 140, 09111 Chemnitz"), [])
        XCTAssertEqual(addresses("Die Straße der Nationen ist gesperrt."), [])
    }

    func testHouseNumberWithAnOCRLookAlike() {
        XCTAssertEqual(addresses("Frau\nJohanna Beispiel\nGaisbergstraße 3la\n5020 Salzburg\n"), ["Gaisbergstraße 3la", "5020 Salzburg"])
        XCTAssertEqual(addresses("Lindenweg 1O, 12345 Musterstadt"), ["Lindenweg 1O, 12345 Musterstadt"])
        XCTAssertEqual(addresses("Musterstraße 3rd"), [])
        XCTAssertEqual(addresses("Mr Callum Example\nFlat 2F1, 17 Marchmont Crescent\nEdinburgh\nEH9 IHN\n"),
                       ["Flat 2F1, 17 Marchmont Crescent", "Edinburgh", "EH9 IHN"])
        XCTAssertEqual(addresses("Order AB1 ICE\n"), [])
    }

    func testUKPostcodeWrappedAndValueUnderItsLabel() {
        XCTAssertEqual(addresses("- account of Jane Example, 41 Albion Road, Bradford BD10\n9PL\n"), ["41 Albion Road, Bradford BD10", "9PL"])
        XCTAssertEqual(addresses("Address:\nPlot 14, Ogui Road, Enugu 400102, Nigeria\nTelephone:\n+234 803 555 0142\n"),
                       ["Plot 14, Ogui Road, Enugu 400102, Nigeria"])
        // A reference ending a line above three capitals is no postcode.
        XCTAssertEqual(addresses("Invoice for job AB12\nVAT\n"), [])
        // An organisation's street with its state: no town taken after it, and no address (a practice's).
        XCTAssertEqual(texts("(Mailing address: Central Iowa Family\nPhysicians, 412 S Center St, Marshalltown IA\n50158)", .address, region: "US"), [])
    }
}

