import CZlib
import ImageCodec

/// zlib (RFC 1950) streams for `/FlateDecode`: the only place Encode talks to
/// zlib.
public enum Flate {
    /// Compresses `bytes` into one zlib stream at `level` (-1 for zlib's
    /// default, 0 to store, 1...9). Deterministic for a given zlib build.
    /// (ImageCodec's `ZlibStream`, shared with the PNG writer)
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) throws(EncodeError) -> [UInt8] {
        guard (-1...9).contains(level) else { throw .invalidCompressionLevel(level) }
        guard let out = ZlibStream.compress(bytes, level: level) else { throw .compressionFailed(code: Z_MEM_ERROR) }
        return out
    }

    /// Inflates one zlib stream that must decode to exactly `expectedCount`
    /// bytes; anything shorter, longer or damaged is an error. Used to check
    /// our own output. Wraps zlib `uncompress`.
    public static func decompress(_ bytes: [UInt8], expectedCount: Int) throws(EncodeError) -> [UInt8] {
        precondition(expectedCount >= 0, "expectedCount")
        // One spare byte tells "exactly n" from "at least n": a longer stream
        // fills it (or runs out of room) instead of passing as complete.
        let capacity = expectedCount + 1
        var destLen = uLongf(capacity)
        var code: Int32 = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { dst, initialized in
            code = bytes.withUnsafeBufferPointer { src in
                uncompress(dst.baseAddress, &destLen, src.baseAddress, uLong(src.count))
            }
            initialized = code == Z_OK ? Int(destLen) : 0
        }
        guard code == Z_OK else { throw .decompressionFailed(code: code) }
        guard out.count == expectedCount else { throw .decompressionFailed(code: Z_DATA_ERROR) }
        return out
    }
}
