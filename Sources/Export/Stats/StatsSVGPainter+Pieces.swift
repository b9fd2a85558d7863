import Statistics

extension StatsSVGPainter {
    /// The legend's words for each part of a bar.
    func name(_ part: StatsChart.Part, legend: Bool = false) -> String {
        let p = words.phrases
        switch part {
        case .meetings: return p.meetings
        case .otherBusy: return p.otherBusy
        case .focus: return legend ? words.fill(p.focusLegend, ["h": words.hours(stats.focusThresholdSeconds)]) : p.focus
        case .fragmented: return p.fragmented
        case .afterHours: return p.afterHours
        }
    }

    /// The swatches in columns as wide as the widest entry, as many to a
    /// row as the chart is wide: first the bars' parts, then on a row of
    /// their own the line and the hatching; the next free y.
    mutating func legend(top: Int) -> Int {
        let swatch = "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" class=\"bar s{n}\"/>"
        let parts: [(swatch: String, text: String)] = StatsChart.Part.allCases.map { part in
            (swatch.replacingOccurrences(of: "{n}", with: "\(part.rawValue)"), name(part, legend: true))
        }
        var marks = [("<line x1=\"{x}\" y1=\"{m}\" x2=\"{x12}\" y2=\"{m}\" class=\"trend\"/><circle cx=\"{x6}\" cy=\"{m}\" r=\"3\" class=\"point\"/>",
                      words.phrases.shareLine)]
        if stats.periods.contains(where: \.partial) {
            marks.append((swatch.replacingOccurrences(of: "{n}", with: "1")
                          + "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" class=\"over\" fill=\"url(#busylife-hatch)\"/>",
                          words.phrases.partialLegend))
        }
        canvas.raw("<g class=\"legend\">\n")
        let y = legendRows(parts, top: top)
        let end = legendRows(marks, top: y + 8)
        canvas.raw("</g>\n")
        return end
    }

    /// Entries in columns from `top`; the bottom of the last row.
    private mutating func legendRows(_ entries: [(swatch: String, text: String)], top: Int) -> Int {
        let margin = StatsSVGPainter.margin, font = StatsSVGPainter.font
        let column = (entries.map { SVGCanvas.textWidth($0.text, size: font) }.max() ?? 0) + 16 + 14
        let perRow = max(1, (max(axisRight, 560) - margin + 14) / column)
        var y = top
        for (index, entry) in entries.enumerated() {
            if index > 0 && index % perRow == 0 { y += 20 }
            let x = margin + (index % perRow) * column
            let swatch = words.fill(entry.swatch, ["x": "\(x)", "y": "\(y)", "m": "\(y + 6)", "x12": "\(x + 12)", "x6": "\(x + 6)"])
            canvas.append(swatch + "\n", right: x + 12, bottom: y + 12)
            canvas.text(x: x + 16, y: y + 11, entry.text)
        }
        return y + 12
    }

    /// Gridlines and labels of the hours axis at the left, ticks and labels
    /// of the percentage axis at the right.
    mutating func grid(top: Int) {
        let bottom = top + StatsChart.plotHeight
        canvas.raw("<g class=\"axes\">\n")
        for line in 0...chart.gridLines {
            let y = bottom - chart.height(line * chart.stepHours * 3600)
            canvas.append("<line x1=\"\(plotLeft)\" y1=\"\(y)\" x2=\"\(plotRight)\" y2=\"\(y)\" class=\"\(line == 0 ? "axis" : "grid")\"/>\n",
                          right: plotRight, bottom: y)
            canvas.text(x: plotLeft - 6, y: y + 4, "\(line * chart.stepHours) h", anchor: .end)
        }
        canvas.append("<line x1=\"\(plotLeft)\" y1=\"\(top)\" x2=\"\(plotLeft)\" y2=\"\(bottom)\" class=\"axis\"/>\n"
                      + "<line x1=\"\(plotRight)\" y1=\"\(top)\" x2=\"\(plotRight)\" y2=\"\(bottom)\" class=\"axis\"/>\n",
                      right: plotRight, bottom: bottom)
        for share in StatsSVGPainter.shares {
            let y = bottom - StatsChart.plotHeight * share / 100
            canvas.append("<line x1=\"\(plotRight)\" y1=\"\(y)\" x2=\"\(plotRight + 4)\" y2=\"\(y)\" class=\"axis\"/>\n",
                          right: plotRight + 4, bottom: y)
            canvas.text(x: plotRight + 6, y: y + 4, words.percent(Double(share) / 100))
        }
        canvas.raw("</g>\n")
    }

    /// One period: a column that shows every figure on hover, the bar's
    /// parts each with its own tooltip, and hatching over a partial period.
    mutating func bar(_ index: Int, top: Int) {
        let period = stats.periods[index], figures = period.figures
        let bottom = top + StatsChart.plotHeight
        let all = words.figures(figures).joined(separator: "\n")
        let dates = words.dates(period)
        canvas.raw("<g class=\"period\" data-start=\"\(period.start)\" data-end=\"\(period.end)\" data-partial=\"\(period.partial)\"\(dataAttributes(figures))>\n")
        canvas.raw("<rect x=\"\(plotLeft + index * chart.pitch)\" y=\"\(top)\" width=\"\(chart.pitch)\" height=\"\(StatsChart.plotHeight)\" class=\"hit\"><title>\(SVGCanvas.escape(dates + "\n" + all))</title></rect>\n")
        let x = plotLeft + chart.barLeft(index)
        var below = 0
        for (part, seconds) in StatsChart.parts(figures) where seconds > 0 {
            let y0 = bottom - chart.height(below), y1 = bottom - chart.height(below + seconds)
            below += seconds
            let shown = part == .meetings ? figures.meetingSeconds : seconds
            let tip = dates + "\n" + words.figure(name(part), words.hours(shown)) + "\n\n" + all
            canvas.append("<rect x=\"\(x)\" y=\"\(y1)\" width=\"\(chart.barWidth)\" height=\"\(y0 - y1)\" class=\"bar s\(part.rawValue)\" data-part=\"\(part.attribute)\" data-seconds=\"\(seconds)\"><title>\(SVGCanvas.escape(tip))</title></rect>\n",
                          right: x + chart.barWidth, bottom: y0)
        }
        if period.partial && below > 0 {
            let y = bottom - chart.height(below)
            canvas.raw("<rect x=\"\(x)\" y=\"\(y)\" width=\"\(chart.barWidth)\" height=\"\(bottom - y)\" class=\"over\" fill=\"url(#busylife-hatch)\"/>\n")
        }
        canvas.raw("</g>\n")
    }

    /// Every figure as a `data-` attribute, named as in the JSON, for scripts.
    func dataAttributes(_ f: StatsFigures) -> String {
        let values: [(String, Int)] = [
            ("busy-seconds", f.busySeconds), ("working-seconds", f.workingSeconds),
            ("busy-working-seconds", f.busyWorkingSeconds), ("after-hours-seconds", f.afterHoursSeconds),
            ("focus-seconds", f.focusSeconds), ("fragmented-seconds", f.fragmentedSeconds),
            ("meeting-seconds", f.meetingSeconds), ("recurring-meeting-seconds", f.recurringMeetingSeconds),
            ("meetings", f.meetings), ("conflict-seconds", f.conflictSeconds), ("meeting-free-days", f.meetingFreeDays),
        ]
        return values.map { " data-\($0.0)=\"\($0.1)\"" }.joined()
    }
}
