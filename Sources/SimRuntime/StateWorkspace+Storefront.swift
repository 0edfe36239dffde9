import Foundation
import PaywallCore
import StoreSim

/// The account's storefront as a command sees it and moves it (`--storefront`).
extension StateWorkspace.Command {
    /// The account's storefront, as the state keeps it (`--storefront` moves it, see `commit`):
    /// what prices are shown in. A catalog shown without being the state's has its own.
    public func storefront() throws -> Storefront {
        if let requestedStorefront { return Storefront.resolve(requestedStorefront) }
        guard !showsOtherCatalog, FileManager.default.fileExists(atPath: workspace.layout.store.folder.path) else {
            return Storefront.resolve(catalog.settings.storefront)
        }
        return try workspace.openStore(catalog: catalog, clock: clock, setup: setup).storefront
    }

    /// The catalog's warnings and one for a storefront it has no prices for.
    public func warnings(storefront: String?) -> [String] {
        var lines = catalog.warnings
        if let code = storefront, let warning = catalog.missingPricesWarning(for: code, label: "--storefront") {
            lines.append(warning)
        }
        return lines
    }

    /// Makes `--storefront` the account's storefront in `store`, before the command acts, so what
    /// it signs is in that storefront.
    func keepStorefront(in store: SimulatedStore) throws {
        guard let code = requestedStorefront, !storefrontKept else { return }
        storefrontKept = true
        let before = store.settings.storefront
        if try store.setStorefront(code), before != code {
            storefrontNote = ["note: the account's storefront is \(code) now (was \(before)): prices and purchases follow it"]
        }
    }
}
