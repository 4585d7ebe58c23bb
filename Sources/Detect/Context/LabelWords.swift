/// The label phrases, `|`-separated, words as written (matching folds case
/// and diacritics and ignores `.`, `-`, `/` and a glued `_` between words: `user_id`). The first word of
/// a reference label names its kind.
///
/// This is the one table of labels: every recognizer's label matching is
/// built from it. The context recognizers match its phrases as words
/// (`LabelTable`); the identifier recognizer matches the identifier labels
/// scalar by scalar, fused to their values and through OCR's look-alikes
/// (`Labels`), and the label table reads those too; the phone, IBAN and
/// card recognizers match their stems and words before a value.
enum LabelWords {
    static let salutations = """
        herr|herrn|hr|frau|fr|mr|mrs|ms|miss|mx|dear|sehr geehrte|sehr geehrter|liebe|lieber|hallo|hello|hi|\
        guten tag|grüß gott|mme|madame|monsieur|mevrouw|meneer|signor|signora|sig|sig ra|familie|eheleute
        """

    /// Labels whose value is a person's name.
    static let names = """
        name|namen|vorname|vornamen|nachname|familienname|geburtsname|rufname|vor und nachname|vor und zuname|\
        name vorname|name des kontoinhabers|name des versicherten|name des patienten|name des kindes|\
        name des arbeitnehmers|name des mieters|name des antragstellers|name der versicherten|name der patientin|\
        empfänger|empfängerin|zahlungsempfänger|begünstigter|auftraggeber|absender|\
        patient|patientin|kontoinhaber|kontoinhaberin|konto inhaber|inhaber|inhaberin|versicherte|versicherter|\
        versicherungsnehmer|versicherungsnehmerin|mieter|mieterin|vermieter|vermieterin|arbeitnehmer|\
        arbeitnehmerin|mitarbeiter|mitarbeiterin|beschäftigte|beschäftigter|antragsteller|antragstellerin|\
        steuerpflichtige|steuerpflichtiger|ehemann|ehefrau|ehegatte|ehegattin|familienmitglied|kind|schuldner|schuldnerin|\
        gläubiger|kunde|kundin|sachbearbeiter|sachbearbeiterin|ansprechpartner|ansprechpartnerin|\
        behandelnder arzt|ärztin|erziehungsberechtigte|bevollmächtigte|bevollmächtigter|unterschrift|\
        full name|first name|first names|given name|given names|last name|surname|family name|forename|\
        forenames|middle name|name of account holder|account holder|account name|cardholder|card holder|\
        tenant|tenants|landlord|employee|employee name|employer name|patient name|recipient|payee|\
        beneficiary|applicant|policyholder|policy holder|insured|insured person|member name|customer name|\
        attn|attention|addressee|spouse|partner name|guarantor|borrower|claimant|contact person|\
        nom|prénom|naam|voornaam|achternaam|gez|gezeichnet|signed|signature|holder signature|cardholder signature|\
        known as|preferred name|nickname|display name|sachbearbeitung|first name and initial|first name and middle initial|\
        middle initial|unterstützte person|unterstützte personen|betreute person|pflegebedürftige person|\
        ledigname|mädchenname|maiden name|birth name|name at birth|former name|former surname|previous surname|\
        name oder firmenname|name oder firma|name firma|name firmenname
        """

