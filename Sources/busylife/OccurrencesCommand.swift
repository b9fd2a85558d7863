import ArgumentParser
import EventModel
import Export
import Import
import Settle

struct OccurrencesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "Print the occurrences of a window, recurrences expanded, one JSON object per line.",
        discussion: """
        Every occurrence that lands on a local date of the window, sorted by \
        start: recurring events expanded (RRULE, RDATE, EXDATE, EXRULE, \
        overrides, THISANDFUTURE), in the viewer's zones over time. Fields \
        are described in docs/occurrences.md. Default window: today ± 31 \
        days (--from or --to alone: 63 days from or up to it; --from 2026 \
        alone: that year).

        EXAMPLES:
          busylife occurrences samples/meeting.ics --from 2026-11-01 --to 2026-11-30
          busylife occurrences work.ics --today 2026-11-22 \\
            | jq -r 'select(.busy) | .title'
          busylife occurrences samples/flight.ics --tz America/New_York \\
            --travel-from-events
          busylife occurrences cal.ics --tz America/New_York \\
            --travel 2026-12-01T18:00=Asia/Tokyo

        \(ExitStatus.help)
        """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var settle: SettleFlags

    func run() throws {
        Output.ignoreOutputSignals()
        var options = try settle.options()
        options.listDays = false  // occurrences only: no day lists
        options.summarizeDays = false
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        let (settlement, report) = try input.settle(settle, options, err: err)
        // 512 lines a piece, made on every core and written in order (the
        // same bytes on any number of cores) while the next are made. Each
        // worker keeps its event fields from one piece to the next: a
        // series' occurrences recur in every piece (16 years of 5,000
        // events had each series' fields formatted anew some 90 times).
        // Each cache stays under 1 MiB, as for `days`.
        let occurrences = settlement.occurrences, timeline = settlement.timeline
        let caches = EventFieldsCaches(count: ParallelChunks.width)
        defer { caches.deallocate() }
        let writers = ByteWriterPool()
        out.recycling = writers
        let size = 512
        ParallelChunks.inOrder(count: (occurrences.count + size - 1) / size, ahead: 2 * ParallelChunks.width) {
            piece, worker in
            let lines = piece * size..<min(occurrences.count, (piece + 1) * size)
            var bytes = writers.take(capacity: lines.count * 640)
            // The piece's occurrences copied in first (`SettledOccurrences.view`),
            // into 56 KiB that stay in cache.
            withUnsafeTemporaryAllocation(byteCount: lines.count * MemoryLayout<SettledOccurrence>.stride,
                                          alignment: MemoryLayout<SettledOccurrence>.alignment) { room in
                guard let room = room.baseAddress else { return }
                let view = occurrences.view(lines, in: room)
                for offset in 0..<lines.count {
                    OccurrenceJSON.writeLine(view + offset, timeline: timeline, into: &bytes, cache: &caches.slots[worker])
                }
            }
            return bytes
        } take: { bytes in
            out.write(taking: &bytes)
        }
        try out.finish()
        let status = ExitStatus.code(for: report, strict: input.strict)
        if status != .success { throw status }
    }
}
