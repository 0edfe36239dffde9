import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// Offer codes, win-back offers, price increases, Family Sharing, RenewalInfo, AppTransaction, the
/// nine simulated-error APIs and the Transaction Manager's buy options, on the embedded catalog.
@Suite("StoreKit fidelity: offers, price increases, family, renewal info, app transaction, errors")
struct StoreKitFidelityTests {
    let day: TimeInterval = 86_400

    func embeddedStore(_ settings: StoreSettings = StoreSettings()) throws -> (SimulatedStore, ManualClock) {
        var catalog = StoreCatalog.embedded
        catalog.settings = settings
        let clock = ManualClock(Fixture.start)
        return (try SimulatedStore(catalog: catalog, stateDirectory: Fixture.tempDirectory(), clock: clock, seed: 7), clock)
    }

    @Test func anOfferCodeFollowsItsEligibilityAndIsOfferTypeThree() throws {
        let (store, clock) = try embeddedStore()
        let redeemed = try #require(try store.redeemOfferCode("FRIENDS1M"))
        let payload = try #require(store.payload(transactionID: redeemed.id))
        #expect(payload.offerType == 3 && payload.offerIdentifier == "FRIENDS1M" && payload.offerDiscountType == "FREE_TRIAL")
        #expect(payload.price == 0 && payload.productId == "monthly_14_99")
        #expect(store.takeUpdates().map(\.reason) == [.offerCode])
        // FRIENDS1M is for new and expired subscribers only.
        #expect(throws: StoreControlError.self) { try store.redeemOfferCode("FRIENDS1M") }
        try store.expireSubscription(groupID: "premium")
        clock.advance(by: day)
        #expect(try store.redeemOfferCode("FRIENDS1M") != nil)
        #expect(throws: StoreControlError.self) { try store.redeemOfferCode("NO_SUCH_CODE") }
    }

    @Test func theOfferCodeSheetFailsWithItsSimulatedErrorButACodeRedeemedOutsideDoesNot() throws {
        let (store, _) = try embeddedStore(StoreSettings(forcedErrors: ["Offer Code Redeem Sheet": "networkError"]))
        #expect(throws: StoreKitFailure("networkError")) { try store.redeemOfferCode("FRIENDS1M") }
        #expect(try store.redeemOfferCode("FRIENDS1M", fromSheet: false) != nil)
    }

