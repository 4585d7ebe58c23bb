import Detect
import RedactCore
import XCTest

/// Login names in server logs, exports and account tables.
final class UserNameTests: XCTestCase {
    func names(_ s: String) -> [String] {
        let sc = Array(s.unicodeScalars)
        return Detector().detect(sc).filter { $0.category == .name }.map { String(String.UnicodeScalarView(sc[$0.range])) }
    }

    func testSshdLogLinesNameTheAccount() {
        let log = """
            May 14 06:58:41 bastion-01 sshd[18930]: Accepted publickey for m.adeyemi from 86.12.201.47 port 50122 ssh2
            May 14 06:58:41 bastion-01 sshd[18930]: pam_unix(sshd:session): session opened for user m.adeyemi(uid=1044) by (uid=0)
            May 14 07:15:03 bastion-01 sudo: lchen : TTY=pts/1 ; PWD=/home/lchen ; USER=root ; COMMAND=/usr/bin/systemctl
            May 14 08:22:37 bastion-01 sshd[19240]: Failed password for r.okonkwo-bell from 109.145.38.200 port 52007 ssh2
            May 14 11:47:55 bastion-01 sshd[19861]: Accepted keyboard-interactive/pam for fsantoro
            from 151.41.77.203 port 50933 ssh2
            """
        let found = names(log)
        for n in ["m.adeyemi", "lchen", "r.okonkwo-bell", "fsantoro"] {
            XCTAssertTrue(found.contains(n), "\(n) in \(found)")
        }
        XCTAssertEqual(found.filter { $0 == "lchen" }.count, 2, "\(found)")
    }

    func testMachineAccountsAndBotGuessesAreNoPerson() {
        let log = """
            May 14 00:03:13 bastion-01 sshd[17702]: Invalid user admin from 193.32.162.58 port 40112
            May 14 00:03:15 bastion-01 sshd[17702]: Failed password for invalid user oracle from 193.32.162.58 port 40112 ssh2
            May 14 00:03:19 bastion-01 sshd[17708]: Failed password for root from 193.32.162.58 port 40126 ssh2
            May 14 09:01:18 bastion-01 sshd[19377]: Accepted publickey for deploy from 10.20.4.31 port 44120 ssh2
            May 14 13:30:26 bastion-01 sshd[20214]: Accepted publickey for svc-backup from 10.20.9.14 port 38802 ssh2
            """
        XCTAssertEqual(names(log), [])
    }

    func testUserLabels() {
        XCTAssertTrue(names("Erstellt: 29.05.2024, Benutzer hkroeger\tMandant 01").contains("hkroeger"))
        XCTAssertTrue(names("Username: jdoe42\nPassword: ********").contains("jdoe42"))
        // An everyday word after `login:` inside a sentence is not a login.
        XCTAssertEqual(names("Finding: Password login: migrate to keys"), [])
        // Prose: `for dinner from` is no log line.
        XCTAssertEqual(names("Thanks for dinner from all of us."), [])
    }

    func testAColumnOfLogins() {
        let s = "Benutzername\tAbteilung\tLetzte Anmeldung\nhkroeger\tLohn\t29.05.2024\nmweber\tEinkauf\t28.05.2024"
        let found = names(s)
        XCTAssertTrue(found.contains("hkroeger") && found.contains("mweber"), "\(found)")
    }
}

final class LoginInBracketsTests: XCTestCase {
    func testALoginNamedAsOneInBrackets() {
        XCTAssertEqual(texts("| Student | Lan Pham | lphan14 (school login) | – |", .name).filter { $0 == "lphan14" }, ["lphan14"])
        XCTAssertEqual(texts("use a.koroma (username) to sign in", .name), ["a.koroma"])
        XCTAssertEqual(texts("the portal (login required)", .name), [])
        XCTAssertEqual(texts("open the portal (login)", .name), [])
    }
}
