#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Posix

final class WorkerSyscallPolicyTests: XCTestCase {
    func testNoCallIsBothAllowedAndDenied() {
        XCTAssertEqual(Set(WorkerSyscallPolicy.allowed).intersection(WorkerSyscallPolicy.denied), [])
        let rules = WorkerSyscallPolicy.rules(pid: getpid())
        let always = rules.filter { $0.condition == .always }
        let allowed = Set(always.filter { $0.result == .allow }.map(\.name))
        let failed = Set(always.filter { $0.result != .allow }.map(\.name))
        XCTAssertEqual(allowed.intersection(failed), [])
    }

    func testTheCallsAHijackedParserWouldNeedAreDenied() {
        for name in ["socket", "connect", "execve", "fork", "ptrace", "unlink", "rename", "mount", "bpf"] {
            XCTAssertTrue(WorkerSyscallPolicy.denied.contains(name), name)
            XCTAssertFalse(WorkerSyscallPolicy.allowed.contains(name), name)
        }
    }
}

final class ReadablePathsTests: XCTestCase {
    func testSystemDataAndLoadedLibrariesButNothingOfTheUsers() {
        let paths = Hardening.readablePaths()
        XCTAssertEqual(Array(paths.prefix(2)), ["/usr", "/etc/fonts"])
        func covered(_ dir: String) -> Bool { paths.contains { dir == $0 || dir.hasPrefix($0 + "/") } }
        // Every folder a loaded library came from stays readable.
        let libs = Hardening.loadedLibraryFolders()
        XCTAssertFalse(libs.isEmpty)
        for lib in libs { XCTAssertTrue(covered(lib), lib) }
        // No home folder, no temp folder, no root.
        for p in paths {
            XCTAssertNotEqual(p, "/")
            XCTAssertFalse(p.hasPrefix("/home/") || p.hasPrefix("/root") || p.hasPrefix("/tmp"), p)
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.count > 1, !home.hasPrefix("/usr") {
            XCTAssertFalse(paths.contains { $0 == home || $0.hasPrefix(home + "/") }, home)
        }
    }
}
