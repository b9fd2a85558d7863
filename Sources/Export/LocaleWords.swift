/// busylife's own words (the agenda's and the heatmap's), one table per
/// language; month and weekday names and date formats come from the
/// locale itself. A language missing here speaks English.
struct LocaleWords: Sendable {
    let allDay: String
    let today: String
    let noEvents: String
    /// The heatmap's words; nil where they are not translated, and then the
    /// heatmap speaks English throughout, its "today" too, rather than a mix.
    let heatmap: HeatmapWords.Phrases?

    /// The words of the language of a locale identifier (`de_DE`, `ja-JP`, `fr`).
    init(identifier: String) {
        self = LocaleWords.table[LocaleWords.language(of: identifier)] ?? LocaleWords.english
    }

    private init(allDay: String, today: String, noEvents: String, heatmap: HeatmapWords.Phrases?) {
        self.allDay = allDay
        self.today = today
        self.noEvents = noEvents
        self.heatmap = heatmap
    }

    /// `de` of `de_DE` or `de-DE`.
    static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "_" && $0 != "-" })
    }

    static let english = LocaleWords(
        allDay: "all day", today: "today", noEvents: "no events",
        heatmap: .init(busyTime: "Busy time", legend: "Legend", total: "Total {h} h busy",
                       busiest: "busiest day {date} ({h} h)", free: "{n} free working days (Mon–Fri)",
                       narrow: "last {n} weeks; widen the terminal for more",
                       mean: "mean busy minutes per hour", sum: "total busy hours per hour"))

    private static let table: [String: LocaleWords] = [
        "en": english,
        "de": LocaleWords(
            allDay: "ganztägig", today: "heute", noEvents: "keine Termine",
            heatmap: .init(busyTime: "Belegte Zeit", legend: "Legende", total: "Insgesamt {h} h belegt",
                           busiest: "vollster Tag {date} ({h} h)", free: "{n} freie Arbeitstage (Mo–Fr)",
                           narrow: "letzte {n} Wochen; für mehr das Terminal verbreitern",
                           mean: "mittlere belegte Minuten je Stunde", sum: "belegte Stunden je Stunde, gesamt")),
        "fr": LocaleWords(allDay: "toute la journée", today: "aujourd’hui", noEvents: "aucun événement", heatmap: nil),
        "es": LocaleWords(allDay: "todo el día", today: "hoy", noEvents: "sin eventos", heatmap: nil),
        "ja": LocaleWords(
            allDay: "終日", today: "今日", noEvents: "予定なし",
            heatmap: .init(busyTime: "予定の時間", legend: "凡例", total: "合計 {h} 時間",
                           busiest: "最も忙しい日 {date}（{h} 時間）", free: "空いている平日 {n} 日（月〜金）",
                           narrow: "直近 {n} 週間。端末を広げるとさらに表示",
                           mean: "1時間あたりの平均予定（分）", sum: "1時間あたりの予定の合計（時間）")),
    ]
}
