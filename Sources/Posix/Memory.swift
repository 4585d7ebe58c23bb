import CPosix

/// The process's heap.
public enum Memory {
    /// Returns memory freed in every malloc arena to the kernel. glibc
    /// keeps freed memory in per-thread arenas: a daemon whose renders run
    /// on many threads would otherwise see its RSS creep up render after
    /// render. (malloc_trim)
    public static func trim() { _ = rf_malloc_trim() }
}
