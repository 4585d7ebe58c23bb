import Encode
import Imaging
import RedactCore
import XCTest

/// The document pass burns more boxes into pages compressed earlier.
final class ReburnTests: XCTestCase {
    func page(photo: Bool) -> OutputPage {
        var px = Pixmap(width: 300, height: 200)
        if photo {
            // Mid-tone noise: photo-like, over the Flate budget, so JPEG.
            var rng: UInt64 = 7
            for i in 0..<px.rgb.count {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                px.rgb[i] = UInt8(64 + (rng >> 57))
            }
        }
        return OutputPage(size: PageSize(width: 144, height: 96), image: px)
    }

    func testFlateAndJPEGPagesTakeTheNewBoxes() throws {
        for photo in [false, true] {
            var enc = PageEncoding()
            enc.flateBudget = photo ? 1000 : 150_000
            let writer = try PDFDocumentWriter(encoding: enc)
            let encoded = try writer.encode(page(photo: photo), index: 0)
            let box = Rect(x: 10, y: 10, width: 20, height: 10)
            let again = try writer.reburn(encoded, index: 0, boxes: [box], scale: 300.0 / 144.0)
            var w = try PDFDocumentWriter(encoding: enc)
            w.add(again)
            let pdf = try w.finish()
            let path = NSTemporaryDirectory() + "reburn-\(photo).pdf"
            FileManager.default.createFile(atPath: path, contents: Data(pdf))
            defer { try? FileManager.default.removeItem(atPath: path) }
            // Render the page back and look at the burned area: black.
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
            p.arguments = ["-r", "150", "-gray", "-x", "25", "-y", "25", "-W", "30", "-H", "15", path]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            let bytes = [UInt8](data)
            // PGM: header then pixels; the last 30*15 bytes are the pixels.
            let pixels = bytes.suffix(30 * 15)
            XCTAssertEqual(pixels.count, 450)
            let dark = pixels.filter { $0 < 60 }.count
            XCTAssertGreaterThan(dark, 430, "photo: \(photo)")
        }
    }
}
