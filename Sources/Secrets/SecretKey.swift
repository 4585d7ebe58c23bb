#if canImport(Glibc)
import Glibc
#endif
import CCrypto
import Posix

/// Why a key was refused or could not be made. Messages name the path and
/// say how to fix it; they never show key bytes.
public enum KeyError: Error, Equatable, Sendable {
    case notFound(path: String)
    case unreadable(path: String, Errno)
    case notRegularFile(path: String)
    /// Readable or writable by group or others.
    case tooOpen(path: String, mode: UInt32)
    case wrongLength(path: String, length: Int)
    case exists(path: String)
    case cannotWrite(path: String, Errno)
    case randomFailed

    public var message: String {
        switch self {
        case .notFound(let p):
            return "no key at \(p); create one with 'redactfs init' or name it with --key-file"
        case .unreadable(let p, let e):
            return "cannot read the key \(p): \(e)"
        case .notRegularFile(let p):
            return "the key \(p) is not a regular file"
        case .tooOpen(let p, let m):
            return "the key \(p) is accessible by group or others (mode \(octal(m & 0o777))); "
                + "refusing to use it. Fix it with 'chmod 600 \(p)'"
        case .wrongLength(let p, let n):
            return "the key \(p) is \(n) bytes long, not \(SecretKey.size); "
                + "it is not a redactfs key (make a new one with 'redactfs init')"
        case .exists(let p):
            return "a key already exists at \(p)"
        case .cannotWrite(let p, let e):
            return "cannot write the key \(p): \(e)"
        case .randomFailed:
            return "the system random source failed; no key was made"
        }
    }
}

func octal(_ v: UInt32) -> String {
    let s = String(v, radix: 8)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// The 256-bit key that seals the term list (and later decisions and cache
/// entries). Held in `SecureBytes`, wiped when the last owner lets go.
public final class SecretKey: Sendable {
    public static let size = 32
    let bytes: SecureBytes

    init(secure: SecureBytes) {
        precondition(secure.count == SecretKey.size)
        bytes = secure
    }

    /// A key from raw bytes (tests, derived keys). Refuses any length but 32.
    public convenience init(bytes raw: [UInt8]) throws(KeyError) {
        guard raw.count == SecretKey.size else { throw .wrongLength(path: "(given bytes)", length: raw.count) }
        self.init(secure: SecureBytes(copying: raw))
    }

    /// A new key of 32 bytes from the OS random source. (RAND_bytes)
    public static func generate() throws(KeyError) -> SecretKey {
        let s = SecureBytes(zeroedCount: size)
        guard s.withUnsafeMutableBytes({ Random.fill($0) }) else { throw .randomFailed }
        return SecretKey(secure: s)
    }

    /// Loads a key file: a regular file of exactly 32 bytes that neither
    /// group nor others may read or write.
    public static func load(path: String) throws(KeyError) -> SecretKey {
        try load(path: path, trustGroupMaskOfACL: false)
    }

    /// Loads the key from where `KeySource.locate` found it. A systemd
    /// credential sits in a folder only the service can enter, and systemd
    /// may share it with the service user through a POSIX ACL, whose mask
    /// then shows as the group bits (0440); only access by others is
    /// refused there.
    public static func load(_ location: KeySource.Location) throws(KeyError) -> SecretKey {
        try load(path: location.path, trustGroupMaskOfACL: location.origin == .systemdCredential)
    }

    static func load(path: String, trustGroupMaskOfACL: Bool) throws(KeyError) -> SecretKey {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            throw error == .noSuchFileOrDirectory ? .notFound(path: path) : .unreadable(path: path, error)
        }
        let st: FileStatus
        do { st = try fd.status() } catch { throw .unreadable(path: path, error) }
        guard st.isRegular else { throw .notRegularFile(path: path) }
        let forbidden: UInt32 = trustGroupMaskOfACL ? 0o007 : 0o077
        guard st.mode & forbidden == 0 else { throw .tooOpen(path: path, mode: st.mode) }
        guard st.size == Int64(size) else { throw .wrongLength(path: path, length: Int(st.size)) }
        // Read one byte more than needed to notice a file that grew.
        let s = SecureBytes(zeroedCount: size + 1)
        let n: Int
        do { n = try s.withUnsafeMutableBytes { (p) throws(Errno) in try fd.readFully(into: p) } } catch {
            throw .unreadable(path: path, error)
        }
        guard n == size else { throw .wrongLength(path: path, length: n) }
        return SecretKey(secure: s.prefix(size))
    }

    /// Writes the key to `path` atomically with mode 0600. Refuses to
    /// replace an existing file unless `overwrite`.
    public func write(to path: String, overwrite: Bool) throws(KeyError) {
        var st = stat()
        if !overwrite && lstat(path, &st) == 0 { throw .exists(path: path) }
        var raw = bytes.withUnsafeBytes { Array($0) }
        defer { wipe(&raw) }
        do { try AtomicFile.write(raw, to: path, mode: 0o600) } catch { throw .cannotWrite(path: path, error) }
    }
}

/// Where the key comes from, first match wins: `--key-file F`, then
/// `$CREDENTIALS_DIRECTORY/redactfs.key` (a systemd credential), then the
/// default file in the config folder.
public enum KeySource {
    public enum Origin: Sendable, Equatable {
        case keyFileOption, systemdCredential, defaultFile
    }

    public struct Location: Sendable, Equatable {
        public var path: String
        public var origin: Origin
        public init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    /// The key's location, or nil if no key exists anywhere. A path given
    /// with --key-file is returned even if missing, so that loading it
    /// reports the missing file instead of quietly using another key.
    public static func locate(keyFile: String?, environment: [String: String]) -> Location? {
        if let f = keyFile { return Location(path: f, origin: .keyFileOption) }
        if let dir = environment["CREDENTIALS_DIRECTORY"], !dir.isEmpty {
            let p = dir.hasSuffix("/") ? dir + "redactfs.key" : dir + "/redactfs.key"
            if exists(p) { return Location(path: p, origin: .systemdCredential) }
        }
        let d = ConfigPaths.defaultKey(environment: environment)
        if exists(d) { return Location(path: d, origin: .defaultFile) }
        return nil
    }

    /// The key's path, or nil if no key exists anywhere.
    public static func resolve(keyFile: String?, environment: [String: String]) -> String? {
        locate(keyFile: keyFile, environment: environment)?.path
    }

    private static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }
}

/// The config folder and the files in it.
public enum ConfigPaths {
    /// `$XDG_CONFIG_HOME/redactfs` if that is set to an absolute path (the
    /// XDG spec ignores relative ones), else `$HOME/.config/redactfs`, with
    /// the home folder from the password database if `$HOME` is unset.
    public static func configDirectory(environment: [String: String]) -> String {
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") {
            return join(x, "redactfs")
        }
        return join(join(home(environment), ".config"), "redactfs")
    }

    public static func defaultKey(environment: [String: String]) -> String {
        join(configDirectory(environment: environment), "key")
    }

    public static func defaultTerms(environment: [String: String]) -> String {
        join(configDirectory(environment: environment), "terms")
    }

    /// The review decisions of every document (redactfs-decisions(5)).
    public static func defaultDecisions(environment: [String: String]) -> String {
        join(configDirectory(environment: environment), "decisions")
    }

    /// The process environment as a dictionary. (environ)
    public static func processEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                env[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
            p += 1
        }
        return env
    }

    private static func home(_ environment: [String: String]) -> String {
        if let h = environment["HOME"], h.hasPrefix("/") { return h }
        if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    private static func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }
}
