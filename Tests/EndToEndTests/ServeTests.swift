import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `paywall-sim serve` as a real process on a free loopback port: seed 004's POST /iap/transactions
/// over HTTP, and Apple's own `AppStoreServerAPIClient` and `SignedDataVerifier` against the App
/// Store Server API it serves, while `store` commands change the same state directory.
@Suite("paywall-sim serve: the App Store for a team's backend", .serialized)
struct ServeTests {
    let state = PaywallSimProcess.tempStateDirectory()

    /// A running `serve`; stopped (SIGTERM) when the test ends.
    final class Server {
        let process = Process()
        let output: URL
        private(set) var baseURL = ""

        init(_ arguments: [String], in directory: URL? = nil) throws {
            output = TestPaths.scratchDirectory("serve").appendingPathComponent("serve.log")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            process.executableURL = try PaywallSimProcess.binary()
            process.arguments = ["serve", "--port", "0"] + arguments
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            if let directory { process.currentDirectoryURL = directory }
            try ProcessLaunch.run(process)
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, process.isRunning {
                let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                if let range = text.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
                    baseURL = String(text[range])
                    return
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw PaywallSimProcessError(description: "serve did not start: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")")
        }

        /// SIGTERM (serve stops gracefully), then SIGKILL if it is still there after 2 s.
        deinit {
            if process.isRunning { process.terminate() }
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    func store(_ arguments: [String]) throws -> ProcessResult {
        let result = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
        #expect(result.exitCode == 0, "store \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// curl's status code and body.
    func curl(_ arguments: [String]) throws -> (status: Int, body: String) {
        let run = try CleanSpawn.shell((["curl", "-s", "-w", "\\n%{http_code}"] + arguments).map(CleanSpawn.quote).joined(separator: " "))
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    /// Apple's `AppStoreServerAPIClient` and `SignedDataVerifier` against `server`
    /// (`Scripts/appstore/api_client_check.py`): its exit status and output, and the JSON it printed.
    func appleClientCheck(_ server: Server, keyID: String, key: URL, root: URL, bundleID: String = "com.paywallsim.app",
                          transactions: [String] = ["2000000000000001"]) throws -> (run: (status: Int32, output: String), result: [String: Any]) {
        let script = TestPaths.scripts.appendingPathComponent("appstore/api_client_check.py").path
        let run = try CleanSpawn.shell(([AppStoreServerLibraryTests.python, script, server.baseURL, keyID, key.path, root.path, bundleID, "Sandbox"]
                                        + transactions).map(CleanSpawn.quote).joined(separator: " "))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.output)")
        return ((run.status, run.output), result)
    }

    /// A `.p8` as App Store Connect gives one (PKCS#8 PEM, P-256), made by openssl.
    func makeKey(_ name: String) throws -> URL {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let file = state.appendingPathComponent("AuthKey_\(name).p8")
        let made = try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(file.path))")
        #expect(made.status == 0, "\(made.output)")
        return file
    }

    /// The banner names the state as the user named it (the docs show `(state demo, …)`).
    @Test func theBannerNamesTheStateAsGiven() throws {
        let folder = TestPaths.scratchDirectory("serve-banner")
        let server = try Server(["--state", "demo", "--environment", "Sandbox"], in: folder)
        let banner = try String(contentsOf: server.output, encoding: .utf8)
        #expect(banner.contains("(state demo, clock ") && banner.contains("environment Sandbox, bundle com.paywallsim.app); Ctrl+C stops"), "\(banner)")
        #expect(!banner.contains(folder.path), "\(banner)")
    }

    /// A port another serve holds: serve's own one line says so, with no framework log lines before it.
    @Test func aBusyPortIsOneClearLine() throws {
        let first = try Server(["--state", state.path])
        let port = String(first.baseURL.split(separator: ":").last ?? "")
        let other = PaywallSimProcess.tempStateDirectory()
        let second = try PaywallSimProcess.run(["serve", "--port", port, "--state", other.path], timeout: 30)
        #expect(second.exitCode == 1 && !second.timedOut)
        // The one warning every serve without --api-key prints, then the refusal: nothing else.
        let lines = second.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("warning: no --api-key") }
        #expect(lines == ["paywall-sim serve: cannot listen on 127.0.0.1:\(port): the address is in use (another serve? --port 0 takes a free one)"],
                "\(second.stderr)")
        #expect(second.stdout.isEmpty, "\(second.stdout)")
    }

