import EventModel
import Settle

/// The VEVENTs of an expanded .ics, one per occurrence, made in pieces on
/// every core and handed on in order (the same bytes on one core or
/// many), in bounded memory however long a VEVENT is.
///
/// A piece covers up to `occurrencesPerPiece` occurrences, but its maker
/// stops once its text passes `pieceBytes`: a summary of a megabyte on
/// every occurrence would otherwise fill hundreds of megabytes per piece,
/// and several pieces wait at once. Whoever takes the pieces in order
/// makes the rest of one cut short (`makeMore`), part by part, handing
/// each part on before making the next.
struct ExpandedText: Sendable {
    private static let occurrencesPerPiece = 512
    private static let pieceBytes = 1 << 20

    /// VEVENTs `first..<next` made, into `writer`, with the zones they
    /// named; those up to `end` still to make. `ends` holds where each
    /// VEVENT made ends in `writer`.
    struct Piece {
        var writer: ICalTextWriter
        var zones: WrittenZones
        var first: Int
        var next: Int
        let end: Int
        var ends: [Int] = []

        /// How many of the VEVENTs made fit whole in `budget` bytes: all of
        /// them, or the text is cut after the last that fits.
        mutating func keptWithin(_ budget: Int) -> Int {
            guard writer.out.count > budget else { return ends.count }
            let kept = ends.firstIndex { $0 > budget } ?? ends.count
            writer.out.keepFirst(kept == 0 ? 0 : ends[kept - 1])
            return kept
        }
    }

    let occurrences: SettledOccurrences
    let templates: [(template: EventComponents.Template, rendered: EventComponents.Template.Rendered)]
    let templateOf: [Int32]
    /// The zones named before any VEVENT is written: each piece starts from them.
    let named: WrittenZones

    var pieceCount: Int { (occurrences.count + Self.occurrencesPerPiece - 1) / Self.occurrencesPerPiece }

    func make(_ index: Int) -> Piece {
        let range = index * Self.occurrencesPerPiece..<min(occurrences.count, (index + 1) * Self.occurrencesPerPiece)
        var piece = Piece(writer: ICalTextWriter(capacity: capacity(range)), zones: named,
                          first: range.lowerBound, next: range.lowerBound, end: range.upperBound)
        write(&piece)
        return piece
    }

    /// The rest of `piece`, once its text was handed on, as far as `pieceBytes` lets it go.
    func makeMore(_ piece: inout Piece) {
        piece.writer = ICalTextWriter(capacity: capacity(piece.next..<piece.end))
        piece.first = piece.next
        piece.ends = []
        write(&piece)
    }

    /// Sized for its VEVENTs (their shared lines and three time lines
    /// each): no buffer grown by doubling, no pages touched twice; at most
    /// what a piece holds.
    private func capacity(_ range: Range<Int>) -> Int {
        var bytes = 0
        for index in range where bytes < Self.pieceBytes {
            let rendered = templates[Int(templateOf[index])].rendered
            bytes += rendered.head.count + rendered.tail.count + 3 * 80
        }
        return bytes
    }

    private func write(_ piece: inout Piece) {
        while piece.next < piece.end && piece.writer.out.count < Self.pieceBytes {
            let occurrence = occurrences[piece.next].occurrence
            let (template, rendered) = templates[Int(templateOf[piece.next])]
            template.write(occurrence, rendered: rendered, to: &piece.writer, zones: &piece.zones)
            piece.ends.append(piece.writer.out.count)
            piece.next += 1
        }
    }
}
