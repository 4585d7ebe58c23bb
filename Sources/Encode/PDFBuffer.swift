/// A non-negative number of points as a PDF real: rounded to 4 decimals,
/// trailing zeros trimmed, no exponent ("612", "595.2756", "0.5").
struct PDFNumber: Equatable {
    /// The value in units of 1/10000 point.
    let tenThousandths: Int

    /// Largest accepted value, in points. PDF 1.4 viewers limit pages to
    /// 14400 points; this only keeps the arithmetic far from overflow.
    static let maximum = 1_000_000_000.0

    /// nil unless `value` is finite, > 0 after rounding and <= `maximum`.
    init?(_ value: Double) {
        guard value.isFinite, value > 0, value <= PDFNumber.maximum else { return nil }
        let scaled = (value * 10_000).rounded(.toNearestOrAwayFromZero)
        guard scaled >= 1 else { return nil }
        tenThousandths = Int(scaled)
    }
}

/// The output under construction: one `[UInt8]`, appended to in place, with
/// the byte offset of every object recorded for the xref table.
struct PDFBuffer {
    private(set) var data: [UInt8]
    /// `offsets[n]` is where `n 0 obj` starts; index 0 is the free entry.
    private var offsets: [Int]
    /// Bytes handed out by `drain()` before `data`.
    private var base = 0

    init(capacity: Int, objectCount: Int) {
        data = []
        data.reserveCapacity(capacity)
        offsets = [Int](repeating: -1, count: objectCount + 1)
    }

    mutating func ascii(_ s: StaticString) {
        s.withUTF8Buffer { data.append(contentsOf: $0) }
    }

    mutating func bytes(_ b: [UInt8]) {
        data.append(contentsOf: b)
    }

    /// A non-negative integer in decimal.
    mutating func int(_ n: Int) {
        precondition(n >= 0, "negative integer in PDF output")
        if n < 10 {
            data.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var v = n
        while v > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        }
        data.append(contentsOf: digits.reversed())
    }

    /// A non-negative integer as exactly `width` digits, zero-padded.
    mutating func int(_ n: Int, width: Int) {
        precondition(n >= 0, "negative integer in PDF output")
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var v = n
        var i = width - 1
        while v > 0 && i >= 0 {
            digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        }
        precondition(v == 0, "integer wider than its field")
        data.append(contentsOf: digits)
    }

    mutating func number(_ x: PDFNumber) {
        let whole = x.tenThousandths / 10_000
        var fraction = x.tenThousandths % 10_000
        int(whole)
        guard fraction != 0 else { return }
        var places = 4
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        ascii(".")
        int(fraction, width: places)
    }

    /// `n 0 R`
    mutating func reference(_ n: Int) {
        int(n)
        ascii(" 0 R")
    }

    mutating func beginObject(_ n: Int) {
        precondition(offsets[n] == -1, "object \(n) written twice")
        offsets[n] = base + data.count
        int(n)
        ascii(" 0 obj\n")
    }

    mutating func endObject() {
        ascii("endobj\n")
    }

    /// Counts `n` bytes written around the buffer (straight to the sink).
    mutating func skip(_ n: Int) {
        precondition(data.isEmpty, "bytes written around a buffer that holds some")
        base += n
    }

    /// The bytes written since the last drain; offsets go on counting.
    mutating func drain() -> [UInt8] {
        let out = data
        base += data.count
        data = []
        return out
    }

    /// Appends the xref table, trailer, startxref and %%EOF and returns the
    /// file. Every object 1...count must have been written.
    mutating func finish(root: Int) throws(EncodeError) -> [UInt8] {
        let xrefOffset = base + data.count
        guard xrefOffset <= 9_999_999_999 else { throw .outputTooLarge }
        ascii("xref\n0 ")
        int(offsets.count)
        ascii("\n0000000000 65535 f \n")
        for n in 1..<offsets.count {
            precondition(offsets[n] >= 0, "object \(n) never written")
            int(offsets[n], width: 10)
            ascii(" 00000 n \n")
        }
        ascii("trailer\n<< /Size ")
        int(offsets.count)
        ascii(" /Root ")
        reference(root)
        ascii(" >>\nstartxref\n")
        int(xrefOffset)
        ascii("\n%%EOF\n")
        return data
    }
}
