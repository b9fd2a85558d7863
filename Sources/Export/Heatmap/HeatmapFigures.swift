import Plumbing
/// How the heatmap writes its numbers, in one place: the legend's
/// thresholds, busy hours in the footer, the month view and tooltips, and
/// the seconds of the data attributes and TSV.
enum HeatmapFigures {
    /// A legend threshold: in hours (`1.5 h`), but under an hour in minutes
    /// (`20 min`), where tenths of an hour would blur two thresholds;
    /// tenths of a minute only below ten.
    static func threshold(_ seconds: Double, inHours: Bool, decimal: String = ".") -> String {
        if inHours && seconds >= 3600 { return hours(seconds, decimal: decimal) + " h" }
        let minutes = seconds / 60
        return (minutes < 10 ? number(minutes, decimal: decimal) : String(Int(minutes.rounded()))) + " min"
    }

    /// Hours with one decimal below 10 (`2.5`), whole above (`12`); `0` for zero.
    static func hours(_ seconds: Double, decimal: String = ".") -> String {
        if seconds == 0 { return "0" }
        let hours = seconds / 3600
        return hours < 10 ? number(hours, decimal: decimal) : String(Int(hours.rounded()))
    }

    /// One decimal, without a trailing `.0`; `decimal` is the separator (`,` in German).
    static func number(_ value: Double, decimal: String = ".") -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10)\(decimal)\(tenths % 10)"
    }

    /// Seconds for machines: whole numbers without a fraction (`5432`),
    /// others as Swift writes a `Double` (`5432.5`).
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }

    /// The same appended to `out`, digit by digit when whole.
    static func seconds(_ value: Double, into out: inout ByteWriter) {
        if value == value.rounded() { out.append(Int64(value)) } else { out.append(String(value)) }
    }
}
