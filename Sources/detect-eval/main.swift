// detect-eval: precision, recall and speed of the detector on the labelled
// corpus (corpus/detection). Prints counts and categories; the corpus text
// itself only with --verbose.
import Detect
import Foundation
import RedactCore

let usage = """
    Usage: detect-eval [--verbose] [--check] [--no-speed] [--megabytes N] CORPUS-DIR

    Prints per-category recall and precision of the detector on the labelled corpus,
    the share of non-personal words it redacts, and its speed on one thread.
      --verbose       Show the missed and wrongly flagged words, not only counts.
      --check         Exit 1 when a target is missed (default: always exit 0).
      --no-speed      Skip the speed measurement.
      --megabytes N   Text to run through for the speed figure (default 20).
    """

var verbose = false, check = false, speed = true, megabytes = 20.0
var folder: String?
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--verbose": verbose = true
    case "--check": check = true
    case "--no-speed": speed = false
    case "--megabytes":
        guard let v = args.popFirst().flatMap(Double.init), v > 0 else {
            FileHandle.standardError.write("Error: --megabytes needs a positive number\n\(usage)\n".data(using: .utf8)!)
            exit(64)
        }
        megabytes = v
    case "-h", "--help": print(usage); exit(0)
    default:
        if a.hasPrefix("-") || folder != nil {
            FileHandle.standardError.write("Error: unexpected argument '\(a)'\n\(usage)\n".data(using: .utf8)!)
            exit(64)
        }
        folder = a
    }
}
guard let folder else {
    FileHandle.standardError.write("Error: no corpus folder\n\(usage)\n".data(using: .utf8)!)
    exit(64)
}

let docs: [Document]
do {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".txt") }.sorted()
    docs = try names.map { name in
        let markup = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        return try parseDocument(name: name, markup: markup)
    }
} catch {
    FileHandle.standardError.write("Error: cannot read the corpus: \(error)\n".data(using: .utf8)!)
    exit(65)
}
guard !docs.isEmpty else {
    FileHandle.standardError.write("Error: no .txt documents in \(folder)\n".data(using: .utf8)!)
    exit(65)
}

let detector = Detector(config: DetectorConfig())
let scores = docs.map { score($0, detector.detect($0.text, ocr: $0.ocr)) }
var missed = printQuality(docs, scores, verbose: verbose)
if speed {
    let m = measureSpeed(docs, detector: detector, megabytes: megabytes)
    let ok = m.best >= Target.megabytesPerSecond
    if !ok { missed.append("speed") }
    print(String(format: "detection speed: %.1f MB/s of one core's CPU time, best of %d rounds over %.0f MB of corpus text (all rounds %.1f MB/s; wall clock %.1f MB/s)  (target >= %.0f MB/s %@)",
                 m.best, m.rounds, megabytes, m.overall, m.wall, Target.megabytesPerSecond, ok ? "ok" : "MISS"))
}
if !missed.isEmpty { print("targets missed: \(missed.joined(separator: ", "))") }
exit(check && !missed.isEmpty ? 1 : 0)
