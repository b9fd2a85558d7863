import Foundation
import RemoteCore

/// Brings a CalDAV source's calendars up to date, one at a time: a
/// calendar seen for the first time whole in one calendar-query with its
/// data, after that with sync-collection (RFC 6578) when the server offers
/// it, else with the ETag list (or, with a window, a calendar-query), then
/// a calendar-multiget of what changed. Items are kept as they arrive and
/// written into the calendar's packs once it is done (`writePacks`); the
/// state is written by the caller once every calendar is done, so a
/// failure leaves the last state (and at worst fetches again next time).
struct CalDAVSync {
    let client: CalDAVClient
    let subscription: Subscription
    let store: CalDAVStore
    /// Where hrefs are resolved: the host that answered.
    let origin: RemoteAddress
    var report = CalDAVReport()
    /// The current calendar's items fetched, by href, until its packs are written.
    var fresh: [String: String] = [:]

    /// How many hrefs one calendar-multiget asks for.
    static let batch = 200

    /// A calendar (`found` in the listing, or the probe's answer, which
    /// has no ctag) brought up to date from `kept`, its packs written when
    /// an item changed (or its items were stored one file each).
    mutating func sync(_ found: DAVResponse, kept: CalendarState?, probed: Bool = false) async throws(RemoteFailure) -> CalendarState {
        var kept = kept
        // A pack of another size than the state says was left by a sync
        // that did not finish: its items cannot be told apart, so the
        // calendar is fetched again whole.
        if let old = kept, !store.packsAreWhole(old) { kept = CalendarState(href: old.href, displayName: old.displayName) }
        fresh = [:]
        var calendar = try await update(found, kept: kept, probed: probed)
        if !fresh.isEmpty || calendar.packs == nil || (calendar.lines ?? [:]).count != calendar.items.count {
            try store.writePacks(&calendar, fresh: fresh)
        }
        fresh = [:]
        return calendar
    }

    private mutating func update(_ found: DAVResponse, kept: CalendarState?, probed: Bool) async throws(RemoteFailure) -> CalendarState {
        var calendar = kept ?? CalendarState(href: found.href, displayName: "")
        calendar.displayName = Self.name(found)
        calendar.color = found.color.flatMap { $0.isEmpty ? nil : $0 }
        try store.writeMetadata(calendar)
        let window = subscription.window?.text
        let sameWindow = kept != nil && calendar.window == window
        if sameWindow && Self.unchanged(found, calendar) { return calendar }
        if !sameWindow {
            calendar.syncToken = nil
            calendar.window = window
        }
        let address = try self.address(found.href)
        var found = found
        if probed && found.syncToken == nil,
           let tokens = try await list(address, depth: "0", "PROPFIND", CalDAVRequest.listing(ctag: true)).first(where: \.isCalendar) {
            (found.syncToken, found.ctag) = (tokens.syncToken, tokens.ctag)
        }
        // The tokens are read before the list, so that a change between them is seen next time.
        if let range = subscription.window?.dates(now: Date()) {
            let listed = try await list(address, depth: "1", "REPORT", CalDAVRequest.query(from: range.start, to: range.end))
            try await apply(whole: listed, to: &calendar)
        } else if calendar.syncToken == nil && found.syncToken != nil {
            try await apply(whole: try await list(address, depth: "1", "REPORT", CalDAVRequest.everything), to: &calendar)
        } else if found.syncToken != nil,
                  let changes = try await collection(address, token: calendar.syncToken, calendar: &calendar) {
            calendar.syncToken = changes.syncToken ?? found.syncToken
            calendar.ctag = found.ctag
            return calendar
        } else {
            try await apply(whole: try await list(address, depth: "1", "PROPFIND", CalDAVRequest.etags), to: &calendar)
        }
        calendar.syncToken = found.syncToken
        calendar.ctag = found.ctag
        return calendar
    }

    /// Whether the listing's token (else ctag) says nothing changed since `kept`.
    static func unchanged(_ found: DAVResponse, _ kept: CalendarState) -> Bool {
        if let token = found.syncToken { return token == kept.syncToken }
        if let ctag = found.ctag { return ctag == kept.ctag }
        return false
    }

    /// A display name, else the last segment of the href.
    static func name(_ found: DAVResponse) -> String {
        if let name = found.displayName?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        let segment = found.href.split(separator: "/").last.map(String.init) ?? found.href
        return segment.removingPercentEncoding ?? segment
    }

    /// sync-collection from `token`, applied; nil when the server does not
    /// offer it (then the ETag list is used). A token the server no longer
    /// knows starts over once from none.
    private mutating func collection(_ address: RemoteAddress, token: String?,
                                     calendar: inout CalendarState) async throws(RemoteFailure) -> DAVMultistatus? {
        var reply = try await client.send("REPORT", address, depth: "0", body: CalDAVRequest.syncCollection(token: token))
        if token != nil && Self.expired(reply) {
            report.notes.append("\(calendar.displayName): the server no longer knew the sync token; fetched the list again")
            reply = try await client.send("REPORT", address, depth: "0", body: CalDAVRequest.syncCollection(token: nil))
            return try await applyCollection(reply, whole: true, to: &calendar)
        }
        return try await applyCollection(reply, whole: token == nil, to: &calendar)
    }

