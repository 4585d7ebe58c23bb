/// HTML character references (the WHATWG list's common part).
enum HTMLEntities {
    /// Named references without their `&` and `;`: the markup ones, all of
    /// Latin-1 (nbsp ... yuml), the Latin Extended letters Western mail
    /// uses, typographic punctuation, currency and a few symbols.
    static let named: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
        "nbsp": 0xA0, "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "curren": 0xA4, "yen": 0xA5,
        "brvbar": 0xA6, "sect": 0xA7, "uml": 0xA8, "copy": 0xA9, "ordf": 0xAA, "laquo": 0xAB,
        "not": 0xAC, "shy": 0xAD, "reg": 0xAE, "macr": 0xAF, "deg": 0xB0, "plusmn": 0xB1,
        "sup2": 0xB2, "sup3": 0xB3, "acute": 0xB4, "micro": 0xB5, "para": 0xB6, "middot": 0xB7,
        "cedil": 0xB8, "sup1": 0xB9, "ordm": 0xBA, "raquo": 0xBB, "frac14": 0xBC, "frac12": 0xBD,
        "frac34": 0xBE, "iquest": 0xBF,
        "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2, "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5,
        "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8, "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB,
        "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF, "ETH": 0xD0, "Ntilde": 0xD1,
        "Ograve": 0xD2, "Oacute": 0xD3, "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6, "times": 0xD7,
        "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB, "Uuml": 0xDC, "Yacute": 0xDD,
        "THORN": 0xDE, "szlig": 0xDF,
        "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4, "aring": 0xE5,
        "aelig": 0xE6, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB,
        "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF, "eth": 0xF0, "ntilde": 0xF1,
        "ograve": 0xF2, "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "divide": 0xF7,
        "oslash": 0xF8, "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD,
        "thorn": 0xFE, "yuml": 0xFF,
        "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178,
        "Zcaron": 0x17D, "zcaron": 0x17E, "fnof": 0x192, "circ": 0x2C6, "tilde": 0x2DC,
        "Ccaron": 0x10C, "ccaron": 0x10D, "Lstrok": 0x141, "lstrok": 0x142, "Nacute": 0x143, "nacute": 0x144,
        "Sacute": 0x15A, "sacute": 0x15B, "Zacute": 0x179, "zacute": 0x17A, "Zdot": 0x17B, "zdot": 0x17C,
        "Ecaron": 0x11A, "ecaron": 0x11B, "Rcaron": 0x158, "rcaron": 0x159, "Aogon": 0x104, "aogon": 0x105,
        "Eogon": 0x118, "eogon": 0x119, "Gbreve": 0x11E, "gbreve": 0x11F, "Idot": 0x130, "imath": 0x131,
        "Scedil": 0x15E, "scedil": 0x15F,
        "ensp": 0x2002, "emsp": 0x2003, "thinsp": 0x2009, "zwnj": 0x200C, "zwj": 0x200D,
        "lrm": 0x200E, "rlm": 0x200F, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018, "rsquo": 0x2019,
        "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020,
        "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032,
        "Prime": 0x2033, "lsaquo": 0x2039, "rsaquo": 0x203A, "oline": 0x203E, "frasl": 0x2044,
        "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "uarr": 0x2191, "rarr": 0x2192, "darr": 0x2193,
        "harr": 0x2194, "minus": 0x2212, "le": 0x2264, "ge": 0x2265, "ne": 0x2260, "asymp": 0x2248,
        "infin": 0x221E, "check": 0x2713, "hearts": 0x2665, "loz": 0x25CA,
        "Alpha": 0x391, "Beta": 0x392, "Gamma": 0x393, "Delta": 0x394, "Omega": 0x3A9,
        "alpha": 0x3B1, "beta": 0x3B2, "gamma": 0x3B3, "delta": 0x3B4, "mu": 0x3BC, "pi": 0x3C0, "omega": 0x3C9,
        "Tab": 0x09, "NewLine": 0x0A, "colon": 0x3A, "comma": 0x2C, "period": 0x2E, "semi": 0x3B,
        "excl": 0x21, "num": 0x23, "dollar": 0x24, "percnt": 0x25, "lpar": 0x28, "rpar": 0x29,
        "ast": 0x2A, "plus": 0x2B, "sol": 0x2F, "equals": 0x3D, "quest": 0x3F, "commat": 0x40,
        "lsqb": 0x5B, "bsol": 0x5C, "rsqb": 0x5D, "lowbar": 0x5F, "grave": 0x60, "lcub": 0x7B,
        "verbar": 0x7C, "rcub": 0x7D,
    ]

    /// Names browsers also read without the closing `;` (the legacy set;
    /// here its common part).
    static let withoutSemicolon: Set<String> = [
        "amp", "lt", "gt", "quot", "nbsp", "copy", "reg", "auml", "ouml", "uuml", "Auml", "Ouml", "Uuml", "szlig",
        "eacute", "egrave", "agrave", "aacute", "ccedil", "deg", "sect", "middot", "laquo", "raquo", "shy",
    ]

    /// What a numeric reference to `v` means (WHATWG): 0x80...0x9F read as
    /// Windows-1252, NUL, surrogates and anything past U+10FFFF as U+FFFD.
    static func numeric(_ v: UInt32) -> Unicode.Scalar {
        if v >= 0x80 && v <= 0x9F {
            let w = TextDecoding.cp1252High[Int(v - 0x80)]
            if w != 0, let s = Unicode.Scalar(w) { return s }
        }
        if v == 0 { return "\u{FFFD}" }
        return Unicode.Scalar(v) ?? "\u{FFFD}"
    }
}
