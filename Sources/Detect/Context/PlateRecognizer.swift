import RedactCore

/// Vehicle licence plates, only after a label.
///
/// Rule: a plate label (`Kennzeichen`, `amtl. Kennzeichen`,
/// `Kfz-Kennzeichen`, `Registration`, `Reg. No.`, `VRN`, `Number plate`,
/// `Licence plate`, …) and right after it (or on the next line or in the
/// label's column) a plate: German `B-AB 1234`, `M AB 123E`, `HH-X 99H`
/// (1-3 letters, 1-2 letters, 1-4 digits, optional `E`/`H`), UK `AB12 CDE`,
/// or another plate-like code of 4-9 capitals and digits holding both.
enum PlateRecognizer {
    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        for hit in labels where hit.label.role == .plate {
            var taken: Int?
            for (c, _) in Fields.candidates(ts, first: hit.first, end: hit.end) {
                if let e = plate(ts, at: c) {
                    out.append(Detection(category: .licencePlate, range: ts.span(c, e - 1), confidence: 0.85,
                                         reason: .context, kind: hit.label.kind))
                    taken = c
                    break
                }
            }
            // A column headed `Kennzeichen`: the plate of every row (a fleet list).
            if BirthDateRecognizer.isColumnHeader(ts, hit) {
                let toks = ts.tokens
                for c in TableRows.column(ts, header: Int(toks[hit.first].line), cell: toks[hit.first].cell) where c != taken {
                    if let e = plate(ts, at: c) {
                        out.append(Detection(category: .licencePlate, range: ts.span(c, e - 1), confidence: 0.85,
                                             reason: .context, kind: hit.label.kind))
                    }
                }
            }
        }
    }

    /// The end of a plate starting at token `k`.
    static func plate(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        guard k < toks.count, toks[k].kind != .punct else { return nil }
        let lineEnd = ts.lineEnd(toks[k].line)
        // Up to four pieces joined by a space or a hyphen, capitals and digits only.
        var pieces: [Int] = []  // token index after each piece
        var j = k
        var chars: [UInt8] = []  // 'L' or 'D' per scalar, '|' between pieces
        while j < lineEnd, pieces.count < 4 {
            let t = toks[j]
            guard t.kind != .punct, t.letters == 0 || t.has(.upper) else { break }
            if j > k && (t.has(.cellStart) || !(t.has(.spaceBefore) || toks[j - 1].isPunct("-"))) { break }
            for i in t.range { chars.append(ts.text[i].value.isDigit ? 0x44 : 0x4C) }
            j += 1
            pieces.append(j)
            if j + 1 < lineEnd, toks[j].glued, toks[j].isPunct("-"), toks[j + 1].glued { j += 1 }
            chars.append(0x7C)
        }
        // Longest prefix of pieces that reads as a plate.
        var cut = chars.count
        for p in pieces.indices.reversed() {
            let shape = chars[0..<cut].filter { $0 != 0x7C }
            if isPlate(shape, pieces: p + 1) { return pieces[p] }
            // drop the last piece
            cut -= 1
            while cut > 0, chars[cut - 1] != 0x7C { cut -= 1 }
        }
        return nil
    }

    static func isPlate(_ shape: [UInt8], pieces: Int) -> Bool {
        let L: UInt8 = 0x4C, D: UInt8 = 0x44
        let letters = shape.prefix { $0 == L }.count
        let rest = shape.dropFirst(letters)
        let digits = rest.prefix { $0 == D }.count
        let tail = rest.dropFirst(digits)
        // German: 2-5 letters (district + recognition), 1-4 digits, E/H.
        if pieces >= 2 || shape.count >= 4, (2...5).contains(letters), (1...4).contains(digits), tail.count <= 1,
           tail.allSatisfy({ $0 == L }) {
            return true
        }
        // UK: AB12 CDE
        if shape == [L, L, D, D, L, L, L] { return true }
        let hasL = shape.contains(L), hasD = shape.contains(D)
        return hasL && hasD && (5...9).contains(shape.count) && pieces <= 3
    }
}
