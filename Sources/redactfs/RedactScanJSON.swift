#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore

/// `scan --json`: what detection found, for scripts. Categories, tiers,
/// fixed kinds and reasons, numbers and boxes: never the matched text,
/// never the page's words.
///
///     {"file":"letter.pdf","pages":2,"detections":[
///       {"page":1,"tier":"contact","category":"email","kind":"","reason":"pattern",
///        "confidence":0.9,"tokens":[12,12],"boxes":[[72,96.5,140.25,11]]}]}
enum ScanJSON {
    static func document(file: String, pages: [ScanPage]) -> String {
        var out = "{\"file\":\(string(file)),\"pages\":\(pages.count),\"detections\":["
        var first = true
        for page in pages {
            let numbering = TokenNumbering(page.text)
            for (d, boxes) in zip(page.detections, page.boxes) {
                if !first { out += "," }
                first = false
                let tokens = numbering.numbers(of: d.range).map { "[\($0.lowerBound),\($0.upperBound)]" } ?? "null"
                let box = boxes.map { b in "[\(fmt(b.x)),\(fmt(b.y)),\(fmt(b.width)),\(fmt(b.height))]" }
                out += "{\"page\":\(page.index + 1),\"tier\":\(string(d.category.tier.rawValue))"
                    + ",\"category\":\(string(d.category.rawValue)),\"kind\":\(string(d.kind))"
                    + ",\"reason\":\(string(d.reason.rawValue)),\"confidence\":\(fmt(d.confidence))"
                    + ",\"tokens\":\(tokens),\"boxes\":[\(box.joined(separator: ","))]}"
            }
        }
        return out + "]}\n"
    }

    /// A JSON string literal (`JSONText`).
    static func string(_ s: String) -> String { JSONText.quoted(s) }
}

/// Writes all of `s` to standard output; the errno if it could not
/// (EPIPE: the reader is gone).
func writeStandardOutput(_ s: String) -> Result<Void, Errno> {
    let fd = FileDescriptor(owning: dup(1))
    do { try fd.writeAll(Array(s.utf8)) } catch { return .failure(error) }
    return .success(())
}
