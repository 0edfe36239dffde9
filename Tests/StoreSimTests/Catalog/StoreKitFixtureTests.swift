import Foundation
import PaywallCore
import SimRuntime
import Testing
@testable import StoreSim

@Suite("Loading every .storekit fixture")
struct StoreKitFixtureTests {
    struct Expected: Sendable, CustomStringConvertible {
        var prefix: String
        var version: String
        var consumable: Int
        var nonConsumable: Int
        var nonRenewing: Int
        var groups: Int
        var subscriptions: Int
        var description: String { prefix }
    }

    static let expectations: [Expected] = [
        Expected(prefix: "01", version: "4.0", consumable: 2, nonConsumable: 1, nonRenewing: 0, groups: 3, subscriptions: 3),
        Expected(prefix: "02", version: "5.0", consumable: 1, nonConsumable: 1, nonRenewing: 1, groups: 2, subscriptions: 4),
        Expected(prefix: "03", version: "3.0", consumable: 1, nonConsumable: 1, nonRenewing: 1, groups: 6, subscriptions: 13),
        Expected(prefix: "04", version: "6.3", consumable: 0, nonConsumable: 2, nonRenewing: 0, groups: 1, subscriptions: 2),
        Expected(prefix: "05", version: "4.0", consumable: 3, nonConsumable: 3, nonRenewing: 3, groups: 2, subscriptions: 4),
        Expected(prefix: "06", version: "2.0", consumable: 1, nonConsumable: 1, nonRenewing: 0, groups: 1, subscriptions: 3),
        Expected(prefix: "07", version: "2.0", consumable: 1, nonConsumable: 4, nonRenewing: 0, groups: 2, subscriptions: 6),
        Expected(prefix: "08", version: "1.1", consumable: 0, nonConsumable: 4, nonRenewing: 0, groups: 0, subscriptions: 0),
        Expected(prefix: "09", version: "1.2", consumable: 0, nonConsumable: 1, nonRenewing: 0, groups: 0, subscriptions: 0),
        Expected(prefix: "10", version: "5.0", consumable: 0, nonConsumable: 0, nonRenewing: 0, groups: 1, subscriptions: 2),
        Expected(prefix: "11", version: "3.0", consumable: 0, nonConsumable: 1, nonRenewing: 0, groups: 1, subscriptions: 1),
        Expected(prefix: "12", version: "4.0", consumable: 3, nonConsumable: 0, nonRenewing: 0, groups: 1, subscriptions: 4),
    ]

    @Test("every fixture file is covered: by an expectation here, and all by the corpus facts")
    func everyFixtureIsListed() throws {
        let prefixes = CatalogFixtures.allFixtureURLs.map { String($0.lastPathComponent.prefix(2)) }
        #expect(Array(prefixes.prefix(Self.expectations.count)) == Self.expectations.map(\.prefix))
        #expect(prefixes.count >= 40, "the corpus of real .storekit files")
        let facts = try CorpusFacts.load().storekit.map(\.file)
        #expect(facts == CatalogFixtures.allFixtureURLs.map(\.lastPathComponent), "every file has its facts in corpus-facts.json")
    }

