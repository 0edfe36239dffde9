import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Purchases")
struct PurchaseTests {
    @Test func confirmedPurchaseCarriesApplesPayloadFields() throws {
        let (store, _, _) = try Fixture.store(StoreSettings(storefront: "KOR"))
        let result = store.purchase(productID: "weekly_9_99", options: Fixture.options)
        let transaction = try #require(result.transaction)
        #expect(result.isVerified)
        let payload = try #require(store.payload(transactionID: transaction.id))
        #expect(payload.transactionId == "2000000000000001")
        #expect(payload.originalTransactionId == payload.transactionId)
        #expect(payload.productId == "weekly_9_99")
        #expect(payload.bundleId == Fixture.bundleID)
        #expect(payload.purchase == Fixture.start)
        #expect(payload.originalPurchaseDate == payload.purchaseDate)
        #expect(payload.expires == Fixture.start.addingTimeInterval(7 * 86_400))
        #expect(payload.type == "Auto-Renewable Subscription")
        #expect(payload.inAppOwnershipType == "PURCHASED")
        #expect(payload.appAccountToken == Fixture.user.uuidString.lowercased())
        #expect(payload.environment == "Xcode")
        #expect(payload.storefront == "KOR")
        #expect(payload.currency == "KRW")
        #expect(payload.price == 9990)
        #expect(payload.transactionReason == "PURCHASE")
        #expect(payload.webOrderLineItemId != nil)
        #expect(payload.subscriptionGroupIdentifier == "premium")
        // The JWS payload decodes to the same fields.
        let data = try store.signedDataVerifier.verify(transaction.jws, now: Date())
        #expect(try JSONDecoder().decode(TransactionPayload.self, from: data) == payload)
    }

    @Test func cancelGivesUserCancelledAndNoTransaction() throws {
        let (store, _, _) = try Fixture.store()
        #expect(store.purchase(productID: "lifetime", options: StorePurchaseOptions(sheet: .cancel)) == .userCancelled)
        #expect(store.allTransactions.isEmpty)
    }

    @Test func onePurchaseInFlightAtATime() throws {
        let (store, _, _) = try Fixture.store()
        #expect(store.beginPurchase(productID: "lifetime") == nil)
        #expect(store.purchase(productID: "coins_100") == .failed(error: "purchaseInProgress"))
        #expect(store.resolveSheet(.confirm).transaction?.productID == "lifetime")
        #expect(store.purchase(productID: "coins_100").transaction != nil)
    }

