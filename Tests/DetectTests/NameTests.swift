import RedactCore
import XCTest

@testable import Detect

final class NameTests: XCTestCase {
    func names(_ text: String) -> [String] { texts(text, .name) }

    func testSalutations() {
        XCTAssertEqual(names("Sehr geehrter Herr Mustermann,"), ["Mustermann"])
        XCTAssertEqual(names("Dear Mrs. Jane Whitcombe,"), ["Jane Whitcombe"])
        XCTAssertEqual(names("Dear Mr Okonkwo-Barnes, thank you"), ["Okonkwo-Barnes"])
        XCTAssertEqual(names("Hallo Jonas,\nwie geht es?"), ["Jonas"])
        XCTAssertEqual(names("Ms. Priya Raghunathan"), ["Priya Raghunathan"])
        XCTAssertEqual(names("Mr & Mrs J Pemberton"), ["J Pemberton"])
    }

    func testSalutationAloneOnItsLine() {
        XCTAssertEqual(names("Herrn\nTobias Quast\nKirchgasse 4\n79098 Freiburg"), ["Tobias Quast"])
        XCTAssertEqual(names("Frau\n\nOdalys Schaub"), [])  // a blank line breaks the block
    }

    func testGroupSalutationsAreNotNames() {
        XCTAssertEqual(names("Sehr geehrte Damen und Herren,"), [])
        XCTAssertEqual(names("Dear Sir or Madam,"), [])
        XCTAssertEqual(names("Liebe Kundin, lieber Kunde,"), [])
        XCTAssertEqual(names("Dear Customer,"), [])
        XCTAssertEqual(names("Hallo zusammen,"), [])
        XCTAssertEqual(names("Sehr geehrte Frau,"), [])
    }

    func testNameColumnOfATable() {
        let table = """
            | Pos | Teilnehmer/in     | Kurs         | Betrag |
            |-----|-------------------|--------------|--------|
            |  1  | Wiebke Trautmann  | Töpfern      | 120,00 |
            |  2  | Adewunmi Ajayi    | Aquarell     |  95,00 |
            |  3  | R. Quandtmeier    | Aquarell     |  95,00 |
            |  4  | Büromaterial      | -            |  12,00 |

            Summe                                      322,00
            """
        XCTAssertEqual(names(table), ["Wiebke Trautmann", "Adewunmi Ajayi", "R. Quandtmeier"])
        let spaced = """
            Karteninhaber         Abteilung     Limit
            Kasimir Oeltjen       Einkauf       2.000
            Marisol Quiroga       Vertrieb      1.500
            """
        XCTAssertEqual(names(spaced), ["Kasimir Oeltjen", "Marisol Quiroga"])
        // A Name column over products is not a column of people.
        let products = """
            Name           Menge    Preis
            Schraube M4    100      4,00
            Kabel Rot      2        1,00
            Dübel Grau     50       2,00
            """
        XCTAssertEqual(names(products), [])
        // A name label in running text heads no column.
        XCTAssertEqual(names("Der Teilnehmer zahlt vorab.\nKasse Nord  Raum 2  Tisch 4"), [])
    }

    func testRelationAndRoleLabels() {
        XCTAssertEqual(names("My husband Pradeep Venkataraman holds the second card."), ["Pradeep Venkataraman"])
        XCTAssertEqual(names("Ihre Tochter Merve Karadağ ist mitversichert."), ["Merve Karadağ"])
        XCTAssertEqual(names("Approved by Tobias Quellmann, treasurer."), ["Tobias Quellmann"])
        XCTAssertEqual(names("Treasurer: Euan Strathdee"), ["Euan Strathdee"])
        // Without a listed name a role word in a sentence takes nothing.
        XCTAssertEqual(names("The customer Support Desk will call back."), [])
        XCTAssertEqual(names("Der Fahrer Kaffee trinkt gern."), [])
        // With a colon too, a role word needs a listed name: values of forms are not people.
        XCTAssertEqual(names("Member: Gold Status\nHolder: Primary Account\nTreasurer: Position Open"), [])
        XCTAssertEqual(names("Kinder: Bitte Hausschuhe mitbringen."), [])
    }

