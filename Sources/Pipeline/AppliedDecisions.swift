import Detect
import RedactCore
import Synchronization

/// A document's review decisions as a render applies them: detections the
/// user keeps visible are dropped before burning, added strings are found
/// like always-redact terms (in this document only), and added areas are
/// burned as they are. Records which kept detections matched, so that a
/// decision the source no longer bears out is reported, never applied to
/// something else.
public final class AppliedDecisions: Sendable {
    let decisions: DocumentDecisions
    let added: TermMatcher
    private let matched = Mutex<Set<KeptDetection>>([])

    public init(_ decisions: DocumentDecisions) {
        self.decisions = decisions
        added = TermMatcher(decisions.added.map { TermPattern(text: $0, substring: false) })
    }

    /// The text a listing shows for a detection, and a kept decision names:
    /// its scalars with each whitespace run as one space.
    public static func text(of d: Detection, in text: PageText) -> String {
        var v = String.UnicodeScalarView()
        var space = false
        for s in text.scalars[d.range.clamped(to: 0..<text.scalars.count)] {
            if s.isWhitespaceFast {
                space = true
                continue
            }
            if space, !v.isEmpty { v.append(" ") }
            space = false
            v.append(s)
        }
        return String(v)
    }

    /// `found` on page `index` with the kept detections taken out.
    func droppingKept(_ found: [Detection], page index: Int, text: PageText) -> [Detection] {
        let kept = decisions.kept.filter { $0.page == index }
        if kept.isEmpty { return found }
        return found.filter { d in
            let ref = KeptDetection(page: index, category: d.category, text: Self.text(of: d, in: text))
            guard kept.contains(ref) else { return true }
            matched.withLock { _ = $0.insert(ref) }
            return false
        }
    }

    /// The added strings where they stand in `text`.
    public func addedDetections(in text: PageText) -> [Detection] {
        added.detect(text.scalars).map { d in
            var d = d
            d.kind = "added in review"
            return d
        }
    }

    /// Added areas of page `index`, in points.
    func areas(page index: Int) -> [Rect] {
        decisions.areas.filter { $0.page == index }.map(\.rect)
    }

    /// Kept detections that matched nothing in this render.
    public var stale: [KeptDetection] {
        let hit = matched.withLock { $0 }
        return decisions.kept.filter { !hit.contains($0) }
    }
}
