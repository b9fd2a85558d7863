import EventModel
@testable import Export
import Testing

/// A calendar's own colour in the terminal and as heatmap shades.
@Suite struct CalendarColorTests {
    let orange = CalendarColor(red: 0xff, green: 0x88, blue: 0x00)

    @Test func nearestOfTheCube() {
        #expect(orange.palette256 == 208)
        #expect(CalendarColor.black.palette256 == 16)
        #expect(CalendarColor.white.palette256 == 231)
        #expect(CalendarColor(red: 0, green: 0, blue: 255).palette256 == 21)
        #expect(orange.foreground(truecolor: true) == "\u{1B}[38;2;255;136;0m")
        #expect(orange.foreground(truecolor: false) == "\u{1B}[38;5;208m")
    }

    /// Level 4 on a dark background is the colour itself; on a light one,
    /// level 3 is, and level 4 a darker shade; both rise monotonically.
    @Test func shadesRiseToTheColour() {
        let dark = orange.darkLevels(on: .darkBackground)
        #expect(dark.last == orange)
        #expect(dark.map(\.red) == dark.map(\.red).sorted())
        let light = orange.lightLevels
        #expect(light[2] == orange)
        #expect(light.map(\.blue) == light.map(\.blue).sorted(by: >))
    }

    /// Without a tint, GitHub's greens; with one, shades of it and no green.
    @Test func theSVGStyleIsTintedOnlyWhenAsked() {
        let names = LocaleNames(identifier: "en_US")
        #expect(HeatmapSVG(names: names, today: nil).style.contains(".l4{fill:#216e39}"))
        let tinted = HeatmapSVG(names: names, today: nil, tint: orange).style
        #expect(tinted.contains(".l3{fill:#ff8800}"))
        #expect(tinted.contains(".l4{fill:#ff8800}"))  // the dark scheme's brightest
        #expect(tinted.contains(".l0{fill:#ebedf0}"))
        for green in ["#9be9a8", "#40c463", "#30a14e", "#216e39", "#0e4429", "#006d32", "#26a641", "#39d353"] {
            #expect(!tinted.contains(green))
        }
    }

    /// Text on a level is dark or light, whichever contrasts more, and at
    /// least 4.5:1 on GitHub's greens in both schemes.
    @Test func textOnEachLevelIsReadable() throws {
        let svg = HeatmapSVG(names: LocaleNames(identifier: "en_US"), today: nil)
        #expect(svg.style.contains(".l4{fill:#216e39}.t4{fill:#ffffff}"))
        #expect(svg.style.contains(".l1{fill:#9be9a8}.t1{fill:#1f2328}"))
        for tint in [nil, orange, CalendarColor(parsing: "#1e66f5")!, CalendarColor(parsing: "#ffee00")!] {
            let style = HeatmapSVG(names: LocaleNames(identifier: "en_US"), today: nil, tint: tint).style
            for match in style.matches(of: /\.l(\d)\{fill:(#[0-9a-f]{6})\}\.t\d\{fill:(#[0-9a-f]{6})\}/) {
                let fill = CalendarColor(parsing: String(match.2))!, text = CalendarColor(parsing: String(match.3))!
                #expect(Contrast.ratio(fill, text) >= 4.5, "level \(match.1): \(text) on \(fill)")
            }
        }
    }

    @Test func theTerminalTintLeavesLevelZeroGrey() {
        let plain = TerminalStyle(colors: .palette256, ascii: false)
        let tinted = TerminalStyle(colors: .palette256, ascii: false, tint: orange)
        #expect(tinted.color(0) == plain.color(0))
        #expect(tinted.color(4) == "\u{1B}[38;5;208m")
        #expect(TerminalStyle(colors: .none, ascii: false, tint: orange).color(4) == "")
    }
}