    /// Roles and relations whose value is a person (`Treasurer`, `husband`,
    /// `Dozent/in`): everyday words, so the value needs a listed name (or
    /// they head a table column of names).
    static let roles = """
        dozent|dozentin|dozent in|referent|referentin|referent in|teilnehmer in|teilnehmerin|karteninhaber|\
        karteninhaberin|karteninhaber in|mitglied|mitglieder|kassenwart|kassenwartin|kassierer|kassiererin|\
        schriftführer|schriftführerin|vorsitzender|vorsitzende|bearbeiter|bearbeiterin|zeuge|zeugin|fahrer|fahrerin|\
        weitere fahrer|geschäftsführer|geschäftsführerin|vertrauensmann|mitbewohner|mitbewohnerin|freund|freundin|\
        bruder|schwester|sohn|tochter|mutter|vater|kinder|minderjährige kinder|lautend auf|gutschrift|lastschrift|\
        überweisung an|überweisung|dauerauftrag|dauerauftrag an|echtzeitüberweisung|zahlung an|payment to|payment from|transfer to|transfer from|speaker|speakers|lecturer|trainer|assigned to|holder|member|members|owner|customer|\
        guest|second guest|lead guest|passenger|driver|name on card|chair|chairperson|treasurer|secretary|\
        husband|wife|son|daughter|brother|sister|mother|father|next of kin|line manager|manager|\
        prepared by|approved by|checked by|handled by|signed by|authorised by|authorized by|reviewed by|\
        claim handler|case handler|case officer|caseworker|im auftrag|in vertretung|\
        produced by|seized by|recorded by|served by|witnessed by|\
        küchenchef|küchenchefin|chef|chefin|kollege|kollegin|kollegen|partner|partnerin|partners|lebensgefährte|\
        lebensgefährtin|vorstand|geschäftsführung|aufsichtsratsvorsitzender|aufsichtsratsvorsitzende|vorsitz|\
        erzähler|erzählerin|colleague|supervisor|head chef|director|directors|\
        pharmacist|prescriber|prescribing doctor|ordering physician|attending physician|referring physician|copy to|\
        negotiator|relationship manager|keyworker|kundenbetreuer|kundenbetreuerin|kundenberater|kundenberaterin|\
        betreuer|betreuerin|bezugspflegekraft|stationsarzt|stationsärztin|oberarzt|oberärztin|\
        child|children|eigentümer|eigentümerin|miteigentümer|miteigentümerin|proprietor|proprietors|registered proprietor|\
        kontaktperson|inspector|mitglied der bedarfsgemeinschaft
        """

    /// Relations and roles written in brackets after a person's name
    /// (`Morag Penrose (daughter)`, `Lea Brandl (Tochter)`,
    /// `checked by Tamsin (secretary)`): the bracket says the words before
    /// it are a person, whether or not the name is in a list.
    static let relationsAfter = """
        daughter|son|wife|husband|mother|father|sister|brother|partner|spouse|aunt|uncle|niece|nephew|\
        grandson|granddaughter|grandmother|grandfather|mum|mom|dad|stepson|stepdaughter|stepmother|stepfather|\
        fiancé|fiancée|carer|guardian|next of kin|nok|secretary|receptionist|\
        tochter|sohn|ehefrau|ehemann|mutter|vater|schwester|bruder|partnerin|lebensgefährtin|lebensgefährte|\
        oma|opa|enkel|enkelin|betreuer|betreuerin|vormund|nichte|neffe|tante|onkel|\
        president|vice president|treasurer|chair|vendor|vendors|purchaser|purchasers|transferor|transferee|\
        lessor|lessee|mortgagor|grantor|grantee|mitbewohner|mitbewohnerin
        """

    /// Labels whose value is a login name (`UserNameRecognizer`).
    static let users = """
        benutzer|benutzername|benutzerkennung|benutzerkonto|anmeldename|username|user name|user id|userid|\
        login name|login id|logon name|account login|nutzername|nutzerkennung
        """

    /// Login-name labels that are everyday words, taken only with a colon.
    static let usersWithColon = "user|login"

    /// Name labels that are everyday words, taken only with a colon.
    static let namesWithColon = """
        von|an|from|to|cc|bill to|ship to|sold to|deliver to|invoice to|rechnungsempfänger|rechnungsadresse|\
        lieferanschrift|lieferadresse|versand an|name of patient|name of employee|name of tenant|name of applicant|\
        contact|kontakt|verfasser|author|ausgestellt für|issued to|prepared for|erstellt für|mi|\
        occupant|occupants|household members|dependants|dependents|reviewer|approver|requester|assignee|\
        reported by|requested by|liable person|liable persons|account holders|statement of|deponent|declarant|\
        vidiert|vidiert von|vidiert durch|\
        deceased|name of deceased|name of the deceased|decedent|decedent name|verstorbene|verstorbener|erblasser|erblasserin
        """

