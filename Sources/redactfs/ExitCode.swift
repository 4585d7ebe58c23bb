/// Every exit status the program uses, each with one meaning (sysexits.h
/// numbers where one fits). Never reuse a number for something else.
enum ExitCode: Int32, Error {
    case success = 0
    /// The mount or a command failed at run time.
    case failure = 1
    /// Bad command line (EX_USAGE).
    case usage = 64
    /// The input is damaged or not a document we redact (EX_DATAERR).
    case dataError = 65
    /// The input does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// FUSE is not available (EX_UNAVAILABLE).
    case unavailable = 69
    /// The output cannot be written (EX_CANTCREAT).
    case cannotCreate = 73
    /// An I/O error (EX_IOERR).
    case ioError = 74
    /// The input needs a password (EX_NOPERM).
    case noPermission = 77
}
