import Foundation
import XCTest
import Imaging
import RedactCore
import Encode

/// Reads our output with the tools users' software is built on. The tools
/// are a build dependency (the Makefile installs qpdf and poppler-utils): a
/// missing tool fails the test instead of skipping it.
final class ToolTests: XCTestCase {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct MissingTool: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "\(path) is missing: install qpdf, poppler-utils and mupdf-tools (see the Makefile)"
        }
    }

    /// The tool's path; a missing tool is a thrown error, so the test fails.
    func tool(_ name: String) throws -> String {
        let path = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingTool(path: path) }
        return path
    }

    func run(_ path: String, _ arguments: [String]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        p.environment = ["LC_ALL": "C", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Read before waiting so a full pipe cannot deadlock the tool.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus,
                   stdout: String(decoding: o, as: UTF8.self),
                   stderr: String(decoding: e, as: UTF8.self))
    }

    /// Writes `bytes` to a fresh temporary file, removed after the test.
    func temporaryPDF(_ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("redactfs-encode-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("out.pdf")
        try Data(bytes).write(to: url)
        return url.path
    }

    func check(_ pages: [OutputPage], file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try temporaryPDF(try PDFWriter.write(pages))

        // qpdf: structure, xref and streams all valid, no warnings.
        let qpdf = try run(try tool("qpdf"), ["--check", path])
        XCTAssertEqual(qpdf.status, 0, "qpdf --check:\n\(qpdf.stdout)\(qpdf.stderr)", file: file, line: line)
        XCTAssertTrue(qpdf.stdout.contains("No syntax or stream encoding errors found"), qpdf.stdout, file: file, line: line)
        XCTAssertTrue(qpdf.stderr.isEmpty, "qpdf warnings: \(qpdf.stderr)", file: file, line: line)

        // pdfinfo: page count and every page's size; no Info fields at all.
        let info = try run(try tool("pdfinfo"), ["-f", "1", "-l", "\(pages.count)", path])
        XCTAssertEqual(info.status, 0, info.stderr, file: file, line: line)
        XCTAssertTrue(info.stderr.isEmpty, "pdfinfo complained: \(info.stderr)", file: file, line: line)
        let lines = info.stdout.split(separator: "\n").map(String.init)
        func field(_ name: String) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
        }
        XCTAssertEqual(field("Pages"), "\(pages.count)", file: file, line: line)
        XCTAssertEqual(field("Encrypted"), "no", file: file, line: line)
        XCTAssertEqual(field("Metadata Stream") ?? "no", "no", file: file, line: line)
        for absent in ["Title", "Subject", "Keywords", "Author", "Creator", "Producer", "CreationDate", "ModDate"] {
            XCTAssertNil(field(absent), "pdfinfo shows \(absent)", file: file, line: line)
        }
        // "Page    1 size: 595.276 x 841.89 pts (A4)" (printed with %g).
        let sizeLines = lines.filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }
        XCTAssertEqual(sizeLines.count, pages.count, info.stdout, file: file, line: line)
        for (sizeLine, page) in zip(sizeLines, pages) {
            let words = sizeLine.components(separatedBy: " size: ")[1].split(separator: " ")
            guard words.count >= 4, words[1] == "x", words[3] == "pts",
                  let w = Double(words[0]), let h = Double(words[2])
            else { XCTFail("cannot read \(sizeLine)", file: file, line: line); continue }
            XCTAssertEqual(w, page.size.width, accuracy: page.size.width * 1e-5, sizeLine, file: file, line: line)
            XCTAssertEqual(h, page.size.height, accuracy: page.size.height * 1e-5, sizeLine, file: file, line: line)
        }

        // pdftotext: nothing but whitespace (page breaks are form feeds).
        let text = try run(try tool("pdftotext"), [path, "-"])
        XCTAssertEqual(text.status, 0, text.stderr, file: file, line: line)
        XCTAssertTrue(text.stderr.isEmpty, "pdftotext complained: \(text.stderr)", file: file, line: line)
        XCTAssertTrue(text.stdout.unicodeScalars.allSatisfy(\.properties.isWhitespace),
                      "pdftotext found text: \(text.stdout.debugDescription)", file: file, line: line)
    }

    func testToolsAcceptMixedPages() throws {
        try check(Fixtures.mixedPages())
    }

    func testToolsAcceptJPEGPages() throws {
        let a4 = PageSize(width: 595.2756, height: 841.8898)
        let pages = [
            OutputPage(size: a4, image: Fixtures.photo(width: 620, height: 877)),
            OutputPage(size: a4, image: Fixtures.busyText(width: 620, height: 877)),
            OutputPage(size: a4, image: Fixtures.photo(width: 620, height: 877, gray: true)),
        ]
        let bytes = try PDFWriter.write(pages)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).components(separatedBy: "/DCTDecode").count - 1, 2)
        try check(pages)

        // MuPDF renders the JPEG page close to our pixels, the right way up.
        let path = try temporaryPDF(try PDFWriter.write([OutputPage(size: PageSize(width: 446.4, height: 631.44), image: pages[0].image)]))
        let r = try run(try tool("mutool"), ["draw", "-q", "-r", "100", "-c", "rgb", "-o", path + ".ppm", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let pixels = try ppm(path + ".ppm", width: 620, height: 877)
        var sum = 0
        for i in 0..<pixels.count { sum += abs(Int(pixels[i]) - Int(pages[0].image.rgb[i])) }
        XCTAssertLessThan(Double(sum) / Double(pixels.count), 8)
    }

    func testToolsAcceptSinglePages() throws {
        try check([OutputPage(size: PageSize(width: 612, height: 792), image: Pixmap(width: 17, height: 22))])
        try check([OutputPage(size: PageSize(width: 841.8898, height: 595.2756), image: Fixtures.rgb(width: 99, height: 70))])
    }

    /// Renders the output with MuPDF at one device pixel per image pixel
    /// and compares with the input: the page shows exactly our pixels, the
    /// right way up, in the right colors.
    func testMuPDFRendersExactlyOurPixels() throws {
        let w = 64, h = 48
        // 64 x 48 pixels on a 46.08 x 34.56 pt page is exactly 100 dpi.
        for image in [Fixtures.rgb(width: w, height: h, seed: 5), Fixtures.gray(width: w, height: h, seed: 6)] {
            let path = try temporaryPDF(try PDFWriter.write([
                OutputPage(size: PageSize(width: 46.08, height: 34.56), image: image),
            ]))
            let r = try run(try tool("mutool"), ["draw", "-q", "-r", "100", "-c", "rgb", "-o", path + ".ppm", path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let pixels = try ppm(path + ".ppm", width: w, height: h)
            XCTAssertTrue(pixels == image.rgb, "rendered pixels differ from the input (gray: \(image.isGray))")
        }
    }

    /// poppler resamples images slightly even at 1:1, so compare the
    /// centres of flat 8 x 8 blocks: orientation and colors must be right.
    func testPopplerRendersOurBlocks() throws {
        let w = 64, h = 48, block = 8
        let colors = Fixtures.noise(seed: 7, count: (w / block) * (h / block) * 3)
        var image = Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let b = ((y / block) * (w / block) + x / block) * 3
                for c in 0..<3 { image.rgb[(y * w + x) * 3 + c] = colors[b + c] }
            }
        }
        let path = try temporaryPDF(try PDFWriter.write([
            OutputPage(size: PageSize(width: 46.08, height: 34.56), image: image),
        ]))
        let r = try run(try tool("pdftoppm"), ["-r", "100", "-singlefile", path, path + ".render"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let pixels = try ppm(path + ".render.ppm", width: w, height: h)
        for by in 0..<(h / block) {
            for bx in 0..<(w / block) {
                let i = ((by * block + block / 2) * w + bx * block + block / 2) * 3
                let b = (by * (w / block) + bx) * 3
                for c in 0..<3 {
                    XCTAssertLessThanOrEqual(abs(Int(pixels[i + c]) - Int(colors[b + c])), 2, "block \(bx),\(by) channel \(c)")
                }
            }
        }
    }

    /// The pixels of a binary PPM (P6, maxval 255) of the given size.
    func ppm(_ path: String, width: Int, height: Int) throws -> [UInt8] {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let header = Array("P6\n\(width) \(height)\n255\n".utf8)
        XCTAssertTrue(data.starts(with: header), String(decoding: data.prefix(20), as: UTF8.self))
        let pixels = Array(data.dropFirst(header.count))
        XCTAssertEqual(pixels.count, width * height * 3)
        return pixels
    }
}
