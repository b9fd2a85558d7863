import EventModel
import ICal

/// Turns one VEVENT into an `Event` of the unified model, reporting every
/// property it has to drop or read with a fallback.
struct EventBuilder {
    let file: String
    let calendar: String
    let zones: ZoneResolver
    /// X-WR-TIMEZONE of the calendar, when it applies.
    let calendarZone: Zone?
    /// The calendar has a METHOD (an iTIP message), where a VEVENT may
    /// lack DTSTART (RFC 5545 3.6.1): nothing to place, not an error.
    var underMethod = false
    /// Single events wholly outside it are built without their text.
    var textWindow: CoarseWindow?
    let report: (Diagnostic) -> Void
    /// The read's people and categories, each kept once; none: each event its own.
    var people: PeopleTable?

    /// The event, or nil (with a diagnostic) when it has no usable DTSTART.
    func build(_ component: ICalComponent) -> Event? {
        reportProblems(component)
        guard let dtstart = startProperty(component) else { return nil }
        let recurring = component.has(.rrule) || component.has(.rdate)
        guard var start = time(dtstart, repeatsInCalendarZone: recurring) else {
            report(Diagnostic(.error, .invalidDate, at: at(dtstart.line),
                              "\(problemText(dtstart)); event skipped"))
            return nil
        }
        let (end, writtenDuration) = writtenEnd(component, start: start)
        var duration = writtenDuration
        var resolvedEnd = end ?? start.end(after: duration)
        // A series keeps DTSTART as written: its rules count from it.
        let isSeries = recurring || component.has(.exrule)
        var endFromMaster = false
        if resolvedEnd.isBefore(start) {
            endFromMaster = mendEndBeforeStart(component, start: &start, end: &resolvedEnd,
                                               swappable: end != nil && !isSeries)
            duration = nil
        }

        let summary = component.value(.summary)
        let uid = component.value(.uid) ?? StableID.make([
            calendar, summary ?? "", dtstart.value, component.value(.dtend) ?? "",
            component.value(.recurrenceID) ?? "",
        ])
        var event = Event(uid: uid, title: summary ?? "", calendar: calendar,
                          source: at(component.line), start: start, end: resolvedEnd)
        event.duration = duration
        event.endFromMaster = endFromMaster
        event.status = component.value(.status).flatMap { Event.Status(rawValue: $0.lowercased()) }
        event.transparency = component.value(.transp)?.uppercased() == "TRANSPARENT" ? .transparent : .opaque
        if let sequence = component.first(.sequence) { event.sequence = sequenceNumber(sequence) }
        event.recurrence = recurrence(component, start: start)
        readBusyLifeFields(component, into: &event)
        if let property = component.first(.recurrenceID) { event.recurrenceID = recurrenceID(property) }
        if event.isRecurring || event.recurrenceID != nil || textWindow?.mayTouch(start: start, end: resolvedEnd) ?? true {
            readText(component, into: &event)
        }
        return event
    }

    /// What the parser found wrong in the VEVENT and its children.
    private func reportProblems(_ component: ICalComponent) {
        for problem in component.problems + component.children.flatMap(\.problems) {
            report(Diagnostic(ICSImporter.severity(of: problem.kind), ICSImporter.kind(of: problem.kind),
                              at: at(problem.line), problem.message))
        }
    }

    /// DTSTART, or nil with a note (under METHOD) or an error when there is none.
    private func startProperty(_ component: ICalComponent) -> ICalProperty? {
        if let dtstart = component.first(.dtstart) { return dtstart }
        if underMethod {
            report(Diagnostic(.note, .nothingToPlace, at: at(component.line),
                              "VEVENT without DTSTART in a METHOD message; nothing to place"))
        } else {
            report(Diagnostic(.error, .missingProperty, at: at(component.line), "VEVENT without DTSTART; event skipped"))
        }
        return nil
    }

    /// DTEND, else DURATION, as written; what cannot be read is reported and left out.
    private func writtenEnd(_ component: ICalComponent, start: EventTime) -> (EventTime?, EventDuration?) {
        if let dtend = component.first(.dtend) {
            if let value = time(dtend, repeatsInCalendarZone: false) {
                return (sameKind(value, as: start, property: dtend), nil)
            }
            report(Diagnostic(.error, .invalidDate, at: at(dtend.line), "\(problemText(dtend)); DTEND ignored"))
        } else if let property = component.first(.duration) {
            if let (value, weeksAfterTime) = ValueParsing.reading(duration: property.value) {
                if weeksAfterTime {
                    report(Diagnostic(.warning, .repairedValue, at: at(property.line),
                                      "DURATION \"\(property.value)\" has weeks after the time designator; read as weeks"))
                }
                return (nil, value)
            }
            report(Diagnostic(.error, .invalidValue, at: at(property.line),
                              "unreadable DURATION \"\(property.value)\"; ignored"))
        }
        return (nil, nil)
    }

