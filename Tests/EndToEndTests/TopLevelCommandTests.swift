import Foundation
import PaywallSimCLI
import Testing

/// `paywall-sim --version`, `--help` and the store's help.
@Suite("paywall-sim binary")
struct TopLevelCommandTests {
    @Test func versionExitsZero() throws {
        let result = try PaywallSimProcess.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == PaywallSimCommand.version)
    }

    @Test func helpExitsZeroAndListsStore() throws {
        let result = try PaywallSimProcess.run(["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("store"))
        #expect(result.stdout.contains("run"))
    }

    @Test func storeHelpSaysTheAppSeesControlsAtItsNextLaunch() throws {
        let result = try PaywallSimProcess.run(["store", "--help"])
        #expect(result.exitCode == 0)
        for sub in ["products", "transactions", "entitlements", "approve", "decline", "expire", "refund", "renew", "advance", "reset"] {
            #expect(result.stdout.contains(sub), "missing \(sub)")
        }
        #expect(result.stdout.replacingOccurrences(of: "\n", with: " ").contains("next launch"))
    }

    @Test func missingBinaryIsAClearError() throws {
        #expect(throws: PaywallSimProcessError.self) { try PaywallSimProcess.binary(named: "no-such-binary-paywall") }
    }
}
