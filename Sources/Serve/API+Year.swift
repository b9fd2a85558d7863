import Export
import Foundation
import Hummingbird
import NIOCore
import ServeCore
import Settle

extension API {
    /// `/api/year?year=2026`: the year's heatmap, as `busylife heatmap
    /// --year 2026 --format svg` paints it, shaded by the busy levels fixed
    /// at start (so a year's shades compare with the month grid's).
    static func year(_ request: Request, store: CalendarStore) async throws -> Response {
        let query = request.uri.queryParameters
        guard let text = query.get("year"), text.count == 4, let year = Int(text), year >= 1, year <= 9999 else {
            throw ServeFailure(status: 400, "/api/year needs year, four digits from 0001 to 9999")
        }
        let locale = query.get("locale")
        if let locale, !isLocaleIdentifier(locale) {
            throw ServeFailure(status: 400, "locale \"\(locale)\" is no locale identifier (such as de-DE or ja_JP)")
        }
        let tz = query.get("tz"), now = Date()
        var options = try store.setup.options(text + "-01-01", text + "-12-31", tz, now)
        options.keepOccurrences = false  // busy time and counts are all a heatmap needs
        let today = try store.setup.today(tz, now)
        let names = LocaleNames(identifier: (locale ?? store.setup.locale ?? "en_US").replacingOccurrences(of: "-", with: "_"))
        let weekStart = store.setup.weekStart ?? names.firstWeekday
        let levels = store.levels
        let svg = try await store.settled(options) { settlement in
            let model = HeatmapModel(settlement, scale: .fixed(levels.thresholds))
            return HeatmapSVG(names: names, today: today).year(model, weekStart: weekStart)
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // The painter styles its shapes inline; nothing in it runs.
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }
}
