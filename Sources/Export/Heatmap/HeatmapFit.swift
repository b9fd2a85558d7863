/// The room a painter has and what its cells take, in its own units
/// (terminal columns): from these the layout decides what fits.
struct HeatmapFit: Sendable {
    /// All the room there is.
    var width: Int
    /// One cell.
    var cellWidth: Int
    /// Between the row labels and the first cell.
    var labelGap = 1
    /// After a block (a month), before the next beside it.
    var blockGap = 0

    /// The row labels with their gap; nothing without labels.
    func labelColumn(_ labelWidth: Int) -> Int { labelWidth == 0 ? 0 : labelWidth + labelGap }

    /// A block of `columns` cells with its labels and gap.
    func blockWidth(columns: Int, labelWidth: Int) -> Int { labelColumn(labelWidth) + columns * cellWidth + blockGap }

    /// Columns of cells that fit beside the labels: at least four, however
    /// narrow the room (a line then wraps rather than showing nothing).
    func columnsFitting(labelWidth: Int) -> Int { max(4, (width - labelColumn(labelWidth)) / cellWidth) }

    /// Blocks that fit side by side: at least one.
    func blocksFitting(columns: Int, labelWidth: Int) -> Int { max(1, width / blockWidth(columns: columns, labelWidth: labelWidth)) }
}
