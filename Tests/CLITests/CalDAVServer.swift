import Foundation

/// A real CalDAV server (Radicale or Xandikos from the project's .venv,
/// through Tests/Servers/caldav-server.py) on a free port of 127.0.0.1
/// for one test, with a scratch folder for its storage, the cache and a
/// home. It stops when the test lets go of it (its launcher stops the
/// server when its standard input closes, even if the test dies).
final class CalDAVServer {
    enum Kind: String, CaseIterable, Sendable { case radicale, xandikos }

    let kind: Kind
    let folder = ScratchFolder()
    let port: Int
    private let process = Process()
    private let input = Pipe()

    static let python = repository.appendingPathComponent(".venv/bin/python3").path

    /// Nil when the server is installed; else why not, for the skip message.
    static func missing(_ kind: Kind) -> String? {
        let module = kind.rawValue
        guard let run = try? busylife([], shell: "'\(python)' -c 'import \(module)' 2>&1"), run.status == 0 else {
            return "\(module) is not installed in .venv (scripts/setup.sh installs it); CalDAV tests against it skipped"
        }
        return nil
    }

    init(_ kind: Kind) throws {
        self.kind = kind
        for name in ["storage", "state", "cache", "home"] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [repository.appendingPathComponent("Tests/Servers/caldav-server.py").path, kind.rawValue,
                             "--folder", folder.path("")]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        port = output.announcedPort()
        // Radicale's user is whoever logs in (auth none); Xandikos asks for no login.
        folder.write("home/.netrc", "machine 127.0.0.1 login me password secret-pw\n")
    }

    /// Stops the server (a later sync finds the connection refused).
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    deinit { stop() }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The account's path: what holds its calendars.
    var home: String { kind == .radicale ? "/me/" : "/user/calendars/" }

    /// `method` on `path` with `body`, as any client would; the status.
    @discardableResult
    func request(_ method: String, _ path: String, _ body: String = "") throws -> Int {
        folder.write("request-body", body)
        let run = try busylife([], shell: """
            '\(Self.python)' - '\(method)' '\(url(path))' '\(folder.path("request-body"))' <<'EOF'
            import base64, sys, urllib.request, urllib.error
            method, url, body = sys.argv[1], sys.argv[2], open(sys.argv[3], 'rb').read()
            request = urllib.request.Request(url, data=body, method=method, headers={
                'Content-Type': 'text/calendar' if method == 'PUT' else 'application/xml',
                'Authorization': 'Basic ' + base64.b64encode(b'me:secret-pw').decode()})
            try:
                print(urllib.request.urlopen(request).status)
            except urllib.error.HTTPError as error:
                print(error.code)
            EOF
            """)
        return Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// A calendar at `home + name + "/"` with a display name and colour.
    func makeCalendar(_ name: String, displayName: String, color: String? = nil) throws {
        if kind == .radicale { try request("MKCOL", "/me/") }
        let colour = color.map { "<a:calendar-color>\($0)</a:calendar-color>" } ?? ""
        let status = try request("MKCALENDAR", home + name + "/", """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/">\
            <d:set><d:prop><d:displayname>\(displayName)</d:displayname>\(colour)</d:prop></d:set></c:mkcalendar>
            """)
        guard status == 201 else { throw CocoaError(.fileWriteUnknown, userInfo: ["MKCALENDAR": status]) }
    }

    /// Puts one item (a whole VCALENDAR) into a calendar.
    func put(_ calendar: String, _ item: String, _ text: String) throws {
        let status = try request("PUT", home + calendar + "/" + item, text)
        guard status == 201 || status == 204 else { throw CocoaError(.fileWriteUnknown, userInfo: ["PUT": status]) }
    }

    /// Radicale's requests and the bytes of its replies, from its log.
    func transfers() -> (requests: Int, bytes: Int) {
        let log = (try? String(contentsOfFile: folder.path("server.log"), encoding: .utf8)) ?? ""
        var requests = 0
        var bytes = 0
        for line in log.split(separator: "\n") where line.contains("response status for") {
            requests += 1
            if let range = line.range(of: #"\d+ bytes"#, options: .regularExpression) {
                bytes += Int(line[range].split(separator: " ")[0]) ?? 0
            }
        }
        return (requests, bytes)
    }

    /// The variables `busylifeRun` gives: this server's cache, home (and .netrc) and configuration.
    var environment: [String: String] {
        ["XDG_CACHE_HOME": folder.path("cache"), "HOME": folder.path("home"), "BUSYLIFE_CONFIG": folder.path("config.toml")]
    }

    /// Runs busylife with this server's cache, home (and .netrc) and configuration.
    func busylifeRun(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        var variables = ["XDG_CACHE_HOME": folder.path("cache"), "HOME": folder.path("home")]
        if FileManager.default.fileExists(atPath: folder.path("config.toml")) { variables["BUSYLIFE_CONFIG"] = folder.path("config.toml") }
        variables.merge(environment) { _, given in given }
        return try busylife(arguments, environment: variables)
    }

    func configure(_ text: String) { folder.write("config.toml", text) }
}

/// One event as a CalDAV item: a VCALENDAR of its own.
func calDAVItem(_ uid: String, day: Int, hour: Int = 9, summary: String? = nil) -> String {
    let date = String(format: "202611%02dT%02d0000Z", day, hour)
    let end = String(format: "202611%02dT%02d3000Z", day, hour)
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//busylife tests//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\n"
        + "DTSTAMP:20260101T000000Z\r\nDTSTART:\(date)\r\nDTEND:\(end)\r\nSUMMARY:\(summary ?? "Event \(uid)")\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"
}
