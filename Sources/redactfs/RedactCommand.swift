#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Detect

struct RedactCommand {
    var input: String
    var output: String
    var common: CommonOptions

    static func parse(_ args: [String]) throws(UsageError) -> RedactCommand {
        var c = ArgumentCursor(args, usage: Usage.redact)
        var common = CommonOptions()
        var output: String?
        var positionals: [String] = []
        while let a = c.next() {
            if try c.common(a, into: &common) { continue }
            switch a {
            case "-o", "--output": output = try c.value(for: a)
            default:
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", usage: Usage.redact) }
                positionals.append(a)
            }
        }
        guard positionals.count == 1 else { throw UsageError(message: "redact needs one INPUT", usage: Usage.redact) }
        guard let out = output else { throw UsageError(message: "redact needs -o OUTPUT", usage: Usage.redact) }
        return RedactCommand(input: positionals[0], output: out, common: common)
    }

    func run() throws(UsageError) -> ExitCode {
        let settings = try common.settings(usage: Usage.redact)
        let (terms, fd, decisions): (TermMatcher, FileDescriptor, AppliedDecisions?)
        switch documentInput(common, input: input) {
        case .success(let r): (terms, fd, decisions) = r
        case .failure(let code): return code
        }
        let showProgress = isatty(2) == 1
        let result: Redaction
        do {
            // The input's name decides an image output's type, as in the mount.
            let name = input.split(separator: "/").last.map(String.init)
            result = try Redactor(settings: settings, terms: terms).redact(fd, name: name, decisions: decisions) { done, total in
                if showProgress { printErrRaw("\rredacting: page \(done)/\(total)") }
            }
        } catch {
            if showProgress { printErrRaw("\n") }
            return report(error, input: input)
        }
        if showProgress { printErrRaw("\n") }
        reportStale(decisions, input: input)
        // Given no spill, the redactor keeps the output in memory; this reads
        // one sealed on disk all the same.
        let bytes: [UInt8]
        do { bytes = try result.output.all() } catch {
            printErr("Error: cannot read the output back: \(error)")
            return .ioError
        }
        if output == "-" {
            do { try FileDescriptor(owning: dup(1)).writeAll(bytes) } catch {
                printErr("Error: cannot write to standard output: \(error)")
                return .ioError
            }
            return .success
        }
        do { try AtomicFile.write(bytes, to: output, mode: 0o644) } catch {
            printErr("Error: cannot write \(output): \(error)")
            return .cannotCreate
        }
        return .success
    }
}

func printErrRaw(_ s: String) {
    var bytes = Array(s.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
