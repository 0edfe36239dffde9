import Foundation

/// A whole catalog: products, subscription groups and settings, from a `.storekit` file or embedded.
public struct StoreCatalog: Hashable, Codable, Sendable {
    public var products: [StoreProduct]
    public var groups: [SubscriptionGroup]
    public var settings: StoreSettings
    /// Where the catalog came from (a path, or `embedded`), for messages.
    public var origin: String

    public init(products: [StoreProduct], groups: [SubscriptionGroup], settings: StoreSettings, origin: String) {
        self.products = products
        self.groups = groups
        self.settings = settings
        self.origin = origin
    }

    /// The product with `id`, if the catalog has it.
    public func product(_ id: String) -> StoreProduct? { products.first { $0.id == id } }
}
