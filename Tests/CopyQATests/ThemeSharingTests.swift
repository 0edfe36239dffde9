import CopyDeck
import Foundation
import PaywallCore
import Testing
import TerminalKit
@testable import CopyQA

@Suite("A combination checked under another theme with the same glyphs gives the same findings")
struct ThemeSharingTests {
    /// Both ways over `matrix`: findings compared whole (severity, kind, screen, state, combination,
    /// key, text, message, place), in order, and the screens counted.
    func bothWays(_ sweep: CopySweep, _ matrix: SweepMatrix) -> (shared: (findings: [Finding], screens: Int), drawn: (findings: [Finding], screens: Int)) {
        var everyTheme = sweep
        everyTheme.sharesThemes = false
        return (sweep.runCounting(matrix.combinations), everyTheme.runCounting(matrix.combinations))
    }

    @Test("a deck with planted defects, every theme (two share a glyph set), three locales, two sizes, every offer")
    func plantedDefects() {
        let deck = Support.deck {
            $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now")
            $0.set("paywall.badge.save", "ko", "YOU SAVE AN INCREDIBLE %lld%% EVERY SINGLE YEAR")
            $0.set("paywall.title", "zh-Hans", "%@ %@")
        }
        let matrix = SweepMatrix(locales: ["en", "ko", "zh-Hans"], sizes: [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 22)])
        let (shared, drawn) = bothWays(CopySweep(defaults: deck), matrix)
        #expect(drawn.findings.count > 50)
        #expect(Set(drawn.findings.map(\.combination.theme)) == ["dark", "light", "mono"])
        #expect(shared.findings == drawn.findings)
        #expect(shared.screens == drawn.screens)
    }

    @Test("a locale given twice: its second round draws only the paywalls, under every theme, as before")
    func repeatedLocale() {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now") }
        let matrix = SweepMatrix(locales: ["en", "en"], sizes: [TerminalSize(width: 60, height: 22)])
        let (shared, drawn) = bothWays(CopySweep(defaults: deck), matrix)
        #expect(shared.findings == drawn.findings)
        #expect(shared.screens == drawn.screens)
        let once = CopySweep(defaults: deck).runCounting(SweepMatrix(locales: ["en"], sizes: [TerminalSize(width: 60, height: 22)]).combinations)
        #expect(drawn.screens > once.screens && drawn.screens < 2 * once.screens)
        // The second round's combinations are the first's: each finding is listed once.
        #expect(!once.findings.isEmpty && shared.findings == once.findings)
    }

    @Test("an ASCII theme of the user's lays out differently and is drawn, not taken from a Unicode one")
    func asciiTheme() throws {
        let dark = try #require(Theme.builtIn("dark"))
        let ascii = dark.with(glyphs: .ascii)
        var sweep = CopySweep(defaults: Support.deck { $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now") },
                              themes: ["ascii-dark": ascii])
        sweep.sharesThemes = true
        let matrix = SweepMatrix(locales: ["en"], themes: ["dark", "ascii-dark", "light"], sizes: [TerminalSize(width: 60, height: 22)])
        let (shared, drawn) = bothWays(sweep, matrix)
        #expect(shared.findings == drawn.findings)
        // The ASCII ellipsis ("...") cuts texts where "…" does not: what differs is reported as drawn.
        let texts = { (theme: String) in drawn.findings.filter { $0.combination.theme == theme }.map { "\($0.kind) \($0.message)" } }
        #expect(texts("dark") == texts("light"))
        #expect(texts("dark") != texts("ascii-dark"))
    }
}
