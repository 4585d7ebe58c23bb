import CPoppler

/// The versions of the poppler and cairo this process runs with, e.g.
/// ("22.12.0", "1.16.0"). (poppler_get_version, cairo_version_string)
public func popplerLibraryVersions() -> (poppler: String, cairo: String) {
    (String(cString: poppler_get_version()), String(cString: cairo_version_string()))
}