    @Test("counts, kinds, groups and version", arguments: expectations)
    func counts(_ expected: Expected) throws {
        let catalog = try CatalogFixtures.load(expected.prefix)
        #expect(catalog.formatVersion?.description == expected.version)
        #expect(catalog.products(ofKind: .consumable).count == expected.consumable)
        #expect(catalog.products(ofKind: .nonConsumable).count == expected.nonConsumable)
        #expect(catalog.products(ofKind: .nonRenewingSubscription).count == expected.nonRenewing)
        #expect(catalog.groups.count == expected.groups)
        #expect(catalog.subscriptionProducts.count == expected.subscriptions)
        #expect(catalog.groups.reduce(0) { $0 + $1.productIDs.count } == expected.subscriptions)
        // Read in the files: 01 line 252 and 02 line 240 leave a subscription's en_US displayName empty.
        let emptyNames = ["01": ["252:31: warning: product subscription_discounted has an empty displayName for en_US"],
                          "02": ["240:31: warning: product com.revenuecat.annual_with_commitment has an empty displayName for en_US"],
                          // 03: five subscriptions with `"localizations" : []`, at these lines.
                          "03": [("P2", 323), ("demo2023_mv", 521), ("com.revenuecat.purchaseTester.annual_39.99.2_week_intro", 556),
                                 ("com.revenuecat.purchaseTester.annual_plus_annual_free", 582),
                                 ("com.revenuecat.purchaseTester.monthly_4.99.1_week_intro", 609)]
                              .map { "\($0.1):29: warning: product \($0.0) has no localizations; StoreKit shows an empty name for it" }]
        let expectedWarnings = emptyNames[expected.prefix] ?? []
        #expect(catalog.warnings.count == expectedWarnings.count, "\(catalog.warnings)")
        for (warning, wanted) in zip(catalog.warnings, expectedWarnings) { #expect(warning.contains(wanted), "\(warning)") }
        for product in catalog.subscriptionProducts {
            let info = try #require(product.subscription)
            #expect(catalog.group(info.groupID)?.productIDs.contains(product.id) == true)
        }
    }

    @Test("01: payUpFront intro without numberOfPeriods, promotional and win-back offers, 9 error entries")
    func fixture01() throws {
        let catalog = try CatalogFixtures.load("01")
        let intro = try #require(catalog.product("subscription_discounted")?.subscription?.introductoryOffer)
        #expect(intro.paymentMode == .payUpFront)
        #expect(intro.period == BillingPeriod(value: 1, unit: .month))
        #expect(intro.numberOfPeriods == 1)
        #expect(intro.price == Decimal(string: "0.99"))
        let silver = try #require(catalog.product("subscription_silver")?.subscription)
        #expect(silver.introductoryOffer == nil)
        #expect(silver.promotionalOffer("subscription_silver_big_promo")?.paymentMode == .payAsYouGo)
        #expect(silver.winbackOffers.map(\.offerID) == ["subscription_silver_winback_offer"])
        #expect(silver.winbackOffers.first?.kind == .winback)
        #expect(catalog.settings.storeKitErrors.count == 9)
        #expect(catalog.settings.storeKitErrors.first?.errorType == "generic")
        #expect(catalog.settings.storeKitErrors.first?.errorIndex == 2)
        #expect(catalog.settings.forcedErrors.isEmpty, "no entry is enabled")
        #expect(catalog.product("upgrade")?.price == Decimal(string: "10.99"))
    }

    @Test("02: v5 introductoryOffers array, missing introductoryOffer, two ad hoc offers, empty names")
    func fixture02() throws {
        let catalog = try CatalogFixtures.load("02")
        let monthly = try #require(catalog.product("com.revenuecat.monthly_4.99.1_week_intro")?.subscription)
        #expect(monthly.introductoryOffer?.paymentMode == .free)
        #expect(monthly.introductoryOffer?.period == BillingPeriod(value: 3, unit: .month))
        #expect(monthly.introductoryOffer?.billingPlanType == "BILLED_UPFRONT")
        #expect(monthly.introductoryOffers.count == 1)
        #expect(monthly.promotionalOffers.map(\.paymentMode) == [.payUpFront, .payAsYouGo])
        #expect(monthly.promotionalOffers.last?.numberOfPeriods == 2)
        #expect(monthly.promotionalOffers.last?.price == Decimal(string: "20.15"))
        #expect(catalog.product("com.revenuecat.annual_with_commitment")?.subscription?.introductoryOffer == nil)
        #expect(catalog.product("com.revenuecat.non_renewable")?.kind == .nonRenewingSubscription)
        #expect(catalog.settings.storeKitErrors.isEmpty)
        #expect(catalog.settings.timeRate == .realTime)
    }

    @Test("03: code offers counted, levels kept, intro modes")
    func fixture03() throws {
        let catalog = try CatalogFixtures.load("03")
        #expect(catalog.product("test_product1")?.subscription?.codeOffers.count == 3)
        #expect(catalog.product("P1")?.subscription?.codeOffers.count == 3)
        #expect(catalog.product("P1")?.subscription?.promotionalOffers.count == 3)
        #expect(catalog.product("test_product1")?.subscription?.codeOffers.first?.kind == .code)
        #expect(catalog.product("purchasetester_7999_1y")?.subscription?.level == 3)
        let modes = catalog.subscriptionProducts.compactMap { $0.subscription?.introductoryOffer?.paymentMode }
        #expect(modes.filter { $0 == .free }.count == 2)
        #expect(modes.filter { $0 == .payUpFront }.count == 2)
        #expect(catalog.product("P2")?.subscription?.introductoryOffer?.price == Decimal(string: "2.99"))
        #expect(catalog.product("P2")?.localizations.isEmpty == true)
    }

    @Test("04: v6.3, seven locales, Singapore storefront")
    func fixture04() throws {
        let catalog = try CatalogFixtures.load("04")
        #expect(catalog.settings.storefront == "SGP")
        let yearly = try #require(catalog.product("dev.liyuxuan.joodle.pro.yearly"))
        #expect(yearly.localizations.count == 7)
        #expect(yearly.subscription?.codeOffers.count == 3)
        #expect(yearly.subscription?.introductoryOffer == nil)
        #expect(catalog.groups.first?.localizations.count == 7)
        #expect(yearly.localization(for: "zh-Hans")?.locale == "zh_Hans")
        #expect(yearly.localization(for: "zh-Hant-TW")?.locale == "zh_Hant")
        #expect(yearly.localization(for: "ko-KR")?.locale == "ko")
    }

    @Test("05: time rate 15 with object compatibility rate, CHN storefront, zh_Hans, free intros")
    func fixture05() throws {
        let catalog = try CatalogFixtures.load("05")
        #expect(catalog.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(catalog.settings.timeRate.rawValue == 15)
        #expect(catalog.settings.compatibilityTimeRate == 6)
        #expect(catalog.settings.storefront == "CHN")
        #expect(catalog.settings.locale == "zh_Hans")
        let modes = catalog.subscriptionProducts.map { $0.subscription?.introductoryOffer?.paymentMode }
        #expect(modes == [.free, .free, .free, .free])
        #expect(catalog.product("com.coffic.netto.annual")?.subscription?.introductoryOffer?.price == 0,
                "a free offer costs nothing even when the file carries a displayPrice")
        #expect(catalog.product("com.yueyi.kuaiyizhi.pro.year.1")?.price == 79)
    }

