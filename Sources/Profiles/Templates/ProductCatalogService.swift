import StoreSim

/// Seed 002's `ProductCatalogService`: products by id, cached in memory for the life of the app.
///
/// The cache is keyed by product id and never expires; a relaunch (a new service) starts empty.
/// Only ids not yet cached are fetched, in one call per request.
public struct ProductCatalogService {
    /// Fetches products for ids (the store's `products(for:)`); may throw the store's error.
    public typealias Fetch = ([String]) throws -> [StoreProduct]

    private let fetch: Fetch
    private var cache: [String: StoreProduct] = [:]
    /// How many times `fetch` was called (for tests and the debug overlay).
    public private(set) var fetchCount = 0

    public init(fetch: @escaping Fetch) { self.fetch = fetch }

    /// The products for `ids` in the order asked; ids the store does not know are left out.
    /// On a fetch error nothing is cached and the error is thrown.
    public mutating func products(for ids: [String]) throws -> [StoreProduct] {
        let missing = ids.filter { cache[$0] == nil }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if !missing.isEmpty {
            fetchCount += 1
            for product in try fetch(missing) where missing.contains(product.id) { cache[product.id] = product }
        }
        return ids.compactMap { cache[$0] }
    }

    /// The cached product with `id`, without fetching.
    public func cached(_ id: String) -> StoreProduct? { cache[id] }
}
