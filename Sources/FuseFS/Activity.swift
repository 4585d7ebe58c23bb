#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What the mount is doing and what went wrong, for readers and for
/// `redactfs status`: renders in flight with their page counts, the
/// latest failures with their reasons, and each failed file's reason until
/// it is served again.
///
/// Everything here is a shown path, a page count, a time or a reason made
/// by `RedactError.message`, the same words the log uses: never document
/// text or terms.
final class Activity: Sendable {
    struct Render: Sendable {
        var shown: String
        var page = 0
        var pages = 0
        var started: Double
        var prefetch: Bool
    }

    struct Failure: Sendable, Equatable {
        var shown: String
        var reason: String
        /// Wall-clock seconds since the epoch.
        var at: Int
    }

    private struct State {
        var next = 0
        var renders: [Int: Render] = [:]
        /// The newest last.
        var recent: [Failure] = []
        /// The reason each shown path last failed, until it is served.
        var reasons: [String: Failure] = [:]
        /// Insertion order of `reasons`, to drop the oldest past the cap.
        var order: [String] = []
    }

    private let state = Mutex(State())
    static let recentCount = 20
    /// Reasons kept per file: a folder of broken files must not grow the
    /// daemon without bound.
    static let reasonCap = 4096

    /// Starts tracking a render; pass the token to `progress` and `end`.
    func begin(_ shown: String, prefetch: Bool, now: Double) -> Int {
        state.withLock { s in
            s.next += 1
            s.renders[s.next] = Render(shown: shown, started: now, prefetch: prefetch)
            return s.next
        }
    }

    func progress(_ token: Int, page: Int, of pages: Int) {
        state.withLock { s in
            s.renders[token]?.page = page
            s.renders[token]?.pages = pages
        }
    }

    func end(_ token: Int) {
        _ = state.withLock { $0.renders.removeValue(forKey: token) }
    }

    /// Records why `shown` could not be served.
    func failed(_ shown: String, reason: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let f = Failure(shown: shown, reason: reason, at: now.tv_sec)
        state.withLock { s in
            s.recent.append(f)
            if s.recent.count > Self.recentCount { s.recent.removeFirst(s.recent.count - Self.recentCount) }
            if s.reasons.updateValue(f, forKey: shown) == nil {
                s.order.append(shown)
                if s.order.count > Self.reasonCap {
                    // Drop the oldest still listed (a cleared path may linger in `order`).
                    let drop = s.order.count - Self.reasonCap
                    for old in s.order.prefix(drop) { s.reasons.removeValue(forKey: old) }
                    s.order.removeFirst(drop)
                }
            }
        }
    }

    /// `shown` was served: its old failure no longer applies.
    func served(_ shown: String) {
        state.withLock { s in
            guard s.reasons.removeValue(forKey: shown) != nil else { return }
            if let i = s.order.firstIndex(of: shown) { s.order.remove(at: i) }
        }
    }

    func reason(_ shown: String) -> Failure? {
        state.withLock { $0.reasons[shown] }
    }

    /// Renders in flight (oldest first), the latest failures (newest
    /// last) and every file failing now (by path).
    func snapshot() -> (renders: [Render], recent: [Failure], failing: [Failure]) {
        state.withLock { s in
            (s.renders.sorted { $0.key < $1.key }.map(\.value), s.recent,
             s.reasons.values.sorted { $0.shown.utf8.lexicographicallyPrecedes($1.shown.utf8) })
        }
    }
}
