import CZlib

/// One zlib (RFC 1950) stream: what PNG's IDAT and PDF's /FlateDecode both
/// hold. The one place that calls compress2; Encode's `Flate` wraps it.
public enum ZlibStream {
    /// `bytes` compressed at `level` (-1 for zlib's default, 0...9), or nil
    /// if zlib fails. Deterministic for a given zlib build. (compress2)
    public static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
        let bound = Int(compressBound(uLong(bytes.count)))
        var destLen = uLongf(bound)
        var code: Int32 = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: bound) { dst, initialized in
            code = bytes.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &destLen, src.baseAddress, uLong(src.count), level)
            }
            initialized = code == Z_OK ? Int(destLen) : 0
        }
        guard code == Z_OK else { return nil }
        // The buffer was sized for the worst case (about the input's size);
        // a compressed page is kept until its document is written, so keep
        // only its bytes: 2000 small pages held 90 KiB each instead of 3.
        return out.capacity > out.count + 4096 ? out.withUnsafeBufferPointer { Array($0) } : out
    }
}
