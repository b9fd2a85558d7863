import Foundation
import Testing
@testable import Remote

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

    @Test func anAddressIsPrintedWithoutItsSecrets() throws {
        let address = try #require(RemoteAddress("webcal://me:pw@calendar.example.com/ical/private-abc/basic.ics?token=x#f"))
        #expect(address.url.absoluteString == "https://calendar.example.com/ical/private-abc/basic.ics?token=x")
        #expect(address.printed == "calendar.example.com/…/basic.ics")
        #expect(address.userInfo?.user == "me" && address.userInfo?.password == "pw")
        #expect(RemoteAddress("https://example.com")?.printed == "example.com")
        #expect(RemoteAddress("http://[::1]:8080/a.ics")?.isLoopback == true)
        #expect(RemoteAddress("http://127.0.0.2/a.ics")?.isLoopback == true)
        #expect(RemoteAddress("http://example.com/a.ics")?.isLoopback == false)
        #expect(RemoteAddress("https://") == nil)
        #expect(RemoteAddress("ftp://example.com/a.ics") == nil)
        #expect(address.redirected(to: "/other.ics")?.url.absoluteString == "https://calendar.example.com/other.ics")
        #expect(address.redirected(to: "file:///etc/passwd") == nil)
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
    }

    @Test func aReplyIsJudgedByItsContent() {
        let calendar = Array("\u{FEFF}BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
        #expect(ReplyContent.problem(head: calendar, contentType: "application/octet-stream", bytes: calendar.count) == nil)
        let page = Array("<!DOCTYPE html><p>BEGIN:VCALENDAR</p>".utf8)
        #expect(ReplyContent.problem(head: page, contentType: nil, bytes: page.count)?.hasPrefix("expected a calendar, got a web page") == true)
        #expect(ReplyContent.problem(head: [], contentType: "text/calendar", bytes: 0) == "the reply was empty, not a calendar")
    }
}
