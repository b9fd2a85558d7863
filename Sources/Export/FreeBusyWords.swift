/// The few words of the free/busy views (`free`, `busy`, `conflicts`),
/// one table per language as `LocaleWords`; English where one is missing.
struct FreeBusyWords: Sendable {
    let noFreeTime: String
    let noBusyTime: String
    let noConflicts: String
    let tentative: String
    /// `{d}` stands for the length of an overlap: `30m overlap`.
    let overlap: String

    init(identifier: String) {
        self = FreeBusyWords.table[LocaleWords.language(of: identifier)] ?? FreeBusyWords.english
    }

    private init(noFreeTime: String, noBusyTime: String, noConflicts: String, tentative: String, overlap: String) {
        self.noFreeTime = noFreeTime
        self.noBusyTime = noBusyTime
        self.noConflicts = noConflicts
        self.tentative = tentative
        self.overlap = overlap
    }

    static let english = FreeBusyWords(noFreeTime: "no free time", noBusyTime: "no busy time",
                                       noConflicts: "no conflicts", tentative: "tentative", overlap: "{d} overlap")

    private static let table: [String: FreeBusyWords] = [
        "en": english,
        "de": FreeBusyWords(noFreeTime: "keine freie Zeit", noBusyTime: "keine belegte Zeit",
                            noConflicts: "keine Überschneidungen", tentative: "vorläufig", overlap: "{d} Überschneidung"),
        "fr": FreeBusyWords(noFreeTime: "aucun créneau libre", noBusyTime: "aucun temps occupé",
                            noConflicts: "aucun conflit", tentative: "provisoire", overlap: "{d} de chevauchement"),
        "es": FreeBusyWords(noFreeTime: "sin tiempo libre", noBusyTime: "sin tiempo ocupado",
                            noConflicts: "sin conflictos", tentative: "provisional", overlap: "{d} de solapamiento"),
        "ja": FreeBusyWords(noFreeTime: "空き時間なし", noBusyTime: "予定なし",
                            noConflicts: "重複なし", tentative: "仮", overlap: "{d} 重複"),
    ]
}
