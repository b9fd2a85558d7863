#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFuzzerDriver
import EventModel
import Export
import Import
import Settle

@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}

/// libFuzzer's entry: one input read as a calendar file (by content:
/// `[` or `{` first is BusyLife JSON, `BEGIN:` is iCalendar, anything
/// else is read as iCalendar because the file is named `.ics`), its
/// events settled over 2026 for a viewer in Europe/Berlin (DST days
/// included), then the day JSON and the heatmap model made from it.
/// A crash, a sanitizer report, a timeout or running out of memory is a
/// finding; diagnostics are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = FuzzInput.path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("busylife-fuzz: cannot write \(path)") }
    var written = 0
    while written < size, let data {
        let n = write(fd, data + written, size - written)
        guard n > 0 else { fatalError("busylife-fuzz: cannot write \(path)") }
        written += n
    }
    close(fd)

    var options = SettleOptions(from: LocalDate(year: 2026, month: 1, day: 1)!,
                                to: LocalDate(year: 2026, month: 12, day: 31)!,
                                timeline: ZoneTimeline(base: FuzzInput.berlin))
    options.me = "me@example.com"
    let settler = Settler(options: options)
    _ = Importer().read([path], event: { event in
        settler.add(event)
        return true
    }, diagnostic: { diagnostic in
        precondition(!diagnostic.source.file.isEmpty, "a diagnostic without a file: \(diagnostic)")
    })
    let settlement = settler.settle()
    var bytes = 0
    DaysJSON.forEachDay(settlement) { day in
        bytes += day.utf8.count
        return true
    }
    let model = HeatmapModel(settlement, scale: .quantile)
    _ = HeatmapModel.slots(settlement, statistic: .mean, scale: .linear)
    precondition(bytes > 0 && model.days.count == 365, "a year's window without its 365 days")
    return 0
}

enum FuzzInput {
    /// A file of this process's own (libFuzzer's `-fork`/`-jobs` workers
    /// each get theirs), under BUSYLIFE_FUZZ_TMP (set by scripts/fuzz.sh,
    /// which removes it afterwards), else /dev/shm (no disk writes per
    /// input), else /tmp.
    static let path: String = {
        var base = "/tmp"
        var info = stat()
        if let chosen = getenv("BUSYLIFE_FUZZ_TMP") { base = String(cString: chosen) }
        else if stat("/dev/shm", &info) == 0 { base = "/dev/shm" }
        let directory = "\(base)/busylife-fuzz-\(getpid())"
        mkdir(base, 0o700)
        mkdir(directory, 0o700)
        return directory + "/input.ics"
    }()

    static let berlin = TravelPlan.zone(named: "Europe/Berlin") ?? .utc
}
