import CLeptonica

/// The version of the leptonica this process runs with, e.g. "1.82.0"
/// (leptonica says "leptonica-1.82.0"; the prefix is dropped), or nil if it
/// gives none. (getLeptonicaVersion, lept_free)
public func leptonicaLibraryVersion() -> String? {
    guard let raw = getLeptonicaVersion() else { return nil }
    defer { lept_free(raw) }
    let s = String(cString: raw)
    return s.hasPrefix("leptonica-") ? String(s.dropFirst("leptonica-".count)) : s
}
