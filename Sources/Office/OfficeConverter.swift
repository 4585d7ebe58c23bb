#if canImport(Glibc)
import Glibc
#endif
import CPosix
import Posix
import RedactCore

/// Why a conversion failed. Fixed reasons and numbers, never text from
/// the document.
public enum OfficeFailure: Error, Equatable, Sendable {
    /// No soffice was found when the converter was made.
    case notInstalled
    /// The private folder could not be made or filled (errno).
    case privateFolder(Int32)
    /// Neither $XDG_RUNTIME_DIR nor /dev/shm is a writable folder in memory:
    /// the document's copy and its PDF would have to lie on a disk.
    case noMemoryFolder
    /// posix_spawn failed (errno).
    case startFailed(Int32)
    /// `redactfs __office` could not lock itself down and ran nothing.
    case sandboxFailed
    /// soffice ended with this status and no PDF.
    case exited(Int32)
    /// soffice (or the sandbox entry) was killed by this signal.
    case killed(Int32)
    /// waitpid failed (errno): whether soffice ended, and how, is unknown.
    case lost(Int32)
    /// soffice ended well but wrote no PDF: it could not load the document.
    case noOutput
    /// What soffice wrote is not a PDF.
    case notPDF
    case tooLarge(Int)
    case deadline(Double)

    /// As the pipeline reports it: EIO with this reason for readers.
    public var redactError: RedactError {
        switch self {
        case .notInstalled: return .workerFailed("LibreOffice (soffice) is not installed")
        case .privateFolder(let e): return .io(.convert, e)
        case .noMemoryFolder:
            return .workerFailed("no folder in memory ($XDG_RUNTIME_DIR or /dev/shm) for LibreOffice's files; office documents are never converted on a disk")
        case .startFailed(let e): return .workerFailed("could not start LibreOffice (errno \(e))")
        case .sandboxFailed: return .workerFailed("the LibreOffice sandbox could not be set up")
        case .exited(let code): return .workerFailed("LibreOffice exited with status \(code)")
        case .killed(let sig): return .workerFailed("LibreOffice was killed by signal \(sig)")
        case .lost(let e): return .workerFailed("lost track of LibreOffice (errno \(e))")
        case .noOutput, .notPDF: return .damaged(.convert)
        case .tooLarge(let m): return .limitExceeded(.convertedBytes(max: m))
        case .deadline(let s): return .limitExceeded(.conversionTime(seconds: s))
        }
    }
}

/// Converts office documents to PDF with LibreOffice, one sandboxed
/// soffice per document (see `OfficeSandboxPolicy`, `OfficeEntry`).
///
/// Each conversion gets a private folder, mode 0700, in memory
/// (`$XDG_RUNTIME_DIR`, else /dev/shm, each only if it is a tmpfs or ramfs;
/// with neither, the conversion is refused rather than done on a disk):
/// the profile, HOME, TMPDIR, a copy of the source and the PDF. The PDF
/// holds the document's text and lies there for as long as the conversion
/// runs; the folder is removed whole afterwards, success or not. The PDF
/// is handed on in a sealed memory file and then rasterized like any PDF.
public final class OfficeConverter: Sendable {
    /// Absolute path of the soffice that runs.
    public let soffice: String
    /// This program (re-run as `__office` to lock itself down first).
    public let executable: String

    public init(soffice: String, executable: String) {
        self.soffice = soffice
        self.executable = executable
    }

