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
        guard let office else { throw OfficeFailure.notInstalled.redactError }
        guard size <= Int64(limits.maxOfficeBytes) else { throw .limitExceeded(.officeBytes(max: limits.maxOfficeBytes)) }
        let pdf: FileDescriptor
        let convertStart = StageTimes.now()
        do { pdf = try office.convert(fd, type: type, limits: limits) } catch {
            if case .tooLarge(let m) = error, m == limits.maxOfficeBytes { throw .limitExceeded(.officeBytes(max: m)) }
            throw error.redactError
        }
        let converted = StageTimes.now() - convertStart
        var r = try redact(pdf, name: "document.pdf", output: .pdf, priority: priority, control: control, spill: spill,
                           decisions: decisions, progress: progress)
        // Converting is how an office document is opened: it counts as parsing.
        r.stages.parse += converted
        r.milliseconds = Int((Self.now() - start) * 1000)
        return r
    }
}
