import CopyDeck
import Foundation
import PaywallCore
import Testing
@testable import PaywallScreens
@testable import TerminalKit

/// What each screen must show, in every locale and offer, and that nothing is cut.
@Suite struct ScreenContentTests {
    typealias F = ScreenFixtures
    static let full = TerminalSize(width: 80, height: 24)

    @Test(arguments: F.locales) func nothingIsCutOrOutsideTheGrid(locale: String) {
        for (c, offer, offerName) in F.variants {
            for size in F.sizes + [TerminalSize(width: 100, height: 30), TerminalSize(width: 140, height: 40)] {
                let screen = F.render(c, offer: offer, locale: locale, size: size)
                let label = "\(c.name)-\(offerName)-\(locale)-\(size)"
                for text in screen.drawn {
                    #expect(!text.truncated, "\(label): cut \(text.slot) \(text.key ?? "data"): \(text.text)")
                    #expect(text.rect.x >= 0 && text.rect.x + text.rect.width <= size.width, "\(label): \(text.text) outside")
                    #expect(text.rect.y >= 0 && text.rect.y + text.rect.height <= size.height, "\(label): \(text.text) outside")
                    #expect(text.drawnWidth <= text.slotWidth, "\(label): \(text.text) wider than its slot")
                }
                for line in screen.plainText.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(DisplayWidth.of(String(line)) <= size.width, "\(label): line wider than the grid")
                }
                #expect(screen.plainText.split(separator: "\n", omittingEmptySubsequences: false).count == size.height)
            }
        }
    }

    @Test(arguments: F.locales) func copyComesFromTheDeckWithoutFallback(locale: String) {
        let dataSlots: Set<TextSlot> = [.planName, .spinner, .value, .chatLine, .input, .step]
        for (c, offer, _) in F.variants {
            let screen = F.render(c, offer: offer, locale: locale, size: Self.full)
            for text in screen.drawn {
                if let copy = text.copy {
                    #expect(!copy.fellBack && copy.problems.isEmpty, "\(c.name) \(locale): \(copy.key) fell back or has problems")
                } else {
                    #expect(dataSlots.contains(text.slot), "\(c.name): data text in a copy slot \(text.slot): \(text.text)")
                }
            }
        }
    }

    @Test(arguments: F.locales, OfferID.allCases) func paywallShowsWhatGuideline312Requires(locale: String, offer: OfferID) throws {
        let deck = F.deck.with(locale: locale)
        for size in F.sizes {
            let screen = ScreenRenderer.render(F.context(F.paywallModel(offer), locale: locale), theme: F.theme, deck: deck, size: size)
            let text = screen.plainText
            for plan in F.offer(offer).plans { #expect(text.contains(plan.displayPrice), "\(offer) \(locale): \(plan.displayPrice)") }
            for key in ["paywall.title", "paywall.restore", "paywall.termsOfUse", "paywall.privacy", "paywall.notNow"] {
                #expect(text.contains(deck.text(key)), "\(offer) \(locale) \(size): \(key)")
            }
            let prices = screen.texts(in: .price)
            #expect(prices.count >= F.offer(offer).plans.count)
            #expect(prices.allSatisfy { $0.role == .price && $0.bold })
            // The billed amount is bold in the price role; an equivalent is plain in priceSecondary.
            for equivalent in screen.texts(in: .priceEquivalent) {
                #expect(equivalent.role == .priceSecondary && !equivalent.bold)
            }
            let cta = try #require(screen.texts(in: .cta).first)
            let expectedCTA = F.paywallModel(offer).selectedPlan?.trial != nil ? "paywall.cta.trial" : "paywall.cta.subscribe"
            #expect(cta.key == expectedCTA)
            #expect(text.contains(cta.text))
            let terms = screen.drawn.filter { $0.slot == .trialTerms || $0.slot == .renewalTerms }
            #expect(!terms.isEmpty)
            #expect(terms.allSatisfy { $0.lines.joined().filter { !$0.isWhitespace } == $0.text.filter { !$0.isWhitespace } })
        }
    }

    @Test func trialTermsNameTheChargeDateInEachLocale() throws {
        let expected = ["en": "June 4, 2026", "zh-Hans": "2026年6月4日", "ko": "2026년 6월 4일"]
        for (locale, date) in expected {
            let screen = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: locale), theme: F.theme, deck: F.deck, size: Self.full)
            let terms = try #require(screen.texts(in: .trialTerms).first)
            #expect(terms.key == "paywall.trial.terms")
            #expect(terms.text.contains(date), "\(locale): \(terms.text)")
            #expect(terms.text.contains("$59.99"))
        }
        let en = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "en"), theme: F.theme, deck: F.deck, size: Self.full)
        #expect(en.texts(in: .trialTerms).first?.text.hasPrefix("Free for 1 week, then $59.99 per year from June 4, 2026.") == true)
    }

    @Test func sheetShowsProductPriceAccountAndButtons() {
        let screen = F.render(F.cases.first { $0.name == "sheet" }!, offer: .A, locale: "en", size: Self.full)
        for text in ["App Store", "Yearly", "$59.99 / year", "Free trial: 1 week", "Then $59.99 per year", "Account: mia@example.com",
                     "[Environment: Sandbox]", "Confirm", "Cancel", "Enter Confirm · Esc Cancel"] {
            #expect(screen.plainText.contains(text), "sheet lacks \(text)")
        }
        #expect(screen.screenName == "sheet")
        let ask = F.render(F.cases.first { $0.name == "sheetAskToBuy" }!, offer: .A, locale: "en", size: Self.full)
        #expect(ask.plainText.contains("Ask Permission") && ask.plainText.contains("family organiser"))
        #expect(ask.texts(in: .sheetButton).map { $0.key } == ["sheet.askToBuy.confirm", "sheet.cancel"])
        #expect(screen.texts(in: .sheetButton).map { $0.key } == ["sheet.confirm", "sheet.cancel"])
    }

    @Test func chatShowsAllowanceTranscriptAndInput() {
        let screen = F.render(F.cases.first { $0.name == "chat" }!, offer: .A, locale: "en", size: Self.full)
        #expect(screen.plainText.contains("7 of 10 free messages left today"))
        #expect(screen.plainText.contains("Plan a trip"))
        #expect(screen.plainText.contains("Let me break that down into three simple steps."))
        #expect(screen.plainText.contains("Enter Send · Tab Premium · F1 Help · Ctrl+C Quit"))
        let limit = F.render(F.cases.first { $0.name == "chatLimit" }!, offer: .A, locale: "en", size: Self.full)
        #expect(limit.plainText.contains("You've reached today's limit of 10 free messages."))
        #expect(limit.plainText.contains("0 of 10 free messages left today"))
        let premium = F.render(F.cases.first { $0.name == "chatPremium" }!, offer: .A, locale: "en", size: Self.full)
        #expect(premium.plainText.contains("Premium · unlimited messages"))
        // A subscriber's Tab opens the plan change, not an upsell; a lifetime unlock has nothing to buy.
        #expect(!premium.plainText.contains("Tab Premium"))
        #expect(premium.plainText.contains("Enter Send · Tab Change plan · F1 Help · Ctrl+C Quit"))
        let lifetime = F.render(F.Case(name: "chatLifetime", perOffer: false) { _, l in
            var m = F.chatModel(used: 0)
            m.entitlement = Entitlement(isPremium: true, productID: "lifetime", expiresAt: nil, source: .purchase, verifiedAt: F.now)
            return F.context(m, locale: l)
        }, offer: .A, locale: "en", size: Self.full)
        #expect(lifetime.plainText.contains("Enter Send · F1 Help · Ctrl+C Quit") && !lifetime.plainText.contains("Tab "), "\(lifetime.plainText)")
    }

    @Test func otherScreensShowTheirCopy() {
        func text(_ name: String, _ locale: String = "en") -> String {
            F.render(F.cases.first { $0.name == name }!, offer: .A, locale: locale, size: Self.full).plainText
        }
        #expect(text("onboarding1").contains("Ask anything, anytime") && text("onboarding1").contains("Step 1 of 3"))
        #expect(text("onboarding2").contains("●") && text("onboarding2").contains("← Back"))
        #expect(text("purchased").contains("Active until May 28, 2027"))
        // A subscription that auto-renews says when it renews, not when it ends.
        var renewing = F.cases.first { $0.name == "purchased" }!.build(.A, "en")
        renewing.renews = true
        let renews = ScreenRenderer.render(renewing, theme: F.theme, deck: F.deck.with(locale: "en"), size: Self.full).plainText
        #expect(renews.contains("Renews on May 28, 2027") && !renews.contains("Active until"), "\(renews)")
        #expect(text("restored").contains("Your purchases were restored."))
        #expect(text("error").contains("The purchase could not be completed (networkError)."))
        #expect(text("error").contains("Enter Try again · Esc Back"))
        #expect(text("verifying").contains("Verifying your purchase…"))
        #expect(text("purchasing").contains("Contacting the App Store…"))
        #expect(text("paywallLimit").contains("You've used today's 10 free messages."))
        #expect(text("paywallPending").contains("Waiting for approval: Premium unlocks once approved."))
        #expect(text("debug").contains("paywall") && text("debug").contains("paywall_view offer_id=A"))
        #expect(text("help").contains("Ctrl+C"))
        let skipped = F.render(F.cases.first { $0.name == "skipped" }!, offer: .A, locale: "en", size: Self.full)
        #expect(skipped.texts(in: .body).first?.text.contains("10 free messages a day") == true)
        #expect(text("proof").contains("4.8 out of 5"))
        #expect(text("proof").contains("12,480 ratings"), "a count is grouped as SwiftUI's Text groups it, beside 250,000 people")
        #expect(text("value", "ko").contains("고급") || text("value", "ko") != text("value", "en"))
    }

    @Test func belowTheMinimumSizeAsksForALargerWindow() {
        let model = F.paywallModel(.A)
        for size in [TerminalSize(width: 59, height: 24), TerminalSize(width: 80, height: 21), TerminalSize(width: 20, height: 5)] {
            let screen = ScreenRenderer.render(F.context(model, locale: "en"), theme: F.theme, deck: F.deck, size: size)
            #expect(screen.screenName == "tooSmall")
            #expect(screen.plainText.contains("60×22") || screen.drawn.first?.text.contains("60×22") == true)
        }
        let fits = ScreenRenderer.render(F.context(model, locale: "en"), theme: F.theme, deck: F.deck, size: ScreenRenderer.minimumSize)
        #expect(fits.screenName == "paywall")
    }

    @Test func largeTerminalsCentreAColumn() {
        let screen = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "en"), theme: F.theme, deck: F.deck,
                                           size: TerminalSize(width: 160, height: 40))
        let firstRow = screen.plainText.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstRow.hasPrefix(String(repeating: " ", count: 30)))
        #expect(screen.drawn.allSatisfy { $0.rect.x >= 30 && $0.rect.x + $0.rect.width <= 130 })
    }

    @Test func asciiGlyphsLeaveNoBoxDrawing() {
        let theme = F.theme.with(glyphs: .ascii)
        let screen = ScreenRenderer.render(F.context(F.paywallModel(.B), locale: "en"), theme: theme, deck: F.deck, size: Self.full)
        #expect(!screen.plainText.contains("╭") && !screen.plainText.contains("─"))
        #expect(screen.plainText.contains("+--"))
        #expect(screen.plainText.contains("| (*) ") && screen.plainText.contains("Monthly") && screen.plainText.contains("| ( ) "))
        let list = ScreenRenderer.render(F.context(F.paywallModel(.A), locale: "en"), theme: theme, deck: F.deck, size: Self.full)
        #expect(list.plainText.contains("> (*) Yearly") && list.plainText.contains("( ) Weekly"))
        #expect(list.plainText.contains("Restore Purchases | Terms of Use | Privacy Policy | Not now"))
    }
}