    @Test func postIAPTransactionsVerifiesRecordsAndAnswersTheEntitlement() throws {
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let server = try Server(["--state", state.path])
        let transactions = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json", "--signed"]).stdout.utf8)) as? [String: Any]
        let first = try #require((transactions?["transactions"] as? [[String: Any]])?.first)
        let jws = try #require(first["signedTransaction"] as? String)
        func post(_ body: [String: String]) throws -> (status: Int, body: String) {
            let data = try JSONSerialization.data(withJSONObject: body)
            return try curl(["-X", "POST", "-H", "Content-Type: application/json", "--data-binary", String(decoding: data, as: UTF8.self),
                             server.baseURL + "/iap/transactions"])
        }
        var body = ["transactionID": "2000000000000001", "originalTransactionID": "2000000000000001", "productID": "monthly_14_99",
                    "offerID": "A", "signedTransaction": jws]
        let granted = try post(body)
        #expect(granted.status == 200, "\(granted.body)")
        #expect(granted.body.contains(#""isPremium":true"#) && granted.body.contains(#""productID":"monthly_14_99""#), "\(granted.body)")
        // The ids in the body must be the signed ones.
        body["productID"] = "yearly_59_99"
        let mismatch = try post(body)
        #expect(mismatch.status == 400 && mismatch.body.contains(#""code":"mismatch""#), "\(mismatch.body)")
        // One changed character of the signature: refused, with the reason.
        body["productID"] = "monthly_14_99"
        var parts = jws.split(separator: ".").map(String.init)
        parts[2] = AppStoreServerLibraryTests.changingOneCharacter(parts[2])
        body["signedTransaction"] = parts.joined(separator: ".")
        let tampered = try post(body)
        #expect(tampered.status == 422 && tampered.body.contains("signature does not verify"), "\(tampered.body)")
        let garbage = try curl(["-X", "POST", "--data-binary", "{", server.baseURL + "/iap/transactions"])
        #expect(garbage.status == 400 && garbage.body.contains("invalid_body"), "\(garbage.body)")
        // The grant is in the state directory the store commands read.
        #expect(try store(["entitlements"]).stdout.contains("premium monthly_14_99"))
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func applesAPIClientReadsWhatTheStoreDidWhileServing() throws {
        let key = try makeKey("TESTKEY001")
        _ = try store(["buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let server = try Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        // While it serves, other processes renew and refund. The sandbox renews a weekly
        // subscription every 3 minutes, 12 times, then stops: a resubscription and its 12 renewals
        // make 26 transactions, two history pages.
        _ = try store(["advance", "1h"])
        _ = try store(["buy", "weekly_9_99"])
        _ = try store(["advance", "1h"])
        _ = try store(["refund", "weekly_9_99"])
        func check(keyID: String, keyFile: URL) throws -> [String: Any] {
            let (run, result) = try appleClientCheck(server, keyID: keyID, key: keyFile, root: root)
            #expect(run.status == 0, "\(run.output)")
            return result
        }
        let result = try check(keyID: "TESTKEY001", keyFile: key)
        #expect(result["apiError"] == nil && result["verificationError"] == nil, "\(result)")
        #expect(result["transaction"] as? String == "2000000000000001")
        let history = result["history"] as? [String] ?? []
        #expect(history.count == 26 && history.first == "2000000000000001", "\(history)")
        #expect(result["pages"] as? Int == 2)
        let status = (result["statuses"] as? [[String: Any]])?.first
        #expect(status?["status"] as? Int == 5, "the refund made by another process: revoked, \(result)")
        #expect(result["environment"] as? String == "Sandbox")
        #expect(result["refunds"] as? [String] == [history.last ?? ""], "\(result)")
        #expect(result["appTransaction"] as? String == "Sandbox")
        #expect(result["testNotification"] as? String == "TEST")
        let notified = result["notificationHistory"] as? [String] ?? []
        #expect(notified.first == "SUBSCRIBED" && notified.filter { $0 == "DID_RENEW" }.count == 24 && notified.contains("REFUND")
                && notified.last == "TEST", "\(notified)")
        // A key the server was not given: 401, as Apple answers.
        let stranger = try check(keyID: "OTHERKEY01", keyFile: try makeKey("OTHERKEY01"))
        #expect((stranger["apiError"] as? [String: Any])?["status"] as? Int == 401, "\(stranger)")
    }

    /// Another process switches the bundle id the state signs for while serve runs: Apple's client,
    /// signing its tokens for the new bundle, is authorised and verifies what serve answers, and
    /// serve says it follows the switch.
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func serveFollowsABundleSwitchedByAnotherProcess() throws {
        let key = try makeKey("TESTKEY001")
        _ = try store(["entitlements", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let server = try Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        let switched = try store(["buy", "weekly_9_99", "--bundle-id", "com.example.switched"])
        #expect(switched.stderr.contains("com.example.switched"), "the switch is said: \(switched.stderr)")
        let (run, result) = try appleClientCheck(server, keyID: "TESTKEY001", key: key, root: root, bundleID: "com.example.switched")
        #expect(run.status == 0, "\(run.output)")
        #expect(result["apiError"] == nil && result["verificationError"] == nil, "\(result)")
        #expect(result["transaction"] as? String == "2000000000000001", "\(result)")
        let log = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        #expect(log.contains("serve: the state signs for environment Sandbox, bundle com.example.switched now"), "\(log)")
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func applesAPIClientReadsBothStatusesOfAGroupSharedBesideTheCustomersOwn() throws {
        let key = try makeKey("TESTKEY001")
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        _ = try store(["family-share", "yearly_59_99"])
        _ = try store(["refund", "2000000000000001"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let server = try Server(["--state", state.path, "--api-key", "TESTKEY001:\(key.path)"])
        let (run, result) = try appleClientCheck(server, keyID: "TESTKEY001", key: key, root: root)
        #expect(run.status == 0, "\(run.output)")
        #expect(result["apiError"] == nil && result["verificationError"] == nil, "\(result)")
        // Apple's status array: their own (refunded: 5) and the family member's (active: 1), one group.
        let statuses = (result["statuses"] as? [[String: Any]]) ?? []
        #expect(statuses.map { $0["group"] as? String } == ["premium", "premium"], "\(result)")
        #expect(statuses.map { $0["status"] as? Int } == [5, 1], "\(result)")
        #expect(statuses.map { $0["transaction"] as? String } == ["2000000000000001", "2000000000000002"], "\(result)")
    }

    /// A webhook receiver (`Scripts/appstore/webhook_receiver.py`) on a free port; its payloads.
    final class Receiver {
        let process = Process()
        let out: URL
        let url: String

        init(in directory: URL, failFirst: Int = 0, delay: Double = 0) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let portFile = directory.appendingPathComponent("receiver.port")
            out = directory.appendingPathComponent("received.txt")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", TestPaths.scripts.appendingPathComponent("appstore/webhook_receiver.py").path, portFile.path, out.path]
                + (failFirst > 0 ? ["--fail", "\(failFirst)"] : []) + (delay > 0 ? ["--delay", "\(delay)"] : [])
            try ProcessLaunch.run(process)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, (try? String(contentsOf: portFile, encoding: .utf8)) == nil { Thread.sleep(forTimeInterval: 0.05) }
            url = "http://127.0.0.1:\((try? String(contentsOf: portFile, encoding: .utf8)) ?? "0")/notifications"
        }

        /// The payloads received, waiting up to `seconds` for `count` of them.
        func payloads(count: Int, within seconds: TimeInterval = 10) -> [String] {
            let deadline = Date().addingTimeInterval(seconds)
            var lines: [String] = []
            repeat {
                lines = ((try? String(contentsOf: out, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
                if lines.count >= count { break }
                Thread.sleep(forTimeInterval: 0.1)
            } while Date() < deadline
            return lines
        }

        /// SIGKILL: a child of the test runner inherits its blocked SIGTERM (see `CleanSpawn`).
        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func notificationsOfAPurchaseRenewalRefundAndExpiryVerifyWithApplesLibrary() throws {
        _ = try store(["products", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        _ = try store(["entitlements", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let receiver = try Receiver(in: state.appendingPathComponent("receiver"))
        let server = try Server(["--state", state.path, "--notify", receiver.url])
        // Made by other processes while serve runs: each is notified within a second or so.
        _ = try store(["buy", "monthly_14_99"])                 // SUBSCRIBED / INITIAL_BUY
        _ = try store(["advance", "6m"])                        // DID_RENEW (the sandbox's month is 5 minutes)
        _ = try store(["auto-renew", "off"])                    // DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED
        _ = try store(["advance", "6m"])                        // EXPIRED / VOLUNTARY
        _ = try store(["buy", "weekly_9_99"])                   // SUBSCRIBED / RESUBSCRIBE
        _ = try store(["refund", "weekly_9_99"])                // REFUND
        let payloads = receiver.payloads(count: 6)
        #expect(payloads.count == 6, "\(payloads.count) received; serve: \((try? String(contentsOf: server.output, encoding: .utf8)) ?? "")")
        let script = TestPaths.scripts.appendingPathComponent("appstore/verify_signed_data.py").path
        let run = try CleanSpawn.shell(([AppStoreServerLibraryTests.python, script, root.path, "com.paywallsim.app", "Sandbox"]
            + payloads.flatMap { ["notification", $0] }).map(CleanSpawn.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.output)")
        let decoded = run.output.split(separator: "\n").compactMap { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["decoded"] as? [String: Any]
        }
        let kinds = decoded.map { "\($0["notificationType"] ?? "")/\($0["subtype"] ?? "-")" }
        #expect(kinds == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                          "EXPIRED/VOLUNTARY", "SUBSCRIBED/RESUBSCRIBE", "REFUND/-"], "\(kinds)")
        #expect(decoded.allSatisfy { $0["version"] as? String == "2.0" && $0["notificationUUID"] != nil })
        // The same through the notification history endpoint's data: every try recorded.
        let listed = try JSONSerialization.jsonObject(with: Data(try store(["notifications", "--json"]).stdout.utf8)) as? [String: Any]
        let entries = listed?["notifications"] as? [[String: Any]] ?? []
        #expect(entries.count == 6)
        #expect(entries.allSatisfy { ($0["attempts"] as? [[String: Any]])?.first?["result"] as? String == "SUCCESS" }, "\(entries)")
    }

    /// Apple sends each notification to the app's URL on its own; a team that names two receivers
    /// (`--notify` twice: a backend and a log, say) must not have the second wait for the first.
    /// Each URL gets every notification, in order; a receiver that takes its time delays only itself.
    @Test func aSlowReceiverDelaysNoOtherAndEachGetsThemInOrder() throws {
        _ = try store(["entitlements", "--now", "2026-01-30T09:00:00Z"])
        let slow = try Receiver(in: state.appendingPathComponent("slow"), delay: 3)
        let fast = try Receiver(in: state.appendingPathComponent("fast"))
        let server = try Server(["--state", state.path, "--notify", slow.url, "--notify", fast.url])
        _ = try store(["buy", "monthly_14_99"])                 // SUBSCRIBED
        _ = try store(["advance", "95d"])                       // DID_RENEW three times, at once
        // The fast receiver has all four while the slow one (3 s an answer) has had at most two:
        // a third POST to it can only start 3 s after the second. One after the other, the fast
        // one would wait for each of the slow one's answers.
        let fastOnes = fast.payloads(count: 4)
        let slowSoFar = ((try? String(contentsOf: slow.out, encoding: .utf8)) ?? "").split(separator: "\n").count
        #expect(fastOnes.count == 4, "serve: \((try? String(contentsOf: server.output, encoding: .utf8)) ?? "")")
        #expect(slowSoFar <= 2, "the slow receiver had \(slowSoFar) when the fast one had all four")
        // Then the slow one has them all too, in the order they were made, as the fast one has.
        let slowOnes = slow.payloads(count: 4, within: 40)
        let listed = try JSONSerialization.jsonObject(with: Data(try store(["notifications", "--json", "--signed"]).stdout.utf8)) as? [String: Any]
        let made = ((listed?["notifications"] as? [[String: Any]]) ?? []).reversed().compactMap { $0["signedPayload"] as? String }
        #expect(made.count == 4)
        #expect(slowOnes == made && fastOnes == made, "each receiver gets them in order")
    }

    @Test func aReceiverThatFailsIsTriedAgainAnHourLaterOnTheSimulatedClock() throws {
        _ = try store(["entitlements", "--now", "2026-01-30T09:00:00Z"])
        let receiver = try Receiver(in: state.appendingPathComponent("receiver"), failFirst: 1)
        let server = try Server(["--state", state.path, "--notify", receiver.url])
        _ = try store(["buy", "monthly_14_99"])
        func attempts() throws -> [String] {
            let listed = try JSONSerialization.jsonObject(with: Data(try store(["notifications", "--json"]).stdout.utf8)) as? [String: Any]
            let first = (listed?["notifications"] as? [[String: Any]])?.first
            return (first?["attempts"] as? [[String: Any]] ?? []).compactMap { $0["result"] as? String }
        }
        let deadline = Date().addingTimeInterval(10)
        while try attempts().isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try attempts() == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
        // Not again before the hour is up, however long the wall clock waits.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try attempts() == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE"])
        _ = try store(["advance", "61m"])
        #expect(receiver.payloads(count: 1).count == 1, "serve: \((try? String(contentsOf: server.output, encoding: .utf8)) ?? "")")
        #expect(try attempts() == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
    }

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func applesClientExtendsARenewalDate() throws {
        let key = try makeKey("TESTKEY002")
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox"])
        let root = state.appendingPathComponent("root.der")
        _ = try store(["certificate", "--format", "der", "--out", root.path])
        let server = try Server(["--state", state.path, "--api-key", "TESTKEY002:\(key.path)"])
        let (_, result) = try appleClientCheck(server, keyID: "TESTKEY002", key: key, root: root,
                                               transactions: ["2000000000000001", "2000000000000001"])
        let extended = result["extended"] as? [String: Any]
        #expect(extended?["success"] as? Bool == true, "\(result)")
        // 2026-01-30T09:05:00Z, the sandbox's month after the purchase, plus the 7 days asked for
        // (Apple's sandbox scales an extension's days as well; the simulator does not).
        #expect(extended?["effectiveDate"] as? Int == 1_770_368_700_000, "\(result)")
        #expect(try store(["transactions"]).stdout.contains("2026-02-06T09:05:00Z"))
        #expect(try store(["notifications"]).stdout.contains("RENEWAL_EXTENDED"))
    }

    @Test func theAppPostsToServeAndUnlocksOnItsAnswer() throws {
        _ = try store(["entitlements", "--now", "2026-01-30T09:00:00Z"])
        let server = try Server(["--state", state.path])
        let tape = TestPaths.scripts.appendingPathComponent("tapes/happy-path-yearly.tape").path
        // The reference pair: the app on serve's state directory, posting over HTTP.
        let played = try PaywallSimProcess.run(["play", tape, "--state", state.path, "--backend", server.baseURL])
        #expect(played.exitCode == 0, "\(played.stdout)\(played.stderr)")
        let entitlements = try store(["entitlements"]).stdout
        #expect(entitlements.contains("premium yearly_59_99, expires 2026-02-06T09:00:00Z, source purchase"), "\(entitlements)")
        // Another state's purchase is refused by this server (another root): the app does not unlock.
        let stranger = PaywallSimProcess.tempStateDirectory()
        let refused = try PaywallSimProcess.run(["play", tape, "--state", stranger.path, "--backend", server.baseURL])
        #expect(refused.exitCode == 1 && refused.stdout.contains("purchase_fail"), "\(refused.stdout)")
        // No server there: the backend-unavailable path.
        let unreachable = try PaywallSimProcess.run(["play", tape, "--backend", "http://127.0.0.1:1"])
        #expect(unreachable.exitCode == 1 && unreachable.stdout.contains("couldn't reach our server"), "\(unreachable.stdout)")
        let bad = try PaywallSimProcess.run(["play", tape, "--backend", "ftp://x"])
        #expect(bad.exitCode != 0 && (bad.stdout + bad.stderr).contains("expected an http or https URL"), "\(bad.stdout)\(bad.stderr)")
    }

    /// The curl example of docs/backend/serve.md, typed as a reader would (their JWS for the elided one,
    /// their server's address), prints what the page says it prints.
    @Test func theDocsCurlExampleAnswersWhatThePageShows() throws {
        let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/backend/serve.md"), encoding: .utf8)
        let start = try #require(page.range(of: "curl -s -X POST"))
        let block = page[start.lowerBound...].prefix { $0 != "`" }
        let lines = block.split(separator: "\n")
        let command = lines.filter { !$0.hasPrefix("#") }.joined(separator: "\n")
        let expected = try #require(lines.first { $0.hasPrefix("# {") }).dropFirst(2)
        _ = try store(["buy", "monthly_14_99", "--now", "2026-01-30T09:00:00Z"])
        let server = try Server(["--state", state.path])
        let transactions = try JSONSerialization.jsonObject(with: Data(try store(["transactions", "--json", "--signed"]).stdout.utf8)) as? [String: Any]
        let jws = try #require((transactions?["transactions"] as? [[String: Any]])?.first?["signedTransaction"] as? String)
        let typed = command.replacingOccurrences(of: "http://127.0.0.1:8080", with: server.baseURL)
            .replacingOccurrences(of: "eyJhbGciOiJFUzI1NiIs…", with: jws)
        #expect(typed != command && typed.contains(jws))
        let run = try CleanSpawn.shell(typed)
        #expect(run.status == 0)
        #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(expected), "\(run.output)")
    }

    @Test func appleErrorsForUnknownIdsAndNoToken() throws {
        _ = try store(["buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z"])
        let server = try Server(["--state", state.path])
        let unauthorised = try curl([server.baseURL + "/inApps/v1/transactions/2000000000000001"])
        #expect(unauthorised.status == 401 && unauthorised.body.contains("no bearer token"), "\(unauthorised.body)")
        let bad = try curl(["-X", "POST", server.baseURL + "/nope"])
        #expect(bad.status == 404)
    }
}
