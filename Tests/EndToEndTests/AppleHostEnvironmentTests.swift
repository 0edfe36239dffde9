import Foundation
import Testing
import TestSupport

/// Each of Apple's hosts is one environment, judged by Apple's `AppStoreServerAPIClient` unchanged
/// (its default URLs, through `serve` as `HTTPS_PROXY`). Apple's TransactionIdNotFoundError
/// (https://developer.apple.com/documentation/appstoreserverapi/transactionidnotfounderror): "check
/// your request to ensure that: … You're making the request in the same environment, production or
/// sandbox, that generated the transaction ID." Apple's advice when the environment is unknown:
/// "Call the endpoint using the production URL … If you receive an error code 4040010
/// TransactionIdNotFoundError, call the endpoint using the sandbox environment" (for Extend a
/// Subscription Renewal Date: 4040005, OriginalTransactionIdNotFoundError).
@Suite("Apple's client, production first: each host its own environment", .serialized)
struct AppleHostEnvironmentTests {
    /// What `Scripts/appstore/environment_first_check.py` got for a state made with `environment`.
    func answers(stateEnvironment environment: String, extra: [String] = []) throws -> [String: [String: [String: Int]]] {
        let state = PaywallSimProcess.tempStateDirectory()
        func store(_ arguments: [String]) throws {
            let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
            #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // The key, its id and issuer as `store api-key` makes them.
        let key = state.appendingPathComponent("AuthKey.p8")
        let made = try PaywallSimProcess.run(["store", "api-key", "--out", key.path, "--json"])
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: String], "\(made.stderr)")
        let keyID = try #require(ids["keyID"]), issuer = try #require(ids["issuerID"])
        try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", environment] + extra)
        let authority = state.appendingPathComponent("ca.pem")
        try store(["certificate", "--tls", "--out", authority.path])
        let server = try ServeTests.Server(["--state", state.path, "--api-key", "\(keyID):\(key.path)"])
        let variables = "HTTPS_PROXY=\(server.baseURL) REQUESTS_CA_BUNDLE=\(CleanSpawn.quote(authority.path)) "
        let script = TestPaths.scripts.appendingPathComponent("appstore/environment_first_check.py").path
        let run = try CleanSpawn.shell(variables + [AppStoreServerLibraryTests.python, script, keyID, issuer, key.path,
                                                    "com.paywallsim.app", "2000000000000001"].map(CleanSpawn.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: [String: [String: Int]]], "\(run.output)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func aSandboxTransactionIsNotFoundInProductionAndFoundInTheSandbox() throws {
        let answers = try answers(stateEnvironment: "Sandbox")
        #expect(answers["Production"]?["transaction"] == ["status": 404, "code": 4040010], "\(answers)")
        #expect(answers["Production"]?["statuses"] == ["status": 404, "code": 4040010], "\(answers)")
        #expect(answers["Production"]?["extend"] == ["status": 404, "code": 4040005], "\(answers)")
        #expect(answers["Sandbox"] == ["transaction": ["status": 200], "statuses": ["status": 200], "extend": ["status": 200]], "\(answers)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func aProductionTransactionIsFoundInProductionAndNotInTheSandbox() throws {
        let answers = try answers(stateEnvironment: "Production", extra: ["--app-apple-id", "1234567890"])
        #expect(answers["Production"] == ["transaction": ["status": 200], "statuses": ["status": 200], "extend": ["status": 200]], "\(answers)")
        #expect(answers["Sandbox"]?["transaction"] == ["status": 404, "code": 4040010], "\(answers)")
        #expect(answers["Sandbox"]?["extend"] == ["status": 404, "code": 4040005], "\(answers)")
    }
}
