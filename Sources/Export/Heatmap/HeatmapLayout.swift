import EventModel

/// A whole heatmap as data, nothing drawn: the heading, the grids (one for
/// the year or the hours, one per month), the legend and the footer, with
/// every text already written and every cell placed. The text and SVG
/// painters only draw it, each in its own units; what fits a width is
/// decided here (`HeatmapFit`). Built by `year`, `months` and `hours`.
struct HeatmapLayout: Sendable {
    /// The first day shown: `from` of the model, or later when weeks were
    /// dropped to fit.
    let from: LocalDate
    let to: LocalDate
    /// `Busy time 2026-01-01 – 2026-12-31`.
    let title: String
    /// The zones in force over the range, in order of appearance.
    let zones: [String]
    /// Why fewer weeks are shown than asked for (`last 28 weeks; widen the
    /// terminal for more`).
    let note: String?
    /// What the cells hold when it is not busy time per day
    /// (`mean busy minutes per hour`).
    let subtitle: String?
    let grids: [HeatmapGrid]
    /// Grids side by side (months), at least one.
    let gridsPerRow: Int
    let legend: HeatmapLegend
    /// `Total 12 h busy · busiest day 2026-11-27 (1.5 h) · 3 free working days (Mon–Fri)`.
    let footer: String
    /// The footer's parts (`footer` is them joined with ` · `), for a
    /// narrow terminal that puts them on lines of their own.
    let footerParts: [String]
    /// Said under the footer when the window has events and no busy time
    /// and all-day events were not counted.
    let hint: String?
    /// What one cell means (`each square: one day's busy hours`).
    let cellNote: String
    /// A few sentences for those who cannot see the picture, in the
    /// locale's words: what, when, where, the scale and the footer's figures.
    let description: String

    /// `Busy time 2026-01-01 – 2026-12-31 · America/New_York`.
    var heading: String { title + " · " + zones.joined(separator: ", ") }

    /// What every view shares. The footer, hint and description count
    /// the days from `from` on: those shown.
    init(_ model: HeatmapModel, words: HeatmapWords, from: LocalDate, grids: [HeatmapGrid],
         gridsPerRow: Int = 1, legend: HeatmapLegend, note: String? = nil, subtitle: String? = nil) {
        self.from = from
        to = model.to
        title = words.busyTime + " \(from) – \(model.to)"
        zones = model.zones
        self.note = note
        self.subtitle = subtitle
        self.grids = grids
        self.gridsPerRow = gridsPerRow
        self.legend = legend
        let shown = model.starting(at: from)
        footerParts = words.footerParts(shown)
        footer = footerParts.joined(separator: " · ")
        hint = shown.totalSeconds == 0 && !shown.countsAllDay && shown.days.contains { $0.events > 0 }
            ? words.phrases.allDayOnly : nil
        cellNote = subtitle ?? words.phrases.cellDay
        let heading = title + " · " + zones.joined(separator: ", ")
        description = heading + ". " + cellNote + ". "
            + words.fill(words.phrases.described, ["scale": legend.scaleName])
            + " " + footer + "."
    }

    /// A day's cell: its level, busy time, events and tooltip; a date
    /// outside the model's range has only its date.
    static func dayCell(_ date: LocalDate, column: Int, row: Int, model: HeatmapModel, today: LocalDate?,
                        words: HeatmapWords) -> HeatmapGrid.Cell {
        guard let day = model.day(date) else {
            return HeatmapGrid.Cell(column: column, row: row, subject: .day(date), level: nil, seconds: 0, events: 0,
                                    isToday: false, figure: "", tooltip: "")
        }
        let hours = words.hours(day.seconds)
        let tooltip = words.dayTooltip(date, seconds: day.seconds, events: day.events)
        return HeatmapGrid.Cell(column: column, row: row, subject: .day(date), level: day.level, seconds: day.seconds,
                                events: day.events, isToday: date == today, figure: day.seconds > 0 ? hours : "",
                                tooltip: tooltip)
    }

    /// The weekday names in the order of the rows (or columns) of a week.
    static func weekdayLabels(_ order: WeekOrder, names: LocaleNames) -> [HeatmapGrid.Label] {
        (0..<7).map { HeatmapGrid.Label(index: $0, text: names.weekdays[order.weekday(ofRow: $0)]) }
    }
}
