import CPosix

/// A worker's last word when poppler, cairo or tesseract crash under it.
///
/// Some inputs crash the libraries themselves: a Type3 glyph whose drawing
/// shows that same glyph recurses in poppler's cairo backend until the
/// stack runs out (`pdftocairo` dies on it too). Such a file can't be
/// served, but the reader and the log should learn that the PDF library
/// crashed, and not just that a worker ended early. While a library call is
/// marked, a fatal signal writes a fixed error record to the parent and
/// exits; the handler runs on a stack of its own and only calls write and
/// _exit. A crash outside a marked call (a bug of ours) stays a crash.
public enum CrashRecord {
    /// Arms the handlers: on a crash inside `during`, `record` is written to
    /// `fd`, its byte at `stageAt` replaced by the mark.
    @discardableResult
    public static func install(fd: Int32, record: [UInt8], stageAt: Int) -> Bool {
        record.withUnsafeBufferPointer {
            rf_crash_record_install(fd, $0.baseAddress, Int32($0.count), Int32(stageAt)) == 0
        }
    }

    /// Runs `body`, a library call, marked with `stage` (a byte the record
    /// carries). Marks don't nest: the outer one is put back afterwards.
    public static func during<T, E: Error>(_ stage: UInt8, _ body: () throws(E) -> T) throws(E) -> T {
        rf_crash_mark(Int32(stage))
        defer { rf_crash_mark(-1) }
        return try body()
    }
}
