/// The label phrases, `|`-separated, words as written (matching folds case
/// and diacritics and ignores `.`, `-`, `/` between words). The first word of
/// a reference label names its kind.
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
        known as|preferred name|nickname|sachbearbeitung|first name and initial|first name and middle initial|\
        middle initial
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
        küchenchef|küchenchefin|chef|chefin|kollege|kollegin|kollegen|partner|partnerin|partners|lebensgefährte|\
        lebensgefährtin|vorstand|geschäftsführung|aufsichtsratsvorsitzender|aufsichtsratsvorsitzende|vorsitz|\
        erzähler|erzählerin|colleague|supervisor|head chef|director|directors|\
        pharmacist|prescriber|prescribing doctor|ordering physician|attending physician|referring physician|copy to
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
        contact|kontakt|verfasser|author|ausgestellt für|issued to|prepared for|erstellt für|mi
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
            + "unser aktenzeichen|ihr aktenzeichen|zeichen|geschäftszahl", "Aktenzeichen", 0.9),
        ("kundennummer|kunden nr|kundennr|kd nr|kdnr|kunden nummer|kunden id|kundenkennung|kundenkonto|"
            + "abonummer|abo nr|abonnementnummer|abonnement nr|beitragsnummer|beitrags nr|membership id|"
            + "customer id|customer number|customer no|customer ref|customer reference|client number|client id|client no",
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
            + "employee ref|badge|badge no|badge number", "Personalnummer", 0.9),
        ("patientennummer|patienten nr|patienten nummer|patienten id|patient id|patient number|patient no|fallnummer|fall nr|"
            + "hospital number|hospital no|mrn|medicare number|medicare no"
            + "|pat id|pat nr|chart no|chart number|accession no|accession number|npi|npi number|npi no|unique pupil number|pupil number|"
            + "ubrn|unique booking reference number|auftragsnummer|auftrags nr|auftragsnr|labornummer|labor nr|"
            + "probennummer|proben nr|befundnummer|befund nr|lab no|lab number|specimen no|specimen id|"
            + "medicaid id|medicaid number|medicaid no|"
            + "upn|student id|student number|client index no|client index number", "Patientennummer", 0.9),
        ("mandantennummer|mandanten nr|mandatsreferenz|mandats referenz|mandate reference|"
            + "buchungsnummer|buchungs nr|booking reference|booking number|zählernummer|zähler nr|"
            + "zählpunkt|meter number|antragsnummer|antrags nr|application number|vorgangsnummer|vorgang nr|"
            + "vorgangs nr|ticketnummer|ticket nr|ticket|transferticket|zähler|zähler nummer|meter serial|"
            + "kindergeld nr|kindergeldnummer|mieternummer|mieter nr|caller id|pcn|pcn number|support case|"
            + "mieternr|vertr|kg nr|unter der nummer|unter nummer|under reference|under number|juror number|juror no|"
            + "incident no|incident number|incident ref|report no|report number|gmc|gmc number|gmc no|nmc pin|"
            + "vertrag|mandat|check id|verification id|report id|transaction id|application id|claim id"
            + "|kassenzeichen|gutschein nr|gutscheinnummer|chip nr|chipnummer|kartenfolgenummer|"
            + "control number|control no|bnc|bnc no|bnc number|cause no|cause number|application no|incident report|"
            + "wohnungsnummer|wohnungs nr|wohnung nr|whg nr|objektnummer|objekt nr|mietobjekt nr|einheit nr|"
            + "booking ref|booking no|booking id|roll number|roll no|dossier nr|dossiernummer|"
            + "ptin|preparer tax identification number|dea number|dea no|dea registration", "Vorgangsnummer", 0.85),
        ("führerscheinnummer|führerschein nr|licence number|license number|licence no|license no|"
            + "driving licence number|driving licence no|driver license number|drivers license number|dl number|dl no|"
            + "driver licence number|drivers license|driver license|driving licence"
            + "|driver's license|driver's licence|driver's license number|dl num", "Führerscheinnummer", 0.9),
        ("kontonummer|konto nr|konto nummer|kontonr|kto nr|ktonr|konto|account number|account no|account|acct|acct no|"
            + "sort code|routing|routing number|routing no|aba|aba number|bsb|bankleitzahl|blz", "Kontonummer", 0.85),
        ("referenznummer|referenz nr|referenz|ref nr|ref|reference|reference number|reference no|our ref|"
            + "your ref|our reference|your reference|case no|case number|case reference|case ref|file number|"
            + "case id|reference code|ref code|tenant ref|tenant reference|tenant id|tenant number|"
            + "file no|dossier|numéro de dossier|kenmerk|ons kenmerk|uw kenmerk", "Referenz", 0.85),
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
        ("vorgang|claim|dea", "Vorgangsnummer", 0.85),
        ("ausweis|ausweisnummer", "Ausweisnummer", 0.85),
        ("license|licence|dl", "Führerscheinnummer", 0.85),
    ]

    /// Titles that open a name when written with their dot (`Dr.`).
    static let titles = "dr|prof|dr med|dr dr|prof dr|dipl ing|mag"

    static let plates = """
        kennzeichen|amtl kennzeichen|amtliches kennzeichen|kfz kennzeichen|fahrzeugkennzeichen|\
        polizeiliches kennzeichen|registration|registration number|registration no|reg no|reg nr|vrn|\
        vehicle registration|vehicle registration number|number plate|licence plate|license plate|\
        plate number|vehicle reg|immatriculation|kenteken|vehicle|fahrzeug|motorrad|pkw|plate|plate state|kfz vers|kfz versicherung|privat kfz|dienst kfz|firmenwagen
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
