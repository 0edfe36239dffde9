import Foundation
import Testing
import TestSupport

/// Apple's `SignedDataVerifier` as real backends keep it, with online checks **on**: it asks the OCSP
/// responder each certificate names (`http://ocsp.paywallsim.test/ocsp`), which `serve` answers when
/// it is the verifier's HTTP proxy (`HTTP_PROXY`, no code change), and refuses a revoked chain.
@Suite("Apple's verifier with online checks on, through serve as its HTTP proxy", .serialized)
struct OnlineChecksTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func store(_ arguments: [String]) throws -> ProcessResult {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// What the verifier (online checks on) says of each object, with `proxy` as `HTTP_PROXY` (nil: none).
    func verify(_ objects: [(kind: String, jws: String)], root: URL, proxy: String?) throws -> [String] {
        let script = TestPaths.scripts.appendingPathComponent("appstore/verify_signed_data.py").path
        let arguments = [AppStoreServerLibraryTests.python, script, "--online", root.path, "com.paywallsim.app", "Sandbox"]
            + objects.flatMap { [$0.kind, $0.jws] }
        let environment = proxy.map { "HTTP_PROXY=\(CleanSpawn.quote($0)) " } ?? "env -u HTTP_PROXY -u http_proxy "
        let run = try CleanSpawn.shell(environment + arguments.map(CleanSpawn.quote).joined(separator: " "))
        return run.output.split(separator: "\n").compactMap { line -> String? in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
            return (object["error"] as? String) ?? "ok"
        }
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func onlineChecksPassThroughServeAndARevokedChainIsRefused() throws {
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        _ = try store(["advance", "6m"]) // one renewal: the sandbox's month is 5 minutes
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let listed = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json", "--signed"]).stdout.utf8)) as? [String: Any]
        let transactions = (listed?["transactions"] as? [[String: Any]] ?? []).compactMap { $0["signedTransaction"] as? String }
        let status = try JSONSerialization.jsonObject(with: Data(try store(["status", "--json"]).stdout.utf8)) as? [String: Any]
        let renewals = (status?["groups"] as? [[String: Any]] ?? []).compactMap { $0["signedRenewalInfo"] as? String }
        let notes = try JSONSerialization.jsonObject(with: Data(try store(["notifications", "--json", "--signed"]).stdout.utf8)) as? [String: Any]
        let notifications = (notes?["notifications"] as? [[String: Any]] ?? []).compactMap { $0["signedPayload"] as? String }
        #expect(transactions.count == 2 && renewals.count == 1 && !notifications.isEmpty)
        let objects = transactions.map { ("transaction", $0) } + renewals.map { ("renewal", $0) } + notifications.map { ("notification", $0) }

        let server = try ServeTests.Server(["--state", state.path])
        let proxy = server.baseURL
        #expect(try verify(objects, root: root, proxy: proxy) == Array(repeating: "ok", count: objects.count),
                "every signed object verifies with online checks on")
        #expect(try verify([objects[0]], root: root, proxy: nil) == ["RETRYABLE_VERIFICATION_FAILURE"],
                "without the proxy the OCSP host is unreachable: the check really asks it")

        for certificate in ["leaf", "intermediate"] {
            let revoked = try store(["revoke-certificate", certificate])
            #expect(revoked.stdout.contains("The \(certificate) certificate is revoked"), "\(revoked.stdout)")
            #expect(try verify([objects[0]], root: root, proxy: proxy) == ["VERIFICATION_FAILURE"], "a revoked \(certificate) is refused")
            _ = try store(["revoke-certificate", certificate, "--reinstate"])
        }
        #expect(try verify([objects[0]], root: root, proxy: proxy) == ["ok"])

