import Foundation

extension Pipe {
    /// The first line a process writes here (up to its newline, or all of
    /// it if it ends first), read a byte at a time so nothing after it is
    /// taken from the process.
    func firstLine() -> String {
        var line = Data()
        while !line.contains(0x0A) {
            let more = fileHandleForReading.readData(ofLength: 1)
            if more.isEmpty { break }
            line += more
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// The port a test server announces on its first line (0 if it said none).
    func announcedPort() -> Int {
        Int(firstLine().trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
