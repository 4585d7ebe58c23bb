#if canImport(Glibc)
import Glibc
#endif
import Pipeline
import Posix
import RedactCore
import Synchronization

/// One entry of the source as the mount shows it.
struct SourceEntry: Sendable {
    /// `.pdf`: a file shown redacted (a PDF or an image).
    enum Kind: Sendable { case directory, pdf }
    var kind: Kind
    /// Path of the source entry relative to the root, "" for the root.
    var relativePath: String
    /// Status of the source (of the symlink's target for in-root links).
    var status: FileStatus
}

/// The source folder, resolved safely: every step is an `openat` relative
/// to the root with O_NOFOLLOW, so a path can never leave the root; symlinks
/// are followed only when their resolved target stays inside it.
///
/// Source names are kept in their shown form (`FileName`: a name that is
/// not UTF-8 or holds a control character is escaped, so every name is
/// listed) and turned back into their bytes for every system call.
///
/// Directory listings are cached by the directory's identity and mtime;
/// file status is always fresh.
final class SourceTree: Sendable {
    let rootPath: String
    let root: FileDescriptor
    let rootDevice: UInt64

    /// How names are shown: the always-redact terms taken out of them.
    /// Nil while the terms cannot be loaded: then no name is shown at all
    /// (fail closed, like the contents).
    struct Naming: Sendable {
        var generation: Int
        var rename: @Sendable (String) -> String
    }
    private let naming: Mutex<Naming?>
    /// Office documents are shown (LibreOffice is installed).
    let showsOffice: Bool

    fileprivate struct Listing: Sendable {
        var identity: FileStatus
        var namingGeneration: Int
        var map: [String: (source: String, kind: NameMap.EntryKind)]
        /// Shown names in order, with the status seen when listing (for
        /// readdir's inode numbers; getattr always stats afresh).
        var entries: [(name: String, status: FileStatus)]
    }
    /// Guards: the listing cache only. Never held across I/O on the source.
    private let listings = Mutex<[String: Listing]>([:])

    init(rootPath: String, naming: Naming?, showsOffice: Bool = false) throws(Errno) {
        self.naming = Mutex(naming)
        self.showsOffice = showsOffice
        self.rootPath = rootPath
        root = try FileDescriptor.open(rootPath, flags: O_RDONLY | O_DIRECTORY)
        rootDevice = try root.status().device
    }

    /// Shows names with new terms (or none, for nil): every listing is
    /// made afresh.
    func setNaming(_ n: Naming?) {
        naming.withLock { $0 = n }
        listings.withLock { $0.removeAll() }
    }

