import RedactCore

/// German tax number (Steuernummer) of a tax office's file.
///
/// Rule: only after a label (Steuernummer, Steuer-Nr., St.-Nr., StNr, Tax
/// number): there is no public check digit common to all states. Formats:
/// the 13-digit federal (ELSTER) form with 0 as fifth digit, and the state
/// forms with `/` or spaces: 2/3/5 ("21/815/08150", "21 815 08150"),
/// 3/3/5 ("181/815/08155"), 5/5 ("93815/08152"), 3/4/4 ("133/8150/8159"),
/// or the same digits unbroken; the Austrian form 2 3/4 ("98 204/7716",
/// "98-204/7716": the tax office's number and the taxpayer's, as
/// FinanzOnline writes them). With no check digit to confirm a repair,
/// at most one OCR look-alike (O, I/l, S, B next to a digit) is read as a
/// digit, at lower confidence.
enum Steuernummer {
    static let kind = "DE Steuernummer"
    static let confidence = 0.85
    static let shapes10: [UInt32] = [Candidate.gapMask([2, 3, 5]), Candidate.gapMask([5, 5])]
    static let shapes11: [UInt32] = [Candidate.gapMask([3, 3, 5]), Candidate.gapMask([3, 4, 4])]
    static let austrian = Candidate.gapMask([2, 3, 4])

    static func match(_ s: Text, at p: Int, context: LabelSet, _ c: inout Candidate, into out: inout [Detection]) {
        guard context.contains(.steuernummer) else { return }
        if c.collect(s, from: p, count: 13, separators: []) {
            let repaired = c.digits(0..<13)
            if repaired >= 0, repaired <= 1, c.digits[4] == 0 {
                let conf = confidence - 0.05 * Double(repaired)
                out.append(Detection(category: .taxID, range: p..<c.end, confidence: conf, reason: .context,
                                     kind: kind))
                return
            }
        }
        // Austria: the tax office's two digits, then three and four (`98 204/7716`, `98-204/7716`).
        if c.collect(s, from: p, count: 9, separators: [.space, .hyphen, .slash]), c.gaps == austrian, c.used.contains(.slash),
           c.digits(0..<9) == 0 {
            out.append(Detection(category: .taxID, range: p..<c.end, confidence: confidence, reason: .context,
                                 kind: "AT Steuernummer"))
            return
        }
        for (n, shapes) in [(10, shapes10), (11, shapes11)] {
            guard c.collect(s, from: p, count: n, separators: [.space, .slash]),
                  c.used != [.space, .slash], c.gaps == 0 || shapes.contains(c.gaps)
            else { continue }
            let repaired = c.digits(0..<n)
            guard repaired >= 0, repaired <= 1 else { continue }
            out.append(Detection(category: .taxID, range: p..<c.end, confidence: confidence - 0.05 * Double(repaired),
                                 reason: .context, kind: kind))
            return
        }
    }
}
