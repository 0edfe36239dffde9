import Foundation
import Testing

/// Issue 14: the StoreKit Testing controls the engine had, reachable from `paywall-sim store`.
@Suite("paywall-sim store: StoreKit Testing controls", .serialized)
struct StoreKitControlsTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: String...) throws -> ProcessResult {
        try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
    }

    @Test func billingIssueGraceAndRecoveryAutoRenewRefundReasonAndDelete() throws {
        #expect(try store("buy", "weekly_9_99", "--now", "2026-01-01T00:00:00Z").exitCode == 0)
        let issue = try store("billing-issue", "on")
        #expect(issue.exitCode == 0, "\(issue.stderr)")
        #expect(issue.stdout.contains("Billing issues on"))
        let retry = try store("advance", "8d")
        #expect(retry.stdout.contains("inBillingRetryPeriod"), "no grace in the embedded catalog: \(retry.stdout)")
        let fixed = try store("billing-issue", "off")
        #expect(fixed.stdout.contains("Billing issues off"))
        #expect(fixed.stdout.contains("subscribed"), "\(fixed.stdout)")
        let off = try store("auto-renew", "off", "premium")
        #expect(off.exitCode == 0, "\(off.stderr)")
        #expect(off.stdout.contains("Auto-renew off for the subscription in group premium."))
        let entitlements = try store("entitlements")
        let row = entitlements.stdout.split(separator: "\n").first { $0.hasPrefix("premium ") }.map(String.init) ?? ""
        #expect(row.split(separator: " ").contains("off"), "AUTO-RENEW off: \(entitlements.stdout)")
        let refund = try store("refund", "weekly_9_99", "--reason", "appIssue")
        #expect(refund.exitCode == 0, "\(refund.stderr)")
        #expect(refund.stdout.contains("reason appIssue"))
        let badReason = try store("refund", "--reason", "because")
        #expect(badReason.exitCode == 64)
        let deleted = try store("delete", "weekly_9_99")
        #expect(deleted.exitCode == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.contains("Deleted transaction"))
        let nothing = try store("delete", "nope")
        #expect(nothing.exitCode != 0)
        #expect(nothing.stderr.contains("delete: no transaction nope"))
        let bad = try store("billing-issue", "maybe")
        #expect(bad.exitCode != 0)
        #expect(bad.stderr.contains("expected on or off"))
    }

    @Test func resolveWithNothingInterruptedSaysSo() throws {
        let result = try store("resolve")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("no interrupted purchase is waiting"))
    }
}
