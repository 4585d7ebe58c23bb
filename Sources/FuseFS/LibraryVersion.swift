import CFuse

/// The version of the libfuse this process runs with, e.g. "3.14.0".
/// (fuse_pkgversion)
public func fuseLibraryVersion() -> String {
    String(cString: fuse_pkgversion())
}
