import BuiltInCopy
import CopyDeck
import Foundation
import TestSupport
import PaywallCore
@testable import PaywallScreens
@testable import TerminalKit

/// Models, contexts and the screen catalogue the screen tests render.
enum ScreenFixtures {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = FixedDates.screens
    static let locales = ["en", "zh-Hans", "ko"]
    static let sizes = [TerminalSize(width: 80, height: 24), ScreenRenderer.minimumSize]
    static let theme = Theme.builtIn("dark")!
    static let deck = DefaultCopyDeck.load()

    static let weekly = TestPlans.weekly
    static let monthly = TestPlans.monthly
    static let yearly = TestPlans.yearly

    static func offer(_ id: OfferID) -> Offer {
        switch id {
        case .A: return Offer(id: .A, layoutVariant: .list, plans: [weekly, yearly], defaultPlanID: yearly.id,
                              personalPromiseKey: "paywall.promise.default")
        case .B: return Offer(id: .B, layoutVariant: .cards, plans: [weekly, monthly], defaultPlanID: monthly.id,
                              personalPromiseKey: "paywall.promise.noTrial")
        case .C: return Offer(id: .C, layoutVariant: .focus, plans: [yearly, monthly], defaultPlanID: yearly.id,
                              personalPromiseKey: "paywall.promise.discount")
        }
    }

    /// A free user after startup on `state`.
    static func model(_ state: FlowState) -> FlowModel {
        var model = FlowModel()
        model.plans = [weekly, monthly, yearly]
        model.state = state
        return model
    }

    static func paywallModel(_ id: OfferID) -> FlowModel {
        let offer = offer(id)
        var model = model(.paywall(offer: offer))
        model.offer = offer
        model.selectedPlanID = offer.defaultPlanID
        model.paywallReason = .flow
        return model
    }

    static func context(_ model: FlowModel, locale: String, overlay: Overlay = .none, input: String = "",
                        askToBuy: Bool = false) -> ScreenContext {
        ScreenContext(model: model, now: now, timeZone: utc, locale: locale, overlay: overlay, input: input,
                      sheet: SheetInfo(account: "mia@example.com", environment: "Sandbox", askToBuy: askToBuy),
                      debug: DebugInfo(storeLines: ["products: 3 loaded", "transactions: none unfinished"],
                                       events: ["20:26:40 paywall_view offer_id=A reason=flow",
                                                "20:26:41 paywall_plan_selected product=yearly_59_99"]))
    }

    /// One screen state to render: a name, whether it depends on the offer, and how to build it.
    struct Case: Sendable {
        var name: String
        var perOffer: Bool
        var build: @Sendable (OfferID, String) -> ScreenContext
    }

