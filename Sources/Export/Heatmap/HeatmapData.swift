import EventModel
import Plumbing

/// The grid's data for scripts: JSON (`busylife.heatmap/1`) or TSV, written
/// as bytes (`ByteWriter`), no String made per cell.
package enum HeatmapData {
    package static let schema = "busylife.heatmap/1"

    package static func json(_ model: HeatmapModel, view: String, slots: [HeatmapModel.Slot]? = nil,
                            scale: HeatmapScale, statistic: HeatmapModel.Statistic? = nil) -> String {
        var out = ByteWriter(capacity: 1 << 14)
        json(model, view: view, slots: slots, scale: scale, statistic: statistic, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The document, and a line feed, appended to `out`.
    package static func json(_ model: HeatmapModel, view: String, slots: [HeatmapModel.Slot]? = nil,
                            scale: HeatmapScale, statistic: HeatmapModel.Statistic? = nil,
                            into out: inout ByteWriter) {
        JSONObjectWriter.write(into: &out) { head in
            head.field("schema", schema)
            head.field("view", view)
            head.field("from", time: .date(model.from))
            head.field("to", time: .date(model.to))
            head.strings("zones", model.zones, omitEmpty: false)
            head.object("scale") { scaleJSON in
                scaleJSON.field("kind", scale.name)
                scaleJSON.raw("thresholdsSeconds") { out in
                    out.append(byte: 0x5B)
                    for (index, threshold) in scale.thresholds.enumerated() {
                        if index > 0 { out.append(byte: 0x2C) }
                        HeatmapFigures.seconds(threshold, into: &out)
                    }
                    out.append(byte: 0x5D)
                }
            }
            head.field("statistic", statistic?.rawValue)
            head.raw("cells") { out in
                out.append(byte: 0x5B)
                out.append(byte: 0x0A)
                var first = true
                func separate(_ out: inout ByteWriter) {
                    if !first { out.append(static: ",\n") }
                    first = false
                }
                if let slots {
                    for slot in slots {
                        separate(&out)
                        JSONObjectWriter.write(into: &out) { json in
                            json.field("weekday", slot.weekday)
                            json.field("hour", slot.hour)
                            json.field("busySeconds", (slot.seconds * 1000).rounded() / 1000)
                            json.field("level", slot.level)
                        }
                    }
                } else {
                    for day in model.days {
                        separate(&out)
                        JSONObjectWriter.write(into: &out) { json in
                            json.field("date", time: .date(day.date))
                            json.field("busySeconds", day.seconds)
                            json.field("level", day.level)
                            json.field("eventCount", day.events)
                        }
                    }
                }
                out.append(byte: 0x0A)
                out.append(byte: 0x5D)
            }
        }
        out.append(byte: 0x0A)
    }

    package static func tsv(_ model: HeatmapModel, slots: [HeatmapModel.Slot]? = nil) -> String {
        var out = ByteWriter(capacity: 1 << 14)
        tsv(model, slots: slots, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The header row and one row per cell appended to `out`.
    package static func tsv(_ model: HeatmapModel, slots: [HeatmapModel.Slot]? = nil, into out: inout ByteWriter) {
        if let slots {
            out.append(static: "weekday\thour\tbusy_seconds\tlevel\n")
            for slot in slots {
                out.append(slot.weekday)
                out.append(byte: 0x09)
                out.append(slot.hour)
                out.append(byte: 0x09)
                HeatmapFigures.seconds((slot.seconds * 1000).rounded() / 1000, into: &out)
                out.append(byte: 0x09)
                out.append(slot.level)
                out.append(byte: 0x0A)
            }
            return
        }
        out.append(static: "date\tbusy_seconds\tlevel\tevents\n")
        var memos = TimeMemos()
        for day in model.days {
            out.appendISO8601(.date(day.date), memos: &memos)
            out.append(byte: 0x09)
            HeatmapFigures.seconds(day.seconds, into: &out)
            out.append(byte: 0x09)
            out.append(day.level)
            out.append(byte: 0x09)
            out.append(day.events)
            out.append(byte: 0x0A)
        }
    }
}
