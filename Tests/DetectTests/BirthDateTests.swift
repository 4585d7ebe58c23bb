import RedactCore
import XCTest

@testable import Detect

final class BirthDateTests: XCTestCase {
    func births(_ text: String) -> [String] { texts(text, .dateOfBirth) }

    func testLabelsAndFormats() {
        XCTAssertEqual(births("Geburtsdatum: 12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("geb. 3.7.81"), ["3.7.81"])
        XCTAssertEqual(births("geboren am 12. März 1980 in Köln"), ["12. März 1980"])
        XCTAssertEqual(births("Date of birth: 03/12/1980"), ["03/12/1980"])
        XCTAssertEqual(births("DOB 1980-03-12"), ["1980-03-12"])
        XCTAssertEqual(births("born March 12, 1980"), ["March 12, 1980"])
        XCTAssertEqual(births("born on 12 March 1980"), ["12 March 1980"])
        XCTAssertEqual(births("born on the 12th of March 1980"), ["12th of March 1980"])
        XCTAssertEqual(births("Geb.-Datum 01.02.1975"), ["01.02.1975"])
        XCTAssertEqual(births("Geburtsdatum (TT.MM.JJJJ): 24.12.1999"), ["24.12.1999"])
        XCTAssertEqual(births("* 12.03.1980 in Hamburg"), ["12.03.1980"])
        XCTAssertEqual(births("Geburtsdatum: 12. 03. 1980"), ["12. 03. 1980"])
    }

    func testOCRDamage() {
        XCTAssertEqual(births("Geburtsdatum:12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("Geburts-datum 12.03.1980"), ["12.03.1980"])
        XCTAssertEqual(births("Geburtsdatum: l2.O3.198O"), ["l2.O3.198O"])
        XCTAssertEqual(births("Geburtsdatum: 12.OB.1980"), [])
        XCTAssertEqual(births("Geburtsdatum\n12.03.1980"), ["12.03.1980"])
        let table = """
            Name            Geburtsdatum    Ort
            Lea Brandt      05.11.2001      Kiel
            """
        XCTAssertEqual(births(table), ["05.11.2001"])
    }

    func testTagDerGeburt() {
        XCTAssertEqual(births("Tag der Geburt:   21.06.1979"), ["21.06.1979"])
    }

    func testOtherDatesAreNot() {
        XCTAssertEqual(births("Rechnung vom 12.03.2024, fällig am 30.04.2024"), [])
        XCTAssertEqual(births("Datum: 14.05.2024"), [])
        XCTAssertEqual(births("Geburtsdatum:      Ausstellungsdatum: 12.03.2020"), [])
        XCTAssertEqual(births("Geburtsdatum: 31.13.1980"), [])  // no 13th month
        XCTAssertEqual(births("Geburtsdatum: 12.03.1980.5"), [])
        XCTAssertEqual(births("geb. Müller"), [])
        XCTAssertEqual(births("Summe* 12.03"), [])
    }

    func testKind() {
        XCTAssertEqual(detections("Geburtsdatum: 12.03.1980", .dateOfBirth).map(\.kind), ["label Geburtsdatum"])
        XCTAssertEqual(detections("Geburtsdatum: 12.03.1980", .dateOfBirth).map(\.reason), [.context])
    }
}
