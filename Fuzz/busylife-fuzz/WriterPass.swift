import Convert
import EventModel
import Export
import FreeBusy
import Plumbing
import Settle

/// Every writer of a settled window, as the commands call them: `days`
/// and `occurrences` JSON, the agenda (text, TSV, a template), the
/// heatmap (text, SVG and JSON in its three views), `busy`, `free` and
/// `conflicts` (text and JSON) and the VFREEBUSY. JSON must parse; the
/// VFREEBUSY must read back.
enum WriterPass {
    static func run(_ settlement: Settlement) {
        days(settlement)
        occurrences(settlement)
        agenda(settlement)
        heatmap(settlement)
        freeBusy(settlement)
    }

    /// The writers that know words, made once: a locale's names and a
    /// parsed template cost more than a small input's whole pass.
    private struct Writers {
        var agenda: Agenda
        var template: AgendaTemplate
        var heatmapText: HeatmapText
        var heatmapSVG: HeatmapSVG
        var freeBusy: FreeBusyText

        init() {
            let today = FuzzWindow.today
            agenda = Agenda(locale: AgendaLocale(identifier: "en_US"), today: today)
            agenda.emptyDays = true
            agenda.color = true
            agenda.me = FuzzWindow.me
            agenda.width = 60
            do {
                template = try AgendaTemplate(
                    "{{#first-of-day}}{{day-header}}{{nl}}{{/first-of-day}}{{start-time}}-{{end-time}} {{title}} ({{calendar}})"
                        + "{{#location}} @{{location}}{{/location}}{{#all-day}} all day{{/all-day}}{{#multi-day}} {{time}}{{/multi-day}}",
                    source: "--template", locale: AgendaLocale(identifier: "de_DE"), today: today)
            } catch {
                fatalError("the fuzz target's template: \(error)")
            }
            let names = LocaleNames(identifier: "en_US")
            heatmapText = HeatmapText(names: names, style: TerminalStyle(colors: .truecolor, ascii: false), today: today, width: 80)
            heatmapSVG = HeatmapSVG(names: names, today: today, calendars: ["Work"], weekNumbers: true)
            freeBusy = FreeBusyText(locale: AgendaLocale(identifier: "en_US"), today: today)
        }
    }

    private static let writers = Writers()

    private static func days(_ settlement: Settlement) {
        var json: [UInt8] = []
        _ = DaysJSON.write(settlement, lines: false) { piece in
            json += piece.bytes
            piece.removeAll()
            return true
        }
        JSONCheck.require(json, "days' JSON")
    }

    private static func occurrences(_ settlement: Settlement) {
        var cache = EventFieldsCache()
        var lines = ByteWriter()
        let occurrences = settlement.occurrences
        for index in 0..<occurrences.count {
            OccurrenceJSON.writeLine(occurrences.pointer(index), timeline: settlement.timeline, into: &lines, cache: &cache)
        }
        JSONCheck.requireLines(lines.bytes, "an occurrence's JSON")
    }

    private static func agenda(_ settlement: Settlement) {
        let shown = Agenda.Shown(cancelled: false, declined: false, me: FuzzWindow.me)
        // The agenda's own default: a week. Formatting a locale's dates
        // costs more than the rest of a small input's pass.
        for day in settlement.listedDays.prefix(7) {
            _ = writers.agenda.text(day, in: settlement)
            _ = writers.template.text(day, in: settlement)
            _ = Agenda.tsvRows(day, in: settlement, shown: shown)
        }
    }

    private static func heatmap(_ settlement: Settlement) {
        let model = HeatmapModel(settlement, scale: .quantile)
        let (slots, scale) = HeatmapModel.slots(settlement, statistic: .mean, scale: .linear)
        _ = writers.heatmapText.year(model, weekStart: 1, weekNumbers: true)
        _ = writers.heatmapText.months(model, weekStart: 7, weekNumbers: true)
        _ = writers.heatmapText.hours(model, slots: slots, scale: scale, statistic: .mean, weekStart: 1)
        _ = writers.heatmapSVG.year(model, weekStart: 1)
        _ = writers.heatmapSVG.months(model, weekStart: 1)
        _ = writers.heatmapSVG.hours(model, slots: slots, scale: scale, statistic: .total, weekStart: 1)
        var json = ByteWriter()
        HeatmapData.json(model, view: "hours", slots: slots, scale: scale, statistic: .mean, into: &json)
        JSONCheck.require(json.bytes, "the heatmap's JSON")
        _ = HeatmapData.tsv(model, slots: slots)
    }

    private static func freeBusy(_ settlement: Settlement) {
        let timeline = settlement.timeline
        let words = writers.freeBusy
        let periods = settlement.busyPeriods
        _ = words.busy(days: settlement.days, periods: periods, timeline: timeline)
        JSONCheck.require(FreeBusyJSON.busy(periods, days: settlement.days, timeline: timeline), "busy's JSON")
        let hours = WorkingHours.standard
        let slots = settlement.freeSlots(hours: hours, minimum: 1800, buffer: 600)
        _ = words.free(days: settlement.days, slots: slots, hours: hours, timeline: timeline)
        let request = FreeBusyJSON.FreeRequest(from: settlement.from, to: settlement.to, hours: hours, minimum: 1800, buffer: 600)
        JSONCheck.require(FreeBusyJSON.free(slots, request: request, timeline: timeline), "free's JSON")
        let found = settlement.conflicts(limit: 50)
        _ = words.conflicts(found, in: settlement)
        for conflict in found.pairs {
            JSONCheck.require(FreeBusyJSON.conflict(conflict, in: settlement), "a conflict's JSON")
        }
        let window = Instant(seconds: settlement.from.daysSinceEpoch * 86_400)..<Instant(seconds: (settlement.to.daysSinceEpoch + 1) * 86_400)
        let document = FreeBusyCalendar.document(
            window: window, stamp: window.lowerBound, uid: "busy-fuzz", organizer: FuzzWindow.me,
            periods: periods.map { FreeBusyCalendar.Period(start: $0.start, end: $0.end, type: $0.tentative ? "BUSY-TENTATIVE" : "BUSY") })
        ReadBack.require(Array(document.utf8), name: "busy.ifb", "the VFREEBUSY written")
    }
}
