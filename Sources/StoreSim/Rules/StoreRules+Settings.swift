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

    /// The account's storefront (alpha-3) from now on; false when it was that already. Prices,
    /// signed transactions and notifications all read it from the settings.
    mutating func setStorefront(_ code: String) -> Bool {
        var changed = settings
        changed.storefront = code.uppercased()
        return setSettings(changed)
    }

    /// Whether the state has kept its settings (a storefront chosen, a switch set): false on a
    /// state no session or command has set anything on yet.
    var hasKeptSettings: Bool { state.settings != nil }

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
