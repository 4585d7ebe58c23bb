import Office
import Posix
import RedactCore

extension Redactor {
    /// An office document: converted to a PDF by LibreOffice in its
    /// sandbox (`OfficeConverter`), then redacted as that PDF, every page
    /// rasterized. Without LibreOffice, or over a limit, it fails closed.
    func redactOfficeFile(_ fd: FileDescriptor, type: NameMap.SourceType, output: NameMap.OutputType, size: Int64,
                          start: Double, priority: Priority, control: RenderControl?, spill: OutputSpill?,
                          decisions: AppliedDecisions?, progress: ((Int, Int) -> Void)?) throws(RedactError) -> Redaction {
        guard output == .pdf else { throw .unsupported }
        let convertStart = StageTimes.now()
        let pdf = try convertOffice(fd, type: type, size: size, priority: priority)
        let converted = StageTimes.now() - convertStart
        var r = try redact(pdf, name: "document.pdf", output: .pdf, priority: priority, control: control, spill: spill,
                           decisions: decisions, progress: progress)
        // Converting is how an office document is opened: it counts as parsing.
        r.stages.parse += converted
        r.milliseconds = Int((Self.now() - start) * 1000)
        return r
    }

    /// The PDF LibreOffice makes of an office document (a sealed memory
    /// file), within the office limits. The conversion holds a worker-pool
    /// slot, as a page worker does: soffice is a process working for this
    /// document, and a folder of office files opened at once takes turns
    /// with the other documents instead of starting one soffice each. (The
    /// slot is given back before the PDF's own workers ask for theirs.)
    func convertOffice(_ fd: FileDescriptor, type: NameMap.SourceType, size: Int64,
                       priority: Priority) throws(RedactError) -> FileDescriptor {
        guard let office else { throw OfficeFailure.notInstalled.redactError }
        guard size <= Int64(limits.maxOfficeBytes) else { throw .limitExceeded(.officeBytes(max: limits.maxOfficeBytes)) }
        let slot = pool.acquire(priority)
        defer { pool.release(slot) }
        do { return try office.convert(fd, type: type, limits: limits) } catch {
            if case .tooLarge(let m) = error, m == limits.maxOfficeBytes { throw .limitExceeded(.officeBytes(max: m)) }
            throw error.redactError
        }
    }

    /// `scan` of an office document: of the PDF it converts to (the pages
    /// the mount burns, with their numbers).
    func scanOffice(_ fd: FileDescriptor, type: NameMap.SourceType, priority: Priority,
                    decisions: AppliedDecisions?) throws(RedactError) -> [ScanPage] {
        let size: Int64
        do { size = try fd.status().size } catch { throw .io(.open, error.rawValue) }
        let pdf = try convertOffice(fd, type: type, size: size, priority: priority)
        return try scan(pdf, name: "document.pdf", priority: priority, decisions: decisions)
    }
}