    func testListsHyphenationAndInitials() {
        XCTAssertEqual(names("Kinder: Timo (03.04.2015), Greta (12.12.2018)"), ["Timo", "Greta"])
        XCTAssertEqual(names("Sehr geehrte Frau Brandt-Wester-\nkamp, vielen Dank"), ["Brandt-Wester-\nkamp"])
        XCTAssertEqual(names("Karte 4 (H. Schulze, gesperrt)"), ["H. Schulze"])
        XCTAssertEqual(names("A. Allgemeines"), [])
        XCTAssertEqual(names("Account name Imogen P Castleford"), ["Imogen P Castleford"])
        XCTAssertEqual(names("Name, Vorname          Geburtsdatum\nQuabeck, Tilman        01.02.1990"), ["Quabeck, Tilman"])
        XCTAssertEqual(names("Vorname              Titel\nWiebke"), ["Wiebke"])
        XCTAssertEqual(names("Unterlagen für Familie Oyelaran"), ["Oyelaran"])
        XCTAssertEqual(names("Im Auftrag\nHeike Wendeborn"), ["Heike Wendeborn"])
        XCTAssertEqual(names("Geprüft: P. Quernheim     Gebucht: T. Wallmeroth"), ["P. Quernheim", "T. Wallmeroth"])
        XCTAssertEqual(names("M. Sánchez Rubio"), ["M. Sánchez Rubio"])
        XCTAssertEqual(names("Sehr geehrter Herr Adeyemi-\nOkafor,"), ["Adeyemi-\nOkafor"])
        XCTAssertEqual(names("Unterlagen für Familie Brandl/Kovač"), ["Brandl/Kovač"])
        // Letter boxes read by OCR, below a label with instructions.
        XCTAssertEqual(names("Kontoinhaber: Name, Vorname (max. 27 Stellen)\nB R U N S   O T T O"), ["B R U N S   O T T O"])
        XCTAssertEqual(names("Kontoinhaber: Name, Vorname (max. 27 Stellen)\nI B A N"), [])
        // "Bitte / oder" between two words is no name outside a name position.
        XCTAssertEqual(names("Die Anlage/Beilage liegt bei."), [])
    }

    func testNoNameBesideAnOrganisationsAddress() {
        XCTAssertEqual(names("Zweigstelle Nord, Mühlenstraße 4, 12345 Ebersfeld"), [])
        XCTAssertEqual(names("Atelier Blau BVBA, Kouter 9, 9000 Gent"), [])
        // "Client-IP" is not a label followed by a name.
        XCTAssertEqual(names("Client-Update auf Version 5 verteilt"), [])
    }

    func testCoordinatedNames() {
        XCTAssertEqual(names("Allergien: Jonas und\nMilena vertragen keine Nüsse."), ["Jonas", "Milena"])
        XCTAssertEqual(names("Herrn Jörg Paulsen und Wibke Paulsen-Kray"), ["Jörg Paulsen", "Wibke Paulsen-Kray"])
        // Not after a verb, nor as a church's name.
        XCTAssertEqual(names("Heute feiern Jonas und Milena."), [])
        XCTAssertEqual(names("Kirche St. Peter und Paul"), [])
    }

    func testNamesOfManyOrigins() {
        // Common given names of Dutch, Welsh, Nigerian, Indian, Polish origin with unlisted surnames.
        XCTAssertEqual(names("Überweisung an Femke Oostveen"), ["Femke Oostveen"])
        XCTAssertEqual(names("Rückfragen: Chinedu Ezeugwu, Zimmer 4"), ["Chinedu Ezeugwu"])
        XCTAssertEqual(names("Kopie an Grzegorz Wabnitz und Aled Tregaron"), ["Grzegorz Wabnitz", "Aled Tregaron"])
    }

    func testLabels() {
        XCTAssertEqual(names("Name: Brigitte Vollmer"), ["Brigitte Vollmer"])
        XCTAssertEqual(names("Name:Brigitte Vollmer"), ["Brigitte Vollmer"])
        XCTAssertEqual(names("Kontoinhaber: Yusuf Demirtas"), ["Yusuf Demirtas"])
        XCTAssertEqual(names("Account holder: Oliver Penhaligon"), ["Oliver Penhaligon"])
        XCTAssertEqual(names("Tenant: Ms Grace Adebayo"), ["Grace Adebayo"])
        XCTAssertEqual(names("Name des Versicherten: Hannelore Zwick"), ["Hannelore Zwick"])
        XCTAssertEqual(names("Name, Vorname: Vollmer, Brigitte"), ["Vollmer, Brigitte"])
        XCTAssertEqual(names("Name, Vorname: Tiedjen, Fenja"), ["Tiedjen, Fenja"])
        XCTAssertEqual(names("Name: Tiedjen, Abteilung Einkauf"), ["Tiedjen"])
        XCTAssertEqual(names("Empfänger\nJörg Kleinschmidt\n"), ["Jörg Kleinschmidt"])
        XCTAssertEqual(names("gez. Jürgen Kowalczyk"), ["Jürgen Kowalczyk"])
    }

