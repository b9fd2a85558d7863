import EventModel
import Plumbing
import Settle

/// The lines of `occurrences` (one JSON object each), made in pieces on
/// every core and written in order, in bounded memory whatever their
/// length, and no more bytes in all than the work budget allows.
///
/// A piece covers up to `linesPerPiece` occurrences, but its maker stops
/// once its bytes pass `pieceBytes`: a title of a megabyte repeated on
/// every line would otherwise fill hundreds of megabytes per piece, and
/// several pieces wait to be written at once. The writer (`write`) makes
/// the rest of a piece cut short itself, part by part, each part written
/// before the next is made; the bytes and their order are the same.
///
/// Shared by the workers: each uses its own cache slot alone, and only the
/// writer touches what was written and `cut`.
package final class OccurrenceLines: @unchecked Sendable {
    /// Occurrences a piece covers.
    private static let linesPerPiece = 512
    /// Bytes past which a piece's maker stops, leaving the rest to the writer.
    private static let pieceBytes = 1 << 20

    /// Lines `first..<next` made, into `bytes`; lines up to `end` still to make.
    struct Piece {
        var bytes: ByteWriter
        var first: Int
        var next: Int
        let end: Int
    }

    private let occurrences: SettledOccurrences
    private let timeline: ZoneTimeline
    /// Each worker's event fields, kept from one piece to the next: a
    /// series' occurrences recur in every piece.
    private let caches: EventFieldsCaches
    /// What the work budget lets this run write, and what it wrote so far.
    private let byteBudget: Int
    private let days: Int
    private var written = 0
    /// The `work-budget` warning, once the budget cut the output.
    private(set) var cut: Diagnostic?

    /// The lines of `settlement`'s occurrences, made in pieces on every
    /// core and handed to `output` in order while the next are made (the
    /// same bytes on any number of cores). `output` takes a piece's writer
    /// whole, and returns false once nothing more can be written. The
    /// `work-budget` warning when the budget cut the lines.
    package static func write(_ settlement: Settlement, to output: (inout ByteWriter) -> Bool) -> Diagnostic? {
        let lines = OccurrenceLines(settlement, workers: ParallelChunks.width)
        ParallelChunks.inOrder(count: lines.pieceCount, ahead: 2 * ParallelChunks.width) { piece, worker in
            lines.make(piece, worker: worker)
        } take: { piece in
            lines.write(&piece, to: output)
        }
        return lines.cut
    }

    init(_ settlement: Settlement, workers: Int) {
        occurrences = settlement.occurrences
        timeline = settlement.timeline
        caches = EventFieldsCaches(count: workers)
        days = Int(settlement.to.daysSinceEpoch - settlement.from.daysSinceEpoch) + 1
        byteBudget = WorkBudget.bytes(days: days)
    }

    var pieceCount: Int { (occurrences.count + Self.linesPerPiece - 1) / Self.linesPerPiece }

    /// Piece `index`, as far as `pieceBytes` lets it go, made by `worker`.
    func make(_ index: Int, worker: Int) -> Piece {
        let lines = index * Self.linesPerPiece..<min(occurrences.count, (index + 1) * Self.linesPerPiece)
        var piece = Piece(bytes: ByteWriter(capacity: lines.count * 640), first: lines.lowerBound,
                          next: lines.lowerBound, end: lines.upperBound)
        makeMore(&piece, worker: worker)
        return piece
    }

    /// Lines from `piece.next` on until the piece ends or its bytes pass `pieceBytes`.
    private func makeMore(_ piece: inout Piece, worker: Int) {
        let lines = piece.next..<piece.end
        // The piece's occurrences copied in first, into memory that stays in cache.
        occurrences.withCopies(of: lines) { copies in
            for offset in 0..<copies.count where piece.bytes.count < Self.pieceBytes {
                OccurrenceJSON.writeLine(copies[offset], timeline: timeline, into: &piece.bytes, cache: &caches.slots[worker])
                piece.next += 1
            }
        }
    }

    /// Hands the bytes of `piece` to `output` (which takes a writer whole,
    /// false once nothing more can be written), making the rest of a piece
    /// cut short as it goes. Called in piece order, on the thread of
    /// worker 0 while no piece is made there. False once output stops: a
    /// reader gone, or the work budget spent (`cut`).
    func write(_ piece: inout Piece, to output: (inout ByteWriter) -> Bool) -> Bool {
        while true {
            let fits = admit(&piece)
            guard output(&piece.bytes), fits else { return false }
            if piece.next == piece.end { return true }
            piece.bytes = ByteWriter(capacity: Self.pieceBytes)
            piece.first = piece.next
            makeMore(&piece, worker: 0)
        }
    }

    /// Whether all of the piece's bytes fit in what is left of the budget;
    /// if not, it keeps the whole lines that fit and `cut` names the
    /// event of the first line left out.
    private func admit(_ piece: inout Piece) -> Bool {
        let room = byteBudget - written
        guard piece.bytes.count > room else {
            written += piece.bytes.count
            return true
        }
        let (kept, lines) = piece.bytes.withBytes { bytes in
            let end = bytes[..<room].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return (end, bytes[..<end].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 })
        }
        piece.bytes.keepFirst(kept)
        written += kept
        let first = occurrences[piece.first + lines]
        cut = WorkBudget.outputCut(budget: byteBudget, days: days, event: first.event, start: first.startUTC)
        return false
    }
}
