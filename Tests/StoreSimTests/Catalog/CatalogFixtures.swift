import TestSupport
import Foundation
@testable import StoreSim

/// Paths to the fixture files in Tests/Fixtures, computed from this file's location (`<root>/Tests/StoreSimTests/Catalog`).
enum CatalogFixtures {
    static let packageRoot = TestPaths.packageRoot
    static let storekitDirectory = packageRoot.appendingPathComponent("Tests/Fixtures/storekit").standardizedFileURL

    /// The fixture whose file name starts with `prefix` (e.g. `"05"`).
    static func url(_ prefix: String) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: storekitDirectory.path)
        guard let name = names.sorted().first(where: { $0.hasPrefix(prefix + "-") }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(storekitDirectory.path)/\(prefix)-*"])
        }
        return storekitDirectory.appendingPathComponent(name)
    }

    static func load(_ prefix: String) throws -> StoreCatalog {
        try StoreKitConfigurationLoader.load(contentsOf: url(prefix))
    }

    static var allFixtureURLs: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storekitDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".storekit") }.sorted().map { storekitDirectory.appendingPathComponent($0) }
    }
}

extension StoreCatalog {
    var subscriptionProducts: [StoreProduct] { products.filter { $0.kind == .autoRenewable } }
}
