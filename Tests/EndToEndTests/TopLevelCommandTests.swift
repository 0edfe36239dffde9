import Foundation
import PaywallSimCLI
import Testing
import TestSupport

/// `paywall-sim --version`, `--help` and the store's help.
@Suite("paywall-sim binary")
struct TopLevelCommandTests {
    @Test func versionExitsZero() throws {
        let result = try PaywallSimProcess.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == PaywallSimCommand.versionText)
    }

    /// The commit `--version` names is the checkout's (the BuildCommit plugin asks git at build time).
    @Test func versionNamesTheCommitOfTheCheckout() throws {
        let head = try CleanSpawn.shell("git -C \(CleanSpawn.quote(TestPaths.packageRoot.path)) rev-parse --short=12 HEAD")
        let lines = try PaywallSimProcess.run(["--version"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == PaywallSimCommand.version)
        if head.status == 0 {
            #expect(lines.last == "commit \(head.output.trimmingCharacters(in: .whitespacesAndNewlines))", "\(lines)")
        } else {
            #expect(lines.last == "commit unknown", "no git here: \(head.output)")
        }
    }

    @Test func playProfileIsTheDefaultForTapesThatSetNone() throws {
        let tape = FileManager.default.temporaryDirectory.appendingPathComponent("pws-profile-\(UUID().uuidString).tape")
        try "Set Start chat\nType \"/status\\n\"\nExpect \"Membership status\"\n".write(to: tape, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: tape) }
        let chat = try PaywallSimProcess.run(["play", "--profile", "chat", tape.path])
        #expect(chat.exitCode == 0, "\(chat.stdout)\(chat.stderr)")
        let plain = try PaywallSimProcess.run(["play", tape.path])
        #expect(plain.exitCode == 1, "without a profile /status is a chat message")
    }

    @Test func helpExitsZeroAndListsStore() throws {
        let result = try PaywallSimProcess.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("store"))
        #expect(result.stdout.contains("run"))
    }

    @Test func storeHelpSaysARunningAppFollowsWithinASecond() throws {
        let result = try PaywallSimProcess.run(["store", "--help"])
        #expect(result.exitCode == 0)
        for sub in ["products", "transactions", "entitlements", "approve", "decline", "expire", "refund", "renew", "advance", "reset"] {
            #expect(result.stdout.contains(sub), "missing \(sub)")
        }
        let text = result.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("a running app on the same state sees their results within a second"))
        #expect(!text.contains("Seen by the app at its next launch"), "the running app follows within a second")
    }

    @Test func missingBinaryIsAClearError() throws {
        #expect(throws: PaywallSimProcessError.self) { try PaywallSimProcess.binary(named: "no-such-binary-paywall") }
    }
}
