@testable import FreeBusy
import Testing

/// How `--hours`, `--workdays`, `--min` and `--buffer` are read.
@Suite struct FlagSyntaxTests {
    @Test func hours() {
        #expect(WorkingHours.parseHours("09:00-17:00")! == (32_400, 61_200))
        #expect(WorkingHours.parseHours("9-17")! == (32_400, 61_200))
        #expect(WorkingHours.parseHours("8:30–16:30")! == (30_600, 59_400))
        #expect(WorkingHours.parseHours("00:00-24:00")! == (0, 86_400))
        for bad in ["22:00-06:00", "09:00-09:00", "9", "09:00-", "-17:00", "25:00-26:00", "09:60-10:00", "24:30-24:45",
                    "9am-5pm", "09:00-17:00-18:00", "009:00-17:00", ""] {
            #expect(WorkingHours.parseHours(bad) == nil, "\(bad)")
        }
    }

    @Test func workdays() {
        #expect(WorkingHours.parseWorkdays("Mon-Fri") == [1, 2, 3, 4, 5])
        #expect(WorkingHours.parseWorkdays("Mon,Wed,Fri") == [1, 3, 5])
        #expect(WorkingHours.parseWorkdays("sun-thu") == [7, 1, 2, 3, 4])
        #expect(WorkingHours.parseWorkdays("Fri-Mon") == [5, 6, 7, 1])
        #expect(WorkingHours.parseWorkdays("mo-we,fr") == [1, 2, 3, 5])
        #expect(WorkingHours.parseWorkdays("Saturday") == [6])
        #expect(WorkingHours.parseWorkdays("Mon-Sun") == Set(1...7))
        for bad in ["", "M", "T", "Mon-", "Mon-Tue-Wed", "Mon,,Fri", "Lundi", "1-5"] {
            #expect(WorkingHours.parseWorkdays(bad) == nil, "\(bad)")
        }
        #expect(WorkingHours.workdaysText([1, 2, 3, 4, 5]) == "Mon-Fri")
        #expect(WorkingHours.workdaysText([7, 1, 2, 3, 4]) == "Sun-Thu")
        #expect(WorkingHours.workdaysText([1, 3, 5]) == "Mon,Wed,Fri")
        #expect(WorkingHours.workdaysText([1, 2, 4]) == "Mon,Tue,Thu")
        #expect(WorkingHours.workdaysText(Set(1...7)) == "Mon-Sun")
        for days in [Set([1, 2, 3, 4, 5]), [7, 1, 2, 3, 4], [1, 3, 5], [5, 6, 7, 1], [2], [1, 2, 4, 5, 6]] {
            #expect(WorkingHours.parseWorkdays(WorkingHours.workdaysText(days)) == days)
        }
    }

    @Test func workdaysOfALocale() {
        #expect(WorkingHours.workdays(forLocale: "en_US") == [1, 2, 3, 4, 5])
        #expect(WorkingHours.workdays(forLocale: "de") == [1, 2, 3, 4, 5])
        #expect(WorkingHours.workdays(forLocale: "he_IL") == [7, 1, 2, 3, 4])
        #expect(WorkingHours.workdays(forLocale: "ar-SA") == [7, 1, 2, 3, 4])
        #expect(WorkingHours.workdays(forLocale: "fa_IR") == [6, 7, 1, 2, 3, 4])
        #expect(WorkingHours.workdays(forLocale: "hi_IN") == [1, 2, 3, 4, 5, 6])
        #expect(WorkingHours.workdays(forLocale: "zh_Hant_TW") == [1, 2, 3, 4, 5])
    }

    @Test func durations() {
        #expect(DurationText.milliseconds("30m") == 1_800_000)
        #expect(DurationText.milliseconds("1h") == 3_600_000)
        #expect(DurationText.milliseconds("1h30m") == 5_400_000)
        #expect(DurationText.milliseconds("90s") == 90_000)
        #expect(DurationText.milliseconds("0") == 0)
        #expect(DurationText.milliseconds("PT1H") == 3_600_000)
        #expect(DurationText.milliseconds("pt1h30m") == 5_400_000)
        #expect(DurationText.milliseconds("P1D") == 86_400_000)
        #expect(DurationText.milliseconds("P1DT1H") == 90_000_000)
        for bad in ["30", "m", "1m30h", "1h1h", "P", "PT", "P1H", "PT1D", "-30m", "1.5h", "30 m", "", "1h30"] {
            #expect(DurationText.milliseconds(bad) == nil, "\(bad)")
        }
        #expect(DurationText.text(milliseconds: 5_400_000) == "1h 30m")
        #expect(DurationText.text(milliseconds: 28_800_000) == "8h")
        #expect(DurationText.text(milliseconds: 1_770_000) == "29m 30s")
        #expect(DurationText.text(milliseconds: 97_200_000) == "1d 3h")
        #expect(DurationText.text(milliseconds: 0) == "0s")
    }
}
