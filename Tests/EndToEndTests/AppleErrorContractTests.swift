import Foundation
import Testing
import TestSupport

/// The App Store Server API's support endpoints and Apple's error contract, judged by Apple's
/// `AppStoreServerAPIClient` (unchanged, through `serve` as its proxy): each answer decodes into
/// Apple's model, each refusal carries the error code Apple documents for it
/// (https://developer.apple.com/documentation/appstoreserverapi/error-codes).
@Suite("Apple's error contract and support endpoints, through Apple's client", .serialized)
struct AppleErrorContractTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: [String]) throws -> ProcessResult {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func supportEndpointsAnswerAndRefuseAsApplesDo() throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = state.appendingPathComponent("AuthKey_TESTKEY001.p8")
        #expect(try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(key.path))").status == 0)
        _ = try store(["buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der"), authority = state.appendingPathComponent("ca.pem")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        _ = try store(["certificate", "--tls", "--out", authority.path])
        let listed = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json"]).stdout.utf8)) as? [String: Any]
        let orderID = try #require((listed?["transactions"] as? [[String: Any]])?.first?["orderId"] as? String)
        #expect(orderID.hasPrefix("M") && orderID.count >= 10, "an order ID like Apple's: \(orderID)")
        let expiresBefore = (listed?["transactions"] as? [[String: Any]])?.first?["expiresDate"] as? String

        let server = try ServeTests.Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        let variables = "HTTPS_PROXY=\(server.baseURL) HTTP_PROXY=\(server.baseURL) REQUESTS_CA_BUNDLE=\(CleanSpawn.quote(authority.path)) "
        let script = TestPaths.scripts.appendingPathComponent("appstore/api_support_check.py").path
        let run = try CleanSpawn.shell(variables + [AppStoreServerLibraryTests.python, script, "TESTKEY001", key.path, root.path,
                                                    "com.paywallsim.app", orderID, "2000000000000001", "weekly_9_99"].map(CleanSpawn.quote).joined(separator: " "))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        func error(_ name: String) -> Int? { (result[name] as? [String: Any])?["error"] as? Int }

        let order = result["order"] as? [String: Any]
        #expect(order?["status"] as? Int == 0 && order?["transactions"] as? [String] == ["2000000000000001"], "\(result)")
        #expect((result["unknownOrder"] as? [String: Any])?["status"] as? Int == 1, "OrderLookupStatus invalid: \(result)")
        #expect(result["consumption"] as? String == "accepted", "\(result)")
        #expect(error("consumptionNotConsented") == 4000035, "InvalidCustomerConsentedError: \(result)")
        #expect(result["appAccountToken"] as? String == "set", "\(result)")
        #expect(error("appAccountTokenUnknown") == 4040010, "TransactionIdNotFoundError: \(result)")
        #expect(result["massExtension"] as? String == "paywallsim-mass-1", "\(result)")
        let status = result["massExtensionStatus"] as? [String: Any]
        #expect(status?["complete"] as? Bool == true && status?["succeeded"] as? Int == 1 && status?["failed"] as? Int == 0, "\(result)")
        #expect(error("massExtensionStatusUnknown") == 4040009, "StatusRequestNotFoundError: \(result)")
        #expect(error("historyStartAfterEnd") == 4000013, "StartDateAfterEndDateError: \(result)")
        #expect(error("historyTooOld") == 4000012, "StartDateTooFarInPastError: \(result)")
        #expect(error("historyTwoFilters") == 4000019, "MultipleFiltersSuppliedError: \(result)")

        // What the calls did to the store: the token on the transaction, the renewal three days later.
        let after = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json"]).stdout.utf8)) as? [String: Any]
        let first = (after?["transactions"] as? [[String: Any]])?.first
        #expect(first?["appAccountToken"] as? String == "00000000-0000-0000-0000-00000000002a", "\(String(describing: first))")
        #expect(first?["expiresDate"] as? String != expiresBefore, "the mass extension moved the renewal date")

        // A path Apple's API does not have: Apple's envelope, not an empty 404.
        let unknown = try CleanSpawn.shell("curl -s -w '\\n%{http_code}' -X POST \(server.baseURL)/inApps/v1/nope")
        #expect(unknown.output.hasSuffix("404") && unknown.output.contains(#""errorCode":4000000"#), "\(unknown.output)")
    }