    /// The first executable `soffice` on `path` (a PATH value), resolved
    /// to an absolute path; nil when there is none.
    public static func findSoffice(path: String? = nil) -> String? {
        let search = path ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        for dir in search.split(separator: ":") where dir.hasPrefix("/") {
            let candidate = String(dir) + "/soffice"
            var st = stat()
            if stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// The folder LibreOffice is installed in (`/opt/libreoffice7.6` for
    /// `/opt/libreoffice7.6/program/soffice`): the sandbox lets it be read
    /// and run when it is not under a system folder. Only a folder that
    /// looks like one (`program/soffice.bin` beside the start program):
    /// a `soffice` in `~/bin` must not open the whole home folder.
    static func installFolder(_ soffice: String) -> String? {
        guard let r = realpath(soffice, nil) else { return nil }
        defer { free(r) }
        var parts = String(cString: r).split(separator: "/")
        guard parts.count >= 3 else { return nil }
        parts.removeLast()
        guard parts.last == "program", access("/" + parts.joined(separator: "/") + "/soffice.bin", F_OK) == 0 else {
            return nil
        }
        parts.removeLast()
        return "/" + parts.joined(separator: "/")
    }

    /// Where private folders are made: a writable folder in memory (tmpfs
    /// or ramfs), never a disk, where the copy of the document and its PDF
    /// could outlive a crash or a power cut. nil: none.
    static func privateBase() -> String? {
        var candidates: [String] = []
        if let x = getenv("XDG_RUNTIME_DIR") { candidates.append(String(cString: x)) }
        candidates.append("/dev/shm")
        for c in candidates where c.hasPrefix("/") {
            var st = stat()
            guard stat(c, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, access(c, W_OK | X_OK) == 0 else { continue }
            let type = rf_fs_type(c), tmpfs: Int64 = 0x0102_1994, ramfs: Int64 = 0x8584_58f6
            if type == tmpfs || type == ramfs { return c }
        }
        return nil
    }

    /// Converts the office document behind `source` (of `type`) to a PDF,
    /// returned as a sealed memory file. The source is at most
    /// `limits.maxOfficeBytes`, the PDF `limits.maxConvertedBytes`; soffice
    /// gets `limits.officeSeconds`, then its process group is killed.
    public func convert(_ source: FileDescriptor, type: NameMap.SourceType, limits: Limits) throws(OfficeFailure) -> FileDescriptor {
        let folder = try makePrivateFolder()
        defer { Self.removeTree(folder) }
        try copySource(source, to: folder + "/" + OfficeCommand.inputFolder + "/" + OfficeCommand.inputName(type),
                       max: limits.maxOfficeBytes)
        let pid = try spawn(folder: folder, type: type)
        let status = try wait(pid, seconds: limits.officeSeconds)
        return try readOutput(folder: folder, status: status, max: limits.maxConvertedBytes)
    }

    /// The private folder with its profile (the settings of `OfficeProfile`)
    /// and empty home, temp, input and output folders, all mode 0700.
    func makePrivateFolder() throws(OfficeFailure) -> String {
        guard let base = Self.privateBase() else { throw .noMemoryFolder }
        var template = Array((base + "/redactfs-office-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .privateFolder(errno)
        }
        let folder = String(cString: made)
        do {
            for sub in [OfficeCommand.profileFolder, OfficeCommand.profileFolder + "/user", OfficeCommand.homeFolder,
                        OfficeCommand.tempFolder, OfficeCommand.inputFolder, OfficeCommand.outputFolder] {
                guard mkdir(folder + "/" + sub, 0o700) == 0 else { throw OfficeFailure.privateFolder(errno) }
            }
            let fd = Glibc.open(folder + "/" + OfficeCommand.profileFolder + "/" + OfficeProfile.registryPath,
                                O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw OfficeFailure.privateFolder(errno) }
            let file = FileDescriptor(owning: fd)
            do { try file.writeAll(Array(OfficeProfile.registryModifications.utf8)) } catch { throw OfficeFailure.privateFolder(error.rawValue) }
        } catch let e as OfficeFailure {
            Self.removeTree(folder)
            throw e
        } catch {
            Self.removeTree(folder)
            throw .privateFolder(EIO)
        }
        return folder
    }

    func copySource(_ source: FileDescriptor, to path: String, max: Int) throws(OfficeFailure) {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .privateFolder(errno) }
        let copy = FileDescriptor(owning: fd)
        do {
            _ = try MemoryFile.fill(copy, from: source, max: Int64(max))
        } catch {
            if error.rawValue == EFBIG { throw .tooLarge(max) }
            throw .privateFolder(error.rawValue)
        }
    }

    /// Starts `redactfs __office` in a process group of its own, with
    /// nothing open but /dev/null: soffice prints document names and
    /// errors that must not reach our log.
    func spawn(folder: String, type: NameMap.SourceType) throws(OfficeFailure) -> pid_t {
        let argv = [executable, OfficeEntry.command, folder, Self.installFolder(soffice) ?? "", soffice]
            + OfficeCommand.arguments(privateFolder: folder, type: type)
        do {
            return try Spawn.start(executable, arguments: argv, environment: OfficeCommand.environment(privateFolder: folder),
                                   files: [(0, .devNull), (1, .devNull), (2, .devNull)], ownGroup: true)
        } catch {
            throw .startFailed(error.rawValue)
        }
    }

    /// Waits for the process group's leader; past the deadline the whole
    /// group is killed. Whatever the leader left running (a helper, a
    /// soffice.bin that outlived oosplash) is killed with the group when
    /// it ends. Returns the leader's wait status.
    func wait(_ pid: pid_t, seconds: Double) throws(OfficeFailure) -> Int32 {
        let deadline = Self.now() + seconds
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                // The group keeps its id while any member lives, so this
                // reaches only the conversion's own processes.
                kill(-pid, SIGKILL)
                return status
            }
            if r < 0 && errno != EINTR {
                let e = errno
                kill(-pid, SIGKILL)
                throw .lost(e)
            }
            if Self.now() > deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                throw .deadline(seconds)
            }
            usleep(20_000)
        }
    }

    /// The PDF soffice wrote, read into a sealed memory file.
    func readOutput(folder: String, status: Int32, max: Int) throws(OfficeFailure) -> FileDescriptor {
        let signal = status & 0x7F
        if signal != 0 { throw .killed(signal) }
        let code = (status >> 8) & 0xFF
        if code == OfficeEntry.sandboxFailedStatus { throw .sandboxFailed }
        let fd = Glibc.open(folder + "/" + OfficeCommand.outputFolder + "/" + OfficeCommand.outputName,
                            O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw code == 0 ? .noOutput : .exited(code) }
        let pdf = FileDescriptor(owning: fd)
        do {
            let st = try pdf.status()
            guard st.isRegular else { throw OfficeFailure.noOutput }
            guard st.size <= Int64(max) else { throw OfficeFailure.tooLarge(max) }
            let head = try pdf.read(count: 5, at: 0)
            guard head == Array("%PDF-".utf8) else { throw OfficeFailure.notPDF }
            let memory = try MemoryFile.create("office-pdf")
            _ = try MemoryFile.fill(memory, from: pdf, max: Int64(max))
            try MemoryFile.seal(memory)
            return memory
        } catch let e as OfficeFailure {
            throw e
        } catch let e as Errno {
            throw e.rawValue == EFBIG ? .tooLarge(max) : .privateFolder(e.rawValue)
        } catch {
            throw .privateFolder(EIO)
        }
    }

    /// Removes `path` and everything beneath it, following no symlink.
    /// (nftw with FTW_DEPTH | FTW_PHYS, remove)
    static func removeTree(_ path: String) {
        _ = rf_remove_tree(path)
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