    static let birth = """
        geb|geboren|geborene|geborener|née|geboren am|geburts datum|geb datum|geburtsdatum|geburtstag|geburtsdaten|geb am|\
        geburtsdatum und ort|datum und ort der geburt|date and place of birth|place and date of birth|dob|d o b|date of birth|dates of birth|birth date|birthdate|birthday|born|born on|\
        date de naissance|né le|née le|geboortedatum|geboren op|fecha de nacimiento|data di nascita|tag der geburt
        """

    /// (phrases, kind, confidence). Invoice numbers are in: on a letter to a
    /// person the invoice number finds that person's record at the issuer as
    /// surely as a customer number does, and the user can keep it visible.
    static let references: [(String, String, Double)] = [
        ("aktenzeichen|akten zeichen|az|akz|geschäftszeichen|gz|gesch z|unser zeichen|ihr zeichen|unser az|ihr az|"
            + "aktenzahl|geschäftsnummer|bearbeitungsnummer|bearbeitungs nr|matter number|matter no|matter ref|"
            + "docket number|docket no|"
            + "unser aktenzeichen|ihr aktenzeichen|zeichen|geschäftszahl|buchungszeichen|aktenzeichens|geschäftszeichens|"
            + "personalakte|aktennummer|akten nr", "Aktenzeichen", 0.9),
        ("kundennummer|kunden nr|kundennr|kd nr|kdnr|kunden nummer|kunden id|kundenkennung|kundenkonto|"
            + "abonummer|abo nr|abonnementnummer|abonnement nr|beitragsnummer|beitrags nr|beitragskonto|membership id|"
            + "customer id|customer number|customer no|customer ref|customer reference|client number|client id|client no"
            + "|ind id|individual id|individual id number|klientennummer|klienten nr|klientennr",
            "Kundennummer", 0.9),
        ("vertragsnummer|vertrags nr|vertrags nummer|vertragsnr|vertrag nr|vertragskonto|contract number|contract no|"
            + "lease no|lease number|lease id|lease ref|lease reference|tenancy no|tenancy number|tenancy ref|"
            + "tenancy reference|mietvertragsnummer|mietvertrag nr|"
            + "loan number|loan no|loan account number|mortgage number|mortgage account number|mortgage account no|"
            + "agreement number", "Vertragsnummer", 0.9),
        ("versicherungsnummer|versicherungs nr|versicherungs nummer|versicherungsschein nr|versicherungsscheinnummer|"
            + "versicherungsschein|policennummer|police nr|policen nr|schadennummer|schaden nr|"
            + "polizze|polizzennummer|polizzen nr|polizze nr|policy number|policy no|policy|claim number|claim no|claim reference"
            + "|subscriber id|subscriber number|subscriber no|claim ref"
            + "|versicherten nr|vers nr|familien nr|familiennummer", "Versicherungsnummer", 0.9),
        ("mitgliedsnummer|mitglieds nr|mitglieds nummer|mitgliedsnr|mitglied nr|mitgl nr|mitgl nummer|member id|member number|membership number|"
            + "membership no", "Mitgliedsnummer", 0.9),
        ("personalnummer|personal nr|personal nummer|personalnr|pers nr|persnr|employee id|employee number|employee no|staff number|"
            + "payroll number|payroll no|payroll id|works number|works no|staff id|staff no|emp id|emp no|empl id|"
            + "payroll ref|payroll reference|"
            + "employee ref|badge|badge no|badge number|badge serial|badge serial no|badge serial number", "Personalnummer", 0.9),
        ("patientennummer|patienten nr|patienten nummer|patienten id|patient id|patient number|patient no|fallnummer|fall nr|"
            + "hospital number|hospital no|mrn|medicare number|medicare no"
            + "|pat id|pat nr|chart no|chart number|accession no|accession number|npi|npi number|npi no|unique pupil number|pupil number|"
            + "ubrn|unique booking reference number|auftragsnummer|auftrags nr|auftragsnr|labornummer|labor nr|"
            + "probennummer|proben nr|befundnummer|befund nr|lab no|lab number|specimen no|specimen id|"
            + "medicaid id|medicaid number|medicaid no|"
            + "upn|student id|student number|client index no|client index number"
            + "|aufnahmezahl|aufnahmenummer|aufnahme nr|candidate number|candidate no|candidate id"
            + "|encounter no|encounter number|encounter id|visit no|visit number|visit id", "Patientennummer", 0.9),
        ("mandantennummer|mandanten nr|mandatsreferenz|mandats referenz|mandate reference|mref|"
            + "buchungsnummer|buchungs nr|booking reference|booking number|zählernummer|zähler nr|"
            + "zählpunkt|meter number|antragsnummer|antrags nr|application number|vorgangsnummer|vorgang nr|"
            + "vorgangs nr|ticketnummer|ticket nr|ticket|transferticket|zähler|zähler nummer|meter serial|"
            + "kindergeld nr|kindergeldnummer|mieternummer|mieter nr|caller id|pcn|pcn number|support case|"
            + "mieternr|vertr|kg nr|unter der nummer|unter nummer|under reference|under number|juror number|juror no|"
            + "incident no|incident number|incident ref|report no|report number|gmc|gmc number|gmc no|nmc pin|"
            + "vertrag|mandat|check id|verification id|report id|transaction id|application id|claim id"
            + "|kassenzeichen|kassenzeichens|gutschein nr|gutscheinnummer|chip nr|chipnummer|kartenfolgenummer|"
            + "control number|control no|bnc|bnc no|bnc number|cause no|cause number|application no|incident report|"
            + "wohnungsnummer|wohnungs nr|wohnung nr|whg nr|objektnummer|objekt nr|mietobjekt nr|einheit nr|"
            + "booking ref|booking no|booking id|roll number|roll no|dossier nr|dossiernummer|"
            + "ptin|preparer tax identification number|dea number|dea no|dea registration|"
            + "urn|unique reference number|crime reference|crime ref|crime number|warrant number|warrant no|"
            + "bar no|bar number|state bar no|bar id|zugangscode|access code|verfügungsnummer|verfügungs nr|"
            + "zmr zahl|zmr nr|betreibungsnummer|betreibungs nr|betreibung nr|registernummer|register nr|"
            + "mpan|mprn|meter point reference|supply number|driver number|driver no|docket|"
            + "confirmation code|confirmation number|confirmation no|booking code|reservation number|reservation code|"
            + "reservation no|citation no|citation number|birth registration|birth registration number|"
            + "birth registration no|birth certificate number|birth certificate no"
            + "|nummer der bg|bg nummer|bg nr|nummer der bedarfsgemeinschaft|grundstück nr|grundstücknummer|grundstücksnummer"
            + "|grundstücks nr|parzellennummer|parzelle nr|parzellen nr|flurstück|flurstück nr|flurstücksnummer|flurstücks nr"
            + "|apn|assessor's parcel number|verwendungszweck|payment reference|matter", "Vorgangsnummer", 0.85),
        ("führerscheinnummer|führerschein nr|licence number|license number|licence no|license no|"
            + "driving licence number|driving licence no|driver license number|drivers license number|dl number|dl no|"
            + "driver licence number|drivers license|driver license|driving licence"
            + "|driver's license|driver's licence|driver's license number|dl num"
            + "|driver's license no|driver's licence no|drivers license no|driver license no", "Führerscheinnummer", 0.9),
        ("kontonummer|konto nr|konto nummer|kontonr|kto nr|ktonr|konto|account number|account no|account|acct|acct no|"
            + "sort code|routing|routing number|routing no|aba|aba number|bsb|bankleitzahl|blz", "Kontonummer", 0.85),
        ("referenznummer|referenz nr|referenz|ref nr|ref|reference|reference number|reference no|our ref|"
            + "your ref|our reference|your reference|case no|case number|case reference|case ref|file number|"
            + "case id|reference code|ref code|tenant ref|tenant reference|tenant id|tenant number|"
            + "file no|dossier|numéro de dossier|kenmerk|ons kenmerk|uw kenmerk|utr|unique taxpayer reference|taxpayer reference",
            "Referenz", 0.85),
        ("zahlungsreferenz|zahlungs referenz", "Rechnungsnummer", 0.7),
        ("versichertennummer|versicherten nummer|versichertennr", "Versichertennummer", 0.9),
        ("rechnungsnummer|rechnungs nr|rechnungs nummer|rechnung nr|rechnungsnr|rechnung|invoice number|invoice no|invoice",
            "Rechnungsnummer", 0.7),
    ]