    /// Item 6 of issue 52, from Apple's "Send Consumption Information" (App Store Server API 1.19):
    /// "When a customer initiates a refund request for any product type … the App Store sends a
    /// `CONSUMPTION_REQUEST` … respond by calling this API"; `202` Accepted, `400` with
    /// `InvalidCustomerConsentedError` / `InvalidDeliveryStatusError`, `404`
    /// `TransactionIdNotFoundError`. Apple's client answers a consumable's request through `serve`,
    /// and the state keeps the answer on the request (`store transactions`).
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func consumptionInformationAnswersTheRefundRequestAndIsKept() throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = state.appendingPathComponent("AuthKey_TESTKEY002.p8")
        #expect(try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(key.path))").status == 0)
        let catalog = PaywallSimProcess.fixtures.appendingPathComponent("storekit/07-storehelper-sampleproducts-v2.storekit").path
        let consumable = "com.rarcher.consumable.plant.installation"
        _ = try store(["buy", consumable, "--storekit", catalog, "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        _ = try store(["sandbox-refunds", "decline"])
        let requested = try store(["refund-request", consumable, "--reason", "UNINTENDED_PURCHASE"])
        #expect(requested.stdout.contains("declined by the sandbox"), "\(requested.stdout)")
        let notifications = try store(["notifications", "--json"]).stdout
        #expect(notifications.contains("CONSUMPTION_REQUEST") && notifications.contains("REFUND_DECLINED"), "\(notifications)")
        let authority = state.appendingPathComponent("ca.pem")
        _ = try store(["certificate", "--tls", "--out", authority.path])

        let server = try ServeTests.Server(["--state", state.path, "--api-key", "TESTKEY002:\(key.path)"])
        let variables = "HTTPS_PROXY=\(server.baseURL) HTTP_PROXY=\(server.baseURL) REQUESTS_CA_BUNDLE=\(CleanSpawn.quote(authority.path)) "
        let script = TestPaths.scripts.appendingPathComponent("appstore/consumption_check.py").path
        let run = try CleanSpawn.shell(variables + [AppStoreServerLibraryTests.python, script, "TESTKEY002", key.path, "com.paywallsim.app",
                                                    "2000000000000001"].map(CleanSpawn.quote).joined(separator: " "))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        func error(_ name: String) -> Int? { (result[name] as? [String: Any])?["error"] as? Int }
        #expect(result["v2"] as? String == "accepted", "\(result)")
        #expect(error("v2NotConsented") == 4000035, "InvalidCustomerConsentedError: \(result)")
        #expect(error("v2BadDelivery") == 4000036, "InvalidDeliveryStatusError: \(result)")
        #expect(error("v2UnknownTransaction") == 4040010, "TransactionIdNotFoundError: \(result)")
        #expect(error("v1BadPlatform") == 4000039, "InvalidPlatformError: \(result)")

        // The accepted answer is the request's, as the state keeps it; the refused ones left no trace.
        let listed = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json"]).stdout.utf8)) as? [String: Any]
        let request = try #require((listed?["refundRequests"] as? [[String: Any]])?.first, "\(String(describing: listed))")
        #expect(request["decision"] as? String == "declined" && request["reason"] as? String == "UNINTENDED_PURCHASE", "\(request)")
        let answer = request["consumption"] as? [String: Any]
        #expect(answer?["deliveryStatus"] as? String == "DELIVERED" && answer?["consumptionPercentage"] as? Int == 25000
                && answer?["refundPreference"] as? String == "DECLINE" && answer?["version"] as? Int == 2, "\(request)")
        let text = try store(["transactions"]).stdout
        #expect(text.contains("v2 DELIVERED, 25.0% consumed, prefers DECLINE, sample provided"), "\(text)")
    }

    @Test func aRateLimitBelowOneIsRefused() throws {
        let refused = try PaywallSimProcess.run(["serve", "--rate-limit", "0", "--state", state.path])
        #expect(refused.exitCode == 64 && refused.stderr.contains("--rate-limit 0: expected"), "\(refused.stderr)")
    }

    /// Every error code `serve` can answer (each seven-digit code in its sources) is one of Apple's
    /// (the `APIError` list of Apple's library), and each is sent with the HTTP status its first
    /// three digits name (4000000 with 400, 4040010 with 404, …): read from the code, so an endpoint
    /// added later is checked too.
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everyErrorCodeServeCanAnswerIsApples() throws {
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/AppStoreServer")
        var codes = Set<Int>(), statusPairs: [(status: Int, code: Int, file: String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: /\b([45][0-9]{6})\b/) { codes.insert(Int(match.1)!) }
            for match in text.matches(of: /appleError\((\d{3}), code: (\d{7})/) {
                statusPairs.append((Int(match.1)!, Int(match.2)!, name))
            }
        }
        #expect(codes.count >= 30, "\(codes.sorted())")
        let list = try CleanSpawn.shell("\(CleanSpawn.quote(AppStoreServerLibraryTests.python)) -c " + CleanSpawn.quote(
            "from appstoreserverlibrary.api_client import APIError; print(' '.join(str(e.value) for e in APIError))"))
        let apple = Set(list.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) })
        #expect(apple.count > 50, "\(list.output)")
        #expect(codes.subtracting(apple).isEmpty, "codes serve answers that Apple does not have: \(codes.subtracting(apple).sorted())")
        for pair in statusPairs where pair.code != 4000000 {
            // 4000000 (GeneralBadRequestError) is also the code of a path or method the API lacks, sent with 404/405.
            #expect(pair.status == pair.code / 10000, "\(pair.file): HTTP \(pair.status) with \(pair.code)")
        }
    }
}
