import RedactCore
import XCTest

@testable import Detect

/// One table of labels (`LabelWords`): the word matcher of the context
/// recognizers (`LabelTable`) and the scalar matcher of the identifier
/// recognizer (`Labels`) read the same entries.
final class LabelTableTests: XCTestCase {
    /// The labels the word matcher finds in `text`: (words as printed, role, families).
    func tokenHits(_ text: String, _ table: LabelTable = .shared) -> [(String, Label.Role, LabelSet)] {
        let s = scalars(text)
        return s.withUnsafeBufferPointer { b in
            let ts = TokenStream(b)
            return table.scan(ts).map { hit in
                let a = Int(ts.tokens[hit.first].start)
                let e = Int(ts.tokens[hit.end - 1].end)
                return (substring(s, a..<e), hit.label.role, hit.label.families)
            }
        }
    }

    /// The label the scalar matcher finds at the start of `text`: (as printed, families).
    func scalarHit(_ text: String, _ entries: [(String, LabelSet)] = Labels.entries) -> (String, LabelSet)? {
        let s = scalars(text)
        let table = Labels.byLetter(entries)
        return s.withUnsafeBufferPointer { b in
            Labels.match(b, at: 0, byLetter: table).map { (substring(s, 0..<$0.end), $0.set) }
        }
    }

    func testOneEntryDrivesBothMatchers() {
        // An invented label, written down once.
        let entries = Labels.entries([("zoll-nr|zollnummer", .steuernummer)])
        let table = LabelTable(identifiers: entries)
        // The word matcher: with its punctuation, and fused to its value
        // (the tokenizer splits letters from digits).
        let spaced = tokenHits("Zoll-Nr.: 21/815/08150", table)
        XCTAssertEqual(spaced.map(\.0), ["Zoll-Nr."])
        XCTAssertEqual(spaced.first?.1, .identifier)
        XCTAssertEqual(spaced.first?.2, .steuernummer)
        XCTAssertEqual(tokenHits("Zollnummer21/815/08150", table).map(\.2), [.steuernummer])
        // The scalar matcher: fused to its value, and read through OCR's O/0.
        XCTAssertEqual(scalarHit("Zoll-Nr21/815/08150", entries)?.0, "Zoll-Nr")
        XCTAssertEqual(scalarHit("Z0LLNUMMER 21/815/08150", entries)?.1, .steuernummer)
        // Neither knows it unless it is in the table.
        XCTAssertTrue(tokenHits("Zoll-Nr.: 21/815/08150").isEmpty)
        XCTAssertNil(scalarHit("Zoll-Nr21/815/08150"))
    }

    func testEveryIdentifierLabelIsSeenByBothMatchers() {
        for (phrase, set) in Labels.entries {
            XCTAssertEqual(scalarHit(phrase + " 1")?.0, phrase, phrase)
            XCTAssertEqual(scalarHit(phrase + " 1")?.1, set, phrase)
            // As words, on a line of its own: the whole phrase, carrying its
            // families (also where a context label has the same words), or
            // a context label that opens it and carries them (`Ausweis` in
            // `Ausweis-Nr`, see below).
            let hits = tokenHits(phrase)
            XCTAssertEqual(hits.count, 1, phrase)
            XCTAssertTrue(hits.first.map { $0.0 == phrase || ($0.1 != .identifier && phrase.hasPrefix($0.0)) } ?? false, phrase)
            XCTAssertTrue(hits.first?.2.isSuperset(of: set) ?? false, phrase)
        }
    }

    func testAPhraseOfBothKindsIsOneLabel() {
        // `Kundennummer` is a reference label for the context recognizers
        // and, for the identifier recognizer, no personal identifier.
        let hits = tokenHits("Kundennummer: 4711-0815")
        XCTAssertEqual(hits.count, 1)
        XCTAssertEqual(hits.first?.1, .reference(confidence: 0.9))
        XCTAssertEqual(hits.first?.2, .reference)
    }

    func testAnIdentifierLabelNeverHidesAContextLabel() {
        // `Ausweis-Nr.` is the ID-card label `ausweis-nr`, but also the
        // reference label `Ausweis` that the reference recognizer reads.
        let hits = tokenHits("Ausweis-Nr. B-VA 4417/93")
        XCTAssertEqual(hits.map(\.0), ["Ausweis"])
        XCTAssertEqual(hits.first?.2, .idCard)
        // `ID card holder`: the name label `card holder` stays whole.
        let holder = tokenHits("ID card holder: Jane Roe")
        XCTAssertEqual(holder.map(\.0), ["card holder"])
        XCTAssertEqual(holder.first?.1, .name)
    }

    func testCompoundIdentifierLabelsAreLabelWords() {
        XCTAssertTrue(LabelTable.shared.isLabelWord(WordHash.hash("steuernummer")))
        XCTAssertTrue(LabelTable.shared.isLabelWord(WordHash.hash("reisepass")))
        XCTAssertTrue(LabelTable.shared.isLabelWord(WordHash.hash("kundennummer")))
        // A short code is not: people are named so (`Nino`, `Iva`).
        XCTAssertFalse(LabelTable.shared.isLabelWord(WordHash.hash("nino")))
        XCTAssertFalse(LabelTable.shared.isLabelWord(WordHash.hash("iva")))
    }

    func testAnIdentifierLabelBesideASalutationIsNoName() {
        // A key-value block beside the address: the salutation's line goes on
        // with the first key, the name is on the line below.
        let text = """
            Frau                                   Steuernummer:      143/207/55081
            Annika Vogelsang                       Reisepass          C4F7R2K91
            Lindenhof 7                            Ihr Zeichen:       AV-2025-11
            """
        let names = texts(text, .name)
        XCTAssertFalse(names.contains { $0.contains("Steuernummer") }, "\(names)")
        XCTAssertTrue(names.contains("Annika Vogelsang"), "\(names)")
        XCTAssertEqual(texts("Herrn                        Reisepassnummer:   C4F7R2K91\nTobias Brenninger", .name),
                       ["Tobias Brenninger"])
    }

    func testQualifiersQualifyLabelsOfTheTable() {
        // A word that narrows a label for one recognizer is a word of the
        // table; one that is not is a typo, or a label missing from it.
        for list in [LabelWords.peopleHeaders, LabelWords.customerWords, LabelWords.bookingWords, LabelWords.initialLabels] {
            for word in list.split(separator: "|") {
                XCTAssertTrue(LabelTable.shared.isLabelWord(WordHash.hash(word)), String(word))
            }
        }
    }

    func testTheScanningRecognizersReadTheirLabelsFromTheTable() {
        XCTAssertEqual(BIC.fusedLabels.map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))) },
                       ["bic", "swift"])
        XCTAssertTrue(PhoneRecognizer.phoneLabels.contains("durchwahl"))
        XCTAssertTrue(PhoneRecognizer.identifierLabels.contains("steuer"))
    }
}
