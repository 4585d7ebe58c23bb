import Posix
import Secrets
import Synchronization

/// A finished output: in memory, or sealed in a temporary file when it
/// was too large to hold (see `OutputSpill`).
public enum OutputBytes: Sendable {
    case memory([UInt8])
    case sealed(SealedFile)

    public var count: Int {
        switch self {
        case .memory(let b): return b.count
        case .sealed(let f): return f.size
        }
    }

    /// The whole output in memory, for callers that write it out at once.
    public func all() throws(Errno) -> [UInt8] {
        switch self {
        case .memory(let b): return b
        case .sealed(let f): return try f.read(0..<f.size)
        }
    }
}

/// Where a render puts what would otherwise grow the daemon with the page
/// count: the compressed pages of every render in flight share `inFlight`
/// (a fixed number of bytes); a page that finds it full waits for the end
/// of its render in a sealed temporary file, and an output of more than
/// `sealAbove` bytes, or one with a page on disk, is written into a sealed
/// file instead of memory. Without one, everything stays in memory (the
/// command line, and a mount with no folder for such files).
public struct OutputSpill: Sendable {
    public let directory: String
    public let cipher: SpillCipher
    public let inFlight: InFlightMemory
    public let sealAbove: Int

    /// Compressed pages in flight over all renders: a quarter of the memory
    /// budget, at most 64 MiB; outputs past half that are sealed.
    public static func inFlightBytes(budget: Int) -> Int { min(64 << 20, max(budget / 4, 64 << 10)) }
    public static let inFlightBytes = inFlightBytes(budget: 256 << 20)
    public static let sealAboveBytes = inFlightBytes / 2

    public init(directory: String, cipher: SpillCipher, inFlight: InFlightMemory = InFlightMemory(limit: inFlightBytes),
                sealAbove: Int = sealAboveBytes) {
        self.directory = directory
        self.cipher = cipher
        self.inFlight = inFlight
        self.sealAbove = sealAbove
    }
}

/// Bytes held in memory by renders in flight, against a fixed limit.
public final class InFlightMemory: Sendable {
    public let limit: Int
    private let used = Atomic<Int>(0)

    public init(limit: Int) { self.limit = limit }

    public var bytes: Int { used.load(ordering: .relaxed) }

    /// Takes `n` bytes if they fit under the limit.
    public func reserve(_ n: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while current + n <= limit {
            let (done, now) = used.compareExchange(expected: current, desired: current + n, ordering: .relaxed)
            if done { return true }
            current = now
        }
        return false
    }

    public func release(_ n: Int) { used.subtract(n, ordering: .relaxed) }
}