    /// Splits a FUSE path ("/a/b") into components, refusing anything odd.
    static func components(_ path: String) -> [String]? {
        var out: [String] = []
        for c in path.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." || c == ".." { return nil }
            out.append(String(c))
        }
        return out
    }

    /// Opens the source directory for shown directory components.
    private func openDirectory(_ shown: [String]) throws(Errno) -> (FileDescriptor, String) {
        var fd = root
        var rel = ""
        for name in shown {
            let listing = try list(fd, relativePath: rel)
            guard let e = listing.map[name], e.kind == .directory else { throw .noSuchFileOrDirectory }
            fd = try fd.openAt(bytes: Self.raw(e.source), flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            rel = rel.isEmpty ? e.source : rel + "/" + e.source
        }
        return (fd, rel)
    }

    /// A shown folder opened once, to resolve many of its names (readdir
    /// with attributes: one status call per name instead of a walk from
    /// the root, a listing check and a status call).
    struct Folder {
        fileprivate let dir: FileDescriptor
        fileprivate let relativePath: String
        fileprivate let listing: Listing
    }

    /// Opens the shown folder `path`.
    func folder(_ path: String) throws(Errno) -> Folder {
        guard let comps = Self.components(path) else { throw .noSuchFileOrDirectory }
        let (dir, rel) = try openDirectory(comps)
        return Folder(dir: dir, relativePath: rel, listing: try list(dir, relativePath: rel))
    }

    /// Resolves a shown path to its source entry.
    func resolve(_ path: String) throws(Errno) -> SourceEntry {
        guard let comps = Self.components(path) else { throw .noSuchFileOrDirectory }
        if comps.isEmpty {
            return SourceEntry(kind: .directory, relativePath: "", status: try root.status())
        }
        let (dir, rel) = try openDirectory(Array(comps.dropLast()))
        return try resolve(comps.last!, in: Folder(dir: dir, relativePath: rel, listing: try list(dir, relativePath: rel)))
    }

    /// Resolves the shown name `name` of `folder`, its status taken afresh.
    func resolve(_ name: String, in folder: Folder) throws(Errno) -> SourceEntry {
        let dir = folder.dir, rel = folder.relativePath
        guard let e = folder.listing.map[name] else { throw .noSuchFileOrDirectory }
        let srcRel = rel.isEmpty ? e.source : rel + "/" + e.source
        switch e.kind {
        case .directory:
            let st = try dir.statusAt(bytes: Self.raw(e.source))
            guard st.isDirectory else { throw .noSuchFileOrDirectory }
            return SourceEntry(kind: .directory, relativePath: srcRel, status: st)
        case .file, .multiPageImage:
            let st = try fileStatus(dir, name: e.source, relativePath: srcRel)
            return SourceEntry(kind: .pdf, relativePath: srcRel, status: st)
        }
    }

    /// Opens a PDF entry for reading.
    func open(_ entry: SourceEntry) throws(Errno) -> FileDescriptor {
        let comps = entry.relativePath.split(separator: "/").map(String.init)
        var fd = root
        for c in comps.dropLast() { fd = try fd.openAt(bytes: Self.raw(c), flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW) }
        let name = Self.raw(comps.last!)
        let lst = try fd.statusAt(bytes: name)
        let file: FileDescriptor
        if lst.isSymlink {
            guard let target = insideRoot(entry.relativePath) else { throw .noSuchFileOrDirectory }
            file = try FileDescriptor.open(bytes: target, flags: O_RDONLY | O_NOFOLLOW)
        } else {
            file = try fd.openAt(bytes: name, flags: O_RDONLY | O_NOFOLLOW)
        }
        let st = try file.status()
        guard st.isRegular else { throw .noSuchFileOrDirectory }
        return file
    }

    /// Shown names of a directory, sorted, with their source status.
    func entries(_ path: String) throws(Errno) -> [(name: String, status: FileStatus)] {
        guard let comps = Self.components(path) else { throw .noSuchFileOrDirectory }
        let (dir, rel) = try openDirectory(comps)
        return try list(dir, relativePath: rel).entries
    }

    /// Status of a regular file or an in-root symlink to one.
    private func fileStatus(_ dir: FileDescriptor, name: String, relativePath: String) throws(Errno) -> FileStatus {
        let st = try dir.statusAt(bytes: Self.raw(name))
        if st.isRegular { return st }
        guard st.isSymlink, let target = insideRoot(relativePath) else { throw .noSuchFileOrDirectory }
        var tst = stat()
        guard lstat(target.map { CChar(bitPattern: $0) } + [0], &tst) == 0 else { throw .current }
        let t = FileStatus(tst)
        guard t.isRegular else { throw .noSuchFileOrDirectory }
        return t
    }

    /// The resolved absolute target (its bytes) of a symlink at
    /// `relativePath` if it stays inside the root, else nil. (realpath(3))
    private func insideRoot(_ relativePath: String) -> [UInt8]? {
        guard let rootReal = realpath(rootPath, nil) else { return nil }
        defer { free(rootReal) }
        var path = Array(rootPath.utf8)
        for c in relativePath.split(separator: "/") { path += [0x2F] + Self.raw(String(c)) }
        guard let real = realpath(path.map { CChar(bitPattern: $0) } + [0], nil) else { return nil }
        defer { free(real) }
        let r = Self.bytes(rootReal), t = Self.bytes(real)
        let prefix = r.last == 0x2F ? r : r + [0x2F]
        return t.starts(with: prefix) ? t : nil
    }

    private static func bytes(_ c: UnsafeMutablePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c)))
    }

    /// A source name's bytes from its shown form (always one: the listing
    /// made it with `FileName.shown`).
    static func raw(_ name: String) -> [UInt8] {
        FileName.bytes(name) ?? Array(name.utf8)
    }

    /// The shown entries of an open directory, from the cache while the
    /// directory is unchanged.
    private func list(_ dir: FileDescriptor, relativePath: String) throws(Errno) -> Listing {
        let id = try dir.status()
        guard let names = naming.withLock({ $0 }) else { throw .ioError }
        if let cached = listings.withLock({ $0[relativePath] }), cached.identity == id,
           cached.namingGeneration == names.generation {
            return cached
        }
        var entries: [(name: String, kind: NameMap.EntryKind)] = []
        var statuses: [String: FileStatus] = [:]
        // A description of its own: `directoryEntries` reads through a dup,
        // which shares the read position with every other dup of `dir` (the
        // root is shared by all threads), so two listings at once would
        // skip each other's entries and cache a listing with names missing.
        let own = try dir.openAt(".", flags: O_RDONLY | O_DIRECTORY)
        for name in try own.directoryEntryBytes().map(FileName.shown) where !name.hasPrefix(".") {
            guard let st = try? dir.statusAt(bytes: Self.raw(name)) else { continue }
            if st.isDirectory {
                entries.append((name, .directory))
                statuses[name] = st
            } else if let type = NameMap.sourceType(forFile: name), showsOffice || !type.isOffice {
                let rel = relativePath.isEmpty ? name : relativePath + "/" + name
                if st.isRegular || (st.isSymlink && insideRoot(rel) != nil) {
                    if let kind = shownKind(dir, name: name, relativePath: rel, symlink: st.isSymlink),
                       let fst = try? fileStatus(dir, name: name, relativePath: rel) {
                        entries.append((name, kind))
                        statuses[name] = fst
                    }
                }
            }
            // Symlinks to directories, sockets, devices, fifos: not shown.
        }
        let map = NameMap.map(entries, office: showsOffice, rename: names.rename)
        let shown = map.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let listing = Listing(identity: id, namingGeneration: names.generation, map: map,
                              entries: shown.map { ($0, statuses[map[$0]!.source]!) })
        listings.withLock { $0[relativePath] = listing }
        return listing
    }

    /// How a file is shown, or nil when it is not: it must be readable and
    /// its first bytes must agree with its name (a PDF header for `.pdf`, an
    /// image signature for image names, `SourceKind.classify(head:name:)`).
    /// A TIFF with a second page is shown as a PDF (`TIFFPages`).
    private func shownKind(_ dir: FileDescriptor, name: String, relativePath: String, symlink: Bool) -> NameMap.EntryKind? {
        let fd: FileDescriptor
        do {
            if symlink {
                guard let t = insideRoot(relativePath) else { return nil }
                fd = try FileDescriptor.open(bytes: t, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            } else {
                fd = try dir.openAt(bytes: Self.raw(name), flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            }
            guard try fd.status().isRegular else { return nil }
            let head = try fd.read(count: 1024, at: 0)
            guard let kind = try? SourceKind.classify(head: head, name: name) else { return nil }
            if NameMap.sourceType(forFile: name) == .tiff, kind == .image(.tiff), TIFFPages.hasSecondPage(fd) {
                return .multiPageImage
            }
            return .file
        } catch {
            return nil
        }
    }
}
