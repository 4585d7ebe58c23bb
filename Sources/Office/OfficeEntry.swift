#if canImport(Glibc)
import Glibc
#endif
import CPosix
import Posix

/// `redactfs __office FOLDER INSTALL SOFFICE ARGS...`: locks itself down
/// (`Hardening.lockDownOffice`: Landlock to the system read-only and
/// FOLDER read-write, seccomp without network) and then runs soffice,
/// which inherits all of it. INSTALL is LibreOffice's own folder when it
/// is not under /usr ("" otherwise). Not for users.
public enum OfficeEntry {
    public static let command = "__office"
    /// The exit status when the lock-down failed and nothing ran.
    public static let sandboxFailedStatus: Int32 = 121

    public static func run(arguments: [String]) -> Never {
        guard arguments.count >= 3 else { exit(64) }
        let folder = arguments[0], install = arguments[1], soffice = arguments[2]
        // Nothing of the daemon's reaches soffice: only 0, 1 and 2
        // (/dev/null) stay open, whatever a library left without
        // close-on-exec (the FUSE device above all).
        _ = rf_close_from(3)
        guard Hardening.lockDownOffice(privateFolder: folder, installFolder: install.isEmpty ? nil : install) else {
            exit(sandboxFailedStatus)
        }
        if chdir(folder) != 0 { exit(sandboxFailedStatus) }
        let argv = [soffice] + arguments.dropFirst(3)
        _ = withCStrings(argv) { a in execv(soffice, a) }
        exit(127)
    }
}