    /// Reference labels that are everyday words (`Case FR-24-1708`, `DEA
    /// BV4827311`, `Vorgang KÜ-2024-118834`): their value must be a code,
    /// letters and digits in one group or seven or more digits in one run,
    /// or follow `Nr.` (`Ausweis (Nr. B-VA 4417/93)`); `per case: GBP 288`
    /// and `licence 2.0` are not. An `Ausweisnummer` is taken only written in
    /// parts (`BPA-K3-2024-0419`): a bare card number (`T220001293`) is the
    /// ID recognizer's, which checks its check digit.
    static let referencesNeedingCode: [(String, String, Double)] = [
        ("case|incident|file", "Referenz", 0.85),
        ("vorgang|claim|dea|betreibung|zahl", "Vorgangsnummer", 0.85),
        ("ausweis|ausweisnummer", "Ausweisnummer", 0.85),
        ("license|licence|dl", "Führerscheinnummer", 0.85),
        // A deposit, a loan, a Swiss insurance policy (`Police 3A-…`), a
        // police file's evidence or packet: the code after the word.
        ("depot|certificate of deposit", "Kontonummer", 0.85),
        ("loan", "Vertragsnummer", 0.85),
        ("police", "Versicherungsnummer", 0.85),
        ("evidence|evidence item|evidence tag|packet", "Vorgangsnummer", 0.85),
    ]

