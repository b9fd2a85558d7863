import Foundation
import RemoteCore
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `<response>` of a WebDAV multistatus: its href, its status (a
/// whole-response status, as sync-collection gives a removed member), and
/// the properties found with a 200 propstat.
package struct DAVResponse: Sendable, Equatable {
    package var href: String
    /// The `<status>` outside any propstat (404 for a member gone), if any.
    package var status: Int?
    package var isCollection = false
    package var isCalendar = false
    package var isPrincipal = false
    package var displayName: String?
    package var color: String?
    package var etag: String?
    package var ctag: String?
    package var syncToken: String?
    package var calendarData: String?
    package var currentUserPrincipal: String?
    package var calendarHomeSet: String?

    package init(href: String) {
        self.href = href
    }
}

/// A multistatus reply: its responses and, for sync-collection, the new token.
package struct DAVMultistatus: Sendable, Equatable {
    package var responses: [DAVResponse] = []
    package var syncToken: String?
}

/// Reads CalDAV replies with FoundationXML, by namespace and local name
/// (servers choose their own prefixes). A reply declaring a DTD or an
/// entity is refused before parsing: entity expansion is how a small
/// reply becomes gigabytes (billion laughs).
package enum CalDAVXML {
    /// `text` without the white space around it (Unicode's, line ends
    /// included), as `trimmingCharacters(in: .whitespacesAndNewlines)` gives
    /// it, without Foundation's trip through NSString: every element's end
    /// asks, thousands a reply.
    package static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"

    /// The multistatus in `bytes`; a failure naming what was wrong.
    package static func multistatus(_ bytes: [UInt8]) throws(RemoteFailure) -> DAVMultistatus {
        try refuseDeclarations(bytes)
        let reader = MultistatusReader()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse() else {
            let line = parser.lineNumber
            throw .notCalendar("the server's XML reply is broken (line \(line)): \(parser.parserError.map { "\($0.localizedDescription)" } ?? "unreadable")")
        }
        guard reader.sawMultistatus else { throw .notCalendar("expected a WebDAV multistatus reply, got other XML") }
        // The parser may stop at the end of the bytes without complaint: a reply cut short is broken.
        guard reader.finished else { throw .notCalendar("the server's XML reply is broken: it ends before its multistatus does") }
        return reader.result
    }

    /// Whether an error reply names a precondition (`valid-sync-token`).
    package static func names(_ precondition: String, in bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(65_536), as: UTF8.self)
        return text.contains(precondition)
    }

    /// Refuses a reply with `<!DOCTYPE` or `<!ENTITY` in its prolog (the
    /// only place a DTD may stand): CalDAV replies never need one, and the
    /// parser must never expand one. Calendar data after the root's start
    /// is not looked at.
    static func refuseDeclarations(_ bytes: [UInt8]) throws(RemoteFailure) {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "!") {
                    let word = String(decoding: bytes[(index + 2)..<min(bytes.count, index + 9)], as: UTF8.self).uppercased()
                    if word.hasPrefix("DOCTYPE") || word.hasPrefix("ENTITY") {
                        throw .notCalendar("the server's XML reply declares a DTD or entities, which busylife never reads")
                    }
                } else if next != UInt8(ascii: "?") {
                    return  // the root element: the prolog is over
                }
            }
            index += 1
        }
    }
}

/// The SAX delegate: keeps the path of open elements and fills responses.
private final class MultistatusReader: NSObject, XMLParserDelegate {
    var result = DAVMultistatus()
    var sawMultistatus = false
    /// Whether the multistatus element was closed.
    var finished = false
    private var path: [(namespace: String, name: String)] = []
    private var text = ""
    private var current: DAVResponse?
    /// The current propstat's properties, kept only if its status is 200.
    private var pending = DAVResponse(href: "")
    private var propstatOK = true

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let namespace = namespaceURI ?? ""
        path.append((namespace, name))
        text = ""
        guard namespace == CalDAVXML.dav else {
            resourceType(namespace, name)
            return
        }
        switch name {
        case "multistatus": sawMultistatus = true
        case "response": current = DAVResponse(href: "")
        case "propstat":
            pending = DAVResponse(href: "")
            propstatOK = true
        default: resourceType(namespace, name)
        }
    }

    /// A member of `resourcetype`, or a `comp` of the component set.
    private func resourceType(_ namespace: String, _ name: String) {
        guard path.count >= 2 else { return }
        let parent = path[path.count - 2]
        if parent.name == "resourcetype" && parent.namespace == CalDAVXML.dav {
            if namespace == CalDAVXML.dav && name == "collection" { pending.isCollection = true }
            if namespace == CalDAVXML.dav && name == "principal" { pending.isPrincipal = true }
            if namespace == CalDAVXML.caldav && name == "calendar" { pending.isCalendar = true }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let namespace = namespaceURI ?? ""
        defer {
            path.removeLast()
            text = ""
        }
        let parent = path.count >= 2 ? path[path.count - 2] : (namespace: "", name: "")
        if namespace == CalDAVXML.dav {
            endDAV(name, parent: parent)
        } else {
            endOther(namespace, name)
        }
    }

    private func endDAV(_ name: String, parent: (namespace: String, name: String)) {
        let value = CalDAVXML.trimmed(text)
        switch (name, parent.name) {
        case ("href", "response"): current?.href = value
        case ("href", "current-user-principal"): pending.currentUserPrincipal = value
        case ("href", "calendar-home-set"): if pending.calendarHomeSet == nil { pending.calendarHomeSet = value }
        case ("status", "response"): current?.status = Self.code(value)
        case ("status", "propstat"): propstatOK = Self.code(value) == 200
        case ("propstat", _): if propstatOK { merge() }
        case ("response", _):
            if let current { result.responses.append(current) }
            current = nil
        case ("displayname", "prop"): pending.displayName = value
        case ("getetag", "prop"): pending.etag = value
        case ("sync-token", "prop"): pending.syncToken = value
        case ("sync-token", "multistatus"): result.syncToken = value
        case ("multistatus", _): finished = true
        default: break
        }
    }

    private func endOther(_ namespace: String, _ name: String) {
        // Calendar data is kept as sent, and not trimmed: it is most of a sync's reply.
        switch (namespace, name) {
        case (CalDAVXML.caldav, "calendar-data"): pending.calendarData = text
        case (CalDAVXML.calendarServer, "getctag"): pending.ctag = CalDAVXML.trimmed(text)
        case (CalDAVXML.apple, "calendar-color"): pending.color = CalDAVXML.trimmed(text)
        default: break
        }
    }

    /// A 200 propstat's properties into the response.
    private func merge() {
        guard var response = current else { return }
        let found = pending
        response.isCollection = response.isCollection || found.isCollection
        response.isCalendar = response.isCalendar || found.isCalendar
        response.isPrincipal = response.isPrincipal || found.isPrincipal
        response.displayName = found.displayName ?? response.displayName
        response.color = found.color ?? response.color
        response.etag = found.etag ?? response.etag
        response.ctag = found.ctag ?? response.ctag
        response.syncToken = found.syncToken ?? response.syncToken
        response.calendarData = found.calendarData ?? response.calendarData
        response.currentUserPrincipal = found.currentUserPrincipal ?? response.currentUserPrincipal
        response.calendarHomeSet = found.calendarHomeSet ?? response.calendarHomeSet
        current = response
    }

    /// The code of `HTTP/1.1 404 Not Found`.
    private static func code(_ status: String) -> Int? {
        let parts = status.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
