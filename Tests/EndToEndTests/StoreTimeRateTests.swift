import Foundation
import Testing

/// The store's time rates and catalog warnings through the CLI, on real fixture files.
@Suite("paywall-sim store time rates and warnings")
struct StoreTimeRateTests {
    let state = PaywallSimProcess.tempStateDirectory()
    static let superwall = PaywallSimProcess.fixtures.appendingPathComponent("storekit/10-superwall-timerate1003-v5.storekit")

    func store(_ arguments: [String]) async throws -> ProcessResult {
        await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path])
    }

    @Test func oneRenewalEveryThirtySecondsRenewsSixtyTimesInHalfAnHour() async throws {
        let file = Self.superwall.path
        let bought = try await store(["buy", "superwall_diamond_8999", "--storekit", file, "--now", "2026-01-01T00:00:00Z"])
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        #expect(bought.stdout.contains("2026-01-01T00:00:30Z"))
        let advanced = try await store(["advance", "30m", "--storekit", file])
        #expect(advanced.exitCode == 0, "\(advanced.stderr)")
        #expect(advanced.stdout.contains("60 renewal(s)."))
        #expect(advanced.stdout.contains("… 45 more"))         // long lists are cut in the table…
        let json = try await store(["transactions", "--storekit", file, "--json", "--limit", "0"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["transactions"] as? [Any])?.count == 61)   // …but every transaction is in the ledger
    }

    @Test func catalogWarningsGoToStderr() async throws {
        let text = try String(contentsOf: Self.superwall, encoding: .utf8)
            .replacingOccurrences(of: "\"_timeRate\" : 1003", with: "\"_timeRate\" : 14")
        let file = state.appendingPathComponent("UnknownRate.storekit")
        try Data(text.utf8).write(to: file)
        let result = try await store(["products", "--storekit", file.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("superwall_diamond_8999"))
        #expect(result.stderr.contains("\(file.path):"))
        #expect(result.stderr.contains("unknown _timeRate 14"))
    }

    /// Issue 13.5: a storefront the simulator does not know is refused, never shown in dollars.
    @Test func unknownStorefrontIsRefusedNotShownInDollars() async throws {
        let result = try await store(["products", "--storefront", "XYZ"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--storefront XYZ: unknown storefront \"XYZ\""))
        #expect(!result.stdout.contains("$9.99"))
        let run = try PaywallSimProcess.run(["--storefront", "XYZ"])
        #expect(run.exitCode == 64, "run refuses it too")
        let bad = try await store(["products", "--storefront", "KOREA"])
        #expect(bad.exitCode != 0)
        #expect(bad.stderr.contains("alpha-3"))
    }
}
