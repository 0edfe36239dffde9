import Foundation
import Testing
import TestSupport
@testable import StoreSim

/// What each real `.storekit` file says, read from it by a script and kept in
/// `Tests/Fixtures/corpus-facts.json` (see SOURCES.md), against what the loader makes of it.
struct CorpusFacts: Decodable {
    struct Offers: Decodable { var introductory: Int; var promotional: Int; var code: Int; var winback: Int }
    struct Product: Decodable {
        var id: String
        var type: String
        var displayPrice: String
        var period: String?
        var groupID: String?
        var offers: Offers
    }
    struct StoreKitFile: Decodable, CustomTestStringConvertible {
        var file: String
        var formatVersion: String
        var storefront: String?
        var locale: String?
        var products: [Product]
        var testDescription: String { file }
    }
    var storekit: [StoreKitFile]

    static func load() throws -> CorpusFacts {
        try JSONDecoder().decode(CorpusFacts.self, from: Data(contentsOf: TestPaths.fixtures.appendingPathComponent("corpus-facts.json")))
    }
}

@Suite("The .storekit corpus: every file loads as it says")
struct CorpusFactsTests {
    static let files = (try? CorpusFacts.load().storekit) ?? []

    @Test("loads with the file's products, kinds, periods, prices and intro offers", arguments: files)
    func file(_ facts: CorpusFacts.StoreKitFile) throws {
        let url = CatalogFixtures.storekitDirectory.appendingPathComponent(facts.file)
        let catalog = try StoreKitConfigurationLoader.load(contentsOf: url)
        #expect(catalog.formatVersion?.description == facts.formatVersion)
        #expect(Set(catalog.products.map(\.id)) == Set(facts.products.map(\.id)), "every product, none invented")
        if let storefront = facts.storefront { #expect(catalog.settings.storefront == storefront.uppercased()) }
        for expected in facts.products {
            guard let product = catalog.product(expected.id) else { continue }
            #expect(product.kind.rawValue == expected.type, "\(expected.id): kind")
            let blank = expected.displayPrice.trimmingCharacters(in: .whitespaces).isEmpty
            #expect(product.isUnpriced == blank, "\(expected.id): an empty displayPrice is unpriced, never $0")
            if !blank, let number = Decimal(string: expected.displayPrice.filter { "0123456789.".contains($0) }) {
                #expect(product.price == number, "\(expected.id): price \(expected.displayPrice)")
            }
            if let period = expected.period {
                #expect(product.subscription?.period.iso8601 == period, "\(expected.id): period")
            }
            if let group = expected.groupID { #expect(product.subscription?.groupID == group) }
            // (File 24's one intro offer has paymentMode "none": an empty slot, read as no offer.)
            if expected.offers.introductory > 0, expected.type == "RecurringSubscription", !facts.file.hasPrefix("24-") {
                #expect(product.subscription?.introductoryOffer != nil, "\(expected.id): its introductory offer")
            }
            #expect(product.subscription?.promotionalOffers.count ?? 0 == expected.offers.promotional, "\(expected.id): promotional offers")
            #expect(product.subscription?.codeOffers.count ?? 0 == expected.offers.code, "\(expected.id): offer codes")
            #expect(product.subscription?.winbackOffers.count ?? 0 == expected.offers.winback, "\(expected.id): win-back offers")
        }
        let unpriced = facts.products.filter { $0.displayPrice.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(catalog.warnings.filter { $0.contains("empty displayPrice") }.count == unpriced, "one warning per unpriced product, with its place")
    }
}
