#if canImport(Glibc)
import Glibc
#endif
import CPosix
import Pipeline
import Posix
import RedactCore

/// One input of `redact` or `scan`: a file named on the command line, or
/// standard input (`-`) spooled into memory.
struct RedactInput {
    /// What the user typed (`-` for standard input).
    var argument: String
    /// How messages name it: the path, or "standard input".
    var label: String { isStandardInput ? "standard input" : argument }
    var isStandardInput: Bool { argument == "-" }

    /// The name the output type is decided by, as in the mount: the last
    /// path component, leading dots taken off (the mount hides dotfiles;
    /// the command line was handed this one on purpose). nil for stdin.
    var typeName: String? {
        guard !isStandardInput, let last = argument.split(separator: "/").last else { return nil }
        let name = String(last.drop(while: { $0 == "." }))
        return name.isEmpty ? nil : name
    }

    /// Opens the input: a regular file, or standard input spooled into a
    /// sealed memfd within the pipeline's size limits. Failures are mapped
    /// as the pipeline's are (`report`).
    func open(limits: Limits) -> Result<FileDescriptor, RedactInputFailure> {
        if isStandardInput { return StandardInputSpool.read(limits: limits) }
        do {
            let fd = try FileDescriptor.open(argument, flags: O_RDONLY)
            guard try fd.status().isRegular else { return .failure(.notRegular) }
            return .success(fd)
        } catch {
            switch error {
            case .noSuchFileOrDirectory, .notDirectory: return .failure(.pipeline(.notFound))
            case .permissionDenied: return .failure(.pipeline(.accessDenied))
            default: return .failure(.pipeline(.io(.open, error.rawValue)))
            }
        }
    }

    /// The type written for this input: by its name for a file (the mount's
    /// rule, `NameMap`), by its first bytes for standard input.
    func outputType(_ fd: FileDescriptor) -> Result<NameMap.OutputType, RedactError> {
        if let name = typeName {
            guard let source = NameMap.sourceType(forFile: name) else { return .failure(.unsupported) }
            let multiPage = source == .tiff && TIFFPages.hasSecondPage(fd)
            return .success(NameMap.outputType(for: source, multiPage: multiPage))
        }
        do throws(RedactError) {
            switch try SourceKind.classify(fd) {
            case .pdf: return .success(.pdf)
            case .image(.tiff): return .success(TIFFPages.hasSecondPage(fd) ? .pdf : .png)
            case .image(.jpeg): return .success(.jpeg)
            case .image: return .success(.png)
            // Standard input is never classified as text, mail or an office
            // document (it has no name).
            case .text, .mail, .office: return .failure(.unsupported)
            }
        } catch {
            return .failure(error)
        }
    }

    /// `NAME.redacted.EXT` beside the input (`letter.pdf` → `letter.redacted.pdf`,
    /// `scan.tif` of three pages → `scan.redacted.pdf`); `rename` is applied
    /// to the stem, as the mount applies the always-redact terms to names.
    func defaultOutput(_ type: NameMap.OutputType, rename: (String) -> String) -> String? {
        guard !isStandardInput else { return nil }
        let slash = argument.lastIndex(of: "/")
        let dir = slash.map { String(argument[...$0]) } ?? ""
        let base = slash.map { String(argument[argument.index(after: $0)...]) } ?? argument
        let dots = String(base.prefix(while: { $0 == "." }))
        let rest = String(base.dropFirst(dots.count))
        guard let shown = NameMap.outputName(forFile: rest) else { return nil }
        let stem = String(shown.dropLast(NameMap.outputType(forShown: shown)!.suffix.count))
        return dir + dots + rename(stem) + type.suffix
    }
}

enum RedactInputFailure: Error {
    /// As the pipeline reports it (`report`).
    case pipeline(RedactError)
    /// A folder, device or pipe named as input.
    case notRegular
    /// Standard input is a terminal: nothing to read a document from.
    case terminal
    /// memfd_create is missing or failed (errno).
    case noMemory(Int32)

    /// Prints the one line and gives the exit status.
    func reported(input: String) -> ExitCode {
        switch self {
        case .pipeline(let e):
            return report(e, input: input)
        case .notRegular:
            printErr("Error: \(input): not a regular file")
            return .noInput
        case .terminal:
            printErr("Error: standard input is a terminal: redirect a document into it")
            return .usage
        case .noMemory(let e):
            printErr("Error: standard input: cannot hold it in memory (memfd_create: \(Errno(rawValue: e)))")
            return .ioError
        }
    }
}

