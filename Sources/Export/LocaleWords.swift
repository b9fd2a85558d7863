/// busylife's own words (the agenda's and the heatmap's: phrases, plural
/// forms, the decimal separator, duration units), one table per language:
/// English, German, French, Spanish and Japanese; month and weekday names
/// and date formats come from the locale itself. A language missing here
/// speaks English.
package struct LocaleWords: Sendable {
    /// The few words of the free/busy views (`free`, `busy`, `conflicts`).
    struct FreeBusy: Sendable {
        let noFreeTime: String
        let noBusyTime: String
        let noConflicts: String
        let tentative: String
        /// `{d}` stands for the length of an overlap: `30m overlap`.
        let overlap: String
    }

    let allDay: String
    let today: String
    let noEvents: String
    /// The heatmap's words; nil where they are not translated, and then the
    /// heatmap speaks English throughout, its "today" too, rather than a mix.
    let heatmap: HeatmapWords.Phrases?
    /// Durations: the units for days, hours and minutes, and whether a
    /// space parts number and unit (`1h 30m`, `1 Std. 30 Min.`, `1時間30分`).
    let units: (day: String, hour: String, minute: String, spaced: Bool)
    /// The agenda's marks of a cancelled event and of one `--me` declined.
    let cancelled: String
    let declined: String
    /// A day whose events lie past the work budget for listed entries;
    /// `{n}` is their count.
    let notListed: String
    let freeBusy: FreeBusy
    /// The page of `serve` and `html`: its views' names (agenda, month,
    /// week, day, year) and what a date outside a written page's window says.
    let views: [String]
    let noData: String

    /// The words of the language of a locale identifier (`de_DE`, `ja-JP`, `fr`).
    init(identifier: String) {
        self = LocaleWords.table[LocaleWords.language(of: identifier)] ?? LocaleWords.english
    }

    private init(allDay: String, today: String, noEvents: String, heatmap: HeatmapWords.Phrases?,
                 units: (day: String, hour: String, minute: String, spaced: Bool) = ("d", "h", "m", false),
                 cancelled: String = "cancelled", declined: String = "declined",
                 notListed: String = "{n} events not listed (work budget, see the warning)",
                 freeBusy: FreeBusy = LocaleWords.englishFreeBusy,
                 views: [String] = ["Agenda", "Month", "Week", "Day", "Year"], noData: String = "no data") {
        self.freeBusy = freeBusy
        self.views = views
        self.noData = noData
        self.cancelled = cancelled
        self.declined = declined
        self.notListed = notListed
        self.allDay = allDay
        self.today = today
        self.noEvents = noEvents
        self.heatmap = heatmap
        self.units = units
    }

    /// `2d 3h`, `1h 30m`, `15m`; `1 Std. 30 Min.`; `1 h 30 min`; `1時間30分`.
    func duration(days: Int, hours: Int, minutes: Int) -> String {
        let parts = [(days, units.day), (hours, units.hour), (minutes, units.minute)].filter { $0.0 > 0 }
        let joiner = units.spaced ? " " : ""
        let between = units.day.unicodeScalars.first.map { $0.value > 0x2E80 } == true ? "" : " "
        return parts.map { "\($0.0)" + joiner + $0.1 }.joined(separator: between)
    }

    /// `de` of `de_DE` or `de-DE`.
    static func language(of identifier: String) -> String {
        String(identifier.prefix { $0 != "_" && $0 != "-" })
    }

    static let englishFreeBusy = FreeBusy(noFreeTime: "no free time", noBusyTime: "no busy time",
                                          noConflicts: "no conflicts", tentative: "tentative", overlap: "{d} overlap")

    static let english = LocaleWords(
        allDay: "all day", today: "today", noEvents: "no events",
        heatmap: .init(busyTime: "Busy time", legend: "Legend", total: "Total {h} h busy",
                       busiest: "busiest day {date} ({h} h)", free: "{n} free working days (Mon–Fri)",
                       freeOne: "1 free working day (Mon–Fri)",
                       narrow: "last {n} weeks; widen the terminal for more",
                       mean: "mean busy minutes per hour", sum: "total busy hours per hour",
                       decimal: ".", day: "{date}: {h} h busy, {n} events", dayOne: "{date}: {h} h busy, 1 event",
                       cellDay: "Each square: one day's busy hours", calendars: "Calendars: {list}",
                       merged: "equal thresholds merged",
                       allDayOnly: "No busy time: all-day events are not counted; --all-day-busy counts them",
                       described: "Levels of busy time, {scale} scale."))

    private static let table: [String: LocaleWords] = [
        "en": english,
        "de": LocaleWords(
            allDay: "ganztägig", today: "heute", noEvents: "keine Termine",
            heatmap: .init(busyTime: "Belegte Zeit", legend: "Legende", total: "Insgesamt {h} h belegt",
                           busiest: "meistbelegter Tag {date} ({h} h)", free: "{n} freie Arbeitstage (Mo–Fr)",
                           freeOne: "1 freier Arbeitstag (Mo–Fr)",
                           narrow: "letzte {n} Wochen; für mehr das Terminal verbreitern",
                           mean: "mittlere belegte Minuten je Stunde", sum: "belegte Stunden je Stunde, gesamt",
                           decimal: ",", day: "{date}: {h} h belegt, {n} Termine", dayOne: "{date}: {h} h belegt, 1 Termin",
                           cellDay: "Ein Feld: die belegten Stunden eines Tages", calendars: "Kalender: {list}",
                           merged: "gleiche Schwellen zusammengefasst",
                           allDayOnly: "Keine belegte Zeit: ganztägige Termine zählen nicht; --all-day-busy zählt sie",
                           described: "Stufen belegter Zeit, Skala {scale}."),
            units: ("T.", "Std.", "Min.", true), cancelled: "abgesagt", declined: "abgelehnt",
            notListed: "{n} Termine nicht aufgeführt (Arbeitsbudget, siehe Warnung)",
            freeBusy: FreeBusy(noFreeTime: "keine freie Zeit", noBusyTime: "keine belegte Zeit",
                               noConflicts: "keine Überschneidungen", tentative: "vorläufig", overlap: "{d} Überschneidung"),
            views: ["Termine", "Monat", "Woche", "Tag", "Jahr"], noData: "keine Daten"),
        "fr": LocaleWords(
            allDay: "toute la journée", today: "aujourd’hui", noEvents: "aucun événement",
            heatmap: .init(busyTime: "Temps occupé", legend: "Légende", total: "Total {h} h occupées",
                           busiest: "jour le plus chargé {date} ({h} h)", free: "{n} jours ouvrés libres (lun.–ven.)",
                           freeOne: "1 jour ouvré libre (lun.–ven.)",
                           narrow: "{n} dernières semaines ; élargir le terminal pour en voir plus",
                           mean: "minutes occupées en moyenne par heure", sum: "heures occupées par heure, au total",
                           decimal: ",", day: "{date} : {h} h occupées, {n} événements",
                           dayOne: "{date} : {h} h occupées, 1 événement",
                           cellDay: "Une case : les heures occupées d’un jour", calendars: "Calendriers : {list}",
                           merged: "seuils égaux fusionnés",
                           allDayOnly: "Aucun temps occupé : les événements d’une journée entière ne comptent pas; --all-day-busy les compte",
                           described: "Niveaux de temps occupé, échelle {scale}."),
            units: ("j", "h", "min", true), cancelled: "annulé", declined: "refusé",
            notListed: "{n} événements non listés (budget de travail, voir l’avertissement)",
            freeBusy: FreeBusy(noFreeTime: "aucun créneau libre", noBusyTime: "aucun temps occupé",
                               noConflicts: "aucun conflit", tentative: "provisoire", overlap: "{d} de chevauchement"),
            views: ["Agenda", "Mois", "Semaine", "Jour", "Année"], noData: "aucune donnée"),
        "es": LocaleWords(
            allDay: "todo el día", today: "hoy", noEvents: "sin eventos",
            heatmap: .init(busyTime: "Tiempo ocupado", legend: "Leyenda", total: "Total {h} h ocupadas",
                           busiest: "día más ocupado {date} ({h} h)", free: "{n} días laborables libres (lun.–vie.)",
                           freeOne: "1 día laborable libre (lun.–vie.)",
                           narrow: "últimas {n} semanas; amplíe el terminal para ver más",
                           mean: "minutos ocupados de media por hora", sum: "horas ocupadas por hora, en total",
                           decimal: ",", day: "{date}: {h} h ocupadas, {n} eventos",
                           dayOne: "{date}: {h} h ocupadas, 1 evento",
                           cellDay: "Cada casilla: las horas ocupadas de un día", calendars: "Calendarios: {list}",
                           merged: "umbrales iguales agrupados",
                           allDayOnly: "Sin tiempo ocupado: los eventos de todo el día no cuentan; --all-day-busy los cuenta",
                           described: "Niveles de tiempo ocupado, escala {scale}."),
            units: ("d", "h", "min", true), cancelled: "cancelado", declined: "rechazado",
            notListed: "{n} eventos sin listar (presupuesto de trabajo, ver el aviso)",
            freeBusy: FreeBusy(noFreeTime: "sin tiempo libre", noBusyTime: "sin tiempo ocupado",
                               noConflicts: "sin conflictos", tentative: "provisional", overlap: "{d} de solapamiento"),
            views: ["Agenda", "Mes", "Semana", "Día", "Año"], noData: "sin datos"),
        "ja": LocaleWords(
            allDay: "終日", today: "今日", noEvents: "予定なし",
            heatmap: .init(busyTime: "予定の時間", legend: "凡例", total: "合計 {h} 時間",
                           busiest: "最も忙しい日 {date}（{h} 時間）", free: "空いている平日 {n} 日（月〜金）",
                           freeOne: "空いている平日 1 日（月〜金）",
                           narrow: "直近 {n} 週間。端末を広げるとさらに表示",
                           mean: "1時間あたりの平均予定（分）", sum: "1時間あたりの予定の合計（時間）",
                           decimal: ".", day: "{date}: {h} 時間、予定 {n} 件", dayOne: "{date}: {h} 時間、予定 1 件",
                           cellDay: "1マス: 1日の予定の時間", calendars: "カレンダー: {list}",
                           merged: "同じ閾値はまとめて表示",
                           allDayOnly: "予定の時間なし: 終日の予定は数えません; --all-day-busy で数えます",
                           described: "予定の時間の段階（{scale} スケール）。"),
            units: ("日", "時間", "分", false), cancelled: "キャンセル", declined: "辞退",
            notListed: "{n}件の予定は表示されません（作業上限、警告を参照）",
            freeBusy: FreeBusy(noFreeTime: "空き時間なし", noBusyTime: "予定なし",
                               noConflicts: "重複なし", tentative: "仮", overlap: "{d} 重複"),
            views: ["予定", "月", "週", "日", "年"], noData: "データなし"),
    ]
}

extension LocaleWords {
    /// The page's words in every language of the table, as JSON keyed by
    /// language: `{"de":{"allDay":"ganztägig","today":"heute",…},…}`; the
    /// page picks its locale's, since it may change locale in the browser.
    package static func pageJSON() -> String {
        let languages = [("en", english)] + table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return "{" + languages.map { language, words in
            var json = JSONObjectWriter()
            json.field("allDay", words.allDay)
            json.field("today", words.today)
            json.field("noEvents", words.noEvents)
            json.field("noData", words.noData)
            json.strings("views", words.views, omitEmpty: false)
            return "\"" + language + "\":" + json.finished()
        }.joined(separator: ",") + "}"
    }
}
