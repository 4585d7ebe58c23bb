/// IBAN lengths per country, from the SWIFT IBAN Registry (ISO 13616),
/// including the countries added up to 2025 (Burundi, Djibouti, Falkland
/// Islands, Honduras, Libya, Mongolia, Nicaragua, Oman, Russia, Somalia,
/// Sudan, Yemen). Territories that use their parent's IBAN (Åland: FI;
/// French overseas territories: FR; Jersey, Guernsey, Isle of Man: GB) have
/// no code of their own here.
enum IBANRegistry {
    /// Total IBAN length (country code, check digits and BBAN) by country code.
    static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28,
        "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27, "BR": 29, "BY": 28,
        "CH": 21, "CR": 22, "CY": 28, "CZ": 24,
        "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24,
        "FI": 18, "FK": 18, "FO": 18, "FR": 27,
        "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
        "HN": 28, "HR": 21, "HU": 28,
        "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
        "JO": 30,
        "KW": 30, "KZ": 20,
        "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25,
        "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30,
        "NI": 28, "NL": 18, "NO": 15,
        "OM": 23,
        "PK": 24, "PL": 28, "PS": 29, "PT": 25,
        "QA": 29,
        "RO": 24, "RS": 22, "RU": 33,
        "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
        "TL": 23, "TN": 24, "TR": 26,
        "UA": 29,
        "VA": 22, "VG": 24,
        "XK": 20,
        "YE": 30,
    ]

    /// The same table indexed by the two letters (0...25 each), 0 for none:
    /// what the scanner reads, without building a string per candidate.
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 26 * 26)
        for (code, length) in lengths {
            let u = Array(code.unicodeScalars)
            t[Int(u[0].value - 0x41) * 26 + Int(u[1].value - 0x41)] = UInt8(length)
        }
        return t
    }()

    static let maxLength = 34

    /// Countries whose BBAN is digits only (SWIFT registry, BBAN structure
    /// `n` throughout): a letter there, after OCR repair, is no IBAN
    /// ("be16 and be32 types" passes MOD 97 by chance).
    static let numericBBAN: Set<String> = [
        "AT", "BA", "BE", "CZ", "DE", "DK", "EE", "ES", "FI", "FO", "GL", "HR", "HU", "IL", "LT", "ME",
        "NO", "PL", "PT", "RS", "SE", "SI", "SK", "TL", "TN", "XK",
    ]

    /// `numericBBAN` by the two letters, as `table`.
    static let numericTable: [Bool] = {
        var t = [Bool](repeating: false, count: 26 * 26)
        for code in numericBBAN {
            let u = Array(code.unicodeScalars)
            t[Int(u[0].value - 0x41) * 26 + Int(u[1].value - 0x41)] = true
        }
        return t
    }()

    @inline(__always) static func hasNumericBBAN(_ a: UInt32, _ b: UInt32) -> Bool {
        numericTable[Int((a | 0x20) - 0x61) * 26 + Int((b | 0x20) - 0x61)]
    }

    /// The IBAN length for the country code `a b` (ASCII letters, any case), 0 if none.
    @inline(__always) static func length(_ a: UInt32, _ b: UInt32) -> Int {
        Int(table[Int((a | 0x20) - 0x61) * 26 + Int((b | 0x20) - 0x61)])
    }
}
