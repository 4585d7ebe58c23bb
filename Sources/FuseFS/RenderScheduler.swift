#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Posix
import Synchronization

/// Runs renders off the FUSE threads, a bounded number at a time.
///
/// - Renders someone waits for (an open) run on `slots` render threads, in
///   the order asked; more opens than slots queue here, holding only a file
///   descriptor, so memory does not grow with the number of open files.
///   There are more render threads than worker slots (`CacheOptions`): a
///   render waiting for a worker holds little, and one whose long pages
///   hold every worker must not keep the next open from reaching the
///   `WorkerPool`, which pauses a long page for it.
/// - Prefetch renders run on one thread of their own, one at a time, and
///   only while no open is queued or rendering. An open never waits behind
///   a prefetch: it does not share its threads, and a prefetch that has not
///   started yet yields; a prefetch already running passes the background
///   priority to the Redactor, whose worker slots go to opens first.
final class RenderScheduler: Sendable {
    typealias Task = @Sendable () -> Void

    private struct State {
        var interactive = FIFO()
        var prefetch = FIFO()
        /// Interactive tasks queued or running.
        var demand = 0
    }
    /// Guards the queues. Never held while a task runs.
    private let state = Mutex(State())
    private let interactiveReady = DispatchSemaphore(value: 0)
    private let prefetchReady = DispatchSemaphore(value: 0)
    let slots: Int

    /// Whether the threads run. They start at the first task, not in init:
    /// the daemon forks (fuse_daemonize) after the file system is made, and
    /// threads do not survive a fork.
    private let started = Atomic<Bool>(false)

    init(slots: Int) {
        self.slots = max(1, slots)
    }

    private func startOnce() {
        guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        // Threads of their own, not libdispatch's: its pool runs about one
        // block per core and the loops below never return.
        for _ in 0..<slots {
            precondition(DetachedThread.start { [self] in interactiveLoop() }, "cannot start a render thread")
        }
        precondition(DetachedThread.start { [self] in prefetchLoop() }, "cannot start the prefetch thread")
    }

    /// Queues a render that someone is waiting for.
    func submit(_ task: @escaping Task) {
        startOnce()
        state.withLock { s in
            s.interactive.push(task)
            s.demand += 1
        }
        interactiveReady.signal()
    }

    /// Queues a background render.
    func submitPrefetch(_ task: @escaping Task) {
        startOnce()
        state.withLock { $0.prefetch.push(task) }
        prefetchReady.signal()
    }

    /// Prefetch tasks not yet started.
    var queuedPrefetches: Int {
        state.withLock { $0.prefetch.count }
    }

    /// Renders someone waits for that have not started: opens beyond the
    /// render threads.
    var queuedOpens: Int {
        state.withLock { $0.interactive.count }
    }

    private func interactiveLoop() -> Never {
        while true {
            interactiveReady.wait()
            let task = state.withLock { $0.interactive.pop() }
            task()
            state.withLock { $0.demand -= 1 }
        }
    }

    private func prefetchLoop() -> Never {
        while true {
            prefetchReady.wait()
            // Yield to every open that is queued or rendering.
            while state.withLock({ $0.demand }) > 0 { usleep(50_000) }
            let task = state.withLock { $0.prefetch.pop() }
            task()
        }
    }
}

/// A queue of tasks popped from the front in O(1): a head index into an
/// array, compacted once the consumed half is large. The caller's semaphore
/// guarantees `pop` only runs when a task is there.
private struct FIFO {
    private var items: [RenderScheduler.Task] = []
    private var head = 0

    var count: Int { items.count - head }

    mutating func push(_ t: @escaping RenderScheduler.Task) { items.append(t) }

    mutating func pop() -> RenderScheduler.Task {
        let t = items[head]
        head += 1
        if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return t
    }
}
