/// The word tables, built once into hash sets (a few thousand hashes: well
/// under a millisecond) and shared by every detector.
struct WordSets: Sendable {
    let given: HashSet64
    let givenAmbiguous: HashSet64
    let surnames: HashSet64
    /// Words that end a name: function words, letter vocabulary, months.
    let notNames: HashSet64
    /// Words that make a would-be name an organisation (`GmbH`, `Finanzamt`).
    let organisations: HashSet64
    /// Academic and honorific titles, taken into a name span.
    let titles: HashSet64
    /// Lower-case name particles (`von`, `van der`, `de`).
    let particles: HashSet64
    let months: HashSet64
    let weekdays: HashSet64
    let cities: HashSet64

    static let shared = WordSets()

    private init() {
        given = HashSet64(WordHash.hashes(GivenNames.packed) + WordHash.hashes(GivenNamesWorld.packed)
            + WordHash.hashes(GivenNamesMore.packed))
        givenAmbiguous = HashSet64(WordHash.hashes(GivenNamesAmbiguous.packed) + WordHash.hashes(GivenNamesMoreAmbiguous.packed))
        surnames = HashSet64(WordHash.hashes(Surnames.packed) + WordHash.hashes(SurnamesWorld.packed)
            + WordHash.hashes(SurnamesMore.packed))
        organisations = WordHash.set(CommonWords.organisations)
        months = WordHash.set(CommonWords.months)
        weekdays = WordHash.set(CommonWords.weekdays)
        notNames = HashSet64(WordHash.hashes(CommonWords.notNames) + WordHash.hashes(CommonWords.organisations)
            + WordHash.hashes(CommonWords.months) + WordHash.hashes(CommonWords.weekdays))
        titles = WordHash.set(CommonWords.titles)
        cities = WordHash.set(CommonWords.cities)
        particles = WordHash.set(CommonWords.particles)
    }

    @inline(__always) func isGiven(_ h: UInt64) -> Bool { given.contains(h) }
    @inline(__always) func isUnambiguousGiven(_ h: UInt64) -> Bool { given.contains(h) && !givenAmbiguous.contains(h) }
    @inline(__always) func isSurname(_ h: UInt64) -> Bool { surnames.contains(h) }
}

/// Word lists that are not names. Written for redactfs; ours, under the
/// project's licence.
enum CommonWords {
    static let months = """
        Januar Jänner Februar Feber März Maerz April Mai Juni Juli August September Oktober November Dezember \
        January February March May June July October December Jan Feb Mär Mrz Apr Jun Jul Aug Sep Sept Okt Oct \
        Nov Dez Dec janvier février mars avril juin juillet août septembre octobre novembre décembre \
        januari februari maart mei augustus oktober Mar
        """

    static let weekdays = """
        Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonnabend Sonntag Monday Tuesday Wednesday Thursday \
        Friday Saturday Sunday Mo Di Mi Do Fr Sa So Mon Tue Wed Thu Fri Sat Sun
        """

