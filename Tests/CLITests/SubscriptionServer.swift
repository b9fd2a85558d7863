import Foundation

/// The subscription server of Tests/Servers (Python's standard library),
/// started for one test on a free port of 127.0.0.1 and stopped with it,
/// with a scratch folder for what it serves, the cache and a home. Every
/// run of `busylife` through it gets that cache and home: nothing of the
/// user running the tests is read or written.
final class SubscriptionServer {
    let folder = ScratchFolder()
    let port: Int
    let scheme: String
    private let process = Process()
    private let input = Pipe()

    /// Over TLS with a certificate of its own, or with that of `sharing`
    /// (two servers a ca-file trusts alike).
    init(tls: Bool = false, sharing: SubscriptionServer? = nil) throws {
        for name in ["served", "cache", "home"] {
            try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        }
        var arguments = [repository.appendingPathComponent("Tests/Servers/subscription-server.py").path, "--root", folder.path("served")]
        if tls {
            let owner = sharing?.folder ?? folder
            if sharing == nil { try SubscriptionServer.makeCertificate(in: folder) }
            arguments += ["--cert", owner.path("cert.pem"), "--key", owner.path("key.pem")]
        }
        scheme = tls ? "https" : "http"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        port = output.announcedPort()
    }

    /// A self-signed certificate for 127.0.0.1 and localhost, as a user's private server might have.
    static func makeCertificate(in folder: ScratchFolder) throws {
        let run = try busylife([], shell: """
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
              -addext 'subjectAltName=IP:127.0.0.1,DNS:localhost' \
              -keyout '\(folder.path("key.pem"))' -out '\(folder.path("cert.pem"))' 2>&1
            """)
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": run.stdout]) }
    }

    /// Stops the server (a later fetch finds the connection refused).
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    deinit { stop() }

    func url(_ path: String, host: String = "127.0.0.1") -> String { "\(scheme)://\(host):\(port)/\(path)" }

    /// Serves `text` as `name`.
    func serve(_ name: String, _ text: String) { folder.write("served/" + name, text) }

    /// What /switch/ answers: a route of the server (`html`, `status/503`), or the file again (nil).
    func mode(_ route: String?) {
        if let route { folder.write("served/_mode", route) } else { try? FileManager.default.removeItem(atPath: folder.path("served/_mode")) }
    }

    /// What the server counted: requests, conditional ones, body bytes sent.
    func stats() throws -> (requests: Int, conditional: Int, bodyBytes: Int, authorizationSentTo: [String]) {
        let run = try busylife([], shell: """
            python3 -c 'import json, ssl, sys, urllib.request
            print(urllib.request.urlopen(sys.argv[1], context=ssl._create_unverified_context()).read().decode())' '\(url("_stats"))'
            """)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return (object["requests"] as? Int ?? -1, object["conditional"] as? Int ?? -1, object["bodyBytes"] as? Int ?? -1,
                object["authorizationSentTo"] as? [String] ?? [])
    }

    /// Writes the configuration file busylife is given.
    func configure(_ text: String) { folder.write("config.toml", text) }

    /// The variables `busylifeRun` gives: this server's cache, home and configuration.
    var environment: [String: String] {
        ["XDG_CACHE_HOME": folder.path("cache"), "HOME": folder.path("home"), "BUSYLIFE_CONFIG": folder.path("config.toml")]
    }

    /// Runs busylife with this server's cache, home and configuration file.
    func busylifeRun(_ arguments: [String], environment: [String: String] = [:], binary: URL? = nil) throws -> Run {
        var variables = ["XDG_CACHE_HOME": folder.path("cache"), "HOME": folder.path("home")]
        if FileManager.default.fileExists(atPath: folder.path("config.toml")) { variables["BUSYLIFE_CONFIG"] = folder.path("config.toml") }
        variables.merge(environment) { _, given in given }
        return try busylife(arguments, environment: variables, binary: binary)
    }

    /// Every file in the cache folder: name and content.
    func cacheFiles() -> [(name: String, content: String)] {
        let root = folder.path("cache")
        let names = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return names.sorted().map { name in
            (name, (try? String(contentsOfFile: root + "/" + name, encoding: .utf8)) ?? "")
        }
    }
}
