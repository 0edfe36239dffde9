import Foundation
import Testing
@testable import PaywallCore

@Suite struct FlowPurchaseTests {
    typealias F = Fixtures

    @Test func buyRaisesTheSheetAndTracksTheClick() {
        let (model, effects) = F.reduce(F.onPaywall(), .buy)
        var expected = F.onPaywall()
        expected.state = .purchasing(plan: F.yearly)
        expected.purchasePhase = .awaitingConfirmation
        expected.inFlight = .purchase
        #expect(model == expected)
        #expect(effects == [.track(.paywallCTAClick(offer: .A, plan: "yearly_59_99"))])
    }

    @Test func buyWithPurchasesDisabledStaysOnThePaywall() {
        var model = F.onPaywall()
        model.config.purchasesEnabled = false
        let (next, effects) = F.reduce(model, .buy)
        var expected = model
        expected.notice = .purchasesDisabled
        #expect(next == expected)
        #expect(effects == [.track(.paywallCTAClick(offer: .A, plan: "yearly_59_99")),
                            .track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "purchases_disabled"))])
    }

    @Test func buyWhenAlreadyPremiumShowsANotice() {
        var model = F.onPaywall()
        model.entitlement = F.premium
        var expected = model
        expected.notice = .alreadyPremium
        #expect(F.reduce(model, .buy) == (expected, []))
    }

    @Test func secondBuyOrRestoreWhileInFlightIsIgnored() {
        var restoring = F.onPaywall()
        restoring.inFlight = .restore
        #expect(F.reduce(restoring, .buy) == (restoring, []))
        #expect(F.reduce(restoring, .restore) == (restoring, []))
        let purchasing = F.processing()
        #expect(F.reduce(purchasing, .buy) == (purchasing, []))
        #expect(F.reduce(purchasing, .restore) == (purchasing, []))
    }

    @Test func sheetCancelledReturnsToThePaywallWithoutError() {
        let sheet = F.reduce(F.onPaywall(), .buy).0
        let (model, effects) = F.reduce(sheet, .sheetCancelled)
        #expect(model == F.onPaywall())
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "user_cancelled"))])
    }

    @Test func sheetConfirmedStartsTheStorePurchase() {
        let sheet = F.reduce(F.onPaywall(), .buy).0
        let (model, effects) = F.reduce(sheet, .sheetConfirmed)
        #expect(model == F.processing())
        #expect(effects == [.purchase(productID: "yearly_59_99", offerID: "A")])
    }

    @Test func verifiedSuccessIsPostedToTheBackendBeforeUnlocking() {
        let tx = F.transaction()
        let (model, effects) = F.reduce(F.processing(), .purchaseCompleted(.success(tx, verified: true)))
        #expect(model == F.verifying(tx))
        #expect(effects == [.postTransaction(tx, offerID: "A")])
    }

    @Test func unverifiedTransactionIsAFailureThatNeverUnlocks() {
        let (model, effects) = F.reduce(F.processing(), .purchaseCompleted(.success(F.transaction(), verified: false)))
        var expected = F.onPaywall()
        expected.state = .error(message: "error.verificationFailed")
        expected.retryTarget = .purchase(plan: F.yearly)
        #expect(model == expected)
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "verification_failed"))])
    }

    @Test func storeCancelReturnsToThePaywall() {
        let (model, effects) = F.reduce(F.processing(), .purchaseCompleted(.userCancelled))
        #expect(model == F.onPaywall())
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "user_cancelled"))])
    }

    @Test func pendingShowsWaitingForApproval() {
        let (model, effects) = F.reduce(F.processing(), .purchaseCompleted(.pending))
        var expected = F.onPaywall()
        expected.notice = .pendingApproval(productID: "yearly_59_99")
        expected.pendingProductID = "yearly_59_99"
        #expect(model == expected)
        #expect(effects.isEmpty)
    }

    @Test func storeFailureShowsAnErrorAndRetryRaisesTheSheetAgain() {
        let (failed, effects) = F.reduce(F.processing(), .purchaseCompleted(.failed(error: "networkError")))
        var expected = F.onPaywall()
        expected.state = .error(message: "error.purchaseFailed")
        expected.errorArguments = ["networkError"]
        expected.retryTarget = .purchase(plan: F.yearly)
        #expect(failed == expected)
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "networkError"))])

        let (retried, retryEffects) = F.reduce(failed, .retry)
        var sheet = F.onPaywall()
        sheet.state = .purchasing(plan: F.yearly)
        sheet.purchasePhase = .awaitingConfirmation
        sheet.inFlight = .purchase
        #expect(retried == sheet)
        #expect(retryEffects.isEmpty)
    }

    @Test func premiumVerificationUnlocksFinishesAndPersists() {
        let (model, effects) = F.reduce(F.verifying(), .transactionVerified(.verified(F.premium)))
        var expected = F.onPaywall()
        expected.state = .purchased(entitlement: F.premium)
        expected.entitlement = F.premium
        #expect(model == expected)
        #expect(effects == [.finishTransaction(id: "1000"),
                            .track(.purchaseSuccess(offer: .A, plan: "yearly_59_99")),
                            .persist(.entitlement(F.premium))])

        let (chat, chatEffects) = F.reduce(model, .next)
        expected.state = .chat
        #expect(chat == expected)
        #expect(chatEffects.isEmpty)
    }

    @Test func inactiveEntitlementIsNotActiveYetAndRetryRepostsIt() {
        let inactive = Entitlement(isPremium: false, source: .purchase, verifiedAt: F.now)
        let (failed, effects) = F.reduce(F.verifying(), .transactionVerified(.verified(inactive)))
        var expected = F.onPaywall()
        expected.state = .error(message: "error.entitlementInactive")
        let posted = PostedTransaction(transaction: F.transaction(), offerID: .A, isForeground: true)
        expected.retryTarget = .postTransaction(posted, plan: F.yearly)
        #expect(failed == expected)
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "entitlement_inactive"))])

        let (retried, retryEffects) = F.reduce(failed, .retry)
        #expect(retried == F.verifying())
        #expect(retryEffects == [.postTransaction(F.transaction(), offerID: "A")])
    }

    @Test(arguments: [
        (TransactionVerification.rejected(reason: "bad signature"), "error.backendRejected", ["bad signature"], "backend_rejected"),
        (.unavailable(reason: "timeout"), "error.backendUnavailable", [], "backend_unavailable"),
    ])
    func backendFailureShowsAnErrorWithRetry(verification: TransactionVerification, key: String, arguments: [String],
                                             reason: String) {
        let (failed, effects) = F.reduce(F.verifying(), .transactionVerified(verification))
        var expected = F.onPaywall()
        expected.state = .error(message: key)
        expected.errorArguments = arguments
        let posted = PostedTransaction(transaction: F.transaction(), offerID: .A, isForeground: true)
        expected.retryTarget = .postTransaction(posted, plan: F.yearly)
        #expect(failed == expected)
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: reason))])
    }

    /// A model waiting for Ask to Buy approval of the yearly plan.
    func pending() -> FlowModel { F.reduce(F.processing(), .purchaseCompleted(.pending)).0 }

    @Test func askToBuyApprovalArrivesAsAnUpdateAndUnlocksAfterVerification() {
        let tx = F.transaction("2000")
        let (posted, postEffects) = F.reduce(pending(), .transactionUpdated(tx, verified: true))
        var expected = pending()
        expected.posted = [PostedTransaction(transaction: tx, offerID: .A, isForeground: false)]
        #expect(posted == expected)
        #expect(postEffects == [.postTransaction(tx, offerID: "A")])

        let (unlocked, effects) = F.reduce(posted, .transactionVerified(.verified(F.premium)))
        var final = F.onPaywall()
        final.entitlement = F.premium
        final.state = .purchased(entitlement: F.premium)
        #expect(unlocked == final)
        #expect(effects == [.finishTransaction(id: "2000"), .track(.purchaseSuccess(offer: .A, plan: "yearly_59_99")),
                            .persist(.entitlement(F.premium))])
    }

    /// Another process approved the request before the store's "pending" answer reached the app:
    /// the approval unlocked it, so "pending" must not put the paywall's waiting notice back.
    @Test func anApprovalThatOvertakesThePendingAnswerStaysUnlocked() {
        let tx = F.transaction("2000")
        let (posted, _) = F.reduce(F.processing(), .transactionUpdated(tx, verified: true))
        let (verified, _) = F.reduce(posted, .transactionVerified(.verified(F.premium)))
        #expect(verified.entitlement == F.premium)
        let (model, effects) = F.reduce(verified, .purchaseCompleted(.pending))
        #expect(model.state == .purchased(entitlement: F.premium))
        #expect(model.notice == nil && model.pendingProductID == nil && model.inFlight == nil)
        #expect(effects.isEmpty)
    }

    @Test func unverifiedUpdateNeverUnlocks() {
        let (model, effects) = F.reduce(pending(), .transactionUpdated(F.transaction("2000"), verified: false))
        var expected = F.onPaywall()
        expected.notice = .verificationFailed(reason: "verification_failed")
        #expect(model == expected)
        #expect(effects == [.track(.purchaseFail(offer: .A, plan: "yearly_59_99", reason: "verification_failed"))])
    }

    @Test func redeliveredTransactionInChatUnlocksWithoutMovingScreens() {
        let tx = F.transaction("3000", product: "weekly_9_99")
        let (posted, postEffects) = F.reduce(F.ready(.chat), .transactionUpdated(tx, verified: true))
        var expected = F.ready(.chat)
        expected.posted = [PostedTransaction(transaction: tx, offerID: nil, isForeground: false)]
        #expect(posted == expected)
        #expect(postEffects == [.postTransaction(tx, offerID: "update")])
        #expect(F.reduce(posted, .transactionUpdated(tx, verified: true)) == (posted, []))

        let (model, effects) = F.reduce(posted, .transactionVerified(.verified(F.premium)))
        var final = F.ready(.chat)
        final.entitlement = F.premium
        #expect(model == final)
        #expect(effects == [.finishTransaction(id: "3000"), .persist(.entitlement(F.premium))])
    }

    @Test func redeliveredTransactionDuringOnboardingShowsThePurchase() {
        let tx = F.transaction("3000", product: "yearly_59_99")
        let posted = F.reduce(F.ready(.onboarding), .transactionUpdated(tx, verified: true)).0
        let (model, effects) = F.reduce(posted, .transactionVerified(.verified(F.premium)))
        #expect(model.state == .purchased(entitlement: F.premium), "a relaunch mid-purchase ends on the purchase, not on page 1")
        #expect(model.entitlement == F.premium)
        #expect(model.posted.isEmpty)
        #expect(effects == [.finishTransaction(id: "3000"), .persist(.entitlement(F.premium))])
    }

    @Test func rejectedBackgroundUpdateShowsANoticeOnly() {
        let tx = F.transaction("3000")
        let posted = F.reduce(F.ready(.chat), .transactionUpdated(tx, verified: true)).0
        let (model, effects) = F.reduce(posted, .transactionVerified(.rejected(reason: "revoked")))
        var expected = F.ready(.chat)
        expected.notice = .verificationFailed(reason: "backend_rejected")
        #expect(model == expected)
        #expect(effects.isEmpty)
    }

    @Test func anOutdatedRenewalVerifiedInTheBackgroundIsFinishedWithoutANotice() {
        let tx = F.transaction("3000", product: "weekly_9_99")
        let posted = F.reduce(F.ready(.chat), .transactionUpdated(tx, verified: true)).0
        let (model, effects) = F.reduce(posted, .transactionVerified(.verified(.free)))
        #expect(model == F.ready(.chat), "no notice: the backend accepted it, it has simply expired")
        #expect(effects == [.finishTransaction(id: "3000")])
    }

    @Test func purchaseOutcomeMapsEveryStoreResultOnce() {
        let tx = F.transaction()
        #expect(PurchaseOutcome.from(.success(tx, verified: true)) == .success(tx))
        #expect(PurchaseOutcome.from(.success(tx, verified: false)) == .failed(reason: "verification_failed"))
        #expect(PurchaseOutcome.from(.userCancelled) == .cancelled)
        #expect(PurchaseOutcome.from(.pending) == .pending)
        #expect(PurchaseOutcome.from(.failed(error: "networkError")) == .failed(reason: "networkError"))
        #expect(PurchaseOutcome.from(.verified(F.premium), transaction: tx) == .success(tx))
        #expect(PurchaseOutcome.from(.verified(.free), transaction: tx) == .entitlementInactive)
        #expect(PurchaseOutcome.from(.rejected(reason: "x"), transaction: tx) == .failed(reason: "backend_rejected"))
        #expect(PurchaseOutcome.from(.unavailable(reason: "x"), transaction: tx) == .failed(reason: "backend_unavailable"))
    }
}
