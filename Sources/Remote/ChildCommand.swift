#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RemoteCore
import Synchronization

/// A `password-command` running: `/bin/sh -c` in a session of its own,
/// so that the time limit ends the shell and whatever it started (a
/// child that outlived the shell would keep the pipe open and the run
/// waiting), and so that it has no terminal: one that reads the terminal
/// fails at once rather than being stopped until the limit, as a
/// background process group reading it would be. Its standard input is
/// `/dev/null`, its standard error ours. Waited for on the calling
/// thread, with no thread or queue of its own: a blocked worker pool
/// would delay a reader thread.
struct ChildCommand {
    let pid: pid_t
    /// The read end of the child's standard output.
    let output: Int32

    /// Held from making a pipe to closing its write end after the spawn:
    /// a command started meanwhile by another thread would inherit that
    /// end and hold the other's output open (no `pipe2` with `O_CLOEXEC`
    /// in Swift's Glibc).
    private static let spawning = Mutex(())

    /// Started, or why it could not be.
    static func start(_ command: String) throws(RemoteFailure) -> ChildCommand {
        let started: Result<ChildCommand, RemoteFailure> = spawning.withLock { _ in
            Result { () throws(RemoteFailure) in try spawn(command) }
        }
        return try started.get()
    }

    private static func spawn(_ command: String) throws(RemoteFailure) -> ChildCommand {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Self.notStarted(errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals as a new process has them: this one ignores SIGPIPE, which a child would inherit.
        var every = sigset_t()
        sigfillset(&every)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(Self.newSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let variables = ProcessInfo.processInfo.environment.map { $0.key + "=" + $0.value }
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environment)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw Self.notStarted(status)
        }
        return ChildCommand(pid: pid, output: ends[0])
    }

    #if canImport(Glibc)
    /// glibc's `POSIX_SPAWN_SETSID`, declared only under `_GNU_SOURCE`, which Swift's Glibc module is not.
    private static let newSession: Int32 = 0x80
    #else
    private static let newSession = Int32(POSIX_SPAWN_SETSID)
    #endif

    private static func notStarted(_ code: Int32) -> RemoteFailure {
        .passwordCommand("could not be started (\(String(cString: strerror(code))))")
    }

    /// What it printed (the first 64 KiB), once it closed its output,
    /// or nil if it had not by `deadline`.
    func printed(before deadline: ContinuousClock.Instant) -> [UInt8]? {
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var wanted = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&wanted, 1, Self.milliseconds(left))
            if ready < 0 && errno == EINTR || ready == 0 { continue }
            let count = ready < 0 ? -1 : read(output, &buffer, buffer.count)
            if count > 0 {
                if kept.count < 65_536 { kept += buffer[..<count].prefix(65_536 - kept.count) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return kept
            }
        }
    }

    /// Its wait status once it ends, or nil if it had not by `deadline`.
    /// Usually it has ended as its output closed; a command that closed
    /// its output and went on is looked at again after short pauses.
    func ended(before deadline: ContinuousClock.Instant) -> Int32? {
        var pause: UInt32 = 500
        while true {
            var status: Int32 = 0
            let found = waitpid(pid, &status, WNOHANG)
            if found == pid { return status }
            if found < 0 && errno != EINTR { return status }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Kills its whole group and reaps the shell.
    func killGroup() {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }
}