    func testLabelInATable() {
        let table = """
            Patient          Geburtsdatum     Versichertennummer
            Renate Obermaier 12.03.1950       A123456789
            """
        XCTAssertEqual(names(table), ["Renate Obermaier"])
    }

    func testLabelWithoutColonNeedsAListedName() {
        XCTAssertEqual(names("Mieter Thomas Kranich zahlt pünktlich"), ["Thomas Kranich"])
        XCTAssertEqual(names("Der Mieter zahlt die Nebenkosten."), [])
        XCTAssertEqual(names("Die Mieter Wohnung Erdgeschoss"), [])
    }

    func testOrganisationsAreNotNames() {
        XCTAssertEqual(names("Vermieter: Hausverwaltung Sonnenhof GmbH"), [])
        XCTAssertEqual(names("Empfänger: Stadtwerke Musterstadt"), [])
        XCTAssertEqual(names("Mit freundlichen Grüßen\nIhr Finanzamt Musterstadt"), [])
        XCTAssertEqual(names("Herr Schröder GmbH & Co. KG"), [])
        XCTAssertEqual(names("Name des Kreditinstituts: Musterbank"), [])
        XCTAssertEqual(names("Absender: Stadtsparkasse Musterstadt"), [])
    }

    func testSignature() {
        XCTAssertEqual(names("Mit freundlichen Grüßen\n\ni. A. Petra Schneider\nSachbearbeiterin"), ["Petra Schneider"])
        XCTAssertEqual(names("Kind regards,\nAmelia Hargreaves\nAccounts Team"), ["Amelia Hargreaves"])
        XCTAssertEqual(names("Yours sincerely\n\n__________\nDr. Rupert Ashdown (Consultant)"), ["Rupert Ashdown"])
        XCTAssertEqual(names("Kind regards, Nadia Farouk"), ["Nadia Farouk"])
        XCTAssertEqual(names("Mit freundlichen Grüßen\nIhre Sparkasse\n"), [])
        XCTAssertEqual(names("Freundliche Grüsse aus Zürich\nReto Baumgartner"), ["Reto Baumgartner"])
        XCTAssertEqual(names("Thanks\nTamsin Pembleton"), ["Tamsin Pembleton"])
        XCTAssertEqual(names("Thanks for your help with the contract.\nPayment Terms\n"), [])
        XCTAssertEqual(names("This regards the contract.\nPayment Terms Apply"), [])
    }

    func testAddressBlockNameLine() {
        XCTAssertEqual(names("Wiebke Harms\nDeichstraße 9\n25980 Sylt"), ["Wiebke Harms"])
        XCTAssertEqual(names("MARTIN KLEEBERG\nBAHNHOFSTR. 3\n01067 DRESDEN"), ["MARTIN KLEEBERG"])
        XCTAssertEqual(names("Familie Okafor\nAm Lindenhof 4\n"), ["Okafor"])
        XCTAssertEqual(names("Sabine und Ralf Tiedemann\nRosenweg 2\n31134 Hildesheim"), ["Sabine und Ralf Tiedemann"])
        XCTAssertEqual(names("Musterbau GmbH\nIndustriestraße 5\n70565 Stuttgart"), [])
        XCTAssertEqual(names("Eleanor Whitby, 14 Mill Lane, Bristol BS1 4DJ"), ["Eleanor Whitby"])
    }

    func testGivenNameAndSurnamePair() {
        XCTAssertEqual(names("Das Gespräch mit Anna Fischer fand statt."), ["Anna Fischer"])
        XCTAssertEqual(names("Zeugen: Lukas Koch und Marie Braun"), ["Lukas Koch", "Marie Braun"])
        XCTAssertEqual(names("signed by Michael J. Thompson yesterday"), ["Michael J. Thompson"])
    }

