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
    /// must not hang the run). What it prints on standard error goes to
    /// ours: a prompt or its own complaint.
    package static func run(command: String, timeout: Double) throws(RemoteFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .passwordCommand("could not be started (\(error.localizedDescription))") }
        let finished = DispatchSemaphore(value: 0)
        let collected = Collected()
        DispatchQueue.global().async {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        guard finished.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw .passwordCommand("did not finish within \(Int(timeout)) s")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .passwordCommand("failed (exit \(process.terminationStatus))") }
        let line = String(decoding: collected.data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else { throw .passwordCommand("printed no password") }
        return password
    }
}

/// What the reader thread hands back; read only after the semaphore.
private final class Collected: @unchecked Sendable {
    var data = Data()
}
