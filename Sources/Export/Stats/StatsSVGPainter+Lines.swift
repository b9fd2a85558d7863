import Statistics

extension StatsSVGPainter {
    /// The busy share of each period with working time, joined where
    /// periods follow each other, over a halo that keeps it readable on
    /// the bars; a partial period's point is hollow.
    mutating func trendLine(top: Int) {
        let bottom = top + StatsChart.plotHeight
        var runs: [[(x: Int, y: Int)]] = [[]]
        var points: [(x: Int, y: Int, index: Int, share: Double)] = []
        for (index, period) in stats.periods.enumerated() {
            guard let share = period.figures.busyShare else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                continue
            }
            let point = (x: plotLeft + chart.centre(index),
                         y: bottom - Int((min(1, max(0, share)) * Double(StatsChart.plotHeight)).rounded()))
            runs[runs.count - 1].append(point)
            points.append((point.x, point.y, index, share))
        }
        guard !points.isEmpty else { return }
        canvas.raw("<g class=\"share\">\n")
        for run in runs where run.count > 1 {
            let list = run.map { "\($0.x),\($0.y)" }.joined(separator: " ")
            canvas.raw("<polyline points=\"\(list)\" class=\"halo\"/>\n<polyline points=\"\(list)\" class=\"trend\"/>\n")
        }
        for point in points {
            let period = stats.periods[point.index], figures = period.figures
            let tip = [words.dates(period), words.figure(words.phrases.busyShare, words.percent(point.share)),
                       words.figure(words.phrases.busyWorking, words.hours(figures.busyWorkingSeconds)),
                       words.figure(words.phrases.working, words.hours(figures.workingSeconds))].joined(separator: "\n")
            canvas.raw("<circle cx=\"\(point.x)\" cy=\"\(point.y)\" r=\"3\" class=\"point\(period.partial ? " partial" : "")\"><title>\(SVGCanvas.escape(tip))</title></circle>\n")
        }
        canvas.raw("</g>\n")
    }

    /// A tick under every period, a longer one under each labelled one,
    /// and the labels, thinned so that none meets the next.
    mutating func timeAxis(top: Int) {
        let bottom = top + StatsChart.plotHeight
        var ticks = ""
        for index in stats.periods.indices {
            ticks += "M\(plotLeft + chart.centre(index)) \(bottom)v\(chart.isLabelled(index) ? 6 : 3)"
        }
        if !ticks.isEmpty { canvas.append("<path d=\"\(ticks)\" class=\"axis\"/>\n", right: plotRight, bottom: bottom + 6) }
        let font = StatsSVGPainter.font
        // Days and weeks are labelled without their year: over more than one
        // year, it stands under the first label of each.
        let years = stats.grouping != .month && stats.from.year != stats.to.year
        var year: Int?
        for (index, label) in labels.enumerated() where chart.isLabelled(index) {
            let x = plotLeft + chart.centre(index)
            canvas.text(x: x, y: bottom + 8 + font, label, anchor: .middle)
            let start = stats.periods[index].start
            if years && start.year != year {
                canvas.text(x: x, y: bottom + 12 + 2 * font, String(start.year), className: "year", anchor: .middle)
                year = start.year
            }
        }
        // The axis's space is kept without periods, so an empty chart has the same frame.
        canvas.append("", right: plotRight, bottom: bottom + 12 + font)
    }

    /// The standalone document: size from the farthest text or shape.
    func document() -> String {
        let width = canvas.right + StatsSVGPainter.margin, height = canvas.bottom + StatsSVGPainter.margin
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"title desc\">\n"
            + "<title id=\"title\">\(SVGCanvas.escape(title))</title>\n<desc id=\"desc\">\(SVGCanvas.escape(words.phrases.description))</desc>\n"
            + StatsSVGPainter.style
            + "<defs><pattern id=\"busylife-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect x=\"0\" y=\"0\" width=\"3\" height=\"6\" class=\"hatch\"/></pattern></defs>\n"
            + "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\"/>\n" + canvas.body + "</svg>\n"
    }

    /// Colours from Okabe and Ito's palette, told apart with the common
    /// colour-vision deficiencies; in the dark scheme lighter shades of the
    /// same hues. Parts are parted by a line of the background colour.
    static let style = """
        <style>
        text{font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif;font-size:\(HeatmapSVG.font)px;fill:#424a53}
        text.heading{font-size:\(HeatmapSVG.headingFont)px;font-weight:600;fill:#1f2328}text.axis-title,text.year{font-weight:600}rect.bg{fill:#ffffff}
        .grid{stroke:#d8dee4;stroke-width:1}.axis{stroke:#8c959f;stroke-width:1;fill:none}
        .bar{stroke:#ffffff;stroke-width:1}.s0{fill:#0072b2}.s1{fill:#56b4e9}.s2{fill:#009e73}.s3{fill:#f0e442}.s4{fill:#d55e00}
        .hit{fill:#000000;fill-opacity:0}.over{pointer-events:none}.hatch{fill:#ffffff;fill-opacity:0.6}
        .halo{fill:none;stroke:#ffffff;stroke-width:5;stroke-linejoin:round;stroke-opacity:0.8}
        .trend{fill:none;stroke:#1f2328;stroke-width:2;stroke-linejoin:round}
        .point{fill:#1f2328;stroke:#ffffff;stroke-width:1.5}.point.partial{fill:#ffffff;stroke:#1f2328}
        @media (prefers-color-scheme:dark){rect.bg{fill:#0d1117}text{fill:#9198a1}text.heading{fill:#f0f6fc}
        .grid{stroke:#30363d}.axis{stroke:#6e7681}.bar{stroke:#0d1117}
        .s0{fill:#3d9be0}.s1{fill:#9ad3f5}.s2{fill:#2fbf8f}.s3{fill:#f0e442}.s4{fill:#f2823a}
        .hatch{fill:#0d1117}.halo{stroke:#0d1117}.trend{stroke:#f0f6fc}.point{fill:#f0f6fc;stroke:#0d1117}
        .point.partial{fill:#0d1117;stroke:#f0f6fc}}
        </style>

        """
}