    func testListedGivenNameWithUnlistedSurname() {
        XCTAssertEqual(names("Die Zahlung von Tobias Quast ist eingegangen."), ["Tobias Quast"])
        XCTAssertEqual(names("Überweisung an Henrike Wöltje"), ["Henrike Wöltje"])
        XCTAssertEqual(names("Teilnehmer: Jonas Rehbock, Lena Achternbusch"), ["Jonas Rehbock", "Lena Achternbusch"])
        XCTAssertEqual(names("Heute hat Peter Geburtstag und morgen hat Anna Urlaub."), [])
        XCTAssertEqual(names("Gestern hat Max Fußball gespielt."), [])
        XCTAssertEqual(names("mit Anna Zustimmung"), [])  // looks like a noun
        XCTAssertEqual(names("Frank Talk About Money"), [])
        XCTAssertEqual(names("Frank Fischer"), ["Frank Fischer"])
        XCTAssertEqual(detections("an Tobias Quast", .name).map(\.kind), ["given name + word"])
    }

    func testWordsThatLookLikeNames() {
        // Surnames that are German nouns, alone, are nouns.
        XCTAssertEqual(names("Der Koch und der Fischer kauften beim Becker Brot; Braun ist eine Farbe, Wolf ein Tier."), [])
        XCTAssertEqual(names("Im April und im Mai, am Montag und im August zahlen Sie die Rate."), [])
        XCTAssertEqual(names("Der Berliner Senat und die Rose im Garten."), [])
        // A month-like given name with a surname is not enough without context...
        XCTAssertEqual(names("Im August Koch gekauft"), [])
        XCTAssertEqual(names("Mark Weber erklärt"), [])
        XCTAssertEqual(names("Im Mai Becker besucht"), [])
        // After a colon or `and` such a given name before a listed surname is a name.
        XCTAssertEqual(names("Kuchen: June Smith and April Morgan"), ["June Smith", "April Morgan"])
        // ...but in name position it is a name.
        XCTAssertEqual(names("Sehr geehrte Frau Rose Koch,"), ["Rose Koch"])
        XCTAssertEqual(names("Sehr geehrter Herr Mai,"), ["Mai"])
    }

    func testStreetAsCompanyName() {
        XCTAssertEqual(names("Die Goethestraße GmbH teilt mit"), [])
    }

    func testFrauHolleInRunningText() {
        // Documented choice: a salutation followed by a capitalised word is a name.
        XCTAssertEqual(names("Das Märchen von Frau Holle ist bekannt."), ["Holle"])
    }

    func testReasonAndKind() {
        let d = detections("Sehr geehrter Herr Mustermann,", .name)
        XCTAssertEqual(d.map(\.reason), [.context])
        XCTAssertEqual(d.map(\.kind), ["salutation"])
        let p = detections("mit Anna Fischer", .name)
        XCTAssertEqual(p.map(\.reason), [.gazetteer])
        let l = detections("Kontoinhaber: Yusuf Demirtas", .name)
        XCTAssertEqual(l.map(\.kind), ["label Kontoinhaber"])
    }

    func testColonOnlyLabels() {
        XCTAssertEqual(names("Von: Tamara Quandt <t.quandt@example.de>"), ["Tamara Quandt"])
        XCTAssertEqual(names("Bill to:\nPriya Natarajan"), ["Priya Natarajan"])
        XCTAssertEqual(names("Emergency contact: Desmond Achterberg (brother)"), ["Desmond Achterberg"])
        XCTAssertEqual(names("First Name: Marisol   Middle Initial: T   Last Name: Okafor-Lindqvist"),
                       ["Marisol", "T", "Okafor-Lindqvist"])
        XCTAssertEqual(names("Von Koch wurde das Rezept geschrieben."), [])
        XCTAssertEqual(names("To Whom It May Concern"), [])
    }

    func testLabelWithColonFurtherOn() {
        XCTAssertEqual(names("Name und Anschrift des Arbeitnehmers:\nJürgen Kowalczyk"), ["Jürgen Kowalczyk"])
        XCTAssertEqual(names("Steuerpflichtige(r): Holger Timmermann"), ["Holger Timmermann"])
    }

    func testGroupsOfPeopleAreNotNames() {
        XCTAssertEqual(names("Sehr geehrte Mieterinnen und Mieter,"), [])
        XCTAssertEqual(names("Dear Valued Customer,"), [])
        XCTAssertEqual(names("Sehr geehrter Herr Bürgermeister,"), [])
    }

