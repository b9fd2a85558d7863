import Foundation
internal import Remote
internal import RemoteCore

/// A CalDAV calendar or account, read by ``CalendarSource/caldav(_:)``:
/// what a `[sources]` entry of the command line's configuration holds.
///
/// The address is asked what it is before it is first fetched: a
/// calendar collection is read as one calendar; a principal, a calendar
/// home or a bare host (asked at `/.well-known/caldav`) is an account,
/// and every calendar under it is read, each under its display name.
/// ``BusyLife/read(_:options:refresh:)`` syncs it into the cache of
/// ``ReadOptions/cacheFolder`` (sync-collection from the kept token, or
/// the ETags of the items, then only what changed); every other read
/// takes the cached calendars without fetching.
public struct CalDAVSource: Sendable, Equatable {
    /// The calendar's or account's `https://` address (`http://` only to
    /// this machine when there is a login).
    public var url: URL
    /// Sent as Basic authentication, or Digest when the server asks for
    /// it, and only to the address's own origin; never cached.
    public var login: SourceLogin?
    /// What diagnostics and events' `source.file` name the source by
    /// (`work/Family/dinner.ics`); nil for `host/…/last-segment`. The
    /// whole address is never shown.
    public var name: String?
    /// An account's calendars to read, by display name, case ignored;
    /// empty for all of them.
    public var include: [String]
    /// An account's calendars never to read, by display name, case ignored.
    public var exclude: [String]
    /// Only the events that touch this span around the time of the
    /// fetch, in seconds (`-366 * 86_400 ... 2 * 366 * 86_400`: a year
    /// back, two ahead), fetched with a calendar-query time-range; nil
    /// for every event. For a huge calendar.
    public var window: ClosedRange<TimeInterval>?
    /// A PEM file of the certificate authorities to trust instead of the
    /// system's (a company's own).
    public var caFile: URL?

    public init(_ url: URL, login: SourceLogin? = nil, name: String? = nil, include: [String] = [],
                exclude: [String] = [], window: ClosedRange<TimeInterval>? = nil, caFile: URL? = nil) {
        self.url = url
        self.login = login
        self.name = name
        self.include = include
        self.exclude = exclude
        self.window = window
        self.caFile = caFile
    }

    /// The subscription it is synced as; nil when the address is no web address.
    var subscription: Subscription? {
        guard var subscription = SourceCopies.subscription(url, login: login) else { return nil }
        subscription.name = name
        subscription.include = include
        subscription.exclude = exclude
        subscription.window = window.map { SourceWindow(past: -$0.lowerBound, future: $0.upperBound) }
        subscription.caFile = caFile?.path
        return subscription
    }
}
