import EventModel

/// One block of a heatmap, placed and labelled but not drawn: the year's
/// weeks by weekdays, one month's wall calendar, or the week's hours by
/// weekdays. Positions are cell indexes (column, row) from the top left;
/// painters turn them into characters or pixels.
struct HeatmapGrid: Sendable {
    /// What one cell shows.
    struct Cell: Sendable, Equatable {
        enum Subject: Sendable, Equatable {
            /// A local day (year and month views).
            case day(LocalDate)
            /// An ISO weekday's wall-clock hour (hours view).
            case slot(weekday: Int, hour: Int)
        }

        var column: Int
        var row: Int
        var subject: Subject
        /// 0 ... 4; nil for a date the grid shows though it lies outside
        /// the range (the month view's days before `from` or after `to`),
        /// which has no figures either.
        var level: Int?
        var seconds: Double
        /// Events on the day; 0 for an hour slot.
        var events: Int
        var isToday: Bool
        /// Busy hours as the month view writes them (`2.5`); empty for none.
        var figure: String
        /// What a pointer over the cell tells (`2026-11-27: 1.5 h busy, 2 events`).
        var tooltip: String

        var date: LocalDate? {
            if case .day(let date) = subject { return date }
            return nil
        }
    }

    /// A text beside (row) or over (column) the cell at `index`.
    struct Label: Sendable, Equatable {
        var index: Int
        var text: String
    }

    /// The block's own title (a month's `November 2026`), if it has one.
    var title: String?
    let columns: Int
    let rows: Int
    /// In the order of their subject: days by date, slots by row then hour.
    let cells: [Cell]
    var columnLabels: [Label] = []
    /// A second line over the columns: the year where each begins, when
    /// the grid spans more than one (the year view).
    var yearLabels: [Label] = []
    /// Under the columns: ISO week numbers (the year view's `--week-numbers`).
    var weekLabels: [Label] = []
    var rowLabels: [Label] = []
    /// Terminal columns the row labels need (the widest of them, or of
    /// those they could be); 0 without row labels.
    var rowLabelWidth = 0
    /// A figure after each row (the hours view's row totals, `12 h`).
    var rowTotals: [Label] = []
    /// Index into `cells` of each position, row by row; -1 where empty.
    private let lookup: [Int]

    init(title: String? = nil, columns: Int, rows: Int, cells: [Cell]) {
        self.title = title
        self.columns = columns
        self.rows = rows
        self.cells = cells
        var lookup = Array(repeating: -1, count: columns * rows)
        for (index, cell) in cells.enumerated() { lookup[cell.row * columns + cell.column] = index }
        self.lookup = lookup
    }

    /// The cell at a position, nil where the grid has none.
    subscript(column column: Int, row row: Int) -> Cell? {
        guard (0..<columns).contains(column), (0..<rows).contains(row) else { return nil }
        let index = lookup[row * columns + column]
        return index < 0 ? nil : cells[index]
    }
}
