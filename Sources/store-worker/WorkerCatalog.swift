import Foundation
import PaywallCore
import StoreSim

/// The catalog, bundle id and user the worker runs with (the kill tests use the same values).
enum WorkerCatalog {
    static let bundleID = "com.paywallsim.worker"
    static let user = UUID(uuidString: "6F1C2A3B-0000-4000-8000-00000000C0DE")!
    static let catalog = StoreCatalog(
        products: [
            StoreProduct(id: "coins_100", referenceName: "Coins", kind: .consumable, price: 0.99),
            StoreProduct(id: "lifetime", referenceName: "Lifetime", kind: .nonConsumable, price: 99.99),
            StoreProduct(id: "weekly_9_99", referenceName: "Weekly", kind: .autoRenewable, price: 9.99,
                         subscription: SubscriptionInfo(groupID: "premium", level: 2, period: BillingPeriod(value: 1, unit: .week))),
            StoreProduct(id: "yearly_59_99", referenceName: "Yearly", kind: .autoRenewable, price: 59.99,
                         subscription: SubscriptionInfo(groupID: "premium", level: 1, period: BillingPeriod(value: 1, unit: .year),
                                                        introductoryOffer: SubscriptionOffer(paymentMode: .free, period: BillingPeriod(value: 1, unit: .week)))),
        ],
        groups: [SubscriptionGroup(id: "premium", name: "Premium", productIDs: ["yearly_59_99", "weekly_9_99"])],
        settings: StoreSettings(), origin: "store-worker")
}