    /// Titles that open a name when written with their dot (`Dr.`).
    static let titles = "dr|prof|dr med|dr dr|prof dr|dipl ing|mag"

    static let plates = """
        kennzeichen|amtl kennzeichen|amtliches kennzeichen|kfz kennzeichen|fahrzeugkennzeichen|\
        polizeiliches kennzeichen|registration|registration number|registration no|reg no|reg nr|vrn|\
        vehicle registration|vehicle registration number|number plate|licence plate|license plate|\
        plate number|plates|previous plate|previous plates|new plate|new plates|vehicle reg|immatriculation|kenteken|vehicle|fahrzeug|motorrad|pkw|plate|plate state|kfz vers|kfz versicherung|privat kfz|dienst kfz|firmenwagen|\
        kontrollschild|kontrollschilder|nummernschild|autokennzeichen|geschäftsfahrzeug|dienstfahrzeug|firmenfahrzeug|\
        geschäftswagen|dienstwagen|motorcycle|versicherungskennzeichen|versicherungs kennzeichen|mofa kennzeichen|mopedkennzeichen
        """

    static let closings = """
        mit freundlichen grüßen|mit freundlichem gruß|mit freundlichen grüssen|freundliche grüße|\
        freundliche grüsse|viele grüße|beste grüße|herzliche grüße|liebe grüße|mfg|hochachtungsvoll|\
        mit besten grüßen|mit herzlichen grüßen|kind regards|best regards|warm regards|regards|\
        yours sincerely|sincerely|yours faithfully|yours truly|respectfully|with kind regards|with best wishes|\
        all the best|best wishes|many thanks|thanks|thank you|cheers|gruß|grüße|grüsse|beste grüsse|viele grüsse|\
        herzliche grüsse|liebe grüsse|lg|vg|cordialement|met vriendelijke groet
        """
}

