import Statistics

/// The words of `busylife stats`'s text view in one language: headers of
/// the period table, names of the figures, notes. The languages the agenda
/// and heatmap speak (`LocaleWords`); any other speaks English, whole, so
/// that a line never mixes two languages.
struct StatsWords: Sendable {
    /// `Busy time by week`, by month, by day.
    var title: [StatsGrouping: String]
    /// The period column's header: `Week`, `Month`, `Day`.
    var period: [StatsGrouping: String]
    /// The table's column headers, short because a narrow terminal keeps
    /// only the columns whose headers and values fit.
    var column: Columns
    /// The figures' names in the lines with sparklines.
    var figure: Figures
    var total: String
    var trend: String
    /// `{n}`: how many periods a sparkline shows when not all fit.
    var lastPeriods: String
    var partialNote: String
    var shareNote: String
    var trendNote: String
    /// `{n}` columns, `{list}` of headers.
    var notShown: String
    /// `{d}`: the focus threshold.
    var focus: String
    var calendars: String
    var categories: String
    var people: String
    var empty: String

    struct Columns: Sendable {
        var busy, share, working, meetings, count, recurring, focus, fragmented, afterHours, doubleBooked,
            meetingFree: String
    }

    struct Figures: Sendable {
        var busy, busyWorking, share, afterHours, focus, fragmented, meetingTime, meetings, recurring,
            doubleBooked, meetingFree: String
    }

    init(identifier: String) {
        self = StatsWords.table[LocaleWords.language(of: identifier)] ?? StatsWords.english
    }

    private init(title: [StatsGrouping: String], period: [StatsGrouping: String], column: Columns, figure: Figures,
                 notes: (total: String, trend: String, lastPeriods: String, partial: String, share: String,
                         trendNote: String, notShown: String, focus: String),
                 lists: (calendars: String, categories: String, people: String, empty: String)) {
        self.title = title
        self.period = period
        self.column = column
        self.figure = figure
        (total, trend, lastPeriods, partialNote) = (notes.total, notes.trend, notes.lastPeriods, notes.partial)
        (shareNote, trendNote, notShown, focus) = (notes.share, notes.trendNote, notes.notShown, notes.focus)
        (calendars, categories, people, empty) = (lists.calendars, lists.categories, lists.people, lists.empty)
    }

    static let english = StatsWords(
        title: [.week: "Busy time by week", .month: "Busy time by month", .day: "Busy time by day"],
        period: [.week: "Week", .month: "Month", .day: "Day"],
        column: Columns(busy: "Busy", share: "Share", working: "Working", meetings: "Meetings", count: "Count",
                        recurring: "Recurring", focus: "Focus", fragmented: "Fragmented", afterHours: "After hours",
                        doubleBooked: "Double-booked", meetingFree: "Meeting-free"),
        figure: Figures(busy: "Busy", busyWorking: "Busy in working hours", share: "Busy share",
                        afterHours: "After hours", focus: "Focus time", fragmented: "Fragmented time",
                        meetingTime: "Meeting time", meetings: "Meetings", recurring: "Recurring share",
                        doubleBooked: "Double-booked", meetingFree: "Meeting-free days"),
        notes: (total: "Total", trend: "Trend", lastPeriods: "last {n}", partial: "* partial: cut by the window",
                share: "Share: busy share of working time",
                trendNote: "Trend: the last full period against the mean of the full ones before",
                notShown: "not shown at {n} columns: {list}", focus: "focus ≥ {d}"),
        lists: (calendars: "Calendars", categories: "Categories", people: "People (meeting time)",
                empty: "No periods in the window"))