    /// Repairs an end before the start (with a warning); true when the
    /// override takes its length from its master's instances.
    private func mendEndBeforeStart(_ component: ICalComponent, start: inout EventTime, end: inout EventTime,
                                    swappable: Bool) -> Bool {
        let line = at(component.first(.dtend)?.line ?? component.first(.duration)?.line ?? component.line)
        if component.has(.recurrenceID) {
            report(Diagnostic(.warning, .endBeforeStart, at: line,
                              "end before start; the override lasts as long as its master's instances"))
            end = start.end(after: nil)
            return true
        }
        if swappable {
            report(Diagnostic(.warning, .endBeforeStart, at: line,
                              "DTEND before DTSTART; the two are read the other way round"))
            swap(&start, &end)
        } else {
            report(Diagnostic(.warning, .endBeforeStart, at: line,
                              "end before start; the event is read as starting and ending at DTSTART"))
            end = start.end(after: nil)
        }
        return false
    }

    /// SEQUENCE as a number; 0 (with a warning) when it is not one.
    private func sequenceNumber(_ sequence: ICalProperty) -> Int {
        if let value = Int(sequence.value.trimmingBlanks()) { return value }
        report(Diagnostic(.warning, .invalidValue, at: at(sequence.line), "SEQUENCE \"\(sequence.value)\" is not a number; 0 used"))
        return 0
    }

    /// RECURRENCE-ID, or nil (with an error) when unreadable: the VEVENT is then a separate event.
    private func recurrenceID(_ property: ICalProperty) -> RecurrenceID? {
        if let value = time(property, repeatsInCalendarZone: false) {
            return RecurrenceID(time: value, thisAndFuture: property.parameter("RANGE")?.uppercased() == "THISANDFUTURE")
        }
        report(Diagnostic(.error, .invalidDate, at: at(property.line),
                          "\(problemText(property)); read as a separate event"))
        return nil
    }

    /// Description, location, attendees, categories and the organizer, as far as the text window wants them.
    private func readText(_ component: ICalComponent, into event: inout Event) {
        let readsText = textWindow?.text ?? true
        let readsPeople = textWindow?.attendees ?? true
        let categories = textWindow?.categories ?? true ? component.all(.categories).flatMap {
            $0.value.split(separator: ",").map { String($0).trimmingBlanks() }.filter { !$0.isEmpty }
        } : []
        event.setText(
            description: readsText ? component.value(.description).flatMap { $0.isEmpty ? nil : $0 } : nil,
            location: readsText ? location(component) : nil,
            attendees: readsPeople ? component.all(.attendee).map(person) : [],
            categories: people?.categories(categories) ?? categories,
            organizer: readsPeople ? component.first(.organizer).map(person) : nil)
    }

    // MARK: - Times

    /// A DATE or DATE-TIME property as an `EventTime`, nil if unreadable.
    private func time(_ property: ICalProperty, repeatsInCalendarZone: Bool) -> EventTime? {
        // Read from the value's bytes; only a value that needs a repair
        // (or a report) goes the way of its string.
        var parsed: ValueParsing.DateTime?
        property.withValue { if case .success(let value) = ValueParsing.dateTime(utf8: $0) { parsed = value } }
        guard let parsed else {
            return time(property.value, tzid: property.parameter("TZID"), line: property.line,
                        repeatsInCalendarZone: repeatsInCalendarZone)
        }
        guard case .local(let local) = parsed else {
            return time(parsed, tzid: nil, line: property.line, repeatsInCalendarZone: repeatsInCalendarZone)
        }
        // A TZID resolved a moment ago (most files name a few zones) is
        // found by its bytes, no string made of it.
        var recent: Zone?
        property.withParameter("TZID") { recent = zones.recentZone(utf8: $0) }
        if let zone = recent { return .instant(zones.instant(for: local, in: zone), zone: zone) }
        return time(parsed, tzid: property.parameter("TZID"), line: property.line,
                    repeatsInCalendarZone: repeatsInCalendarZone)
    }

    private func time(_ text: String, tzid: String?, line: Int, repeatsInCalendarZone: Bool = false) -> EventTime? {
        let text = text.trimmingBlanks()
        guard case .success(let value) = ValueParsing.dateTime(text) else {
            guard let date = ValueParsing.dateWithZ(text) else { return nil }
            report(Diagnostic(.warning, .repairedValue, at: at(line),
                              "\"\(text)\" is a date written with Z; read as the date \(date)"))
            return .date(date)
        }
        return time(value, tzid: tzid, line: line, repeatsInCalendarZone: repeatsInCalendarZone)
    }

