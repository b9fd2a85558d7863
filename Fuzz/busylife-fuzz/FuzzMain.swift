#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFuzzerDriver
import Foundation

/// SwiftPM links every executable with a `main` of its own, so ours hands
/// over to libFuzzer's driver instead of relying on libFuzzer's `main`.
@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}

/// libFuzzer's entry: one input, read as busylife reads a file (by
/// content: `[` or `{` first is JSON, anything else iCalendar), goes
/// through every step a command takes and every writer (docs/fuzzing.md):
/// check's report, settling (twice, the second time through the
/// temporary file), the writers of a settled window, and conversion to
/// every format. A crash, a sanitizer report, a failed check, a
/// timeout or running out of memory is a finding; diagnostics are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    CheckPass.run(bytes)
    let settlement = SettlePass.run(bytes)
    WriterPass.run(settlement)
    ConvertPass.run(bytes)
    return 0
}
