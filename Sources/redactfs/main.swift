#if canImport(Glibc)
import Glibc
#endif
import Office
import Posix
import Worker

// The worker subcommand comes first and alone: a worker must not touch any
// configuration, key or term, only the descriptor it was handed.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "__worker" {
    WorkerMain.run(arguments: Array(arguments.dropFirst()))
}
if arguments.first == OfficeEntry.command {
    OfficeEntry.run(arguments: Array(arguments.dropFirst()))
}
if arguments.first == "__office-check", arguments.count == 2 {
    OfficeSandboxCheck.run(arguments[1])
}
if arguments.first == "__sandbox-check", arguments.count == 2 {
    SandboxCheck.run(arguments[1])
}
// The daemon and the command line render many pages on many threads: keep
// page pixels out of the malloc arenas (see `Memory.fixMapThreshold`).
Memory.fixMapThreshold()
exit(CLI.main(arguments).rawValue)
