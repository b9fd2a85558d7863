import Foundation
import Testing

/// Subscriptions through Digest authentication, proxies, and the
/// progress line of a terminal (docs/sources.md), against the servers of
/// Tests/Servers on 127.0.0.1.
@Suite struct SubscriptionNetworkCLITests {
    static let window = SubscriptionCLITests.window

    /// The server's challenge is answered once, with SHA-256 when offered;
    /// the server checks the response hash, so a wrong password is a 401.
    @Test func digestAuthenticationAnswersTheChallengeOnce() throws {
        let server = try SubscriptionServer()
        server.serve("work.ics", oneEventCalendar("a"))
        let login = "username = \"me\"\npassword-command = \"echo s3cret\"\nrefresh = \"0\"\n"
        SubscriptionCLITests.configureWork(server, "digest/MD5+SHA-256/work.ics", login)
        let strong = try server.busylifeRun(["agenda"] + Self.window)
        #expect(strong.status == 0, "\(strong.stderr)")
        #expect(strong.stdout.contains("Event a"))
        SubscriptionCLITests.configureWork(server, "digest/MD5/work.ics", login)
        #expect(try server.busylifeRun(["agenda"] + Self.window).status == 0)
        let stats = try server.stats()
        // Each fetch: Basic first (refused by this server), then the answer to its challenge.
        #expect(stats.requests == 4)
        #expect(try server.digestAccepted() == ["SHA-256", "MD5"])
        SubscriptionCLITests.configureWork(server, "digest/SHA-256/work.ics", login.replacingOccurrences(of: "s3cret", with: "wrong"))
        let wrong = try server.busylifeRun(["agenda"] + Self.window)
        #expect(wrong.status == 66)
        #expect(wrong.stderr.hasPrefix("work: error: the server answered 401 (Unauthorized): the login was refused; check the username "
                                       + "and password-command in [sources.work], or ~/.netrc for 127.0.0.1"), "\(wrong.stderr)")
        #expect(try server.stats().requests == 6)
        #expect(!wrong.stderr.contains("wrong") && !wrong.stdout.contains("wrong"))
    }

    /// Credentials go to the origin they were given for: not to another
    /// port of the same host after a redirect, in neither form, even
    /// over https with a certificate the ca-file trusts.
    @Test func credentialsStayWithTheirOrigin() throws {
        let server = try SubscriptionServer(tls: true)
        let other = try SubscriptionServer(tls: true, sharing: server)
        other.serve("work.ics", oneEventCalendar("a"))
        SubscriptionCLITests.configureWork(server, "to/\(other.port)/digest/MD5/work.ics",
                                           "username = \"me\"\npassword-command = \"echo s3cret\"\nca-file = \"cert.pem\"\n")
        let run = try server.busylifeRun(["agenda"] + Self.window)
        #expect(run.status == 66)
        #expect(run.stderr.hasPrefix("work: error: the server answered 401"), "\(run.stderr)")
        #expect(try other.stats().requests == 1)
        #expect(try other.stats().authorizationSentTo.isEmpty)
        #expect(try server.stats().authorizationSentTo.count == 1)
    }

    /// https through `https_proxy` with CONNECT (TLS still verified end to
    /// end), http through `http_proxy`, `no_proxy` around it; the proxy's
    /// password reaches no output.
    @Test func proxiesOfTheEnvironmentCarryTheFetches() throws {
        let server = try SubscriptionServer(tls: true)
        let proxy = try ConnectProxy(login: "pu:PROXYSECRET")
        server.serve("work.ics", oneEventCalendar("a"))
        server.configure("[sources.work]\nurl = \"\(server.url("etag/work.ics"))\"\nca-file = \"cert.pem\"\nrefresh = \"0\"\n")
        let through = ["HTTPS_PROXY": "http://pu:PROXYSECRET@127.0.0.1:\(proxy.port)"]
        let tunnelled = try server.busylifeRun(["agenda", "work", "-v"] + Self.window, environment: through)
        #expect(tunnelled.status == 0, "\(tunnelled.stderr)")
        #expect(tunnelled.stdout.contains("Event a"))
        // Both requests of a first fetch go through it: is the address CalDAV? then the GET.
        #expect(try proxy.connects() == ["127.0.0.1:\(server.port)", "127.0.0.1:\(server.port)"])
        let bypassed = try server.busylifeRun(["agenda", "work"] + Self.window, environment: through.merging(["no_proxy": "localhost,127.0.0.1"]) { $1 })
        #expect(bypassed.status == 0)
        #expect(try proxy.connects().count == 2)
        #expect(try server.stats().requests == 2)
        let refused = try server.busylifeRun(["agenda", "work", "-v"] + Self.window,
                                             environment: ["https_proxy": "http://pu:WRONGSECRET@127.0.0.1:\(proxy.port)"])
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("work: warning: proxy: the proxy asked for credentials (407)"), "\(refused.stderr)")
        for run in [tunnelled, bypassed, refused] {
            #expect(!(run.stdout + run.stderr).contains("SECRET"))
        }
        let plain = try SubscriptionServer()
        plain.serve("work.ics", oneEventCalendar("b"))
        let http = try plain.busylifeRun(["agenda", plain.url("etag/work.ics")] + Self.window,
                                        environment: ["http_proxy": "http://pu:PROXYSECRET@127.0.0.1:\(proxy.port)"])
        #expect(http.status == 0, "\(http.stderr)")
        #expect(try proxy.connects().last == "127.0.0.1:\(plain.port)")
    }

    /// A server that takes the connection and never answers is waited
    /// for once, the fetch's limit: not once more for the question asked
    /// before a first fetch (is the address CalDAV?).
    @Test func aServerThatNeverAnswersIsWaitedForOnce() throws {
        let server = try SubscriptionServer()
        let silent = Process()
        silent.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        silent.arguments = ["python3", "-c", """
            import socket
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
            print(s.getsockname()[1], flush=True)
            held = []
            while True: held.append(s.accept()[0])
            """]
        let output = Pipe()
        silent.standardOutput = output
        try silent.run()
        defer {
            // SIGKILL: the child may have started with SIGTERM blocked, as the spawning thread had it.
            kill(silent.processIdentifier, SIGKILL)
            silent.waitUntilExit()
        }
        let address = "http://127.0.0.1:\(output.announcedPort())/work.ics"
        let started = Date()
        let run = try server.busylifeRun(["agenda", address] + Self.window, environment: ["BUSYLIFE_HTTP_TIMEOUT": "5"])
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 66)
        #expect(run.stderr == "127.0.0.1/work.ics: error: no complete reply within 5 s; and there is no copy from an earlier fetch\n")
        // Waited for twice, it would take ten seconds and more.
        #expect(seconds < 8, "\(seconds) s")
    }

    /// On a terminal, a fetch longer than a second shows a line with the
    /// source and the bytes received so far, rewritten in place and
    /// erased at the end; in a pipe, standard error stays empty.
    @Test func aSlowFetchShowsProgressOnATerminalOnly() throws {
        let server = try SubscriptionServer()
        // Long enough to arrive in visible pieces.
        let padding = String(repeating: "X-PADDING:" + String(repeating: "x", count: 60) + "\r\n", count: 60)
        server.serve("work.ics", oneEventCalendar("a").replacingOccurrences(of: "BEGIN:VEVENT", with: padding + "BEGIN:VEVENT"))
        SubscriptionCLITests.configureWork(server, "trickle/3/work.ics", "refresh = \"0\"\n")
        let terminal = server.folder.path("terminal")
        let run = try busylife([], shell: """
            python3 -c '\(Self.underATerminal)' '\(terminal)' BUSYLIFE agenda \(Self.window.joined(separator: " "))
            """, environment: server.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Event a"))
        let shown = try String(contentsOfFile: terminal, encoding: .utf8)
        let lines = shown.components(separatedBy: "\r").filter { !$0.isEmpty }
        #expect(lines.first?.hasPrefix("busylife: fetching work ") == true, "\(shown.debugDescription)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("busylife: fetching work ") && $0.hasSuffix("\u{1B}[K") })
        // The bytes grow as the pieces arrive, and the line is erased at the end.
        #expect(lines.contains { $0.contains("KiB") || ($0.contains(" bytes") && !$0.contains("work 0 bytes")) })
        #expect(shown.hasSuffix("\r\u{1B}[K"))
        #expect(lines.last == "\u{1B}[K")
        let piped = try server.busylifeRun(["agenda"] + Self.window)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty)
        #expect(try server.stats().requests == 2)
    }

    /// Runs the command with standard error on a new terminal and writes
    /// what the terminal received to the file of its first argument.
    static let underATerminal = """
        import os, pty, subprocess, sys
        master, slave = pty.openpty()
        child = subprocess.Popen(sys.argv[2:], stderr=slave, stdin=subprocess.DEVNULL)
        os.close(slave)
        seen = b""
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            seen += data
        open(sys.argv[1], "wb").write(seen)
        sys.exit(child.wait())
        """
}

/// The CONNECT proxy of Tests/Servers, started for one test on a free
/// port of 127.0.0.1 and stopped with it.
final class ConnectProxy {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(login: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("Tests/Servers/connect-proxy.py").path, "--login", login]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        port = output.announcedPort()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.waitUntilExit() }
    }

    /// The targets it tunnelled to, in order.
    func connects() throws -> [String] {
        let run = try busylife([], shell: """
            python3 -c 'import sys, urllib.request
            print(urllib.request.urlopen(sys.argv[1]).read().decode())' 'http://127.0.0.1:\(port)/_stats'
            """)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return object["connects"] as? [String] ?? []
    }
}

extension SubscriptionServer {
    /// The algorithms of the Digest answers the server accepted, in order.
    func digestAccepted() throws -> [String] {
        let run = try busylife([], shell: """
            python3 -c 'import ssl, sys, urllib.request
            print(urllib.request.urlopen(sys.argv[1], context=ssl._create_unverified_context()).read().decode())' '\(url("_stats"))'
            """)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return object["digestAccepted"] as? [String] ?? []
    }
}
