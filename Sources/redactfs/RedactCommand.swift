#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Detect

/// `redactfs redact INPUT... [-o OUTPUT]`, as OCRmyPDF and Dangerzone
/// behave: each input written beside itself as `NAME.redacted.EXT` (the
/// type the mount shows it as), or one input to `-o OUTPUT`; `-` reads
/// standard input and writes standard output. Every input is tried; the
/// exit status is the first failure's.
struct RedactCommand {
    var inputs: [String]
    var output: String?
    var verbosity: Verbosity
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> RedactCommand {
        var c = ArgumentCursor(args, usage: Usage.redact)
        var common = CommonOptions()
        var output: String?
        var quiet = false, verbose = false
        var positionals: [String] = []
        var optionsEnded = false
        while let a = c.next() {
            if optionsEnded { positionals.append(a); continue }
            if try c.common(a, into: &common) { continue }
            switch a {
            case "--": optionsEnded = true
            case "-o", "--output":
                guard output == nil else { throw UsageError(message: "\(a) given twice", usage: Usage.redact) }
                output = try c.value(for: a)
            case "-q", "--quiet": quiet = true
            case "-v", "--verbose": verbose = true
            default:
                if a.hasPrefix("--output=") {
                    guard output == nil else { throw UsageError(message: "--output given twice", usage: Usage.redact) }
                    output = String(a.dropFirst("--output=".count))
                    guard !output!.isEmpty else { throw UsageError(message: "--output needs a value", usage: Usage.redact) }
                    continue
                }
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", usage: Usage.redact) }
                positionals.append(a)
            }
        }
        guard !positionals.isEmpty else { throw UsageError(message: "redact needs an INPUT", usage: Usage.redact) }
        guard !(quiet && verbose) else { throw UsageError(message: "-q and -v exclude each other", usage: Usage.redact) }
        if output != nil, positionals.count > 1 {
            throw UsageError(message: "-o takes one INPUT; with several, each is written beside itself as NAME.redacted.EXT",
                             usage: Usage.redact)
        }
        if positionals.filter({ $0 == "-" }).count > 1 {
            throw UsageError(message: "standard input ('-') can be read once", usage: Usage.redact)
        }
        if positionals.contains("-"), output == nil {
            throw UsageError(message: "standard input ('-') needs -o OUTPUT ('-o -' for standard output)", usage: Usage.redact)
        }
        return RedactCommand(inputs: positionals, output: output,
                             verbosity: quiet ? .quiet : verbose ? .verbose : .normal, common: common)
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.redact)
        if output == "-", isatty(1) == 1 {
            printErr("Error: standard output is a terminal: redirect it to a file or a pipe, or give -o OUTPUT")
            return .usage
        }
        // A closed pipe is an error we see (EPIPE), not a signal that kills
        // us: workers talk to us through pipes too.
        signal(SIGPIPE, SIG_IGN)
        let terms: TermMatcher
        switch loadTerms(common) {
        case .success(let t): terms = t
        case .failure(let code): return code
        }
        let decisions: DecisionsSetup
        switch DecisionsSetup.load(common) {
        case .success(let d): decisions = d
        case .failure(let code): return code
        }
        let config = try common.configuration()
        let redactor = Redactor(settings: settings, terms: terms, limits: config.limits, soffice: config.sofficePath)
        // No output may replace an input of this run, whichever it is.
        var inputFiles: [FileIdentity: String] = [:]
        for input in inputs where input != "-" {
            if let id = OutputCheck.identity(input), inputFiles[id] == nil { inputFiles[id] = input }
        }
        if inputs.contains("-"), let id = FileIdentity.standardInput() { inputFiles[id] = "standard input" }
        var firstFailure: ExitCode?
        var outputsSoFar: [FileIdentity: String] = [:]
        var outputNamesSoFar: [String: String] = [:]
        var readerGone = false
        for input in inputs {
            let code = redactOne(RedactInput(argument: input), redactor: redactor, decisions: decisions,
                                 inputFiles: inputFiles, outputs: &outputsSoFar, outputNames: &outputNamesSoFar,
                                 readerGone: &readerGone)
            switch code {
            case .some(let failure): if firstFailure == nil { firstFailure = failure }
            case .none: break
            }
            if readerGone { return firstFailure ?? .success }
        }
        return firstFailure ?? .success
    }

    /// Redacts one input: nil when written, else the failure's exit status
    /// (its one error line printed). `readerGone`: standard output was
    /// closed by its reader (`| head`), which is not an error of ours.
    private func redactOne(_ input: RedactInput, redactor: Redactor, decisions: DecisionsSetup,
                           inputFiles: [FileIdentity: String], outputs: inout [FileIdentity: String],
                           outputNames: inout [String: String], readerGone: inout Bool) -> ExitCode? {
        let label = input.label
        let fd: FileDescriptor
        switch input.open(limits: redactor.limits) {
        case .success(let f): fd = f
        case .failure(let f): return f.reported(input: label)
        }
        let type: NameMap.OutputType
        switch input.outputType(fd) {
        case .success(let t): type = t
        case .failure(let e): return report(e, input: label)
        }
        // Where it goes, and the refusals that need no render.
        let target: String
        if let output {
            target = output
            if output != "-", let problem = OutputCheck.extensionProblem(output, type, input: label) {
                printErr("Error: \(problem)")
                return .usage
            }
        } else {
            guard let d = input.defaultOutput(type, rename: redactor.redactName) else { return report(.unsupported, input: label) }
            target = d
        }
        if target != "-" {
            if let id = OutputCheck.identity(target) {
                if let other = inputFiles[id] {
                    printErr("Error: \(label): the output \(target) is \(other == label ? "the input itself" : "the input \(other)"); "
                             + "refusing to overwrite it")
                    return .usage
                }
                if let earlier = outputs[id] {
                    printErr("Error: \(label): \(target) is already the output of \(earlier)")
                    return .cannotCreate
                }
            } else if let earlier = outputNames[target] {
                printErr("Error: \(label): \(target) is already the output of \(earlier)")
                return .cannotCreate
            }
            if let problem = OutputCheck.folderProblem(target) {
                printErr("Error: \(label): cannot create \(target): \(problem)")
                return .cannotCreate
            }
        }
        let applied: AppliedDecisions?
        switch decisions.applied(for: fd, input: label) {
        case .success(let a): applied = a
        case .failure(let code): return code
        }

        let shownName = input.isStandardInput ? "standard input" : input.argument.split(separator: "/").last.map(String.init) ?? label
        let progress = RedactProgress(name: shownName, verbosity: verbosity)
        progress.started()
        let result: Redaction
        do {
            result = try redactor.redact(fd, name: input.typeName, output: type, decisions: applied) { done, total in
                progress.pages(done, of: total)
            }
        } catch {
            progress.clearLine()
            return report(error, input: label)
        }
        reportStale(applied, input: label)
        // Given no spill, the redactor keeps the output in memory; this reads
        // one sealed on disk all the same.
        let bytes: [UInt8]
        do { bytes = try result.output.all() } catch {
            progress.clearLine()
            printErr("Error: \(label): cannot read the output back: \(error)")
            return .ioError
        }
        if target == "-" {
            do { try FileDescriptor(owning: dup(1)).writeAll(bytes) } catch {
                progress.clearLine()
                // The reader stopped reading (`| head`): not an error of ours.
                if error == Errno(rawValue: EPIPE) {
                    readerGone = true
                    return nil
                }
                printErr("Error: \(label): cannot write to standard output: \(error)")
                return .ioError
            }
            progress.finished(result, outputSize: bytes.count, writtenTo: "standard output")
            return nil
        }
        do { try AtomicFile.write(bytes, to: target, mode: 0o644) } catch {
            progress.clearLine()
            printErr("Error: \(label): cannot write \(target): \(error)")
            return .cannotCreate
        }
        if let id = OutputCheck.identity(target) { outputs[id] = label }
        outputNames[target] = label
        progress.finished(result, outputSize: bytes.count, writtenTo: target)
        return nil
    }
}

func printErrRaw(_ s: String) {
    var bytes = Array(s.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
