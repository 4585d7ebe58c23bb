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
        return code == Z_OK ? out : nil
    }
}
