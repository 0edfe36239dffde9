import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import Testing
import TerminalKit
@testable import CopyQA

@Suite("A sweep's screens laid out without writing cells record what the painted screens record")
struct UnpaintedRenderTests {
    @Test("every state the sweep draws, in four locales, every theme, three sizes and every offer: the same texts, places, cuts and screen names")
    func sameRecord() {
        let deck = Support.deck {
            $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now")
            $0.set("paywall.title", "zh-Hans", "%@ %@")
        }
        let sweep = CopySweep(defaults: deck)
        let matrix = SweepMatrix(locales: ["en", "ko", "zh-Hans", "ar"],
                                 sizes: [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 22), TerminalSize(width: 40, height: 12)])
        var lists = CopySweep.StateLists(sweep: sweep)
        var screens = 0, differ: [String] = []
        for (combination, drawsCommon) in CopySweep.plan(matrix.combinations) {
            let theme = sweep.theme(named: combination.theme)
            let deck = lists.deck(combination.locale)
            for state in lists.states(combination, drawsCommon: drawsCommon) {
                let painted = ScreenRenderer.render(state.context, theme: theme, deck: deck, size: combination.size)
                let unpainted = ScreenRenderer.render(state.context, theme: theme, deck: deck, size: combination.size, paintingCells: false)
                screens += 1
                if painted.drawn != unpainted.drawn || painted.screenName != unpainted.screenName {
                    differ.append("\(combination) \(state.screen) \(state.state)")
                }
                if unpainted.grid != CellGrid(size: combination.size, style: TextStyle(.background)) { differ.append("cells written: \(combination)") }
            }
        }
        #expect(screens > 1_000)
        #expect(differ.isEmpty, "\(differ.count) differ: \(differ.prefix(3))")
    }
}
