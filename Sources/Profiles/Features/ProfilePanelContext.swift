import CopyDeck
import Foundation
import StoreKitVocabulary
import StoreSim

/// What a profile's panels read of the running app to draw a card: the reducer's context, the
/// copy with arguments, and (read only when a card shows them) the store's entitlements and the
/// template products.
public struct ProfilePanelContext {
    public var base: ProfileContext
    /// The text of a copy key with its arguments, in the session's locale.
    public var format: (String, [CopyArgument]) -> String
    /// The store's current entitlements (`Transaction.currentEntitlements`).
    public var currentEntitlements: () -> [SignedTransaction]
    /// The template products, as seed 002's `ProductCatalogService` gives them (cached; may throw the store's error).
    public var templateProducts: () throws -> [StoreProduct]
    /// Whether the remote config lets purchases through (`purchasesEnabled`).
    public var purchasesEnabled: Bool
    /// The account a purchase sheet names.
    public var sheetAccount: String

    public init(base: ProfileContext, format: @escaping (String, [CopyArgument]) -> String,
                currentEntitlements: @escaping () -> [SignedTransaction], templateProducts: @escaping () throws -> [StoreProduct],
                purchasesEnabled: Bool, sheetAccount: String) {
        self.base = base
        self.format = format
        self.currentEntitlements = currentEntitlements
        self.templateProducts = templateProducts
        self.purchasesEnabled = purchasesEnabled
        self.sheetAccount = sheetAccount
    }

    /// The text of `key` with `arguments`.
    func text(_ key: String, _ arguments: [CopyArgument] = []) -> String { format(key, arguments) }

    /// `amount` in the storefront's currency, as the paywall writes prices.
    func price(_ amount: Decimal) -> String {
        PriceFormatter.format(amount, storefront: Storefront.resolve(base.storefront), locale: base.locale)
    }
}
