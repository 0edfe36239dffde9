import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// Transactions record the storefront's own price and currency, not the base USD price.
@Suite("Storefront prices in transactions")
struct StorefrontPriceTests {
    private func store(storefront: String, locale: String) throws -> SimulatedStore {
        try SimulatedStore(catalog: StoreCatalog.embedded(storefront: storefront, locale: locale),
                           stateDirectory: Fixture.tempDirectory(), clock: ManualClock(Fixture.start), seed: 42)
    }

    @Test func koreanPurchaseRecordsWonPrice() throws {
        let store = try store(storefront: "KOR", locale: "ko")
        let transaction = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let payload = try #require(store.payload(transactionID: transaction.id))
        #expect(payload.storefront == "KOR")
        #expect(payload.currency == "KRW")
        #expect(payload.price == 12_000_000)   // ₩12,000 in milliunits
        #expect(payload.storefrontId == "143466")
    }

    @Test func promotionalOfferRecordsTheStorefrontsOfferPrice() throws {
        let store = try store(storefront: "KOR", locale: "ko")
        let signature = try OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
            .sign(productID: "yearly_59_99", offerID: "yearly_comeback_50", nonce: UUID(), at: Fixture.start)
        let options = StorePurchaseOptions(appAccountToken: Fixture.user, promotionalOfferID: "yearly_comeback_50",
                                           promotionalOfferSignature: signature)
        let transaction = try #require(store.purchase(productID: "yearly_59_99", options: options).transaction)
        let payload = try #require(store.payload(transactionID: transaction.id))
        #expect(payload.currency == "KRW")
        #expect(payload.price == 39_000_000)
    }

    @Test func chineseAndEuroStorefrontsUseTheirCurrencies() throws {
        let china = try store(storefront: "CHN", locale: "zh-Hans")
        let cny = try #require(china.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        #expect(china.payload(transactionID: cny.id)?.currency == "CNY")
        #expect(china.payload(transactionID: cny.id)?.price == 68_000)
        let germany = try store(storefront: "DEU", locale: "de")
        let eur = try #require(germany.purchase(productID: "monthly_14_99", options: Fixture.options).transaction)
        #expect(germany.payload(transactionID: eur.id)?.currency == "EUR")
        #expect(germany.payload(transactionID: eur.id)?.price == 14_990)
    }
}
