import RedactCore
import XCTest

@testable import Detect

/// Like `texts`, with the whole text read as OCR text (letter repairs allowed).
func ocrTexts(_ text: String, _ category: Category, region: String = "DE") -> [String] {
    let s = scalars(text)
    let d = Detector(config: DetectorConfig(enabled: [category], defaultRegion: region)).detect(s, ocr: [0..<s.count])
    return d.map { substring(s, $0.range) }
}

/// Like `detections`, with the whole text read as OCR text.
func ocrDetections(_ text: String, _ category: Category) -> [Detection] {
    let s = scalars(text)
    return Detector(config: DetectorConfig(enabled: [category])).detect(s, ocr: [0..<s.count])
}
