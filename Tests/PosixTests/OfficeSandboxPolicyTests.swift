#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Posix

final class OfficeSandboxPolicyTests: XCTestCase {
    func testFilesystemIsTheSystemReadOnlyAndThePrivateFolderWritable() {
        let rules = OfficeSandboxPolicy.landlock(privateFolder: "/run/user/1000/redactfs-office-x")
        func access(_ path: String) -> LandlockRule.Access? { rules.first { $0.path == path }?.access }
        XCTAssertEqual(access("/usr"), [.read, .execute])
        XCTAssertEqual(access("/bin"), [.read, .execute])
        XCTAssertEqual(access("/etc"), .read)
        XCTAssertEqual(access("/proc"), .read)
        XCTAssertEqual(access("/var/spool/libreoffice"), .read)
        XCTAssertEqual(access("/dev/null"), [.read, .writeFile])
        XCTAssertEqual(access("/tmp"), [.makeSocket, .removeFile], "LibreOffice's pipe only: no file read, written or made")
        XCTAssertEqual(access("/run/user/1000/redactfs-office-x"), [.read, .create])
        // Exactly one writable place; nothing of the user's.
        XCTAssertEqual(rules.filter { $0.access.contains(.create) }.map(\.path), ["/run/user/1000/redactfs-office-x"])
        for r in rules {
            XCTAssertNotEqual(r.path, "/")
            XCTAssertFalse(r.path.hasPrefix("/home") || r.path.hasPrefix("/root") || r.path.hasPrefix("/media")
                           || r.path.hasPrefix("/mnt") || r.path == "/run" || r.path == "/dev" || r.path == "/var", r.path)
        }
    }

    func testALibreOfficeOutsideUsrIsReadableAndRunnable() {
        let rules = OfficeSandboxPolicy.landlock(privateFolder: "/dev/shm/p", installFolder: "/opt/libreoffice7.6")
        XCTAssertTrue(rules.contains(LandlockRule("/opt/libreoffice7.6", [.read, .execute])))
        let usr = OfficeSandboxPolicy.landlock(privateFolder: "/dev/shm/p", installFolder: "/usr/lib/libreoffice")
        XCTAssertFalse(usr.contains { $0.path == "/usr/lib/libreoffice" }, "already under /usr")
    }

    func testNoNetworkButUnixStreamSockets() {
        let rules = OfficeSandboxPolicy.seccomp()
        XCTAssertEqual(OfficeSandboxPolicy.defaultErrno, 0, "a deny-list: soffice is too large for an allow-list")
        XCTAssertTrue(rules.allSatisfy { $0.result != .allow }, "with an allowing default every rule must refuse")
        XCTAssertTrue(rules.contains(SyscallRule("socket", .fail(EAFNOSUPPORT), .notEqual(arg: 0, value: UInt64(AF_UNIX)))))
        XCTAssertTrue(rules.contains(SyscallRule("socketpair", .fail(EAFNOSUPPORT), .notEqual(arg: 0, value: UInt64(AF_UNIX)))))
        XCTAssertTrue(rules.contains(SyscallRule("socket", .fail(EPERM),
                                                 .maskedEqual(arg: 1, mask: 0xF, value: UInt64(SOCK_DGRAM.rawValue)))))
        XCTAssertFalse(rules.contains { $0.name == "socket" && $0.condition == .always })
        for name in ["connect", "io_uring_setup", "io_uring_enter", "bpf", "ptrace", "setsid", "setpgid",
                     "unshare", "mount", "keyctl", "userfaultfd", "perf_event_open"] {
            XCTAssertTrue(rules.contains(SyscallRule(name, .fail(EPERM))), name)
        }
        for name in ["execve", "clone", "fork", "openat", "bind", "listen", "accept4"] {
            XCTAssertFalse(rules.contains { $0.name == name }, "\(name): LibreOffice needs it")
        }
    }
}
