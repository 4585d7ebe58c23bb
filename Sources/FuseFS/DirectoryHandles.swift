import Posix
import Synchronization

/// The listings of open directories, by handle. A listing is taken when
/// readdir starts at offset 0 and served from here for the later offsets,
/// until releasedir.
final class DirectoryHandles: Sendable {
    typealias Entries = [(name: String, status: FileStatus)]
    private struct State {
        var next: UInt64 = 1
        /// nil until the first listing.
        var open: [UInt64: Entries?] = [:]
    }
    /// Guards the table only; never held across I/O.
    private let state = Mutex(State())

    func open() -> UInt64 {
        state.withLock { s in
            let h = s.next
            s.next += 1
            s.open[h] = .some(nil)
            return h
        }
    }

    /// nil for an unknown handle; .some(nil) before the first listing.
    func entries(_ handle: UInt64) -> Entries?? {
        state.withLock { $0.open[handle] }
    }

    func replace(_ handle: UInt64, _ entries: Entries) {
        state.withLock { s in if s.open[handle] != nil { s.open[handle] = .some(entries) } }
    }

    func release(_ handle: UInt64) {
        state.withLock { _ = $0.open.removeValue(forKey: handle) }
    }

    var count: Int { state.withLock { $0.open.count } }
}