    private static let table: [String: StatsWords] = [
        "en": english,
        "de": StatsWords(
            title: [.week: "Belegte Zeit nach Wochen", .month: "Belegte Zeit nach Monaten",
                    .day: "Belegte Zeit nach Tagen"],
            period: [.week: "Woche", .month: "Monat", .day: "Tag"],
            column: Columns(busy: "Belegt", share: "Anteil", working: "Arbeitszeit", meetings: "Meetings",
                            count: "Anzahl", recurring: "Serien", focus: "Fokus", fragmented: "Zerstückelt",
                            afterHours: "Außerhalb", doubleBooked: "Doppelt", meetingFree: "Meetingfrei"),
            figure: Figures(busy: "Belegt", busyWorking: "Belegt in Arbeitszeit", share: "Belegter Anteil",
                            afterHours: "Außerhalb Arbeitszeit", focus: "Fokuszeit", fragmented: "Zerstückelte Zeit",
                            meetingTime: "Meeting-Zeit", meetings: "Meetings", recurring: "Serienanteil",
                            doubleBooked: "Doppelt belegt", meetingFree: "Tage ohne Meetings"),
            notes: (total: "Gesamt", trend: "Trend", lastPeriods: "letzte {n}",
                    partial: "* angeschnitten: vom Zeitfenster gekürzt",
                    share: "Anteil: belegter Anteil der Arbeitszeit",
                    trendNote: "Trend: letzter voller Zeitraum gegen den Mittelwert der vollen davor",
                    notShown: "nicht gezeigt bei {n} Spalten: {list}", focus: "Fokus ≥ {d}"),
            lists: (calendars: "Kalender", categories: "Kategorien", people: "Personen (Meeting-Zeit)",
                    empty: "Keine Zeiträume im Zeitfenster")),
        "fr": StatsWords(
            title: [.week: "Temps occupé par semaine", .month: "Temps occupé par mois",
                    .day: "Temps occupé par jour"],
            period: [.week: "Semaine", .month: "Mois", .day: "Jour"],
            column: Columns(busy: "Occupé", share: "Part", working: "Ouvré", meetings: "Réunions", count: "Nombre",
                            recurring: "Récurrentes", focus: "Concentr.", fragmented: "Morcelé",
                            afterHours: "Hors heures", doubleBooked: "Doublé", meetingFree: "Sans réunion"),
            figure: Figures(busy: "Occupé", busyWorking: "Occupé, heures ouvrées", share: "Part occupée",
                            afterHours: "Hors heures ouvrées", focus: "Concentration", fragmented: "Temps morcelé",
                            meetingTime: "Temps de réunion", meetings: "Réunions", recurring: "Part récurrente",
                            doubleBooked: "Double réservation", meetingFree: "Jours sans réunion"),
            notes: (total: "Total", trend: "Tendance", lastPeriods: "{n} dernières",
                    partial: "* partielle : coupée par la fenêtre",
                    share: "Part : part occupée des heures ouvrées",
                    trendNote: "Tendance : dernière période complète face à la moyenne des précédentes",
                    notShown: "non affiché sur {n} colonnes : {list}", focus: "concentration ≥ {d}"),
            lists: (calendars: "Calendriers", categories: "Catégories", people: "Personnes (temps de réunion)",
                    empty: "Aucune période dans la fenêtre")),
        "es": StatsWords(
            title: [.week: "Tiempo ocupado por semana", .month: "Tiempo ocupado por mes",
                    .day: "Tiempo ocupado por día"],
            period: [.week: "Semana", .month: "Mes", .day: "Día"],
            column: Columns(busy: "Ocupado", share: "Parte", working: "Laboral", meetings: "Reuniones",
                            count: "Número", recurring: "Periódicas", focus: "Foco", fragmented: "Fragmentado",
                            afterHours: "Fuera de hora", doubleBooked: "Doble", meetingFree: "Sin reuniones"),
            figure: Figures(busy: "Ocupado", busyWorking: "Ocupado en horario", share: "Parte ocupada",
                            afterHours: "Fuera de horario", focus: "Concentración", fragmented: "Fragmentado",
                            meetingTime: "Tiempo de reuniones", meetings: "Reuniones", recurring: "Parte periódica",
                            doubleBooked: "Doble reserva", meetingFree: "Días sin reuniones"),
            notes: (total: "Total", trend: "Tendencia", lastPeriods: "últimos {n}",
                    partial: "* parcial: cortado por la ventana",
                    share: "Parte: parte ocupada del horario laboral",
                    trendNote: "Tendencia: último periodo completo frente a la media de los anteriores",
                    notShown: "no se muestra en {n} columnas: {list}", focus: "concentración ≥ {d}"),
            lists: (calendars: "Calendarios", categories: "Categorías", people: "Personas (tiempo de reuniones)",
                    empty: "Ningún periodo en la ventana")),
        "ja": StatsWords(
            title: [.week: "週ごとの予定の時間", .month: "月ごとの予定の時間", .day: "日ごとの予定の時間"],
            period: [.week: "週", .month: "月", .day: "日"],
            column: Columns(busy: "予定", share: "割合", working: "勤務", meetings: "会議", count: "件数",
                            recurring: "定例", focus: "集中", fragmented: "細切れ", afterHours: "時間外",
                            doubleBooked: "重複", meetingFree: "会議なし日"),
            figure: Figures(busy: "予定の時間", busyWorking: "勤務時間内の予定", share: "予定の割合",
                            afterHours: "勤務時間外の予定", focus: "集中できる時間", fragmented: "細切れの時間",
                            meetingTime: "会議の時間", meetings: "会議の件数", recurring: "定例会議の割合",
                            doubleBooked: "重複した時間", meetingFree: "会議のない日"),
            notes: (total: "合計", trend: "傾向", lastPeriods: "直近 {n}",
                    partial: "* 一部: 範囲の端で切れた期間",
                    share: "割合: 勤務時間に占める予定の割合",
                    trendNote: "傾向: 最後の完全な期間と、それ以前の完全な期間の平均との比較",
                    notShown: "{n} 桁では非表示: {list}", focus: "集中 ≥ {d}"),
            lists: (calendars: "カレンダー", categories: "カテゴリ", people: "相手（会議の時間）",
                    empty: "範囲に期間がありません")),
    ]
}
