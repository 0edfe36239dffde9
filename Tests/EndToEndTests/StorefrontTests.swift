import Foundation
import Testing
import TestSupport
@testable import StoreSim

/// Issue 13.5: every App Store storefront, its id and currency, prices in that currency's minor units.
@Suite("Storefronts: all 175, their ids and currencies")
struct StorefrontTests {
    @Test("the table is Apple's 175 storefronts, each code and id once, and the Swift table is generated from the data file")
    func table() async throws {
        #expect(Storefront.all.count == 175)
        #expect(Set(Storefront.all.map(\.code)).count == 175)
        #expect(Set(Storefront.all.map(\.storefrontID)).count == 175)
        // Ids read in Apple's MusicKit table and at least one other source (Scripts/data/storefronts-SOURCES.md).
        let known = ["USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "JPN": "143462", "CHN": "143465",
                     "KOR": "143466", "NOR": "143457", "COL": "143501", "CHL": "143483", "POL": "143478"]
        for (code, id) in known { #expect(Storefront(code: code)?.storefrontID == id, "\(code)") }
        // Apple's App Store currency, not always the national one.
        let currencies = ["NOR": "NOK", "COL": "COP", "CHL": "CLP", "POL": "PLN", "ISL": "USD", "ARG": "USD", "UKR": "USD",
                          "SRB": "EUR", "BGR": "EUR", "CZE": "CZK", "EGY": "EGP", "VNM": "VND"]
        for (code, currency) in currencies { #expect(Storefront(code: code)?.currencyCode == currency, "\(code)") }
        // The table and its page are what `embed-resources` writes from Scripts/data/storefronts.tsv now.
        let embed = try BuiltBinary.url(named: "embed-resources")
        let check = try CleanSpawn.shell("\(CleanSpawn.quote(embed.path)) --check", in: TestPaths.packageRoot)
        #expect(check.status == 0, "\(check.output)")
    }

    /// Each price read in the file, with the storefront and `_locale` it names, as a person there would write it.
    @Test("store products shows real catalogs' prices in their storefront's currency and minor units", arguments: [
        ("13-fergetid-nor-nb-v3.storekit", "kjoretidberegning", "49,00 kr"),
        ("14-l-ark-chl-es-mx-v4.storekit", "cl.lark.vault.pro.monthly", "$8.990"),
        ("14-l-ark-chl-es-mx-v4.storekit", "cl.lark.vault.pro.yearly", "$80.990"),
        ("16-kamyal-rus-ru-consumable-v5.storekit", "software.kanunnikoff.Kamyal.Products.Tip", "0,99 ₽"),
        ("22-happiness-ukr-nonrenewing-v1.storekit", "hp.199.1.m", "1,99 USD"),
        ("33-cubetime-nzl-donations-v3.storekit", "com.cubetime.cubetime.5donation", "$2.99"),
        ("34-chemsims-col-cop-prices-v1.storekit", "tip_with_badge_1", "$ 4.900"),
        ("51-goaltimer-jpn-ja-v3.storekit", "goal_timer_premium_1_month", "¥500"),
        ("55-timetable-dsw-pol-v4.storekit", "com.dswlab.timetable.tip.hot.dog", "5,00 PLN"),
        ("57-chengyu-chn-mixed-prices-v3.storekit", "com.chengyu.anchor.lifetime", "¥299.00"),
        // Saudi riyals in Saudi Arabic, with Arabic-Indic digits as ICU writes ar_SA (its bidi marks left out).
        ("66-itri-sau-hand-written-v3.storekit", "itri_premium_monthly", "٣٧٫٩٩ ر.س."),
        ("66-itri-sau-hand-written-v3.storekit", "itri_premium_yearly", "٢٩٩٫٩٩ ر.س."),
    ])
    func corpusPrices(file: String, product: String, expected: String) async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("sf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let path = TestPaths.fixtures.appendingPathComponent("storekit/\(file)").path
        let result = await InProcessCommandLine.run(["store", "products", "--storekit", path, "--state", state.path, "--json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let products = document?["products"] as? [[String: Any]] ?? []
        let shown = products.first { $0["id"] as? String == product }?["displayPrice"] as? String
        #expect(shown?.replacingOccurrences(of: "\u{00A0}", with: " ") == expected)
        #expect(!result.stderr.contains("USD") || file.hasPrefix("22-"), "no dollars unless the storefront charges them")
    }

    @Test("a storefront nobody knows is refused with the closest code on run, store, play and in a .storekit file")
    func unknownIsRefused() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("sf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let store = await InProcessCommandLine.run(["store", "products", "--storefront", "USS", "--state", state.path])
        #expect(store.exitCode == 64)
        #expect(store.stderr.contains("unknown storefront \"USS\" (did you mean 'USA'?)"), "\(store.stderr)")
        let catalog = state.appendingPathComponent("Bad.storekit")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data(#"{ "products" : [], "settings" : { "_storefront" : "XKX" }, "version" : { "major" : 3, "minor" : 0 } }"#.utf8).write(to: catalog)
        let file = await InProcessCommandLine.run(["store", "products", "--storekit", catalog.path, "--state", state.appendingPathComponent("s").path])
        #expect(file.exitCode != 0)
        #expect(file.stderr.contains("Bad.storekit:1:"), "\(file.stderr)")
        #expect(file.stderr.contains("unknown storefront \"XKX\""))
        let copy = await InProcessCommandLine.run(["copy", "check", "--storekit", catalog.path, "--locale", "en", "--theme", "dark", "--size", "80x24", "--offer", "A"])
        #expect(copy.exitCode == 2)
        #expect(copy.stderr.contains("unknown storefront \"XKX\""), "\(copy.stderr)")
        let tape = state.appendingPathComponent("t.tape")
        try Data("Set Storefront USS\nExpect Screen onboarding\n".utf8).write(to: tape)
        let play = await InProcessCommandLine.run(["play", "--check", tape.path])
        #expect(play.exitCode != 0)
        #expect(play.stdout.contains("did you mean 'USA'?") || play.stderr.contains("did you mean 'USA'?"), "\(play.stdout)\(play.stderr)")
    }
}