/// Standard input read whole into an anonymous memory file: no name in any
/// file system, gone with the process, sealed against change before a
/// worker reads it. Never a temporary file on disk.
enum StandardInputSpool {
    /// Reads fd 0 to its end into a sealed memfd, within the limits the
    /// pipeline sets a file: once the first bytes are in, what they are not
    /// a PDF or image header of is refused before more is read, and an
    /// image may be no larger than an image file (`maxImageBytes`), a PDF
    /// no larger than a source (`maxSourceBytes`); the limit is named.
    static func read(limits: Limits) -> Result<FileDescriptor, RedactInputFailure> {
        if isatty(0) == 1 { return .failure(.terminal) }
        let fd: FileDescriptor
        do { fd = try MemoryFile.create("redactfs-stdin") } catch { return .failure(.noMemory(error.rawValue)) }
        var total: Int64 = 0
        var head: [UInt8] = []
        var limit: Limit?
        var buf = [UInt8](repeating: 0, count: 1 << 20)
        defer { buf.withUnsafeMutableBytes { p in _ = memset(p.baseAddress!, 0, p.count) } }
        while true {
            let r = buf.withUnsafeMutableBytes { p in retryOnInterrupt { Glibc.read(0, p.baseAddress!, p.count) } }
            let n: Int
            switch r {
            case .success(let got): n = got
            case .failure(let e): return .failure(.pipeline(.io(.open, e.rawValue)))
            }
            if limit == nil, n == 0 || head.count + n >= headerWindow {
                head.append(contentsOf: buf[0..<min(n, headerWindow - head.count)])
                switch classify(head, limits) {
                case .success(let l): limit = l
                case .failure(let e): return .failure(.pipeline(e))
                }
            } else if limit == nil {
                head.append(contentsOf: buf[0..<n])
            }
            if n == 0 { break }
            total += Int64(n)
            if let limit, total > limit.bytes { return .failure(.pipeline(.limitExceeded(limit))) }
            let written: Result<Void, Errno> = buf.withUnsafeBytes { p in
                do throws(Errno) {
                    try fd.writeAll(UnsafeRawBufferPointer(rebasing: p[0..<n]))
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            if case .failure(let e) = written {
                return .failure(e == Errno(rawValue: ENOSPC) || e == Errno(rawValue: ENOMEM)
                    ? .noMemory(e.rawValue) : .pipeline(.io(.open, e.rawValue)))
            }
        }
        // Nobody changes it from here on, a worker included.
        do { try MemoryFile.seal(fd) } catch { return .failure(.noMemory(error.rawValue)) }
        return .success(fd)
    }
}

extension StandardInputSpool {
    /// The bytes the type is read from (PDF readers look for the header
    /// in the first 1024).
    static let headerWindow = 1024

    /// The size limit for what the first bytes say the input is.
    static func classify(_ head: [UInt8], _ limits: Limits) -> Result<Limit, RedactError> {
        do throws(RedactError) {
            switch try SourceKind.classify(head: head) {
            case .pdf: return .success(.sourceBytes(max: limits.maxSourceBytes))
            case .image: return .success(.imageBytes(max: limits.maxImageBytes))
            case .text: return .success(.textBytes(max: limits.maxTextBytes))
            case .mail: return .success(.mailBytes(max: limits.maxMailBytes))
            case .office: return .success(.officeBytes(max: limits.maxOfficeBytes))
            }
        } catch {
            return .failure(error)
        }
    }
}

extension Limit {
    /// The byte count of a size limit.
    var bytes: Int64 {
        switch self {
        case .sourceBytes(let m): return m
        case .imageBytes(let m): return Int64(m)
        case .textBytes(let m): return Int64(m)
        case .mailBytes(let m): return Int64(m)
        case .officeBytes(let m): return Int64(m)
        default: return .max
        }
    }
}

/// Where an output goes and why it may not go there.
enum OutputCheck {
    /// The extensions a name of this type may end in (the first is the one
    /// `NAME.redacted.EXT` uses).
    static func extensions(_ type: NameMap.OutputType) -> [String] {
        switch type {
        case .pdf: return ["pdf"]
        case .png: return ["png"]
        case .jpeg: return ["jpg", "jpeg"]
        case .txt: return ["txt"]
        case .md: return ["md"]
        case .log: return ["log"]
        case .csv: return ["csv"]
        case .tsv: return ["tsv"]
        case .json: return ["json"]
        case .eml: return ["eml"]
        }
    }

    static func typeName(_ type: NameMap.OutputType) -> String {
        switch type {
        case .pdf: return "a PDF"
        case .png: return "a PNG"
        case .jpeg: return "a JPEG"
        case .txt, .md, .log: return "text"
        case .csv: return "CSV"
        case .tsv: return "TSV"
        case .json: return "JSON"
        case .eml: return "a mail message"
        }
    }

    /// nil when `path` ends in an extension of `type`, else the message.
    static func extensionProblem(_ path: String, _ type: NameMap.OutputType, input: String) -> String? {
        let base = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let ext = base.lastIndex(of: ".").map { String(base[base.index(after: $0)...]).lowercased() }
        let wanted = extensions(type)
        if let ext, wanted.contains(ext) { return nil }
        return "\(path): \(input) is written as \(typeName(type)), so the output's name must end in .\(wanted[0])"
    }

    /// (device, inode) of what `path` names, following links; nil if nothing.
    static func identity(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Whether the folder the output goes into takes a new file; the reason if not.
    static func folderProblem(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let folder = dir.isEmpty ? "/" : dir
        var st = stat()
        guard stat(folder, &st) == 0 else { return "\(folder): \(Errno.current)" }
        guard st.st_mode & S_IFMT == S_IFDIR else { return "\(folder): not a folder" }
        guard access(folder, W_OK | X_OK) == 0 else { return "\(folder): \(Errno.current)" }
        return nil
    }
}

struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ st: FileStatus) {
        self.init(device: st.device, inode: st.inode)
    }

    /// What fd 0 is, when it is a regular file (`< x.pdf`).
    static func standardInput() -> FileIdentity? {
        var st = stat()
        guard fstat(0, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}
