#if canImport(Glibc)
import Glibc
#endif
import XCTest
import CPosix
import Posix
import RedactCore
@testable import Office

/// The converter with real processes: the debug `redactfs` built next to
/// the tests runs `__office`, which locks itself down and runs a stand-in
/// soffice (a shell script) or, when installed, the real one.
final class OfficeConverterTests: XCTestCase {
    static var executable: String {
        let dir = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var d = dir.joined(separator: "/")
        if d.hasSuffix(".xctest") { d = String(d.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")) }
        return d + "/redactfs"
    }

    var scratch = ""

    override func setUpWithError() throws {
        var t = Array("/tmp/redactfs-office-test-XXXXXX".utf8CString)
        scratch = String(cString: t.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        guard access(Self.executable, X_OK) == 0 else { throw XCTSkip("no redactfs binary at \(Self.executable)") }
    }

    override func tearDown() {
        _ = rf_remove_tree(scratch)
    }

    /// A stand-in soffice at SCRATCH/lo/program/soffice (so its install
    /// folder, SCRATCH/lo, is readable and runnable in the sandbox).
    func fakeSoffice(_ body: String) throws -> String {
        let dir = scratch + "/lo/program"
        XCTAssertEqual(mkdir(scratch + "/lo", 0o700), 0)
        XCTAssertEqual(mkdir(dir, 0o700), 0)
        // What makes it an install folder (see `installFolder`).
        close(open(dir + "/soffice.bin", O_WRONLY | O_CREAT, 0o600))
        let path = dir + "/soffice"
        let script = "#!/bin/sh\n" + body + "\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o700)
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = script.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        return path
    }

    func source(_ bytes: [UInt8]) throws -> FileDescriptor {
        let fd = try MemoryFile.create("source")
        try fd.writeAll(bytes)
        return fd
    }

    /// Private folders of conversions that are still there.
    func leftovers() -> [String] {
        guard let base = OfficeConverter.privateBase(), let d = opendir(base) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix("redactfs-office-") { out.append(name) }
        }
        return out
    }

    /// Processes whose command line holds `token`.
    func processes(with token: String) -> Int {
        guard let d = opendir("/proc") else { return 0 }
        defer { closedir(d) }
        var n = 0
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard Int(name) != nil, let f = fopen("/proc/\(name)/cmdline", "r") else { continue }
            var buf = [CChar](repeating: 0, count: 4096)
            let got = fread(&buf, 1, buf.count - 1, f)
            fclose(f)
            let line = String(decoding: buf.prefix(got).map { UInt8(bitPattern: $0 == 0 ? 32 : $0) }, as: UTF8.self)
            if line.contains(token) { n += 1 }
        }
        return n
    }

    /// The copy of the document and its PDF never lie on a disk: a
    /// runtime folder that is not in memory is passed over.
    func testThePrivateFolderIsInMemoryOnly() throws {
        let saved = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
        defer { if let saved { setenv("XDG_RUNTIME_DIR", saved, 1) } else { unsetenv("XDG_RUNTIME_DIR") } }
        // A writable folder on a disk (passed over for what it is, not for
        // being unwritable).
        let disk = "/var/tmp"
        let type = rf_fs_type(disk)
        try XCTSkipIf(type < 0 || type == 0x0102_1994 || type == 0x8584_58f6 || access(disk, W_OK | X_OK) != 0,
                      "/var/tmp is missing, unwritable or itself in memory here")
        setenv("XDG_RUNTIME_DIR", disk, 1)
        let base = OfficeConverter.privateBase()
        XCTAssertNotEqual(base, disk)
        if let base { XCTAssertEqual(rf_fs_type(base), 0x0102_1994) }
    }

    func testThePDFItWritesComesBackSealedAndTheFolderIsGone() throws {
        let before = leftovers()
        // Writes a PDF where it was told to, after checking its profile
        // holds the macro settings and its input is the source.
        let soffice = try fakeSoffice("""
        for a in "$@"; do last="$a"; done
        grep -q DisableMacrosExecution "$HOME/../profile/user/registrymodifications.xcu" || exit 3
        grep -q 'planted' "$last" || exit 4
        printf '%%PDF-1.4 converted\\n' > "$HOME/../out/document.pdf"
        """)
        let c = OfficeConverter(soffice: soffice, executable: Self.executable)
        let pdf = try c.convert(try source(Array("planted bytes".utf8)), type: .odt, limits: Limits())
        XCTAssertEqual(try pdf.read(count: 100, at: 0), Array("%PDF-1.4 converted\n".utf8))
        XCTAssertNotEqual(fcntl(pdf.rawValue, 1034 /* F_GET_SEALS */), 0, "sealed")
        XCTAssertEqual(leftovers(), before)
    }

    func testNoDescriptorOfTheCallerReachesSoffice() throws {
        // Opened without close-on-exec, as a careless library might (the
        // daemon's FUSE device must never reach soffice).
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        XCTAssertGreaterThan(leaked, 2)
        let soffice = try fakeSoffice("""
        [ -e /proc/self/fd/\(leaked) ] && exit 9
        printf '%%PDF-1.4\\n' > "$HOME/../out/document.pdf"
        """)
        let c = OfficeConverter(soffice: soffice, executable: Self.executable)
        XCTAssertNoThrow(try c.convert(try source([1]), type: .odt, limits: Limits()))
    }

    func testDeadlineKillsTheWholeProcessGroup() throws {
        let token = "31.4159\(getpid())"
        let soffice = try fakeSoffice("sleep \(token) &\nsleep \(token)")
        let c = OfficeConverter(soffice: soffice, executable: Self.executable)
        var limits = Limits()
        limits.officeSeconds = 1
        let before = leftovers()
        let start = OfficeConverter.now()
        XCTAssertThrowsError(try c.convert(try source([1, 2, 3]), type: .docx, limits: limits)) { e in
            XCTAssertEqual(e as? OfficeFailure, .deadline(1))
            XCTAssertEqual((e as? OfficeFailure)?.redactError.message,
                           "limit exceeded: LibreOffice took longer than 1 s to convert the document")
        }
        XCTAssertLessThan(OfficeConverter.now() - start, 5)
        usleep(200_000)
        XCTAssertEqual(processes(with: token), 0, "a child of soffice outlived the deadline")
        XCTAssertEqual(leftovers(), before)
    }

    func testARemovedTreeIsGoneEvenWithReadOnlyFolders() throws {
        let t = scratch + "/tree"
        XCTAssertEqual(mkdir(t, 0o700), 0)
        XCTAssertEqual(mkdir(t + "/ro", 0o700), 0)
        close(open(t + "/ro/file", O_WRONLY | O_CREAT, 0o400))
        XCTAssertEqual(symlink("/etc/passwd", t + "/ro/link"), 0)
        XCTAssertEqual(chmod(t + "/ro", 0o500), 0)
        XCTAssertEqual(rf_remove_tree(t), 0)
        XCTAssertNotEqual(access(t, F_OK), 0)
        XCTAssertEqual(access("/etc/passwd", R_OK), 0, "a symlink is removed, never followed")
    }

    func testOnlyALibreOfficeFolderIsOpenedToTheSandbox() throws {
        XCTAssertNil(OfficeConverter.installFolder("/bin/sh"), "not a LibreOffice program folder")
        let soffice = try fakeSoffice("exit 0")
        XCTAssertEqual(OfficeConverter.installFolder(soffice), scratch + "/lo")
        if let real = OfficeConverter.findSoffice(path: "/usr/bin"), let folder = OfficeConverter.installFolder(real) {
            XCTAssertTrue(folder.hasPrefix("/usr/"), folder)
        }
    }

    func testNoPDFIsADamagedDocumentAndACrashIsNamed() throws {
        let c = OfficeConverter(soffice: try fakeSoffice("exit 0"), executable: Self.executable)
        XCTAssertThrowsError(try c.convert(try source([1]), type: .rtf, limits: Limits())) { e in
            XCTAssertEqual(e as? OfficeFailure, .noOutput)
            XCTAssertEqual((e as? OfficeFailure)?.redactError, .damaged(.convert))
        }
    }

    func testCrashIsNamedWithItsSignal() throws {
        let c = OfficeConverter(soffice: try fakeSoffice("kill -SEGV $$"), executable: Self.executable)
        XCTAssertThrowsError(try c.convert(try source([1]), type: .doc, limits: Limits())) { e in
            XCTAssertEqual(e as? OfficeFailure, .killed(SIGSEGV))
        }
    }

    func testSizeLimitsHoldForTheSourceAndThePDF() throws {
        let big = try fakeSoffice("head -c 5000 /dev/zero | sed 's/^/%PDF-/' > \"$HOME/../out/document.pdf\"")
        let c = OfficeConverter(soffice: big, executable: Self.executable)
        var limits = Limits()
        limits.maxOfficeBytes = 10
        XCTAssertThrowsError(try c.convert(try source(Array(repeating: 7, count: 11)), type: .docx, limits: limits)) { e in
            XCTAssertEqual(e as? OfficeFailure, .tooLarge(10))
        }
        limits = Limits()
        limits.maxConvertedBytes = 100
        XCTAssertThrowsError(try c.convert(try source([1]), type: .docx, limits: limits)) { e in
            XCTAssertEqual(e as? OfficeFailure, .tooLarge(100))
        }
    }

    /// What the sandbox lets a document reach: not the folder beside it.
    func testTheSandboxHidesEverythingButThePrivateFolder() throws {
        XCTAssertEqual(mkdir(scratch + "/home", 0o700), 0)
        let secret = open(scratch + "/home/secret", O_WRONLY | O_CREAT, 0o600)
        close(secret)
        let soffice = try fakeSoffice("""
        cat \(scratch)/home/secret && exit 5
        touch \(scratch)/home/written && exit 6
        printf '%%PDF-1.4\\n' > "$HOME/../out/document.pdf"
        """)
        let c = OfficeConverter(soffice: soffice, executable: Self.executable)
        XCTAssertNoThrow(try c.convert(try source([1]), type: .docx, limits: Limits()))
        XCTAssertNotEqual(access(scratch + "/home/written", F_OK), 0)
    }
}
