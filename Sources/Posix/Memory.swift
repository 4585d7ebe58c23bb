import CPosix

/// The process's heap.
public enum Memory {
    /// Returns memory freed in every malloc arena to the kernel. glibc
    /// keeps freed memory in per-thread arenas: a daemon whose renders run
    /// on many threads would otherwise see its RSS creep up render after
    /// render. (malloc_trim)
    public static func trim() { _ = rf_malloc_trim() }

    /// Makes every allocation of `bytes` or more a mapping of its own,
    /// unmapped when freed. glibc raises this threshold whenever such a
    /// block is freed (up to 32 MiB), after which page pixels (6 MiB at
    /// 150 dpi) come from the arenas, where the small blocks a render keeps
    /// (compressed pages, page models) pin them: a 200-page blank PDF took
    /// the daemon to 490 MiB, 70 MiB with the threshold fixed. Call once,
    /// before any thread starts. (mallopt M_MMAP_THRESHOLD)
    @discardableResult
    public static func fixMapThreshold(_ bytes: Int = 256 << 10) -> Bool { rf_malloc_fix_mmap_threshold(Int32(bytes)) == 1 }
}
