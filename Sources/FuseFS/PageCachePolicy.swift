import Synchronization

/// Decides, per open, whether the kernel may keep the pages it cached for
/// a file, whether the handle must bypass the page cache, and whether the
/// kernel's cached attributes must be dropped; and says which size a path
/// reports.
///
/// The kernel keeps one page cache and one size per FUSE inode, and the
/// high-level libfuse API gives one inode per path. It caches attributes for
/// `attr_timeout` (so `ls -l` costs no round trip per file), and a read
/// through the page cache stops at the size it holds. So:
/// - an open whose version differs from one still open gets direct I/O (its
///   reads bypass the page cache, do not fill it and do not stop at the
///   cached size; shared mmap of that one handle is then refused) and drops
///   the cached pages, so the old handle reads its own bytes from us again;
/// - otherwise the pages are kept only if they can hold nothing but this
///   version (the last version served through the page cache, with no other
///   version open since);
/// - while handles that read through the page cache are open, a path
///   reports their version's size (they are all of one version), so no
///   reply about another version can stretch or cut their reads;
/// - an open through the page cache whose size differs from the last size
///   the kernel was told for the path invalidates the kernel's attributes
///   (and pages), so its first read asks for the exact size. Without that a
///   reader would stop at the estimate given before the render.
final class PageCachePolicy: Sendable {
    private struct PathState {
        /// The version the page cache may hold; nil: unknown, drop it.
        var cached: OutputIdentity?
        var open: [OutputIdentity: Int] = [:]
        /// Handles reading through the page cache (all of version `cached`)
        /// and that version's size.
        var pageCacheHandles = 0
        var pageCacheSize = 0
        /// The size in the last attributes sent for the path; nil: unknown.
        var told: Int?
    }
    private struct Handle {
        var path: String
        var id: OutputIdentity
        var direct: Bool
    }
    private struct State {
        var paths: [String: PathState] = [:]
        var handles: [UInt64: Handle] = [:]
    }
    /// Guards the per-path state. Never held across I/O or a reply.
    private let state = Mutex(State())
    static let maxPaths = 100_000

    struct Decision: Equatable {
        var keepCache: Bool
        var directIO: Bool
        /// Drop the kernel's attributes (and pages) for the path before replying.
        var invalidate = false
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
                d = Decision(keepCache: p.cached == id, directIO: false, invalidate: p.told != size)
                p.cached = id
                p.pageCacheHandles += 1
                p.pageCacheSize = size
                // Unknown until the kernel asks again (an older reply may be
                // on its way; the kernel drops it, and so do we).
                if d.invalidate { p.told = nil }
            }
            p.open[id, default: 0] += 1
            s.paths[path] = p
            s.handles[handle] = Handle(path: path, id: id, direct: conflict)
            return d
        }
    }

    /// Records a close. True when the kernel's attributes for the path must
    /// be dropped: the last handle reading through the page cache closed
    /// while another version was open, so the kernel holds the size of a
    /// version that is no longer the one the path shows.
    func released(_ handle: UInt64) -> Bool {
        state.withLock { s in
            guard let h = s.handles.removeValue(forKey: handle), var p = s.paths[h.path] else { return false }
            let n = (p.open[h.id] ?? 1) - 1
            p.open[h.id] = n > 0 ? n : nil
            var invalidate = false
            if !h.direct {
                p.pageCacheHandles -= 1
                if p.pageCacheHandles == 0 && p.cached == nil {
                    invalidate = true
                    p.told = nil
                }
            }
            if p.open.isEmpty && p.cached == nil && p.told == nil {
                s.paths[h.path] = nil
            } else {
                s.paths[h.path] = p
            }
            return invalidate
        }
    }

    /// The size getattr reports for `path`, noted as told to the kernel; one
    /// lock for the whole answer (`ls -l` asks this for every file).
    /// - With a handle, that handle's output size (`handleSize`), unless the
    ///   handle bypasses the page cache while handles of another version
    ///   read through it: the answer applies to their inode too.
    /// - Without one, the size of the version read through the page cache
    ///   while any handle does, else `otherwise` (the cached output's size or
    ///   the estimate).
    func report(_ path: String, handle: UInt64?, handleSize: Int?, otherwise: Int) -> Int {
        state.withLock { s in
            let p = s.paths[path]
            let shared = (p?.pageCacheHandles ?? 0) > 0 ? p?.pageCacheSize : nil
            let n: Int
            if let h = handle, let size = handleSize, shared == nil || s.handles[h]?.direct != true {
                n = size
            } else {
                n = shared ?? otherwise
            }
            Self.note(&s, path, n)
            return n
        }
    }

    /// Notes the size sent to the kernel in attributes for `path`.
    func told(_ path: String, size: Int) {
        state.withLock { Self.note(&$0, path, size) }
    }

    private static func note(_ s: inout State, _ path: String, _ size: Int) {
        if s.paths[path]?.told == size { return }
        // Bounded: forgetting what the kernel was told only costs an
        // invalidation at the next open.
        if s.paths.count >= maxPaths { s.paths = s.paths.filter { !$0.value.open.isEmpty } }
        s.paths[path, default: PathState()].told = size
    }

    /// A read through `handle` ended at `end`, short of what was asked: the
    /// kernel then cuts its size for the path to `end`.
    func shortRead(_ handle: UInt64, end: Int) {
        state.withLock { s in
            guard let h = s.handles[handle], !h.direct, s.paths[h.path]?.told != end else { return }
            s.paths[h.path]?.told = nil
        }
    }
}
