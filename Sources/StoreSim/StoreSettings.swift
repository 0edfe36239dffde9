import Foundation

/// The test-environment switches of a `.storekit` file's `settings` block, and the simulator's own.
public struct StoreSettings: Hashable, Codable, Sendable {
    /// ISO-3166 alpha-3 storefront, e.g. `USA`, `CHN`, `KOR`.
    public var storefront: String
    /// Locale in `.storekit` style (`en_US`, `zh_Hans`).
    public var locale: String
    public var timeRate: TimeRate
    public var askToBuyEnabled: Bool
    public var failTransactionsEnabled: Bool
    /// StoreKit errors forced per API (`Purchase` → `networkError`), when enabled.
    public var forcedErrors: [String: String]
    public var billingIssuesEnabled: Bool
    public var renewalBillingIssuesEnabled: Bool
    public var billingGracePeriodEnabled: Bool
    /// The simulator's switch: sign purchases with a key the backend does not trust.
    public var unverifiedTransactions: Bool
    /// The simulator's switch: purchases are interrupted (need an action outside the app).
    public var interruptedPurchases: Bool

    public init(storefront: String = "USA", locale: String = "en_US", timeRate: TimeRate = .realTime,
                askToBuyEnabled: Bool = false, failTransactionsEnabled: Bool = false,
                forcedErrors: [String: String] = [:], billingIssuesEnabled: Bool = false,
                renewalBillingIssuesEnabled: Bool = false, billingGracePeriodEnabled: Bool = false,
                unverifiedTransactions: Bool = false, interruptedPurchases: Bool = false) {
        self.storefront = storefront
        self.locale = locale
        self.timeRate = timeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.forcedErrors = forcedErrors
        self.billingIssuesEnabled = billingIssuesEnabled
        self.renewalBillingIssuesEnabled = renewalBillingIssuesEnabled
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.unverifiedTransactions = unverifiedTransactions
        self.interruptedPurchases = interruptedPurchases
    }
}
