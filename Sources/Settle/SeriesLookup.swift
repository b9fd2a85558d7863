import EventModel

/// A calendar and UID: what names one event (and a series with its
/// overrides) across components. Two keys are equal when their bytes are
/// (not merely their Unicode characters), as the 64-bit hash that finds
/// series (`stableHash`) sees them.
package struct ClaimKey: Hashable {
    package var calendar: String
    package var uid: String

    package init(_ event: borrowing Event) {
        calendar = event.calendar
        uid = event.uid
    }

    package init(calendar: String, uid: String) {
        (self.calendar, self.uid) = (calendar, uid)
    }

    package static func == (lhs: ClaimKey, rhs: ClaimKey) -> Bool {
        lhs.calendar.hasSameBytes(as: rhs.calendar) && lhs.uid.hasSameBytes(as: rhs.uid)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(stableHash)
    }

    /// `stableHash(calendar:uid:)` of this key.
    package var stableHash: UInt64 { ClaimKey.stableHash(calendar: calendar, uid: uid) }

    /// The 64-bit FNV-1a hash of the calendar's and the UID's bytes.
    package static func stableHash(calendar: String, uid: String) -> UInt64 {
        var hash = StableHash()
        hash.add(calendar)
        hash.add(0xFF)  // never in UTF-8: no calendar and uid run into each other
        hash.add(uid)
        return hash.value
    }
}

/// Values (a series' place) by calendar and UID: by the 64-bit hash of
/// both (`HashSlots`, 12 bytes a slot), and the rare key whose hash
/// another series has already, by its bytes in `collided`.
struct SeriesLookup {
    /// Where a key's value is, or goes.
    enum Slot {
        case hash(UInt64)
        case collided(ClaimKey)
    }

    private var byHash = HashSlots()
    private var collided: [ClaimKey: Int] = [:]

    /// The value for the event's calendar and UID, if any, and its slot.
    /// `isTheirs` tells whether the value found under their hash is theirs
    /// (its names are the event's), not another key's of the same hash.
    func find(_ event: borrowing Event, isTheirs: (Int) -> Bool) -> (value: Int?, slot: Slot) {
        let hash = ClaimKey.stableHash(calendar: event.calendar, uid: event.uid)
        guard let value = byHash[hash] else { return (nil, .hash(hash)) }
        if isTheirs(value) { return (value, .hash(hash)) }
        let key = ClaimKey(event)
        return (collided[key], .collided(key))
    }

    mutating func store(_ value: Int, in slot: Slot) {
        switch slot {
        case .hash(let hash): byHash[hash] = value
        case .collided(let key): collided[key] = value
        }
    }
}

/// Values by a 64-bit hash in one open-addressed table (linear probing,
/// at most 80% full): 12 bytes a slot, where a `Dictionary` of `Int` by
/// `UInt64` takes 16 and is at most 75% full. Hash 0 is kept as 1 (the
/// caller tells keys apart: `SeriesLookup.find`); a value past 32 bits
/// (2³¹ series) goes to a dictionary.
struct HashSlots {
    /// 0: an empty slot.
    private var keys = [UInt64](repeating: 0, count: 16)
    private var values = [Int32](repeating: 0, count: 16)
    private var large: [UInt64: Int] = [:]
    private var count = 0
    /// log2 of the number of slots.
    private var bits = 4

    subscript(hash: UInt64) -> Int? {
        get {
            let key = max(hash, 1)
            var index = home(key)
            while keys[index] != 0 {
                if keys[index] == key { return values[index] == .min ? large[key] : Int(values[index]) }
                index = (index + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            guard let newValue else { return }  // values are never removed
            let key = max(hash, 1)
            if (count + 1) * 5 > keys.count * 4 { grow() }
            var index = home(key)
            while keys[index] != 0 && keys[index] != key { index = (index + 1) & (keys.count - 1) }
            if keys[index] == 0 { count += 1 }
            keys[index] = key
            if let small = Int32(exactly: newValue), small != .min {
                values[index] = small
            } else {
                values[index] = .min
                large[key] = newValue
            }
        }
    }

    /// Where a key's search starts: the top bits of its hash times 2⁶⁴/φ
    /// (Fibonacci hashing spreads hashes whose low bits are alike).
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    private mutating func grow() {
        let (oldKeys, oldValues) = (keys, values)
        bits += 1
        keys = [UInt64](repeating: 0, count: 1 << bits)
        values = [Int32](repeating: 0, count: 1 << bits)
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            var index = home(key)
            while keys[index] != 0 { index = (index + 1) & (keys.count - 1) }
            (keys[index], values[index]) = (key, value)
        }
    }
}