    static let organisations = """
        GmbH AG KG OHG UG eG eV mbH KGaA SE Ltd Limited Inc Corp Corporation LLC LLP PLC plc Co Company Group Holding \
        gGmbH GesmbH BVBA BV NV SARL SAS SpA Srl \
        Holdings GbR PartG Partner Partners Stiftung Verein Verband Bund Bank Sparkasse Volksbank Raiffeisenbank \
        Postbank Versicherung Versicherungen Krankenkasse Krankenversicherung Rentenversicherung AOK BKK IKK DAK TK \
        Barmer Allianz Finanzamt Amt Bundesamt Landesamt Stadtamt Bürgeramt Ordnungsamt Jugendamt Sozialamt \
        Standesamt Jobcenter Agentur Arbeitsagentur Behörde Ministerium Gericht Amtsgericht Landgericht \
        Verwaltung Hausverwaltung Stadtverwaltung Gemeinde Stadt Landkreis Kreis Bezirk Bezirksamt Rathaus \
        Praxis Gemeinschaftspraxis Klinik Klinikum Krankenhaus Hospital Apotheke Labor Zentrum Center Centre \
        Institut Institute Universität University Hochschule Schule School College Kindergarten Kita \
        Team Service Services Kundenservice Kundenbetreuung Support Abteilung Department Dept Office Büro Kanzlei \
        Security Administration Authority Agency Council Commission Revenue Customs Insurance \
        Steuerberatung Steuerkanzlei Rechtsanwälte Rechtsanwalt Rechtsanwältin Notar Notariat Immobilien \
        Stadtwerke Werke Energie Strom Gas Wasser Telekom Vodafone Versand Handel Shop Store Markt Supermarkt \
        Trust Council Authority Agency Revenue HMRC IRS DVLA NHS Services Solutions Systems Consulting \
        Magistrat Landeshauptstadt Bundeshauptstadt Airlines Airline Airways Tech Technologies Software Logistics Rundfunk Kartenumsatz Lastschrifteinzug \
        Hausverwaltungs Wohnungsbau Wohnungsbaugesellschaft Genossenschaft Baugenossenschaft Treuhand Fonds \
        Kasse Kassenärztliche Vereinigung Kammer Handwerkskammer IHK Deutsche Deutschen Deutscher Bundes \
        House Court Building Tower Lodge Cottage Hall Manor Farm Mansions Villa Haus Gebäude Residenz Wohnpark \
        Landes Staatliche Staatliches Städtische Städtisches Evangelische Katholische Kirche Kirchengemeinde \
        Surgery Practice Clinic Pharmacy Chemist Chemists Dental Medical Healthcare Nursing Hospice Foundation \
        Academy Nursery Library Museum Hotel Restaurant Garage Motors Estates Lettings Properties Homes Housing \
        Association Society Federation Partnership Associates Solicitors Accountants Surveyors Chambers Laboratory \
        Laboratories Labs Pharma Union Community Resources Payroll Operations Admissions Billing Claims Accounts \
        Gymnasium Realschule Grundschule Gesamtschule Hauptschule Mittelschule Berufsschule Volksschule Lyzeum \
        Division Precinct County Bureau Borough Township Municipality
        """

