#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Posix
import RedactCore

/// Starts worker processes (this executable re-run with the internal
/// `__worker` subcommand) and reads what they send, trusting none of it.
public struct WorkerClient: Sendable {
    /// Absolute path of the executable to re-run.
    public let executable: String
    /// How long one document may take before its worker is killed.
    public let deadlineSeconds: Double

    public init(executable: String = WorkerClient.selfExecutable(), deadlineSeconds: Double = 300) {
        self.executable = executable
        self.deadlineSeconds = deadlineSeconds
    }

    /// The path of the running executable. (readlink /proc/self/exe)
    public static func selfExecutable() -> String {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        buf[n] = 0
        return String(cString: buf)
    }

    /// The result of one worker run.
    public struct Output: Sendable {
        public var pageCount: Int
        public var pages: [WorkerPage]
    }

    /// Runs one worker over `source` (an open, readable descriptor of a
    /// regular file) and returns every requested page, or throws.
    public func run(source: FileDescriptor, request: WorkerRequest) throws(RedactError) -> Output {
        let readEnd: FileDescriptor
        let pid: pid_t
        do {
            let ends: (read: FileDescriptor, write: FileDescriptor)
            do { ends = try makePipe() } catch { throw .io(.worker, error.rawValue) }
            readEnd = ends.read
            pid = try spawn(source: source.rawValue, output: ends.write.rawValue, request: request)
            // The write end closes here, so EOF on readEnd means the worker is gone.
        }
        var reader = PipeReader(fd: readEnd.rawValue, deadline: monotonicNow() + deadlineSeconds)
        let result: Result<Output, RedactError>
        do throws(RedactError) {
            result = .success(try decode(&reader, request: request))
        } catch {
            result = .failure(error)
        }
        if case .failure = result { kill(pid, SIGKILL) }
        let status = reap(pid)
        switch result {
        case .success(let out):
            guard status == 0 else { throw .workerFailed("worker exited with status \(status)") }
            return out
        case .failure(let e):
            throw e
        }
    }

