import Detect
import Dispatch

/// MB (10^6 bytes of UTF-8) of corpus text per second, on the calling
/// thread, each document detected as one page, the corpus repeated until
/// `megabytes` have gone through. One untimed pass first (warm caches,
/// libphonenumber's metadata).
func measureSpeed(_ docs: [Document], detector: Detector, megabytes: Double) -> Double {
    let bytes = docs.map { doc in doc.text.reduce(0) { $0 + UTF8.width($1) } }
    let perPass = bytes.reduce(0, +)
    var sink = 0
    for d in docs { sink &+= detector.detect(d.text).count }
    let passes = max(1, Int((megabytes * 1_000_000 / Double(perPass)).rounded(.up)))
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<passes {
        for d in docs { sink &+= detector.detect(d.text).count }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // Keeps the detections observable so the loop cannot be optimised away.
    if sink == Int.min { print("") }
    return Double(perPass * passes) / 1e6 / seconds
}