    @Test("06: v2 bare compatibility rate, payAsYouGo intro, levels")
    func fixture06() throws {
        let catalog = try CatalogFixtures.load("06")
        #expect(catalog.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
        #expect(catalog.settings.compatibilityTimeRate == 6)
        #expect(catalog.settings.storefront == "USA", "missing _storefront defaults to USA")
        let yearly = try #require(catalog.product("yearly.premium.6999")?.subscription)
        #expect(yearly.introductoryOffer?.paymentMode == .payAsYouGo)
        #expect(yearly.introductoryOffer?.price == Decimal(string: "29.99"))
        #expect(yearly.level == 3)
        #expect(yearly.promotionalOffers.count == 1)
    }

    @Test("07: v2 singular _storeKitError, offers without numberOfPeriods, code offer eligibility")
    func fixture07() throws {
        let catalog = try CatalogFixtures.load("07")
        #expect(catalog.settings.legacyStoreKitErrorCode == 0)
        let gold = try #require(catalog.product("com.rarcher.subscription.vip.gold")?.subscription)
        #expect(gold.introductoryOffer?.numberOfPeriods == 3)
        #expect(gold.promotionalOffers.map(\.numberOfPeriods) == [1, 1])
        #expect(gold.promotionalOffers.map(\.price) == [Decimal(string: "0.99"), 10])
        #expect(gold.codeOffers.first?.eligibility == ["new", "expired", "existing"])
        #expect(catalog.product("com.rarcher.consumable.plant.installation")?.price == 29)
    }

    @Test("08 and 09: v1 settings with one key and with none")
    func fixtures08and09() throws {
        let askToBuy = try CatalogFixtures.load("08")
        #expect(askToBuy.settings.askToBuyEnabled)
        #expect(askToBuy.settings.failTransactionsEnabled == false)
        #expect(askToBuy.product("com.rarcher.nonconsumable.flowers-large")?.kind == .nonConsumable)
        let empty = try CatalogFixtures.load("09")
        #expect(empty.settings == StoreSettings())
        #expect(empty.product("pro")?.price == Decimal(string: "1.99"))
    }

