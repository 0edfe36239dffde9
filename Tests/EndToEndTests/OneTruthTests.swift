import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// One fact, one owner: the storefront the paywall prices in is the one a purchase is signed in;
/// every store command keeps the settings it is given; a stopped `store advance` leaves nothing
/// after the clock; a server beside a reset follows it.
@Suite("One truth: every view of a fact and every process on a state agree", .serialized)
struct OneTruthTests {
    /// Plays `text` as a tape on `state` (extra arguments after), returning the result.
    func play(_ text: String, state: URL, _ extra: [String] = []) throws -> ProcessResult {
        let tape = try PaywallSimProcess.scratchFile("t.tape", text)
        return try PaywallSimProcess.run(["play", tape.path, "--state", state.path] + extra)
    }

    /// `store transactions --json`'s transactions, newest first.
    func transactions(_ state: URL) throws -> [[String: Any]] {
        let listed = try PaywallSimProcess.run(["store", "transactions", "--state", state.path, "--json"])
        #expect(listed.exitCode == 0, "\(listed.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        return document["transactions"] as? [[String: Any]] ?? []
    }

    @Test("a Korean paywall's purchase is signed in KOR and KRW at the price shown, and the state keeps KOR")
    func koreanPurchaseIsChargedInWon() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let played = try play("""
            Set Locale ko
            Set Start paywall
            Set Now 2026-01-30T09:00:00Z
            Expect "₩12,000"
            Key Up
            Key Enter
            Key Enter
            Sleep 4s
            ExpectState purchased
            ExpectEntitled yes
            """, state: state)
        #expect(played.exitCode == 0, "\(played.stdout)\(played.stderr)")
        let bought = try #require(try transactions(state).first)
        #expect(bought["currency"] as? String == "KRW", "\(bought)")
        #expect(bought["price"] as? Int == 12_000_000, "₩12,000 in milliunits: \(bought)")
        #expect(bought["storefront"] as? String == "KOR", "\(bought)")
        // The account keeps its storefront whatever the UI language of a later run.
        let products = try PaywallSimProcess.run(["store", "products", "--state", state.path])
        #expect(products.stdout.contains("storefront KOR (KRW)"), "\(products.stdout)")
        #expect(try PaywallSimProcess.run(["store", "refund", "--state", state.path]).exitCode == 0)
        let english = try play("""
            Set Start paywall
            Expect "₩12,000 / week"
            """, state: state, ["--continue"])
        #expect(english.exitCode == 0, "an English UI on a Korean account still prices in won: \(english.stdout)")
    }

    @Test("the copy sweep prices the account overlay's plans as the paywall does, in the storefront the locale implies")
    func copySweepPricesOverlaysInTheLocalesStorefront() async throws {
        let export = await InProcessCommandLine.run(["copy", "export", "--format", "csv", "--locale", "ko"])
        #expect(export.exitCode == 0, "\(export.stderr)")
        let manage = export.stdout.split(separator: "\n").filter { $0.hasPrefix("account,manage") }
        #expect(manage.contains { $0.contains("₩") }, "\(manage)")
        #expect(!manage.contains { $0.contains("$") || $0.contains("Premium Yearly") }, "no dollars, no English plan names: \(manage)")
    }

    @Test("store storefront moves the account: a running app re-prices, the next purchase is signed in it")
    func storefrontControl() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let moved = try PaywallSimProcess.run(["store", "storefront", "DEU", "--state", state.path, "--now", "2026-01-30T09:00:00Z"])
        #expect(moved.exitCode == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("The storefront is DEU (EUR) now, was USA"), "\(moved.stdout)")
        let unknown = try PaywallSimProcess.run(["store", "storefront", "DEX", "--state", state.path])
        #expect(unknown.exitCode != 0 && unknown.stderr.contains("did you mean 'DEU'?"), "\(unknown.stderr)")
        let tape = TestPaths.scripts.appendingPathComponent("tapes/storekit/storefront-change.tape").path
        let played = try PaywallSimProcess.run(["play", tape])
        #expect(played.exitCode == 0, "\(played.stdout)\(played.stderr)")
        let buy = try PaywallSimProcess.run(["store", "buy", "weekly_9_99", "--state", state.path])
        #expect(buy.exitCode == 0, "\(buy.stderr)")
        let bought = try #require(try transactions(state).first)
        #expect(bought["storefront"] as? String == "DEU" && bought["currency"] as? String == "EUR", "\(bought)")
    }

    @Test("every store command keeps --now, --environment and --bundle-id, and says when it changes one")
    func settingsKeptByEveryCommand() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let products = try PaywallSimProcess.run(["store", "products", "--state", state.path, "--now", "2026-03-01T10:00:00Z",
                                                  "--environment", "Sandbox", "--bundle-id", "com.example.kept"])
        #expect(products.exitCode == 0, "\(products.stderr)")
        let settings = try String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8)
        #expect(settings.contains("Sandbox") && settings.contains("com.example.kept") && settings.contains("2026-03-01T10:00:00"),
                "the setup and the clock, one value: \(settings)")
        let bought = try PaywallSimProcess.run(["store", "buy", "weekly_9_99", "--state", state.path, "--json"])
        #expect(bought.stdout.contains("2026-03-01T10:00:00"), "bought at the kept instant: \(bought.stdout)")
        let signed = try #require(try transactions(state).first)
        #expect(signed["environment"] as? String == "Sandbox" && signed["bundleId"] as? String == "com.example.kept", "\(signed)")
        // A flag that changes what the state signs for says so, in one line.
        let switched = try PaywallSimProcess.run(["store", "buy", "monthly_14_99", "--state", state.path, "--environment", "Xcode"])
        #expect(switched.exitCode == 0, "\(switched.stderr)")
        #expect(switched.stderr.contains("now signs for Xcode (was Sandbox)"), "\(switched.stderr)")
        let again = try PaywallSimProcess.run(["store", "entitlements", "--state", state.path])
        #expect(!again.stderr.contains("now signs for"), "said once, when it changed: \(again.stderr)")
    }

    @Test("a store advance killed half way leaves no transaction after the clock, and every command still works")
    func interruptedAdvanceIsConsistent() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        for arguments in [["settings", "time-rate", "oneRenewalEveryTwoSeconds", "--now", "2026-01-30T09:00:00Z"],
                          ["buy", "weekly_9_99"], ["buy", "monthly_14_99"]] {
            let done = try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
            #expect(done.exitCode == 0, "\(done.stderr)")
        }
        // 31 days at a renewal every 2 s is over a million renewals: still running when interrupted.
        let advance = Process()
        advance.executableURL = try PaywallSimProcess.binary()
        advance.arguments = ["store", "advance", "31d", "--yes", "--state", state.path]
        advance.standardOutput = FileHandle.nullDevice
        advance.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(advance)
        Thread.sleep(forTimeInterval: 3)
        #expect(advance.isRunning, "the advance was still running when interrupted")
        // SIGKILL: no handler, no clean-up (the test process's children may inherit SIGINT ignored).
        kill(advance.processIdentifier, SIGKILL)
        advance.waitUntilExit()
        let check = try PaywallSimProcess.run(["debug", "check-state", state.path])
        #expect(check.exitCode == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("after the clock"), "\(check.stdout)")
        let entitlements = try PaywallSimProcess.run(["store", "entitlements", "--state", state.path])
        #expect(entitlements.exitCode == 0, "a command after it catches up without --yes: \(entitlements.stderr)")
    }

    @Test("the check names transactions dated after the clock")
    func theCheckFindsTransactionsAfterTheClock() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let bought = try PaywallSimProcess.run(["store", "buy", "weekly_9_99", "--state", state.path, "--now", "2026-01-30T09:00:00Z"])
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        // The clock set back by hand: what was bought is now after it.
        let file = state.appendingPathComponent("settings.json")
        var settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        settings["clock"] = ["instant": "2026-01-29T09:00:00.000Z", "mode": "pinned"]
        try JSONSerialization.data(withJSONObject: settings).write(to: file)
        let check = try PaywallSimProcess.run(["debug", "check-state", state.path])
        #expect(check.exitCode != 0, "\(check.stdout)")
        #expect((check.stdout + check.stderr).contains("1 transaction(s) dated after the clock"), "\(check.stdout)\(check.stderr)")
    }

    /// The random multi-process judge (Scripts/faults/one_truth.py), a few seeds: serve, store
    /// commands, app purchases through serve, resets, advances and kills on one state, every view
    /// compared with a fresh read by Apple's library after each step. A soak runs hundreds.
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func theRandomMultiProcessJudgeHolds() throws {
        let script = TestPaths.scripts.appendingPathComponent("faults/one_truth.py").path
        let binary = try PaywallSimProcess.binary().path
        let run = try CleanSpawn.shell([AppStoreServerLibraryTests.python, script, "--binary", binary, "--seed", "1", "--seeds", "3",
                                        "--steps", "20"].map(CleanSpawn.quote).joined(separator: " "))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("3 passed, 0 failed"), "\(run.output)")
    }

    @Test("serve follows play --reset and store reset --all beside it: every app purchase verifies, the state stays whole")
    func serveFollowsResets() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        _ = try PaywallSimProcess.run(["store", "entitlements", "--state", state.path, "--now", "2026-01-30T09:00:00Z",
                                       "--environment", "Sandbox"])
        let server = try ServeTests.Server(["--state", state.path])
        let buy = """
            Set Start paywall
            Key Enter
            Key Enter
            Wait /Welcome to Premium/
            ExpectEntitled yes
            """
        for round in 1...2 {
            let played = try play(buy, state: state, ["--reset", "--backend", server.baseURL])
            #expect(played.exitCode == 0, "round \(round): \(played.stdout)")
            let check = try PaywallSimProcess.run(["debug", "check-state", state.path])
            #expect(check.exitCode == 0, "round \(round): \(check.stdout)\(check.stderr)")
        }
        // Another process refunds, and resets the user: serve's next answers follow both.
        #expect(try PaywallSimProcess.run(["store", "refund", "--state", state.path]).exitCode == 0)
        let reset = try PaywallSimProcess.run(["store", "reset", "--all", "--state", state.path])
        #expect(reset.exitCode == 0, "\(reset.stderr)")
        let after = try play(buy, state: state, ["--continue", "--backend", server.baseURL])
        #expect(after.exitCode == 0, "a new user's purchase through the same serve verifies: \(after.stdout)")
        for command in [["entitlements"], ["transactions"], ["reset", "--all"]] {
            let run = try PaywallSimProcess.run(["store"] + command + ["--state", state.path])
            #expect(run.exitCode == 0, "store \(command.joined(separator: " ")): \(run.stderr)")
        }
    }
}
