/// Dispatches the command line to a subcommand.
enum CLI {
    static func main(_ args: [String]) -> ExitCode {
        do throws(UsageError) {
            return try dispatch(args)
        } catch {
            return reportUsage(error)
        }
    }

    static func dispatch(_ args: [String]) throws(UsageError) -> ExitCode {
        guard let first = args.first else {
            throw UsageError(message: "missing subcommand", usage: Usage.main)
        }
        let rest = Array(args.dropFirst())
        if rest.contains("--help") || rest.contains("-h"), let u = Usage.forSubcommand(first) {
            printOut(u)
            return .success
        }
        switch first {
        case "-h", "--help":
            printOut(Usage.main)
            return .success
        case "--version", "-V":
            printOut(Usage.version)
            return .success
        case "help":
            guard let sub = rest.first else { printOut(Usage.main); return .success }
            guard let u = Usage.forSubcommand(sub) else {
                throw UsageError(message: "no help for '\(sub)'", usage: Usage.main)
            }
            printOut(u)
            return .success
        case "mount":
            return try MountCommand.parse(rest).run()
        case "redact":
            return try RedactCommand.parse(rest).run()
        case "scan":
            return try ScanCommand.parse(rest).run()
        case "verify":
            return try VerifyCommand.parse(rest).run()
        case "review":
            return try ReviewCommand.parse(rest).run()
        case "status":
            return try StatusCommand.parse(rest).run()
        case "init":
            return InitCommand.main(rest)
        case "terms":
            return TermsCommand.main(rest)
        default:
            // `redactfs SOURCE MOUNTPOINT -o …`, as mount.fuse3 runs us.
            if !first.hasPrefix("-"), args.count >= 2, !args[1].hasPrefix("-") {
                return try MountCommand.parse(args).run()
            }
            throw UsageError(message: "unknown subcommand '\(first)'", usage: Usage.main)
        }
    }
}
