#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Remote
import RemoteCore

/// `busylife-net fetch`: the subscriptions busylife hands over, fetched
/// a few at a time with the progress line on standard error.
enum Fetching {
    /// The exit status: 0 with the results written, 70 when the request
    /// cannot be read (busylife then reads the cached copies).
    static func run() -> Int32 {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let request = try? JSONDecoder().decode(FetchRequest.self, from: data),
              let reader = SubscriptionReader(environment: ProcessInfo.processInfo.environment) else {
            say("busylife-net: error: no fetch request on standard input, or no cache folder")
            return 70
        }
        let results = fetch(request, reader: reader, quietly: false)
        guard let reply = try? JSONEncoder().encode(results) else { return 70 }
        FileHandle.standardOutput.write(reply)
        return 0
    }

    /// The request's subscriptions fetched, with the progress line unless
    /// `quietly` (serve's background fetches, which busylife's commands
    /// hand here when busylife-net serves).
    static func fetch(_ request: FetchRequest, reader: SubscriptionReader, quietly: Bool) -> [SubscriptionResult] {
        guard !quietly else { return reader.readWaiting(request.subscriptions, mode: request.mode) }
        return Progress.whileWaiting { progress in
            var reader = reader
            reader.progress = progress
            return reader.readWaiting(request.subscriptions, mode: request.mode)
        }
    }

    static func say(_ line: String) {
        _ = (line + "\n").withCString { write(2, $0, strlen($0)) }
    }
}