    static let cases: [Case] = [
        Case(name: "loading", perOffer: false) { _, l in context(model(.configReady), locale: l) },
        Case(name: "onboarding1", perOffer: false) { _, l in context(model(.onboarding), locale: l) },
        Case(name: "onboarding2", perOffer: false) { _, l in var m = model(.onboarding); m.onboardingPage = 1; return context(m, locale: l) },
        Case(name: "onboarding3", perOffer: false) { _, l in var m = model(.onboarding); m.onboardingPage = 2; return context(m, locale: l) },
        Case(name: "value", perOffer: false) { _, l in context(model(.valuePreview), locale: l) },
        Case(name: "proof", perOffer: false) { _, l in context(model(.proof), locale: l) },
        Case(name: "paywall", perOffer: true) { o, l in context(paywallModel(o), locale: l) },
        Case(name: "paywallOther", perOffer: true) { o, l in
            var m = paywallModel(o); m.selectedPlanID = offer(o).plans.first { $0.id != offer(o).defaultPlanID }?.id
            return context(m, locale: l)
        },
        Case(name: "paywallLimit", perOffer: true) { o, l in
            var m = paywallModel(o)
            var shown = offer(o); shown.personalPromiseKey = "paywall.promise.limit"
            m.state = .paywall(offer: shown); m.offer = shown; m.paywallReason = .messageLimit
            return context(m, locale: l)
        },
        Case(name: "paywallPending", perOffer: true) { o, l in
            var m = paywallModel(o); m.notice = .pendingApproval(productID: offer(o).defaultPlanID); return context(m, locale: l)
        },
        Case(name: "sheet", perOffer: true) { o, l in sheetContext(o, locale: l, askToBuy: false) },
        Case(name: "sheetAskToBuy", perOffer: true) { o, l in sheetContext(o, locale: l, askToBuy: true) },
        Case(name: "purchasing", perOffer: false) { _, l in
            var m = paywallModel(.A); m.state = .purchasing(plan: yearly); m.purchasePhase = .processing; return context(m, locale: l)
        },
        Case(name: "verifying", perOffer: false) { _, l in
            var m = paywallModel(.A); m.state = .purchasing(plan: yearly); m.purchasePhase = .verifying; return context(m, locale: l)
        },
        Case(name: "purchased", perOffer: false) { _, l in
            let e = premium(); var m = model(.purchased(entitlement: e)); m.entitlement = e; return context(m, locale: l)
        },
        Case(name: "restored", perOffer: false) { _, l in
            var e = premium(); e.source = .restore
            var m = model(.purchased(entitlement: e)); m.entitlement = e; m.notice = .restored; return context(m, locale: l)
        },
        Case(name: "skipped", perOffer: false) { _, l in context(model(.skipped), locale: l) },
        Case(name: "error", perOffer: false) { _, l in
            var m = model(.error(message: "error.purchaseFailed")); m.errorArguments = ["networkError"]; return context(m, locale: l)
        },
        Case(name: "chat", perOffer: false) { _, l in context(chatModel(used: 3), locale: l, input: "Plan a trip") },
        Case(name: "chatLimit", perOffer: false) { _, l in
            var m = chatModel(used: 10); m.notice = .limitReached(limit: 10); return context(m, locale: l)
        },
        Case(name: "chatPremium", perOffer: false) { _, l in var m = chatModel(used: 0); m.entitlement = premium(); return context(m, locale: l) },
        Case(name: "help", perOffer: false) { _, l in context(paywallModel(.A), locale: l, overlay: .help) },
        Case(name: "debug", perOffer: false) { _, l in context(paywallModel(.A), locale: l, overlay: .debug) },
    ]

    static func sheetContext(_ o: OfferID, locale: String, askToBuy: Bool) -> ScreenContext {
        var m = paywallModel(o)
        m.state = .purchasing(plan: m.selectedPlan ?? yearly)
        m.purchasePhase = .awaitingConfirmation
        return context(m, locale: locale, askToBuy: askToBuy)
    }

    static func premium() -> Entitlement {
        Entitlement(isPremium: true, productID: yearly.id, expiresAt: now.addingTimeInterval(365 * 86_400), source: .purchase, verifiedAt: now)
    }

    static func chatModel(used: Int) -> FlowModel {
        var m = model(.chat)
        m.quota = MessageQuota(day: MessageQuota.dayKey(for: now, in: utc), used: used)
        let questions = ["What should I see in Kyoto?", "And where should I eat?", "Thanks!"]
        for (index, question) in questions.prefix(max(1, min(3, used))).enumerated() {
            m.transcript.append(ChatMessage(author: .user, text: question))
            m.transcript.append(ChatMessage(author: .assistant, text: "chat.reply.\(index + 1)"))
        }
        return m
    }

    /// Every (case, offer) pair to render: offer-free cases once, with offer "any".
    static var variants: [(Case, OfferID, String)] {
        cases.flatMap { c in c.perOffer ? OfferID.allCases.map { (c, $0, $0.rawValue) } : [(c, OfferID.A, "any")] }
    }

    static func render(_ c: Case, offer: OfferID, locale: String, size: TerminalSize) -> RenderedScreen {
        ScreenRenderer.render(c.build(offer, locale), theme: theme, deck: deck.with(locale: locale), size: size)
    }
}
