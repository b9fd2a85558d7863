import Statistics

/// The statistics chart's geometry, apart from drawing: how wide a period
/// is, where its bar stands, the hours axis, which periods are labelled.
/// Pixels are whole and relative to the plot's left and bottom edges.
struct StatsChart {
    /// The parts of a bar, bottom to top. The first four add up to working
    /// time, so the top of `fragmented` shows each period's working hours
    /// and after-hours time stands out above it.
    enum Part: Int, CaseIterable {
        case meetings, otherBusy, focus, fragmented, afterHours

        /// The part's name in `data-part`, spelled like the other data attributes.
        var attribute: String {
            ["meetings", "other-busy", "focus", "fragmented", "after-hours"][rawValue]
        }
    }

    static let plotHeight = 240
    /// The plot is never narrower than this, so that a few periods still
    /// make a chart and the axis titles fit over it.
    static let minimumPlotWidth = 360

    let count: Int
    /// Pixels per period, and the bar's width inside it.
    let pitch: Int
    let barWidth: Int
    let plotWidth: Int
    /// The hours axis: a gridline every `stepHours` up to `gridLines` steps.
    let stepHours: Int
    let gridLines: Int
    /// Every `labelEvery`th period has its label under the axis.
    let labelEvery: Int

    /// `labels`: each period's label, whose widest decides how many are
    /// left out; `tallestSeconds`: the highest bar.
    init(labels: [String], tallestSeconds: Int, minimumWidth: Int = StatsChart.minimumPlotWidth) {
        count = labels.count
        let n = max(1, count)
        // Bars thin as periods grow, down to a floor; past it the chart grows wider.
        var pitch = max(14, min(64, 760 / n))
        if n * pitch < minimumWidth { pitch = max(pitch, (minimumWidth + n - 1) / n) }
        self.pitch = pitch
        barWidth = min(44, pitch - max(4, pitch / 4))
        plotWidth = max(minimumWidth, n * pitch)
        (stepHours, gridLines) = StatsChart.axis(tallestSeconds: tallestSeconds)
        let widest = labels.map { SVGCanvas.textWidth($0, size: HeatmapSVG.font) }.max() ?? 0
        labelEvery = max(1, (widest + 10 + pitch - 1) / pitch)
    }

    /// A step of 1, 2 or 5 times a power of ten hours giving at most six
    /// gridlines over the tallest bar; an empty chart gets 0 to 8 hours.
    static func axis(tallestSeconds: Int) -> (step: Int, lines: Int) {
        let hours = tallestSeconds > 0 ? Double(tallestSeconds) / 3600 : 8
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where Double(6 * factor * magnitude) >= hours {
                let step = factor * magnitude
                return (step, max(1, Int((hours / Double(step)).rounded(.up))))
            }
            magnitude *= 10
        }
    }

    var axisSeconds: Int { stepHours * gridLines * 3600 }

    /// Pixels above the plot's bottom of a height in seconds.
    func height(_ seconds: Int) -> Int {
        Int((Double(seconds) * Double(StatsChart.plotHeight) / Double(axisSeconds)).rounded())
    }

    /// The left edge of period `index`'s bar, and the centre of its slot.
    func barLeft(_ index: Int) -> Int { index * pitch + (pitch - barWidth) / 2 }
    func centre(_ index: Int) -> Int { index * pitch + pitch / 2 }

    func isLabelled(_ index: Int) -> Bool { index % labelEvery == 0 }

    /// A period's parts in seconds, bottom to top. Statistics does not split
    /// meeting time by working hours, so meetings are drawn inside busy
    /// working time, up to its length; the tooltips give the exact figures.
    static func parts(_ figures: StatsFigures) -> [(part: Part, seconds: Int)] {
        let busyWorking = max(0, figures.busyWorkingSeconds)
        let meetings = min(max(0, figures.meetingSeconds), busyWorking)
        return [(.meetings, meetings), (.otherBusy, busyWorking - meetings), (.focus, max(0, figures.focusSeconds)),
                (.fragmented, max(0, figures.fragmentedSeconds)), (.afterHours, max(0, figures.afterHoursSeconds))]
    }

    /// A bar's whole height in seconds: working time and after hours.
    static func total(_ figures: StatsFigures) -> Int { parts(figures).reduce(0) { $0 + $1.seconds } }
}
