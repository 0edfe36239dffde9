import Foundation
import PaywallCore
import StoreSim

/// StoreKit messages (`Message.messages`): the store's billing-issue, price-increase and win-back
/// messages reach the flow, and the user's answer reaches the store.
extension SimulatorSession {
    /// Hands the flow every StoreKit message the store has waiting. Called right after the store
    /// processed (`pump`) or ran an effect's operation, which folded in other processes' saves.
    func deliverStoreMessages() {
        for message in store.takeMessages(checkingDisk: false) {
            send(.storeMessageReceived(appMessage(message)))
        }
    }

    /// Takes down the messages whose reason went away before they were answered: a win-back offer
    /// once the group is active again (an offer code, family sharing, a purchase elsewhere), a
    /// billing issue once the subscription left grace and billing retry, a price-increase consent
    /// once it was answered or the subscription ended.
    func withdrawStaleMessages() {
        guard !model.storeMessages.isEmpty else { return }
        let unanswered = Set(store.unansweredPriceIncreaseMessages().map(\.groupID))
        for message in model.storeMessages {
            let state = store.subscriptionStatus(groupID: message.groupID)?.state
            let holds: Bool
            switch message.reason {
            case .winBackOffer: holds = state == nil || state == .expired || state == .revoked
            case .billingIssue: holds = state == .inBillingRetryPeriod || state == .inGracePeriod
            case .priceIncreaseConsent: holds = unanswered.contains(message.groupID)
            }
            if !holds { send(.storeMessageWithdrawn(message)) }
        }
    }

    /// At launch (the app comes to the foreground) the App Store shows an unanswered price-increase
    /// consent again: "Not now" postponed it, it did not decline.
    func deliverUnansweredPriceIncreases() {
        let waiting = Set(store.waitingMessages)
        for message in store.unansweredPriceIncreaseMessages() where !waiting.contains(message) {
            send(.storeMessageReceived(appMessage(message)))
        }
    }

    /// The message as the app shows it: product name and prices localized.
    func appMessage(_ message: StoreMessage) -> StoreKitMessage {
        let factory = PlanFactory(catalog: settings.catalog, locale: settings.locale, storefront: storefront)
        let product = settings.catalog.product(message.productID)
        let name = product?.displayName(for: factory.locale) ?? message.productID
        var price: String?
        if let text = message.price, let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
            price = factory.format(amount)
        }
        var terms: TrialTerms?
        if message.reason == .winBackOffer, let offer = product?.subscription?.winbackOffers.first(where: { $0.offerID == message.offerID }) {
            terms = TrialTerms(paymentMode: offer.paymentMode, period: offer.period, numberOfPeriods: offer.numberOfPeriods,
                               displayPrice: offer.paymentMode == .free ? nil : factory.format(offer.price(in: factory.storefront.code)))
        }
        return StoreKitMessage(reason: StoreKitMessage.Reason(rawValue: message.reason.rawValue) ?? .billingIssue,
                               groupID: message.groupID, productID: message.productID, productName: name,
                               displayPrice: price, offer: terms, offerID: message.offerID)
    }

    /// What accepting a message does in the store: update the payment method (the renewal goes
    /// through), agree to the price increase, take the win-back offer. "Not now" changes nothing:
    /// Apple's consent sheet has no decline, an unanswered increase ends the subscription at renewal.
    func answer(_ message: StoreKitMessage, accepted: Bool) {
        do {
            switch message.reason {
            case .billingIssue:
                if accepted { try store.setBillingIssue(false) }
            case .priceIncreaseConsent:
                if accepted { try store.respondToPriceIncrease(groupID: message.groupID, consent: true) }
            case .winBackOffer:
                if accepted, let offerID = message.offerID { try store.takeWinBackOffer(productID: message.productID, offerID: offerID) }
            }
        } catch {
            note("store message \(message.reason.rawValue): \(error)")
        }
    }
}
