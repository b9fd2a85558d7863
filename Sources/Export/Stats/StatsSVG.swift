import EventModel
import Statistics

/// `busylife stats --format svg`: a self-contained chart of a window's
/// statistics. Per period a stacked bar (meetings, other busy time, focus,
/// fragmented free time, after hours) on a labelled time axis and hours
/// axis, the busy share of working time as a line on a percentage axis at
/// the right, a legend, and tooltips with every figure; partial periods
/// hatched; light and dark (`prefers-color-scheme`). Deterministic: whole
/// pixels, attributes in a fixed order. Never clipped: bars thin as the
/// periods grow, then the chart grows wider, and every text is measured
/// (`SVGCanvas.textWidth`) to size the picture.
package enum StatsSVG {
    package static func render(_ stats: Statistics, locale: LocaleNames) -> String {
        var painter = StatsSVGPainter(stats, names: locale)
        return painter.paint()
    }
}

/// Draws one chart into an `SVGCanvas`, top to bottom.
struct StatsSVGPainter {
    let stats: Statistics
    let words: StatsChartWords
    let chart: StatsChart
    let labels: [String]
    /// Left edge of the plot, and the right end of the percentage axis's labels.
    let plotLeft: Int
    let axisRight: Int
    var canvas = SVGCanvas()

    static let font = HeatmapSVG.font
    static let margin = HeatmapSVG.margin
    static let shares = [0, 25, 50, 75, 100]

    init(_ stats: Statistics, names: LocaleNames) {
        self.stats = stats
        let words = StatsChartWords(names, grouping: stats.grouping)
        self.words = words
        let labels = stats.periods.map { words.label($0.start) }
        self.labels = labels
        let font = StatsSVGPainter.font
        let titles = SVGCanvas.textWidth(words.phrases.hoursAxis, size: font)
            + SVGCanvas.textWidth(words.phrases.shareAxis, size: font) + 24
        let chart = StatsChart(labels: labels, tallestSeconds: stats.periods.map { StatsChart.total($0.figures) }.max() ?? 0,
                               minimumWidth: max(StatsChart.minimumPlotWidth, titles))
        self.chart = chart
        let hourLabels = (0...chart.gridLines).map { SVGCanvas.textWidth("\($0 * chart.stepHours) h", size: font) }
        // The first period's label is centred under its bar and may reach left of the plot.
        let firstHalf = (labels.first.map { SVGCanvas.textWidth($0, size: font) } ?? 0) / 2 - chart.pitch / 2
        plotLeft = StatsSVGPainter.margin + max(hourLabels.max() ?? 0, firstHalf) + 8
        let shareLabels = StatsSVGPainter.shares.map { SVGCanvas.textWidth(words.percent(Double($0) / 100), size: font) }
        axisRight = plotLeft + chart.plotWidth + 6 + (shareLabels.max() ?? 0)
    }

    var plotRight: Int { plotLeft + chart.plotWidth }

    var title: String {
        words.fill(words.phrases.title[stats.grouping] ?? "", ["from": "\(stats.from)", "to": "\(stats.to)"])
    }

    mutating func paint() -> String {
        var y = heading()
        y = legend(top: y + 12)
        let font = StatsSVGPainter.font
        y += font + 8
        canvas.text(x: StatsSVGPainter.margin, y: y, words.phrases.hoursAxis, className: "axis-title")
        canvas.text(x: axisRight, y: y, words.phrases.shareAxis, className: "axis-title", anchor: .end)
        let top = y + 18
        grid(top: top)
        canvas.raw("<g class=\"bars\">\n")
        for index in stats.periods.indices { bar(index, top: top) }
        canvas.raw("</g>\n")
        trendLine(top: top)
        timeAxis(top: top)
        if let note = emptyNote {
            canvas.text(x: plotLeft + chart.plotWidth / 2, y: top + StatsChart.plotHeight / 2, note, className: "note",
                        anchor: .middle)
        }
        return document()
    }

    /// Said over an empty plot.
    var emptyNote: String? {
        if stats.periods.isEmpty { return words.phrases.noPeriods }
        return stats.periods.allSatisfy({ StatsChart.total($0.figures) == 0 }) ? words.phrases.noTime : nil
    }

    /// The title with the window, the totals and the trend; the last baseline.
    private mutating func heading() -> Int {
        let margin = StatsSVGPainter.margin, font = StatsSVGPainter.font
        var y = margin + HeatmapSVG.headingFont
        canvas.text(x: margin, y: y, title, className: "heading", size: HeatmapSVG.headingFont, bold: true)
        guard !stats.periods.isEmpty else { return y }
        let total = stats.total
        y += font + 8
        canvas.text(x: margin, y: y, words.fill(words.phrases.summary, [
            "busy": words.hours(total.busySeconds), "working": words.hours(total.workingSeconds),
            "share": words.percent(total.busyShare ?? 0), "n": String(total.meetings),
        ]))
        if let trend = stats.trend(of: \.busySeconds), let phrase = words.phrases.trend[stats.grouping] {
            y += font + 6
            canvas.text(x: margin, y: y, words.fill(phrase, ["change": words.change(trend)]))
        }
        return y
    }
}