        let elsewhere = try CleanSpawn.shell("curl -s -x \(CleanSpawn.quote(proxy)) http://example.com/inApps/v1/transactions/1")
        #expect(elsewhere.output.contains("never forwards to example.com"), "\(elsewhere.output)")
        let bad = try PaywallSimProcess.run(["store", "revoke-certificate", "root", "--state", state.path])
        #expect(bad.exitCode == 64 && bad.stderr.contains("expected leaf or intermediate"), "\(bad.stderr)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func applesClientUnchangedReachesServeThroughTheProxyVariablesOnly() throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = state.appendingPathComponent("AuthKey_TESTKEY001.p8")
        let made = try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(key.path))")
        #expect(made.status == 0, "\(made.output)")
        _ = try store(["buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der"), authority = state.appendingPathComponent("ca.pem")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let exported = try store(["certificate", "--tls", "--out", authority.path])
        #expect(exported.stdout.contains("Wrote the TLS authority (PEM"), "\(exported.stdout)")
        let server = try ServeTests.Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        // 1 + 12 renewals (the sandbox's limit, every 3 minutes), a resubscription and 12 more: two history pages.
        _ = try store(["advance", "1h"])
        _ = try store(["buy", "weekly_9_99"])
        _ = try store(["advance", "1h"])
        _ = try store(["refund", "weekly_9_99"])

        // The three variables a team sets, and nothing else: Apple's default sandbox URL, online checks on.
        let variables = "HTTPS_PROXY=\(server.baseURL) HTTP_PROXY=\(server.baseURL) REQUESTS_CA_BUNDLE=\(CleanSpawn.quote(authority.path)) "
        let script = TestPaths.scripts.appendingPathComponent("appstore/api_client_check.py").path
        let run = try CleanSpawn.shell(variables + [AppStoreServerLibraryTests.python, script, "apple", "TESTKEY001", key.path, root.path,
                                                    "com.paywallsim.app", "Sandbox", "2000000000000001"].map(CleanSpawn.quote).joined(separator: " "))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        #expect(result["apiError"] == nil && result["verificationError"] == nil, "\(result)")
        let history = result["history"] as? [String] ?? []
        #expect(history.count == 26 && result["pages"] as? Int == 2, "\(history)")
        #expect((result["statuses"] as? [[String: Any]])?.first?["status"] as? Int == 5, "\(result)")
        #expect(result["refunds"] as? [String] == [history.last ?? ""], "\(result)")
        #expect(result["testNotification"] as? String == "TEST")
        let notified = result["notificationHistory"] as? [String] ?? []
        #expect(notified.first == "SUBSCRIBED" && notified.contains("REFUND"), "\(notified)")

        // Without the CA bundle the TLS handshake is refused: the client really checks serve's certificate.
        let untrusted = try CleanSpawn.shell("curl -s -o /dev/null -w '%{http_code}' -x \(server.baseURL) https://api.storekit-sandbox.apple.com/inApps/v1/transactions/1")
        #expect(untrusted.status != 0, "curl trusted serve without the CA bundle: \(untrusted.output)")
        let tunnelled = try CleanSpawn.shell("curl -s --cacert \(CleanSpawn.quote(authority.path)) -x \(server.baseURL) https://api.storekit.itunes.apple.com/inApps/v1/transactions/1")
        #expect(tunnelled.output.contains("no bearer token"), "Apple's documented host answers too: \(tunnelled.output)")
        let elsewhere = try CleanSpawn.shell("curl -s -i -x \(server.baseURL) -p https://example.com/ 2>&1")
        #expect(elsewhere.output.contains("HTTP/1.1 403 Forbidden"), "a CONNECT elsewhere is refused: \(elsewhere.output)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func aBackendsCatchUpByItsOwnClockFindsAWallClockStatesEvents() throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = state.appendingPathComponent("AuthKey_TESTKEY001.p8")
        #expect(try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(key.path))").status == 0)
        // A wall-clock state: events are dated by the same clock the backend reads.
        _ = try store(["buy", "monthly_14_99", "--clock", "wall", "--environment", "Sandbox"])
        let authority = state.appendingPathComponent("ca.pem")
        _ = try store(["certificate", "--tls", "--out", authority.path])
        let server = try ServeTests.Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        let variables = "HTTPS_PROXY=\(server.baseURL) REQUESTS_CA_BUNDLE=\(CleanSpawn.quote(authority.path)) "
        let script = TestPaths.scripts.appendingPathComponent("appstore/recent_history.py").path
        func lastDays(_ days: Int) throws -> String {
            try CleanSpawn.shell(variables + [AppStoreServerLibraryTests.python, script, "TESTKEY001", key.path, "com.paywallsim.app", "\(days)"]
                .map(CleanSpawn.quote).joined(separator: " ")).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try lastDays(30) == #"["SUBSCRIBED"]"#, "the last 30 days by the backend's clock hold the purchase")

        // A pinned state in January 2026 is not "the last 30 days" of a backend on today's clock.
        _ = try store(["entitlements", "--clock", "pinned", "--now", "2026-01-30T09:00:00Z", "--yes"])
        #expect(try lastDays(30) == "[]", "an end after the state's now is read as now: nothing in the window")
    }
}
