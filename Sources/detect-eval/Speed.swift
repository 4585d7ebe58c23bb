import Detect
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

struct Speed {
    /// MB/s of the fastest round: the least disturbed by other processes on
    /// a shared machine, so the closest to what one core can do.
    var best: Double
    /// MB/s over all rounds together.
    var overall: Double
    var rounds: Int
    /// MB/s of wall-clock time over all rounds (lower when other processes
    /// share the core).
    var wall: Double
}

/// MB (10^6 bytes of UTF-8) of corpus text per second on the calling thread,
/// each document detected as one page, the corpus repeated until `megabytes`
/// have gone through, split into `rounds` timed rounds. One untimed pass
/// first (warm caches, libphonenumber's metadata).
func measureSpeed(_ docs: [Document], detector: Detector, megabytes: Double, rounds: Int = 5) -> Speed {
    let perPass = docs.reduce(0) { sum, doc in sum + doc.text.reduce(0) { $0 + UTF8.width($1) } }
    var sink = 0
    for d in docs { sink &+= detector.detect(d.text, ocr: d.ocr).count }
    let passes = max(rounds, Int((megabytes * 1_000_000 / Double(perPass)).rounded(.up)))
    let perRound = (passes + rounds - 1) / rounds
    var best = 0.0, totalSeconds = 0.0, totalPasses = 0, wallSeconds = 0.0
    for _ in 0..<rounds {
        // CPU time of this thread: "MB/s on one core" whatever else the
        // machine runs; the wall clock is reported beside it.
        let start = threadCPUSeconds(), wall = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<perRound {
            for d in docs { sink &+= detector.detect(d.text, ocr: d.ocr).count }
        }
        let seconds = threadCPUSeconds() - start
        wallSeconds += Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9
        best = max(best, Double(perPass * perRound) / 1e6 / seconds)
        totalSeconds += seconds
        totalPasses += perRound
    }
    // Keeps the detections observable so the loops cannot be optimised away.
    if sink == Int.min { print("") }
    return Speed(best: best, overall: Double(perPass * totalPasses) / 1e6 / totalSeconds, rounds: rounds,
                 wall: Double(perPass * totalPasses) / 1e6 / wallSeconds)
}

func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
