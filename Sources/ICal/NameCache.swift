/// Upper-cased property names made into strings once per parse: they
/// repeat line after line (`DTSTART`, `UID`, `ATTENDEE`...), and making a
/// `String` of a few bytes cost more than the rest of reading the name.
/// Each cached name also keeps whether its lines are held back from
/// libical (`LineTree.LineRead.heldBack`) and its `ICalPropertyKind`.
/// Parameter names are made only when asked for (`RawProperty`).
///
/// Bounded: a fixed table of `slotCount` names of up to 16 ASCII bytes; a
/// name that is longer, not ASCII, or finds no free slot nearby is made
/// afresh each time, as before.
struct NameCache {
    private static let slotCount = 256
    private static let probes = 8
    private var keys = [PackedName](repeating: PackedName(), count: NameCache.slotCount)
    private var names = [String](repeating: "", count: NameCache.slotCount)
    /// Per slot: 0 empty; else 1 + `LineTree.heldBackKind` of the name.
    private var states = [UInt8](repeating: 0, count: NameCache.slotCount)
    private var kinds = [ICalPropertyKind](repeating: .other, count: NameCache.slotCount)

    /// `bytes` upper-cased (ASCII letters) as a string, with whether lines
    /// of that name are held back from libical and their values TEXT
    /// (`LineTree.heldBackValueIsText`), and its kind.
    mutating func propertyName(_ bytes: UnsafeBufferPointer<UInt8>)
        -> (name: String, heldBackText: Bool?, kind: ICalPropertyKind) {
        if let found = lookup(bytes) { return (found.name, NameCache.decode(found.state), found.kind) }
        let name = NameCache.make(bytes)
        return (name, LineTree.heldBackValueIsText(name), ICalPropertyKind(name: name))
    }

    private mutating func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, state: UInt8, kind: ICalPropertyKind)? {
        guard let key = PackedName(upperCasing: bytes) else { return nil }
        var slot = key.slot(of: NameCache.slotCount)
        for _ in 0..<NameCache.probes {
            let state = states[slot]
            if state == 0 {
                let name = NameCache.make(bytes)
                keys[slot] = key
                names[slot] = name
                states[slot] = NameCache.encode(LineTree.heldBackValueIsText(name))
                kinds[slot] = ICalPropertyKind(name: name)
                return (name, states[slot], kinds[slot])
            }
            if keys[slot] == key { return (names[slot], state, kinds[slot]) }
            slot = (slot + 1) & (NameCache.slotCount - 1)
        }
        return nil
    }

    private static func encode(_ heldBackText: Bool?) -> UInt8 {
        switch heldBackText { case nil: 1; case false?: 2; case true?: 3 }
    }

    private static func decode(_ state: UInt8) -> Bool? {
        state == 1 ? nil : state == 3
    }

    /// Upper-cased as the string is made (names are ASCII; anything else is kept as is).
    static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for index in 0..<bytes.count { buffer[index] = asciiUpper(bytes[index]) }
            return bytes.count
        }
    }
}

/// A name of up to 16 ASCII bytes as two words, zero-padded (names hold no NUL).
struct PackedName: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init() {}

    /// The bytes as they are; nil past 16 bytes.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count <= 16 else { return nil }
        withUnsafeMutableBytes(of: &low) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: min(8, bytes.count)))
        }
        if bytes.count > 8 {
            withUnsafeMutableBytes(of: &high) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: base + 8, count: bytes.count - 8))
            }
        }
    }

    /// The bytes with ASCII letters upper-cased; nil past 16 bytes, for
    /// an empty name, or for a byte that is not ASCII.
    init?(upperCasing bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, let packed = PackedName(bytes) else { return nil }
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard (packed.low | packed.high) & highs == 0 else { return nil }
        low = PackedName.upperCased(packed.low)
        high = PackedName.upperCased(packed.high)
    }

    /// Eight ASCII bytes with `a`...`z` made `A`...`Z`: a byte's high bit is
    /// set by adding 0x1F when it is at least `a`, by adding 5 when it is
    /// past `z` (no carry leaves a byte below 0x80).
    private static func upperCased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let atLeastA = word &+ ones &* 0x1F
        let pastZ = word &+ ones &* 0x05
        let lower = atLeastA & ~pastZ & (ones &* 0x80)
        return word &- (lower >> 2)
    }

    /// Where an open-addressed table of `count` slots (a power of two) starts looking for it.
    func slot(of count: Int) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 40) & (count - 1)
    }
}

/// The collected lines of one component: where the properties made of
/// them find their values, and the lines the first stage left unsplit.
struct LineSource {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes, kept by the properties made of them.
    let lines: [UInt8]

    /// Line `index` of `tree` split into parameters and value, its ranges within `bytes`.
    func raw(_ index: Int, of tree: borrowing LineTree) -> RawProperty? {
        let read = tree.reads[index]
        if read.split { return read.raw?.shifted(by: read.offset) }
        return RawProperty(bytes, from: Int(read.offset))
    }

    /// The property of line `index` of `tree`, read at `raw`.
    func property(_ index: Int, of tree: borrowing LineTree, line: Int, raw: RawProperty, unescapes: Bool) -> ICalProperty {
        ICalProperty(name: tree.names[index], kind: tree.reads[index].kind, line: line, lines: lines, raw: raw,
                     unescapes: unescapes)
    }
}
