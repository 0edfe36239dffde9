import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim
import Testing
import TestSupport

/// Apple's `SignedDataVerifier` (App Store Server Library 3.1.2) on what issue 52 changed on the
/// server side: a mass extension's `RENEWAL_EXTENSION`/`FAILURE` and `SUMMARY` decode into Apple's
/// models (`summary`: "The payload data for a subscription-renewal-date extension notification";
/// `FAILURE`: "See the data in the responseBodyV2DecodedPayload for details"), and no JWS the
/// simulator signs carries a `kid` (Apple's `JWSDecodedHeader` documents `alg` and `x5c`).
@Suite("Apple's verifier: renewal-extension notifications, headers without kid", .serialized)
struct AppleVerifierRenewalExtensionTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: [String]) throws -> [String: Any] {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path, "--json"])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func aMassExtensionsFailureAndSummaryVerifyWithApplesLibraryAndNoHeaderHasAKid() throws {
        // A subscription in its free week: a mass extension cannot extend it.
        let start = ISO8601.parse("2026-01-30T09:00:00Z")!
        _ = try store(["buy", "yearly_59_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let simulated = try SimulatedStore(catalog: .embedded, stateDirectory: state.appendingPathComponent("store"), clock: ManualClock(start),
                                           environment: "Sandbox")
        let outcome = try simulated.massExtendRenewalDates(productID: "yearly_59_99", days: 3, requestIdentifier: "apple-check",
                                                           storefrontCountryCodes: ["USA"])
        #expect(outcome == SimulatedStore.MassExtensionOutcome(succeeded: 0, failed: 1))

        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        var objects: [(kind: String, jws: String)] = []
        for transaction in try store(["transactions", "--signed"])["transactions"] as? [[String: Any]] ?? [] {
            objects.append(("transaction", try #require(transaction["signedTransaction"] as? String)))
        }
        for group in try store(["status"])["groups"] as? [[String: Any]] ?? [] {
            objects.append(("renewal", try #require(group["signedRenewalInfo"] as? String)))
        }
        objects.append(("app-transaction", try #require(try store(["app-transaction"])["jws"] as? String)))
        for notification in try store(["notifications", "--signed"])["notifications"] as? [[String: Any]] ?? [] {
            objects.append(("notification", try #require(notification["signedPayload"] as? String)))
        }
        #expect(objects.filter { $0.kind == "notification" }.count == 3, "SUBSCRIBED, FAILURE, SUMMARY")

        // No header names a key: `alg` and `x5c`, nothing else.
        for object in objects {
            let header = try #require(CompactJWS.data(base64url: String(object.jws.prefix { $0 != "." })))
            let keys = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any]).keys.sorted()
            #expect(keys == ["alg", "x5c"], "\(object.kind): \(keys)")
        }

        let script = TestPaths.scripts.appendingPathComponent("appstore/verify_signed_data.py").path
        let run = try CleanSpawn.shell(([AppStoreServerLibraryTests.python, script, root.path, "com.paywallsim.app", "Sandbox"]
            + objects.flatMap { [$0.kind, $0.jws] }).map(CleanSpawn.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.output)")
        let decoded = run.output.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["decoded"] as? [String: Any]
        }
        #expect(decoded.count == objects.count, "\(run.output)")
        let failure = try #require(decoded.first { $0["notificationType"] as? String == "RENEWAL_EXTENSION" && $0["subtype"] as? String == "FAILURE" })
        let data = try #require(failure["data"] as? [String: Any])
        #expect(data["signedTransactionInfo"] != nil && data["environment"] as? String == "Sandbox", "\(failure)")
        let summaryNotification = try #require(decoded.first { $0["subtype"] as? String == "SUMMARY" })
        #expect(summaryNotification["data"] == nil)
        let summary = try #require(summaryNotification["summary"] as? [String: Any])
        #expect(summary["requestIdentifier"] as? String == "apple-check" && summary["productId"] as? String == "yearly_59_99")
        #expect(summary["succeededCount"] as? Int == 0 && summary["failedCount"] as? Int == 1, "\(summary)")
        #expect(summary["storefrontCountryCodes"] as? [String] == ["USA"] && summary["environment"] as? String == "Sandbox")
    }
}
