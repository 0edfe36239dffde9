import BuiltInCopy
import CopyDeck
import Foundation
import PaywallCore
import Testing
import PaywallScreens
import TerminalKit
@testable import CopyQA

@Suite("Each planted defect is reported")
struct PlantedDefectTests {
    func kinds(_ findings: [Finding], key: String? = nil) -> Set<FindingKind> {
        Set(findings.filter { key == nil || $0.key == key }.map(\.kind))
    }

    @Test("a CTA longer than its slot")
    func longCTA() throws {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Start your completely free seven day trial now") }
        let findings = Support.findings(deck, Support.small())
        let overflow = try #require(findings.first { $0.kind == .slotOverflow && $0.key == "paywall.cta.trial" && $0.screen == "paywall" })
        #expect(overflow.severity == .error)
        #expect(overflow.screen == "paywall")
        #expect(overflow.text == "Start your completely free seven day trial now")
        #expect(overflow.combination.description == "en/dark/A/80x24")
    }

    @Test("a CTA within its slot but over the deck's 16-column limit is a warning")
    func ctaOverGuideline() {
        let deck = Support.deck { $0.set("paywall.cta.trial", "en", "Try it free today!") }
        let findings = Support.findings(deck, Support.small())
        #expect(findings.contains { $0.kind == .widthLimit && $0.severity == .warning && $0.key == "paywall.cta.trial" })
        #expect(!findings.contains { $0.severity == .error })
    }

    @Test("a badge longer than its slot")
    func longBadge() {
        let deck = Support.deck { $0.set("paywall.badge.save", "en", "YOU SAVE AN INCREDIBLE %lld%% EVERY SINGLE YEAR") }
        let findings = Support.findings(deck, Support.small(offers: [.C]))
        #expect(findings.contains { $0.kind == .slotOverflow && $0.key == "paywall.badge.save" })
    }

    @Test("a missing zh-Hans translation")
    func missingTranslation() throws {
        let deck = Support.deck { $0.drop("paywall.title", "zh-Hans") }
        let findings = Support.findings(deck, Support.small(["zh-Hans"]))
        let missing = try #require(findings.first { $0.kind == .missingTranslation })
        #expect(missing.key == "paywall.title")
        #expect(missing.severity == .error)
        #expect(missing.text == "Unlock Nova Premium")
        #expect(missing.combination.locale == "zh-Hans")
        // English is untouched.
        #expect(Support.findings(deck, Support.small(["en"])).isEmpty)
    }

    @Test("a missing translation of a word composed into other copy (period names)")
    func composedMissing() {
        let deck = Support.deck { $0.drop("period.year", "ko") }
        let findings = Support.findings(deck, Support.small(["ko"]))
        #expect(findings.contains { $0.kind == .missingTranslation && $0.key == "period.year" && $0.screen == "composed" })
    }

    @Test("a needs_review unit")
    func needsReview() throws {
        let deck = Support.deck { $0.set("onboarding.1.title", "ko", "대화를 시작하세요", state: .needsReview) }
        let findings = Support.findings(deck, Support.small(["ko"]))
        let review = try #require(findings.first { $0.kind == .needsReview })
        #expect(review.key == "onboarding.1.title" && review.severity == .warning && review.screen == "onboarding")
        #expect(review.message.contains("needs_review"))
    }

    @Test("a mismatched format specifier")
    func specifierMismatch() throws {
        let deck = Support.deck { $0.set("paywall.plan.price", "zh-Hans", "%1$@ / %2$lld") }
        let findings = Support.findings(deck, Support.small(["zh-Hans"]))
        let mismatch = try #require(findings.first { $0.kind == .specifierMismatch })
        #expect(mismatch.key == "paywall.plan.price" && mismatch.severity == .error)
        // One defect, one finding: the period name that then does not fit %2$lld is that defect seen again.
        #expect(!findings.contains { $0.kind == .unresolvedPlaceholder && $0.key == "paywall.plan.price" })
    }

