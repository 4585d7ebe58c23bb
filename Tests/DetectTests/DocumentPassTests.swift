import Detect
import RedactCore
import XCTest

/// The document pass: a value found with evidence on one page is found at
/// its other occurrences, on any page.
final class DocumentPassTests: XCTestCase {
    func page(_ s: String) -> PageText {
        let scalars = Array(s.unicodeScalars)
        return PageText(scalars: scalars, boxes: scalars.indices.map { Rect(x: Double($0) * 5, y: 0, width: 5, height: 10) })
    }

    func range(of needle: String, in s: String, from: Int = 0) -> Range<Int> {
        let h = Array(s.unicodeScalars), n = Array(needle.unicodeScalars)
        for i in from...(h.count - n.count) where Array(h[i..<(i + n.count)]) == n { return i..<(i + n.count) }
        fatalError("not found")
    }

    func texts(_ found: [Detection], in s: String) -> [String] {
        let h = Array(s.unicodeScalars)
        return found.map { String(String.UnicodeScalarView(h[$0.range])) }
    }

    func testSurnameAndGivenNameAloneElsewhereInTheDocument() {
        let p1 = "Sehr geehrte Frau Emre Kaya,\nwir bestätigen"
        let p2 = "Kontoinhaber\tKAYA\nBuchung\tEmre\tGutschrift\nMit Mai beginnt"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: range(of: "Emre Kaya", in: p1), confidence: 0.9, reason: .context)], in: page(p1))
        let added = ev.matcher().additions(in: page(p2), existing: [])
        XCTAssertEqual(Set(texts(added, in: p2)), ["KAYA", "Emre"])
        XCTAssertTrue(added.allSatisfy { $0.category == .name })
    }

    func testAWordOfANameInsideAFirmsNameIsNotCarried() {
        let p1 = "Kontaktperson: Jean-Luc Bréchet"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: range(of: "Jean-Luc Bréchet", in: p1), confidence: 0.9, reason: .context)], in: page(p1))
        let p2 = "Arbeitgeber: Transports Bréchet Sàrl, Delémont\nRückfrage bei Bréchet am 3.10."
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2), ["Bréchet"])
    }

    func testTheSurnameWithItsParticlesIsCarried() {
        let p1 = "Sachbearbeitung: Herr Joris van der Linde, Zi. 2"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: range(of: "Joris van der Linde", in: p1), confidence: 0.9, reason: .context)], in: page(p1))
        let p2 = "Mit freundlichen Grüßen\nvan der Linde\nJ. VAN DER LINDE · Seite 2"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2), ["van der Linde", "J. VAN DER LINDE"])
    }

    func testInitialsBeforeACarriedSurnameAndLowerCaseWords() {
        let p1 = "Full name\nEmily Sakura Nakamura-Holt\nWill Brearley"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: range(of: "Emily Sakura Nakamura-Holt", in: p1), confidence: 0.9, reason: .context),
                Detection(category: .name, range: range(of: "Will Brearley", in: p1), confidence: 0.9, reason: .context)],
               in: page(p1))
        let p2 = "Liable person Miss E S Nakamura-Holt\n7. Signature E. Nakamura-Holt\nthe will of the late Mrs Pollard"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2),
                       ["E S Nakamura-Holt", "E. Nakamura-Holt"], "a capitalised given name is no lower-case word")
    }

    func testFunctionWordsAndMonthsInANameAreNotCarried() {
        // A name detection that took in a month or a function word must
        // not black every month of the document.
        let p1 = "Herr Jonas Mai von Weber"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: 5..<24, confidence: 0.9, reason: .context)], in: page(p1))
        let p2 = "Im Mai und von Juni an: Weber"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2), ["Weber"])
    }

    func testIdentifiersAndReferencesAreCarriedWhole() {
        let p1 = "Kundennummer 800 4471 23"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .reference, range: range(of: "800 4471 23", in: p1), confidence: 0.85, reason: .context)], in: page(p1))
        let p2 = "Ihre Zahlung\t800 4471 23\tdanke; 800 4471 235 ist etwas anderes"
        let added = ev.matcher().additions(in: page(p2), existing: [])
        XCTAssertEqual(texts(added, in: p2), ["800 4471 23"])
        XCTAssertEqual(added[0].category, .reference)
    }

    func testWeakGuessesAndShortValuesAreNotCarried() {
        let p1 = "Ref 12 and maybe Anna Berg"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .reference, range: range(of: "12", in: p1), confidence: 0.9, reason: .context),
                Detection(category: .name, range: range(of: "Anna Berg", in: p1), confidence: 0.5, reason: .gazetteer)],
               in: page(p1))
        XCTAssertTrue(ev.isEmpty)
    }

    func testOccurrencesAlreadyDetectedAreNotAddedTwice() {
        let p = "Herr Kaya schreibt. Kaya"
        var ev = DocumentEvidence()
        let first = Detection(category: .name, range: range(of: "Kaya", in: p), confidence: 0.9, reason: .context)
        ev.add([first], in: page(p))
        let added = ev.matcher().additions(in: page(p), existing: [first])
        XCTAssertEqual(added.map(\.range), [range(of: "Kaya", in: p, from: 10)])
    }

    func testTheMatcherDoesNotDependOnTheOrderPagesArrived() {
        let a = "Frau Lena Vogelsang", b = "Herr Dilara Kaya"
        var e1 = DocumentEvidence(), e2 = DocumentEvidence()
        let da = [Detection(category: .name, range: 5..<19, confidence: 0.9, reason: .context)]
        let db = [Detection(category: .name, range: 5..<16, confidence: 0.9, reason: .context)]
        var x = DocumentEvidence(); x.add(da, in: page(a))
        var y = DocumentEvidence(); y.add(db, in: page(b))
        e1.merge(x); e1.merge(y)
        e2.merge(y); e2.merge(x)
        let t = "Vogelsang Kaya Lena Dilara"
        XCTAssertEqual(e1.matcher().additions(in: page(t), existing: []), e2.matcher().additions(in: page(t), existing: []))
    }

    func testPossessiveTrailingInitialSharpSAndMonthNames() {
        let p1 = "Reviewer Rebecca Okafor-Lind; Auftraggeber: Hoang Thi Mai; Herr Lukas Meißner; Mr Ciaran O'Sullivan"
        var ev = DocumentEvidence()
        for n in ["Rebecca Okafor-Lind", "Hoang Thi Mai", "Lukas Meißner", "Ciaran O'Sullivan"] {
            ev.add([Detection(category: .name, range: range(of: n, in: p1), confidence: 0.9, reason: .context)], in: page(p1))
        }
        let p2 = "(Rebeccas-MBP) | O'SULLIVAN D LOAN | MEISSNER LUKAS | Hoc phi Mai WiSe | im Mai | 15. Mai 2024 | Mai-Abrechnung"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2),
                       ["Rebeccas", "O'SULLIVAN D", "MEISSNER", "LUKAS", "Mai"])
    }

    func testATownReadAsANameIsNotCarriedWhereTheAddressesNameIt() {
        // The signature field's place taken for a name must not black the town everywhere.
        let p1 = "Anschrift\tLindenweg 4, 29221 Celle\nOrt, Datum, Unterschrift: Celle, 03.02.2025, Jörg Abeling\n"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .address, range: range(of: "Lindenweg 4, 29221 Celle", in: p1), confidence: 0.9, reason: .context),
                Detection(category: .name, range: range(of: "Celle", in: p1, from: 50), confidence: 0.8, reason: .context),
                Detection(category: .name, range: range(of: "Jörg Abeling", in: p1), confidence: 0.9, reason: .context)],
               in: page(p1))
        let p2 = "Landkreis Celle · Zulassungsstelle\nHerr Abeling, Celle\n"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2), ["Abeling"])
    }

    func testInitialsInQuotesAndAGivenNameBeforeASurnameWithAParticle() {
        let p1 = "Defendant: Kwabena Osei-Mensah\nSehr geehrte Frau Lo Presti,"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: range(of: "Kwabena Osei-Mensah", in: p1), confidence: 0.9, reason: .context),
                Detection(category: .name, range: range(of: "Lo Presti", in: p1), confidence: 0.9, reason: .context)],
               in: page(p1))
        let p2 = "Green card signed by \"K. Osei\".\nNicht berücksichtigt: Luca Lo Presti, Sohn\nam Ende. Lo Presti zahlt"
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2),
                       ["K. Osei", "Luca Lo Presti", "Lo Presti"])
    }
}

