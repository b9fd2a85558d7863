/// Busy time into five levels (docs/semantics.md section 6): level 0 is exactly
/// zero; levels 1 to 4 are split by three thresholds, which the legend
/// prints as they are.
package struct HeatmapScale: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Quartiles of the non-zero values.
        case quantile
        /// Four equal bands up to the largest value.
        case linear
        /// Thresholds given by the user, in seconds.
        case fixed([Double])
    }

    package let kind: Kind
    /// Upper bounds (inclusive) of levels 1, 2 and 3; level 4 is above the last.
    package let thresholds: [Double]

    /// `quantile`, `linear` or `fixed:60,180,300` (minutes, increasing).
    package static func kind(parsing text: String) -> Kind? {
        switch text {
        case "quantile": return .quantile
        case "linear": return .linear
        default:
            guard text.hasPrefix("fixed:") else { return nil }
            let parts = text.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
            let minutes = parts.compactMap { Double($0) }
            guard parts.count == 3, minutes.count == 3, minutes[0] > 0,
                  minutes[0] < minutes[1], minutes[1] < minutes[2] else { return nil }
            return .fixed(minutes.map { $0 * 60 })
        }
    }

    /// The scale for these values (seconds, or any unit the caller keeps).
    package init(_ kind: Kind, values: [Double]) {
        self.kind = kind
        let positive = values.filter { $0 > 0 }.sorted()
        switch kind {
        case .fixed(let given):
            thresholds = given
        case .linear:
            let top = positive.last ?? 0
            thresholds = [top / 4, top / 2, top * 3 / 4]
        case .quantile:
            func quantile(_ q: Double) -> Double {
                guard !positive.isEmpty else { return 0 }
                // Linear interpolation between closest ranks.
                let rank = q * Double(positive.count - 1)
                let low = Int(rank.rounded(.down)), high = Int(rank.rounded(.up))
                return positive[low] + (positive[high] - positive[low]) * (rank - Double(low))
            }
            thresholds = [quantile(0.25), quantile(0.5), quantile(0.75)]
        }
    }

    /// 0 for exactly zero, else 1 to 4.
    package func level(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        return 1 + thresholds.filter { value > $0 }.count
    }

    package var name: String {
        switch kind {
        case .quantile: "quantile"
        case .linear: "linear"
        case .fixed: "fixed"
        }
    }
}
