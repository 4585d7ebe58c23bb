import RedactCore
import XCTest

@testable import Detect

/// Exports from identity and HR systems: column headers are field names
/// (`user_id`, `display_name`), the cells hold the accounts and people.
final class ExportTableTests: XCTestCase {
    let export = [
        "user_id\tdisplay_name\temail\trole\tlast_ip",
        "kt20114\tOrla Penhaligon\to.penhaligon@quarrymoor.example\tAP Clerk\t10.2.3.4",
        "kt20173\tBartosz Ziemniak\tb.ziemniak@quarrymoor.example\tAnalyst\t10.2.3.9",
        "kt20288\tYetunde Akinwale\ty.akinwale@quarrymoor.example\tBuyer\t10.2.3.11",
        "svc_backup\tBackup service\tbackup@quarrymoor.example\tService\t10.2.0.2",
        "",
        "Findings: Ziemniak still enabled after leaving; kt20288 has no MFA.",
    ].joined(separator: "\n")

    func testFieldNameHeadersLabelTheirColumns() {
        let n = texts(export, .name)
        for v in ["kt20114", "kt20173", "kt20288", "Orla Penhaligon", "Bartosz Ziemniak", "Yetunde Akinwale"] {
            XCTAssertTrue(n.contains(v), "\(v) not found in \(n)")
        }
        // The header cells and the machine account are not people.
        for v in ["display_name", "display", "svc_backup", "Backup service"] { XCTAssertFalse(n.contains(v), v) }
    }

    func testRowsWrappedInTheirCells() {
        // A narrow cell wraps: the row goes on on a line of its own.
        let wrapped = [
            "user_id\tdisplay_name\temail\trole\tlast_login",
            "kt20114\tOrla Macleo\to.macleod@quarrymoor.example\tAP Clerk\t2025-09",
            "\td\t\t\t16:41",
            "kt20173\tBartosz Ziemniak\tb.ziemniak@quarrymoor.example\tAnalyst\t2025-09",
            "kt20288\tYetunde Akinwale\ty.akinwale@quarrymoor.example\tTreasury Analys\t2025-09",
            "\t\t\tt",
            "kt20301\tTomasz Wrzesniak\tt.wrzesniak@quarrymoor.example\tAnalyst\t2025-09",
        ].joined(separator: "\n")
        let n = texts(wrapped, .name)
        // Each name by its column, not by the lists alone.
        let kinds = detections(wrapped, .name).map { $0.kind ?? "" }
        XCTAssertEqual(kinds.filter { $0 == "label Display" }.count, 4, "\(kinds)")
        for v in ["kt20114", "kt20173", "kt20288", "kt20301", "Bartosz Ziemniak", "Yetunde Akinwale", "Tomasz Wrzesniak"] {
            XCTAssertTrue(n.contains(v), "\(v) not found in \(n)")
        }
    }

    func testValuesFromTheTableAreFoundInTheFindings() {
        // The document pass, as the redactor runs it over a one-page document.
        let s = scalars(export)
        let page = PageText(scalars: s, boxes: s.indices.map { Rect(x: Double($0) * 5, y: 0, width: 5, height: 10) })
        let first = Detector(config: DetectorConfig(enabled: [.name])).detect(s)
        var evidence = DocumentEvidence()
        evidence.add(first, in: page)
        let all = first + evidence.matcher().additions(in: page, existing: first)
        let n = all.map { substring(s, $0.range) }
        XCTAssertEqual(n.filter { $0 == "Ziemniak" }.count, 1, "\(n)")
        XCTAssertEqual(n.filter { $0 == "kt20288" }.count, 2, "\(n)")
    }
}

final class BracketedRelationTests: XCTestCase {
    func testNameBeforeARelationInBrackets() {
        XCTAssertEqual(texts("Next of kin:   Tamsin Penhallow (daughter) 07700 900123", .name), ["Tamsin Penhallow"])
        XCTAssertEqual(texts("Notfallkontakt: Ilvy Brandauer (Tochter), Tel. 0171 2345678", .name), ["Ilvy Brandauer"])
        XCTAssertEqual(texts("Letter typed by Kerensa (secretary), ext. 212", .name), ["Kerensa"])
    }

    func testNotEveryBracketAfterCapitalsIsAPerson() {
        XCTAssertEqual(texts("Parent Portal (mother) access is enabled.", .name), [])
        XCTAssertEqual(texts("The Son (2019) was shown.", .name), [])
        XCTAssertEqual(texts("Fee for Child (son) places", .name), [])
    }
}

