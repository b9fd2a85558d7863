import EventModel

/// A calendar and UID: what names one event (and a series with its
/// overrides) across components. Two keys are equal when their bytes are
/// (not merely their Unicode characters), as the 64-bit hash that finds
/// series (`stableHash`) sees them.
struct ClaimKey: Hashable {
    var calendar: String
    var uid: String

    init(_ event: borrowing Event) {
        calendar = event.calendar
        uid = event.uid
    }

    static func == (lhs: ClaimKey, rhs: ClaimKey) -> Bool {
        lhs.calendar.hasSameBytes(as: rhs.calendar) && lhs.uid.hasSameBytes(as: rhs.uid)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ClaimKey.stableHash(calendar: calendar, uid: uid))
    }

    /// The 64-bit FNV-1a hash of the calendar's and the UID's bytes.
    static func stableHash(calendar: String, uid: String) -> UInt64 {
        var hash = StableHash()
        hash.add(calendar)
        hash.add(0xFF)  // never in UTF-8: no calendar and uid run into each other
        hash.add(uid)
        return hash.value
    }
}

/// Values (a series' place) by calendar and UID: by the 64-bit hash of
/// both (16 bytes an entry, where the two strings took 40), and the rare
/// key whose hash another series has already, by its bytes in `collided`.
struct SeriesLookup {
    /// Where a key's value is, or goes.
    enum Slot {
        case hash(UInt64)
        case collided(ClaimKey)
    }

    private var byHash: [UInt64: Int] = [:]
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
