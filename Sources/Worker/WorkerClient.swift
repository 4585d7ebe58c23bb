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

    /// Capacity asked for the pipe pages come through: 1 MiB (the default
    /// /proc/sys/fs/pipe-max-size) instead of 64 KiB, so a gray A4 page at
    /// 150 dpi (2.2 MB) takes 3 wake-ups of each side instead of 34.
    static let pageBuffer = 1 << 20

    public init(executable: String = WorkerClient.selfExecutable()) {
        self.executable = executable
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

    /// Runs one worker over every page of `source`, one after another.
    public func run(source: FileDescriptor, request: WorkerRequest) throws(RedactError) -> Output {
        let session = try WorkerSession(client: self, source: source, request: request)
        var pages: [WorkerPage] = []
        let wanted = request.pages.map { $0.clamped(to: 0..<session.pageCount) } ?? 0..<session.pageCount
        for i in wanted { pages.append(try session.page(i)) }
        try session.finish()
        return Output(pageCount: session.pageCount, pages: pages)
    }

    /// Starts a worker in control mode: `source` on its fd 0, its output on
    /// a pipe, and a second pipe on its fd 3 on which page indices are sent.
    func spawn(source: Int32, output: Int32, control: Int32, request: WorkerRequest) throws(RedactError) -> pid_t {
        var req = request
        req.control = true
        req.pages = nil
        // A fixed, minimal environment: nothing of the daemon's (which may
        // name key files) reaches the worker. OMP_THREAD_LIMIT must be set
        // before a process starts for tesseract's OpenMP to honour it.
        // poppler and tesseract print complaints (with bytes of the document)
        // to stderr: it is /dev/null.
        do {
            return try Spawn.start(executable, arguments: [executable, "__worker"] + req.arguments,
                                   environment: ["OMP_THREAD_LIMIT=1", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"],
                                   files: [(0, .copy(source)), (1, .copy(output)), (3, .copy(control)), (2, .devNull)])
        } catch {
            throw .workerFailed("could not start worker (errno \(error.rawValue))")
        }
    }
}

/// Who else has a say in how long a worker may run: the document it works
/// for (its budgets, a cancelled render) and the pool that may pause it.
public protocol WorkerWatch: AnyObject, Sendable {
    /// The worker process started; it may be paused from now on.
    func started(pid: pid_t)
    /// A page (or the parse before the first page) starts.
    func pageStarting()
    /// The worker is about to end or be killed and reaped: its process id
    /// must not be signalled any more (it may be reused).
    func ending()
    /// Seconds the worker has spent paused so far (SIGSTOP, so that another
    /// document's open could go first); they do not count as page time.
    var pausedSeconds: Double { get }
    /// Called about every `WorkerSession.tickSeconds` while the parent
    /// waits for the worker, with the worker's CPU time so far. An error
    /// stops the worker.
    func check(workerCPU: Double) -> RedactError?
}

/// One running worker process over one document. The parent asks for pages
/// one at a time, so several sessions over the same document can share its
/// pages as they go (`Redactor` fans a document out this way).
///
/// Each page (and the parse before the first) has a CPU-time and a
/// wall-time budget (`Limits.pageCPUSeconds`, `pageSeconds`), checked
/// while the parent waits: a CPU bomb costs its own file, after a bounded
/// time, and nothing else.
///
/// Not thread-safe: one thread drives a session.
public final class WorkerSession {
    public private(set) var pageCount = 0
    /// From the spawn to the worker's first byte, less its parse; and the
    /// parse (opening the document) as the worker measured it.
    public private(set) var startTimes = StageTimes()
    private let request: WorkerRequest
    private var reader: PipeReader
    private var control: FileDescriptor?
    public private(set) var pid: pid_t
    private var finished = false
    private let watch: WorkerWatch?
    /// The worker's CPU clock (clock_getcpuclockid), nil if unreadable.
    private let cpuClock: clockid_t?
    /// Where the page being waited for started: CPU, wall and paused time.
    private var pageCPUStart = 0.0, pageWallStart = 0.0, pagePausedStart = 0.0
    private var lastTick = 0.0
    /// How often budgets are checked while waiting.
    public static let tickSeconds = 0.1

    /// Spawns the worker and reads its header (the page count).
    public init(client: WorkerClient, source: FileDescriptor, request: WorkerRequest,
                watch: WorkerWatch? = nil) throws(RedactError) {
        let spawned = StageTimes.now()
        let pid: pid_t
        let output: FileDescriptor, controlEnd: FileDescriptor
        let size = (try? source.status().size) ?? .max
        var taken = SpareWorkers.shared.take(executable: client.executable, request: request, size: size)
        if let spare = taken, (try? SpareWorkers.hand(source, to: spare)) == nil {
            // It died waiting (killed, out of memory), or the copy failed:
            // start one on the file itself.
            SpareWorkers.discard(spare)
            taken = nil
        }
        if let spare = taken {
            // A spare, started ahead, with the document copied in.
            (pid, output, controlEnd) = (spare.pid, spare.output, spare.control)
        } else {
            let out: (read: FileDescriptor, write: FileDescriptor)
            let ctl: (read: FileDescriptor, write: FileDescriptor)
            do { out = try makePipe(capacity: WorkerClient.pageBuffer); ctl = try makePipe() } catch { throw .io(.worker, error.rawValue) }
            pid = try client.spawn(source: source.rawValue, output: out.write.rawValue,
                                   control: ctl.read.rawValue, request: request)
            // The child's ends close when `out.write` and `ctl.read` go out of
            // scope here, so EOF on our read end means the worker is gone.
            (output, controlEnd) = (out.read, ctl.write)
        }
        self.pid = pid
        self.request = request
        self.watch = watch
        var clock = clockid_t()
        cpuClock = clock_getcpuclockid(pid, &clock) == 0 ? clock : nil
        self.control = controlEnd
        self.reader = PipeReader(fd: output.rawValue, owner: output)
        watch?.started(pid: pid)
        reader.tick = { [unowned self] () throws(RedactError) in try self.tick() }
        startPage()
        do throws(RedactError) {
            let (count, opening) = try Self.header(&reader, limits: request.limits)
            pageCount = count
            startTimes.parse = opening
            startTimes.spawn = max(0, StageTimes.now() - spawned - opening)
        } catch {
            abort()
            throw error
        }
    }

    deinit { if !finished { abort() } }

    /// CPU seconds the worker has used so far (0 if its clock is unreadable;
    /// RLIMIT_CPU in the worker still backs the budget up then).
    public func cpuSeconds() -> Double {
        guard let cpuClock else { return 0 }
        var ts = timespec()
        guard clock_gettime(cpuClock, &ts) == 0 else { return 0 }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func startPage() {
        pageCPUStart = cpuSeconds()
        pageWallStart = monotonicNow()
        pagePausedStart = watch?.pausedSeconds ?? 0
        lastTick = pageWallStart
        watch?.pageStarting()
    }

    /// The budgets, checked while waiting for the worker.
    private func tick() throws(RedactError) {
        let now = monotonicNow()
        guard now - lastTick >= Self.tickSeconds else { return }
        lastTick = now
        let limits = request.limits
        let cpu = cpuSeconds()
        if cpu - pageCPUStart > limits.pageCPUSeconds { throw .limitExceeded(.pageCPU(seconds: limits.pageCPUSeconds)) }
        let paused = (watch?.pausedSeconds ?? 0) - pagePausedStart
        if now - pageWallStart - paused > limits.pageSeconds { throw .limitExceeded(.pageTime(seconds: limits.pageSeconds)) }
        if let e = watch?.check(workerCPU: cpu) { throw e }
    }

    private static func header(_ r: inout PipeReader, limits: Limits) throws(RedactError) -> (Int, Double) {
        // A worker that fails before it can write the header sends only an error record.
        let first = try r.u8()
        if first == WireTag.error {
            let k = try r.u8(), st = try r.u8(), p = try r.i64()
            throw WireError.decode(kind: k, stage: st, param: p)
        }
        guard [first] + (try r.bytes(3)) == WireTag.magic else { throw .workerFailed("worker broke the protocol") }
        let pageCount = Int(try r.u32())
        guard pageCount > 0 else { throw .damaged(.parse) }
        guard pageCount <= limits.maxPages else { throw .limitExceeded(.pages(max: limits.maxPages)) }
        return (pageCount, Self.seconds(try r.f64()))
    }

    /// A duration the worker reported: only used for the stage breakdown,
    /// but still not trusted (a negative, huge or NaN value counts as 0).
    static func seconds(_ v: Double) -> Double {
        v.isFinite && v >= 0 && v < 1e6 ? v : 0
    }

    /// Asks for page `index` and reads it. Any failure kills the worker.
    public func page(_ index: Int) throws(RedactError) -> WorkerPage {
        try request(index)
        return try receive(index)
    }

    /// Pages asked for and not yet read, in order.
    private var asked: [Int] = []

    /// Asks for page `index` without waiting for it: the worker starts on
    /// it while the caller handles the page before. Read it with `receive`.
    public func request(_ index: Int) throws(RedactError) {
        precondition(!finished, "session already finished")
        guard index >= 0, index < pageCount, let control else { throw .workerFailed("page index out of range") }
        var w = WireWriter()
        w.u32(UInt32(index))
        if asked.isEmpty { startPage() }
        asked.append(index)
        do { try control.writeAll(w.bytes) } catch {
            // EPIPE: the worker has ended, most often after writing why
            // (an image it could not decode): `receive` reads that instead
            // of reporting a broken pipe, which would depend on timing.
            guard error.rawValue == EPIPE else {
                abort()
                throw .io(.worker, error.rawValue)
            }
        }
    }

    /// Reads page `index`, the oldest page asked for. Any failure kills the worker.
    public func receive(_ index: Int) throws(RedactError) -> WorkerPage {
        precondition(!finished, "session already finished")
        do throws(RedactError) {
            guard asked.first == index else { throw .workerFailed("page \(index) was not asked for next") }
            asked.removeFirst()
            let tag = try reader.u8()
            if tag == WireTag.error {
                let k = try reader.u8(), s = try reader.u8(), p = try reader.i64()
                throw WireError.decode(kind: k, stage: s, param: p)
            }
            guard tag == WireTag.page else { throw .workerFailed("worker broke the protocol") }
            let page = try decodePage(expecting: index)
            // The next page asked for is under way from here.
            if !asked.isEmpty { startPage() }
            return page
        } catch {
            abort()
            throw error
        }
    }

    /// Tells the worker there are no more pages and checks it ended well.
    public func finish() throws(RedactError) {
        guard !finished else { return }
        // Nothing is paused from here on: a worker stopped after its last
        // page would keep the reap below waiting.
        watch?.ending()
        control = nil  // closes the pipe: end of file for the worker
        do throws(RedactError) {
            startPage()
            let tag = try reader.u8()
            if tag == WireTag.error {
                let k = try reader.u8(), s = try reader.u8(), p = try reader.i64()
                throw WireError.decode(kind: k, stage: s, param: p)
            }
            guard tag == WireTag.done else { throw .workerFailed("worker broke the protocol") }
        } catch {
            abort()
            throw error
        }
        finished = true
        let status = reap(pid)
        guard status == 0 else { throw .workerFailed("worker exited with status \(status)") }
    }

    /// Kills the worker and reaps it.
    public func abort() {
        guard !finished else { return }
        finished = true
        watch?.ending()
        control = nil
        // SIGKILL ends a worker the pool paused as well.
        kill(pid, SIGKILL)
        _ = reap(pid)
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

    private func decodePage(expecting index: Int) throws(RedactError) -> WorkerPage {
        let limits = request.limits
        guard Int(try reader.u32()) == index else { throw .workerFailed("pages out of order") }
        let w = try reader.f64(), h = try reader.f64()
        guard w.isFinite, h.isFinite, w > 0, h > 0,
              w <= limits.maxPagePoints, h <= limits.maxPagePoints else {
            throw .limitExceeded(.pageSize(maxPoints: limits.maxPagePoints))
        }
        let layer = try decodeText()
        let ocr = try decodeText()
        var pixmap: Pixmap?
        if try reader.u8() == 1 {
            let pw = Int(try reader.u32()), ph = Int(try reader.u32())
            guard pw > 0, ph > 0, pw * ph <= limits.maxPixelsPerPage else {
                throw .limitExceeded(.pixelsPerPage(max: limits.maxPixelsPerPage))
            }
            let channels = Int(try reader.u8())
            guard channels == 1 || channels == 3 else { throw .workerFailed("worker sent pixels of \(channels) channels") }
            pixmap = Pixmap(width: pw, height: ph, channels: channels, samples: try reader.bytes(pw * ph * channels))
        } else if !request.textOnly {
            throw .workerFailed("worker sent a page without pixels")
        }
        var stages: [Double] = []
        for _ in 0..<5 { stages.append(Self.seconds(try reader.f64())) }
        return WorkerPage(index: index, size: PageSize(width: w, height: h), layer: layer, ocr: ocr, pixels: pixmap,
                          times: StageTimes(workerStages: stages))
    }

    private func decodeText() throws(RedactError) -> PageText {
        let n = Int(try reader.u32())
        // The worker checks first (`PageReader`); this guards the allocation.
        guard n <= Limits().maxTextPerPage else { throw .limitExceeded(.textPerPage(max: Limits().maxTextPerPage)) }
        var scalars: [Unicode.Scalar] = []
        var boxes: [Rect] = []
        scalars.reserveCapacity(n); boxes.reserveCapacity(n)
        for _ in 0..<n {
            let v = try reader.u32()
            let box = Rect(x: try reader.f64(), y: try reader.f64(), width: try reader.f64(), height: try reader.f64())
            scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            boxes.append(box)
        }
        return PageText(scalars: scalars, boxes: boxes)
    }
}

/// Reads a pipe (poll(2) before every read), calling `tick` at least every
/// `WorkerSession.tickSeconds` while it waits: the tick enforces the
/// budgets and may throw to stop waiting.
struct PipeReader {
    let fd: Int32
    /// Keeps the descriptor open as long as the reader lives.
    let owner: FileDescriptor?
    var tick: (() throws(RedactError) -> Void)?
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32, owner: FileDescriptor? = nil) {
        self.fd = fd
        self.owner = owner
    }

    private mutating func fill(_ need: Int) throws(RedactError) {
        if buffer.count - start >= need { return }
        if start > 0 { buffer.removeSubrange(0..<start); start = 0 }
        while buffer.count < need {
            let have = buffer.count, want = max(need - have, 1 << 16)
            buffer.append(contentsOf: repeatElement(0, count: want))
            let n = try Self.readSome(fd: fd, tick: tick) { fd in buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + have, want) } }
            buffer.removeLast(want - n)
        }
    }

    /// Waits until the worker has written something (checking the budgets
    /// while it waits), then calls `read`: the number of bytes it read.
    /// End of file is a worker that ended early.
    private static func readSome(fd: Int32, tick: (() throws(RedactError) -> Void)?,
                                 _ read: (Int32) -> Int) throws(RedactError) -> Int {
        while true {
            try tick?()
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let pr = poll(&p, 1, Int32(WorkerSession.tickSeconds * 1000))
            if pr < 0 { if errno == EINTR { continue }; throw .io(.worker, errno) }
            if pr == 0 { continue }
            let n = read(fd)
            if n < 0 { if errno == EINTR { continue }; throw .io(.worker, errno) }
            if n == 0 { throw .workerFailed("worker ended early") }
            return n
        }
    }

    mutating func bytes(_ n: Int) throws(RedactError) -> [UInt8] {
        guard n >= 1 << 20 else {
            try fill(n)
            let out = Array(buffer[start..<(start + n)])
            start += n
            return out
        }
        // Page pixels (up to 180 MB) go straight from the pipe into the
        // result: through the buffer they were held two or three times over.
        // Not zeroed first: every byte is read into (a zero fill was one
        // more pass over 6.5 MB a page).
        let buffered = min(buffer.count - start, n)
        var failure: RedactError?
        let (fd, tick) = (self.fd, self.tick)
        let out = buffer.withUnsafeBufferPointer { b in
            [UInt8](unsafeUninitializedCapacity: n) { o, count in
                if buffered > 0 {
                    _ = UnsafeMutableBufferPointer(rebasing: o[0..<buffered]).initialize(from: b[start..<(start + buffered)])
                }
                var got = buffered
                while got < n {
                    let at = got
                    do throws(RedactError) {
                        got += try Self.readSome(fd: fd, tick: tick) { fd in read(fd, o.baseAddress! + at, n - at) }
                    } catch {
                        failure = error
                        count = 0
                        return
                    }
                }
                count = n
            }
        }
        start += buffered
        if let failure { throw failure }
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