    func testNameAboveACompanyLine() {
        XCTAssertEqual(names("Tim Okonjo\nMusterfirma GmbH\nZeil 12\n60313 Frankfurt am Main"), ["Tim Okonjo"])
    }

    func testLabelEndingASentenceIsNotAField() {
        XCTAssertEqual(names("Die Reparaturen trägt die Mieterin.\nVertragsnummer: MV-1"), [])
    }

    func testBirthName() {
        XCTAssertEqual(names("Frau Erika Mustermann geb. Musterfrau"), ["Erika Mustermann", "Musterfrau"])
        XCTAssertEqual(names("Hannah Schulz, geborene Pohlmann, wohnhaft in Kiel"), ["Hannah Schulz", "Pohlmann"])
        XCTAssertEqual(names("geb. 12.03.1980"), [])
    }

    func testColumnValuesBelowANameHeader() {
        let table = """
            Name             Betrag
            Büromaterial     12,00
            """
        XCTAssertEqual(names(table), [])
    }

    func testTitlesAreNotPartOfTheName() {
        XCTAssertEqual(names("Sehr geehrte Frau Dr. Erika Musterfrau,"), ["Erika Musterfrau"])
        XCTAssertEqual(names("Termin mit Herrn Prof. Dr. med. Karl-Heinz von Bergen am Montag"), ["Karl-Heinz von Bergen"])
        XCTAssertEqual(names("Sachbearbeitung   Mag. Theodor Wimmleitner"), ["Theodor Wimmleitner"])
        XCTAssertEqual(names("Your appointment with Dr Ingrid Vossberg is booked"), ["Ingrid Vossberg"])
        // A title fused with the given name by OCR is covered with it.
        XCTAssertEqual(names("GP:DrHelga Tiedjen,Didsbury Medical Centre"), ["DrHelga Tiedjen"])
    }

    func testGenerationalSuffix() {
        XCTAssertEqual(names("Dear Mr Marcus Delaney Jr., thank you"), ["Marcus Delaney Jr."])
    }

    func testNameBeforeAJobAfterAComma() {
        XCTAssertEqual(names("Manual review by Adaeze Okparaeke, compliance analyst, 11/06/2024"), ["Adaeze Okparaeke"])
        XCTAssertEqual(names("Witness: Halyna Bortnyk, Operations Manager"), ["Halyna Bortnyk"])
        XCTAssertEqual(names("Bearbeitet: Quernheim, Sekretariat."), ["Quernheim"])
        XCTAssertEqual(names("Geprüft durch: Frank Oltmanns, Kundenberater, Duisburg"), ["Frank Oltmanns"])
        // Not a job: no one.
        XCTAssertEqual(names("Senior Analyst, Risk Manager"), [])
        XCTAssertEqual(names("Decision Maker, on behalf of the Secretary of State"), [])
    }

    func testPersonAfterBy() {
        XCTAssertEqual(names("(a 2019 Honda Civic driven by Tamsin Wrexley, +1 717 555 0100)."), ["Tamsin Wrexley"])
        XCTAssertEqual(names("Scanned 06/24/2024 by Ofelia Marangoni"), ["Ofelia Marangoni"])
        XCTAssertEqual(names("Paid by Direct Debit, monthly."), [])
        XCTAssertEqual(names("Sent by Special Delivery."), [])
    }

    func testRankBeforeAName() {
        XCTAssertEqual(names("incident no. 18814, Officer K. Brannagh, badge 212"), ["K. Brannagh"])
        XCTAssertEqual(names("Officer Training is on Monday"), [])
    }

    func testPersonSpokenTo() {
        XCTAssertEqual(names("I spoke to Craig in the Sunderland team"), ["Craig"])
        XCTAssertEqual(names("I spoke to Customer Services"), [])
    }

    func testRelationWordThenCommaThenName() {
        XCTAssertEqual(names("You told us that your sister, Lorna Campbell, may speak for you."), ["Lorna Campbell"])
    }

