import Foundation
import Testing

/// Issue 14: the StoreKit Testing controls the engine had, reachable from `paywall-sim store`.
@Suite("paywall-sim store: StoreKit Testing controls", .serialized)
struct StoreKitControlsTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: String...) async throws -> ProcessResult {
        await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path])
    }

    @Test func storeSettingsShowsAndFlipsXcodesSwitches() async throws {
        let shown = try await store("settings")
        #expect(shown.exitCode == 0 && shown.stdout.contains("ask-to-buy    off") && shown.stdout.contains("time-rate     realTime"), "\(shown.stdout)")
        let on = try await store("settings", "ask-to-buy", "on")
        #expect(on.stdout.contains("ask-to-buy is now on.") && on.stdout.contains("ask-to-buy    on"), "\(on.stdout)")
        let grace = try await store("settings", "grace-period", "16")
        #expect(grace.stdout.contains("grace-period  16 days"), "\(grace.stdout)")
        // The switch is the store's, so a purchase made now waits for approval.
        let bought = try await store("buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z")
        #expect(bought.exitCode == 0)
        let json = try await store("settings", "--json")
        #expect(json.stdout.contains(#""askToBuy" : true"#) && json.stdout.contains(#""gracePeriodDays" : 16"#), "\(json.stdout)")
        let badValue = try await store("settings", "grace-period", "5")
        #expect(badValue.exitCode == 64 && badValue.stderr.contains("grace-period 5: expected off, 3, 16 or 28"), "\(badValue.stderr)")
        let badKey = try await store("settings", "askToBuy", "on")
        #expect(badKey.exitCode == 64 && badKey.stderr.contains("unknown switch askToBuy; expected one of ask-to-buy"), "\(badKey.stderr)")
    }

    @Test func familyShareOfAnUnknownProductListsTheShareableOnes() async throws {
        let unknown = try await store("family-share", "nope")
        #expect(unknown.exitCode != 0 && unknown.stderr.contains("no product nope in the embedded catalog; expected a familyShareable one: monthly_14_99, yearly_59_99"),
                "\(unknown.stderr)")
    }

    @Test func aDeferredChangeSaysWhenItStartsAndMakesNoTransaction() async throws {
        #expect(try await store("buy", "yearly_59_99", "--now", "2026-01-30T09:00:00Z").exitCode == 0)
        let down = try await store("buy", "monthly_14_99")
        #expect(down.exitCode == 0, "\(down.stderr)")
        #expect(down.stdout.contains("monthly_14_99 will start at the renewal on 2026-02-06T09:00:00Z"), "\(down.stdout)")
        #expect(!down.stdout.contains("Bought") && !down.stdout.contains("outsideApp") && !down.stdout.contains("introductory offer"), "\(down.stdout)")
        let again = try await store("buy", "yearly_59_99")
        #expect(again.stdout.contains("Already subscribed to yearly_59_99 (transaction 2000000000000001)"), "\(again.stdout)")
        let listed = try await store("transactions", "--json")
        #expect(listed.stdout.contains("\"total\" : 1,"), "one transaction: \(listed.stdout)")
    }

    @Test func billingIssueGraceAndRecoveryAutoRenewRefundReasonAndDelete() async throws {
        #expect(try await store("buy", "weekly_9_99", "--now", "2026-01-01T00:00:00Z").exitCode == 0)
        let issue = try await store("billing-issue", "on")
        #expect(issue.exitCode == 0, "\(issue.stderr)")
        #expect(issue.stdout.contains("Billing issues on"))
        let retry = try await store("advance", "8d")
        #expect(retry.stdout.contains("inBillingRetryPeriod"), "no grace in the embedded catalog: \(retry.stdout)")
        let fixed = try await store("billing-issue", "off")
        #expect(fixed.stdout.contains("Billing issues off"))
        #expect(fixed.stdout.contains("subscribed"), "\(fixed.stdout)")
        let off = try await store("auto-renew", "off", "premium")
        #expect(off.exitCode == 0, "\(off.stderr)")
        #expect(off.stdout.contains("Auto-renew off for the subscription in group premium."))
        let entitlements = try await store("entitlements")
        let row = entitlements.stdout.split(separator: "\n").first { $0.hasPrefix("premium ") }.map(String.init) ?? ""
        #expect(row.split(separator: " ").contains("off"), "AUTO-RENEW off: \(entitlements.stdout)")
        let refund = try await store("refund", "weekly_9_99", "--reason", "appIssue")
        #expect(refund.exitCode == 0, "\(refund.stderr)")
        #expect(refund.stdout.contains("reason appIssue"))
        let badReason = try await store("refund", "--reason", "because")
        #expect(badReason.exitCode == 64)
        let deleted = try await store("delete", "weekly_9_99")
        #expect(deleted.exitCode == 0, "\(deleted.stderr)")
        #expect(deleted.stdout.contains("Deleted transaction"))
        let nothing = try await store("delete", "nope")
        #expect(nothing.exitCode != 0)
        #expect(nothing.stderr.contains("delete: no transaction nope"))
        let bad = try await store("billing-issue", "maybe")
        #expect(bad.exitCode != 0)
        #expect(bad.stderr.contains("expected on or off"))
    }

    @Test func resolveWithNothingInterruptedSaysSo() async throws {
        let result = try await store("resolve")
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains("no interrupted purchase is waiting"))
    }

    @Test func offerCodesPriceIncreasesFamilySharingStatusAppTransactionAndSimulatedErrors() async throws {
        let redeemed = try await store("redeem", "FRIENDS1M", "--now", "2026-01-01T00:00:00Z")
        #expect(redeemed.exitCode == 0, "\(redeemed.stderr)")
        #expect(redeemed.stdout.contains("Redeemed offer code FRIENDS1M"), "\(redeemed.stdout)")
        let again = try await store("redeem", "FRIENDS1M")
        #expect(again.exitCode != 0 && again.stderr.contains("ineligibleForOffer"), "\(again.stderr)")

        let increase = try await store("price-increase", "monthly_14_99", "16.99")
        #expect(increase.exitCode == 0 && increase.stdout.contains("must agree before the next renewal"), "\(increase.stdout)\(increase.stderr)")
        let transactions = try await store("transactions")
        #expect(transactions.stdout.contains("StoreKit messages waiting for the app: priceIncreaseConsent (monthly_14_99)"), "\(transactions.stdout)")

        let status = try await store("status")
        #expect(status.exitCode == 0, "\(status.stderr)")
        #expect(status.stdout.contains("premium: subscribed") && status.stdout.contains("priceIncreaseStatus 0"), "\(status.stdout)")
        #expect(status.stdout.contains("offerType 3") == false, "the code's free month is the current period, not the next")
        #expect(status.stdout.contains("signedRenewalInfo ey"), "\(status.stdout)")

        let app = try await store("app-transaction", "--original-version", "1.0", "--original-purchase-date", "2024-03-01T00:00:00Z")
        #expect(app.exitCode == 0 && app.stdout.contains("originalApplicationVersion 1.0") && app.stdout.contains("verified true"), "\(app.stdout)\(app.stderr)")

        #expect(try await store("error", "subscriptionStatus", "networkError").exitCode == 0)
        let failing = try await store("status")
        #expect(failing.exitCode != 0 && failing.stderr.contains("networkError"), "\(failing.stderr)")
        let wrong = try await store("error", "loadProducts", "invalidQuantity")
        #expect(wrong.exitCode != 0 && wrong.stderr.contains("not an error loadProducts can fail with"), "\(wrong.stderr)")
        #expect(try await store("error", "subscriptionStatus", "off").exitCode == 0)

        let shared = try await store("family-share", "weekly_9_99")
        #expect(shared.exitCode != 0 && shared.stderr.contains("not family shareable"), "\(shared.stderr)")
        let buyOptions = try await store("buy", "yearly_59_99", "--offer", "nope")
        #expect(buyOptions.exitCode != 0, "\(buyOptions.stdout)")
    }
}