final class GivenNameBeforeCarriedSurnameTests: XCTestCase {
    func additions(_ found: String, in p1: String, then p2: String) -> [String] {
        func page(_ s: String) -> PageText {
            let sc = Array(s.unicodeScalars)
            return PageText(scalars: sc, boxes: sc.indices.map { Rect(x: Double($0) * 5, y: 0, width: 5, height: 10) })
        }
        let h = Array(p1.unicodeScalars), n = Array(found.unicodeScalars)
        let i = (0...(h.count - n.count)).first { Array(h[$0..<($0 + n.count)]) == n }!
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: i..<(i + n.count), confidence: 0.9, reason: .context)], in: page(p1))
        let p2s = Array(p2.unicodeScalars)
        return ev.matcher().additions(in: page(p2), existing: []).map { String(String.UnicodeScalarView(p2s[$0.range])) }
    }

    func testAGivenNameBeforeTheSurnameIsTheFamilysToo() {
        XCTAssertEqual(additions("Gwenna Trevail", in: "Patient: Mrs Gwenna Trevail",
                                 then: "her late husband Jago Trevail had surgery"), ["Jago Trevail"])
        XCTAssertEqual(additions("Ina Brackwede", in: "Mieterin: Ina Brackwede",
                                 then: "Mitbewohner: Ole Brackwede, geb. 2001"), ["Ole Brackwede"])
        XCTAssertEqual(additions("AYLA KORKMAZ", in: "AYLA KORKMAZ", then: "DENIZ KORKMAZ"), ["DENIZ KORKMAZ"])
    }

    func testOnlyWhereAGivenNameCanStand() {
        // A sentence's first word, a title, a label, a function word.
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "We wrote. Trevail replied."), ["Trevail"])
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "Dear Mrs Trevail,"), ["Trevail"])
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "Patient Trevail was seen"), ["Trevail"])
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "Dear Mr Trevail"), ["Trevail"])
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "the Trevail family"), ["Trevail"])
        // German nouns are capitalised; capitals in a header say nothing; an unlisted word may be anything.
        XCTAssertEqual(additions("Helga Brackwede", in: "Frau Helga Brackwede", then: "Großmutter Helga"), ["Helga"])
        XCTAssertEqual(additions("ADAORA OKEKE", in: "ADAORA OKEKE", then: "FPO ADAORA"), ["ADAORA"])
        // A firm named after the person stays a firm's name (session 10: a name's word inside a firm's name is not carried).
        XCTAssertEqual(additions("Gwenna Trevail", in: "Mrs Gwenna Trevail", then: "Sanitär Trevail GmbH"), [])
    }
}