    func testBookingCounterpartiesOnAStatement() {
        let statement = """
            | Date | Type | Details | Paid out |
            | 03 May | SO | J MACALLISTER-BAIRD RENT FLAT C | 1,150.00 |
            | 14 May | FPI | O'DONOVAN P LOAN REPAYMENT | 125.00 |
            | 22 May | FPO | CHIAMAKA OBIORA CLEANING | 60.00 |
            | 24 May | DD | BRISTOL WATER 88301442 | 38.00 |
            | 25 May | DEB | TESCO STORES 2231 | 12.00 |
            15 Mar  SO RENT K DESAI 58 ADDINGTON  950.00
            20 Mar  INTERNATIONAL PAYMENT OKONKWO A LAGOS  150.00
            05/18  PAYPAL *TEVITA MAFI 4029357733  120.00
            """
        XCTAssertEqual(names(statement), ["J MACALLISTER-BAIRD", "O'DONOVAN P", "CHIAMAKA OBIORA", "K DESAI", "OKONKWO A", "TEVITA MAFI"])
    }

    func testVietnameseNamesSurnameFirst() {
        XCTAssertEqual(names("Dependent claimed: Tran Bao Ngoc, SSN pending"), ["Tran Bao Ngoc"])
        XCTAssertEqual(names("Inhaber: Hoang Minh Tuan und Nguyen Thi Lan"), ["Hoang Minh Tuan", "Nguyen Thi Lan"])
        XCTAssertEqual(names("Kontoinhaber: Pham, Van Long (Vater)"), ["Pham, Van Long"])
    }

    func testTwoAddresseesAboveAnAddress() {
        XCTAssertEqual(names("TRAN VAN MINH\nNGUYEN THI HOA\n4518 S ARCHER AVE APT 3R\nCHICAGO IL 60632"),
                       ["TRAN VAN MINH", "NGUYEN THI HOA"])
        XCTAssertEqual(names("TRAN VAN MINH & NGUYEN THI HOA\n4518 S ARCHER AVE APT 3R\nCHICAGO IL 60632"),
                       ["TRAN VAN MINH", "NGUYEN THI HOA"])
    }

    func testSurnameInCapitalsCommaGivenName() {
        XCTAssertEqual(names("The second match (\"TANAKA, Hiroshi\") was dismissed."), ["TANAKA, Hiroshi"])
        XCTAssertEqual(names("URGENT, Please reply"), [])
    }

    func testMachineReadableZoneAndLicenceBarcode() {
        XCTAssertEqual(names("IDD<<T22000129<<<<<<<<<<<<<<<\n6408125<2010315D<<<<<<<<<<<<<4\nMUSTERMANN<<ERIKA<<<<<<<<<<<<<"),
                       ["MUSTERMANN", "ERIKA"])
        XCTAssertEqual(names("ANSI 636035100102DL00410288ZI03290015DL\nDCSBRANDT\nDACCORMAC\nDBB07031998"), ["BRANDT", "CORMAC"])
    }

    func testDeviceNames() {
        XCTAssertEqual(names("WLAN-Gerät angemeldet, iPhone-von-Henrike, IP 192.168.178.34"), ["Henrike"])
        XCTAssertEqual(names("DHCPACK to 3c:22:fb:91:0e:4d (Annikas-MBP) via eth1"), ["Annikas"])
    }

    func testOneWordPerCellUnderAGivenNameHeader() {
        let table = """
            | Name | Vorname | Geburtsdatum | Verwandtschaft |
            |---|---|---|---|
            | Ferreira | Ana | 17.04.1986 | Ehegattin |
            | Dumitrescu | Ionuț | 09.01.2006 | Stiefsohn |
            """
        XCTAssertTrue(names(table).contains("Ionuț"))
        // An unlisted word further down a given-name column is the next block of a form.
        let form = """
            Legal last name\tLegal first name\tMiddle name\tPreferred name
            Sandoval Ibarra\tMateo\tJoaquín\tTeo
            Date of birth\tGender\tBirthplace
            1 July 2015\tM\tGuadalajara
            """
        XCTAssertEqual(names(form), ["Sandoval Ibarra", "Mateo", "Joaquín", "Teo"])
    }

    func testPersonBeforeBirthDate() {
        XCTAssertEqual(names("Kinder:\n       Era Krasniqi, geb. 19.09.2014, Kinderreisepass"), ["Era Krasniqi"])
        XCTAssertEqual(names("Eintritt | Geb.-Datum | Eintritt | Gruppe"), [])
    }

    func testGivenNameInAPaymentPurpose() {
        let table = """
            | Buchungstag | Auftraggeber/Empfänger | Verwendungszweck | Betrag |
            |---|---|---|---|
            | 04.06.2024 | Tomasz Wrona | Taschengeld Zofia Juni | -80,00 |
            | 05.06.2024 | Stadtwerke Limburg | Abschlag Strom Juni | -48,00 |
            """
        XCTAssertEqual(names(table).filter { $0 == "Zofia" }, ["Zofia"])
    }

