#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Detect

/// Maps a pipeline failure to an exit status (redactfs(1), EXIT STATUS)
/// and a one-line message.
func report(_ e: RedactError, input: String) -> ExitCode {
    printErr("Error: \(input): \(e.message)")
    switch e {
    case .notFound: return .noInput
    case .accessDenied: return .noInput
    case .passwordRequired: return .noPermission
    case .unsupported, .damaged, .limitExceeded, .refused: return .dataError
    case .workerFailed: return .software
    case .io: return .ioError
    }
}

func openInput(_ path: String) -> Result<FileDescriptor, ExitCode> {
    do {
        let fd = try FileDescriptor.open(path, flags: O_RDONLY)
        guard try fd.status().isRegular else {
            printErr("Error: \(path) is not a regular file")
            return .failure(.noInput)
        }
        return .success(fd)
    } catch {
        printErr("Error: cannot open \(path): \(error)")
        return .failure(.noInput)
    }
}

/// Terms for redact and scan: none if never set up, else they must load.
/// What a command that reads one file starts with: the terms loaded, the
/// file opened, and SIGPIPE ignored (a closed pipe is an error we report).
func termsAndInput(_ common: CommonOptions, input: String) -> Result<(TermMatcher, FileDescriptor), ExitCode> {
    loadTerms(common).flatMap { terms in
        openInput(input).map { fd in
            signal(SIGPIPE, SIG_IGN)
            return (terms, fd)
        }
    }
}

/// `termsAndInput`, and the file's review decisions (none when nobody
/// reviewed it; a decision file that fails to open fails the command).
func documentInput(_ common: CommonOptions, input: String)
    -> Result<(TermMatcher, FileDescriptor, AppliedDecisions?), ExitCode> {
    termsAndInput(common, input: input).flatMap { terms, fd in
        DecisionsSetup.load(common).flatMap { $0.applied(for: fd, input: input) }.map { (terms, fd, $0) }
    }
}

func loadTerms(_ common: CommonOptions) -> Result<TermMatcher, ExitCode> {
    let setup = TermsSetup(common: common)
    if setup.neverInitialised { return .success(TermMatcher([])) }
    switch setup.load() {
    case .success(let m): return .success(m)
    case .failure(let f):
        printErr("Error: \(f.message)")
        return .failure(f.code)
    }
}
