import EventModel

/// The grid's data for scripts: JSON (`busylife.heatmap/1`) or TSV.
package enum HeatmapData {
    package static let schema = "busylife.heatmap/1"

    package static func json(_ model: HeatmapModel, view: String, slots: [HeatmapModel.Slot]? = nil,
                            scale: HeatmapScale, statistic: HeatmapModel.Statistic? = nil) -> String {
        var head = JSONObjectWriter()
        head.field("schema", schema)
        head.field("view", view)
        head.field("from", model.from.description)
        head.field("to", model.to.description)
        head.strings("zones", model.zones, omitEmpty: false)
        var scaleJSON = JSONObjectWriter()
        scaleJSON.field("kind", scale.name)
        scaleJSON.raw("thresholdsSeconds", JSONObjectWriter.array(scale.thresholds.map(HeatmapFigures.seconds)))
        head.raw("scale", scaleJSON.finished())
        head.field("statistic", statistic?.rawValue)
        var cells: [String] = []
        if let slots {
            for slot in slots {
                var json = JSONObjectWriter()
                json.field("weekday", slot.weekday)
                json.field("hour", slot.hour)
                json.field("busySeconds", (slot.seconds * 1000).rounded() / 1000)
                json.field("level", slot.level)
                cells.append(json.finished())
            }
        } else {
            for day in model.days {
                var json = JSONObjectWriter()
                json.field("date", day.date.description)
                json.field("busySeconds", day.seconds)
                json.field("level", day.level)
                json.field("eventCount", day.events)
                cells.append(json.finished())
            }
        }
        head.raw("cells", "[\n" + cells.joined(separator: ",\n") + "\n]")
        return head.finished() + "\n"
    }

    package static func tsv(_ model: HeatmapModel, slots: [HeatmapModel.Slot]? = nil) -> String {
        if let slots {
            return "weekday\thour\tbusy_seconds\tlevel\n" + slots.map {
                "\($0.weekday)\t\($0.hour)\t\(HeatmapFigures.seconds(($0.seconds * 1000).rounded() / 1000))\t\($0.level)\n"
            }.joined()
        }
        return "date\tbusy_seconds\tlevel\tevents\n" + model.days.map {
            "\($0.date)\t\(HeatmapFigures.seconds($0.seconds))\t\($0.level)\t\($0.events)\n"
        }.joined()
    }
}
