import XCTest
@testable import Office

final class OfficeProfileTests: XCTestCase {
    func testRegistryDisablesMacrosAndLinks() {
        let xml = OfficeProfile.registryModifications
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<oor:items "))
        XCTAssertTrue(xml.contains("<item oor:path=\"/org.openoffice.Office.Common/Security/Scripting\">"
            + "<prop oor:name=\"MacroSecurityLevel\" oor:op=\"fuse\"><value>3</value></prop></item>"))
        XCTAssertTrue(xml.contains("<item oor:path=\"/org.openoffice.Office.Common/Security/Scripting\">"
            + "<prop oor:name=\"DisableMacrosExecution\" oor:op=\"fuse\"><value>true</value></prop></item>"))
        XCTAssertTrue(xml.contains("<item oor:path=\"/org.openoffice.Office.Writer/Content/Update\">"
            + "<prop oor:name=\"Link\" oor:op=\"fuse\"><value>0</value></prop></item>"))
        XCTAssertTrue(xml.contains("<item oor:path=\"/org.openoffice.Office.Calc/Content/Update\">"
            + "<prop oor:name=\"Link\" oor:op=\"fuse\"><value>1</value></prop></item>"))
        XCTAssertTrue(xml.hasSuffix("</oor:items>\n"))
        XCTAssertEqual(OfficeProfile.registryPath, "user/registrymodifications.xcu")
    }

    func testArgumentsAreHeadlessPrivateAndFixed() {
        let args = OfficeCommand.arguments(privateFolder: "/run/user/1000/redactfs-office-abc123", type: .docx)
        XCTAssertEqual(args, [
            "-env:UserInstallation=file:///run/user/1000/redactfs-office-abc123/profile",
            "--headless", "--norestore", "--nologo", "--nolockcheck", "--nodefault",
            "--convert-to", "pdf", "--outdir", "/run/user/1000/redactfs-office-abc123/out",
            "/run/user/1000/redactfs-office-abc123/in/document.docx",
        ])
        XCTAssertEqual(OfficeCommand.inputName(.rtf), "document.rtf")
        XCTAssertEqual(OfficeCommand.fileURL("/tmp/a b/ü"), "file:///tmp/a%20b/%C3%BC")
    }

    func testEnvironmentHoldsNothingOfTheCaller() {
        let env = OfficeCommand.environment(privateFolder: "/dev/shm/x")
        XCTAssertEqual(env, ["HOME=/dev/shm/x/home", "TMPDIR=/dev/shm/x/tmp", "PATH=/usr/bin:/bin",
                             "LC_ALL=C.UTF-8", "SAL_USE_VCLPLUGIN=svp"])
    }

    func testFailuresAreTypedWithFixedReasons() {
        XCTAssertEqual(OfficeFailure.deadline(60).redactError, .limitExceeded(.conversionTime(seconds: 60)))
        XCTAssertEqual(OfficeFailure.noOutput.redactError, .damaged(.convert))
        XCTAssertEqual(OfficeFailure.killed(9).redactError.message, "worker failed: LibreOffice was killed by signal 9")
        XCTAssertEqual(OfficeFailure.notInstalled.redactError.errnoValue, 5)
        XCTAssertEqual(OfficeFailure.tooLarge(10).redactError, .limitExceeded(.convertedBytes(max: 10)))
    }
}