    static let notNames = """
        Mr Mrs Ms Mx Miss Hr Hallo Hey Mme Monsieur Mevrouw Meneer Familie Eheleute Valued Friend Sirs Parent Parents Guardian Resident Residents Occupier Homeowner Supporter Neighbour \
        Student Students Shareholder Investor User Users Cardmember Whom Concern President Bürgermeister \
        Präsident Präsidentin Pfarrer Pfarrerin Doktor Nutzer Teilnehmer Mitarbeitende Beschäftigte Versicherte \
        Interessent Interessenten Bewerber Bewerberin Eigentümer Eigentümerin Anwohner Leser Studierende \
        Abonnent Abonnenten Gäste Gast Patienten Vertragspartner Geschäftspartner Partnerin Nachbarin \
        Sehr Geehrte Geehrter Damen Herren Herr Herrn Frau Fräulein Dame Ladies Gentlemen Sir Madam Madame \
        Kunde Kundin Kunden Kundinnen Customer Customers Client Mitglied Mitglieder Member Members Kollege \
        Kollegin Kollegen Colleague Colleagues Team Freunde Friends All Everyone Zusammen Alle Leute Eltern \
        Familie Family Patient Patientin Mieter Mieterin Vermieter Bewohner Nachbar Nachbarn Antragsteller \
        Der Die Das Den Dem Des Ein Eine Einen Einem Einer Eines Und Oder Aber Mit Von Vom Zu Zum Zur Bei Beim \
        Für Fur Auf Aus An Am Im In Ins Nach Über Unter Vor Hinter Neben Zwischen Durch Gegen Ohne Um Bis Seit \
        Ab Als Wie Wenn Dass Daß Ob Weil Da Hier Dort Nicht Kein Keine Auch Noch Schon Nur Sehr Bitte Danke \
        Ich Du Er Sie Es Wir Ihr Ihre Ihren Ihrem Ihrer Ihres Ihnen Sein Seine Mein Meine Unser Unsere Euer \
        Dein Deine Wer Was Wo Wann Warum Welche Welcher Dieser Diese Dieses Jeder Jede Alle Man \
        The A An And Or But Of To In On At By For From With Without As Is Are Was Were Be Been Has Have Had \
        This That These Those It Its We Our You Your Yours He She His Her They Their Them Us Me My I Not No \
        Yes Please Thank Thanks Dear Hello Hi Re Fwd Subject Date Datum Betreff Betr Anlage Anlagen Seite \
        Page Von From To Cc Bcc Tel Telefon Fax Mobil Email Mail Web Internet Www Http Https IBAN BIC BLZ \
        Konto Kontonummer Rechnung Rechnungsnummer Invoice Bescheid Mahnung Erinnerung Kündigung Vertrag \
        Contract Summe Betrag Total Amount Gesamt Netto Brutto MwSt USt Steuer Steuern Tax Euro EUR Dollar USD \
        GBP CHF Pfund Pound Pounds Stück Menge Preis Price Nr No Number Nummer Zeichen Aktenzeichen Az \
        Straße Strasse Str Weg Platz Allee Gasse Street St Road Rd Avenue Ave Lane Drive Postfach Box PLZ Ort \
        Name Vorname Nachname Geburtsdatum Geburtsort Anschrift Adresse Address Wohnort Land Country \
        Deutschland Germany Österreich Austria Schweiz Switzerland England Scotland Wales UK USA Frankreich \
        France Niederlande Netherlands Europa Europe Berliner Hamburger Münchner Kölner Frankfurter \
        Ja Nein Gut Neu Neue Neuer Alt Alte Groß Große Klein Kleine Mehr Weitere Sonstige Andere Other \
        Herzlich Herzliche Freundliche Freundlichen Grüße Grüßen Gruß Regards Sincerely Faithfully Kind Best \
        Viele Liebe Lieber Beste Mit Hochachtungsvoll Vielen Dank Thank Many Wishes Warm Greetings \
        Ihrer Auftrag Im Namen Namens Vertretung Vertreter Vollmacht Gez Gezeichnet Signed Signature \
        Unterschrift Sachbearbeitung Sachbearbeiter Sachbearbeiterin Ansprechpartner Ansprechpartnerin \
        Geschäftsführer Geschäftsführerin Geschäftsführung Vorstand Direktor Director Manager Leiter Leiterin \
        Chief Officer Head Abteilungsleiter Inhaber Owner CEO CFO CTO Dipl Vorsitzender Vorsitzende \
        Ärztin Arzt Doctor Nurse Pfleger Schwester Therapeut Apotheker Berater Beraterin Advisor Consultant \
        Steuerberater Steuerberaterin Lohnsteuer Einkommensteuer Umsatzsteuer Erklärung Antrag Formular \
        Wichtig Hinweis Hinweise Achtung Note Notice Information Informationen Info Details Übersicht \
        Januar Monat Jahr Woche Tag Tage Heute Morgen Gestern Today Tomorrow Yesterday Year Month Week Day \
        Total Subtotal Balance Saldo Kontostand Buchung Buchungen Umsatz Umsätze Lastschrift Überweisung \
        Gutschrift Zahlung Payment Transfer Debit Credit Card Karte Visa Mastercard Paypal Amazon Google Apple \
        Microsoft Ebay Netflix Spotify Ikea Aldi Lidl Rewe Edeka Penny Netto Kaufland Dm Rossmann Bahn DB \
        Deutsche Post DHL Hermes UPS FedEx Sparkasse Commerzbank Santander Barclays Lloyds HSBC Natwest
        """

    /// Large cities: a place, not a person, in a name position (a city word
    /// is still a city for the address recognizer).
    static let cities = """
        Berlin Hamburg München Köln Frankfurt Stuttgart Düsseldorf Dortmund Leipzig Bremen Dresden Hannover \
        Nürnberg Duisburg Bochum Wuppertal Bielefeld Wien Graz Linz Salzburg Innsbruck Zürich Basel Genf \
        Lausanne Luzern
        """

    static let titles = """
        Dr Prof Professor Dipl Ing Med Dent Vet Rer Nat Jur Iur Lic Phil Oec Pol Habil Mag Msc Bsc Ba Ma Mba Phd Llm \
        Hc Rev Hon Jun Jr Sen Sr Ii Iii Iv Frhr Freiherr Freifrau Baron Baronin Sir Dame Lord Lady \
        Dres Priv Doz Univ Kfm Kffr Betriebswirt Eng Esq Mme Mlle Kollege Kollegin Colleague
        """

    static let particles = """
        von vom van der den de del della di da dos das du le la zu zur ten ter af av bin ibn al el y ap
        """
}
