import Detect
import Encode
import FuseFS
import ImageCodec
import OCR
import Poppler
import Secrets

/// What `redactfs --version` prints: our version, then the version of each
/// C library as the library itself reports it at run time (so a system
/// update shows), one "name version" a line.
enum Versions {
    static let redactfs = "redactfs 0.1.0"

    static func report() -> String {
        let pc = popplerLibraryVersions()
        let lines = [
            redactfs,
            "libfuse \(fuseLibraryVersion())",
            "poppler \(pc.poppler)",
            "cairo \(pc.cairo)",
            "tesseract \(tesseractLibraryVersion())",
            "leptonica \(leptonicaLibraryVersion() ?? "(version not exposed)")",
            "OpenSSL \(openSSLLibraryVersion())",
            // No version call in libdeflate either: the headers built against.
            "libdeflate \(deflateLibraryVersion()) (built against)",
            // No version API in libphonenumber: the loaded file's name.
            phoneNumberLibraryVersion().map { "libphonenumber \($0) (from its file name)" }
                ?? "libphonenumber (version not exposed)",
        ]
        return lines.joined(separator: "\n")
    }
}
