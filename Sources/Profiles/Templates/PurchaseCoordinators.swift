import PaywallCore

/// What the coordinators need from the app: the flag, the store and the entitlement refresh (seed 002's DI).
public struct PurchaseDependencies {
    /// `FeatureFlags.purchasesEnabled`, read at each purchase.
    public var purchasesEnabled: () -> Bool
    /// Buys a product (`PurchaseServicing.purchase`), answering in StoreKit 2 terms.
    public var purchase: (_ productID: String) -> StorePurchaseResult
    /// `EntitlementRefreshing.refresh()`; called once after every successful purchase.
    public var refreshEntitlements: () -> Void

    public init(purchasesEnabled: @escaping () -> Bool, purchase: @escaping (_ productID: String) -> StorePurchaseResult,
                refreshEntitlements: @escaping () -> Void) {
        self.purchasesEnabled = purchasesEnabled
        self.purchase = purchase
        self.refreshEntitlements = refreshEntitlements
    }

    /// Seed 002's shared flow: guard the flag, purchase, map the result once, refresh on success.
    /// The seed's `.failed(.purchasesDisabled)` is PaywallCore's `.purchasesDisabled`.
    func buy(productID: String) -> PurchaseOutcome {
        guard purchasesEnabled() else { return .purchasesDisabled }
        let outcome = PurchaseOutcome.from(purchase(productID))
        if case .success = outcome { refreshEntitlements() }
        return outcome
    }
}

/// Seed 002's `TemplatePurchaseCoordinator`: buys one template.
public struct TemplatePurchaseCoordinator {
    public var dependencies: PurchaseDependencies
    public init(dependencies: PurchaseDependencies) { self.dependencies = dependencies }

    /// Buys `productID` for template `templateID`; the template id is for analytics and messages.
    public func buyTemplate(templateID: String, productID: String) -> PurchaseOutcome {
        dependencies.buy(productID: productID)
    }
}

/// Seed 002's `ProSubscriptionCoordinator`: buys the Pro subscription.
public struct ProSubscriptionCoordinator {
    public var dependencies: PurchaseDependencies
    public init(dependencies: PurchaseDependencies) { self.dependencies = dependencies }

    /// Buys the Pro plan `productID` (monthly or yearly).
    public func buyPro(productID: String) -> PurchaseOutcome {
        dependencies.buy(productID: productID)
    }
}
