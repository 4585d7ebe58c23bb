import RedactCore

/// Swiss plates: a canton's code and up to six digits (`ZG 71442`, `AG 318
/// 44`). The 26 codes are a closed list; the shape alone is any code and
/// number, so the line or the one above must speak of a vehicle
/// (`Geschäftsfahrzeug`, `Motorrad`, `Kontrollschild`), and the code must
/// stand where a value starts (after `(`, `,`, `:`, a vehicle word, or
/// opening its line or cell), not after a company's name (`Muster AG 2024`).
extension PlateRecognizer {
    static let cantons = WordHash.set("""
        AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH
        """)
    static let vehicleSuffixes = AddressRecognizer.folded(["fahrzeug", "fahrzeuge", "wagen"])

    static func swissPlate(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .word, t.count == 2, t.has(.upper), cantons.contains(t.hash), k + 1 < toks.count else { return nil }
        let lineEnd = ts.lineEnd(t.line)
        // The digits: one group of 1-6, or 3 and 2 (`318 44`), one space apart.
        var e = k + 1
        var digits = 0
        while e < lineEnd, e - k <= 2, toks[e].kind == .number, toks[e].has(.spaceBefore), !toks[e].has(.cellStart) {
            digits += toks[e].count
            e += 1
        }
        guard (1...6).contains(digits), end(ts, e) != nil else { return nil }
        if e < lineEnd, toks[e].glued, toks[e].isPunct(".") || toks[e].isPunct(","), e + 1 < lineEnd, toks[e + 1].glued,
           toks[e + 1].kind == .number { return nil }
        return opensValueNearVehicle(ts, at: k) ? e : nil
    }

    /// Whether token `k` opens a value (a line, a cell, after `(`, `,`, `:` or
    /// a vehicle word) on a line that, or whose line before, speaks of a
    /// vehicle: a short code is a plate only there.
    static func opensValueNearVehicle(_ ts: TokenStream, at k: Int) -> Bool {
        let toks = ts.tokens
        let t = toks[k]
        let opens = t.has(.lineStart) || t.has(.cellStart)
            || (k > 0 && (toks[k - 1].isPunct("(") || toks[k - 1].isPunct(",") || toks[k - 1].isPunct(":")))
            || (k > 0 && toks[k - 1].kind == .word && isVehicleWord(ts, toks[k - 1]))
        guard opens else { return false }
        let line = Int(t.line)
        let lines = (max(0, line - 1)...line).flatMap { Array(ts.line($0)) }
        return lines.contains(where: { toks[$0].kind == .word && isVehicleWord(ts, toks[$0]) })
    }

    /// A vehicle word, or a compound ending in one (`Geschäftsfahrzeug`, `Dienstwagen`).
    static func isVehicleWord(_ ts: TokenStream, _ t: Token) -> Bool {
        vehicleWords.contains(t.hash) || NameRecognizer.endsWithAny(ts, t, vehicleSuffixes, keeping: 3)
    }
}
