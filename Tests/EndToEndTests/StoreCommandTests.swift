import Foundation
import PaywallSimCLI
import Testing

/// `paywall-sim store …` on a temp state directory: in process through the command line's own
/// entry, and once as the real binary.
@Suite("paywall-sim store")
struct StoreCommandTests {
    let state = PaywallSimProcess.tempStateDirectory()
    static let start = "2026-01-01T00:00:00Z"
    static let joodle = PaywallSimProcess.fixtures.appendingPathComponent("storekit/04-joodle-7-locales-v6.storekit").path

    /// Runs `paywall-sim store ARGS --state DIR`.
    func store(_ arguments: String...) async -> ProcessResult { await store(arguments) }

    func store(_ arguments: [String]) async -> ProcessResult {
        await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path])
    }

    /// Runs a store command that must succeed and returns its JSON document.
    func json(_ arguments: String...) async throws -> [String: Any] {
        let result = await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path, "--json"])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "not a JSON object: \(result.stdout)")
    }

    /// The live-binary smoke test: the binary and the command line in process write the same bytes
    /// and exit alike, for a table, a JSON document and a refusal.
    @Test func theBinaryWritesWhatTheCommandLineWritesInProcess() async throws {
        for arguments in [["products"], ["products", "--json"], ["products", "--profile", "nope"], ["sotre"]] {
            let binary = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
            let inProcess = await store(arguments)
            #expect(binary.exitCode == inProcess.exitCode, "\(arguments)")
            #expect(binary.stdout == inProcess.stdout, "\(arguments)")
            #expect(binary.stderr == inProcess.stderr, "\(arguments)")
        }
    }

    @Test func productsTableShowsTheEmbeddedCatalog() async throws {
        let result = await store("products")
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let weekly = try #require(lines.first { $0.hasPrefix("weekly_9_99 ") })
        #expect(weekly.contains("auto-renewable") && weekly.contains("$9.99") && weekly.contains("1 week") && weekly.contains("premium/3"))
        let yearly = try #require(lines.first { $0.hasPrefix("yearly_59_99 ") })
        #expect(yearly.contains("free 1 week") && yearly.contains("premium/1"))
        // Aligned: every column starts at the same offset in each row.
        let header = try #require(lines.first { $0.hasPrefix("PRODUCT") })
        let priceColumn = try #require(header.range(of: "PRICE")).lowerBound.utf16Offset(in: header)
        #expect(weekly.utf16.count > priceColumn)
        #expect(Array(weekly.utf16)[priceColumn] == "$".utf16.first)
    }

    @Test func productsInTheKoreanStorefrontUseWon() async throws {
        let result = await store("products", "--storefront", "KOR")
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("₩12,000"))
        #expect(result.stdout.contains("₩79,000"))
    }

    @Test func productsOfAProfileAndAnUnknownProfileRefused() async throws {
        let voip = await store("products", "--profile", "voip")
        #expect(voip.exitCode == 0)
        #expect(voip.stdout.contains("com.voipapp.premium.monthly") && voip.stdout.contains("$29.99"))
        let bad = await store("products", "--profile", "nope")
        #expect(bad.exitCode != 0)
        #expect(bad.stderr.contains("nope: no such profile"))
    }

    /// A catalog priced in yuan shown for Korea keeps its own currency (with a warning), instead of
    /// relabelling 298 yuan as 298 won.
    @Test func aStorefrontTheCatalogHasNoPricesForKeepsItsCurrency() async throws {
        let result = await store("products", "--profile", "chat", "--storefront", "KOR")
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("¥298.00") && !result.stdout.contains("₩298"), "\(result.stdout)")
        #expect(result.stderr.contains("warning: --storefront KOR: built-in:chat has no prices for it; prices shown in its own storefront CHN (CNY)"))
    }

    /// Issue 13.10: every offer of a product, in the table and the JSON.
    @Test func productsListEveryOfferCodeAndWinBack() async throws {
        let codes = PaywallSimProcess.fixtures.appendingPathComponent("storekit/03-revenuecat-purchasetester-codeoffers-v3.storekit").path
        let table = await store("products", "--storekit", codes)
        #expect(table.stdout.contains("Offers:"))
        #expect(table.stdout.contains("code - (deema-offer-code-expired-subs-no-intro) — $0.99 every 1 week × 5 · for expired"), "\(table.stdout)")
        let json = await InProcessCommandLine.run(["store", "products", "--storekit", codes, "--json", "--state", state.path])
        #expect(json.stdout.contains("\"codeOffers\"") && json.stdout.contains("\"eligibility\""))
        let winback = PaywallSimProcess.fixtures.appendingPathComponent("storekit/28-rc-kmp-winback-v4.storekit").path
        let back = await InProcessCommandLine.run(["store", "products", "--storekit", winback, "--state", state.path + "-w"])
        #expect(back.stdout.contains("winback winback1w0 (WinBack 1w0) — free 1 week"), "\(back.stdout)")
    }

    @Test func productsJSONIsAStableDocument() async throws {
        let document = try await json("products")
        #expect(document["storefront"] as? String == "USA")
        #expect(document["currency"] as? String == "USD")
        let products = try #require(document["products"] as? [[String: Any]])
        #expect(products.map { $0["id"] as? String } == ["weekly_9_99", "monthly_14_99", "yearly_59_99"])
        #expect(products[0]["displayPrice"] as? String == "$9.99")
        #expect(products[0]["price"] as? String == "9.99")
        #expect(products[2]["period"] as? String == "P1Y")
        let intro = try #require(products[2]["introOffer"] as? [String: Any])
        #expect(intro["paymentMode"] as? String == "free")
        // Every key is always there: an empty one is null, not missing.
        #expect(products[0].keys.contains("introOffer"))
        #expect(products[0]["introOffer"] is NSNull)
        // Keys are sorted, so the same catalog prints the same bytes.
        let first = await store("products", "--json").stdout
        let second = await store("products", "--json").stdout
        #expect(first == second)
    }

    @Test func productsOfAFixtureFile() async throws {
        let table = await store("products", "--storekit", Self.joodle)
        #expect(table.exitCode == 0, "stderr: \(table.stderr)")
        #expect(table.stdout.contains("storefront SGP (SGD), 4 product(s)"))
        #expect(table.stdout.contains("dev.liyuxuan.joodle.pro.yearly"))
        #expect(table.stdout.contains("$29.98"))
        let document = try await json("products", "--storekit", Self.joodle)
        let products = try #require(document["products"] as? [[String: Any]])
        #expect(products.count == 4)
        let monthly = try #require(products.first { $0["id"] as? String == "dev.liyuxuan.joodle.pro.monthly" })
        #expect(monthly["type"] as? String == "auto-renewable")
        #expect(monthly["period"] as? String == "P1M")
        #expect(monthly["displayPrice"] as? String == "$3.98")
        #expect(monthly["level"] as? Int == 2)
    }

    @Test func brokenStoreKitFileIsRefusedWithItsPath() async throws {
        let file = state.appendingPathComponent("Broken.storekit")
        try Data("{\"products\": [ {\"productID\": 3".utf8).write(to: file)
        let result = await store("products", "--storekit", file.path)
        #expect(result.exitCode != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(file.path))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func missingStoreKitFileIsRefused() async throws {
        let path = state.appendingPathComponent("Missing.storekit").path
        let result = await store("transactions", "--storekit", path)
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains(path))
    }

    @Test func corruptStateFileIsRefusedWithItsPath() async throws {
        let storeDir = state.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: storeDir, withIntermediateDirectories: true)
        try Data("{torn".utf8).write(to: storeDir.appendingPathComponent("store-ledger.json"))
        let result = await store("transactions")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("store-ledger.json"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func corruptSettingsFileIsRefusedWithItsPath() async throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("[1,".utf8).write(to: state.appendingPathComponent("settings.json"))
        let result = await store("entitlements")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("settings.json"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8) == "[1,", "left as it is")
    }

    @Test func stateThatIsAFileIsRefused() async throws {
        let file = state.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: file)
        let result = await InProcessCommandLine.run(["store", "transactions", "--state", file.path])
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("\(file.path): is a file; expected a writable state directory"))
    }

    @Test func approveAndDeclineWithNothingPendingSaySo() async throws {
        for action in ["approve", "decline"] {
            let result = await store(action)
            #expect(result.exitCode != 0)
            #expect(result.stderr.contains("no Ask to Buy request is waiting"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let named = await store("approve", "weekly_9_99")
        #expect(named.stderr.contains("no Ask to Buy request is waiting for weekly_9_99"))
    }

    @Test func unknownProductIsRefused() async throws {
        let result = await store("buy", "nope_1_99")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("unknown product nope_1_99"))
        #expect(result.stderr.contains("weekly_9_99"))
        let expire = await store("expire", "nope")
        #expect(expire.exitCode != 0)
        #expect(expire.stderr.contains("unknown product or group nope"))
    }

    @Test func badDurationIsRefused() async throws {
        let result = await store("advance", "3 fortnights")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("expected a number and a unit"))
    }
}
