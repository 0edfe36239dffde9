import Foundation
import TestSupport
@testable import PaywallCore

/// Shared test values: a plan catalog matching the embedded config, a context, helpers.
enum Fixtures {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = FixedDates.screens
    static let context = FlowContext(now: now, timeZone: utc)

    static let weekly = TestPlans.weekly
    static let yearly = TestPlans.yearly
    static let monthly = TestPlans.monthly
    static let yearlyDiscount = TestPlans.yearlyDiscount
    /// The store's embedded catalog (yearlyDiscount is a plan no offer names).
    static let catalog = [weekly, monthly, yearly]

    static let offerA = Offer(id: .A, layoutVariant: .list, plans: [weekly, yearly], defaultPlanID: "yearly_59_99",
                              personalPromiseKey: "paywall.promise.default")

    static let premium = Entitlement(isPremium: true, productID: "yearly_59_99",
                                     expiresAt: now.addingTimeInterval(365 * 86_400), source: .purchase, verifiedAt: now)

    static func transaction(_ id: String = "1000", product: String = "yearly_59_99") -> SignedTransaction {
        SignedTransaction(id: id, originalID: id, productID: product, purchaseDate: now, jws: "header.payload.sig")
    }

    static func reduce(_ model: FlowModel, _ event: FlowEvent, context: FlowContext = context) -> (FlowModel, [FlowEffect]) {
        FlowMachine.reduce(model, event, context: context)
    }

    /// A model that finished startup as a free user and sits on `state`.
    static func ready(_ state: FlowState = .onboarding) -> FlowModel {
        var model = FlowModel()
        model.plans = catalog
        model.state = state
        return model
    }

    /// A free user on offer A's paywall (opened from the flow), yearly selected.
    static func onPaywall(reason: PaywallReason = .flow) -> FlowModel {
        var model = ready(.paywall(offer: offerA))
        model.offer = offerA
        model.selectedPlanID = "yearly_59_99"
        model.paywallReason = reason
        model.offerReason = defaultOfferReason
        model.paywallViews.record(at: now)
        return model
    }

    /// The debug overlay's reason for offer A on a first paywall with no views before it.
    static let defaultOfferReason = "offer A: default (no rule matched; 0 paywall views in 7 days); kept for this session"

    /// A free user who confirmed the sheet for the yearly plan (store processing).
    static func processing() -> FlowModel {
        var model = onPaywall()
        model.state = .purchasing(plan: yearly)
        model.purchasePhase = .processing
        model.inFlight = .purchase
        return model
    }

    /// A free user whose yearly transaction is posted to the backend.
    static func verifying(_ tx: SignedTransaction = transaction()) -> FlowModel {
        var model = processing()
        model.purchasePhase = .verifying
        model.posted = [PostedTransaction(transaction: tx, offerID: .A, isForeground: true)]
        return model
    }
}