    @Test func aLapsedSubscriberGetsTheWinBackMessageAndTheOfferBillsItsPriceThenTheFullOne() throws {
        let (store, clock) = try embeddedStore()
        _ = store.purchase(productID: "monthly_14_99")
        #expect(throws: StoreControlError.self) { try store.takeWinBackOffer(productID: "monthly_14_99", offerID: "monthly_winback_3m") }
        try store.expireSubscription(groupID: "premium")
        try store.process(now: clock.now())
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.renewalInfo.eligibleWinBackOfferIds == ["monthly_winback_3m"])
        #expect(status.renewalInfo.expirationIntent == 1)
        let messages = store.takeMessages()
        #expect(messages == [StoreMessage(reason: .winBackOffer, groupID: "premium", productID: "monthly_14_99", price: "7.49", offerID: "monthly_winback_3m")])
        #expect(store.takeMessages().isEmpty) // once
        _ = store.takeUpdates()
        let won = try store.takeWinBackOffer(productID: "monthly_14_99", offerID: "monthly_winback_3m")
        let payload = try #require(store.payload(transactionID: won.id))
        #expect(payload.offerType == 4 && payload.offerIdentifier == "monthly_winback_3m" && payload.price == 7490)
        clock.advance(by: 95 * day)
        try store.process(now: clock.now())
        let prices = store.takeUpdates().filter { $0.reason == .renewal }.compactMap { $0.transaction.flatMap { store.payload(transactionID: $0.id)?.price } }
        #expect(prices == [7490, 7490, 14990])
    }

    @Test func aPriceIncreaseNeedingConsentAgreedRenewsAtTheNewPrice() throws {
        let (store, clock) = try embeddedStore()
        _ = store.purchase(productID: "monthly_14_99")
        _ = try store.schedulePriceIncrease(productID: "monthly_14_99", newPrice: Decimal(string: "16.99")!, needsConsent: true)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.priceIncreaseStatus == 0)
        #expect(store.takeMessages().map(\.reason) == [.priceIncreaseConsent])
        try store.respondToPriceIncrease(groupID: "premium", consent: true)
        let info = try #require(store.subscriptionStatus(groupID: "premium")?.renewalInfo)
        #expect(info.priceIncreaseStatus == 1 && info.renewalPrice == 16990)
        clock.advance(by: 32 * day)
        try store.process(now: clock.now())
        let renewal = try #require(store.takeUpdates().first { $0.reason == .renewal }?.transaction)
        #expect(store.payload(transactionID: renewal.id)?.price == 16990)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.priceIncreaseStatus == nil)
    }

    @Test(arguments: [false, true])
    func aPriceIncreaseDeclinedOrUnansweredEndsTheSubscriptionWithReasonThree(answered: Bool) throws {
        let (store, clock) = try embeddedStore()
        _ = store.purchase(productID: "monthly_14_99")
        _ = try store.schedulePriceIncrease(productID: "monthly_14_99", newPrice: 16.99, needsConsent: true)
        if answered { try store.respondToPriceIncrease(groupID: "premium", consent: false) }
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
        clock.advance(by: 32 * day)
        try store.process(now: clock.now())
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationIntent == 3)
        #expect(status.renewalInfo.expirationReasonName == "didNotConsentToPriceIncrease")
    }

    @Test func anUnansweredPriceIncreaseIsAskedAgainAndAnAnsweredOneIsNot() throws {
        let (store, _) = try embeddedStore()
        _ = store.purchase(productID: "monthly_14_99")
        _ = try store.schedulePriceIncrease(productID: "monthly_14_99", newPrice: 16.99, needsConsent: true)
        _ = store.takeMessages()
        #expect(store.unansweredPriceIncreaseMessages().map(\.productID) == ["monthly_14_99"], "Not now leaves it unanswered")
        try store.respondToPriceIncrease(groupID: "premium", consent: true)
        #expect(store.unansweredPriceIncreaseMessages().isEmpty)
    }

    @Test func aFamilyMemberIsNeverAskedToConsentToAPriceIncrease() throws {
        let (store, _) = try embeddedStore()
        _ = try store.familyShare(productID: "yearly_59_99")
        _ = store.takeMessages()
        _ = try store.schedulePriceIncrease(productID: "yearly_59_99", newPrice: 69.99, needsConsent: true)
        #expect(store.takeMessages().isEmpty, "the consent goes to the subscriber who bought the subscription")
        #expect(store.unansweredPriceIncreaseMessages().isEmpty)
    }

    @Test func aPriceIncreaseWithoutConsentSendsNoMessageAndRenewsAtTheNewPrice() throws {
        let (store, clock) = try embeddedStore()
        _ = store.purchase(productID: "monthly_14_99")
        _ = try store.schedulePriceIncrease(productID: "monthly_14_99", newPrice: 16.99, needsConsent: false)
        #expect(store.takeMessages().isEmpty)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.priceIncreaseStatus == 1)
        clock.advance(by: 32 * day)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
    }

    @Test func familySharingGivesAFamilySharedTransactionThatRenewsSoAndIsRevoked() throws {
        let (store, clock) = try embeddedStore()
        #expect(throws: StoreControlError.self) { try store.familyShare(productID: "weekly_9_99") }
        let shared = try store.familyShare(productID: "yearly_59_99")
        #expect(store.payload(transactionID: shared.id)?.inAppOwnershipType == "FAMILY_SHARED")
        #expect(store.currentEntitlements().map(\.id) == [shared.id])
        clock.advance(by: 370 * day)
        try store.process(now: clock.now())
        let renewal = try #require(store.takeUpdates().last { $0.reason == .renewal }?.transaction)
        #expect(store.payload(transactionID: renewal.id)?.inAppOwnershipType == "FAMILY_SHARED")
        let revoked = try store.revokeFamilyShare(productID: "yearly_59_99")
        #expect(store.payload(transactionID: revoked.id)?.revocationDate != nil)
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .revoked)
        #expect(store.currentEntitlements().isEmpty)
    }

    @Test func renewalInfoIsCompleteAndSignedLikeTransactions() throws {
        let (store, clock) = try embeddedStore(StoreSettings(renewalBillingIssuesEnabled: true, billingGracePeriodEnabled: true))
        _ = store.purchase(productID: "monthly_14_99", options: StorePurchaseOptions(appAccountToken: Fixture.user))
        var info = try #require(store.subscriptionStatus(groupID: "premium")?.renewalInfo)
        #expect(info.autoRenewStatus == 1 && info.autoRenewProductId == "monthly_14_99" && info.renewalPrice == 14990)
        #expect(info.currency == "USD" && info.renewalDate != nil && info.expirationIntent == nil)
        #expect(info.appAccountToken == Fixture.user.uuidString.lowercased())
        let jws = try #require(try store.signedRenewalInfo(groupID: "premium"))
        let decoded = try JSONDecoder().decode(RenewalInfoPayload.self, from: try store.signedDataVerifier.verify(jws, now: Date()))
        #expect(decoded == info)
        clock.advance(by: 32 * day)
        try store.process(now: clock.now())
        info = try #require(store.subscriptionStatus(groupID: "premium")?.renewalInfo)
        #expect(info.isInBillingRetryPeriod == true && info.gracePeriodExpiresDate != nil)
        #expect(store.takeMessages().map(\.reason) == [.billingIssue])
    }

    @Test func anAppTransactionIsSignedAndSettableAndFailsWithItsSimulatedErrors() throws {
        let (store, _) = try embeddedStore()
        let bought = Date(timeIntervalSince1970: 1_709_251_200) // 2024-03-01
        try store.setAppPurchase(AppPurchase(originalApplicationVersion: "1.2", originalPurchaseDate: bought, applicationVersion: "3.0"))
        let (payload, jws, verified) = try store.appTransaction()
        #expect(verified && payload.originalApplicationVersion == "1.2" && payload.applicationVersion == "3.0")
        #expect(payload.originalPurchaseDate == TransactionPayload.millis(bought) && payload.bundleId == store.bundleID)
        let decoded = try JSONDecoder().decode(AppTransactionPayload.self, from: try store.signedDataVerifier.verify(jws, now: Date()))
        #expect(decoded == payload)
        try store.setSettings(StoreSettings(forcedErrors: ["App Transaction": "networkError"]))
        #expect(throws: StoreKitFailure("networkError")) { try store.appTransaction() }
        try store.setSettings(StoreSettings(forcedErrors: ["App Transaction": "invalidSignature"]))
        let unverified = try store.appTransactionResult()
        #expect(unverified.verificationError == "invalidSignature")
        #expect(throws: CompactJWS.Failure.self) { try store.signedDataVerifier.verify(unverified.jws, now: Date()) }
    }

    @Test(arguments: StoreKitTestAPI.allCases)
    func eachOfTheNineAPIsFailsWithItsSimulatedError(api: StoreKitTestAPI) throws {
        let error = api == .verification ? "invalidSignature" : "systemError"
        let (store, _) = try embeddedStore(StoreSettings(forcedErrors: [api.xcodeName: error]))
        // A subscription to act on, bought before the error is in force for the purchase API.
        if api != .purchase && api != .verification { try store.buy(productID: "monthly_14_99") }
        switch api {
        case .loadProducts: #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.products(for: ["monthly_14_99"]) }
        case .purchase: #expect(store.purchase(productID: "monthly_14_99") == .failed(error: StoreKitErrorName(rawValue: error)))
        case .verification:
            guard case let .success(_, verified) = store.purchase(productID: "monthly_14_99") else { Issue.record("no purchase"); return }
            #expect(!verified)
        case .appStoreSync: #expect(store.sync() == .failed(error: StoreKitErrorName(rawValue: error)))
        case .subscriptionStatus: #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.statusForApp(groupID: "premium") }
        case .appTransaction: #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.appTransaction() }
        case .manageSubscriptions: #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.manageSubscriptions(groupID: "premium", autoRenew: false) }
        case .refundRequest:
            let id = try #require(store.allTransactions.last?.id)
            #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.beginRefundRequest(transactionID: id) }
        case .offerCodeRedeem: #expect(throws: StoreKitFailure(StoreKitErrorName(rawValue: error))) { try store.redeemOfferCode("FRIENDS1M") }
        }
        // Off again, it works.
        try store.setSettings(StoreSettings())
        #expect(store.sync() != .failed(error: StoreKitErrorName(rawValue: error)))
        #expect(!api.allowedErrors.isEmpty && api.allowedErrors.contains(error))
    }

    @Test func aSecondRefundRequestIsADuplicate() throws {
        let (store, _) = try embeddedStore()
        let bought = try store.buy(productID: "monthly_14_99")
        try store.beginRefundRequest(transactionID: bought.id)
        #expect(throws: StoreKitFailure("duplicateRequest")) { try store.beginRefundRequest(transactionID: bought.id) }
        #expect(store.refundRequests.map(\.transactionID) == [bought.id])
    }

    @Test func theTransactionManagersBuyOptions() throws {
        let (store, clock, _) = try Fixture.store()
        let coins = try store.buy(productID: "coins_100", options: StoreBuyOptions(quantity: 3))
        #expect(store.payload(transactionID: coins.id)?.quantity == 3 && store.payload(transactionID: coins.id)?.price == 2970)
        #expect(throws: StoreControlError.self) { try store.buy(productID: "lifetime", options: StoreBuyOptions(quantity: 2)) }
        let past = Fixture.start.addingTimeInterval(-3 * day)
        let weekly = try store.buy(productID: "weekly_9_99", options: StoreBuyOptions(autoRenew: false, purchaseDate: past, appAccountToken: Fixture.user))
        let payload = try #require(store.payload(transactionID: weekly.id))
        #expect(payload.purchase == past && payload.expires == past.addingTimeInterval(7 * day))
        #expect(payload.appAccountToken == Fixture.user.uuidString.lowercased())
        #expect(store.subscriptionStatus(groupID: "premium")?.willAutoRenew == false)
        clock.advance(by: 5 * day)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(throws: StoreControlError.self) { try store.buy(productID: "yearly_59_99", options: StoreBuyOptions(offerID: "nope")) }
        let intro = try store.buy(productID: "pro_monthly", options: StoreBuyOptions(offerID: "intro"))
        #expect(store.payload(transactionID: intro.id)?.offerType == 1)
    }

    @Test func upgradeIsAtOnceWithTheOldTransactionOnTheUpdatesAndDowngradeAndCrossgradeWaitForTheRenewal() throws {
        let (store, clock, _) = try Fixture.store()
        let weekly = try #require(store.purchase(productID: "weekly_9_99").transaction)
        _ = store.takeUpdates()
        // weekly → monthly: the same level, another period: a crossgrade at the next renewal.
        let cross = try #require(store.purchase(productID: "monthly_19_99").transaction)
        #expect(cross.id == weekly.id)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.autoRenewProductId == "monthly_19_99")
        clock.advance(by: 8 * day)
        try store.process(now: clock.now())
        #expect(store.subscriptionStatus(groupID: "premium")?.productID == "monthly_19_99")
        _ = store.takeUpdates()
        // monthly → yearly (level 1): an upgrade now; the old transaction arrives marked upgraded.
        let yearly = try #require(store.purchase(productID: "yearly_59_99").transaction)
        let updates = store.takeUpdates()
        #expect(updates.map(\.reason) == [TransactionUpdate.Reason.upgrade])
        #expect(updates.first.flatMap { $0.transaction.flatMap { store.payload(transactionID: $0.id)?.isUpgraded } } == true)
        #expect(store.subscriptionStatus(groupID: "premium")?.productID == "yearly_59_99" && yearly.productID == "yearly_59_99")
        // yearly → weekly (level 3): a downgrade at the next renewal.
        let down = try #require(store.purchase(productID: "weekly_9_99").transaction)
        #expect(down.id == yearly.id)
        #expect(store.subscriptionStatus(groupID: "premium")?.renewalInfo.autoRenewProductId == "weekly_9_99")
    }

    @Test func theTeamServersIntroEligibilityAnswerOverridesTheAppStoresRule() throws {
        let (store, clock, _) = try Fixture.store()
        let first = try #require(store.purchase(productID: "yearly_59_99").transaction) // uses the intro offer
        try store.expireSubscription(groupID: "premium")
        let verifier = OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
        let allow = try verifier.signIntroEligibility(productID: "yearly_59_99", allow: true, transactionID: first.id, nonce: UUID(), at: clock.now())
        let again = try #require(store.purchase(productID: "yearly_59_99", options: StorePurchaseOptions(introductoryOfferEligibility: allow)).transaction)
        #expect(store.payload(transactionID: again.id)?.offerType == 1)
        // A transaction that is not the customer's, or a promotional-offer signature, is refused.
        let stranger = try verifier.signIntroEligibility(productID: "yearly_59_99", allow: true, transactionID: "999", nonce: UUID(), at: clock.now())
        try store.expireSubscription(groupID: "premium")
        #expect(store.purchase(productID: "yearly_59_99", options: StorePurchaseOptions(introductoryOfferEligibility: stranger)) == .failed(error: "invalidOfferSignature"))
        let promo = try verifier.sign(productID: "yearly_59_99", offerID: "winback50", nonce: UUID(), at: clock.now())
        #expect(store.purchase(productID: "yearly_59_99", options: StorePurchaseOptions(introductoryOfferEligibility: promo)) == .failed(error: "invalidOfferSignature"))
        // Deny: no intro offer even for a group never subscribed to.
        _ = try store.buy(productID: "coins_100")
        let deny = try verifier.signIntroEligibility(productID: "pro_monthly", allow: false, transactionID: first.id, nonce: UUID(), at: clock.now())
        let pro = try #require(store.purchase(productID: "pro_monthly", options: StorePurchaseOptions(introductoryOfferEligibility: deny)).transaction)
        #expect(store.payload(transactionID: pro.id)?.offerType == nil)
    }
}