    @Test("10: empty products, time rate 1003, no intro at all")
    func fixture10() throws {
        let catalog = try CatalogFixtures.load("10")
        #expect(catalog.products(ofKind: .consumable).isEmpty && catalog.products(ofKind: .nonConsumable).isEmpty)
        #expect(catalog.settings.timeRate == .oneRenewalEveryThirtySeconds)
        #expect(catalog.settings.timeRate.rawValue == 1003)
        #expect(catalog.subscriptionProducts.allSatisfy { $0.subscription?.introductoryOffer == nil })
        #expect(catalog.subscriptionProducts.map { $0.subscription?.level } == [1, 2])
    }

    @Test("11: free intro with no numberOfPeriods, missing codeOffers, zh_CN localization")
    func fixture11() throws {
        let catalog = try CatalogFixtures.load("11")
        let monthly = try #require(catalog.product("com.meetingrecorder.promonthly"))
        #expect(monthly.subscription?.introductoryOffer?.period == BillingPeriod(value: 3, unit: .day))
        #expect(monthly.subscription?.introductoryOffer?.numberOfPeriods == 1)
        #expect(monthly.subscription?.codeOffers.isEmpty == true)
        #expect(monthly.price == 15)
        #expect(monthly.displayName(for: "zh-Hans") == monthly.localization(for: "zh_CN")?.displayName)
        #expect(monthly.localization(for: "zh-Hans")?.locale == "zh_CN")
        #expect(catalog.groups.first?.localizations.count == 2)
    }

    @Test("12: all subscriptions at level 1, JPN storefront, prices with 0–2 decimals")
    func fixture12() throws {
        let catalog = try CatalogFixtures.load("12")
        #expect(catalog.settings.storefront == "JPN")
        #expect(catalog.subscriptionProducts.allSatisfy { $0.subscription?.level == 1 })
        #expect(catalog.product("it_premium_yearly_9800")?.price == 98)
        #expect(catalog.product("it_premium_weekly_480")?.price == Decimal(string: "4.8"))
        #expect(catalog.product("eg.coin1000")?.displayName(for: "ja") == "1000コイン")
        #expect(catalog.product("eg.coin1000")?.displayName(for: "en_US") == "1000コイン", "falls back to the first localization")
    }
}

/// An empty `displayName` is what StoreKit shows: no name, never the reference name (issue: 5 of 39
/// real catalogs leave one empty).
@Suite("An empty product name stays empty")
struct EmptyDisplayNameTests {
    @Test func anEmptyDisplayNameIsShownEmptyAndWarnedWithItsLine() throws {
        // Fixture 18 (CulinaChef, read in the file): its one subscription's en_US displayName is "" at line 60.
        let catalog = try CatalogFixtures.load("18")
        let product = try #require(catalog.subscriptionProducts.first)
        #expect(product.referenceName != "")
        #expect(product.displayName(for: "en_US") == "")
        #expect(catalog.warnings.count == 1 && catalog.warnings[0].contains("18-culinachef-deu-de-v4.storekit:60:31: warning: product \(product.id) has an empty displayName for en_US"), "\(catalog.warnings)")
    }

    /// Three more real catalogs, each read in the file: the empty en_US name's line and column.
    @Test(arguments: [
        ("55", "55-timetable-dsw-pol-v4.storekit:39:27", "com.dswlab.timetable.premium", nil as String?),
        ("59", "59-dicadehoje-empty-name-v1.storekit:35:31", "com.dicadehoje.carteiraplena", nil),
        ("60", "60-courriercode-empty-en-fr-v4.storekit:24:27", "com.courriercode.premium", "CourrierCode Premium"),
    ])
    func moreRealCatalogsWithAnEmptyName(_ fixture: String, _ place: String, _ id: String, _ french: String?) throws {
        let catalog = try CatalogFixtures.load(fixture)
        let product = try #require(catalog.product(id))
        #expect(product.displayName(for: "en_US") == "", "StoreKit shows the empty en_US name, not another locale's")
        if let french { #expect(product.displayName(for: "fr") == french) }
        #expect(catalog.warnings.contains { $0.contains("\(place): warning: product \(id) has an empty displayName for en_US") }, "\(catalog.warnings)")
    }

    /// Fixture 44 (hocalingo, read in the file): both subscriptions have `"localizations" : []`
    /// (lines 56 and 80). StoreKit names them with an empty string, never their reference names.
    @Test func aFilesProductWithNoLocalizationsHasAnEmptyNameAndAWarning() throws {
        let catalog = try CatalogFixtures.load("44")
        for (id, line) in [("hocalingo_premium_weekly", 56), ("hocalingo_premium_yearly", 80)] {
            let product = try #require(catalog.product(id))
            #expect(product.localizations.isEmpty && !product.referenceName.isEmpty)
            #expect(product.displayName(for: "en_US") == "" && product.displayName(for: "tr") == "")
            #expect(catalog.warnings.contains { $0.hasSuffix("44-hocalingo-no-localizations-v4.storekit:\(line):29: warning: product \(id) has no localizations; StoreKit shows an empty name for it (write a displayName in the .storekit)") },
                    "\(catalog.warnings)")
        }
        #expect(catalog.warnings.count == 2)
    }

