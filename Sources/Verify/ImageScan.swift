/// The structure checks of `redactfs verify` on a PNG or JPEG output: only
/// the chunks and segments that carry pixels. Text chunks, EXIF, XMP, ICC
/// profiles, comments and thumbnails are findings, and so is anything after
/// the image ends.
public enum ImageScan {
    /// PNG chunks that carry pixels and nothing else.
    static let pngAllowed: Set<String> = ["IHDR", "PLTE", "IDAT", "IEND"]

    public static func png(_ b: [UInt8]) -> [Finding] {
        var out: [Finding] = []
        guard b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return [Finding(.image, "not a PNG signature")]
        }
        var at = 8
        var ended = false
        while at + 12 <= b.count {
            let n = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            guard n <= b.count - at - 12 else { out.append(Finding(.image, "a chunk runs past the end of the file")); return out }
            if !pngAllowed.contains(type) {
                out.append(Finding(.metadata, "a PNG \(type) chunk (only IHDR, PLTE, IDAT and IEND carry pixels)"))
            }
            at += 12 + n
            if type == "IEND" { ended = true; break }
        }
        if !ended { out.append(Finding(.image, "no IEND chunk")) }
        if at < b.count { out.append(Finding(.image, "\(b.count - at) bytes after IEND")) }
        return out
    }

    public static func jpeg(_ b: [UInt8]) -> [Finding] {
        var out: [Finding] = []
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return [Finding(.image, "not a JPEG start of image")] }
        var at = 2
        var sawJFIF = false
        var ended = false
        while at + 2 <= b.count {
            guard b[at] == 0xFF else { out.append(Finding(.image, "a JPEG segment without its marker")); return out }
            let m = b[at + 1]
            if m == 0xFF { at += 1; continue }
            if m == 0xD9 { at += 2; ended = true; break }
            guard at + 4 <= b.count else { break }
            let n = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard n >= 2, at + 2 + n <= b.count else { out.append(Finding(.image, "a JPEG segment runs past the end")); return out }
            switch m {
            case 0xE0:
                let id = b[(at + 4)..<min(at + 9, b.count)]
                if Array(id) == Array("JFIF\0".utf8), !sawJFIF {
                    sawJFIF = true
                    // A JFIF thumbnail is pixels of the page beside the page.
                    if n >= 16, b[at + 2 + 14] != 0 || b[at + 2 + 15] != 0 {
                        out.append(Finding(.metadata, "a JFIF thumbnail"))
                    }
                } else {
                    out.append(Finding(.metadata, "an APP0 segment that is not the JFIF header"))
                }
            case 0xE1...0xEF:
                let what: String
                let head = b[(at + 4)..<min(at + 2 + n, at + 34)]
                if head.starts(with: Array("Exif".utf8)) { what = "EXIF" }
                else if head.starts(with: Array("http://ns.adobe.com/xap".utf8)) { what = "XMP" }
                else if head.starts(with: Array("ICC_PROFILE".utf8)) { what = "an ICC profile" }
                else { what = "an APP\(m - 0xE0) segment" }
                out.append(Finding(.metadata, "JPEG \(what)"))
            case 0xFE:
                out.append(Finding(.metadata, "a JPEG comment"))
            case 0xDA:
                // Entropy-coded data up to the next marker that is not a
                // restart or a stuffed byte.
                at += 2 + n
                while at + 1 < b.count {
                    if b[at] == 0xFF, b[at + 1] != 0, !(0xD0...0xD7).contains(b[at + 1]) { break }
                    at += 1
                }
                continue
            default:
                break
            }
            at += 2 + n
        }
        if !ended { out.append(Finding(.image, "no end of image")) }
        if at < b.count { out.append(Finding(.image, "\(b.count - at) bytes after the end of the image")) }
        return out
    }
}
