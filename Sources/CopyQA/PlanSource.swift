import PaywallApp
import Foundation
import SimRuntime
import PaywallFoundation
import PaywallCore
import StoreSim

/// Plans for the sweep from a store catalog, priced for a locale the way a session prices them.
public struct PlanSource: Sendable {
    public var catalog: StoreCatalog

    /// The embedded catalog, or a team's `.storekit` file.
    public init(catalog: StoreCatalog = .embedded) {
        self.catalog = catalog
    }

    /// Loads a `.storekit` file; the error names the file, line and what is wrong.
    public static func load(storekitPath: String) throws -> PlanSource {
        do { return PlanSource(catalog: try StoreKitConfigurationLoader.load(contentsOf: URL(fileURLWithPath: storekitPath))) }
        catch { throw Diagnostic(wrapping: error) }
    }

    /// The storefront a session picks for `locale` (`StoreCatalog.defaultStorefrontCode`): the embedded catalog
    /// follows the locale (Korean copy, Korean won); a team's file keeps its own storefront.
    public func storefront(for locale: String) -> Storefront? {
        catalog.defaultStorefrontCode(forLocale: locale).flatMap(Storefront.resolve)
    }

    /// The plans for `productIDs` in `locale`; the catalog's own subscriptions when none of them exist.
    public func plans(for productIDs: [String], locale: String) -> [Plan] {
        let factory = PlanFactory(catalog: catalog, locale: locale, storefront: storefront(for: locale))
        return factory.plansOrDefault(for: productIDs)
    }
}

