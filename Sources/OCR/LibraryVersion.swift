import CTesseract

/// The version of the tesseract this process runs with, e.g. "5.3.0".
/// (TessVersion)
public func tesseractLibraryVersion() -> String {
    String(cString: TessVersion())
}
