import CCrypto

/// The version of the OpenSSL libcrypto this process runs with, e.g.
/// "3.0.17". (OpenSSL_version(OPENSSL_VERSION_STRING))
public func openSSLLibraryVersion() -> String {
    guard let s = OpenSSL_version(Int32(OPENSSL_VERSION_STRING)) else { return "" }
    return String(cString: s)
}
