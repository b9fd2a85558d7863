import Foundation
import Testing
@testable import Remote
@testable import RemoteCore

@Suite struct RemoteTests {
    /// FIPS 180-4's examples, and a text longer than one block fed in pieces.
    @Test func sha256MatchesTheStandardsExamples() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var pieces = SHA256()
        for start in stride(from: 0, to: million.count, by: 999) {
            million[start..<min(start + 999, million.count)].withUnsafeBytes { pieces.update($0) }
        }
        #expect(pieces.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The lengths where the padding takes one block or two, whole and fed
    /// a byte at a time (the digest is written out in RemoteCore, so that
    /// reading the cache links no cryptography library).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
    ])
    func sha256PadsEveryLength(count: Int, digest: String) {
        #expect(SHA256.hex(String(repeating: "a", count: count)) == digest)
        var bytes = SHA256()
        for _ in 0..<count { [UInt8(ascii: "a")].withUnsafeBytes { bytes.update($0) } }
        #expect(bytes.hex() == digest)
    }

    /// What busylife hands its network helper and gets back, through JSON:
    /// every field of a subscription (its credentials included) and of a result.
    @Test func aFetchRequestAndItsResultsSurviveJSON() throws {
        var subscription = Subscription(name: "work", address: try #require(RemoteAddress("https://me:secret@example.com/cal.ics")))
        subscription.username = "me"
        subscription.passwordCommand = "pass show work"
        subscription.refresh = 60
        subscription.include = ["Team"]
        subscription.window = SourceWindow("-1y..+2y")
        let request = FetchRequest(subscriptions: [subscription], mode: .always)
        let decoded = try JSONDecoder().decode(FetchRequest.self, from: JSONEncoder().encode(request))
        let back = try #require(decoded.subscriptions.first)
        #expect(decoded.mode == .always)
        #expect(back.address == subscription.address && back.address.userInfo?.user == "me" && back.address.userInfo?.password == "secret")
        #expect(back.name == "work" && back.username == "me" && back.passwordCommand == "pass show work")
        #expect(back.refresh == 60 && back.include == ["Team"] && back.window == subscription.window)
        var result = SubscriptionResult(subscription: subscription, outcome: .failed(.status(404, host: "example.com", source: "work")),
                                        body: "/cache/x.ics", age: 12, seconds: 0.5)
        result.report = CalDAVReport(calendars: 2, changed: 1, removed: 0, notes: ["a note"])
        result.isFolder = true
        let same = try JSONDecoder().decode(SubscriptionResult.self, from: JSONEncoder().encode(result))
        #expect(same.outcome == result.outcome && same.body == result.body && same.age == 12 && same.seconds == 0.5)
        #expect(same.report == result.report && same.isFolder)
    }

    @Test func anAddressIsPrintedWithoutItsSecrets() throws {
        let address = try #require(RemoteAddress("webcal://me:pw@calendar.example.com/ical/private-abc/basic.ics?token=x#f"))
        #expect(address.url.absoluteString == "https://calendar.example.com/ical/private-abc/basic.ics?token=x")
        #expect(address.printed == "calendar.example.com/…/basic.ics")
        #expect(address.userInfo?.user == "me" && address.userInfo?.password == "pw")
        #expect(RemoteAddress("https://example.com")?.printed == "example.com")
        // Where the secret is the last segment, it is not printed either.
        // shown as the start of its digest (SHA-256), which tells two apart.
        #expect(RemoteAddress("webcal://p07-caldav.icloud.com/published/2/MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw")?.printed
            == "p07-caldav.icloud.com/…/b6c18a…")
        #expect(RemoteAddress("https://cloud.example.org/remote.php/dav/public-calendars/CpjNMJP4mHfdFwCj?export")?.printed
            == "cloud.example.org/…/37eede…")
        // A token of letters alone, of both cases.
        #expect(RemoteAddress("https://cloud.example.org/remote.php/dav/public-calendars/CpjNMJPmHfdFwCjk?export")?.printed
            == "cloud.example.org/…/708ca0…")
        #expect(RemoteAddress("https://example.com/cal/holidays-in-germany.ics")?.printed == "example.com/…/holidays-in-germany.ics")
        #expect(RemoteAddress("https://example.com/cal/work-2026.ics")?.printed == "example.com/…/work-2026.ics")
        #expect(RemoteAddress("https://example.com/holidays.ics")?.printed == "example.com/holidays.ics")
        let collection = try #require(RemoteAddress("https://dav.example.com/cal/me/"))
        #expect(try collection.isWritten(as: #require(RemoteAddress("https://dav.example.com/cal/me"))))
        #expect(try !collection.isWritten(as: #require(RemoteAddress("https://dav.example.com/cal/you/"))))
        #expect(RemoteAddress("http://[::1]:8080/a.ics")?.isLoopback == true)
        #expect(RemoteAddress("http://127.0.0.2/a.ics")?.isLoopback == true)
        #expect(RemoteAddress("http://example.com/a.ics")?.isLoopback == false)
        #expect(RemoteAddress("https://") == nil)
        #expect(RemoteAddress("ftp://example.com/a.ics") == nil)
        #expect(address.redirected(to: "/other.ics")?.url.absoluteString == "https://calendar.example.com/other.ics")
        #expect(address.redirected(to: "file:///etc/passwd") == nil)
    }

    /// A new account has a home but no `~/.cache`: the cache makes every
    /// folder it needs, each private to the user.
    @Test func aNewAccountsCacheMakesTheFoldersAboveIt() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let cache = try #require(RemoteCache(environment: ["HOME": home]))
        try cache.create()
        try CalDAVStore(cache: cache, key: "source").create(calendar: "work")
        for folder in [".cache", ".cache/busylife", ".cache/busylife/subscriptions", ".cache/busylife/caldav/source/work"] {
            let mode = try #require(FileManager.default.attributesOfItem(atPath: home + "/" + folder)[.posixPermissions] as? Int)
            #expect(mode == 0o700, "\(folder)")
        }
    }

    /// A time limit is above zero and at most a day: `inf` is a day.
    @Test func timeLimitsAreCountable() {
        let huge = RemoteLimits(environment: ["BUSYLIFE_PASSWORD_TIMEOUT": "inf", "BUSYLIFE_HTTP_TIMEOUT": "1e300"])
        #expect(huge.passwordTimeout == 86_400 && huge.totalTimeout == 86_400 && huge.connectTimeout == 10)
        let odd = RemoteLimits(environment: ["BUSYLIFE_PASSWORD_TIMEOUT": "nan", "BUSYLIFE_HTTP_TIMEOUT": "-3"])
        #expect(odd.passwordTimeout == 30 && odd.totalTimeout == 120)
    }

    @Test func netrcGivesTheHostsLoginElseTheDefault() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("netrc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "machine a.example.com\n  login alice password one\nmachine b.example.com login bob account x password two\ndefault login anyone password three\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(Credentials.netrc(at: file.path, host: "A.example.com") == Credentials(user: "alice", password: "one"))
        #expect(Credentials.netrc(at: file.path, host: "b.example.com") == Credentials(user: "bob", password: "two"))
        #expect(Credentials.netrc(at: file.path, host: "c.example.com") == Credentials(user: "anyone", password: "three"))
    }

    @Test func aPasswordCommandIsBoundedInTime() throws {
        #expect(try Credentials.run(command: "printf 'pw\\nrest'", timeout: 5) == "pw")
        #expect(throws: RemoteFailure.passwordCommand("did not finish within 1 s")) { try Credentials.run(command: "exec sleep 20", timeout: 1) }
        #expect(throws: RemoteFailure.passwordCommand("failed (exit 3)")) { try Credentials.run(command: "exit 3", timeout: 5) }
        #expect(throws: RemoteFailure.passwordCommand("was ended by signal 9")) { try Credentials.run(command: "kill -9 $$", timeout: 5) }
        #expect(throws: RemoteFailure.passwordCommand("printed no password")) { try Credentials.run(command: "true", timeout: 5) }
    }

    /// At the time limit the command's whole process group is killed: a
    /// child of the shell that holds the output open neither keeps the
    /// run waiting nor outlives it.
    @Test func aPasswordCommandsChildrenEndWithIt() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("pid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let started = ContinuousClock.now
        #expect(throws: RemoteFailure.passwordCommand("did not finish within 1 s")) {
            try Credentials.run(command: "sleep 20 & echo $! > '\(marker.path)'; wait; echo pw", timeout: 1)
        }
        #expect(ContinuousClock.now - started < .seconds(4))
        let pid = try #require(Int32(String(contentsOf: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.ends(pid), "sleep \(pid) outlived its password-command")
    }

    /// Whether process `pid` is gone, or a zombie left to its reaper, within a second.
    static func ends(_ pid: Int32) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            // The state is the first field after the command's name in parentheses.
            if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aReplyIsJudgedByItsContent() {
        let calendar = Array("\u{FEFF}BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
        #expect(ReplyContent.problem(head: calendar, contentType: "application/octet-stream", bytes: calendar.count) == nil)
        let page = Array("<!DOCTYPE html><p>BEGIN:VCALENDAR</p>".utf8)
        #expect(ReplyContent.problem(head: page, contentType: nil, bytes: page.count)?.hasPrefix("expected a calendar, got a web page") == true)
        #expect(ReplyContent.problem(head: [], contentType: "text/calendar", bytes: 0) == "the reply was empty, not a calendar")
    }
}