final class WrappedAgentTests: XCTestCase {
    func testANameAfterByWrappedOverTwoLines() {
        XCTAssertEqual(texts("the exemption was approved by Ysolde\nKernewek-Hart on 3 March.", .name), ["Ysolde", "Kernewek-Hart"])
        // Not how a thing is sent, and not across a blank line.
        XCTAssertEqual(texts("the form was sent by Post\nOffice counter staff.", .name), [])
        XCTAssertFalse(texts("approved by Ysolde\n\nKernewek-Hart", .name).contains("Kernewek-Hart"))
    }
}

final class IntroducedNameTests: XCTestCase {
    func testAListedGivenNameAndAnUnlistedSurnameAfterAVerbOfContact() {
        XCTAssertEqual(texts("Payroll contact Ilse Quartey, ext 4410.", .name), ["Ilse Quartey"])
        XCTAssertEqual(texts("Please call Ilse Quartey on Monday.", .name), ["Ilse Quartey"])
        XCTAssertEqual(texts("her late husband Tobias Quartey died", .name), ["Tobias Quartey"])
        // After another verb the capitalised word may be anything.
        XCTAssertEqual(texts("You will Grace Period apply", .name), [])
    }
}

final class CapitalsAbbreviationTests: XCTestCase {
    func testHRAndMSInCapitalsAreNoSalutation() {
        XCTAssertEqual(texts("Sincerely,\n\nKeira Lindqvist\nHR Operations Specialist\nAcme Freight", .name), ["Keira Lindqvist"])
        XCTAssertEqual(texts("Join via MS Teams tomorrow", .name), [])
        XCTAssertEqual(texts("MR J PEMBERTON\n12 HIGH STREET", .name), ["J PEMBERTON"])
    }
}

final class RoleBeforeNameTests: XCTestCase {
    func testAJobOrRelationBeforeAName() {
        XCTAssertEqual(texts("injuries recorded by paramedic Tendai Moyo (West Midlands Ambulance)", .name), ["Tendai Moyo"])
        XCTAssertEqual(texts("Our school nurse, Ngozi Adebanjo, RN, can help.", .name), ["Ngozi Adebanjo"])
        XCTAssertEqual(texts("Legitimation (VideoIdent, Agentin Derya Kocak, Vorgang 1)", .name), ["Derya Kocak"])
        XCTAssertEqual(texts("2 Tage Pflegefreistellung (Sohn Ilyas)", .name), ["Ilyas"])
        XCTAssertEqual(texts("Dr. Seo-yeon Bae, MD", .name), ["Seo-yeon Bae"])
        XCTAssertEqual(texts("Statement taken by: PC 2291 Fraser Lindqvist", .name), ["Fraser Lindqvist"])
    }

    func testNotAfterEveryJob() {
        XCTAssertEqual(texts("The engineer Report is attached.", .name), [])
        XCTAssertEqual(texts("our nurse Team leads the clinic", .name), [])
        XCTAssertEqual(texts("Sohn Maximilian-Gymnasium", .name), [])
        // `next of kin` is a relation; `of` alone is not.
        XCTAssertEqual(texts("St. Anthony of Padua Church, under the Code of Civil Procedure", .name), [])
        XCTAssertEqual(texts("Sachbearbeiterin Individuelle Konten", .name), [])
    }
}

final class WitnessStatementTests: XCTestCase {
    func testStatementHeaderRanksAndBrackets() {
        XCTAssertEqual(texts("Statement of:            Ayan Abdirahman Duale", .name), ["Ayan Abdirahman Duale"])
        XCTAssertEqual(texts("Statement taken by:      PC 2291 Fraser Lindqvist", .name), ["Fraser Lindqvist"])
        XCTAssertEqual(texts("Ama Owusuaa (adult, mother of the tenant).", .name), ["Ama Owusuaa"])
        XCTAssertEqual(texts("The PC 2291 was old.", .name), [])
        // Both people are covered (as one span: the list reads like `Surname, Given names`).
        let liable = texts("Liable persons: Caoilfhionn Mulgrew, Tobias Quartey", .name).joined(separator: " ")
        XCTAssertTrue(liable.contains("Caoilfhionn Mulgrew") && liable.contains("Tobias Quartey"), liable)
    }
}
