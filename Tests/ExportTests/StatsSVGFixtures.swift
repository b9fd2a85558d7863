import EventModel
@testable import Export
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Statistics

/// Statistics made by hand for the chart's tests: weeks from Monday
/// 2026-01-05 whose figures vary with the week and keep the invariant
/// (working = busy working + focus + fragmented); week 5 (index) is a
/// holiday without working time, and `partialLast` cuts the last week to
/// two days.
enum StatsFixture {
    static let hour = 3600

    static func figures(_ i: Int, days: Int = 5) -> StatsFigures {
        var f = StatsFigures()
        guard i != 5 else {
            f.busySeconds = 2 * hour
            f.afterHoursSeconds = 2 * hour
            return f
        }
        f.workingSeconds = days * 8 * hour
        f.busyWorkingSeconds = min(f.workingSeconds, (8 + (i * 7) % 23) * hour + (i % 4) * 900)
        f.meetingSeconds = f.busyWorkingSeconds * 3 / 5
        f.recurringMeetingSeconds = f.meetingSeconds / 2
        f.meetings = 3 + i % 9
        f.focusSeconds = min(f.workingSeconds - f.busyWorkingSeconds, (4 + (i * 5) % 9) * hour)
        f.fragmentedSeconds = f.workingSeconds - f.busyWorkingSeconds - f.focusSeconds
        f.afterHoursSeconds = ((i * 3) % 7) * hour + 1200
        f.busySeconds = f.busyWorkingSeconds + f.afterHoursSeconds
        f.conflictSeconds = (i % 4) * 900
        f.meetingFreeDays = i % 3
        return f
    }

    static func weeks(_ count: Int, partialLast: Bool = false, grouping: StatsGrouping = .week,
                      first: LocalDate = LocalDate(year: 2026, month: 1, day: 5)!) -> Statistics {
        let length = grouping == .day ? 1 : 7
        var periods: [StatsPeriod] = []
        for i in 0..<count {
            let cut = partialLast && i == count - 1
            let start = first.adding(days: i * length)
            let days = grouping == .day ? 1 : cut ? 2 : 5
            periods.append(StatsPeriod(start: start, end: start.adding(days: cut ? 1 : length - 1), partial: cut,
                                       figures: figures(i, days: days)))
        }
        return statistics(periods, grouping: grouping)
    }

    /// Months of 2026 with a month's working time (`months` ≤ 12).
    static func months(_ count: Int) -> Statistics {
        let periods = (0..<count).map { i -> StatsPeriod in
            let start = LocalDate(year: 2026, month: i + 1, day: 1)!
            var f = figures(i, days: 21)
            f.afterHoursSeconds *= 4
            f.busySeconds = f.busyWorkingSeconds + f.afterHoursSeconds
            return StatsPeriod(start: start, end: LocalDate(year: 2026, month: i + 1, day: LocalDate.daysIn(month: i + 1, year: 2026))!,
                               partial: false, figures: f)
        }
        return statistics(periods, grouping: .month)
    }

    static func statistics(_ periods: [StatsPeriod], grouping: StatsGrouping) -> Statistics {
        var total = StatsFigures()
        for p in periods {
            let f = p.figures
            total.busySeconds += f.busySeconds
            total.workingSeconds += f.workingSeconds
            total.busyWorkingSeconds += f.busyWorkingSeconds
            total.afterHoursSeconds += f.afterHoursSeconds
            total.focusSeconds += f.focusSeconds
            total.fragmentedSeconds += f.fragmentedSeconds
            total.meetingSeconds += f.meetingSeconds
            total.recurringMeetingSeconds += f.recurringMeetingSeconds
            total.meetings += f.meetings
            total.conflictSeconds += f.conflictSeconds
            total.meetingFreeDays += f.meetingFreeDays
        }
        let from = periods.first?.start ?? LocalDate(year: 2026, month: 1, day: 5)!
        let to = periods.last?.end ?? from
        return Statistics(from: from, to: to, grouping: grouping, focusThresholdSeconds: 7200, periods: periods, total: total,
                          byCalendar: [], byCategory: [], byPerson: [])
    }
}

/// What an XML parser sees of a chart: every element with its attributes,
/// the text of each `<text>` and `<title>`, and the classes of the
/// groups it lies in.
final class ChartReader: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var groups: [String]
        var text = ""
        /// The `<title>` inside it, if any.
        var title: String?
    }

    var elements: [Element] = []
    private var open: [Int] = []
    private var groups: [String] = []

    static func read(_ svg: String) -> ChartReader? {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = ChartReader()
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, groups: groups))
        if name == "g" { groups.append(attributes["class"] ?? "") }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let index = open.removeLast()
        if name == "g" { groups.removeLast() }
        if name == "title", let parent = open.last { elements[parent].title = elements[index].text }
    }

    func all(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }

    var root: [String: String] { elements.first?.attributes ?? [:] }
    var width: Int { Int(root["width"] ?? "") ?? 0 }
    var height: Int { Int(root["height"] ?? "") ?? 0 }
}
