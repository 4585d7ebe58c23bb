import CPhoneNumber

/// The version of the libphonenumber loaded in this process as its file
/// name gives it (e.g. "8.12" for libphonenumber.so.8.12), or nil: the
/// library has no version function and its headers no version macro.
/// (rf_phone_library_version: dl_iterate_phdr, realpath)
public func phoneNumberLibraryVersion() -> String? {
    var buf = [CChar](repeating: 0, count: 64)
    let n = rf_phone_library_version(&buf, buf.count)
    guard n > 0 else { return nil }
    return String(cString: buf)
}
