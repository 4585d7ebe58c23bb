import XCTest
import Imaging
import ImageCodec
import RedactCore
@testable import Encode

final class ImageOutputTests: XCTestCase {
    let page = OutputPage(size: PageSize(width: 72, height: 48), image: Fixtures.rgb(width: 30, height: 20))

    func testEachOutputType() throws {
        let png = try ImageOutput.write([page], as: .png)
        XCTAssertEqual(ImageFormat.sniff(png), .png)
        XCTAssertEqual(try ImageDecoder.decode(png, caps: ImageCaps()).map(\.pixels), [page.image])

        let jpeg = try ImageOutput.write([page], as: .jpeg)
        XCTAssertEqual(ImageFormat.sniff(jpeg), .jpeg)
        XCTAssertEqual(try ImageDecoder.probe(jpeg).width, 30)

        let pdf = try ImageOutput.write([page, page], as: .pdf)
        XCTAssertEqual(try MiniPDF(pdf).pages().count, 2)
        XCTAssertTrue(pdf == (try PDFWriter.write([page, page])))
    }

    func testSingleImageFormatsTakeOnePage() {
        for type in [NameMap.OutputType.png, .jpeg] {
            XCTAssertThrowsError(try ImageOutput.write([page, page], as: type)) {
                XCTAssertEqual($0 as? EncodeError, .singleImageExpected(count: 2))
            }
            XCTAssertThrowsError(try ImageOutput.write([], as: type)) {
                XCTAssertEqual($0 as? EncodeError, .singleImageExpected(count: 0))
            }
        }
        XCTAssertThrowsError(try ImageOutput.write([page], as: .jpeg, jpegQuality: 0)) {
            XCTAssertEqual($0 as? EncodeError, .invalidJPEGQuality(0))
        }
    }
}
