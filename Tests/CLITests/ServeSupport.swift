import Foundation

/// `busylife serve` started for one test on a free port of 127.0.0.1
/// (`--port 0`; the address is read from what it says on standard error),
/// and stopped with it.
final class ServeProcess {
    let process = Process()
    /// `http://127.0.0.1:PORT/`, with `?token=…` beyond loopback.
    let address: String
    let port: Int
    private let errors = Pipe()
    /// What it said on standard error after its address, read as it comes.
    private let heard = Heard()

    /// `environment`: variables set for the server, after the user's are cleared.
    init(_ arguments: [String], port: String = "0", environment: [String: String] = [:]) throws {
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("busylife")
        process.arguments = ["serve"] + arguments + ["--port", port]
        process.currentDirectoryURL = repository
        var variables = ProcessInfo.processInfo.environment
        for name in variables.keys where name == "TZ" || name == "LANG" || name == "LANGUAGE" || name.hasPrefix("LC_") {
            variables[name] = nil
        }
        variables["BUSYLIFE_CONFIG"] = nil
        variables["XDG_CONFIG_HOME"] = "/nonexistent/busylife-tests"
        variables.merge(environment) { _, given in given }
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let said = errors.firstLine()
        let found = said.range(of: "http://").map { String(said[$0.lowerBound...].prefix { !$0.isWhitespace }) }
        address = found ?? ""
        self.port = found.flatMap { Int($0.split(separator: ":")[2].prefix { $0.isNumber }) } ?? 0
        if found == nil { throw ServeFailed(said: said) }
        let reading = errors.fileHandleForReading, heard = heard
        // Read on, so that a test can see what it says later; ends with the process.
        Thread.detachNewThread {
            while case let more = reading.availableData, !more.isEmpty { heard.append(more) }
        }
    }

    /// What it said on standard error since its address.
    var saidSinceStart: String { heard.text }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    struct ServeFailed: Error { var said: String }

    /// What curl got for `path`: the status, the headers (lower-case
    /// names) and the body.
    func get(_ path: String, method: String = "GET", host: String? = nil, base: String? = nil) throws -> Reply {
        var arguments = ["-sS", "-i", "--max-time", "60"]
        if method == "HEAD" { arguments.append("-I") } else { arguments += ["-X", method] }
        if let host { arguments += ["-H", "Host: " + host] }
        arguments.append((base ?? "http://127.0.0.1:\(port)") + path)
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl"] + arguments
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return Reply(data)
    }
}

/// Bytes one thread appends and another reads.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) { lock.withLock { data += more } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

struct Reply {
    var status = 0
    var headers: [String: String] = [:]
    var body = ""

    init(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = String(text[end.upperBound...])
    }

    /// The error's message of a JSON failure, and its status.
    var error: (status: Int, message: String)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
              let error = object["error"] as? [String: Any] else { return nil }
        return (error["status"] as? Int ?? 0, error["message"] as? String ?? "")
    }
}
