import BusyLifeKit
import EventModel
import Export
import Foundation
import Hummingbird
import NIOCore
import ServeCore
import Settle

/// The JSON API: `/api/days` (the bytes of `busylife days`) and `/api/meta`.
enum API {
    static func days(_ request: Request, store: CalendarStore) async throws -> Response {
        let query = request.uri.queryParameters
        let from = query.get("from"), to = query.get("to")
        guard from != nil, to != nil else {
            throw ServeFailure(status: 400, "/api/days needs from and to (dates as busylife days --from and --to take them)")
        }
        if let locale = query.get("locale"), !isLocaleIdentifier(locale) {
            throw ServeFailure(status: 400, "locale \"\(locale)\" is no locale identifier (such as de-DE or ja_JP)")
        }
        let bytes = try await store.days(from: from, to: to, tz: query.get("tz"))
        return json(bytes)
    }

    /// Today, the zones, the busy levels fixed at start, the calendars and
    /// their colours, and the generation of the files (it moves when one
    /// changes, and the page fetches again).
    /// A `tz` or `locale` the page chose is checked here as for `/api/days`,
    /// so that the page can refuse a wrong one before it redraws.
    static func meta(_ request: Request, store: CalendarStore) async throws -> Response {
        let tz = request.uri.queryParameters.get("tz"), locale = request.uri.queryParameters.get("locale")
        if let locale, !isLocaleIdentifier(locale) {
            throw ServeFailure(status: 400, "locale \"\(locale)\" is no locale identifier (such as de-DE or ja_JP)")
        }
        let now = Date()
        let generation = store.generation(now: now)
        let options = try store.setup.options(nil, nil, tz, now)
        let today = try store.setup.today(tz, now)
        let calendars = try await store.calendars(now: now)
        let json = metaJSON(today: today, timeline: options.timeline, generation: generation, levels: store.levels,
                            calendars: calendars, locale: locale ?? store.setup.locale, weekStart: store.setup.weekStart)
        return API.json(Array(json.utf8))
    }

    /// The `busylife.meta/1` document, for `/api/meta` and the page `busylife html` writes.
    static func metaJSON(today: LocalDate, timeline: ZoneTimeline, generation: Int, levels: HeatmapScale,
                         calendars: CalendarList, locale: String?, weekStart: Int?) -> String {
        var json = JSONObjectWriter()
        json.field("schema", "busylife.meta/1")
        json.field("today", today.description)
        json.field("tz", timeline.base.id)
        json.raw("timeline", DaysJSON.timeline(timeline))
        json.field("generation", generation)
        json.raw("busyLevels", API.levels(levels))
        json.raw("calendars", JSONObjectWriter.array(calendars.list.map { calendar in
            var entry = JSONObjectWriter()
            entry.field("name", calendar.name)
            entry.field("color", calendar.color?.description)
            return entry.finished()
        }))
        // The zones the calendars name and the timeline passes through, for the page's zone choice.
        let zones = Set(calendars.zones + [timeline.base.id] + timeline.changes.map(\.zone.id))
        json.strings("zones", zones.sorted(), omitEmpty: false)
        json.field("locale", locale)
        json.raw("words", LocaleWords.pageJSON())
        json.field("weekStart", weekStart)
        json.field("maximumDays", CalendarStore.maximumDays)
        return json.finished()
    }

    /// `{"scale":"quantile","thresholds":[1800,3600,7200]}`: level 0 is no
    /// busy time, 1 to 4 are split by the thresholds (seconds, inclusive).
    static func levels(_ scale: HeatmapScale) -> String {
        var json = JSONObjectWriter()
        json.field("scale", scale.name)
        json.raw("thresholds", "[" + scale.thresholds.map { seconds in
            seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
        }.joined(separator: ",") + "]")
        return json.finished()
    }

    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func failure(_ failure: ServeFailure) -> Response {
        json(Array(failure.json.utf8), status: HTTPResponse.Status(code: failure.status))
    }

    /// Letters, digits, `-` and `_`, as a BCP 47 or POSIX identifier is written.
    static func isLocaleIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
