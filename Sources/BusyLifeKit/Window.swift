import Foundation
import Settle

extension SettleOptions {
    /// A window of local dates, `from` to `to` inclusive, seen from `zone`
    /// (the viewer's), and what an app chooses about it.
    ///
    /// - `travel`: the viewer's moves, each zone in force from its date on
    ///   (flying to Tokyo on 6 December 2026 at 07:50 UTC:
    ///   `[(at: departure, zone: tokyo)]`); days then follow the zone in
    ///   force, and can be shorter, longer, skipped or repeated.
    /// - `travelFromEvents`: an event whose start and end carry different
    ///   zones (a flight) moves the viewer to the end's zone at its end.
    /// - `calendars`, `search`: keep only the events of these calendars
    ///   (by name, any case) and whose title, location or description holds
    ///   `search` (any case); empty keeps all.
    /// - `me`: an attendee's e-mail address; events they declined are not
    ///   busy.
    /// - `allDayBusy`: all-day events count as busy (by default they do not).
    public init(from: LocalDate, to: LocalDate, zone: Zone, travel: [(at: Date, zone: Zone)] = [],
                travelFromEvents: Bool = false, calendars: [String] = [], search: String? = nil,
                me: String? = nil, allDayBusy: Bool = false) {
        let changes = travel.map { ZoneTimeline.Change(at: Instant($0.at), zone: $0.zone) }
        self.init(from: from, to: to, timeline: ZoneTimeline(base: zone, changes: changes))
        self.travelFromEvents = travelFromEvents
        self.filter = EventFilter(calendars: calendars, search: search)
        self.me = me
        self.allDayBusy = allDayBusy
    }
}

extension SettledOccurrence {
    /// When it takes place, as Foundation's `DateInterval`: `startUTC` to
    /// `endUTC` (a floating time or an all-day date read on the viewer's
    /// clock when it was settled).
    public var dateInterval: DateInterval {
        DateInterval(start: startUTC.date, end: max(startUTC, endUTC).date)
    }
}
