import ArgumentParser
import BusyLifeCLI
import Dispatch
import Foundation
import Plumbing
import Serve
import ServeCore
import Synchronization

/// `busylife serve` and `busylife html` as busylife-net runs them: the
/// commands parse and set up as in busylife (BusyLifeCLI), then hand the
/// server and the page's writer their setup here.
enum Serving {
    /// Hands the commands what only this program holds.
    static func install() {
        NetworkParts.serve = serve
        NetworkParts.fetch = { Fetching.fetch($0, reader: $1, quietly: $2) }
        NetworkParts.page = { setup, todayFixed in
            let made = try StaticPage.make(setup, todayFixed: todayFixed)
            return MadePage(html: made.html, report: made.report, cut: made.cut)
        }
    }

    /// Serves until a signal ends the server, then ends of that signal.
    static func serve(_ setup: ServeSetup, open: Bool, refresh: (_ changed: @escaping @Sendable () -> Void) -> Void) throws {
        let store: CalendarStore
        do { store = try CalendarStore(setup) } catch let failure as ServeFailure { throw ValidationError(failure.message) }
        refresh { store.changed() }
        let server = Server(setup, store: store)
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let ending = try await server.run { address in
                    let err = Output(fd: 2)
                    err.line("busylife: serving \(address) (Ctrl-C stops)")
                    err.flush()
                    if open { Serving.openBrowser(address) }
                }
                outcome.signal.withLock { $0 = ending }
            } catch { outcome.error.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = outcome.error.withLock({ $0 }) {
            let err = Output(fd: 2)
            err.line("busylife: error: \(error)")
            err.flush()
            throw ExitCode(error is Server.PortInUse ? 69 : 74)
        }
        if let number = outcome.signal.withLock({ $0 }) { Serving.end(of: number) }
    }

    /// Opens `address` in the user's browser; says so when it cannot.
    static func openBrowser(_ address: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", address]
        do { try process.run() } catch {
            let err = Output(fd: 2)
            err.line("busylife: could not open a browser (xdg-open): open \(address) yourself")
            err.flush()
        }
    }

    /// Ends the process of the signal that stopped the server, now that it
    /// has stopped gracefully: the status a shell sees is 128 + its number
    /// (130 for Ctrl-C), as for any program a signal ends.
    static func end(of number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        Foundation.exit(128 + number)  // only if the signal could not end it
    }
}

/// How the server's run ended, handed from its task to the waiting command.
private final class Outcome: Sendable {
    let error = Mutex<(any Error)?>(nil)
    let signal = Mutex<Int32?>(nil)
}
