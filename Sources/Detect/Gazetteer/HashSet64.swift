/// A set of word hashes with open addressing: the hashes are already well
/// mixed (FNV-1a), so a lookup is a mask, a load and a compare or two, much
/// cheaper than `Set<UInt64>`, which hashes its keys again with SipHash.
/// Every word of a page is looked up in several of these.
struct HashSet64: Sendable {
    private var slots: [UInt64]
    private var values: [Int32]
    private let mask: Int
    /// 0 marks an empty slot, so the key 0 is kept aside.
    private var zeroValue: Int32?

    /// `values[i]` is returned for `keys[i]`; a key listed twice keeps its first value.
    init(_ keys: some Sequence<UInt64>, values given: [Int32]? = nil) {
        let list = Array(keys)
        var size = 16
        while size < list.count * 2 + 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        values = Array(repeating: -1, count: size)
        mask = size - 1
        for (i, key) in list.enumerated() {
            if key == 0 {
                if zeroValue == nil { zeroValue = given?[i] ?? 0 }
                continue
            }
            var p = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
            while slots[p] != 0 && slots[p] != key { p = (p + 1) & mask }
            if slots[p] == 0 {
                slots[p] = key
                values[p] = given?[i] ?? 0
            }
        }
    }

    @inline(__always) func contains(_ k: UInt64) -> Bool { value(k) != nil }

    @inline(__always) func value(_ key: UInt64) -> Int32? {
        if key == 0 { return zeroValue }
        var p = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while true {
            let s = slots[p]
            if s == key { return values[p] }
            if s == 0 { return nil }
            p = (p + 1) & mask
        }
    }

}