    @Test func unknownProductAndForcedErrors() throws {
        let (store, _, _) = try Fixture.store()
        #expect(store.purchase(productID: "nope") == .failed(error: "productUnavailable"))
        for name in ["networkError", "systemError", "notAvailableInStorefront", "notEntitled", "purchaseNotAllowed"] {
            var settings = store.settings
            settings.forcedErrors = ["Purchase": name]
            try store.setSettings(settings)
            #expect(store.purchase(productID: "lifetime") == .failed(error: StoreKitErrorName(rawValue: name)))
        }
        #expect(throws: StoreKitFailure("networkError")) {
            var settings = store.settings
            settings.forcedErrors = ["Load Products": "networkError"]
            try store.setSettings(settings)
            _ = try store.products(for: ["lifetime"])
        }
        #expect(store.allTransactions.isEmpty)
        #expect(store.log.contains { $0.contains("forced error") })
    }

    /// A signed buy (through the purchase API) that StoreKit refuses says StoreKit's error and why,
    /// from the refusal itself, not read back from the last line of the store's log.
    @Test func aRefusedSignedBuySaysTheErrorAndWhy() throws {
        let (store, _, _) = try Fixture.store()
        var settings = store.settings
        settings.forcedErrors = ["Purchase": "networkError"]
        try store.setSettings(settings)
        let signed = StoreBuyOptions(introEligibility: "not.a.jws")
        #expect(throws: StoreControlError("networkError (forced error)", storeKitError: "networkError")) { _ = try store.buy(productID: "yearly_59_99", options: signed) }
        settings.forcedErrors = [:]
        try store.setSettings(settings)
        do {
            _ = try store.buy(productID: "yearly_59_99", options: signed)
            Issue.record("a signature that is not a JWS was accepted")
        } catch let error as StoreControlError {
            #expect(error.description.hasPrefix("invalidOfferSignature ("), "\(error)")
            let invalidOfferSignature = try #require(StoreErrorName("invalidOfferSignature"))
            #expect(error.storeKitError == "invalidOfferSignature" && error.isNamed(invalidOfferSignature))
        }
    }

    @Test func productsInTheOrderAsked() throws {
        let (store, _, _) = try Fixture.store()
        #expect(try store.products(for: ["yearly_59_99", "missing", "coins_100"]).map(\.id) == ["yearly_59_99", "coins_100"])
    }

    /// `promotionalOffer(_:compactJWS:)`: the JWS must be the team's key's signature of this product and offer, fresh.
    @Test func promotionalOfferChecks() throws {
        let (store, clock, _) = try Fixture.store()
        let signer = OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
        func sign(_ product: String = "yearly_59_99", _ offer: String = "winback50", at date: Date? = nil) throws -> String {
            try signer.sign(productID: product, offerID: offer, nonce: UUID(), at: date ?? clock.now())
        }
        func buy(_ jws: String?, offer: String = "winback50") -> StorePurchaseResult {
            store.purchase(productID: "yearly_59_99", options: StorePurchaseOptions(promotionalOfferID: offer, promotionalOfferSignature: jws))
        }
        #expect(buy(try sign(), offer: "bogus") == .failed(error: "invalidOfferIdentifier"))
        #expect(buy(nil) == .failed(error: "missingOfferParameters"))
        #expect(buy(try sign("monthly_14_99")) == .failed(error: "invalidOfferSignature"))
        #expect(buy(try sign(at: clock.now().addingTimeInterval(-2 * 86_400))) == .failed(error: "invalidOfferSignature"))
        let otherKey = OfferSigningKey(keyID: "SIMOFFER01", issuerID: OfferSigningKey.simulatorIssuerID, privateKey: P256.Signing.PrivateKey())
        let forged = try OfferSignatureVerifier(key: otherKey, bundleID: store.bundleID).sign(productID: "yearly_59_99", offerID: "winback50", nonce: UUID(), at: clock.now())
        #expect(buy(forged) == .failed(error: "invalidOfferSignature"))
        #expect(store.log.contains { $0.contains("does not verify") })
        let t = try #require(buy(try sign()).transaction)
        let payload = try #require(store.payload(transactionID: t.id))
        #expect(payload.offerType == 2)
        #expect(payload.offerIdentifier == "winback50")
        #expect(payload.price == 29990)
    }

    @Test func askToBuyApprovedArrivesThroughUpdates() throws {
        let (store, _, _) = try Fixture.store(StoreSettings(askToBuyEnabled: true))
        #expect(store.purchase(productID: "lifetime", options: Fixture.options) == .pending)
        let request = try #require(store.pendingPurchases.first)
        #expect(request.kind == .askToBuy)
        #expect(store.takeUpdates().isEmpty)
        try store.approveAskToBuy(requestID: request.requestID)
        let updates = store.takeUpdates()
        #expect(updates.map(\.reason) == [.askToBuyApproved])
        #expect(updates.first?.transaction?.productID == "lifetime")
        #expect(store.pendingPurchases.isEmpty)
    }

    /// StoreKit 2: a declined request produces no transaction and no update; the app never learns of it.
    @Test func askToBuyDeclineReachesNoApp() throws {
        let (store, _, _) = try Fixture.store(StoreSettings(askToBuyEnabled: true))
        #expect(store.purchase(productID: "lifetime") == .pending)
        try store.declineAskToBuy(requestID: "req-1")
        #expect(store.takeUpdates().isEmpty)
        #expect(store.allTransactions.isEmpty)
        #expect(store.pendingPurchases.isEmpty)
        #expect(store.declinedRequests.map(\.requestID) == ["req-1"])
        #expect(store.declinedRequests.first?.productID == "lifetime")
        #expect(throws: StoreControlError.self) { try store.approveAskToBuy(requestID: "req-1") }
    }

    @Test func interruptedPurchaseCompletesLater() throws {
        let (store, _, _) = try Fixture.store(StoreSettings(interruptedPurchases: true))
        #expect(store.purchase(productID: "coins_100") == .pending)
        #expect(store.pendingPurchases.first?.kind == .interrupted)
        try store.completeInterruptedPurchase(requestID: "req-1")
        #expect(store.takeUpdates().map(\.reason) == [.interruptedCompleted])
        #expect(store.allTransactions.count == 1)
    }

    @Test func unverifiedTransactionsAreSignedWithAnUntrustedKey() throws {
        let (store, _, _) = try Fixture.store(StoreSettings(unverifiedTransactions: true))
        let result = store.purchase(productID: "lifetime")
        let t = try #require(result.transaction)
        #expect(!result.isVerified)
        #expect(throws: CompactJWS.Failure.self) { try store.signedDataVerifier.verify(t.jws, now: Date()) }
    }

    @Test func nonConsumableBoughtAgainReturnsTheOwnedOne() throws {
        let (store, _, _) = try Fixture.store()
        let first = try #require(store.purchase(productID: "lifetime").transaction)
        let second = try #require(store.purchase(productID: "lifetime").transaction)
        #expect(first.id == second.id)
        #expect(store.allTransactions.count == 1)
        #expect(store.purchase(productID: "coins_100").transaction != store.purchase(productID: "coins_100").transaction)
    }

    @Test func seededRunsAreRepeatable() throws {
        func run() throws -> [TransactionPayload] {
            let (store, clock, _) = try Fixture.store()
            _ = store.purchase(productID: "weekly_9_99", options: Fixture.options)
            clock.advance(by: 20 * 86_400)
            try store.process(now: clock.now())
            // Each directory is another Apple Account, with an `appTransactionId` of its own
            // (`AppTransactionIDTests`); everything else repeats.
            return store.allTransactions.compactMap { store.payload(transactionID: $0.id) }.map { payload in
                var payload = payload
                #expect(payload.appTransactionId == store.appTransactionID)
                payload.appTransactionId = nil
                return payload
            }
        }
        let a = try run()
        #expect(a.count == 3)
        #expect(try run() == a)
    }
}