    private func time(_ value: ValueParsing.DateTime, tzid: String?, line: Int, repeatsInCalendarZone: Bool) -> EventTime {
        switch value {
        case .date(let date):
            return .date(date)
        case .utc(let local):
            let instant = Instant(seconds: local.secondsSinceEpoch)
            // Google's reading: a UTC series repeats in the calendar's zone.
            return .instant(instant, zone: repeatsInCalendarZone ? calendarZone : nil)
        case .local(let local):
            if let tzid, !tzid.isEmpty {
                if let zone = zones.resolve(tzid, line: line) {
                    return .instant(zones.instant(for: local, in: zone), zone: zone)
                }
                return .floating(local)
            }
            if let calendarZone {
                return .instant(zones.instant(for: local, in: calendarZone), zone: calendarZone)
            }
            return .floating(local)
        }
    }

    /// DTEND read in DTSTART's value type (a warning when it was not):
    /// a DATE-TIME end of a DATE start is its date as written; a DATE end of
    /// a DATE-TIME start is that date's midnight on the start's clock.
    private func sameKind(_ end: EventTime, as start: EventTime, property: ICalProperty) -> EventTime {
        switch (start, end) {
        case (.date, .instant), (.date, .floating):
            guard case .success(let written) = ValueParsing.dateTime(property.value.trimmingBlanks()) else { return end }
            let date: LocalDate
            switch written {
            case .local(let local), .utc(let local): date = local.date
            case .date(let day): date = day
            }
            report(Diagnostic(.warning, .mixedValueTypes, at: at(property.line),
                              "DTSTART is a DATE and DTEND a DATE-TIME; DTEND read as the date \(date)"))
            return .date(date)
        case (.floating, .date(let date)):
            report(Diagnostic(.warning, .mixedValueTypes, at: at(property.line),
                              "DTSTART is a DATE-TIME and DTEND a DATE; DTEND read as \(date) at midnight"))
            return .floating(LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!)
        case (.instant(_, let zone), .date(let date)):
            report(Diagnostic(.warning, .mixedValueTypes, at: at(property.line),
                              "DTSTART is a DATE-TIME and DTEND a DATE; DTEND read as \(date) at midnight"))
            let clock = zone ?? .utc
            return .instant(clock.instant(for: LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!), zone: zone)
        default:
            return end
        }
    }

    private func problemText(_ property: ICalProperty) -> String {
        switch ValueParsing.dateTime(property.value.trimmingBlanks()) {
        case .failure(.impossible(let why)): "\(property.name) \(property.value): \(why)"
        default: "\(property.name) \"\(property.value)\" is not a DATE or DATE-TIME"
        }
    }

    // MARK: - Recurrence

    private func recurrence(_ component: ICalComponent, start: EventTime) -> Recurrence {
        var result = Recurrence()
        result.rules = component.all(.rrule).compactMap { rule($0, start: start) }
        result.exceptionRules = component.all(.exrule).compactMap { rule($0, start: start) }
        for property in component.all(.rdate) {
            let isPeriod = property.parameter("VALUE")?.uppercased() == "PERIOD"
            for value in property.value.split(separator: ",").map(String.init) {
                if isPeriod || value.contains("/") {
                    if let period = period(value, property: property) {
                        result.dates.append(period)
                    }
                } else if let time = time(value, tzid: property.parameter("TZID"), line: property.line) {
                    result.dates.append(.time(time))
                } else {
                    report(Diagnostic(.error, .invalidDate, at: at(property.line), "RDATE value \"\(value)\" unreadable; skipped"))
                }
            }
        }
        for property in component.all(.exdate) {
            for value in property.value.split(separator: ",").map(String.init) {
                if let time = time(value, tzid: property.parameter("TZID"), line: property.line) {
                    result.exceptionDates.append(time)
                } else {
                    report(Diagnostic(.error, .invalidDate, at: at(property.line), "EXDATE value \"\(value)\" unreadable; skipped"))
                }
            }
        }
        return result
    }

    private func period(_ value: String, property: ICalProperty) -> RecurrenceDate? {
        let halves = value.split(separator: "/", maxSplits: 1).map(String.init)
        let tzid = property.parameter("TZID")
        guard halves.count == 2, let start = time(halves[0], tzid: tzid, line: property.line) else {
            report(Diagnostic(.error, .invalidValue, at: at(property.line), "RDATE period \"\(value)\" unreadable; skipped"))
            return nil
        }
        if let end = time(halves[1], tzid: tzid, line: property.line) {
            return .period(start: start, end: end)
        }
        if let duration = ValueParsing.duration(halves[1]) {
            return .period(start: start, end: start.end(after: duration))
        }
        report(Diagnostic(.error, .invalidValue, at: at(property.line), "RDATE period \"\(value)\" unreadable; skipped"))
        return nil
    }

