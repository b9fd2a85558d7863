import EventModel

/// Changes of the viewer's zone as a user writes them (`--travel`,
/// `--itinerary`): `WHEN=ZONE`, where WHEN is an ISO 8601 date-time with
/// `Z` or an offset (an instant), or without one (a wall-clock time read in
/// the zone in force just before), or a date (its midnight, read the same way).
package struct TravelPlan: Sendable {
    package enum When: Sendable, Equatable {
        case instant(Instant)
        case local(LocalDateTime)
    }

    package struct Step: Sendable {
        package var when: When
        package var zone: Zone
    }

    package struct Problem: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package private(set) var steps: [Step] = []

    /// The day the date words and relative dates of a WHEN are read against
    /// (`tomorrow=Asia/Tokyo`, `+3d=UTC`, `friday=Europe/Paris`: that
    /// day's midnight, as a date WHEN is; DateInput); nil: ISO 8601 only.
    package var today: LocalDate?

    package init(today: LocalDate? = nil) {
        self.today = today
    }

    /// Adds `WHEN=ZONE`.
    package mutating func add(_ text: String) throws(Problem) {
        guard let equals = text.firstIndex(of: "=") else {
            throw Problem(description: "\"\(text)\" is not WHEN=ZONE (for example 2026-11-20T08:00=Asia/Tokyo)")
        }
        try add(when: String(text[..<equals]), zone: String(text[text.index(after: equals)...]))
    }

    package mutating func add(when: String, zone name: String) throws(Problem) {
        guard let zone = Zone.typed(name) else {
            throw Problem(description: "unknown time zone \"\(name)\" (use an IANA name such as Asia/Tokyo, in any case, or a POSIX TZ string)")
        }
        if let moment = TravelPlan.when(when) {
            steps.append(Step(when: moment, zone: zone))
            return
        }
        if let today, let date = try? DateInput.parse(when, today: today), !date.isUnit {
            steps.append(Step(when: .local(LocalDateTime(date: date.first, hour: 0, minute: 0, second: 0)!), zone: zone))
            return
        }
        throw Problem(description: "\"\(when)\" is not an ISO 8601 date or date-time (2026-11-20T08:00, 2026-11-20T08:00Z, 2026-11-20T08:00+09:00)"
                      + (today == nil ? "" : " or a day such as tomorrow, +3d or friday"))
    }

    /// The timeline from `base`: each local time is read in the zone in
    /// force just before it, with the steps before it applied.
    package func timeline(base: Zone) -> ZoneTimeline {
        var changes: [ZoneTimeline.Change] = []
        for step in steps {
            let at: Instant
            switch step.when {
            case .instant(let instant): at = instant
            case .local(let local): at = ZoneTimeline(base: base, changes: changes).instant(forFloating: local)
            }
            changes.append(ZoneTimeline.Change(at: at, zone: step.zone))
        }
        return ZoneTimeline(base: base, changes: changes)
    }

    /// `2026-11-20`, `2026-11-20T08:00[:00]`, optionally `Z` or `±hh:mm`.
    static func when(_ raw: String) -> When? {
        let text = Array(raw.trimmingBlanks().utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= text.count else { return nil }
            var value = 0
            for index in range {
                guard (48...57).contains(text[index]) else { return nil }
                value = value * 10 + Int(text[index] - 48)
            }
            return value
        }
        guard text.count >= 10, text[4] == 45, text[7] == 45,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        if text.count == 10 { return .local(LocalDateTime(date: date, hour: 0, minute: 0, second: 0)!) }
        guard text.count >= 16, text[10] == 84 || text[10] == 32, text[13] == 58,
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        var index = 16
        var second = 0
        if index < text.count && text[index] == 58 {
            guard let value = number(17..<19) else { return nil }
            second = value
            index = 19
        }
        guard let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second) else { return nil }
        if index == text.count { return .local(local) }
        if text[index] == 90 && index + 1 == text.count { return .instant(Instant(seconds: local.secondsSinceEpoch)) }
        guard text[index] == 43 || text[index] == 45, index + 6 == text.count, text[index + 3] == 58,
              let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6)) else { return nil }
        let offset = (hours * 3600 + minutes * 60) * (text[index] == 45 ? -1 : 1)
        return .instant(Instant(seconds: local.secondsSinceEpoch - Int64(offset)))
    }
}