    func testLowerCaseSignatureOfAMessage() {
        XCTAssertEqual(names("its not the one on the letter. thanks monique"), ["monique"])
    }

    func testWelshPatronymic() {
        XCTAssertEqual(names("| 7 | Iolo ap Gwilym | 14 Heol Hir |"), ["Iolo ap Gwilym"])
    }

    func testPairAcrossALineBreak() {
        XCTAssertEqual(names("Partner card blocked too (Gwenllian\nPritchard) on 3 May."), ["Gwenllian\nPritchard"])
    }

    func testInitialFieldsAndDegrees() {
        XCTAssertEqual(names("Last name: Warsame-Abdi      First name: Hodan      MI: F"), ["Warsame-Abdi", "Hodan", "F"])
        XCTAssertEqual(names("e  Employee's first name and initial  Yolanda M"), ["Yolanda M"])
        XCTAssertEqual(names("| 05/02 | DR P. KALANI-MAKOA DDS RENTON WA | 240.00 |"), ["P. KALANI-MAKOA"])
    }

    func testSurnameWrappedAfterALabelledGivenName() {
        XCTAssertEqual(names("Your tax return was prepared by Rosalind\nWestervoort, Westervoort Tax Services,"),
                       ["Rosalind", "Westervoort"])
    }
}

final class DoubleInitialTests: XCTestCase {
    func testInitialsOfADoubleGivenNameAfterARoleLabel() {
        XCTAssertEqual(texts("IBAN CH05 6273, lautend auf H.-U. Wälchli, Berner Kantonalbank.", .name), ["H.-U. Wälchli"])
        XCTAssertEqual(texts("Konto lautend auf Musterbank AG", .name), [])
    }
}

/// Positions found on held-out documents: each test on invented data.
final class HeldOutNameTests: XCTestCase {
    func names(_ text: String) -> [String] { texts(text, .name) }

    func testWeekdayAbbreviationAsAGivenNameAfterASalutation() {
        XCTAssertEqual(names("Name:        Ms Thu Hang Pemberton\nDOB: 01 Feb 1990"), ["Thu Hang Pemberton"])
        XCTAssertEqual(names("Clinic: Thu 14:00, Room 3"), [])
    }

    func testPoliceRankAbbreviationsWithADot() {
        XCTAssertEqual(names("Arresting officer: Cpl. Rosalind Okafor, badge 4410"), ["Rosalind Okafor"])
        XCTAssertEqual(names("Approved: /s/ T. Weatherby #1187"), ["T. Weatherby"])
    }

    func testAPaperFormCaptionWithAQualifier() {
        // Captions in capitals with a hint after them; the value is the next line.
        XCTAssertEqual(names("VORNAME lt. Geburtsurkunde\nKatharina\nGESCHLECHT\nweiblich"), ["Katharina"])
        XCTAssertEqual(texts("GEBURTSDATUM (TT.MM.JJJJ)\n04.11.1979\nGESCHLECHT\nmännlich", .dateOfBirth), ["04.11.1979"])
        // A caption in prose case is a sentence's start, not a caption.
        XCTAssertEqual(names("Vorname bitte angeben\nDanke"), [])
    }

    func testGermanAndAustrianPoliceRanks() {
        XCTAssertEqual(names("Beweismittel: Messgerät TX-3, Gerätenr. 5512, Messbeamter PHK Anton Weißgerber."), ["Anton Weißgerber"])
        XCTAssertEqual(names("Die Anzeige nahm GrInsp Verena Holzleitner auf."), ["Verena Holzleitner"])
        XCTAssertEqual(names("Gerätenr. 5512, Messbeamter PHK Anton\nWeißgerber.\n"), ["Anton", "Weißgerber"])
        // Upper case only: a word that happens to be spelled like one is not a rank.
        XCTAssertEqual(names("Das Pk Modell wurde geliefert."), [])
    }

    func testRoleNounsBeforeAName() {
        XCTAssertEqual(names("Our financial counselor Margit Lindqvist can help you apply."), ["Margit Lindqvist"])
        XCTAssertEqual(names("Negotiator: Morwenna Trebilcock, direct 01234 555 111"), ["Morwenna Trebilcock"])
    }

