/// Every exit status the program uses, each with one meaning across every
/// subcommand (sysexits.h numbers; the table is in redactfs(1), EXIT
/// STATUS). Never reuse a number for something else.
enum ExitCode: Int32, Error {
    case success = 0
    /// A run-time failure with no code of its own below; for `verify`, a
    /// finding.
    case failure = 1
    /// Bad command line: an unknown option, subcommand or `-o` option, a
    /// missing or malformed value, a mount point that is the source or
    /// inside it (EX_USAGE).
    case usage = 64
    /// The input is damaged, unsupported or over a limit; a term or
    /// decision file fails authentication (wrong key or tampered) or is
    /// malformed (EX_DATAERR).
    case dataError = 65
    /// The input or source is missing or unreadable; the key is missing
    /// where one is needed (EX_NOINPUT).
    case noInput = 66
    /// FUSE is not available, or the mount failed (EX_UNAVAILABLE).
    case unavailable = 69
    /// A worker crashed or broke the protocol; an internal error
    /// (EX_SOFTWARE).
    case software = 70
    /// The output cannot be written: a file, the mount point (in use, not
    /// empty, not a folder), the key or term file that init makes
    /// (EX_CANTCREAT).
    case cannotCreate = 73
    /// An I/O error while reading or writing (EX_IOERR).
    case ioError = 74
    /// The input needs a password (EX_NOPERM).
    case noPermission = 77
    /// A config file problem (unknown key, bad value, unreadable), a key
    /// file that group or others can read, or one that is not a key;
    /// OCR language data the settings name is not installed (EX_CONFIG).
    case config = 78
}
