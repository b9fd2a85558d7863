#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import RemoteCore
import Synchronization

/// A line on a terminal while fetches take more than a second: the
/// sources under way and the bytes each has received, rewritten in place
/// and erased when they are done; nothing in a pipe or a file.
enum Progress {
    static func whileWaiting<T>(_ work: (FetchProgress?) -> T) -> T {
        guard isatty(2) == 1 else { return work(nil) }
        let progress = FetchProgress()
        let state = Shown()
        let timer = DispatchSource.makeTimerSource(queue: .global())
        // Often enough to look alive, seldom enough to cost nothing.
        timer.schedule(deadline: .now() + 1, repeating: .milliseconds(250))
        timer.setEventHandler {
            state.lock.withLock { state in
                guard !state.done else { return }
                let text = line(progress.underWay, width: terminalWidth())
                guard text != state.last else { return }
                state.last = text
                put("\r" + text + "\u{1B}[K")
            }
        }
        timer.resume()
        let result = work(progress)
        timer.cancel()
        state.lock.withLock { state in
            state.done = true
            if !state.last.isEmpty { put("\r\u{1B}[K") }
        }
        return result
    }

    /// `busylife: fetching work 35.2 KiB, holidays 812 bytes`, cut to
    /// the terminal's width (a wrapped line could not be rewritten in place).
    static func line(_ fetches: [(name: String, bytes: Int)], width: Int) -> String {
        guard !fetches.isEmpty else { return "" }
        let text = "busylife: fetching " + fetches.map { "\($0.name) \(SubscriptionResult.spoken(bytes: $0.bytes))" }.joined(separator: ", ")
        let room = max(width - 1, 20)
        return text.count <= room ? text : String(text.prefix(room - 1)) + "…"
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    private static func put(_ text: String) {
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Whether the work is done, and the line last shown ("" for none).
    private final class Shown: Sendable {
        let lock = Mutex((done: false, last: ""))
    }
}
