import CopyDeck
import Foundation
import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// The layout memo reuses work only for the same deck content, locale, glyphs and time zone.
@Suite("Layout memo")
struct LayoutMemoTests {
    static func teamDeck(title: String) throws -> CopyDeck {
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{"paywall.title":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"\(title)"}}}}}}
        """
        return CopyDeck(primary: try StringCatalog.decode(Data(json.utf8), origin: "team.xcstrings"), fallback: ScreenFixtures.deck.primary)
    }

    func render(_ deck: CopyDeck, locale: String = "en", theme: Theme = ScreenFixtures.theme) -> RenderedScreen {
        ScreenRenderer.render(ScreenFixtures.context(ScreenFixtures.paywallModel(.A), locale: locale), theme: theme, deck: deck,
                              size: TerminalSize(width: 80, height: 24))
    }

    @Test func eachDeckDrawsItsOwnCopyAfterAnotherWasDrawn() throws {
        let first = try Self.teamDeck(title: "Unlock Everything Today")
        let second = try Self.teamDeck(title: "Try the Pro Plan")
        #expect(render(first).plainText.contains("Unlock Everything Today"))
        let secondScreen = render(second).plainText
        #expect(secondScreen.contains("Try the Pro Plan"))
        #expect(!secondScreen.contains("Unlock Everything Today"))
        // A copy of a deck (another locale and back) is the same content: same frame.
        #expect(render(first.with(locale: "ko").with(locale: "en")) == render(first))
    }

    @Test("a full registry lets its oldest memo go, and keeps the ones registered since")
    func fullRegistryDropsOnlyTheOldest() throws {
        let deck = try Self.teamDeck(title: "Registry \(UUID().uuidString)") // content no other test registers
        let glyphs = ScreenFixtures.theme.glyphs, zone = TimeZone(identifier: "UTC")!
        let layouts = LayoutMemos() // an empty registry of this test's own
        func memo(_ n: Int) -> LayoutMemo { layouts.memo(deck: deck, locale: "x-\(n)", glyphs: glyphs, timeZone: zone) }
        let limit = LayoutMemos.registryLimit
        let kept = (0..<limit).map(memo)
        _ = memo(limit) // one more than the registry holds
        // The newest stay the same objects (emptying the whole registry made them anew).
        #expect(memo(limit - 1) === kept[limit - 1])
        #expect(memo(limit - 2) === kept[limit - 2])
        #expect(memo(0) !== kept[0], "the oldest was let go")
    }

    @Test func aReusedFrameEqualsAFreshOne() throws {
        let deck = ScreenFixtures.deck
        let once = render(deck)
        let again = render(deck)
        #expect(once == again)
        // Another locale and another glyph set do not borrow the English or rounded layout.
        #expect(render(deck, locale: "ko").plainText != once.plainText)
        var ascii = ScreenFixtures.theme
        ascii.glyphs = .ascii
        let asciiScreen = render(deck, theme: ascii).plainText
        // The links' separator is the glyph set's: the ASCII screen does not borrow the rounded one's blocks.
        #expect(asciiScreen.contains(" | ") && !asciiScreen.contains("╭"))
        #expect(!render(deck).plainText.contains(" | "))
    }

    @Test("memos that keep nothing draw the same frames as the shared ones, and keep no memo")
    func injectedMemosChangeCostNotFrames() throws {
        let deck = ScreenFixtures.deck
        let context = ScreenFixtures.context(ScreenFixtures.paywallModel(.A), locale: "en")
        let size = TerminalSize(width: 80, height: 24)
        let naive = LayoutMemos(reusing: false)
        let shared = ScreenRenderer.render(context, theme: ScreenFixtures.theme, deck: deck, size: size)
        let fresh = ScreenRenderer.render(context, theme: ScreenFixtures.theme, deck: deck, size: size, layouts: naive)
        #expect(shared == fresh)
        let zone = TimeZone(identifier: "UTC")!
        let glyphs = ScreenFixtures.theme.glyphs
        #expect(naive.memo(deck: deck, locale: "en", glyphs: glyphs, timeZone: zone)
                    !== naive.memo(deck: deck, locale: "en", glyphs: glyphs, timeZone: zone))
        let reusing = LayoutMemos()
        #expect(reusing.memo(deck: deck, locale: "en", glyphs: glyphs, timeZone: zone)
                    === reusing.memo(deck: deck, locale: "en", glyphs: glyphs, timeZone: zone))
    }
}
