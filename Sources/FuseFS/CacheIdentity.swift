#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import Secrets

/// Where an output is indexed in memory: the source's stat identity plus
/// the mount's generation (bumped when terms or settings change). getattr
/// can build it without reading the file, so `ls -l` finds exact sizes.
struct OutputKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var mtimeSec: Int, mtimeNsec: Int
    var ctimeSec: Int, ctimeNsec: Int
    var generation: UInt64

    init(_ st: FileStatus, generation: UInt64) {
        device = st.device
        inode = st.inode
        size = st.size
        mtimeSec = st.mtime.tv_sec; mtimeNsec = st.mtime.tv_nsec
        ctimeSec = st.ctime.tv_sec; ctimeNsec = st.ctime.tv_nsec
        self.generation = generation
    }
}

/// The full identity of one output: a SHA-256 digest over everything that
/// changes its bytes. Memory entries carry it and are checked against it at
/// open; the disk cache is addressed by it (through an HMAC, never a path).
///
/// What goes in, and why:
/// - the source's device, inode, size, mtime and ctime (nanoseconds): any
///   write, rename over, chmod or touch changes ctime;
/// - a SHA-256 of the source's first and last 64 KiB. Timestamps alone are
///   not enough: the kernel stamps files from a coarse clock (a few ms),
///   FAT/exFAT and some network file systems keep 2 s or 1 s, and `cp -p`
///   or `rsync -t` copy mtime, so an inode freed and reused for a file of
///   the same size within one tick would look identical. PDFs keep their
///   header at the start and the xref/trailer at the end, and every save
///   (full or incremental) rewrites the end, so these 128 KiB change with
///   every real edit. It costs two preads per open (page cache, ~0.2 ms),
///   never a read in getattr;
/// - the terms (a digest of the loaded list), the render settings, and this
///   executable's identity (a new build may redact differently);
/// - a slot for the user's per-document decisions. They do not exist yet:
///   the code that adds them fills `decisions` with a digest of the
///   decision file for this document, so a change gives a fresh output.
struct OutputIdentity: Hashable, Sendable {
    let digest: [UInt8]

    static let version = "redactfs-output-v1"
    static let edgeBytes = 64 << 10

    /// The identity of the output of the source behind `fd`, whose status is `st`.
    static func of(_ fd: FileDescriptor, status st: FileStatus, context: [UInt8],
                   decisions: [UInt8] = []) throws(Errno) -> OutputIdentity {
        var m = Fields()
        m.add(Array(version.utf8))
        m.add(context)
        m.add(decisions)
        for v in [st.device, st.inode, UInt64(bitPattern: st.size),
                  UInt64(bitPattern: Int64(st.mtime.tv_sec)), UInt64(st.mtime.tv_nsec),
                  UInt64(bitPattern: Int64(st.ctime.tv_sec)), UInt64(st.ctime.tv_nsec)] {
            m.add(v)
        }
        m.add(try fingerprint(fd, size: st.size))
        return OutputIdentity(digest: Digest.sha256(m.bytes))
    }

    /// SHA-256 of the first and last `edgeBytes` (the whole file when small).
    static func fingerprint(_ fd: FileDescriptor, size: Int64) throws(Errno) -> [UInt8] {
        let edge = Int64(edgeBytes)
        var bytes = try fd.read(count: Int(min(size, 2 * edge)), at: 0)
        if size > 2 * edge {
            bytes.removeSubrange(edgeBytes...)
            bytes += try fd.read(count: edgeBytes, at: size - edge)
        }
        return Digest.sha256(bytes)
    }

    /// Everything besides the source: terms, settings, executable. Made once
    /// per redactor, not per open.
    static func context(termsIdentity: [UInt8], settings: RenderSettings) -> [UInt8] {
        var m = Fields()
        m.add(termsIdentity)
        m.add(UInt64(settings.dpi))
        m.add(Array(settings.region.utf8))
        m.add(Array(settings.categories.map(\.rawValue).sorted().joined(separator: ",").utf8))
        // What OCR reads with changes what it finds, so what is burned.
        m.add(Array(settings.ocrLanguages.utf8))
        m.add(UInt64(settings.ocrDpi))
        m.add(executableIdentity)
        return Digest.sha256(m.bytes)
    }

    /// Size, mtime and inode of this executable: a rebuilt or upgraded
    /// redactfs never serves outputs an older one made.
    static let executableIdentity: [UInt8] = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return [] }
        var m = Fields()
        for v in [UInt64(st.st_dev), UInt64(st.st_ino), UInt64(st.st_size),
                  UInt64(bitPattern: Int64(st.st_mtim.tv_sec)), UInt64(st.st_mtim.tv_nsec)] {
            m.add(v)
        }
        return m.bytes
    }()

    /// Length-prefixed fields, so no two field lists encode alike.
    struct Fields {
        var bytes: [UInt8] = []
        mutating func add(_ v: UInt64) {
            withUnsafeBytes(of: v.littleEndian) { bytes += $0 }
        }
        mutating func add(_ b: [UInt8]) {
            add(UInt64(b.count))
            bytes += b
        }
    }
}