    private func spawn(source: Int32, output: Int32, request: WorkerRequest) throws(RedactError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, source, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        // poppler prints parser complaints (with bytes of the document) to
        // stderr: they must never reach our log.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // Default signal dispositions in the child (the daemon ignores SIGPIPE).
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [executable, "__worker"] + request.arguments
        // A fixed, minimal environment: nothing of the daemon's (which may
        // name key files) reaches the worker. OMP_THREAD_LIMIT must be set
        // before a process starts for tesseract's OpenMP to honour it.
        let envp = ["OMP_THREAD_LIMIT=1", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"]
        var pid: pid_t = 0
        let rc = withCStrings(argv) { a in
            withCStrings(envp) { e in
                posix_spawn(&pid, executable, &actions, &attr, a, e)
            }
        }
        guard rc == 0 else { throw .workerFailed("could not start worker (errno \(rc))") }
        return pid
    }

    private func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        // WIFEXITED / WEXITSTATUS by hand (they are macros).
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    private func decode(_ r: inout PipeReader, request: WorkerRequest) throws(RedactError) -> Output {
        // A worker that fails before it can write the header sends only an error record.
        let first = try r.u8()
        if first == WireTag.error {
            let k = try r.u8(), st = try r.u8(), p = try r.i64()
            throw WireError.decode(kind: k, stage: st, param: p)
        }
        guard [first] + (try r.bytes(3)) == WireTag.magic else { throw .workerFailed("worker broke the protocol") }
        let limits = request.limits
        let pageCount = Int(try r.u32())
        guard pageCount > 0 else { throw .damaged(.parse) }
        guard pageCount <= limits.maxPages else { throw .limitExceeded(.pages(max: limits.maxPages)) }
        let wanted = request.pages.map { $0.clamped(to: 0..<pageCount) } ?? 0..<pageCount
        var pages: [WorkerPage] = []
        pages.reserveCapacity(wanted.count)
        while true {
            let tag = try r.u8()
            switch tag {
            case WireTag.done:
                guard pages.count == wanted.count else { throw .workerFailed("worker sent too few pages") }
                return Output(pageCount: pageCount, pages: pages)
            case WireTag.error:
                let k = try r.u8(), s = try r.u8(), p = try r.i64()
                throw WireError.decode(kind: k, stage: s, param: p)
            case WireTag.page:
                let index = Int(try r.u32())
                guard index == wanted.lowerBound + pages.count else { throw .workerFailed("pages out of order") }
                let w = try r.f64(), h = try r.f64()
                guard w.isFinite, h.isFinite, w > 0, h > 0,
                      w <= limits.maxPagePoints, h <= limits.maxPagePoints else {
                    throw .limitExceeded(.pageSize(maxPoints: limits.maxPagePoints))
                }
                let n = Int(try r.u32())
                guard n <= 4_000_000 else { throw .workerFailed("implausible text length") }
                var scalars: [Unicode.Scalar] = []
                var boxes: [Rect] = []
                scalars.reserveCapacity(n); boxes.reserveCapacity(n)
                for _ in 0..<n {
                    let v = try r.u32()
                    let box = Rect(x: try r.f64(), y: try r.f64(), width: try r.f64(), height: try r.f64())
                    scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                    boxes.append(box)
                }
                var pixmap: Pixmap?
                if try r.u8() == 1 {
                    let pw = Int(try r.u32()), ph = Int(try r.u32())
                    guard pw > 0, ph > 0, pw * ph <= limits.maxPixelsPerPage else {
                        throw .limitExceeded(.pixelsPerPage(max: limits.maxPixelsPerPage))
                    }
                    pixmap = Pixmap(width: pw, height: ph, rgb: try r.bytes(pw * ph * 3))
                } else if !request.textOnly {
                    throw .workerFailed("worker sent a page without pixels")
                }
                pages.append(WorkerPage(index: index, size: PageSize(width: w, height: h),
                                        text: PageText(scalars: scalars, boxes: boxes), pixels: pixmap))
            default:
                throw .workerFailed("worker broke the protocol")
            }
        }
    }
}

/// Reads a pipe with a deadline (poll(2) before every read).
struct PipeReader {
    let fd: Int32
    let deadline: Double
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32, deadline: Double) {
        self.fd = fd
        self.deadline = deadline
    }

    private mutating func fill(_ need: Int) throws(RedactError) {
        if buffer.count - start >= need { return }
        if start > 0 { buffer.removeSubrange(0..<start); start = 0 }
        var chunk = [UInt8](repeating: 0, count: max(1 << 20, need - buffer.count))
        while buffer.count < need {
            let left = deadline - monotonicNow()
            guard left > 0 else { throw .workerFailed("worker timed out") }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let pr = poll(&p, 1, Int32(min(left * 1000, 60_000)) + 1)
            if pr < 0 { if errno == EINTR { continue }; throw .io(.worker, errno) }
            if pr == 0 { continue }
            let want = min(chunk.count, max(need - buffer.count, 1 << 16))
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, want) }
            if n < 0 { if errno == EINTR { continue }; throw .io(.worker, errno) }
            if n == 0 { throw .workerFailed("worker ended early") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    mutating func bytes(_ n: Int) throws(RedactError) -> [UInt8] {
        try fill(n)
        let out = Array(buffer[start..<(start + n)])
        start += n
        return out
    }

    mutating func u8() throws(RedactError) -> UInt8 {
        try fill(1)
        defer { start += 1 }
        return buffer[start]
    }

    mutating func u32() throws(RedactError) -> UInt32 {
        try fill(4)
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(buffer[start + i]) << (8 * UInt32(i)) }
        start += 4
        return v
    }

    mutating func u64() throws(RedactError) -> UInt64 {
        try fill(8)
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(buffer[start + i]) << (8 * UInt64(i)) }
        start += 8
        return v
    }

    mutating func i64() throws(RedactError) -> Int64 { Int64(bitPattern: try u64()) }
    mutating func f64() throws(RedactError) -> Double { Double(bitPattern: try u64()) }
}

func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Calls `body` with a NULL-terminated C array of the strings.
func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    var ptrs: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    ptrs.append(nil)
    defer { for p in ptrs { free(p) } }
    return body(ptrs)
}
