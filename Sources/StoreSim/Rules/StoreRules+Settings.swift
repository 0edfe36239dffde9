import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// What the store keeps beside its transactions: the switches, the seeded generator's ids, what
/// `AppTransaction` reports, and the StoreKit messages waiting for the app.
extension StoreRules {
    /// Changes the switches at run time; false when they were these already (nothing to save).
    mutating func setSettings(_ settings: StoreSettings) -> Bool {
        guard state.settings != settings else { return false }
        state.settings = settings
        return true
    }

    /// A new app account token from the store's seeded generator (kept, so runs repeat).
    mutating func makeAppAccountToken() -> UUID {
        state.rng.uuid()
    }

    /// Sets what `AppTransaction` reports.
    mutating func setAppPurchase(_ purchase: AppPurchase) {
        state.appPurchase = purchase
        note("app transaction: original version \(purchase.originalApplicationVersion) of \(ISO8601.string(purchase.originalPurchaseDate))")
    }

    /// The StoreKit messages waiting for the app, oldest first, handed over once (empty: nothing to save).
    mutating func takeMessages() -> [StoreMessage] {
        let messages = state.messages ?? []
        guard !messages.isEmpty else { return [] }
        state.messages = nil
        return messages
    }
}
