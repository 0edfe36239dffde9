import BuiltInCopy
import CopyDeck
import Foundation
import PaywallCore
import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// Styles in the grid, themes, the spinner and team decks layered over the default.
@Suite struct ScreenStyleTests {
    typealias F = ScreenFixtures
    static let size = TerminalSize(width: 80, height: 24)

    @Test func billedPriceCellsAreBoldPriceAndEquivalentIsSecondary() throws {
        let screen = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "en"), theme: F.theme, deck: F.deck, size: Self.size)
        let price = try #require(screen.texts(in: .price).first { $0.text == "$59.99 / year" })
        let cell = try #require(screen.grid[price.rect.x, price.rect.y])
        #expect(cell.text == "$" && cell.style.role == .price && cell.style.bold)
        let equivalent = try #require(screen.texts(in: .priceEquivalent).first)
        let eqCell = try #require(screen.grid[equivalent.rect.x, equivalent.rect.y])
        #expect(eqCell.style.role == .priceSecondary && !eqCell.style.bold)
        let cta = try #require(screen.texts(in: .cta).first)
        #expect(screen.grid[cta.rect.x, cta.rect.y]?.style.role == .ctaText)
        #expect(screen.grid[cta.rect.x - 2, cta.rect.y]?.style.role == .cta, "the button's fill")
        #expect(screen.grid[0, 0]?.style.role == .border)
    }

    @Test func themesChangeStylesNotText() throws {
        for variant in F.variants {
            let context = variant.0.build(variant.1, "en")
            let dark = ScreenRenderer.render(context, theme: F.theme, deck: F.deck, size: Self.size)
            let light = ScreenRenderer.render(context, theme: try #require(Theme.builtIn("light")), deck: F.deck, size: Self.size)
            #expect(dark.plainText == light.plainText, "\(variant.0.name)")
        }
    }

    @Test func spinnerAdvancesWithTheFrameCounter() {
        var context = F.cases.first { $0.name == "purchasing" }!.build(.A, "en")
        var glyphs: [String] = []
        for frame in 0..<3 {
            context.spinnerFrame = frame
            let screen = ScreenRenderer.render(context, theme: F.theme, deck: F.deck, size: Self.size)
            glyphs.append(screen.texts(in: .spinner).first?.text ?? "")
        }
        #expect(glyphs == Array(F.theme.glyphs.spinner.prefix(3)))
        context.spinnerFrame = -1
        #expect(ScreenRenderer.render(context, theme: F.theme, deck: F.deck, size: Self.size).texts(in: .spinner).first?.text
                == F.theme.glyphs.spinner.last)
    }

    @Test func aTeamDeckFallsBackToTheDefaultAndSaysSo() throws {
        let team = try StringCatalog.decode(Data("""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "paywall.title":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Go Pro"}}}}}}
        """.utf8), origin: "team.xcstrings")
        let deck = DefaultCopyDeck.layered(over: team, locale: "ko")
        let screen = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "ko"), theme: F.theme, deck: deck, size: Self.size)
        let title = try #require(screen.texts(in: .title).first)
        #expect(title.text == "Go Pro" && title.copy?.fellBack == true && title.copy?.fromFallbackDeck == false)
        let restore = try #require(screen.texts(in: .restore).first)
        #expect(restore.copy?.fromFallbackDeck == true && restore.copy?.fellBack == false)
    }

    @Test func aLongCTAIsCutAndMarked() throws {
        let team = try StringCatalog.decode(Data("""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "paywall.cta.trial":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Start your completely free trial today"}}}}}}
        """.utf8), origin: "team.xcstrings")
        let screen = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "en"), theme: F.theme,
                                           deck: DefaultCopyDeck.layered(over: team), size: Self.size)
        let cta = try #require(screen.texts(in: .cta).first)
        #expect(cta.truncated && cta.lines.first?.hasSuffix("…") == true && cta.drawnWidth <= cta.slotWidth)
    }

    @Test func emptyOffersAndMissingSelectionDoNotCrash() {
        var model = F.paywallModel(.B)
        let empty = Offer(id: .B, layoutVariant: .cards, plans: [], defaultPlanID: "none")
        model.state = .paywall(offer: empty)
        model.offer = empty
        model.selectedPlanID = "gone"
        for size in [Self.size, ScreenRenderer.minimumSize, TerminalSize(width: 0, height: 0), TerminalSize(width: 1, height: 1)] {
            let screen = ScreenRenderer.render(F.context(model, locale: "en"), theme: F.theme, deck: F.deck, size: size)
            #expect(screen.grid.width == size.width)
        }
    }
}
