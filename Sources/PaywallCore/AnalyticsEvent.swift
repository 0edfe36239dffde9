import Foundation

/// A typed analytics event, named as in the seeds (`paywall_view`, `purchase_fail`, …).
public enum AnalyticsEvent: Hashable, Sendable {
    case paywallView(offer: OfferID, reason: String)
    case paywallPlanSelected(offer: OfferID, plan: String)
    case paywallCTAClick(offer: OfferID, plan: String)
    case purchaseSuccess(offer: OfferID, plan: String)
    case purchaseFail(offer: OfferID, plan: String, reason: String)
    case restoreSuccess
    case restoreFail(reason: String)
    case paywallNotNow
    case onboardingStep(step: Int, screen: String)
    case messageSent(countToday: Int)
    case messageLimitReached(limit: Int)
    /// A StoreKit message shown, accepted or declined.
    case storeMessage(reason: String, productID: String, answer: String)

    /// The event's wire name.
    public var name: String {
        switch self {
        case .paywallView: return "paywall_view"
        case .paywallPlanSelected: return "paywall_plan_selected"
        case .paywallCTAClick: return "paywall_cta_click"
        case .purchaseSuccess: return "purchase_success"
        case .purchaseFail: return "purchase_fail"
        case .restoreSuccess: return "restore_success"
        case .restoreFail: return "restore_fail"
        case .paywallNotNow: return "paywall_not_now"
        case .onboardingStep: return "onboarding_step"
        case .messageSent: return "message_sent"
        case .messageLimitReached: return "message_limit_reached"
        case .storeMessage: return "store_message"
        }
    }

    /// The event's properties, as strings, for JSON Lines export.
    public var properties: [String: String] {
        switch self {
        case let .paywallView(offer, reason): return ["offer_id": offer.rawValue, "reason": reason]
        case let .paywallPlanSelected(offer, plan), let .paywallCTAClick(offer, plan), let .purchaseSuccess(offer, plan):
            return ["offer_id": offer.rawValue, "plan_id": plan]
        case let .purchaseFail(offer, plan, reason):
            return ["offer_id": offer.rawValue, "plan_id": plan, "reason": reason]
        case .restoreSuccess, .paywallNotNow: return [:]
        case let .restoreFail(reason): return ["reason": reason]
        case let .onboardingStep(step, screen): return ["step": String(step), "screen": screen]
        case let .messageSent(count): return ["count_today": String(count)]
        case let .messageLimitReached(limit): return ["limit": String(limit)]
        case let .storeMessage(reason, product, answer): return ["reason": reason, "product_id": product, "answer": answer]
        }
    }
}
