/// Case- and diacritic-insensitive hashing of words, shared by the tokenizer
/// and the word tables, so a table lookup costs one hash of scalars already
/// in hand and no String per token.
///
/// Folding: ASCII lowercased; Latin-1 and Latin Extended-A letters lowercased
/// and stripped of their marks (`Müller` → `muller`, `Łukasz` → `lukasz`);
/// Romanian `ș`, `ț` read `s`, `t`;
/// `ß` reads `ss`; combining marks are skipped (decomposed `u\u{308}` → `u`);
/// typographic apostrophes read `'`. Anything else is lowercased by its
/// Unicode mapping when that is one scalar.
enum WordHash {
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x100_0000_01b3

    @inline(__always) static func mix(_ h: UInt64, _ v: UInt32) -> UInt64 {
        (h ^ UInt64(v)) &* prime
    }

    /// Adds one scalar, folded, to `h`.
    @inline(__always) static func add(_ h: UInt64, _ c: Unicode.Scalar) -> UInt64 {
        let v = c.value
        if v < 0x80 { return mix(h, v.lowercasedASCII) }
        if v == 0xDF || v == 0x1E9E { return mix(mix(h, 0x73), 0x73) }  // ß, ẞ
        if v == 0x2019 || v == 0x2018 || v == 0x02BC { return mix(h, 0x27) }
        if v >= 0x300 && v < 0x370 { return h }  // combining marks
        return mix(h, fold(v))
    }

    /// The folded value of a scalar other than ASCII, ß and combining marks.
    @inline(__always) static func fold(_ v: UInt32) -> UInt32 {
        if v >= 0xC0 && v < 0x180 { return latin[Int(v - 0xC0)] }
        // Romanian comma-below letters: Ș ș Ț ț read as s, t (`Ionuț` = `Ionut`).
        if v >= 0x218 && v <= 0x21B { return v < 0x21A ? 0x73 : 0x74 }
        if let s = Unicode.Scalar(v) {
            let p = s.properties
            if p.isUppercase, let l = p.lowercaseMapping.unicodeScalars.first, p.lowercaseMapping.unicodeScalars.count == 1 {
                return l.value
            }
        }
        return v
    }

    static func hash(_ s: Text, _ r: Range<Int>) -> UInt64 {
        var h = seed
        for i in r { h = add(h, s[i]) }
        return h
    }

    static func hash(_ word: Substring) -> UInt64 {
        var h = seed
        for c in word.unicodeScalars { h = add(h, c) }
        return h
    }

    static func hash(_ word: String) -> UInt64 { hash(word[...]) }

    /// Hashes of the space-separated words of `packed` (tables are written as
    /// one string literal: fast to compile, built into a set in microseconds).
    static func set(_ packed: String) -> HashSet64 { HashSet64(hashes(packed)) }

    static func hashes(_ packed: String) -> [UInt64] {
        packed.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { hash($0) }
    }

    /// U+00C0..U+017F folded: lowercase base letter (Æ→æ, Ø→o, Ł→l, Đ→d).
    static let latin: [UInt32] = {
        let base: [Character] = Array(
            "aaaaaaæceeeeiiii" + "dnooooo×ouuuuyþß" + "aaaaaaæceeeeiiii" + "ðnooooo÷ouuuuyþy"
                + "aaaaaaccccccccdd" + "ddeeeeeeeeeegggg" + "gggghhhhiiiiiiii" + "iijjjjkkklllllll"
                + "lllnnnnnnnnnoooo" + "ooœœrrrrrrssssss" + "ssttttttuuuuuuuu" + "uuuuwwyyyzzzzzzſ")
        return base.map { $0.unicodeScalars.first!.value }
    }()
}
