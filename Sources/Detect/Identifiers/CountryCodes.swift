/// ISO 3166-1 alpha-2 country codes (and XK, which SWIFT uses for Kosovo),
/// for the country part of a BIC.
enum CountryCodes {
    static let all = """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW \
        BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI \
        FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN \
        IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME \
        MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF \
        PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV \
        SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK \
        YE YT ZA ZM ZW
        """

    /// Bit b of entry a: the code (A + a, A + b) exists.
    static let table: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 26)
        for code in all.split(separator: " ") {
            let v = Array(code.unicodeScalars)
            t[Int(v[0].value - 0x41)] |= 1 << (v[1].value - 0x41)
        }
        return t
    }()

    /// Whether two capitals (ASCII values) are a country code.
    @inline(__always) static func contains(_ a: UInt32, _ b: UInt32) -> Bool {
        guard a &- 0x41 < 26, b &- 0x41 < 26 else { return false }
        return table[Int(a - 0x41)] & (1 << (b - 0x41)) != 0
    }
}