final class DocumentPassSpellingTests: XCTestCase {
    func page(_ s: String) -> PageText {
        let scalars = Array(s.unicodeScalars)
        return PageText(scalars: scalars, boxes: scalars.indices.map { Rect(x: Double($0) * 5, y: 0, width: 5, height: 10) })
    }

    func texts(_ found: [Detection], in s: String) -> [String] {
        let h = Array(s.unicodeScalars)
        return found.map { String(String.UnicodeScalarView(h[$0.range])) }
    }

    func testSurnameWithoutItsApostropheAndItsParts() {
        let p1 = "Ms Niamh O'Connell-Berg"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: 3..<23, confidence: 0.9, reason: .context)], in: page(p1))
        let p2 = "PAYROLL PPD OCONNELL-BERG N EMP 4410\nLOAN 7781 BERG T\nThis is it."
        XCTAssertEqual(texts(ev.matcher().additions(in: page(p2), existing: []), in: p2), ["OCONNELL-BERG N", "BERG T"])
    }

    func testPossessiveIsNoWordOfItsOwnAndFirmsKeepTheirNames() {
        let p1 = "Mrs Tran Thi Lan"
        var ev = DocumentEvidence()
        ev.add([Detection(category: .name, range: 4..<16, confidence: 0.9, reason: .context)], in: page(p1))
        XCTAssertEqual(texts(ev.matcher().additions(in: page("This letter"), existing: []), in: "This letter"), [])
        // A part of a double name alone opening a firm's name is the firm's.
        let p3 = "Mr Eckart Vollmer-Ries"
        var ev2 = DocumentEvidence()
        ev2.add([Detection(category: .name, range: 3..<22, confidence: 0.9, reason: .context)], in: page(p3))
        let p4 = "Vollmer Rohstoffhandel AG · Kanzlei Ries & Partner · Ries-Brunnen · Vollmer signed"
        XCTAssertEqual(texts(ev2.matcher().additions(in: page(p4), existing: []), in: p4), ["Vollmer"])
    }
}