// MARK: - Labels the scanning recognizers read

extension LabelWords {
    /// Labels that name an identifier, by the families they speak for,
    /// spelled as printed. The identifier recognizer (`Labels`) matches them
    /// scalar by scalar at a word start, with OCR's I/l/1/| and O/0 alike,
    /// also fused to the value (`StNr12/345/67890`); the label table
    /// (`LabelTable`) reads the same phrases as words, split at `-`, `.` and
    /// spaces, so it finds `St.-Nr.` and `Steuer-ID` on a page too, with
    /// their families (and one compound word, `Steuernummer`, is no name).
    /// A `.reference` entry says the value is a business reference, not a
    /// personal identifier, even if its digits happen to pass a check.
    static let identifiers: [(String, LabelSet)] = [
        // German tax
        ("steuer-id|steuerid|steuer-idnr|steuer-identifikationsnummer|steueridentifikationsnummer|"
            + "identifikationsnummer|idnr|id-nr", .steuerID),
        ("tin|tax id|tax identification number", [.steuerID, .itin]),
        ("steuernummer|steuer-nummer|steuer-nr|steuernr|st.-nr|st-nr|st.nr|stnr|tax number|tax no", .steuernummer),
        // German, Austrian, Swiss social insurance
        ("rentenversicherungsnummer|rv-nummer|rv-nr|rvnr", .pension),
        ("sozialversicherungsnummer|sozialversicherungs-nr|sv-nummer|sv-nr|svnr", [.pension, .austrianSV, .ahv]),
        ("versicherungsnummer|versicherungs-nr|vsnr|vers.-nr", [.pension, .health, .austrianSV]),
        ("krankenversichertennummer|versichertennummer|krankenversicherungsnummer|versicherten-nr|kvnr|"
            + "kv-nummer|kv-nr", .health),
        ("ahv|avs|ahv-nummer|ahv-nr", .ahv),
        // German identity documents
        ("personalausweisnummer|personalausweis|ausweisnummer|ausweis-nr|ausweisnr|ausweis|id card|identity card",
            .idCard),
        ("reisepassnummer|reisepass|passnummer|pass-nr|passnr|passport", .passport),
        ("dokumentennummer|document number|document no", [.idCard, .passport]),
        // US, UK
        ("ssn|social security|soc. sec", .ssn),
        ("itin", .itin),
        ("national insurance|nino|ni number|ni no", .nino),
        ("nhs", .nhs),
        // France, Spain, Italy, the Netherlands
        ("nir|insee|sécurité sociale|securite sociale|sécu", .nir),
        ("dni|nif|documento nacional", .dni),
        ("codice fiscale|cod. fisc|cod.fisc", .codiceFiscale),
        ("bsn|burgerservicenummer|sofinummer|sofi-nummer", .bsn),
        // VAT, BIC
        ("ust-idnr|ust-id|ustid|ust.-idnr|umsatzsteuer-identifikationsnummer|umsatzsteuer-id|vat|tva|iva|btw|uid",
            .vat),
        ("bic|swift|swift-code|bic-code", .bic),
        // Reference numbers (German, English)
        ("rechnungsnummer|rechnungs-nr|rechnungsnr|kundennummer|kunden-nr|kundennr|bestellnummer|bestell-nr|"
            + "auftragsnummer|auftrags-nr|aktenzeichen|vertragsnummer|vertrags-nr|vorgangsnummer|belegnummer|"
            + "artikelnummer|art.-nr", .reference),
        ("invoice no|invoice number|order no|order number|customer no|customer number|account no|account number|"
            + "reference no|reference number|ref|policy no|policy number|contract no|tracking number", .reference),
    ]

    /// Word stems that label a phone number (`Tel.`, `Telefon`, `Mobil`,
    /// `Fax`, `Durchwahl`): matched as the start of a word before the number.
    static let phones = """
        tel|fon|phon|mobil|handy|fax|ruf|cell|call|durchwahl|line|hotline|helpline|landline|handset|whatsapp
        """

