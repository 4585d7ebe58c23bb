import RedactCore
import XCTest

@testable import Detect

final class PlateTests: XCTestCase {
    func plates(_ text: String) -> [String] { texts(text, .licencePlate) }

    func testGermanPlates() {
        XCTAssertEqual(plates("Kennzeichen: B-AB 1234"), ["B-AB 1234"])
        XCTAssertEqual(plates("amtl. Kennzeichen M AB 123E"), ["M AB 123E"])
        XCTAssertEqual(plates("Amtliches Kennzeichen: HH-X 99H, Erstzulassung 2019"), ["HH-X 99H"])
        XCTAssertEqual(plates("Kfz-Kennzeichen\nKA-ZZ 4711"), ["KA-ZZ 4711"])
    }

    func testUKPlates() {
        XCTAssertEqual(plates("Registration: AB12 CDE"), ["AB12 CDE"])
        XCTAssertEqual(plates("Vehicle registration number AB12CDE"), ["AB12CDE"])
    }

    func testVehicleWords() {
        XCTAssertEqual(plates("Motorrad HB-QX 71"), ["HB-QX 71"])
        XCTAssertEqual(plates("(vehicle KR21 PLM, paid)"), ["KR21 PLM"])
        // The word alone proves nothing: the value must be plate-shaped.
        XCTAssertEqual(plates("Fahrzeug Golf 7, Baujahr 2019"), [])
    }

    func testAColumnOfPlatesAndPlateWords() {
        let s = "Fahrer\tPers.-Nr.\tKennzeichen\nGreta Sauter\t2019\tKA-GS 44\nNino Esposito\t2240\tPF-NE 2001"
        XCTAssertEqual(plates(s), ["KA-GS 44", "PF-NE 2001"])
        XCTAssertEqual(plates("Plate / state       LKT-4471 / PA"), ["LKT-4471"])
        XCTAssertEqual(plates("Allianz Versicherungs-AG\tKfz-Vers. L-HT 2207 Vertr. AS-7741903218"), ["L-HT 2207"])
    }

    func testOnlyInContext() {
        XCTAssertEqual(plates("B-AB 1234 und AB12 CDE ohne Label"), [])
        XCTAssertEqual(plates("Kennzeichen: unbekannt"), [])
        XCTAssertEqual(plates("Registration is open until Friday"), [])
    }
}
