import RedactCore

/// A US plate after its state's code (`2020 Kia Soul, NV TSN-4411`): the
/// code where a value starts (after `,`, `(`, `:`, a vehicle word, or
/// opening its line or cell), then a plate-shaped code holding letters and
/// digits (a ZIP code has no letters), on a line that speaks of a vehicle
/// (a make, `vehicle`, `plate`) or below one. Police reports and claims
/// write a car as make, model, state and plate.
extension PlateRecognizer {
    static let usStates = WordHash.set("""
        AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH \
        OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC
        """)

    static func usStatePlate(_ ts: TokenStream, at k: Int) -> Int? {
        let toks = ts.tokens
        let t = toks[k]
        guard t.kind == .word, t.count == 2, t.has(.upper), usStates.contains(t.hash), k + 1 < toks.count,
              toks[k + 1].line == t.line, toks[k + 1].has(.spaceBefore), !toks[k + 1].has(.cellStart),
              let e = plate(ts, at: k + 1) else { return nil }
        guard (k + 1..<e).contains(where: { toks[$0].letters > 0 }), (k + 1..<e).contains(where: { toks[$0].digits > 0 }) else {
            return nil
        }
        return opensValueNearVehicle(ts, at: k) ? e : nil
    }
}
