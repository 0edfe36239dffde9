import Foundation

/// Buying: the sheet, the store's answer, the backend's verification, Ask to Buy and retry.
extension FlowStep {
    mutating func buy() {
        guard case .paywall = model.state, model.inFlight == nil, let offer = model.offer,
              let plan = model.selectedPlan else { return }
        if model.entitlement.isPremium {
            // Only a subscriber picking another subscription of the plans changes plan.
            guard let current = model.currentSubscriptionPlan, plan.id != current.id, plan.period != nil else {
                model.notice = .alreadyPremium
                return
            }
        }
        track(.paywallCTAClick(offer: offer.id, plan: plan.id))
        guard model.config.purchasesEnabled else {
            apply(.purchasesDisabled, plan: plan, offer: offer)
            return
        }
        go(.purchasing(plan: plan))
        model.purchasePhase = .awaitingConfirmation
        model.inFlight = .purchase
    }

    mutating func sheetCancelled() {
        guard case let .purchasing(plan) = model.state, model.purchasePhase == .awaitingConfirmation,
              let offer = model.offer else { return }
        apply(.cancelled, plan: plan, offer: offer)
    }

    mutating func sheetConfirmed() {
        guard case let .purchasing(plan) = model.state, model.purchasePhase == .awaitingConfirmation,
              let offer = model.offer else { return }
        model.purchasePhase = .processing
        emit(.purchase(productID: plan.id, offerID: offer.id.rawValue))
    }

    mutating func purchaseCompleted(_ result: StorePurchaseResult) {
        guard case let .purchasing(plan) = model.state, model.purchasePhase == .processing,
              let offer = model.offer else { return }
        apply(PurchaseOutcome.from(result), plan: plan, offer: offer)
    }

    /// Acts on the store's normalised answer for the purchase on screen.
    mutating func apply(_ outcome: PurchaseOutcome, plan: Plan, offer: Offer) {
        switch outcome {
        case let .success(transaction):
            if model.entitlement.isPremium, transaction.productID != plan.id {
                // A downgrade or crossgrade: the App Store keeps the current plan until the renewal.
                endPurchase(in: .chat)
                model.notice = .planChangesAtRenewal(planName: plan.displayName)
                track(.purchaseSuccess(offer: offer.id, plan: plan.id))
                return
            }
            model.purchasePhase = .verifying
            if let index = model.posted.firstIndex(where: { $0.transaction.id == transaction.id }) {
                // Already posted from the updates stream: its answer now belongs to this purchase.
                model.posted[index].isForeground = true
                model.posted[index].offerID = offer.id
                return
            }
            model.posted.append(PostedTransaction(transaction: transaction, offerID: offer.id, isForeground: true))
            emit(.postTransaction(transaction, offerID: offer.id.rawValue))
        case .cancelled:
            endPurchase(in: .paywall(offer: offer))
            track(.purchaseFail(offer: offer.id, plan: plan.id, reason: "user_cancelled"))
        case .pending:
            if model.entitlement.isPremium, model.entitlement.productID == plan.id {
                // Approved (by another process) before the store's "pending" reached the app:
                // the approval already unlocked it.
                endPurchase(in: .purchased(entitlement: model.entitlement))
                return
            }
            endPurchase(in: .paywall(offer: offer))
            model.notice = .pendingApproval(productID: plan.id)
            model.pendingProductID = plan.id
        case let .failed(reason):
            endPurchase()
            if reason == "verification_failed" {
                fail("error.verificationFailed", retry: .purchase(plan: plan))
            } else {
                fail("error.purchaseFailed", [reason], retry: .purchase(plan: plan))
            }
            track(.purchaseFail(offer: offer.id, plan: plan.id, reason: reason))
        case .purchasesDisabled:
            model.notice = .purchasesDisabled
            track(.purchaseFail(offer: offer.id, plan: plan.id, reason: "purchases_disabled"))
        case .entitlementInactive:
            endPurchase()
            fail(FlowMachine.entitlementInactiveMessage, retry: nil)
            track(.purchaseFail(offer: offer.id, plan: plan.id, reason: "entitlement_inactive"))
        }
    }

    /// Ends the purchase in flight and moves to `state` (nil: the caller moves, e.g. with `fail`).
    private mutating func endPurchase(in state: FlowState? = nil) {
        if let state { go(state) }
        model.purchasePhase = nil
        model.inFlight = nil
    }

    mutating func transactionVerified(_ verification: TransactionVerification) {
        guard !model.posted.isEmpty else { return }
        let posted = model.posted.removeFirst()
        if posted.isForeground, case let .purchasing(plan) = model.state, model.purchasePhase == .verifying,
           let offer = model.offer {
            verifiedForeground(verification, posted: posted, plan: plan, offer: offer)
        } else {
            verifiedBackground(verification, posted: posted)
        }
    }