    /// Word stems that label a number that is not a phone number. A stem of
    /// three letters or fewer counts only as a whole word written as an
    /// abbreviation (`St.-Nr.`, `Re-Nr`, `Az:`), never a bare capital word.
    static let notPhones = """
        rechnung|re|kunde|bestell|auftrag|artikel|art|vertrag|versicherung|police|konto|blz|steuer|st|ust|finanzamt|\
        aktenzeichen|az|referenz|vorgang|beleg|buchung|mandat|sendung|lieferschein|lieferung|charge|serien|plz|\
        postleitzahl|iban|bic|invoice|order|customer|account|reference|ref|tax|vat|serial|tracking|contract|policy|\
        case|ticket|item
        """

    /// The label of an IBAN, matched at a word start before the value.
    static let ibans = "iban"

    /// Whole words that label a payment card (besides any word that starts
    /// or ends with `card`, or ends with `karte`: `Kreditkarte`).
    static let cards = "visa|mastercard|amex|maestro|pan|kartennummer|kartennr"
}

// MARK: - Label words that qualify a label for one recognizer

extension LabelWords {
    /// Name labels that head a column of people only (`NameRecognizer`).
    static let peopleHeaders = """
        mitarbeiter|mitarbeiterin|arbeitnehmer|arbeitnehmerin|beschäftigte|beschäftigter|patient|patientin|\
        versicherte|versicherter|mieter|mieterin|antragsteller|antragstellerin|ehegatte|ehegattin|kind|\
        sachbearbeiter|sachbearbeiterin|ansprechpartner|ansprechpartnerin|employee|tenant|tenants|applicant|\
        policyholder|claimant|spouse|guarantor|borrower|forename|forenames|surname|vorname|vornamen|nachname|\
        familienname|geburtsname|rufname
        """

    /// Headers of a column that holds one name word per row.
    static let singleWordHeaders = """
        vorname|vornamen|nachname|familienname|geburtsname|rufname|surname|surnames|forename|forenames|first|last|\
        given|middle|preferred|known|family
        """

    /// Labels whose value is an initial (`MI: F`).
    static let initialLabels = "mi|middle"

    /// Birth labels that give a maiden name (`geb. Krämer`).
    static let maidenLabels = "geb|geborene|geborener|née|nee"

    /// Salutations that open a person's or a family's name.
    static let salutationWords = "herr|herrn|hr|frau|fr|mr|mrs|ms|miss|mx|familie|family|eheleute|mme"

    /// Headers of a bank statement's payment-purpose column.
    static let purposeHeaders = "verwendungszweck|buchungstext|zahlungsgrund|purpose|verwendung"

    /// Booking words of a bank statement that open the counterparty's name.
    static let bookingWords = "gutschrift|lastschrift|überweisung|dauerauftrag|echtzeitüberweisung"

    /// Name labels that name a customer, whose number is a reference.
    static let customerWords = "kunde|kundin|customer|client"

    /// Labels inside a booking text that a reference follows (`CUST REF`, `MNDT`).
    static let bookingLabels = "cust|acc|acct|ref|mandate|mndt"

    /// Relation words whose value is a child (`Kinder: Marco (01.03.2012)`).
    static let childWords = "kinder|kind|children|child|sohn|tochter|söhne|töchter|son|daughter|sons|daughters"

    /// Words before a dotted number that make it a version, not an IP
    /// address (`Firmware 10.2.1.4`).
    static let versions = "version|versions|ver|v|firmware|release|build|driver|treiber|patch|revision|rev|fw|kernel"

    /// The hashes of `|`-separated words, for a recognizer's look-up.
    static func hashes(_ phrases: String) -> [UInt64] { phrases.split(separator: "|").map { WordHash.hash($0) } }

    static func set(_ phrases: String) -> HashSet64 { HashSet64(hashes(phrases)) }
}
