import Foundation
import Testing
@testable import Remote
@testable import RemoteCore

/// CalDAV replies read by namespace and local name, whatever the prefixes,
/// and hostile XML refused before it is parsed.
@Suite struct CalDAVXMLTests {
    /// Values are trimmed as Foundation's `.whitespacesAndNewlines` trims
    /// them, Unicode spaces and CR LF included, without its NSString trip.
    @Test(arguments: ["", " ", "\r\n", "a", " a ", "\n\t\"1-2\"\r\n  ", "\u{A0}x\u{3000}", "a b\u{2028}",
                      "é \r\n", "\r\n\r\nHTTP/1.1 200 OK\r\n"])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(CalDAVXML.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Xandikos's style: every namespace with a prefix of its own choosing.
    @Test func prefixesAreTheServersChoice() throws {
        let reply = """
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav" xmlns:ns2="http://calendarserver.org/ns/" \
            xmlns:ns3="http://apple.com/ns/ical/"><ns0:response><ns0:href>/user/calendars/calendar/</ns0:href><ns0:propstat>\
            <ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:resourcetype><ns0:collection /><ns1:calendar /></ns0:resourcetype>\
            <ns0:current-user-principal><ns0:href>/user/</ns0:href></ns0:current-user-principal><ns0:sync-token>abc</ns0:sync-token>\
            <ns0:displayname>Work &amp; more</ns0:displayname><ns2:getctag>c1</ns2:getctag><ns3:calendar-color>#FF0000FF</ns3:calendar-color>\
            </ns0:prop></ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns1:calendar-home-set />\
            <ns0:displayname>wrong</ns0:displayname></ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>
            """
        let found = try CalDAVXML.multistatus(Array(reply.utf8))
        let calendar = try #require(found.responses.first)
        #expect(found.responses.count == 1)
        #expect(calendar.href == "/user/calendars/calendar/")
        #expect(calendar.isCalendar && calendar.isCollection && !calendar.isPrincipal)
        #expect(calendar.displayName == "Work & more")
        #expect(calendar.color == "#FF0000FF" && calendar.ctag == "c1" && calendar.syncToken == "abc")
        #expect(calendar.currentUserPrincipal == "/user/" && calendar.calendarHomeSet == nil)
    }

    /// Radicale's style: DAV: as the default namespace; a principal with its home.
    @Test func aDefaultNamespaceReadsTheSame() throws {
        let reply = """
            <?xml version='1.0' encoding='utf-8'?>
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/me/</href><propstat><prop>\
            <resourcetype><principal /><collection /></resourcetype><C:calendar-home-set><href>/me/</href></C:calendar-home-set>\
            </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """
        let principal = try #require(try CalDAVXML.multistatus(Array(reply.utf8)).responses.first)
        #expect(principal.isPrincipal && !principal.isCalendar)
        #expect(principal.calendarHomeSet == "/me/")
    }

    /// sync-collection: a member gone (a response status of 404), a changed
    /// one with its ETag and data, and the new token.
    @Test func aSyncReplyNamesTheGoneAndTheChanged() throws {
        let reply = """
            <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:response><d:href>/cal/gone.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>\
            <d:response><d:href>/cal/new.ics</d:href><d:propstat><d:prop><d:getetag>"e2"</d:getetag>\
            <c:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n]]></c:calendar-data></d:prop>\
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response><d:sync-token>t2</d:sync-token></d:multistatus>
            """
        let found = try CalDAVXML.multistatus(Array(reply.utf8))
        #expect(found.syncToken == "t2")
        #expect(found.responses.map(\.href) == ["/cal/gone.ics", "/cal/new.ics"])
        #expect(found.responses[0].status == 404 && found.responses[1].status == nil)
        #expect(found.responses[1].etag == "\"e2\"")
        #expect(found.responses[1].calendarData == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    }

    /// Billion laughs is refused at once (no DTD is ever read), as is any DOCTYPE.
    @Test func entitiesAndDoctypesAreRefusedBeforeParsing() {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        laughs += "]>\n<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>&lol9;</d:href></d:response></d:multistatus>"
        let started = Date()
        #expect(throws: RemoteFailure.self) { try CalDAVXML.multistatus(Array(laughs.utf8)) }
        #expect(Date().timeIntervalSince(started) < 1)
        let external = "<!doctype d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d:multistatus xmlns:d=\"DAV:\">&x;</d:multistatus>"
        #expect(throws: RemoteFailure.self) { try CalDAVXML.multistatus(Array(external.utf8)) }
    }

    @Test func brokenXMLAndOtherXMLAreFailuresInWords() {
        #expect(throws: RemoteFailure.self) { try CalDAVXML.multistatus(Array("<d:multistatus xmlns:d=\"DAV:\"><d:response>".utf8)) }
        do {
            _ = try CalDAVXML.multistatus(Array("<html><body>login</body></html>".utf8))
            Issue.record("a web page read as a multistatus")
        } catch {
            #expect(error.description.contains("expected a WebDAV multistatus"))
        }
    }

    /// Files are named by digests of hrefs: no href reaches the file system.
    @Test func hrefsNeverBecomeFileNames() {
        let key = CalDAVStore.key("../../etc/passwd")
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        #expect(CalDAVStore.vdirColor("#FF8800FF") == "#ff8800")
        #expect(CalDAVStore.vdirColor("red") == nil)
        #expect(SourceWindow("-1y..+2y") != nil && SourceWindow("1y..2y") == nil && SourceWindow("-0d..+0d") == nil)
    }

    /// People see a calendar's display name and an item's last href
    /// segment, decoded unless that would hide a slash or a control character.
    @Test func cachedFilesAreShownByCalendarAndItem() {
        var state = CalDAVState(printed: "host/…/me", isAccount: true, root: "/me/")
        var calendar = CalendarState(href: "/me/fam/", displayName: "Family")
        calendar.items = ["/me/fam/dinner%20one.ics": "\"1\"", "/me/fam/a%2Fb.ics": "\"2\"", "/me/fam/x%0Ay.ics": "\"3\""]
        state.calendars = [calendar]
        let folder = CalDAVStore.key("/me/fam/")
        #expect(state.shownNames == [
            folder: "Family",
            folder + "/" + CalDAVStore.key("/me/fam/dinner%20one.ics") + ".ics": "Family/dinner one.ics",
            folder + "/" + CalDAVStore.key("/me/fam/a%2Fb.ics") + ".ics": "Family/a%2Fb.ics",
            folder + "/" + CalDAVStore.key("/me/fam/x%0Ay.ics") + ".ics": "Family/x%0Ay.ics",
        ])
    }
}
