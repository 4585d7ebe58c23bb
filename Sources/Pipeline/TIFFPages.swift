import Posix

/// Whether a TIFF holds more than one page, read from its structure alone:
/// a single-page TIFF shows as a PNG, a multi-page one as a PDF, and the
/// mount must know which when it lists a folder, without decoding.
///
/// Only the header and the first IFD's entry count and link are read (three
/// small reads, no tag values, no pixels), so this is safe in the daemon.
/// The link is what libtiff follows to a second page: a non-zero link means
/// more than one page (a link that points nowhere makes the worker fail the
/// file, which then shows as a PDF and costs an EIO, never a page).
public enum TIFFPages {
    /// `read(offset, count)` gives up to `count` bytes at `offset`.
    public static func hasSecondPage(_ read: (Int64, Int) -> [UInt8]?) -> Bool {
        guard let h = read(0, 16), h.count >= 8 else { return false }
        let little: Bool
        switch (h[0], h[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return false
        }
        func value(_ b: [UInt8], _ at: Int, _ n: Int) -> UInt64? {
            guard at >= 0, at + n <= b.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<n {
                let byte = UInt64(b[at + (little ? n - 1 - i : i)])
                v = v << 8 | byte
            }
            return v
        }
        guard let magic = value(h, 2, 2) else { return false }
        // Classic TIFF: 2-byte entry count, 12-byte entries, 4-byte link.
        // BigTIFF (43): 8-byte count, 20-byte entries, 8-byte link.
        let big = magic == 43
        guard magic == 42 || big else { return false }
        let countSize = big ? 8 : 2, entrySize: UInt64 = big ? 20 : 12, linkSize = big ? 8 : 4
        guard let ifd = big ? value(h, 8, 8) : value(h, 4, 4), ifd > 0, ifd < UInt64(Int64.max / 2),
              let c = read(Int64(ifd), countSize), let count = value(c, 0, countSize),
              count < 1 << 32 else { return false }
        let linkAt = ifd + UInt64(countSize) + count * entrySize
        guard linkAt < UInt64(Int64.max / 2), let l = read(Int64(linkAt), linkSize),
              let link = value(l, 0, linkSize) else { return false }
        return link != 0
    }

    /// The same, read from an open file.
    public static func hasSecondPage(_ fd: FileDescriptor) -> Bool {
        hasSecondPage { offset, count in try? fd.read(count: count, at: offset) }
    }
}
