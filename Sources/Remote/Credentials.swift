#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RemoteCore

/// A user name and password for Basic authentication. Never written to
/// the cache, a message or the output.
package struct Credentials: Sendable, Equatable {
    package var user: String
    package var password: String

    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The `Authorization` header's value.
    var basic: String {
        "Basic " + Data((user + ":" + password).utf8).base64EncodedString()
    }

    /// The login of `~/.netrc` (or the file `path` names) for `host`: its
    /// `machine` entry, else its `default`.
    package static func netrc(at path: String, host: String) -> Credentials? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let tokens = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var found: [String: Credentials] = [:]
        var current: String?
        var user: String?
        var password: String?
        func finish() {
            if let current, let user, let password, found[current] == nil { found[current] = Credentials(user: user, password: password) }
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let value = index + 1 < tokens.count ? String(tokens[index + 1]) : nil
            switch token {
            case "machine": finish(); current = value.map { "machine " + $0.lowercased() }; user = nil; password = nil; index += 1
            case "default": finish(); current = "default"; user = nil; password = nil
            case "login": user = value; index += 1
            case "password": password = value; index += 1
            case "account", "macdef": index += 1
            default: break
            }
            index += 1
        }
        finish()
        return found["machine " + host.lowercased()] ?? found["default"]
    }

    /// The first line a `password-command` prints, run by `/bin/sh` with
    /// a time limit (a command that waits for a prompt no one answers
    /// must not hang the run); at the limit, the command and every
    /// process it started are killed. What it prints on standard error
    /// goes to ours: a prompt or its own complaint.
    package static func run(command: String, timeout: Double) throws(RemoteFailure) -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        let child = try ChildCommand.start(command)
        defer { close(child.output) }
        guard let printed = child.printed(before: deadline), let status = child.ended(before: deadline) else {
            child.killGroup()
            throw .passwordCommand("did not finish within \(Int(timeout)) s")
        }
        // A wait status: the signal that ended it in the low seven bits, else the exit code above them.
        if status & 0x7f != 0 { throw .passwordCommand("was ended by signal \(status & 0x7f)") }
        if status >> 8 != 0 { throw .passwordCommand("failed (exit \(status >> 8 & 0xff))") }
        let line = String(decoding: printed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else { throw .passwordCommand("printed no password") }
        return password
    }
}
