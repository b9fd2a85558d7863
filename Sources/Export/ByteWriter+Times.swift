import EventModel
import Plumbing

/// What writing many times remembers from one time to the next: the date
/// last written, the offset span last found for an event's own zone and
/// for the viewer's (the two alternate), and a few other zones' spans,
/// since occurrences in output order come from events of a few zones by
/// turns. Kept by whoever writes the times (a JSON object, a worker's
/// cache of event fields); the bytes' writer knows no times.
package struct TimeMemos {
    var date = ISODateMemo()
    var zone = ZoneOffsetMemo()
    var viewerZone = ZoneOffsetMemo()
    /// Spans put by for other zones, at most `otherCount`.
    private var others: [ZoneOffsetMemo] = []
    private static let otherCount = 8

    package init() {}

    /// `zone`'s span made the one in `self.zone`, the span there put by:
    /// swapped with the one kept for `zone`, else into a free place or
    /// the one its zone's address picks: with one span kept, events in
    /// several zones looked an offset up afresh for a third of their
    /// times; with a place for each zone, hardly ever.
    mutating func take(_ zone: Zone) {
        let key = zone.memoKey
        if let kept = others.firstIndex(where: { $0.definition == key }) {
            swap(&self.zone, &others[kept])
            return
        }
        if let current = self.zone.definition {
            if others.count < TimeMemos.otherCount {
                others.append(self.zone)
            } else {
                let home = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: current)) &* 0x9E37_79B9_7F4A_7C15) >> 61)
                others[home] = self.zone
            }
        }
        self.zone = ZoneOffsetMemo()
    }
}

extension ByteWriter {
    /// An ISO 8601 time in its own terms (`EventTime.iso8601`), digit by digit.
    package mutating func appendISO8601(_ time: EventTime, memos: inout TimeMemos) {
        if let length = time.writeISO8601(at: reserve(Instant.maxISOBytes), memo: &memos.date, zoneMemo: &memos.zone) {
            commit(length)
        } else {
            append(time.iso8601)
        }
    }

    /// An instant at an offset (`Instant.iso8601(offsetSeconds:zulu:)`), digit by digit.
    package mutating func appendISO8601(_ instant: Instant, offsetSeconds: Int, zulu: Bool = true, memos: inout TimeMemos) {
        if let length = instant.writeISO8601(offsetSeconds: offsetSeconds, zulu: zulu, at: reserve(Instant.maxISOBytes),
                                             memo: &memos.date) {
            commit(length)
        } else {
            append(instant.iso8601(offsetSeconds: offsetSeconds, zulu: zulu))
        }
    }

    /// `"`, the time, `"` (one reservation).
    package mutating func appendQuotedISO8601(_ time: EventTime, memos: inout TimeMemos) {
        let out = reserve(Instant.maxISOBytes + 2)
        guard let length = time.writeISO8601(at: out + 1, memo: &memos.date, zoneMemo: &memos.zone) else {
            append(byte: 0x22)
            append(time.iso8601)
            append(byte: 0x22)
            return
        }
        out[0] = 0x22
        out[length + 1] = 0x22
        commit(length + 2)
    }

    /// `"`, the instant at the offset, `"` (one reservation).
    package mutating func appendQuotedISO8601(_ instant: Instant, offsetSeconds: Int, zulu: Bool, memos: inout TimeMemos) {
        let out = reserve(Instant.maxISOBytes + 2)
        guard let length = instant.writeISO8601(offsetSeconds: offsetSeconds, zulu: zulu, at: out + 1, memo: &memos.date)
        else {
            append(byte: 0x22)
            append(instant.iso8601(offsetSeconds: offsetSeconds, zulu: zulu))
            append(byte: 0x22)
            return
        }
        out[0] = 0x22
        out[length + 1] = 0x22
        commit(length + 2)
    }
}

extension ByteWriter.Cursor {
    /// `"`, the time in its own terms, `"`; false for a form
    /// `EventTime.writeISO8601` leaves to `iso8601` (nothing counted).
    @inline(__always)
    package mutating func putQuoted(_ time: EventTime, memos: inout TimeMemos) -> Bool {
        if case .instant(_, let zone?) = time, memos.zone.definition != zone.memoKey { memos.take(zone) }
        claim(Instant.maxISOBytes + 2)
        guard let length = time.writeISO8601(at: at + 1, memo: &memos.date, zoneMemo: &memos.zone) else { return false }
        at[0] = 0x22
        at[length + 1] = 0x22
        advance(by: length + 2)
        return true
    }

