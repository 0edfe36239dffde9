import Foundation
import Testing
@testable import StoreSim

/// A top-level key Xcode never writes is read as nothing: the loader says so, one warning per key,
/// so products a hand-written file puts under `nonConsumableProducts` (as ScheglovIvan/trimvo's
/// Configuration.storekit does, SOURCES.md) do not vanish without a word.
@Suite("Unknown top-level keys of a .storekit")
struct StoreKitUnknownKeyTests {
    @Test("products under a key Xcode never writes are named in a warning with the file, the key and what was expected")
    func productsUnderAnUnknownKey() throws {
        let text = """
            {
              "nonConsumableProducts" : [
                { "displayPrice" : "83.99", "productID" : "lifetime", "referenceName" : "Lifetime", "type" : "NonConsumable" }
              ],
              "products" : [
                { "displayPrice" : "1.99", "localizations" : [ { "displayName" : "Gems", "locale" : "en_US" } ],
                  "productID" : "gems", "referenceName" : "Gems", "type" : "Consumable" }
              ],
              "settings" : { },
              "subscriptionGroups" : [ ],
              "version" : { "major" : 2, "minor" : 0 }
            }
            """
        let catalog = try StoreKitConfigurationLoader.decode(Data(text.utf8), origin: "Hand.storekit")
        #expect(catalog.products.map(\.id) == ["gems"])
        #expect(catalog.warnings == [
            "Hand.storekit:2:3: warning: top-level key \"nonConsumableProducts\" is not one Xcode writes: its 1 product is not loaded (lifetime); "
                + "expected products under \"products\" (consumables and non-consumables), \"subscriptionGroups\" or \"nonRenewingSubscriptions\"",
        ], "\(catalog.warnings)")
    }

    @Test("any other unknown top-level key is named too, with what it holds")
    func otherUnknownKeys() throws {
        let text = "{ \"products\" : [],\n  \"future\" : { \"x\" : 1 },\n  \"empty\" : [] }"
        let catalog = try StoreKitConfigurationLoader.decode(Data(text.utf8), origin: "f.storekit")
        #expect(catalog.warnings.count == 2, "\(catalog.warnings)")
        #expect(catalog.warnings.first?.hasPrefix("f.storekit:2:3: warning: top-level key \"future\" is not one Xcode writes and is ignored (an object); expected") == true,
                "\(catalog.warnings)")
        #expect(catalog.warnings.last?.hasPrefix("f.storekit:3:3: warning: top-level key \"empty\" is not one Xcode writes and is ignored (an empty array); expected") == true,
                "\(catalog.warnings)")
    }

    /// Every key the real files use, Xcode's or not: only fixture 66's two hand-written keys warn.
    @Test("no fixture gets a false warning: every top-level key of the corpus is known, but fixture 66's two made-up ones")
    func everyFixtureKeyIsKnown() throws {
        var seen: Set<String> = []
        for url in CatalogFixtures.allFixtureURLs {
            let catalog = try StoreKitConfigurationLoader.load(contentsOf: url)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            seen.formUnion(object.keys)
            let unknown = catalog.warnings.filter { $0.contains("top-level key") }
            if url.lastPathComponent.hasPrefix("66-") {
                #expect(unknown.count == 2, "\(unknown)")
                #expect(unknown.contains { $0.contains("\"nonConsumableProducts\" is not one Xcode writes and is ignored (an empty array)") })
                #expect(unknown.contains { $0.contains("\"nonRenewingSubscriptionProducts\" is not one Xcode writes and is ignored (an empty array)") })
            } else {
                #expect(unknown.isEmpty, "\(url.lastPathComponent): \(unknown)")
            }
        }
        #expect(seen.subtracting(StoreKitDocumentReader.knownTopLevelKeys) == ["nonConsumableProducts", "nonRenewingSubscriptionProducts"])
        #expect(StoreKitDocumentReader.knownTopLevelKeys.isSubset(of: seen), "each known key is in a real file")
    }
}
