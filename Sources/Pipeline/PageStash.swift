#if canImport(Glibc)
import Glibc
#endif
import Encode
import Posix
import RedactCore
import Secrets
import Synchronization

/// A compressed page waiting for the end of its render: in memory (its
/// bytes counted against the in-flight share), or sealed on disk.
enum HeldPage: Sendable {
    case memory(EncodedPage)
    case stored(EncodedPage, Range<Int>)

    var byteCount: Int {
        switch self {
        case .memory(let p): return p.byteCount
        case .stored(_, let r): return r.count
        }
    }
}

/// One render's compressed pages, held so that the daemon's memory does
/// not grow with the page count (see `OutputSpill`). Thread-safe: pages
/// arrive on the render's worker threads.
final class PageStash: Sendable {
    let spill: OutputSpill?
    private let file = Mutex<SealedFile?>(nil)
    /// In-flight bytes this render took; given back by `release`/`releaseAll`.
    private let reserved = Atomic<Int>(0)

    init(_ spill: OutputSpill?) { self.spill = spill }

    /// Keeps `page` in memory if the in-flight share has room, else on disk.
    func hold(_ page: EncodedPage) throws(EncodeError) -> HeldPage {
        guard let spill else { return .memory(page) }
        if spill.inFlight.reserve(page.byteCount) {
            reserved.add(page.byteCount, ordering: .relaxed)
            return .memory(page)
        }
        do {
            let f = try file.withLock { f throws(Errno) -> SealedFile in
                if let f { return f }
                let new = try SealedFile(directory: spill.directory, cipher: spill.cipher)
                f = new
                return new
            }
            return .stored(page.hollow, try f.append(page.payload))
        } catch {
            throw .storage(errno: error.rawValue)
        }
    }

    /// The whole page, read back from disk if it waits there.
    func page(_ held: HeldPage) throws(EncodeError) -> EncodedPage {
        switch held {
        case .memory(let p): return p
        case .stored(let hollow, let range):
            guard let f = file.withLock({ $0 }) else { throw .storage(errno: EIO) }
            do { return hollow.filled(try f.read(range)) } catch { throw .storage(errno: error.rawValue) }
        }
    }

    /// Gives back the in-flight bytes of a page no longer held.
    func release(_ held: HeldPage) {
        guard case .memory(let p) = held, let spill else { return }
        reserved.subtract(p.byteCount, ordering: .relaxed)
        spill.inFlight.release(p.byteCount)
    }

    /// Gives back whatever this render still holds of the in-flight share.
    func releaseAll() {
        let n = reserved.exchange(0, ordering: .relaxed)
        if n > 0 { spill?.inFlight.release(n) }
    }

    var anyStored: Bool { file.withLock { $0 != nil } }

    /// The output PDF of `pages`, in order: in memory when it is small and
    /// every page is, else streamed into a sealed file a page at a time.
    func finish(_ pages: [HeldPage], writer: consuming PDFDocumentWriter) throws(RedactError) -> OutputBytes {
        let total = pages.reduce(0) { $0 + $1.byteCount }
        guard let spill, anyStored || total > spill.sealAbove else {
            for case .memory(let p) in pages { writer.add(p) }
            do { return .memory(try writer.finish()) } catch { throw .damaged(.encode) }
        }
        do throws(EncodeError) {
            let out: SealedFile
            do { out = try SealedFile(directory: spill.directory, cipher: spill.cipher) } catch {
                throw EncodeError.storage(errno: error.rawValue)
            }
            try PDFDocumentWriter.stream(count: pages.count, page: { i throws(EncodeError) in
                let p = try page(pages[i])
                release(pages[i])
                return p
            }, into: { bytes throws(EncodeError) in
                do throws(Errno) { _ = try out.append(bytes) } catch { throw .storage(errno: error.rawValue) }
            })
            do { try out.close() } catch { throw EncodeError.storage(errno: error.rawValue) }
            return .sealed(out)
        } catch .storage(let e) {
            throw .io(.encode, e)
        } catch {
            throw .damaged(.encode)
        }
    }
}
