#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread of its own (pthread_create, detached).
///
/// For work that blocks for long (a render loop, a worker driven page by
/// page): libdispatch's pool on Linux starts about one thread per core and
/// then waits for one to come free, so blocking work queued there waits
/// behind other blocking work — two renders stuck on CPU bombs held every
/// render thread while a third open's block never ran.
public enum DetachedThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// False if no thread could be made (the caller then runs `body` itself
    /// or gives the work up).
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attr, { arg in
            let box = Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if rc != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        return true
    }
}
