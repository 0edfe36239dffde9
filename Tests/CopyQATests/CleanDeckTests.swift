import CopyDeck
import Foundation
import PaywallCore
import Testing
import PaywallScreens
import TerminalKit
@testable import CopyQA

@Suite("The shipped deck and the screen states")
struct CleanDeckTests {
    @Test("the full default sweep of the shipped deck reports nothing")
    func shippedDeckIsClean() {
        let report = CopyCheck.run(CopySweep(), matrix: SweepMatrix())
        #expect(report.combinations == 81)
        #expect(report.screensRendered > 1000)
        #expect(report.findings.isEmpty, "\(report.text())")
        #expect(report.text().contains("0 error(s), 0 warning(s)"))
    }

    @Test("every kind of screen state is enumerated")
    func statesCoverTheFlow() {
        let states = ScreenStates()
        let common = states.common(locale: "en")
        let screens = Set(common.map(\.screen))
        for screen in ["onboarding", "valuePreview", "proof", "purchased", "skipped", "error", "chat", "help", "debug"] {
            #expect(screens.contains(screen), "missing \(screen)")
        }
        #expect(common.filter { $0.screen == "onboarding" }.count == RemoteConfig.default.onboardingPages.count)
        let errorKeys = Set(common.filter { $0.screen == "error" }.map(\.state))
        #expect(errorKeys == Set(ScreenStates.errors.map(\.0)))
        #expect(errorKeys.contains("error.backendRejected"))
        let chat = common.filter { $0.screen == "chat" }
        #expect(chat.contains { $0.context.model.notice?.key == "chat.limitReached" })
        #expect(chat.contains { $0.state == "1 left" && $0.context.model.messagesLeft(in: $0.context.flowContext) == 1 })
        #expect(common.contains { $0.context.overlay == .help } && common.contains { $0.context.overlay == .debug })
        for offer in OfferID.allCases {
            let paywall = states.paywall(offer: offer, locale: "ko")
            let plans = paywall.first?.context.model.offer?.plans ?? []
            #expect(plans.count >= 2)
            #expect(paywall.filter { $0.screen == "paywall" && $0.state.contains("plan ") }.count == plans.count)
            #expect(paywall.contains { $0.context.model.paywallReason == .messageLimit })
            #expect(paywall.contains { $0.context.model.notice?.key == "notice.purchasesDisabled" && !$0.context.model.config.purchasesEnabled })
            #expect(paywall.contains { $0.context.model.notice?.key == "notice.pendingApproval" })
            #expect(paywall.contains { $0.screen == "sheet" && $0.context.sheet.askToBuy })
            #expect(paywall.contains { $0.screen == "sheet" && !$0.context.sheet.askToBuy })
            #expect(paywall.contains { $0.context.model.purchasePhase == .verifying })
            #expect(paywall.contains { $0.context.model.purchasePhase == .processing })
        }
    }

    @Test("plans are priced in the locale's storefront")
    func pricesFollowTheLocale() {
        let ko = ScreenStates().paywall(offer: .A, locale: "ko").first?.context.model.offer?.plans ?? []
        #expect(ko.contains { $0.displayPrice.contains("₩") })
        let en = ScreenStates().paywall(offer: .A, locale: "en").first?.context.model.offer?.plans ?? []
        #expect(en.contains { $0.displayPrice.hasPrefix("$") })
    }

    @Test("the paywall opened by the limit shows the limit promise")
    func limitPromise() {
        var seen = false
        CopySweep().render(Support.small().combinations) { _, state, screen in
            guard state.state.contains("opened by the limit") else { return }
            seen = true
            #expect(screen.drawn.contains { $0.key == "paywall.promise.limit" })
        }
        #expect(seen)
    }
}
