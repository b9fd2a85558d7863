import EventModel
import ICal

/// Turns one VFREEBUSY (RFC 5545 3.6.4) into events of the model, one per
/// busy period, so that its busy time counts wherever busy time counts
/// (docs/semantics.md section 10, docs/free.md).
///
/// Each `FREEBUSY` property holds one or more periods, `start/end` or
/// `start/duration`, in UTC. `FBTYPE` says what they are:
///
/// | FBTYPE | event |
/// |---|---|
/// | `BUSY` (the default), an x-name or iana-token busylife does not know (RFC 5545 3.2.9: read as BUSY) | "Busy" |
/// | `BUSY-TENTATIVE` | "Busy (tentative)", status tentative |
/// | `BUSY-UNAVAILABLE` | "Busy (unavailable)" |
/// | `FREE` | none: free time is not busy |
///
/// An event is a timed instant, opaque, in the calendar of the file, its
/// uid the VFREEBUSY's UID (or one derived from its content) with the
/// period's UTC start and end: `fb-1@example.com/20261123T140000Z/20261123T150000Z`.
/// Its description names whose busy time it is (the ATTENDEE of a reply,
/// else the ORGANIZER), so that `--search` finds it.
///
/// What cannot be read is reported: a period that is not a period (an
/// error, the period is dropped), a time without `Z` or a date (a
/// warning, read as UTC, a date as its midnight), an end before the start
/// or a negative duration (a warning, the two read the other way round),
/// a period without length (a note: nothing is lost).
struct FreeBusyReader {
    let file: String
    let calendar: String
    let report: (Diagnostic) -> Void

    /// Busy periods, in the order written.
    func events(_ component: ICalComponent) -> [Event] {
        for problem in component.problems + component.children.flatMap(\.problems) {
            report(Diagnostic(ICSImporter.severity(of: problem.kind), ICSImporter.kind(of: problem.kind),
                              at: at(problem.line), problem.message))
        }
        let base = component.value(.uid)?.trimmingBlanks() ?? ""
        let uid = base.isEmpty ? StableID.make([
            calendar, "VFREEBUSY", component.value(.dtstart) ?? "", component.value(.dtend) ?? "",
            component.value(.organizer) ?? "", component.value(.attendee) ?? "",
        ]) : base
        let owner = (component.first(.attendee) ?? component.first(.organizer)).map(FreeBusyReader.person)
        var events: [Event] = []
        for property in component.all(.freebusy) {
            let type = FreeBusyType(property.parameter("FBTYPE"))
            guard type != .free else { continue }
            for value in property.value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let (start, end) = period(String(value).trimmingBlanks(), line: property.line) else { continue }
                var event = Event(uid: "\(uid)/\(FreeBusyReader.compact(start))/\(FreeBusyReader.compact(end))",
                                  title: type.title, calendar: calendar, source: at(property.line),
                                  start: .instant(start, zone: nil), end: .instant(end, zone: nil))
                event.status = type == .tentative ? .tentative : nil
                event.description = owner.map { "Free/busy of \($0)" }
                events.append(event)
            }
        }
        return events
    }

    /// What an FBTYPE parameter says about its periods.
    enum FreeBusyType: Equatable {
        case busy, tentative, unavailable, free

        init(_ parameter: String?) {
            switch parameter?.trimmingBlanks().uppercased() {
            case "FREE": self = .free
            case "BUSY-TENTATIVE": self = .tentative
            case "BUSY-UNAVAILABLE": self = .unavailable
            default: self = .busy  // BUSY, absent, or unknown (RFC 5545 3.2.9)
            }
        }

        var title: String {
            switch self {
            case .busy, .free: "Busy"
            case .tentative: "Busy (tentative)"
            case .unavailable: "Busy (unavailable)"
            }
        }
    }

    /// One period as UTC instants in order, or nil (reported) when it
    /// cannot be read or has no length.
    private func period(_ text: String, line: Int) -> (Instant, Instant)? {
        let halves = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var repairs: Set<Repair> = []
        guard halves.count == 2, let start = instant(halves[0], repairs: &repairs) else {
            report(Diagnostic(.error, .invalidValue, at: at(line),
                              "FREEBUSY period \"\(text)\" is not start/end or start/duration; its busy time is dropped"))
            return nil
        }
        var end: Instant
        if halves[1].hasPrefix("P") || halves[1].hasPrefix("p") || halves[1].hasPrefix("-") || halves[1].hasPrefix("+") {
            guard let duration = ValueParsing.duration(halves[1]) else {
                report(Diagnostic(.error, .invalidValue, at: at(line),
                                  "FREEBUSY period \"\(text)\" has an unreadable duration; its busy time is dropped"))
                return nil
            }
            // In UTC, days and weeks are 24 hours long.
            let days = Int64(duration.nominalDays)
            end = start.adding(milliseconds: days * 86_400_000 + duration.exactMilliseconds)
        } else {
            guard let value = instant(halves[1], repairs: &repairs) else {
                report(Diagnostic(.error, .invalidValue, at: at(line),
                                  "FREEBUSY period \"\(text)\" has an unreadable end; its busy time is dropped"))
                return nil
            }
            end = value
        }
        if repairs.contains(.date) {
            report(Diagnostic(.warning, .repairedValue, at: at(line),
                              "FREEBUSY period \"\(text)\" has a date where a UTC date-time belongs; read as midnight UTC (RFC 5545 3.8.2.6)"))
        }
        if repairs.contains(.local) {
            report(Diagnostic(.warning, .repairedValue, at: at(line),
                              "FREEBUSY period \"\(text)\" has a time without Z; read as UTC (RFC 5545 3.8.2.6)"))
        }
        end = min(max(end, Instant.earliest), Instant.latest)
        if end < start {
            report(Diagnostic(.warning, .endBeforeStart, at: at(line),
                              "FREEBUSY period \"\(text)\" ends before it starts; read the other way round"))
            return (end, start)
        }
        if end == start {
            report(Diagnostic(.note, .nothingToPlace, at: at(line), "FREEBUSY period \"\(text)\" has no length; nothing to place"))
            return nil
        }
        return (start, end)
    }

    /// What a period's value needed to be read.
    private enum Repair { case local, date }

    /// A value of a period: a UTC DATE-TIME as the RFC asks (RFC 5545
    /// 3.8.2.6); a time without `Z` is read as UTC, a DATE as its
    /// midnight in UTC, each noted in `repairs`; nil otherwise.
    private func instant(_ text: String, repairs: inout Set<Repair>) -> Instant? {
        switch ValueParsing.dateTime(text) {
        case .success(.utc(let local)):
            return Instant(seconds: local.secondsSinceEpoch)
        case .success(.local(let local)):
            repairs.insert(.local)
            return Instant(seconds: local.secondsSinceEpoch)
        case .success(.date(let date)):
            repairs.insert(.date)
            return Instant(seconds: date.daysSinceEpoch * 86_400)
        case .failure:
            return nil
        }
    }

    /// `Jane Doe <jane@example.com>`, or the address alone.
    private static func person(_ property: ICalProperty) -> String {
        let address = Attendee.email(fromAddress: property.value) ?? property.value
        guard let name = property.parameter("CN")?.trimmingBlanks(), !name.isEmpty else { return address }
        return "\(name) <\(address)>"
    }

    /// `20261123T140000Z`.
    static func compact(_ instant: Instant) -> String {
        instant.description.filter { $0 != "-" && $0 != ":" }
    }

    private func at(_ line: Int) -> SourcePosition { SourcePosition(file: file, line: line) }
}
