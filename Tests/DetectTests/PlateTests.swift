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

    func testAnInsurancePlate() {
        // A moped's insurance plate: digits, then letters.
        XCTAssertEqual(plates("Motorroller, Versicherungskennzeichen 582 KTV."), ["582 KTV"])
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
        // A statute cited after a vehicle word goes on past `46`: not a plate.
        XCTAssertEqual(plates("Offense: collision with a parked vehicle (RCW 46.61.502), minor damage"), [])
        XCTAssertEqual(plates("Fahrzeug B-AB 1234."), ["B-AB 1234"])
    }

    func testAColumnOfPlatesAndPlateWords() {
        let s = "Fahrer\tPers.-Nr.\tKennzeichen\nGreta Sauter\t2019\tKA-GS 44\nNino Esposito\t2240\tPF-NE 2001"
        XCTAssertEqual(plates(s), ["KA-GS 44", "PF-NE 2001"])
        XCTAssertEqual(plates("Plate / state       LKT-4471 / PA"), ["LKT-4471"])
        XCTAssertEqual(plates("Allianz Versicherungs-AG\tKfz-Vers. L-HT 2207 Vertr. AS-7741903218"), ["L-HT 2207"])
    }

    func testOnlyInContext() {
        // A German shape needs a label or a vehicle nearby; a current UK plate's shape is enough.
        XCTAssertEqual(plates("B-AB 1234 und AB12 CDE ohne Label"), ["AB12 CDE"])
        XCTAssertEqual(plates("Kennzeichen: unbekannt"), [])
        XCTAssertEqual(plates("Registration is open until Friday"), [])
    }
}

final class UnlabelledPlateTests: XCTestCase {
    func plates(_ s: String) -> [String] { texts(s, .licencePlate) }

    func testUKPlatesInRunningText() {
        XCTAssertEqual(plates("A silver Vauxhall was seen leaving, BX19 KLM, at speed."), ["BX19 KLM"])
        XCTAssertEqual(plates("witness noted LD68RTW on the van"), ["LD68RTW"])
        // Postcodes, never-issued age identifiers, letters DVLA does not use, longer codes.
        XCTAssertEqual(plates("Leeds LS19 7TZ and GU21 4AB"), [])
        XCTAssertEqual(plates("batch AB41 CDE"), [])
        XCTAssertEqual(plates("batch QB19 KLM and ZB19 KLM and AB19 KQM"), [])
        XCTAssertEqual(plates("part LD68RTW7 and LD68RTW-2"), [])
        // An example in a leaflet is no one's car.
        XCTAssertEqual(plates("Example registration in our leaflet: AB51 ABC (not issued)."), [])
        XCTAssertEqual(plates("e.g. AB12 CDE"), [])
    }

    func testGermanPlatesNearAVehicle() {
        XCTAssertEqual(plates("Der Pkw der Geschädigten, M-KR 4471, stand vor der Einfahrt."), ["M-KR 4471"])
        XCTAssertEqual(plates("Unfallgegner: VW Golf\nHH-AB 123E"), ["HH-AB 123E"])
        // Without a vehicle, the same shape is some other code.
        XCTAssertEqual(plates("Aktenzeichen laut Schreiben B-VA 4417"), [])
    }
}
