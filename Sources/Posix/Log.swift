#if canImport(Glibc)
import Glibc
#endif

/// Log lines to stderr (journald keeps them under systemd). Callers pass
/// counts, categories, timings, relative paths and errno values only;
/// nothing here ever formats document text or terms.
public enum Log {
    public static func info(_ line: String) { emit("redactfs: " + line) }
    public static func error(_ line: String) { emit("redactfs: error: " + line) }

    private static func emit(_ line: String) {
        // One write(2) per line so concurrent lines never interleave.
        var bytes = Array(line.utf8)
        bytes.append(10)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