    @Test func aProductBuiltWithoutLocalizationsKeepsItsReferenceName() {
        let product = StoreProduct(id: "p", referenceName: "Premium", kind: .consumable, price: 1)
        #expect(product.displayName(for: "en_US") == "Premium")
    }
}

/// A `displayPrice` written as a displayed price is read the same whatever its currency: fixture
/// 37's `"$18.00"` (read in the file, line 89) and a won price with a thousands comma.
@Suite("A price written with its currency sign")
struct DisplayedPriceTests {
    func catalog(_ price: String) throws -> StoreCatalog {
        let json = #"{"products":[{"displayPrice":"\#(price)","familyShareable":false,"internalID":"1","localizations":[{"description":"","displayName":"Coins","locale":"ko"}],"productID":"coins","referenceName":"Coins","type":"Consumable"}],"version":{"major":4,"minor":0}}"#
        return try StoreKitConfigurationLoader.decode(Data(json.utf8), origin: "T.storekit")
    }

    @Test func aRealFilesDollarPriceAndAWonPriceWithACommaAreBothRead() throws {
        let fixture = try CatalogFixtures.load("37")
        #expect(fixture.products.contains { $0.price == Decimal(string: "18.00") })
        #expect(try catalog("₩1,500").products.first?.price == 1500)
        #expect(try catalog("$1,299.99").products.first?.price == Decimal(string: "1299.99"))
        #expect(try catalog("€18.00").products.first?.price == 18)
    }

    @Test func aCommaThatIsNoThousandsSeparatorIsStillRefused() {
        #expect(throws: (any Error).self) { try catalog("€9,99") }
        #expect(throws: (any Error).self) { try catalog("$1,50") }
    }
}