    @Test("a placeholder without an argument")
    func unresolvedPlaceholder() {
        let deck = Support.deck { $0.set("skipped.body", "en", "You can send %lld messages a day until %@.") }
        let findings = Support.findings(deck, Support.small())
        #expect(findings.contains { $0.kind == .unresolvedPlaceholder && $0.key == "skipped.body" && $0.screen == "skipped" })
    }

    @Test("a translation identical to the source, but not a name kept as is")
    func identical() {
        let deck = Support.deck { $0.set("paywall.restore", "ko", "Restore Purchases") }
        let findings = Support.findings(deck, Support.small(["ko"]))
        #expect(findings.contains { $0.kind == .identicalToSource && $0.key == "paywall.restore" && $0.severity == .warning })
        #expect(!findings.contains { $0.key == "app.name" || $0.key == "chat.assistant" })
    }

    @Test("a stripped key shows the key and is an error")
    func strippedKey() {
        let deck = Support.deck { $0["paywall.notNow"] = nil }
        let findings = Support.findings(deck, Support.small())
        #expect(findings.contains { $0.kind == .missingKey && $0.key == "paywall.notNow" && $0.severity == .error })
    }

    @Test("3.1.2: trial terms without the price or the date")
    func trialTermsWithoutPrice() throws {
        let deck = Support.deck { $0.set("paywall.trial.terms", "en", "Free for %1$@. Cancel anytime.") }
        let findings = Support.findings(deck, Support.small())
        let terms = try #require(findings.first { $0.kind == .trialTermsIncomplete })
        #expect(terms.severity == .error)
        #expect(terms.message.contains("$59.99") && terms.message.contains("June 4, 2026"))
        #expect(terms.state.contains("yearly_59_99"))
    }

    @Test("3.1.2: trial terms with the price but not how often it is charged, nor when")
    func trialTermsWithoutPeriod() throws {
        let deck = Support.deck { $0.set("paywall.trial.terms", "en", "Free for %1$@, then %2$@.") }
        let findings = Support.findings(deck, Support.small())
        let terms = try #require(findings.first { $0.kind == .trialTermsIncomplete })
        #expect(terms.message.contains("how often $59.99 is charged (per year)"), "\(terms.message)")
        #expect(terms.message.contains("June 4, 2026"))
        #expect(!terms.message.contains("the price charged after it"))
    }

    @Test("3.1.2: a price without its billing period")
    func priceWithoutPeriod() {
        let deck = Support.deck { $0.set("paywall.plan.price", "en", "%1$@") }
        let findings = Support.findings(deck, Support.small(offers: [.B]))
        #expect(findings.contains { $0.kind == .pricePeriodMissing && $0.message.contains("billing period") })
    }

    @Test("3.1.2: an equivalent as prominent as the price, a paywall without Restore or legal links")
    func paywallRulesOnDrawnTexts() throws {
        let states = ScreenStates().paywall(offer: .A, locale: "en")
        let state = try #require(states.first { $0.screen == "paywall" && $0.state.contains("yearly") })
        let deck = DefaultCopyDeck.load(locale: "en")
        let combination = SweepCombination(locale: "en", theme: "dark", size: TerminalSize(width: 80, height: 24), offer: .A)
        let dates = DateTexts()
        var screen = ScreenRenderer.render(state.context, theme: try #require(Theme.builtIn("dark")), deck: deck, size: combination.size)
        #expect(PaywallRules(screen: screen, state: state, combination: combination, deck: deck).findings(dates: dates).isEmpty)
        for index in screen.drawn.indices where screen.drawn[index].slot == .price {
            screen.drawn[index].bold = false
            screen.drawn[index].role = .priceSecondary
        }
        screen.drawn.removeAll { $0.slot == .restore || $0.slot == .privacy }
        let kinds = Set(PaywallRules(screen: screen, state: state, combination: combination, deck: deck).findings(dates: dates).map(\.kind))
        #expect(kinds == [.equivalentTooProminent, .restoreMissing, .legalLinksMissing])
    }
}
