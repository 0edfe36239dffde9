import Foundation
import PaywallFoundation
import PaywallCore
import TestSupport
@testable import StoreSim
@testable import TeamServer

/// Catalogs, clocks and state directories for the store tests, built in code.
enum Fixture {
    static let start = Date(timeIntervalSince1970: 1_780_000_000) // 2026-05-28
    static let user = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
    static let bundleID = "com.paywallsim.app"

    static let week = BillingPeriod(value: 1, unit: .week)
    static let month = BillingPeriod(value: 1, unit: .month)
    static let year = BillingPeriod(value: 1, unit: .year)

    static func catalog(_ settings: StoreSettings = StoreSettings()) -> StoreCatalog {
        StoreCatalog(
            products: [
                StoreProduct(id: "coins_100", referenceName: "Coins", kind: .consumable, price: 0.99),
                StoreProduct(id: "lifetime", referenceName: "Lifetime", kind: .nonConsumable, price: 99.99),
                StoreProduct(id: "season_pass", referenceName: "Season", kind: .nonRenewingSubscription, price: 19.99),
                StoreProduct(id: "weekly_9_99", referenceName: "Weekly", kind: .autoRenewable, price: 9.99,
                             subscription: SubscriptionInfo(groupID: "premium", level: 3, period: week)),
                StoreProduct(id: "monthly_19_99", referenceName: "Monthly", kind: .autoRenewable, price: 19.99,
                             subscription: SubscriptionInfo(groupID: "premium", level: 3, period: month)),
                StoreProduct(id: "yearly_59_99", referenceName: "Yearly", kind: .autoRenewable, price: 59.99,
                             subscription: SubscriptionInfo(
                                groupID: "premium", level: 1, period: year,
                                introductoryOffer: SubscriptionOffer(paymentMode: .free, period: week),
                                promotionalOffers: [SubscriptionOffer(offerID: "winback50", paymentMode: .payUpFront, period: year, price: 29.99)])),
                StoreProduct(id: "pro_monthly", referenceName: "Pro", kind: .autoRenewable, price: 4.99,
                             subscription: SubscriptionInfo(
                                groupID: "pro", level: 1, period: month,
                                introductoryOffer: SubscriptionOffer(paymentMode: .payAsYouGo, period: month, numberOfPeriods: 2, price: 0.99))),
            ],
            groups: [SubscriptionGroup(id: "premium", name: "Premium", productIDs: ["yearly_59_99", "monthly_19_99", "weekly_9_99"]),
                     SubscriptionGroup(id: "pro", name: "Pro", productIDs: ["pro_monthly"])],
            settings: settings, origin: "tests")
    }

    static func tempDirectory() -> URL { TestPaths.scratchDirectory("storesim") }

    static func store(_ settings: StoreSettings = StoreSettings(), dir: URL? = nil, clock: ManualClock? = nil,
                      environment: String = "Xcode", durability: Durability = .durable) throws -> (SimulatedStore, ManualClock, URL) {
        let dir = dir ?? tempDirectory()
        let clock = clock ?? ManualClock(start)
        let store = try SimulatedStore(catalog: catalog(settings), stateDirectory: dir, clock: clock, seed: 42, bundleID: bundleID,
                                       environment: environment, durability: durability)
        return (store, clock, dir)
    }

    static func backend(for store: SimulatedStore, dir: URL, clock: ManualClock) throws -> VerificationBackend {
        try VerificationBackend(stateDirectory: dir, verifier: store.signedDataVerifier, bundleID: bundleID,
                                userAppAccountToken: user, clock: clock)
    }

    static var options: StorePurchaseOptions { StorePurchaseOptions(appAccountToken: user) }
}

extension StorePurchaseResult {
    /// The transaction of a success, for tests.
    var transaction: SignedTransaction? {
        if case let .success(transaction, _) = self { return transaction }
        return nil
    }

    var isVerified: Bool {
        if case let .success(_, verified) = self { return verified }
        return false
    }
}