/// Files added for issue 55 ("what the real world has that the sets still lack"), each read in the file.
@Suite("Real catalogs with eight plans, win-back offers, an enabled StoreKit error and a Saudi storefront")
struct CorpusRoundFourTests {
    /// Fixture 65 (LeftPocket): 8 subscriptions in 2 groups, levels and prices as written (lines 80-420).
    @Test("65: every one of the eight subscriptions is read, with its group, level, period and price")
    func leftPocketPlans() throws {
        let catalog = try CatalogFixtures.load("65")
        #expect(catalog.subscriptionProducts.count == 8)
        #expect(catalog.groups.map(\.name) == ["Left Pocket Pro", "Premium"])
        let plans = catalog.subscriptionProducts.map { product in
            "\(product.id) \(product.subscription?.groupID ?? "-")/\(product.subscription?.level ?? 0) \(product.subscription?.period.iso8601 ?? "-") \(product.price)"
        }
        #expect(plans == [
            "lp_4999_1y 21629539/4 P1Y 29.99", "lp_7999_1y 21629539/1 P1Y 79.99", "lp_699_1m 21629539/5 P1M 6.99",
            "lp_999_1m 21629539/2 P1M 9.99", "lp_299_1w 21629539/3 P1W 2.99",
            "lp_2999_1y 21425788/1 P1Y 19.99", "lc_399_1m 21425788/2 P1M 2.99", "lp_099_1w 21425788/3 P1W 0.99",
        ], "the file's order; the ids' prices (4999, 2999, 399) are not what the file charges")
        #expect(catalog.product("lp_14999_life")?.kind == .nonConsumable)
        // Every subscription has a free intro; five of the first group's share one name.
        #expect(catalog.subscriptionProducts.allSatisfy { $0.subscription?.introductoryOffer?.paymentMode == .free })
        #expect(catalog.subscriptionProducts.filter { $0.displayName(for: "en_US") == "Left Pocket Pro" }.count == 5)
        #expect(catalog.subscriptionProducts.reduce(0) { $0 + ($1.subscription?.codeOffers.count ?? 0) } == 9)
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    @Test("65: the two win-back offers, pay as you go for 12 months, on the two monthly plans")
    func leftPocketWinback() throws {
        let catalog = try CatalogFixtures.load("65")
        let winbacks = catalog.subscriptionProducts.flatMap { product in (product.subscription?.winbackOffers ?? []).map { (product.id, $0) } }
        #expect(winbacks.map(\.0) == ["lp_699_1m", "lp_999_1m"])
        #expect(winbacks.map(\.1.offerID) == ["winbackoffer_399_1m", "winbackoffer_499"])
        #expect(winbacks.map(\.1.price) == [Decimal(string: "3.99"), Decimal(string: "4.99")])
        #expect(winbacks.map(\.1.referenceName) == ["Win Back Offer - Monthly $3.99", "Win Back Offer $4.99 Monthly"])
        for (_, offer) in winbacks {
            #expect(offer.kind == .winback)
            #expect(offer.paymentMode == .payAsYouGo)
            #expect(offer.period == BillingPeriod(value: 1, unit: .month))
            #expect(offer.numberOfPeriods == 12)
        }
        #expect(catalog.settings.storeKitErrors.count == 9)
        #expect(catalog.settings.forcedErrors.isEmpty, "none of the nine entries is enabled")
    }

    /// The paywall with no remote config: the first group's five plans by level, BEST VALUE on the
    /// cheapest per day ($29.99 a year, level 4), the second group's three left for a paywall that names them.
    @Test("65: the default paywall lists the first group's five plans by level and badges the cheapest per day")
    func leftPocketPaywall() throws {
        let catalog = try CatalogFixtures.load("65")
        let shown = PlanFactory(catalog: catalog).defaultPaywallPlans()
        #expect(shown.map(\.id) == ["lp_7999_1y", "lp_999_1m", "lp_299_1w", "lp_4999_1y", "lp_699_1m"])
        #expect(shown.map(\.displayPrice) == ["$79.99", "$9.99", "$2.99", "$29.99", "$6.99"])
        #expect(shown.filter(\.isBestValue).map(\.id) == ["lp_4999_1y"])
        let premium = PlanFactory(catalog: catalog).plans(for: try #require(catalog.group("21425788")).productIDs)
        #expect(premium.map(\.id) == ["lp_2999_1y", "lc_399_1m", "lp_099_1w"])
        #expect(premium.filter(\.isBestValue).map(\.id) == ["lp_2999_1y"])
    }

    /// Fixture 66 (itri): written by hand with keys Xcode never writes (`nonConsumableProducts`,
    /// `nonRenewingSubscriptionProducts`, `familySharable`, `adHocOfferCodesEnabled`), all empty or
    /// false; read without a refusal, with the Saudi storefront and its riyal prices, and a warning
    /// for each of the two top-level keys Xcode never writes (nested unknown keys are not reported).
    @Test("66: a hand-written SAU file: two SAR plans read, the storefront's currency used")
    func itriSaudi() throws {
        let catalog = try CatalogFixtures.load("66")
        #expect(catalog.formatVersion?.description == "3.0")
        #expect(catalog.settings.storefront == "SAU")
        #expect(catalog.settings.locale == "ar_SA")
        #expect(catalog.settings.timeRate == .oneHourIsOneDay)
        #expect(catalog.settings.storeKitErrors.isEmpty)
        #expect(catalog.products.map(\.id) == ["itri_premium_monthly", "itri_premium_yearly"])
        #expect(catalog.products.map(\.price) == [Decimal(string: "37.99"), Decimal(string: "299.99")])
        #expect(catalog.subscriptionProducts.map { $0.subscription?.level } == [1, 2])
        #expect(catalog.product("itri_premium_yearly")?.displayName(for: "ar") == "Itri Pro Yearly", "en_US is the only localization")
        #expect(catalog.warnings.count == 2, "\(catalog.warnings)")
        #expect(catalog.warnings.allSatisfy { $0.contains("66-itri-sau-hand-written-v3.storekit:") && $0.contains("is not one Xcode writes and is ignored (an empty array)") },
                "\(catalog.warnings)")
        let shown = PlanFactory(catalog: catalog).defaultPaywallPlans()
        #expect(shown.map(\.currencyCode) == ["SAR", "SAR"])
        #expect(shown.filter(\.isBestValue).map(\.id) == ["itri_premium_yearly"])
    }

    /// Fixture 67 (jordancalhoun/StoreKit2 at 8c61cd6, a day before the author switched it off): Xcode's
    /// Purchase error enabled with `current: {"index": 2, "type": "generic"}` (lines 63-69), next to
    /// `_failTransactionsEnabled: true` (line 54).
    @Test("67: the enabled Purchase error is read as enabled and fails a purchase; the other eight stay off")
    func enabledPurchaseError() throws {
        let catalog = try CatalogFixtures.load("67")
        #expect(catalog.settings.storeKitErrors.count == 9)
        #expect(catalog.settings.storeKitErrors.filter(\.enabled).map(\.name) == ["Purchase"])
        let purchase = try #require(catalog.settings.storeKitErrors.first { $0.name == "Purchase" })
        #expect(purchase.errorType == "generic" && purchase.errorIndex == 2)
        #expect(catalog.settings.failTransactionsEnabled)
        #expect(catalog.settings.forcedErrors == ["Purchase": "networkError"],
                "generic #2 in the order of StoreKitError's cases (the tool's inference); the file's entry wins over the legacy flag")
        let store = try SimulatedStore(catalog: catalog, stateDirectory: Fixture.tempDirectory(), clock: ManualClock(Fixture.start),
                                       seed: 42, bundleID: Fixture.bundleID, environment: "Xcode", durability: .durable)
        #expect(try store.products(for: ["subscription.yearly", "nonconsumable.lifetime"]).count == 2, "Load Products is not forced")
        #expect(store.purchase(productID: "subscription.yearly") == .failed(error: "networkError"))
        #expect(store.purchase(productID: "nonconsumable.lifetime") == .failed(error: "networkError"))
        #expect(store.allTransactions.isEmpty)
    }

    /// Fixture 68 (LongVeipe/trung-mua-flutter, 2022): the corpus's first Vietnamese (`vi`) localizations.
    /// Format 1.1 with `settings: {}`, so no storefront or locale of its own. A consumable priced `"99"`
    /// named "scan disease" in en_US and "việt nam" in vi; one P1M subscription, "Cây lúa" at `"0.99"`,
    /// localized **in vi only**, in a group named "Nhận diện AI" with no localizations, carrying a free
    /// P2W ad-hoc offer named "Dùng thử 14 ngày" whose `offerID` is empty.
    @Test("68: a vi-only subscription keeps its Vietnamese name in every language; its free offer is read")
    func vietnameseOnly() throws {
        let catalog = try CatalogFixtures.load("68")
        #expect(catalog.formatVersion?.description == "1.1")
        #expect(catalog.products.map(\.id) == ["scan_disease_test1", "caylua99k"])
        let consumable = try #require(catalog.product("scan_disease_test1"))
        #expect(consumable.kind == .consumable)
        #expect(consumable.price == Decimal(99))
        #expect(consumable.displayName(for: "vi") == "việt nam")
        #expect(consumable.displayName(for: "vi_VN") == "việt nam", "a region of vi finds vi")
        #expect(consumable.displayName(for: "en_US") == "scan disease")
        let rice = try #require(catalog.product("caylua99k"))
        #expect(rice.price == Decimal(string: "0.99"))
        #expect(rice.subscription?.period.iso8601 == "P1M")
        #expect(rice.displayName(for: "vi") == "Cây lúa")
        #expect(rice.displayName(for: "en_US") == "Cây lúa", "vi is its only localization")
        #expect(catalog.group("153C8326")?.name == "Nhận diện AI")
        let offer = try #require(rice.subscription?.promotionalOffers.first)
        #expect(rice.subscription?.promotionalOffers.count == 1)
        #expect(offer.paymentMode == .free)
        #expect(offer.period.iso8601 == "P2W")
        #expect(offer.referenceName == "Dùng thử 14 ngày")
        #expect(rice.subscription?.introductoryOffer == nil)
    }
}