    /// A token refused: 403 or 409, or the valid-sync-token precondition.
    static func expired(_ reply: DAVReply) -> Bool {
        reply.status == 403 || reply.status == 409 || (reply.status >= 400 && CalDAVXML.names("valid-sync-token", in: reply.body))
    }

    private mutating func applyCollection(_ reply: DAVReply, whole: Bool,
                                          to calendar: inout CalendarState) async throws(RemoteFailure) -> DAVMultistatus? {
        // Servers without sync-collection answer 400, 403, 405, 415, 501 or similar.
        guard reply.status == 207 else {
            if reply.status == 401 { throw failure(reply) }
            return nil
        }
        let multistatus = try CalDAVXML.multistatus(reply.body)
        let members = multistatus.responses.filter { $0.href != calendar.href && !$0.href.hasSuffix("/") }
        if whole {
            try await apply(whole: members.filter { $0.status != 404 }, to: &calendar)
        } else {
            for gone in members where gone.status == 404 && calendar.items[gone.href] != nil {
                remove(gone.href, from: &calendar)
            }
            let changed = members.filter { $0.status != 404 && (calendar.items[$0.href] == nil || calendar.items[$0.href] != $0.etag) }
            try await fetch(try keep(changed, in: &calendar), into: &calendar)
        }
        return multistatus
    }

    /// A whole listing (every member and its ETag): the members not listed
    /// go, the new and changed ones are fetched.
    private mutating func apply(whole listed: [DAVResponse], to calendar: inout CalendarState) async throws(RemoteFailure) {
        let members = listed.filter { !$0.isCollection && !$0.href.hasSuffix("/") && $0.status != 404 }
        let present = Set(members.map(\.href))
        for href in calendar.items.keys.sorted() where !present.contains(href) { remove(href, from: &calendar) }
        let changed = members.filter { calendar.items[$0.href] == nil || $0.etag == nil || calendar.items[$0.href] != $0.etag }
        try await fetch(try keep(changed, in: &calendar), into: &calendar)
    }

    /// Writes the members whose data came with the listing; the hrefs of
    /// the others, still to be fetched.
    private mutating func keep(_ members: [DAVResponse], in calendar: inout CalendarState) throws(RemoteFailure) -> [String] {
        var missing: [String] = []
        for member in members {
            guard let data = member.calendarData, data.contains("BEGIN:VCALENDAR") else {
                missing.append(member.href)
                continue
            }
            fresh[member.href] = data
            calendar.items[member.href] = member.etag ?? ""
            report.changed += 1
        }
        return missing
    }

    private mutating func remove(_ href: String, from calendar: inout CalendarState) {
        fresh[href] = nil
        calendar.items[href] = nil
        report.removed += 1
    }

    /// A PROPFIND or REPORT that lists members, as a multistatus.
    private func list(_ address: RemoteAddress, depth: String, _ method: String, _ body: String) async throws(RemoteFailure) -> [DAVResponse] {
        let reply = try await client.send(method, address, depth: depth, body: body)
        guard reply.status == 207 else { throw failure(reply) }
        return try CalDAVXML.multistatus(reply.body).responses
    }

    /// calendar-multiget of `hrefs`, a batch at a time; each item written
    /// as it comes. An item gone since the listing (404, or left out) is
    /// skipped with a note.
    private mutating func fetch(_ hrefs: [String], into calendar: inout CalendarState) async throws(RemoteFailure) {
        guard !hrefs.isEmpty else { return }
        let address = try self.address(calendar.href)
        for start in stride(from: 0, to: hrefs.count, by: Self.batch) {
            let wanted = Array(hrefs[start..<min(hrefs.count, start + Self.batch)])
            let responses = try await list(address, depth: "1", "REPORT", CalDAVRequest.multiget(wanted))
            var got: Set<String> = []
            for response in responses where response.status != 404 {
                guard let data = response.calendarData, data.contains("BEGIN:VCALENDAR") else { continue }
                let href: String? = wanted.contains(response.href) ? response.href : Self.match(response.href, in: wanted)
                guard let href else { continue }
                fresh[href] = data
                calendar.items[href] = response.etag ?? ""
                got.insert(href)
                report.changed += 1
            }
            for href in wanted where !got.contains(href) {
                report.notes.append("\(calendar.displayName): an item was removed between listing and fetching; skipped")
                if calendar.items[href] != nil { remove(href, from: &calendar) }
            }
        }
    }

    /// The wanted href a server's spelling of it (percent-encoded or not) stands for.
    static func match(_ href: String, in wanted: [String]) -> String? {
        let plain = href.removingPercentEncoding ?? href
        return wanted.first { ($0.removingPercentEncoding ?? $0) == plain }
    }

    /// An href as an address on the server that answered.
    func address(_ href: String) throws(RemoteFailure) -> RemoteAddress {
        // An href elsewhere would take the credentials to another host.
        guard let address = origin.redirected(to: href), address.host.lowercased() == origin.host.lowercased(),
              address.isTLS == origin.isTLS else { throw .other("the server named an href on another host, which is not followed") }
        return address
    }

    func failure(_ reply: DAVReply) -> RemoteFailure {
        .status(reply.status, host: origin.host, source: subscription.name, loginSent: client.credentials != nil)
    }
}