    private func rule(_ property: ICalProperty, start: EventTime) -> RecurrenceRule? {
        let repaired = { (what: String) in
            report(Diagnostic(.warning, .repairedRule, at: at(property.line), "\(property.name) \(what)"))
        }
        switch RecurrenceRuleText.parse(property.value, start: start, repaired: repaired) {
        case .success(let rule): return rule
        case .failure(let problem):
            report(Diagnostic(.error, .invalidRule, at: at(property.line), "\(property.name) \(problem.message); rule ignored"))
            return nil
        }
    }

    // MARK: - People

    /// An ATTENDEE or the ORGANIZER (whose CN and address read the same way).
    private func attendee(_ property: ICalProperty) -> Attendee {
        Attendee(name: property.parameter("CN"), email: Attendee.email(fromAddress: property.value),
                 partstat: property.parameter("PARTSTAT")?.uppercased(),
                 role: property.parameter("ROLE")?.uppercased(),
                 avatar: property.parameter("X-BUSYLIFE-AVATAR"),
                 cutype: property.parameter("CUTYPE")?.trimmingBlanks().uppercased())
    }

    /// `attendee`, in the read's box for it.
    private func person(_ property: ICalProperty) -> AttendeeBox {
        let value = attendee(property)
        return people?.box(value) ?? AttendeeBox(value)
    }

    private func at(_ line: Int) -> SourcePosition { SourcePosition(file: file, line: line) }

    // MARK: - BusyLife's fields (docs/convert.md, "events.json")

    /// LOCATION, with BusyLife's city (`X-BUSYLIFE-CITY` parameter) and GEO's coordinates.
    private func location(_ component: ICalComponent) -> Location? {
        let property = component.first(.location)
        var place = Location(name: property?.value ?? "", city: property?.parameter("X-BUSYLIFE-CITY"))
        if let geo = component.first(.geo) {
            let parts = geo.value.split(separator: ";", omittingEmptySubsequences: false)
            if parts.count == 2, let latitude = Double(String(parts[0]).trimmingBlanks()), let longitude = Double(String(parts[1]).trimmingBlanks()),
               (-90...90).contains(latitude), (-180...180).contains(longitude) {
                place.latitude = latitude
                place.longitude = longitude
            }
        }
        guard !place.name.isEmpty || place.city != nil || place.latitude != nil else { return nil }
        return place
    }

    /// `X-BUSYLIFE-TYPE` (BusyLife's event type), and BusyLife's start and
    /// length to the millisecond (`X-BUSYLIFE-START`, `X-BUSYLIFE-RANGE`
    /// in seconds), which DTSTART and DTEND, whole seconds, cannot hold.
    private func readBusyLifeFields(_ component: ICalComponent, into event: inout Event) {
        if let type = component.first(.busyLifeType) {
            if let value = Int(type.value.trimmingBlanks()) {
                event.type = value
            } else {
                report(Diagnostic(.warning, .invalidValue, at: at(type.line), "X-BUSYLIFE-TYPE \"\(type.value)\" is not an integer; ignored"))
            }
        }
        guard case .instant(let start, let zone) = event.start,
              let startText = component.value(.busyLifeStart), let seconds = Double(startText.trimmingBlanks()),
              seconds.isFinite, abs(seconds) < 1e12, Int64((seconds).rounded(.down)) == start.seconds else { return }
        let precise = Instant(milliseconds: Int64((seconds * 1000).rounded()))
        let length = event.end.instant.map { $0.milliseconds - start.milliseconds }
        event.start = .instant(precise, zone: zone)
        if let rangeText = component.value(.busyLifeRange), let range = Double(rangeText.trimmingBlanks()),
           range.isFinite, range >= 0, range < 1e12, case .instant(_, let endZone) = event.end {
            event.end = .instant(precise.adding(milliseconds: Int64((range * 1000).rounded())), zone: endZone)
        } else if let length, case .instant(_, let endZone) = event.end {
            event.end = .instant(precise.adding(milliseconds: length), zone: endZone)
        }
    }
}

/// Stable identifiers derived from content, for events that carry none.
enum StableID {
    /// `busylife-` and a 64-bit FNV-1a hash of the parts, in hex.
    static func make(_ parts: [String]) -> String {
        text(hash(parts))
    }

    /// The 64-bit FNV-1a hash of the parts (each followed by 0x1F).
    static func hash(_ parts: [String]) -> UInt64 {
        StableHash.of(parts)
    }

    /// `busylife-` and the hash in 16 hex digits.
    static func text(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return "busylife-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