    func testRelationWrappedAtTheEndOfALine() {
        XCTAssertEqual(names("I saw Mr Pellow in clinic with his wife\nSiobhan. He reports less pain."), ["Pellow", "Siobhan"])
    }

    func testGaelicParticles() {
        XCTAssertEqual(names("Example row: candidate 2210, Aoife Ní Bhriain, 2007-05-02."), ["Aoife Ní Bhriain"])
        XCTAssertEqual(names("Account holder        P Ó Ceallaigh"), ["P Ó Ceallaigh"])
    }

    func testTransferCounterparties() {
        let rows = """
            | 03/02 | ZELLE TO LAKSHMI VENKATESAN CONF# Q2281 "rent" | | 900.00 |
            | 03/04 | ZELLE FROM CATHAL O BRIAIN email | 50.00 | |
            | 03/09 | ONLINE TRANSFER TO SAVINGS XXXX4410 | | 100.00 |
            """
        XCTAssertEqual(names(rows), ["LAKSHMI VENKATESAN", "CATHAL O BRIAIN"])
    }

    func testSepaPurposeField() {
        let row = "| 12.03. | Birgit Anlauf | UEBERWEISUNG SVWZ: Klavierstunde Lukas Maerz | 45,00 |"
        XCTAssertTrue(names(row).contains("Lukas"))
        XCTAssertEqual(names("| GEHALT SVWZ: Lohn 02/2025 PersNr 4411 Ostermeier, Jonas | 2.100,00 |"), ["Ostermeier, Jonas"])
        XCTAssertEqual(names("| LASTSCHRIFT SVWZ: Abschlag Strom Vertragskonto 4471 | 80,00 |"), [])
        XCTAssertEqual(names("| GUTSCHRIFT SVWZ: Geburtstag Gosia Prezent | 50,00 |"), ["Gosia"])
        XCTAssertEqual(names("| GUTSCHRIFT SVWZ: Geburtstag Oma | 50,00 |"), [])
    }

    func testDeclarantAndVietnameseGivenNamesFirst() {
        XCTAssertEqual(names("I, Janek Wroblewski-Hart, authorize the bank to debit my account."), ["Janek Wroblewski-Hart"])
        XCTAssertEqual(names("Joint holders: Thi Kim Oanh Pham and Van Duc Hoang (account 2)").sorted(),
                       ["Thi Kim Oanh Pham", "Van Duc Hoang"])
        XCTAssertEqual(names("Employee name (last, first, middle)\nTruong, Thi Mai Anh\nEmployee ID"), ["Truong, Thi Mai Anh"])
    }

    func testNoteToAColleague() {
        XCTAssertEqual(names("Comments: form complete.\nMarcus – please file it today."), ["Marcus"])
        XCTAssertEqual(names("Note – please file it today."), [])
    }

    func testRowOfValuesAndBracketedBirthName() {
        let table = """
            |  | Person 1 | Person 2 |
            | Vorname | Matthias | Johanna |
            | Geburtsdatum | 01.02.1980 | 03.04.1982 |
            """
        XCTAssertEqual(names(table), ["Matthias", "Johanna"])
        XCTAssertEqual(names("Familienname (Geburtsname)   Oberleitner (Aksoy)\nVorname   Ayla"), ["Oberleitner", "Aksoy", "Ayla"])
    }

    func testWrappedTableCellAndWrappedFooter() {
        let table = """
            | 09/30 | ACH DEBIT SUNNY DAYS CHILD CARE TUITION CHILD OLIVER | 900.00 | 1,200.00 |
            |  | HARRISON | | |
            """
        XCTAssertEqual(names(table), ["OLIVER", "HARRISON"])
        XCTAssertEqual(names("Muster Maschinenbau GmbH · HRB 1234 · Geschäftsführer Korbinian\nAltmannsberger"),
                       ["Korbinian", "Altmannsberger"])
    }

    func testTitleSplitFromTheNameByAFormField() {
        XCTAssertEqual(names("Sehr geehrte Frau Kollegin\tStockhammer!"), ["Stockhammer"])
    }
}

final class OrganisationLineTests: XCTestCase {
    func testADivisionAboveAnAddressIsNoName() {
        XCTAssertEqual(texts("Records Division\n315 W Main St\nGranite Falls, WA 98252", .name), [])
    }
}
