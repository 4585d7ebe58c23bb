// swift-tools-version:6.0
// redactfs: a read-only FUSE filesystem that shows redacted copies of a folder.
//
// Layering (lower never imports higher):
//   C<Lib>        one system-library module per C library, shim headers only
//   Posix         thin typed wrappers over the syscalls we use (Errno, openat, ...)
//   RedactCore    pure types: geometry, glyphs, detections, names, errors
//   Secrets       the key, the sealed (AES-256-GCM) file format, the term store
//   Detect        pure recognizers (+ the libphonenumber wrapper)
//   Layout        pure page model: words, lines, cells, blocks from glyph and OCR boxes
//   Imaging       pure pixel work: pixmaps, burning boxes
//   ImageCodec    image files: header probes, decoding (leptonica), PNG/JPEG writers
//   Encode        our own image-only PDF writer (zlib behind a wrapper)
//   Poppler       poppler-glib + cairo behind a wrapper (used only in the worker)
//   OCR           tesseract behind a wrapper, and pure OCR text assembly (worker only)
//   Worker        the worker process: protocol, worker main, client that spawns it
//   Office        office documents -> PDF by LibreOffice in a sandbox (soffice run by us)
//   Pipeline      source -> worker -> detect -> burn -> encode
//   FuseFS        the only module that imports libfuse
//   redactfs      the command line
//   detect-eval   precision, recall and speed of Detect on corpus/detection (make bench)
import PackageDescription

let package = Package(
    name: "redactfs",
    targets: [
        .systemLibrary(name: "CFuse", pkgConfig: "fuse3"),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib cairo"),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate"),
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept"),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract"),
        .target(
            name: "CPhoneNumber",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("phonenumber"), .linkedLibrary("stdc++")]
        ),
        .target(name: "CPosix", linkerSettings: [.linkedLibrary("seccomp")]),
        .target(name: "Posix", dependencies: ["CPosix"]),
        .target(name: "RedactCore"),
        .target(name: "Secrets", dependencies: ["CCrypto", "Posix", "RedactCore"]),
        .target(name: "Detect", dependencies: ["RedactCore", "CPhoneNumber"]),
        .target(name: "Layout", dependencies: ["RedactCore"]),
        .target(name: "Imaging", dependencies: ["RedactCore"]),
        .target(name: "ImageCodec", dependencies: ["RedactCore", "Imaging", "CLeptonica", "CZlib"]),
        .target(name: "Encode", dependencies: ["RedactCore", "Imaging", "ImageCodec", "CZlib", "CDeflate"]),
        .target(name: "Poppler", dependencies: ["RedactCore", "Imaging", "CPoppler"]),
        .target(name: "OCR", dependencies: ["RedactCore", "Imaging", "CTesseract"]),
        .target(name: "Worker", dependencies: ["RedactCore", "Imaging", "ImageCodec", "Poppler", "OCR", "Posix"]),
        .target(name: "Verify", dependencies: ["CZlib"]),
        .target(name: "Office", dependencies: ["RedactCore", "Posix", "CPosix"]),
        .target(name: "Pipeline", dependencies: ["RedactCore", "Detect", "Layout", "Imaging", "ImageCodec", "Encode", "Worker", "OCR", "Posix", "Secrets", "TextFormats", "Office"]),
        .target(name: "FuseFS", dependencies: ["RedactCore", "Pipeline", "Posix", "Secrets", "CFuse"]),
        .executableTarget(name: "redactfs", dependencies: ["RedactCore", "Pipeline", "FuseFS", "Worker", "Posix", "Detect", "Secrets", "Verify", "Encode", "Poppler", "OCR", "ImageCodec", "Office"]),
        .target(name: "TextFormats", dependencies: ["RedactCore"]),
        .executableTarget(name: "detect-eval", dependencies: ["Detect", "RedactCore"]),
        .testTarget(name: "RedactCoreTests", dependencies: ["RedactCore"]),
        .testTarget(name: "TextFormatsTests", dependencies: ["TextFormats", "RedactCore"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets", "Posix", "RedactCore"]),
        .testTarget(name: "PosixTests", dependencies: ["Posix"]),
        .testTarget(name: "DetectTests", dependencies: ["Detect", "RedactCore"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "RedactCore"]),
        .testTarget(name: "EncodeTests", dependencies: ["Encode", "Imaging", "ImageCodec", "RedactCore"]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "Imaging", "RedactCore", "CLeptonica"]),
        .testTarget(name: "FuseFSTests", dependencies: ["FuseFS", "Pipeline", "Posix", "Secrets"]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "Imaging", "RedactCore", "CPoppler"]),
        .testTarget(name: "VerifyTests", dependencies: ["Verify", "CZlib"]),
        .testTarget(name: "OfficeTests", dependencies: ["Office", "Posix", "RedactCore", "CPosix"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "RedactCore", "Imaging", "Worker", "Layout", "Detect", "TextFormats"]),
    ]
)
