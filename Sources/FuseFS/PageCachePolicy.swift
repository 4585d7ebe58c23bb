import Synchronization

/// Decides, per open, whether the kernel may keep the pages it cached for
/// a file and whether the handle must bypass the page cache.
///
/// The kernel keeps one page cache per FUSE inode, and the high-level
/// libfuse API gives one inode per path. Two versions of one output open at
/// once (the source was replaced while a reader still had the old one open)
/// would share those pages, and a reader could get a mixture. So:
/// - an open whose version differs from one still open gets direct I/O
///   (its reads bypass the page cache and do not fill it; shared mmap of that
///   one handle is then refused) and drops the cached pages, so the old
///   handle reads its own bytes from us again;
/// - otherwise the pages are kept only if they can hold nothing but this
///   version (the last version served through the page cache, with no other
///   version open since).
/// - the size reported for a path (without a handle) is at least that of
///   every output open through it: the kernel keeps one size per inode and
///   would otherwise end a read of an older, longer version early. Readers of
///   a shorter version see a short read at their end, which the kernel takes
///   as end of file.
final class PageCachePolicy: Sendable {
    private struct PathState {
        /// The version the page cache may hold; nil: unknown, drop it.
        var cached: OutputIdentity?
        var open: [OutputIdentity: Int] = [:]
        var largest = 0
    }
    private struct State {
        var paths: [String: PathState] = [:]
        var handles: [UInt64: (path: String, id: OutputIdentity)] = [:]
    }
    /// Guards the per-path state. Never held across I/O or a reply.
    private let state = Mutex(State())

    struct Decision: Equatable {
        var keepCache: Bool
        var directIO: Bool
    }

    /// Records an open of version `id` of `path` through `handle`.
    func opened(_ path: String, _ id: OutputIdentity, size: Int, handle: UInt64) -> Decision {
        state.withLock { s in
            var p = s.paths[path] ?? PathState()
            let conflict = p.open.contains { $0.key != id && $0.value > 0 }
            let d: Decision
            if conflict {
                d = Decision(keepCache: false, directIO: true)
                p.cached = nil
            } else {
                d = Decision(keepCache: p.cached == id, directIO: false)
                p.cached = id
            }
            p.open[id, default: 0] += 1
            p.largest = max(p.largest, size)
            s.paths[path] = p
            s.handles[handle] = (path, id)
            return d
        }
    }

    func released(_ handle: UInt64) {
        state.withLock { s in
            guard let (path, id) = s.handles.removeValue(forKey: handle), var p = s.paths[path] else { return }
            let n = (p.open[id] ?? 1) - 1
            p.open[id] = n > 0 ? n : nil
            if p.open.isEmpty { p.largest = 0 }
            s.paths[path] = p
        }
    }

    /// The largest output open through `path` (0 when none is open). Kept
    /// until every handle of the path is closed.
    func largestOpen(_ path: String) -> Int {
        state.withLock { $0.paths[path]?.largest ?? 0 }
    }
}
