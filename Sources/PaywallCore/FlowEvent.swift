import Foundation

/// Something that happened: a key the user pressed or a result an effect brought back.
public enum FlowEvent: Hashable, Sendable {
    case start
    case configLoaded(RemoteConfig)
    /// The config could not be loaded: `error.configFailed`, and `retry` loads it again.
    case configFailed(reason: String)
    case productsLoaded([Plan])
    case productsFailed(reason: String)
    /// The products loaded, and the catalog has nothing a paywall can sell: `contents` says what it
    /// has (`2 consumables`, `no products`).
    case nothingToSell(contents: String)
    case entitlementRefreshed(Entitlement)
    /// The refresh failed; the cached entitlement stays.
    case entitlementRefreshFailed(reason: String)
    case riskRefreshed(RiskSnapshot)
    case next
    case back
    case skipOnboarding
    case notNow
    /// Moves the paywall's plan selection by `by` rows (clamped to the list).
    case movePlanSelection(by: Int)
    case selectPlan(id: String)
    case openPaywall(reason: PaywallReason)
    case buy
    case sheetConfirmed
    case sheetCancelled
    case purchaseCompleted(StorePurchaseResult)
    /// The backend's answer to the oldest posted transaction.
    case transactionVerified(TransactionVerification)
    /// A transaction from the store's updates stream (Ask to Buy approved, redelivered unfinished).
    case transactionUpdated(SignedTransaction, verified: Bool)
    case restore
    case restoreCompleted(RestoreResult)
    case retry
    case dismissNotice
    case sendMessage(String)
    /// Another process sharing the state directory changed the quota or the paywall views
    /// (what is now on disk, merged with this run's own changes).
    case sharedStateChanged(quota: MessageQuota, paywallViews: PaywallViewHistory)
    /// The App Store sent a StoreKit message: it is shown over the current screen.
    case storeMessageReceived(StoreKitMessage)
    /// The user answered the message shown: Enter (`accepted`) or Esc.
    case storeMessageAnswered(accepted: Bool)
    /// A message's reason went away before it was answered (a lapsed customer subscribed again, a
    /// billing issue was fixed, the price increase was answered elsewhere): it is taken down.
    case storeMessageWithdrawn(StoreKitMessage)
}

/// Part of the model the runner writes to the state directory.
public enum PersistedSlice: Hashable, Sendable {
    case quota(MessageQuota)
    case paywallViews(PaywallViewHistory)
    case entitlement(Entitlement)
}

/// Work for the runner; each result comes back as a `FlowEvent`.
public enum FlowEffect: Hashable, Sendable {
    /// → `configLoaded` / `configFailed`.
    case loadConfig
    /// → `productsLoaded` / `productsFailed` / `nothingToSell`.
    case loadProducts([String])
    /// → `entitlementRefreshed` / `entitlementRefreshFailed`.
    case refreshEntitlement(force: Bool)
    /// → `riskRefreshed`.
    case refreshRisk
    /// → `purchaseCompleted`.
    case purchase(productID: String, offerID: String)
    /// `POST /iap/transactions` → `transactionVerified`.
    case postTransaction(SignedTransaction, offerID: String)
    /// Finishes the store transaction (only after the backend verified it).
    case finishTransaction(id: String)
    /// `AppStore.sync()` then a forced entitlement refresh → `restoreCompleted`.
    case restore
    /// Records an analytics event with the clock's time.
    case track(AnalyticsEvent)
    /// Writes part of the model to the state directory.
    case persist(PersistedSlice)
    /// Tells the store how the user answered a StoreKit message (update payment, agree to the price, take the offer).
    case answerStoreMessage(StoreKitMessage, accepted: Bool)
}
