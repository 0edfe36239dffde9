import Foundation
import Testing
import TestSupport

/// A public App Store client with strict models (`storekit-python` 0.0.2 on pydantic 1, from PyPI
/// in `.venv-appstore`) decodes every notification `serve` sends over HTTP to a webhook — as a
/// backend built on it would — including `EXPIRED` and `REFUND`, whose renewal info must carry
/// `renewalDate` and `recentSubscriptionStartDate`.
@Suite("A strict-model client decodes every notification serve sends", .serialized)
struct StrictClientTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: String...) throws {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everyNotificationTypeDecodesWithStrictModels() throws {
        try store("entitlements", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox")
        let receiver = try ServeTests.Receiver(in: state.appendingPathComponent("receiver"))
        let server = try ServeTests.Server(["--state", state.path, "--notify", receiver.url])
        _ = server
        try store("family-share", "yearly_59_99")          // SUBSCRIBED INITIAL_BUY (FAMILY_SHARED)
        try store("revoke-family", "yearly_59_99")         // REVOKE
        try store("buy", "monthly_14_99")                  // SUBSCRIBED RESUBSCRIBE
        try store("advance", "6m")                         // DID_RENEW (the sandbox's month is 5 minutes)
        try store("auto-renew", "off")                     // DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED
        try store("auto-renew", "on")                      // … AUTO_RENEW_ENABLED
        try store("buy", "weekly_9_99")                    // DID_CHANGE_RENEWAL_PREF DOWNGRADE
        try store("buy", "yearly_59_99")                   // DID_CHANGE_RENEWAL_PREF UPGRADE
        try store("price-increase", "yearly_59_99", "69.99")   // PRICE_INCREASE PENDING
        try store("refund")                                // REFUND
        try store("buy", "monthly_14_99")                  // SUBSCRIBED RESUBSCRIBE
        try store("billing-issue", "on")
        try store("advance", "40d")                        // DID_FAIL_TO_RENEW
        try store("advance", "70d")                        // EXPIRED BILLING_RETRY
        try store("billing-issue", "off")
        try store("buy", "weekly_9_99")                    // SUBSCRIBED RESUBSCRIBE
        try store("auto-renew", "off")
        try store("advance", "10d")                        // EXPIRED VOLUNTARY
        try store("redeem", "FRIENDS1M")                   // SUBSCRIBED RESUBSCRIBE (a code's too: Apple's current table keeps OFFER_REDEEMED for active subscribers)
        let payloads = receiver.payloads(count: 17)
        #expect(payloads.count == 17, "\(payloads.count) notifications received")

        let input = state.appendingPathComponent("received.json")
        let document = ["notifications": payloads.map { ["signedPayload": $0] }]
        try JSONSerialization.data(withJSONObject: document).write(to: input)
        let script = TestPaths.scripts.appendingPathComponent("appstore/strict_decode.py").path
        let run = try CleanSpawn.shell("\(CleanSpawn.quote(AppStoreServerLibraryTests.python)) \(CleanSpawn.quote(script)) < \(CleanSpawn.quote(input.path))")
        let lines = run.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(run.status == 0, "\(run.output)")
        #expect(lines.count == payloads.count && lines.allSatisfy { $0["ok"] as? Bool == true }, "\(run.output)")
        let kinds = Set(lines.map { "\($0["type"] ?? "")/\($0["subtype"] as? String ?? "-")" })
        #expect(kinds.isSuperset(of: ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/RESUBSCRIBE", "DID_RENEW/-", "REFUND/-", "EXPIRED/VOLUNTARY",
                                      "EXPIRED/BILLING_RETRY", "DID_FAIL_TO_RENEW/-", "PRICE_INCREASE/PENDING",
                                      "DID_CHANGE_RENEWAL_PREF/UPGRADE", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
                                      "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
                                      "REVOKE/-"]),
                "\(kinds.sorted())")
    }
}
