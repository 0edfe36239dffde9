import Foundation
import Testing
import TestSupport

/// One clock per state: a tape leaves it pinned, a `store` command never jumps a pinned clock, a
/// tape on a used state says so, and a long history lists a page at a time.
@Suite("A state's clock and its history")
struct StateClockTests {
    let state = PaywallSimProcess.tempStateDirectory()
    let tape = TestPaths.scripts.appendingPathComponent("tapes/happy-path-yearly.tape").path

    func run(_ arguments: [String]) throws -> ProcessResult {
        try PaywallSimProcess.run(arguments + ["--state", state.path])
    }

    @Test func aTapeThenAStoreCommandSeesTheTapesTimeAndRenewsNothing() throws {
        let played = try run(["play", tape])
        #expect(played.exitCode == 0, "\(played.stdout)\(played.stderr)")
        // The tape bought the yearly plan with a week's free trial at 2026-01-30T09:00:00Z and ended 3.05 s later.
        for _ in 0..<2 {
            let listed = try run(["store", "transactions", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
            #expect(document["now"] as? String == "2026-01-30T09:00:03Z", "\(listed.stdout)")
            #expect(document["clock"] as? String == "pinned")
            #expect(document["total"] as? Int == 1, "no jump to the wall clock, no renewal")
        }
        let entitlements = try run(["store", "entitlements"])
        #expect(entitlements.stdout.hasPrefix("Simulated time 2026-01-30T09:00:03Z (pinned)"), "\(entitlements.stdout)")
    }

    @Test func aTapeOnAUsedStateSaysSoAndTheReadmeExampleRunsTwice() throws {
        for round in 1...2 {
            let played = try run(["play", tape, "--reset"])
            #expect(played.exitCode == 0, "round \(round): \(played.stdout)\(played.stderr)")
        }
        let again = try run(["play", tape])
        #expect(again.exitCode == 1)
        #expect(again.stderr.contains("is not fresh (1 transaction"), "\(again.stderr)")
        #expect(again.stderr.contains("--reset") && again.stderr.contains("--continue"), "\(again.stderr)")
        #expect(again.stdout.isEmpty, "nothing was played")
        // --continue plays on it: the customer already has the plan, so the tape's own expectations fail.
        let continued = try run(["play", tape, "--continue"])
        #expect(continued.exitCode == 1, "\(continued.stdout)")
        #expect(continued.stdout.contains("FAIL"))
    }

    @Test func nowPinsAndClockWallFollowsTheWallClock() throws {
        _ = try run(["store", "buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z"])
        let pinned = try run(["store", "entitlements"])
        #expect(pinned.stdout.hasPrefix("Simulated time 2026-01-30T09:00:00Z (pinned)"), "\(pinned.stdout)")
        let wall = try run(["store", "entitlements", "--clock", "wall"])
        #expect(wall.stdout.contains("(wall clock -"), "\(wall.stdout)")
        let file = try String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8)
        #expect(file.contains("\"wall\""), "\(file)")
        let bad = try run(["store", "entitlements", "--clock", "sometimes"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("--clock sometimes: expected pinned or wall"), "\(bad.stderr)")
    }

    @Test func listingPagesNewestFirst() throws {
        let fixture = TestPaths.fixtures.appendingPathComponent("storekit/10-superwall-timerate1003-v5.storekit").path
        _ = try run(["store", "buy", "superwall_diamond_8999", "--storekit", fixture, "--now", "2026-01-01T00:00:00Z"])
        _ = try run(["store", "advance", "1h", "--storekit", fixture])  // one renewal every 30 s: 120 renewals
        let text = try run(["store", "transactions", "--storekit", fixture, "--limit", "3"]).stdout
        #expect(text.contains("118 older transactions not shown (121 in all; --limit 0 shows every one)."), "\(text)")
        let page = try run(["store", "transactions", "--storekit", fixture, "--json", "--since", "2026-01-01T00:59:00Z"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(page.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["transactions"] as? [[String: Any]])
        #expect(document["total"] as? Int == 3, "purchased 00:59:00, 00:59:30 and 01:00:00")
        #expect(rows.map { $0["purchaseDate"] as? String } == ["2026-01-01T01:00:00Z", "2026-01-01T00:59:30Z", "2026-01-01T00:59:00Z"])
        let bad = try run(["store", "transactions", "--limit", "-1"])
        #expect(bad.exitCode == 64)
    }

    @Test func aCatchUpOfMoreThanTenThousandRenewalsAsksFirst() throws {
        let fixture = TestPaths.fixtures.appendingPathComponent("storekit/10-superwall-timerate1003-v5.storekit").path
        _ = try run(["store", "buy", "superwall_diamond_8999", "--storekit", fixture, "--now", "2026-01-01T00:00:00Z"])
        let refused = try run(["store", "advance", "4d", "--storekit", fixture])  // a renewal every 30 s: 11,520
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("runs about 11520 renewals at time rate oneRenewalEveryThirtySeconds; add --yes"), "\(refused.stderr)")
        let listed = try run(["store", "transactions", "--storekit", fixture, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        #expect(document["total"] as? Int == 1, "nothing ran")
        #expect(document["now"] as? String == "2026-01-01T00:00:00Z", "the clock did not move")
    }
}
