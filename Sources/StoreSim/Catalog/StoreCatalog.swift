import Foundation

/// A whole catalog: products, subscription groups and settings, from a `.storekit` file or embedded.
public struct StoreCatalog: Hashable, Codable, Sendable {
    public var products: [StoreProduct]
    public var groups: [SubscriptionGroup]
    public var settings: StoreSettings
    /// Where the catalog came from (a path, or `embedded`), for messages.
    public var origin: String
    /// The file's `version` (e.g. 4.0); nil for the embedded catalog or a file without one.
    public var formatVersion: StoreKitFormatVersion?
    /// Things the loader accepted but a person may want to know (e.g. an unknown time rate), `path:line:col: …`.
    public var warnings: [String]

    public init(products: [StoreProduct], groups: [SubscriptionGroup], settings: StoreSettings, origin: String,
                formatVersion: StoreKitFormatVersion? = nil, warnings: [String] = []) {
        self.products = products
        self.groups = groups
        self.settings = settings
        self.origin = origin
        self.formatVersion = formatVersion
        self.warnings = warnings
    }

    /// The product with `id`, if the catalog has it.
    public func product(_ id: String) -> StoreProduct? { products.first { $0.id == id } }

    /// The group with `id`, if the catalog has it.
    public func group(_ id: String) -> SubscriptionGroup? { groups.first { $0.id == id } }

    /// The auto-renewable subscriptions of group `groupID`, in file order.
    public func subscriptions(inGroup groupID: String) -> [StoreProduct] {
        guard let group = group(groupID) else { return [] }
        return group.productIDs.compactMap { product($0) }
    }

    /// The products of one kind, in file order.
    public func products(ofKind kind: StoreProduct.Kind) -> [StoreProduct] {
        products.filter { $0.kind == kind }
    }

    /// Whether the catalog prices its products in `storefront`: its own storefront, or one a
    /// product has a price for. Elsewhere its prices would only be its own currency's numbers.
    public func hasPrices(for storefront: String) -> Bool {
        let code = storefront.uppercased()
        return code == settings.storefront.uppercased() || products.contains { $0.prices[code] != nil }
    }

    /// The warning for a known storefront the catalog has no prices for (`label` names where it was
    /// asked for, e.g. `--storefront`); nil when it has them or the storefront is unknown.
    public func missingPricesWarning(for storefront: String, label: String) -> String? {
        guard Storefront(code: storefront) != nil, !hasPrices(for: storefront) else { return nil }
        return "warning: \(label) \(storefront.uppercased()): \(origin) has no prices for it; prices shown in its own storefront "
            + "\(settings.storefront) (\(Storefront.resolve(settings.storefront).currencyCode))"
    }
}

/// A `.storekit` file's `version` block (`{"major": 4, "minor": 0}`).
public struct StoreKitFormatVersion: Hashable, Codable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public var description: String { "\(major).\(minor)" }

}
