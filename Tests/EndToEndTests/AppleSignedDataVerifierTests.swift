import Foundation
import Testing
import TestSupport

/// Apple's `SignedDataVerifier` (App Store Server Library from PyPI, in the venv `.ci/run` makes),
/// in `Sandbox` with the state's exported root as its only trusted certificate and online checks
/// off, verifies every transaction, renewal info, AppTransaction and notification the simulator signs — and
/// refuses each with one character changed, under another root, for another bundle or environment.
@Suite("Apple's SignedDataVerifier verifies what the simulator signs", .serialized)
struct AppleSignedDataVerifierTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", (directory ?? state).path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Every signed object of `directory`: kind (as the script names it) and JWS.
    func signedObjects(in directory: URL) throws -> [(kind: String, jws: String)] {
        var objects: [(String, String)] = []
        let transactions = try json(try store(["transactions", "--json", "--signed"], in: directory))["transactions"] as? [[String: Any]] ?? []
        for transaction in transactions { objects.append(("transaction", try #require(transaction["signedTransaction"] as? String))) }
        let groups = try json(try store(["status", "--json"], in: directory))["groups"] as? [[String: Any]] ?? []
        for group in groups { objects.append(("renewal", try #require(group["signedRenewalInfo"] as? String))) }
        objects.append(("app-transaction", try #require(try json(try store(["app-transaction", "--json"], in: directory))["jws"] as? String)))
        let notifications = try json(try store(["notifications", "--json", "--signed"], in: directory))["notifications"] as? [[String: Any]] ?? []
        for notification in notifications { objects.append(("notification", try #require(notification["signedPayload"] as? String))) }
        return objects
    }

    /// The script's answer: one decoded document or error per object, and its exit status.
    func verify(_ objects: [(kind: String, jws: String)], root: URL, bundleID: String = "com.paywallsim.app",
                environment: String = "Sandbox", appAppleID: Int64? = nil) throws -> (lines: [[String: Any]], status: Int32) {
        let script = TestPaths.scripts.appendingPathComponent("appstore/verify_signed_data.py").path
        let appleID = appAppleID.map { ["--app-apple-id", String($0)] } ?? []
        let arguments = [AppStoreServerLibraryTests.python, script] + appleID + [root.path, bundleID, environment] + objects.flatMap { [$0.kind, $0.jws] }
        let run = try CleanSpawn.shell(arguments.map(CleanSpawn.quote).joined(separator: " "))
        let lines = run.output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(lines.count == objects.count, "\(run.output)")
        return (lines, run.status)
    }

    /// A state on the Sandbox environment with a purchase, two renewals and a refund, and its root exported.
    func sandboxState(_ directory: URL, bundleID: String? = nil) throws -> URL {
        let signing = ["--environment", "Sandbox"] + (bundleID.map { ["--bundle-id", $0] } ?? [])
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z"] + signing, in: directory)
        _ = try store(["advance", "11m"], in: directory) // two renewals: the sandbox's month is 5 minutes
        _ = try store(["refund", "monthly_14_99"], in: directory)
        let root = directory.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path], in: directory)
        return root
    }

    /// Apple's `data`/`appData` docs: `appAppleId` is "not present in the sandbox environment";
    /// Apple's verifier in Production requires the app's Apple ID and compares it. A Production
    /// state with `--app-apple-id` signs it everywhere Apple does; a Sandbox state nowhere.
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everySignedObjectVerifiesInProductionWithTheAppsAppleID() throws {
        let signing = ["--environment", "Production", "--app-apple-id", "1234567890"]
        let bought = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z"] + signing)
        #expect(bought.stderr.isEmpty || !bought.stderr.contains("error"), "\(bought.stderr)")
        _ = try store(["advance", "62d"]) // two renewals of a real month
        _ = try store(["refund", "monthly_14_99"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let objects = try signedObjects(in: state)
        #expect(objects.filter { $0.kind == "notification" }.count == 4, "SUBSCRIBED, two DID_RENEW, REFUND")
        let (lines, status) = try verify(objects, root: root, environment: "Production", appAppleID: 1_234_567_890)
        #expect(status == 0)
        for line in lines {
            #expect(line["error"] == nil, "\(line)")
            let decoded = line["decoded"] as? [String: Any] ?? [:]
            switch line["kind"] as? String {
            case "notification": #expect((decoded["data"] as? [String: Any])?["appAppleId"] as? Int == 1_234_567_890, "\(line)")
            case "app-transaction": #expect(decoded["appAppleId"] as? Int == 1_234_567_890, "\(line)")
            default: break
            }
        }
        // Another app's Apple ID is refused, as Apple's verifier refuses a notification for another app.
        let notification = try #require(objects.first { $0.kind == "notification" })
        let (other, refused) = try verify([notification], root: root, environment: "Production", appAppleID: 42)
        #expect(refused != 0 && other.first?["error"] as? String == "INVALID_APP_IDENTIFIER", "\(other)")
        // Sandbox leaves it out, as Apple does.
        let sandbox = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: sandbox) }
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox", "--app-apple-id", "1234567890"], in: sandbox)
        let sandboxNotifications = try json(try store(["notifications", "--json", "--signed"], in: sandbox))["notifications"] as? [[String: Any]] ?? []
        let payload = try #require(sandboxNotifications.first?["signedPayload"] as? String)
        let body = try #require(payload.split(separator: ".").dropFirst().first)
        var base64 = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let decoded = String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self)
        #expect(!decoded.contains("appAppleId"), "\(decoded)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everySignedObjectVerifiesInSandbox() throws {
        let root = try sandboxState(state)
        let objects = try signedObjects(in: state)
        #expect(objects.filter { $0.kind == "transaction" }.count == 3)
        #expect(objects.filter { $0.kind == "renewal" }.count == 1)
        // SUBSCRIBED, two DID_RENEW, REFUND.
        #expect(objects.filter { $0.kind == "notification" }.count == 4)
        let (lines, status) = try verify(objects, root: root)
        #expect(status == 0)
        for line in lines {
            #expect(line["error"] == nil, "\(line)")
            let decoded = line["decoded"] as? [String: Any] ?? [:]
            let data = decoded["data"] as? [String: Any]
            let environment = line["kind"] as? String == "app-transaction" ? decoded["receiptType"]
                : line["kind"] as? String == "notification" ? data?["environment"] : decoded["environment"]
            #expect(environment as? String == "Sandbox", "\(line)")
        }
        // Apple's strict enums decode: type, transactionReason, inAppOwnershipType, revocationReason.
        let transactions = lines.filter { $0["kind"] as? String == "transaction" }.compactMap { $0["decoded"] as? [String: Any] }
        #expect(Set(transactions.compactMap { $0["type"] as? String }) == ["Auto-Renewable Subscription"])
        #expect(Set(transactions.compactMap { $0["transactionReason"] as? String }) == ["PURCHASE", "RENEWAL"])
        #expect(transactions.contains { $0["revocationReason"] as? Int == 0 })
        // Every field of Apple's models (its library's, 2025) is there, but those that only other
        // features have (Advanced Commerce, refund types, App Store app ids) or that this state has
        // no value for (no offer, no revocation, no grace period…).
        let notSimulated: Set<String> = ["advancedCommerceInfo", "billingPlanType", "commitmentInfo", "renewalBillingPlanType",
                                         "revocationType", "revocationPercentage", "appAppleId", "consumptionRequestReason"]
        let noValueHere: Set<String> = ["appAccountToken", "revocationDate", "revocationReason", "isUpgraded", "offerType", "offerIdentifier",
                                        "offerDiscountType", "offerPeriod", "expirationIntent", "gracePeriodExpiresDate",
                                        "priceIncreaseStatus", "eligibleWinBackOfferIds", "isInBillingRetryPeriod"]
        for line in lines where ["transaction", "renewal", "notification"].contains(line["kind"] as? String ?? "") {
            let decoded = line["decoded"] as? [String: Any] ?? [:]
            let keys = Set((line["kind"] as? String == "notification" ? decoded["data"] as? [String: Any] : decoded)?.keys ?? [:].keys)
            let missing = Set(line["fields"] as? [String] ?? []).subtracting(keys).subtracting(notSimulated).subtracting(noValueHere)
            #expect(missing.isEmpty, "\(line["kind"] ?? ""): \(missing.sorted())")
            if line["kind"] as? String != "notification" { #expect(keys.contains("appTransactionId"), "\(line)") }
            if keys.contains("offerType") { #expect(keys.contains("offerPeriod"), "\(line)") }
        }
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func oneChangedCharacterAnotherRootBundleOrEnvironmentIsRefused() throws {
        let root = try sandboxState(state)
        let objects = try signedObjects(in: state)
        // One character of the payload, then of the signature.
        for part in [1, 2] {
            let tampered = objects.map { object -> (kind: String, jws: String) in
                var parts = object.jws.split(separator: ".").map(String.init)
                parts[part] = AppStoreServerLibraryTests.changingOneCharacter(parts[part])
                return (object.kind, parts.joined(separator: "."))
            }
            let (lines, status) = try verify(tampered, root: root)
            #expect(status == 1)
            #expect(lines.allSatisfy { $0["error"] != nil }, "\(lines)")
        }
        // Another state directory's root is not this chain's.
        let stranger = PaywallSimProcess.tempStateDirectory()
        let strangerRoot = try sandboxState(stranger)
        let (foreign, _) = try verify(objects, root: strangerRoot)
        #expect(foreign.allSatisfy { $0["error"] as? String == "VERIFICATION_FAILURE" }, "\(foreign)")
        // A transaction is for its bundle only.
        let (otherBundle, _) = try verify(objects.filter { $0.kind == "transaction" }, root: root, bundleID: "com.example.other")
        #expect(otherBundle.allSatisfy { $0["error"] as? String == "INVALID_APP_IDENTIFIER" }, "\(otherBundle)")
        // A state signing for Xcode (the default) is not Sandbox data.
        let xcode = PaywallSimProcess.tempStateDirectory()
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z"], in: xcode)
        let xcodeRoot = xcode.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", xcodeRoot.path], in: xcode)
        let (wrongEnvironment, _) = try verify(try signedObjects(in: xcode).filter { $0.kind == "transaction" }, root: xcodeRoot)
        #expect(wrongEnvironment.allSatisfy { $0["error"] as? String == "INVALID_ENVIRONMENT" }, "\(wrongEnvironment)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func aBundleIDGivenOnceIsRememberedAndSigned() throws {
        let root = try sandboxState(state, bundleID: "com.example.nova")
        let (lines, status) = try verify(try signedObjects(in: state).filter { $0.kind == "transaction" }, root: root, bundleID: "com.example.nova")
        #expect(status == 0, "\(lines)")
        #expect(lines.allSatisfy { ($0["decoded"] as? [String: Any])?["bundleId"] as? String == "com.example.nova" })
    }
}