    private mutating func verifiedForeground(_ verification: TransactionVerification, posted: PostedTransaction,
                                             plan: Plan, offer: Offer) {
        let transaction = posted.transaction
        switch PurchaseOutcome.from(verification, transaction: transaction) {
        case .success:
            guard case let .verified(entitlement) = verification else { return }
            unlock(entitlement, transactionID: transaction.id)
            model.pendingProductID = nil
            model.retryTarget = nil
            track(.purchaseSuccess(offer: offer.id, plan: plan.id))
            emit(.persist(.entitlement(entitlement)))
        case let .failed(reason):
            endPurchase()
            if case let .rejected(backendReason) = verification {
                fail("error.backendRejected", [backendReason], retry: .postTransaction(posted, plan: plan))
            } else {
                fail("error.backendUnavailable", retry: .postTransaction(posted, plan: plan))
            }
            track(.purchaseFail(offer: offer.id, plan: plan.id, reason: reason))
        default:
            apply(.entitlementInactive, plan: plan, offer: offer)
            model.retryTarget = .postTransaction(posted, plan: plan)
        }
    }

    /// A transaction from the updates stream: unlocks when premium, never moves a screen the user is not on.
    private mutating func verifiedBackground(_ verification: TransactionVerification, posted: PostedTransaction) {
        let transaction = posted.transaction
        if model.pendingProductID == transaction.productID { model.pendingProductID = nil }
        if case let .verified(entitlement) = verification, !entitlement.isPremium, posted.offerID == nil {
            // A renewal or redelivery the backend accepted that is already over (a clock jump
            // delivers several at once): nothing failed and nothing unlocks; it is done with.
            emit(.finishTransaction(id: transaction.id))
            return
        }
        guard case let .verified(entitlement) = verification, entitlement.isPremium else {
            let reason: String
            switch PurchaseOutcome.from(verification, transaction: transaction) {
            case let .failed(failure): reason = failure
            default: reason = "entitlement_inactive"
            }
            model.notice = .verificationFailed(reason: reason)
            if let offerID = posted.offerID {
                track(.purchaseFail(offer: offerID, plan: transaction.productID, reason: reason))
            }
            return
        }
        model.entitlement = entitlement
        emit(.finishTransaction(id: transaction.id))
        if let offerID = posted.offerID {
            track(.purchaseSuccess(offer: offerID, plan: transaction.productID))
        }
        emit(.persist(.entitlement(entitlement)))
        // A purchase that completes in the background (Ask to Buy approved, redelivered after a
        // relaunch) shows its result on any screen that leads to the paywall; chat stays put.
        if model.inFlight == nil, Self.leadsToPaywall(model.state) {
            go(.purchased(entitlement: entitlement))
        }
        finishStartupIfReady()
    }

    private mutating func unlock(_ entitlement: Entitlement, transactionID: String) {
        model.entitlement = entitlement
        endPurchase(in: .purchased(entitlement: entitlement))
        emit(.finishTransaction(id: transactionID))
    }

    mutating func transactionUpdated(_ transaction: SignedTransaction, verified: Bool) {
        guard !model.posted.contains(where: { $0.transaction.id == transaction.id }) else { return }
        let offerID = model.pendingProductID == transaction.productID ? model.offer?.id : nil
        guard verified else {
            if model.pendingProductID == transaction.productID { model.pendingProductID = nil }
            model.notice = .verificationFailed(reason: "verification_failed")
            if let offerID {
                track(.purchaseFail(offer: offerID, plan: transaction.productID, reason: "verification_failed"))
            }
            return
        }
        model.posted.append(PostedTransaction(transaction: transaction, offerID: offerID, isForeground: false))
        emit(.postTransaction(transaction, offerID: offerID?.rawValue ?? "update"))
    }

    mutating func retry() {
        guard case .error = model.state, let target = model.retryTarget else { return }
        model.retryTarget = nil
        switch target {
        case let .purchase(plan):
            go(.purchasing(plan: plan))
            model.purchasePhase = .awaitingConfirmation
            model.inFlight = .purchase
        case let .postTransaction(posted, plan):
            go(.purchasing(plan: plan))
            model.purchasePhase = .verifying
            model.inFlight = .purchase
            model.posted.append(posted)
            emit(.postTransaction(posted.transaction, offerID: posted.offerID?.rawValue ?? "update"))
        case .loadConfig:
            go(.configReady)
            emit(.loadConfig)
        case let .loadProducts(ids):
            go(.configReady)
            emit(.loadProducts(ids))
        }
    }

    /// The screens of the way to the paywall: onboarding, value preview, proof and the paywall itself.
    static func leadsToPaywall(_ state: FlowState) -> Bool {
        switch state {
        case .onboarding, .valuePreview, .proof, .paywall: return true
        // "Not active yet" waits for exactly this: the entitlement arriving (a fast time rate
        // renews before the first verification answers).
        case let .error(message) where message == FlowMachine.entitlementInactiveMessage: return true
        default: return false
        }
    }
}