    /// `"`, the instant at the offset, `"`; false for an uncommon form.
    @inline(__always)
    package mutating func putQuoted(_ instant: Instant, offsetSeconds: Int, zulu: Bool, memos: inout TimeMemos) -> Bool {
        claim(Instant.maxISOBytes + 2)
        guard let length = instant.writeISO8601(offsetSeconds: offsetSeconds, zulu: zulu, at: at + 1, memo: &memos.date)
        else { return false }
        at[0] = 0x22
        at[length + 1] = 0x22
        advance(by: length + 2)
        return true
    }

    /// `"`, `instant` in UTC (`Z`), `"`, made from `own`: the same
    /// instant's quoted text at an offset, written already. At a whole
    /// number of hours (most zones' offsets) and with the hour moved
    /// still on the same date, only the hour differs: the text is
    /// copied, its hour replaced and its offset made `Z` (2026-11-22T
    /// 09:30:00+11:00 is 2026-11-21T22:30:00Z, a date apart, and is
    /// written anew; so is an offset of minutes, +05:30). False for a
    /// form `putQuoted(_:offsetSeconds:zulu:)` leaves to `iso8601`.
    @inline(__always)
    package mutating func putQuotedUTC(_ instant: Instant, sameInstantAs own: Range<UnsafeMutablePointer<UInt8>>,
                                      memos: inout TimeMemos) -> Bool {
        // `"YYYY-MM-DDTHH:MM:SS[.fff]` and `Z"` (22 or 26 bytes) or
        // `+HH:MM"` (27 or 31 bytes); copied in words, not by memcpy.
        let text = UnsafeRawPointer(own.lowerBound), count = own.count
        let to = UnsafeMutableRawPointer(at)
        @inline(__always) func word<T>(_ offset: Int, _: T.Type) {
            to.storeBytes(of: text.loadUnaligned(fromByteOffset: offset, as: T.self), toByteOffset: offset, as: T.self)
        }
        @inline(__always) func number(_ offset: Int) -> Int {
            Int(own.lowerBound[offset] &- 0x30) &* 10 &+ Int(own.lowerBound[offset + 1] &- 0x30)
        }
        if count == 22 || count == 26, own.lowerBound[count - 2] == 0x5A {
            claim(count)
            word(0, UInt64.self)
            word(8, UInt64.self)
            if count == 26 { word(16, UInt64.self) }
            word(count - 8, UInt64.self)  // overlaps what is copied already
            advance(by: count)
            return true
        }
        if count == 27 || count == 31, own.lowerBound[count - 3] == 0x30, own.lowerBound[count - 2] == 0x30 {
            let hours = number(count - 6)
            let hour = own.lowerBound[count - 7] == 0x2B ? number(12) &- hours : number(12) &+ hours
            if hour >= 0 && hour < 24 {
                claim(count - 5)
                word(0, UInt64.self)  // `"YYYY-MM`
                word(8, UInt32.self)  // `-DDT`
                at[12] = UInt8(truncatingIfNeeded: 0x30 &+ hour / 10)
                at[13] = UInt8(truncatingIfNeeded: 0x30 &+ hour % 10)
                word(14, UInt32.self)  // `:MM:`
                word(18, UInt16.self)  // `SS`
                if count == 31 { word(20, UInt32.self) }  // `.fff`
                at[count - 7] = 0x5A
                at[count - 6] = 0x22
                advance(by: count - 5)
                return true
            }
        }
        return putQuoted(instant, offsetSeconds: 0, zulu: true, memos: &memos)
    }

    /// `"`, an instant at offset 0 (not `Z`), `"`: a copy of its
    /// quoted UTC text, written already (`utcText`), its `Z` made `+00:00`.
    @inline(__always)
    package mutating func putAtZeroOffset(utcText: Range<UnsafeMutablePointer<UInt8>>) {
        // `"2026-11-22T09:00:00Z"`: all but `Z"`, then `+00:00"`.
        put(UnsafeBufferPointer(start: utcText.lowerBound, count: utcText.count - 2))
        put("+00:00\"")
    }
}
