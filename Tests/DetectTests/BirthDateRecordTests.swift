import XCTest

@testable import Detect

/// Dates of birth in register entries and in lists after a label with an
/// aside (invented data).
final class BirthDateRecordTests: XCTestCase {
    func testSwissRegisterEntryBeforePlaceOfCitizenship() {
        XCTAssertEqual(texts("  - Keller, Nina Sophie, 1968-09-02, von Olten SO, in Aarau\n", .dateOfBirth), ["1968-09-02"])
        // The entry wrapped after the name: the date opens the next line.
        XCTAssertEqual(texts("  zugunsten Brunner-Zahnd, Elsa,\n    14.11.1949, von Sion VS, in Bern\n", .dateOfBirth), ["14.11.1949"])
    }

    func testDateBeforeNationality() {
        XCTAssertEqual(texts("  - Demir, Leyla, 05.02.1987, türkische Staatsangehörige, in Baar\n", .dateOfBirth), ["05.02.1987"])
    }

    func testLetterDateBeforeSenderIsNoBirthDate() {
        XCTAssertEqual(texts("Ihr Schreiben vom 12.03.2024, von Herrn Keller erhalten.\n", .dateOfBirth), [])
        XCTAssertEqual(texts("Eingang 12.03.2024, von der Post zugestellt.\n", .dateOfBirth), [])
    }

    func testLabelWithAsideThenNamedDatesParted() {
        XCTAssertEqual(texts("  Date of birth (kept for the tenant portal login check): R. Okafor-Lind 09/23/1981;\n  T. Marsh 1979-06-30\n", .dateOfBirth, region: "US"),
                       ["09/23/1981", "1979-06-30"])
    }
}
