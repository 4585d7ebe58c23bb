import RedactCore

/// Vehicle licence plates, after a label or in a shape only a plate has.
///
/// Rule: a plate label (`Kennzeichen`, `amtl. Kennzeichen`,
/// `Kfz-Kennzeichen`, `Registration`, `Reg. No.`, `VRN`, `Number plate`,
/// `Licence plate`, …) and right after it (or on the next line or in the
/// label's column) a plate: German `B-AB 1234`, `M AB 123E`, `HH-X 99H`
/// (1-3 letters, 1-2 letters, 1-4 digits, optional `E`/`H`), UK `AB12 CDE`,
/// or another plate-like code of 4-9 capitals and digits holding both.
///
/// Without a label, only shapes nothing else has: a current UK plate
/// (`BX19 KLM`: DVLA's letters and an age identifier that has been issued),
/// and a German plate written with its hyphen (`M-AB 1234`) on a line that
/// speaks of a vehicle, or the line before it does. Police reports, claims
/// and witness statements name cars in running text.
enum PlateRecognizer {
    static func find(_ ts: TokenStream, labels: [LabelHit], into out: inout [Detection]) {
        unlabelled(ts, into: &out)
        for hit in labels where hit.label.role == .plate {
            var taken: Int?
            for (c, _) in Fields.candidates(ts, first: hit.first, end: hit.end) {
                if let e = plate(ts, at: c), !isSample(ts, c) {
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

    static func unlabelled(_ ts: TokenStream, into out: inout [Detection]) {
        let toks = ts.tokens
        var k = 0
        while k < toks.count {
            defer { k += 1 }
            let t = toks[k]
            guard t.kind != .punct, t.has(.upper) || t.kind == .alnum, k == 0 || !toks[k].glued || toks[k - 1].isPunct("(") else { continue }
            if let e = ukPlate(ts, at: k) ?? germanPlate(ts, at: k) ?? swissPlate(ts, at: k), !isSample(ts, k) {
                out.append(Detection(category: .licencePlate, range: ts.span(k, e - 1), confidence: 0.8, reason: .pattern,
                                     kind: "plate"))
                k = e - 1
            } else if let e = usStatePlate(ts, at: k), !isSample(ts, k) {
                // The state's code is not the plate.
                out.append(Detection(category: .licencePlate, range: ts.span(k + 1, e - 1), confidence: 0.8, reason: .pattern,
                                     kind: "plate"))
                k = e - 1
            }
        }
    }

    /// A plate shown as an example (`Example registration: AB51 ABC`,
    /// `e.g. AB12 CDE`, `zum Beispiel M-AB 1234`): the line says so before it.
    static func isSample(_ ts: TokenStream, _ k: Int) -> Bool {
        let toks = ts.tokens
        let line = ts.line(Int(toks[k].line))
        let before = line.lowerBound..<k
        if before.contains(where: { toks[$0].kind == .word && sampleWords.contains(toks[$0].hash) }) { return true }
        // `e.g.`, `z. B.`
        return before.contains { i in
            i + 2 < k && toks[i + 2].kind == .word && (ts.isWord(i, "e") && ts.isWord(i + 2, "g") || ts.isWord(i, "z") && ts.isWord(i + 2, "b"))
        }
    }

    static let sampleWords = WordHash.set("""
        example examples sample specimen eg beispiel beispiele muster exemplarisch fictitious fiktiv
        """)

    /// `BX19 KLM` or `BX19KLM`: a DVLA memory tag (no I, Q, Z), an age
    /// identifier (`02`-`26` for March, `51`-`76` for September), three
    /// letters (no I, Q).
    static func ukPlate(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        let s = ts.text
        func letter(_ c: Unicode.Scalar, _ banned: String) -> Bool {
            c.value >= 0x41 && c.value <= 0x5A && !banned.unicodeScalars.contains(c)
        }
        let a = Int(toks[k].start)
        func tail(_ i: Int) -> Bool { letter(s[i], "IQ") && letter(s[i + 1], "IQ") && letter(s[i + 2], "IQ") }
        func head() -> Bool {
            guard letter(s[a], "IQZ"), letter(s[a + 1], "IQZ"), s[a + 2].value.isDigit, s[a + 3].value.isDigit else { return false }
            let age = Int(s[a + 2].value - 0x30) * 10 + Int(s[a + 3].value - 0x30)
            return (2...26).contains(age) || (51...76).contains(age)
        }
        if toks[k].count == 7, toks[k].kind == .alnum, head(), tail(a + 4) {
            return end(ts, k + 1)
        }
        guard toks[k].count == 4, toks[k].kind == .alnum, head(), k + 1 < toks.count, toks[k + 1].line == toks[k].line,
              toks[k + 1].kind == .word, toks[k + 1].count == 3, toks[k + 1].has(.spaceBefore), !toks[k + 1].has(.cellStart),
              tail(Int(toks[k + 1].start)) else { return nil }
        return end(ts, k + 2)
    }

    /// `M-AB 1234`, `HH-X 99H`, `BGL-K 77E` where the line or the one above
    /// speaks of a vehicle.
    static func germanPlate(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        guard toks[k].kind == .word, toks[k].has(.upper), (1...3).contains(toks[k].count), k + 3 < toks.count,
              toks[k + 1].isPunct("-"), toks[k + 1].glued, toks[k + 2].glued, toks[k + 2].kind == .word, toks[k + 2].has(.upper),
              (1...2).contains(toks[k + 2].count), toks[k + 3].line == toks[k].line, toks[k + 3].has(.spaceBefore),
              !toks[k + 3].has(.cellStart) else { return nil }
        let n = toks[k + 3]
        let digits = Int(n.digits)
        guard (1...4).contains(digits), n.letters == 0 || (n.letters == 1 && n.kind == .alnum
            && (ts.text[Int(n.end) - 1] == "E" || ts.text[Int(n.end) - 1] == "H")) else { return nil }
        let line = Int(toks[k].line)
        let lines = (max(0, line - 1)...line).flatMap { Array(ts.line($0)) }
        guard lines.contains(where: { toks[$0].kind == .word && vehicleWords.contains(toks[$0].hash) }) else { return nil }
        return end(ts, k + 4)
    }

    /// `e` unless the code goes on glued (`BX19KLM7` is some other code).
    static func end(_ ts: TokenStream, _ e: Int) -> Int? {
        let toks = ts.tokens
        if e < toks.count, toks[e].line == toks[e - 1].line, toks[e].glued, toks[e].kind != .punct { return nil }
        if e < toks.count, toks[e].line == toks[e - 1].line, toks[e].glued,
           toks[e].isPunct("-") || toks[e].isPunct("/") || toks[e].isPunct("."),
           e + 1 < toks.count, toks[e + 1].glued, toks[e + 1].kind != .punct { return nil }
        return e
    }

    static let vehicleWords = WordHash.set("""
        Fahrzeug Fahrzeuge Pkw Kfz Lkw Auto Wagen Motorrad Roller Transporter Anhänger Wohnmobil Kennzeichen \
        Halter Halterin Fahrer Fahrerin Unfallgegner geparkt parkte Parkverstoß Kombi Limousine Cabrio SUV \
        vehicle vehicles car van motorcycle truck lorry driver parked registered plate reg \
        VW Volkswagen BMW Audi Mercedes Opel Ford Skoda Škoda Seat Toyota Renault Fiat Peugeot Citroën Citroen Tesla \
        Hyundai Kia Volvo Mazda Nissan Honda Dacia Porsche Mini Smart Golf Passat Polo Astra Corsa Focus Fiesta \
        Kontrollschild Nummernschild Motorfahrzeug Motorfahrzeuge
        """)

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
            // A plate ends where its code ends: `(RCW 46.52.020)` is a statute, not `RCW 46`.
            if isPlate(shape, pieces: p + 1) { return end(ts, pieces[p]) }
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
